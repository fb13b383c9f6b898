// A page's HTML that Python built (every text escaped there) and draws again in the page's
// language: a lesson's bar (the path, the glossary, the rules, the next step), a Rules page
// (its bar, then every rule). When `switch` is set, the language switch (language.js) joins
// the HTML's first <nav>, the page's bar. The page opens at the element its address's
// fragment names (rules.ipynb#<rule id>, the link a table's bar gives).
import { h } from "./dom.js";
import { askLanguage, languageSwitch } from "./language.js";

function render({ model, el }) {
  const send = (intent) => model.send(intent);
  const language = model.get("switch") ? languageSwitch(model, send) : null;
  const page = h("div", { class: "cs-page-html" });
  el.append(page);
  // The fragment's element is brought into view after every drawing and every change of the
  // page's height (Voilà still rendering other cells, a redraw in another language), until the
  // reader scrolls, types or clicks: then the page is theirs.
  const id = decodeURIComponent(window.location.hash.slice(1));
  let readerMoved = !id;
  const toFragment = () => {
    if (readerMoved) return;
    const target = page.querySelector(`[id="${CSS.escape(id)}"]`);
    if (target) target.scrollIntoView({ block: "start" });
  };
  const readerEvents = ["wheel", "touchmove", "keydown", "mousedown"];
  const handOver = () => {
    readerMoved = true;
    growth.disconnect();
    for (const name of readerEvents) window.removeEventListener(name, handOver);
  };
  const growth = new ResizeObserver(toFragment);
  if (!readerMoved) {
    growth.observe(document.body);
    for (const name of readerEvents) window.addEventListener(name, handOver, { passive: true });
  }
  const draw = () => {
    page.innerHTML = model.get("html");
    const bar = page.querySelector("nav") || page;
    if (language && bar.textContent.trim()) bar.append(" · ");
    if (language) bar.append(language.node); // alone in an empty bar (speaking.language_bar)
    toFragment();
  };
  // and again a few times while Voilà lays out the page's other cells (timers run in a tab
  // that is not shown yet, where the observer waits for a frame)
  const later = [0, 300, 1000, 2500, 5000].map((ms) => setTimeout(toFragment, ms));
  draw();
  model.on("change:html", draw);
  askLanguage(model, send);
  return () => {
    handOver();
    for (const timer of later) clearTimeout(timer);
    model.off("change:html", draw);
    if (language) language.dispose();
    page.remove();
  };
}

export default { render };
