// The end-of-deal breakdown, over the play area: its lines with their rules' chips, one
// column per score when a line has several values, the panels' lines (review.js), and the
// button that goes on. While it is on show, only its button can be reached (the felt and the
// hand zone are inert); the button takes the focus, unless the learner is in the side column.
import { h } from "../dom.js";
import { ruleChip, say } from "./common.js";
import { panels } from "./parts.js";

/** The breakdown of one view; `under` holds the nodes it makes inert and the side column. */
export function breakdown(view, under) {
  const node = h("div", { class: "cs-result", hidden: true });

  const paint = (s) => {
    const r = s.result;
    node.replaceChildren();
    node.hidden = !r;
    under.felt.inert = Boolean(r); // while the breakdown is on show, only its button can be reached
    under.handzone.inert = Boolean(r);
    if (!r) return;
    const wide = r.lines.some((l) => Array.isArray(l.value));
    const rows = r.lines.map((l) => h("tr", {}, h("th", { scope: "row" }, l.label, " ", ruleChip(l.rule)),
      ...(Array.isArray(l.value) ? l.value : [l.value]).map((v) => h("td", { text: String(v) }))));
    const columns = s.scores.labels.map((l) => h("th", { scope: "col", text: l }));
    const corner = h("th", { scope: "col" }, h("span", { class: "cs-sr", text: say("line") }));
    const head = wide ? h("thead", {}, h("tr", {}, corner, ...columns)) : null;
    const next = r.next
      ? h("button", { type: "button", class: "cs-btn cs-legal", "data-action": "next", onclick: () => view.send({ type: "next" }) }, r.next)
      : null;
    node.append(h("div", { class: "cs-result-card", role: "dialog", "aria-label": r.title },
      h("h3", { text: r.title }), h("table", { class: "cs-breakdown" }, head, h("tbody", {}, ...rows)),
      ...panels.map((p) => p.result?.(s, view.table) || null), next));
    // not away from a side panel; the card stays at its top (its title says who won), the
    // button reached by Tab or a scroll
    if (next && !under.side.contains(document.activeElement)) next.focus({ preventScroll: true });
  };
  return { node, region: { name: "result", key: (s) => [s.result, s.scores.labels, panels.map((p) => p.key(s))], paint } };
}
