// The seats around the felt: each player's box (name, kind, team, dealer, cards in hand,
// whose turn), the backs of a hidden hand or the faces of an open one, the cards of a hand
// that everyone knows, and what the game draws under a seat. A seat's `team` and `known` are
// the game's own fields of the state: absent when the game has no teams or no known cards.
//
// A game's parts (`games.<name>.seats`), all optional:
//   under(s, seat, t)   a node drawn under a seat's box, or null
//   knownLabel(s, seat) the label over the cards of a seat that everyone knows
//   redraw(s)           the game's parts of the state the seats are drawn from
import { h } from "../dom.js";
import { ORDER, fan, say } from "./common.js";
import { partsOf } from "./parts.js";

const SEATS = { under: () => null, knownLabel: () => say("known-cards"), redraw: () => null };

/** The seats of one view: a place (`areas`) per position around the felt, and their region. */
export function seats(view) {
  const { faces } = view;
  const areas = {};
  for (const pos of ORDER) areas[pos] = h("div", { class: `cs-seat-area cs-${pos}` });

  const teamOf = (s) => (s.seats.find((x) => x.seat === s.seat) || {}).team;

  const paint = (s) => {
    const game = partsOf(s.game, "seats", SEATS);
    for (const pos of ORDER) areas[pos].replaceChildren();
    for (const seat of s.seats) {
      const mine = seat.seat === s.seat;
      const kind = say(`kind.${seat.kind}`);
      const parts = [seat.name, mine ? null : seat.kind === "human" || seat.kind === "free" ? kind : say("bot", { kind }),
        seat.team == null ? null : say(seat.team === teamOf(s) ? (mine ? "your-team" : "your-partner") : "opponent"),
        seat.dealer ? say("dealer") : null, say("cards", { count: seat.hand_size }), seat.to_move ? say("to-play") : null,
        seat.note || null];
      const box = h("div", { class: `cs-seat${seat.to_move ? " cs-to-move" : ""}${mine ? " cs-mine" : ""}`, "data-seat": seat.seat,
        role: "group", "aria-label": parts.filter(Boolean).join(", ") },
        h("div", { class: "cs-nameplate" },
          seat.team == null ? null : h("span", { class: `cs-team cs-team-${seat.team}`, title: say(`team.${seat.team === 0 ? 0 : 1}`) }),
          h("span", { class: "cs-name", text: seat.name }),
          mine ? null : h("span", { class: "cs-kind", text: kind }),
          seat.dealer ? h("span", { class: "cs-dealer", title: say("dealer-title"), text: say("dealer-mark") }) : null,
          seat.to_move ? h("span", { class: "cs-turn", text: say(s.busy && !mine ? "thinking" : "to-play") }) : null,
          seat.note ? h("span", { class: "cs-note", text: seat.note }) : null));
      if (!mine && seat.open.length) { // a replay of a finished deal: the hand face up
        box.append(h("div", { class: "cs-open" },
          fan(faces, seat.open, "cs-mini", say("open-hand", { name: seat.name, cards: seat.open.map((c) => faces.name(c)).join(", ") }))));
      } else if (!mine) {
        const backs = Array(Math.min(seat.hand_size, 12)).fill("back");
        box.append(h("div", { class: "cs-backs-row" }, fan(faces, backs, "cs-backs", say("cards", { count: seat.hand_size })),
          h("span", { class: "cs-count", text: String(seat.hand_size) })));
      }
      if (seat.known?.length && !seat.open.length) {
        const what = game.knownLabel(s, seat);
        box.append(h("div", { class: "cs-known" }, h("span", { class: "cs-small-label", text: what }),
          fan(faces, seat.known, "cs-mini", say("known", { what, cards: seat.known.map((c) => faces.name(c)).join(", ") }))));
      }
      (areas[seat.position] || areas.south).append(box);
      const under = game.under(s, seat, view.table);
      if (under) areas[seat.position].append(under);
    }
  };
  const key = (s) => [s.game, s.seat, s.seats, s.busy, partsOf(s.game, "seats", SEATS).redraw(s)];
  return { areas, region: { name: "seats", key, paint } };
}
