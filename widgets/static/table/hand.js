// The learner's hand and the row of moves under it. Arrows move over the hand (one tab
// stop), Enter and Space press the card; a hint hovered in the side panel marks its cards.
//
// A game's parts, all optional:
//   games.<name>.hand.selects     a click on a hand card picks it (aria-pressed) instead of playing it
//   games.<name>.actions.onFelt   names of actions the game draws on the felt, not in the row
import { h } from "../dom.js";
import { say } from "./common.js";
import { partsOf } from "./parts.js";

const HAND = { selects: false };
const ACTIONS = { onFelt: [] };

/** The hand zone of one view: the hand, the moves, their regions, and where the focus goes. */
export function handzone(view) {
  const { faces, send, replaying } = view;
  // tabindex -1: the focus waits on the hand itself while no card may be played (the bots
  // are moving), never on a card that cannot be played
  const hand = h("div", { class: "cs-hand", role: "toolbar", "aria-label": say("your-hand"), tabindex: "-1" });
  const actions = h("div", { class: "cs-actions", role: "group", "aria-label": say("moves") });
  const node = h("div", { class: "cs-handzone" }, hand, actions);

  /** The control the focus goes to when the one it was on is drawn again: a card or a move
   * that may be played now, or null when there is none (the focus then waits on the hand). */
  const firstStop = () => hand.querySelector('button.cs-card[data-legal="true"][tabindex="0"]')
    || hand.querySelector('button.cs-card[data-legal="true"]')
    || actions.querySelector('button[data-legal="true"]:not(:disabled)');

  /** Marks (or unmarks) the hand's `cards`: a hint hovered in the side panel. */
  const mark = (cards, on) => {
    for (const text of cards || []) {
      const b = hand.querySelector(`button[data-card="${CSS.escape(text)}"]`);
      if (b) b.classList.toggle("cs-hinted", on);
    }
  };

  /** The keys of the hand, listened to once the table is on the page. */
  const listen = () => {
    hand.addEventListener("keydown", (event) => {
      if (replaying()) return; // the replay's keys (replay.js)
      const cards = [...hand.querySelectorAll("button.cs-card")];
      const at = cards.indexOf(document.activeElement);
      if (at < 0) return;
      const moves = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: cards.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      const next = cards[Math.max(0, Math.min(cards.length - 1, moves[event.key]))];
      cards.forEach((c) => c.setAttribute("tabindex", c === next ? "0" : "-1"));
      next.focus();
    });
  };

  const drawHand = (s) => {
    const game = partsOf(s.game, "hand", HAND);
    const active = document.activeElement;
    const hadFocus = hand.contains(active) && active !== hand ? Number(active.dataset.index) : null;
    hand.replaceChildren();
    hand.style.setProperty("--n", Math.max(s.hand.length, 1));
    let stop = s.hand.findIndex((c) => c.legal);
    if (hadFocus !== null) stop = Math.min(hadFocus, s.hand.length - 1);
    if (stop < 0) stop = 0;
    s.hand.forEach((card, index) => {
      hand.append(h("button", {
        type: "button", class: `cs-card${card.legal ? " cs-legal" : ""}${card.selected ? " cs-selected" : ""}`,
        "aria-label": card.name, "data-card": card.card, "data-legal": String(card.legal), "data-index": index,
        "aria-pressed": game.selects ? String(Boolean(card.selected)) : null, title: card.why || card.name,
        tabindex: index === stop ? "0" : "-1",
        onclick: () => send({ type: "card", card: card.card, index }),
      }, faces.picture(card.card), card.legal ? h("span", { class: "cs-mark", "aria-hidden": "true", text: "✓" }) : null));
    });
    if (!s.hand.length) hand.append(h("span", { class: "cs-empty", text: say("no-cards") }));
    if (hadFocus !== null) {
      const same = hand.querySelector(`button.cs-card[data-index="${Math.min(hadFocus, s.hand.length - 1)}"]`);
      (same?.dataset.legal === "true" ? same : firstStop() || hand).focus?.();
    }
  };

  const drawActions = (s) => {
    const onFelt = partsOf(s.game, "actions", ACTIONS).onFelt;
    actions.replaceChildren();
    for (const act of s.actions || []) {
      if (onFelt.includes(act.action)) continue;
      actions.append(h("button", { type: "button", class: `cs-btn cs-move${act.legal ? " cs-legal" : ""}`, "data-action": act.action,
        "data-legal": String(act.legal), title: act.why || act.label,
        onclick: () => send({ type: "action", action: act.action }) }, act.label));
    }
  };

  return {
    node, hand, firstStop, mark, listen,
    regions: [
      { name: "hand", key: (s) => [s.game, s.hand], paint: drawHand },
      { name: "actions", key: (s) => [s.game, s.actions], paint: drawActions },
    ],
  };
}
