// cardschool card table, Mille's parts: the stock and the discard pile in the middle of the
// felt, each player's melds under their seat, hand cards that a click selects.
// Its parts of the table's regions are described at the top of each region's file
// (static/table/); Python joins this module after the core (widgets/front_end.py).
import { fan, games, h } from "../static/core.js";

/** The stock and the discard pile, each a button when Python offers its action. */
function center(s, t) {
  const board = s.table;
  const top = board.pile.length ? board.pile[board.pile.length - 1] : null;
  const stock = t.clickable(s, "stock", { class: "cs-stock", "aria-label": `Stock: ${board.stock} cards` },
    fan(t.faces, Array(Math.min(Math.max(board.stock, 0), 4)).fill("back"), "cs-stack", "Stock"),
    h("span", { class: "cs-count", text: String(board.stock) }));
  const pileLabel = top ? `Discard pile: ${board.pile.length} cards, top card ${t.faces.name(top)}` : "Discard pile: empty";
  const pile = t.clickable(s, "pile", { class: "cs-pile", "aria-label": pileLabel },
    board.pile.length ? fan(t.faces, board.pile, "cs-pilefan", pileLabel) : h("span", { class: "cs-empty", text: "empty" }));
  t.center.append(h("div", { class: "cs-piles" },
    h("div", { class: "cs-pilebox" }, h("span", { class: "cs-small-label", text: "Stock" }), stock),
    h("div", { class: "cs-pilebox cs-pilebox-wide" },
      h("span", { class: "cs-small-label", text: `Discard pile (${board.pile.length})` }), pile)));
}

/** A seat's melds; one of the learner's is a button when the selection may join it. */
function melds(s, seat, t) {
  const shown = (s.table.melds || [])[seat.seat] || [];
  const box = h("div", { class: "cs-melds", role: "group", "aria-label": `${seat.name}: ${shown.length} melds` });
  for (const meld of shown) {
    const names = meld.cards.map((c) => t.faces.name(c)).join(", ");
    const how = meld.face_down ? " (face down: a natural eight)" : meld.bunched ? " (bunched: seven naturals)" : "";
    const cards = meld.face_down ? ["back", "back", "back"] : meld.cards;
    const label = `Meld of ${meld.rank}: ${names}${how}`;
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
  bar: { title: "Mille" },
  felt: { center },
  seats: {
    under: melds,
    // the cards a player took from the pile: everyone saw them go into that hand
    knownLabel: () => "Taken from the pile: seen by all",
    redraw: (s) => [s.table.melds, s.actions],
  },
  hand: { selects: true },
  actions: { onFelt: ["stock", "pile"] },
};
