// The side column: the scores, what the game adds under them, the coach's advice, the hints,
// the panels' parts (review.js) and the log, its last lines numbered by their place in the
// whole log. It scrolls when long: a tab stop, so the keyboard can scroll it too.
//
// A game's parts (`games.<name>.side`), all optional:
//   panel(s, t)  a node drawn under the scores, or null
//   redraw(s)    the game's parts of the state the side column is drawn from
import { h } from "../dom.js";
import { ruleChip, say } from "./common.js";
import { hintPanel } from "./hints.js";
import { panels, partsOf } from "./parts.js";

const SIDE = { panel: () => null, redraw: () => null };

/** The side column of one view; `mark(cards, on)` marks cards of the hand (a hint hovered). */
export function sideColumn(view, mark) {
  const node = h("aside", { class: "cs-side", "aria-label": say("side"), tabindex: "0" });
  const hints = hintPanel(mark);

  const paint = (s) => {
    node.replaceChildren();
    const sc = s.scores;
    const scores = h("table", { class: "cs-scores" },
      h("caption", { text: sc.caption }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "cs-sr", text: say("score") })), ...sc.labels.map((l) => h("th", { scope: "col", text: l })))),
      h("tbody", {}, h("tr", {}, h("th", { scope: "row", text: say("total") }), ...sc.totals.map((v) => h("td", { text: String(v) }))),
        sc.deal ? h("tr", {}, h("th", { scope: "row", text: sc.deal_label || say("this-deal") }), ...sc.deal.map((v) => h("td", { text: String(v) }))) : null));
    node.append(scores);
    const more = partsOf(s.game, "side", SIDE).panel(s, view.table);
    if (more) node.append(more);
    if (s.coach) {
      node.append(h("section", { class: "cs-coach", "aria-label": say("coach") }, h("h3", { text: say("coach") }),
        h("p", {}, s.coach.move ? [h("strong", { text: s.coach.move }), " — "] : null, s.coach.text, " ",
          ruleChip(s.coach.rule))));
    }
    if (s.hints) node.append(hints.draw(s));
    for (const p of panels) node.append(p.side?.(s, view.table) || "");
    const entries = s.log || [];
    const shown = entries.slice(-s.limits.log); // numbered by their place in the whole log
    const start = (s.log_first || 1) + entries.length - shown.length;
    const log = h("ol", { class: "cs-log", "aria-label": say("log-label"), start, tabindex: "0" }, // scrolls: a tab stop
      ...shown.map((e) => h("li", {}, e.text, " ", ruleChip(e.rule))));
    node.append(h("section", { class: "cs-logbox" }, h("h3", { text: say("log") }), log));
    // scrolled in the next frame: reading scrollHeight now would force a layout mid-draw
    requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
  };
  const key = (s) => [s.game, s.scores, s.coach, s.hints, s.result && s.result.next, s.log, s.log_first, s.limits.log,
    partsOf(s.game, "side", SIDE).redraw(s), panels.map((p) => p.key(s))];
  return { node, region: { name: "side", key, paint } };
}
