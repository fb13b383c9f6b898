// cardschool card table, Mille's parts: the stock and the discard pile in the middle of the
// felt, each player's melds under their seat, hand cards that a click selects.
// Its parts of the table's regions are described at the top of each region's file
// (static/table/); Python joins this module after the core (widgets/front_end.py).
import { fan, games, h, say } from "../static/core.js";

/** The stock and the discard pile, each a button when Python offers its action. */
function center(s, t) {
  const board = s.table;
  const top = board.pile.length ? board.pile[board.pile.length - 1] : null;
  const stock = t.clickable(s, "stock", { class: "cs-stock", "aria-label": say("mille:front.stock-label", { count: board.stock }) },
    fan(t.faces, Array(Math.min(Math.max(board.stock, 0), 4)).fill("back"), "cs-stack", say("mille:front.stock")),
    h("span", { class: "cs-count", text: String(board.stock) }));
  const pileLabel = top ? say("mille:front.pile-label", { count: board.pile.length, card: t.faces.name(top) }) : say("mille:front.pile-empty");
  const pile = t.clickable(s, "pile", { class: "cs-pile", "aria-label": pileLabel },
    board.pile.length ? fan(t.faces, board.pile, "cs-pilefan", pileLabel) : h("span", { class: "cs-empty", text: say("mille:front.empty") }));
  t.center.append(h("div", { class: "cs-piles" },
    h("div", { class: "cs-pilebox" }, h("span", { class: "cs-small-label", text: say("mille:front.stock") }), stock),
    h("div", { class: "cs-pilebox cs-pilebox-wide" },
      h("span", { class: "cs-small-label", text: say("mille:front.pile-count", { count: board.pile.length }) }), pile)));
}

/** A seat's melds; one of the learner's is a button when the selection may join it. */
function melds(s, seat, t) {
  const shown = (s.table.melds || [])[seat.seat] || [];
  const box = h("div", { class: "cs-melds", role: "group", "aria-label": say("mille:front.melds", { name: seat.name, count: shown.length }) });
  for (const meld of shown) {
    const cards = meld.face_down ? ["back", "back", "back"] : meld.cards;
    const label = meld.label; // its name in words, finished by Python (mille:label.meld)
    const group = fan(t.faces, cards, `cs-meld${meld.bunched ? " cs-bunched" : ""}${meld.face_down ? " cs-facedown" : ""}`, label);
    const tag = meld.face_down ? `8 × ${meld.rank}` : `${meld.rank} ×${meld.cards.length}`;
    // meld.action: the name Python gives the button that adds the selection to this meld
    const wrap = seat.seat === s.seat && meld.action && t.actionOf(s, meld.action)
      ? t.clickable(s, meld.action, { class: "cs-meld-wrap cs-meld-target", "aria-label": label }, group)
      : h("div", { class: "cs-meld-wrap" }, group);
    wrap.append(h("span", { class: "cs-meld-tag", text: tag }));
    box.append(wrap);
  }
  return box;
}

games.mille = {
  felt: { center },
  seats: {
    under: melds,
    // the cards a player took from the pile: everyone saw them go into that hand
    knownLabel: () => say("mille:front.known"),
    redraw: (s) => [s.table.melds, s.actions],
  },
  hand: { selects: true },
  actions: { onFelt: ["stock", "pile"] },
};
