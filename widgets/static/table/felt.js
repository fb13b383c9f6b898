// The felt: the seats around it, its middle and two top corners, which the game draws (a
// pile, a trick, the trumps). It gives the games `actionOf` and `clickable` (a part of the
// felt that is a button when Python offers its action), and brings a replay into view.
//
// A game's parts (`games.<name>.felt`), all optional:
//   center(s, t)  draws the middle of the felt (t.center) and its corners (t.corners)
import { h } from "../dom.js";
import { partsOf } from "./parts.js";

const FELT = { center() {} };

/** The felt of one view, around the seats' `areas`. */
export function felt(view, areas) {
  const center = h("div", { class: "cs-center" });
  const corners = { tl: h("div", { class: "cs-corner cs-tl" }), tr: h("div", { class: "cs-corner cs-tr" }) };
  const node = h("div", { class: "cs-felt" }, corners.tl, areas.north, corners.tr, areas.west, center, areas.east, areas.south);

  const actionOf = (s, name) => (s.actions || []).find((a) => a.action === name);

  const clickable = (s, name, attrs, ...children) => {
    const act = actionOf(s, name);
    if (!act) return h("div", { ...attrs, role: "group" }, ...children);
    return h("button", { ...attrs, type: "button", "data-action": name, "data-legal": String(act.legal), title: act.why || act.label,
      "aria-label": `${attrs["aria-label"]}. ${act.label}`, class: `${attrs.class}${act.legal ? " cs-legal" : ""}`,
      onclick: () => view.send({ type: "action", action: name }) }, ...children);
  };

  // the next replay drawn is scrolled into view if it is out of it (a review's moment,
  // clicked in the side panel: on a phone the felt is far above)
  let revealing = false;
  const revealReplay = () => { revealing = true; };
  const reveal = (s) => {
    if (!revealing || !s.replay) return;
    revealing = false;
    const box = node.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight - 80) node.scrollIntoView({ block: "start" });
  };

  const paint = (s) => {
    center.replaceChildren();
    corners.tl.replaceChildren();
    corners.tr.replaceChildren();
    center.className = `cs-center cs-center-${s.game}`;
    partsOf(s.game, "felt", FELT).center(s, view.table);
  };
  const key = (s) => [s.game, s.table, s.seats, s.actions];
  return { node, center, corners, actionOf, clickable, revealReplay, reveal, region: { name: "center", key, paint } };
}
