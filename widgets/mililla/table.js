// cardschool card table, Mililla's parts: the trump suit (a badge in the heading and a box in
// a corner), the trick in the middle of the felt, the last trick, tricks and points won.
// Its parts of the table's regions are described at the top of each region's file
// (static/table/); Python joins this module after the core (widgets/front_end.py).
import { ORDER, cardFace, fan, games, h, say } from "../static/core.js";

/** The heading's badge: the trump suit, always on show. */
function badge(s, t) {
  const trump = s.table ? s.table.trump : null;
  if (trump) {
    t.badge.append(cardFace(t.faces, `suit:${trump.suit}`, "cs-emblem"), h("span", { text: say("mililla:front.trumps-are", { name: trump.name }) }));
    t.badge.setAttribute("aria-label", say("mililla:front.trumps-label", { name: trump.name }));
  }
}

/** The trick, each card in front of its player; the trumps and the last trick in the corners. */
function center(s, t) {
  const board = s.table;
  const where = Object.fromEntries(s.seats.map((x) => [x.seat, x]));
  const slots = {};
  for (const pos of ORDER) slots[pos] = h("div", { class: `cs-slot cs-slot-${pos}` });
  const said = [];
  for (const play of board.trick) {
    const seat = where[play.seat] || { position: "south", name: say("mililla:front.seat", { seat: play.seat }) };
    const winning = play.seat === board.winning;
    const mine = play.seat === s.seat; // the learner's own card: in the second person
    said.push(say(winning ? (mine ? "mililla:front.played-winning-you" : "mililla:front.played-winning")
      : (mine ? "mililla:front.played-you" : "mililla:front.played"), { name: seat.name, card: t.faces.name(play.card) }));
    slots[seat.position].append(cardFace(t.faces, play.card, winning ? "cs-winning" : ""),
      h("span", { class: "cs-slot-name", text: winning ? `${seat.name} ★` : seat.name }));
  }
  const trickLabel = said.length ? say("mililla:front.trick", { plays: said.join("; ") }) : say("mililla:front.no-trick");
  const watermark = cardFace(t.faces, `suit:${board.trump.suit}`, "cs-emblem cs-watermark");
  t.center.append(h("div", { class: "cs-trick", role: "group", "aria-label": trickLabel },
    ...ORDER.map((p) => slots[p]), h("div", { class: "cs-trick-mid" }, watermark)));
  t.corners.tl.append(h("div", { class: "cs-trumpbox", role: "group", "aria-label": say("mililla:front.trumps-are", { name: board.trump.name }) },
    h("span", { class: "cs-small-label", text: say("mililla:front.trumps") }),
    h("div", { class: "cs-trumprow" }, cardFace(t.faces, `suit:${board.trump.suit}`, "cs-emblem"),
      h("span", { class: "cs-trump-name", text: board.trump.name }))));
  if (board.last_trick) {
    const winner = (where[board.last_trick.winner] || {}).name || say("mililla:front.seat", { seat: board.last_trick.winner });
    const cards = board.last_trick.cards.map((p) => t.faces.name(p.card)).join(", ");
    t.corners.tr.append(h("div", { class: "cs-lasttrick" },
      h("span", { class: "cs-small-label", text: say("mililla:front.last-trick", { winner }) }),
      fan(t.faces, board.last_trick.cards.map((p) => p.card), "cs-mini", say("mililla:front.last-trick-label", { winner, cards }))));
  }
}

/** The dealer's face-up trump card is the one card of a hand that everyone knows. */
function knownLabel(s, seat) {
  const trump = s.table.trump;
  return say(trump && seat.known.includes(trump.card) ? "mililla:front.trump-card" : "mililla:front.known-cards");
}

/** Tricks and card points each team has won this round, under the scores. */
function side(s) {
  const tricks = s.table.tricks.join(" – ");
  return h("p", { class: "cs-tricks", text: say("mililla:front.tricks", { tricks, points: s.table.points.join(" – ") }) });
}

games.mililla = {
  bar: { badge, redraw: (s) => s.table.trump },
  felt: { center },
  seats: { knownLabel, redraw: (s) => s.table.trump },
  side: { panel: side, redraw: (s) => [s.table.tricks, s.table.points] },
};
