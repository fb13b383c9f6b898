// The side column: the scores, what the game adds under them, the coach's advice, the hints,
// the panels' parts (review.js) and the log, its last lines numbered by their place in the
// whole log. It scrolls when long: a tab stop, so the keyboard can scroll it too. The coach's
// advice or the hints, once the learner opens them (the bar's Coach or Hints pressed), are
// brought into view: on a phone the side column is below the hand, out of sight.
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

  // the panel the learner just asked for ("coach" or "hint": its button in the bar pressed
  // while off), brought into view once drawn; a panel kept on from turn to turn stays put.
  // The coach's advice may come a moment after its "thinking" line: it is brought into view
  // again when it comes (one more drawing at most)
  let asked = null;
  let again = false;
  let listening = false;
  const listen = () => {
    if (listening || !view.root) return;
    listening = true;
    view.root.addEventListener("click", (event) => {
      const button = event.target.closest?.('.cs-bar [data-action="coach"], .cs-bar [data-action="hint"]');
      if (!button) return;
      asked = button.getAttribute("aria-pressed") === "true" ? null : button.dataset.action;
      again = false;
    });
  };
  const reveal = (selector, done) => {
    if (done || again) asked = null;
    else again = true;
    // in the next frame, once laid out, the panel then drawn (a later drawing may have
    // replaced it); "nearest": no scroll if it is in view already
    requestAnimationFrame(() => node.querySelector(selector)?.scrollIntoView({ block: "nearest" }));
  };

  const paint = (s) => {
    listen();
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
      const coach = h("section", { class: "cs-coach", "aria-label": say("coach") }, h("h3", { text: say("coach") }),
        h("p", {}, s.coach.move ? [h("strong", { text: s.coach.move }), " — "] : null, s.coach.text, " ",
          ruleChip(s.coach.rule)));
      node.append(coach);
      if (asked === "coach") reveal(".cs-coach", Boolean(s.coach.move));
    }
    if (s.hints) {
      const box = hints.draw(s);
      node.append(box);
      if (asked === "hint") reveal(".cs-hints", true);
    }
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
