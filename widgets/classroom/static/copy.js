// cardschool: a line of text to keep (the teacher key, the class code) with a Copy button,
// as the table's "Copy link" does: the clipboard when the browser allows it, else the text
// is selected to copy by hand. Python sets the words; the browser only shows and copies.
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

    const draw = () => {
      label.textContent = model.get("label") ? `${model.get("label")}: ` : "";
      text.textContent = model.get("text") || "";
      // the page's class for the text only once there is one (a page waits for it)
      text.className = model.get("text") ? `cs-copy-text ${model.get("kind") || ""}`.trim() : "cs-copy-text";
      button.textContent = "Copy";
      button.setAttribute("aria-label", `Copy the ${(model.get("label") || "text").toLowerCase()}`);
      line.hidden = !model.get("text");
      told.textContent = "";
    };
    button.addEventListener("click", async () => {
      const value = model.get("text") || "";
      try {
        await navigator.clipboard.writeText(value);
        told.textContent = "Copied.";
      } catch (_error) { // no clipboard here: the text selected, to copy by hand
        window.getSelection()?.selectAllChildren(text);
        told.textContent = "Selected: copy it with Ctrl+C (⌘C).";
      }
    });
    model.on("change:text", draw);
    model.on("change:label", draw);
    draw();
    return () => {
      model.off("change:text", draw);
      model.off("change:label", draw);
      line.remove();
    };
  },
};
