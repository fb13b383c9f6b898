// The replay's bar: where the replay is and buttons to move through it. Python keeps the
// cursor; these only ask it to move. During a replay, arrows step through it (Home, End: to
// its ends) wherever the focus is on the table, but in a text box.
import { h } from "../dom.js";
import { intentButton, say } from "./common.js";

const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };

/** The replay bar of one view: its node, its drawing, and its keys. */
export function replayBar(view) {
  const at = h("span", { class: "cs-replay-at", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  const go = {
    start: intentButton(view, "replay-start", say("replay-start"), { type: "replay", go: "start" }, { "aria-label": say("replay-start-label") }),
    back: intentButton(view, "replay-back", say("replay-back"), { type: "replay", go: "back" }, { "aria-label": say("replay-back-label") }),
    forward: intentButton(view, "replay-forward", say("replay-forward"), { type: "replay", go: "forward" }, { "aria-label": say("replay-forward-label") }),
    end: intentButton(view, "replay-end", say("replay-end"), { type: "replay", go: "end" }, { "aria-label": say("replay-end-label") }),
  };
  const node = h("div", { class: "cs-replay", role: "group", "aria-label": say("replay-controls"), hidden: true },
    go.start, go.back, at, go.forward, go.end,
    intentButton(view, "replay-close", say("replay-close"), { type: "replay", go: "close" }));

  /** The keys of the replay, on the whole table (`root`). */
  const listen = (root) => {
    root.addEventListener("keydown", (event) => {
      if (!view.replaying() || !(event.key in KEYS) || event.target.matches("input, select, textarea")) return;
      event.preventDefault();
      view.send({ type: "replay", go: KEYS[event.key] });
    });
  };

  /** The bar for the state's replay (hidden when there is none). */
  const paint = (s) => {
    const r = s.replay;
    const focused = node.contains(document.activeElement);
    node.hidden = !r;
    if (r) {
      at.textContent = say("replay-at", { position: r.position, steps: r.steps });
      go.start.disabled = go.back.disabled = r.position === 0;
      go.forward.disabled = go.end.disabled = r.position === r.steps;
      // a button just disabled drops the focus: keep it in the bar, so the keys still work
      const still = document.activeElement;
      if (focused && (!node.contains(still) || still.disabled)) at.focus();
    }
  };
  return { node, listen, paint };
}
