// A game's Rules page: the HTML Python built (every text escaped there), opened at the rule
// the page's address names (rules.ipynb#<rule id>, the link a table's bar gives).
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("html");
  };
  draw();
  model.on("change:html", draw);
  const id = decodeURIComponent(window.location.hash.slice(1));
  const rule = id ? el.querySelector(`[id="${CSS.escape(id)}"]`) : null;
  if (rule) requestAnimationFrame(() => rule.scrollIntoView({ block: "start" }));
  return () => model.off("change:html", draw);
}

export default { render };
