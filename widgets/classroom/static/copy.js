// cardschool: a line of text to keep (the teacher key, the class code) with a Copy button,
// as the table's "Copy link" does: the clipboard when the browser allows it, else the text
// is selected to copy by hand. Python sets every word (the label, the button's name and
// what it tells after a click, in `words_shown`); the browser only shows and copies.
export default {
  render({ model, el }) {
    const line = document.createElement("p");
    line.className = "cs-copy";
    const label = document.createElement("span");
    const text = document.createElement("strong");
    text.className = "cs-copy-text";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cs-copy-button";
    const told = document.createElement("span");
    told.className = "cs-copy-told";
    told.setAttribute("aria-live", "polite");
    line.append(label, text, " ", button, " ", told);
    el.append(line);

    const said = (word) => (model.get("words_shown") || {})[word] || "";
    const draw = () => {
      label.textContent = said("label");
      text.textContent = model.get("text") || "";
      // the page's class for the text only once there is one (a page waits for it)
      text.className = model.get("text") ? `cs-copy-text ${model.get("kind") || ""}`.trim() : "cs-copy-text";
      button.textContent = said("button");
      button.setAttribute("aria-label", said("what"));
      line.hidden = !model.get("text");
      told.textContent = "";
    };
    button.addEventListener("click", async () => {
      const value = model.get("text") || "";
      try {
        await navigator.clipboard.writeText(value);
        told.textContent = said("copied");
      } catch (_error) { // no clipboard here: the text selected, to copy by hand
        window.getSelection()?.selectAllChildren(text);
        told.textContent = said("selected");
      }
    });
    model.on("change:text", draw);
    model.on("change:words_shown", draw);
    draw();
    return () => {
      model.off("change:text", draw);
      model.off("change:words_shown", draw);
      line.remove();
    };
  },
};
