"""What one seat may know (``view``) and the public log of the round.

A view is built from the seat's own hand and public facts only: the face-up trump card
while the dealer still holds it, every card played this round and by whom, the tricks
and points taken, scores, the bonus and the results. Other hands appear only as sizes.
"""

from __future__ import annotations

from typing import Any

from .moves import SEAT_NAMES, Phase, team_name
from .scoring import bonus_dict, copy_result, match_result
from .state import State
from .tables import CARDS, POINTS, TEXTS, bits
from .words import narrate_card

__all__ = ["make_view", "public_log"]


def _texts(state: State, mask: int) -> list[str]:
    return [TEXTS[i] for i in sorted(bits(mask), key=state.order.sort_key)]


def make_view(state: State, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, JSON-ready; never another seat's cards."""
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise ValueError(f"a Mililla seat is 0, 1, 2 or 3, not {seat!r}")
    plays, seats = state.plays, state.play_seats
    in_trick = len(state.trick)
    trick_start = len(plays) - in_trick
    face_up = (state.hands[state.dealer] >> state.trump_card) & 1
    last = state.last_trick
    playing = state.phase is Phase.PLAY
    return {
        "game": "mililla",
        "seat": seat,
        "rules": state.rules.to_dict(),
        "deal": state.deal_number,
        "phase": state.phase.value,
        "to_move": state.to_move,
        "dealer": state.dealer,
        "trump": CARDS[state.trump_card].suit.value,
        "trump_card": TEXTS[state.trump_card],
        "face_up": TEXTS[state.trump_card] if face_up else None,
        "hand": _texts(state, state.hands[seat]),
        "hand_sizes": [state.hands[s].bit_count() for s in range(4)],
        "legal": [TEXTS[i] for i in bits(state.decide()[0])]
        if playing and state.to_move == seat
        else [],
        "leader": state.leader if playing else None,
        "trick": [
            {"seat": seats[k], "card": TEXTS[plays[k]]} for k in range(trick_start, len(plays))
        ],
        "led": CARDS[plays[trick_start]].suit.value if in_trick else None,
        "winning": ({"seat": state.win_seat, "card": TEXTS[state.win_card]} if in_trick else None),
        "last_trick": None
        if last is None
        else {
            "leader": last[0],
            "cards": [
                {"seat": (last[0] + state.step * k) % 4, "card": TEXTS[c]}
                for k, c in enumerate(last[1])
            ],
            "winner": last[2],
            "points": sum(POINTS[c] for c in last[1]) + 1,
        },
        "played": [
            {"seat": seats[k], "card": TEXTS[plays[k]], "trick": k // 4 + 1}
            for k in range(len(plays))
        ],
        "tricks": list(state.tricks),
        "points": list(state.points),
        "bonus": bonus_dict(state),
        "totals_before": list(state.totals_before),
        "totals": list(state.totals),
        "log": public_log(state),
        "rounds": [copy_result(result) for result in state.results],
        "deal_result": None if playing else copy_result(state.results[-1]),
        "match_result": match_result(state),
    }


def public_log(state: State, names: tuple[str, ...] = SEAT_NAMES) -> list[dict[str, Any]]:
    """The public events of the current round, each ``{"seat", "text", "rule"}``."""
    step = state.step
    dealer = state.dealer
    card = CARDS[state.trump_card]
    log: list[dict[str, Any]] = [
        {
            "seat": dealer,
            "text": f"Round {state.deal_number}: {names[(dealer - step) % 4]} cuts and "
            f"{names[dealer]} deals ten cards each; {card.the} is turned up: "
            f"{card.suit.noun} are trumps",
            "rule": "mililla.deal",
        }
    ]
    scratch = state.clone()
    scratch.totals = list(state.totals_before)
    scratch.deal_number -= 1
    scratch.start_deal(list(state.start_hands), state.trump_card)
    team = team_name(dealer & 1, names)
    at_deal = scratch.bonus_status
    if at_deal == "added":
        text = f"{team} add {state.bonus} points for the face-up {card.name}"
        log.append({"seat": dealer, "text": text, "rule": "mililla.bonus"})
    elif at_deal == "held":
        when = (
            "until the round is over"
            if state.rules.bonus_after_round
            else f"since it would bring them to {state.rules.target}: it counts only at 35 to 35"
        )
        text = f"The bonus of {state.bonus} for the face-up {card.name} is held back {when}"
        log.append({"seat": dealer, "text": text, "rule": "mililla.bonus"})
    for played in state.plays:
        seat = scratch.to_move
        said = narrate_card(scratch, played, names)
        log.append({"seat": seat, "text": said.text, "rule": said.rule})
        scratch.apply(played)
        if not scratch.trick:
            _leader, cards, winner = scratch.last_trick  # type: ignore[misc]
            points = sum(POINTS[c] for c in cards) + 1
            best = CARDS[scratch.win_card].the
            text = f"{names[winner]} wins the trick with {best}: {points} points"
            log.append({"seat": winner, "text": text, "rule": "mililla.trick"})
    if state.phase is not Phase.PLAY:
        log += _round_end_log(state, names, held=at_deal == "held")
    return log


def _round_end_log(state: State, names: tuple[str, ...], held: bool) -> list[dict[str, Any]]:
    result = state.results[-1]
    p0, p1 = result["points"]
    teams = (team_name(0, names), team_name(1, names))
    gained = result["round_score"]
    if gained[0] or gained[1]:
        team = 0 if gained[0] else 1
        outcome = f"{teams[team]} score {gained[team]}"
    else:
        outcome = "nobody scores"
    log = [
        {
            "seat": None,
            "text": f"{teams[0]} take {p0} points, {teams[1]} {p1}: {outcome}",
            "rule": "mililla.round.score",
        }
    ]
    bonus = result["bonus"]
    if held:  # mililla.bonus: settled after the round
        verb = "now added" if bonus["status"] == "added" else "dropped"
        text = f"The held bonus of {bonus['value']} for {teams[bonus['team']]} is {verb}"
        log.append({"seat": state.dealer, "text": text, "rule": "mililla.bonus"})
    s0, s1 = result["totals"]
    if result["winner"] is not None:
        text = f"{teams[result['winner']]} win the match, {max(s0, s1)} to {min(s0, s1)}"
        log.append({"seat": None, "text": text, "rule": "mililla.game.end"})
    return log
