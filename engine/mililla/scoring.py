"""Scoring a Mililla round: the 35 rule, the dealer's bonus and the end of the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import team_name
from .tables import CARDS

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ROUND_POINTS",
    "bonus_at_deal",
    "bonus_dict",
    "copy_result",
    "match_result",
    "round_score",
    "settle_deal",
]

ROUND_POINTS = 70
"""Card points (60) and one per trick (10): every round holds 70 (``mililla.points``)."""
HALF = 35
"""A team needs more than this in a round to score (``mililla.round.score``)."""


def round_score(points: tuple[int, int] | list[int]) -> tuple[int, int]:
    """mililla.round.score: a team with 36 or more scores the excess over 35, the other 0."""
    return (max(points[0] - HALF, 0), max(points[1] - HALF, 0))


def bonus_at_deal(state: State) -> str:
    """mililla.bonus: add the face-up card's points at once, or hold them; return the status."""
    if not state.bonus:
        return "none"
    team = state.dealer & 1
    if state.rules.bonus_after_round or state.totals[team] + state.bonus >= state.rules.target:
        return "held"
    state.totals[team] += state.bonus
    return "added"


def settle_deal(state: State) -> tuple[dict[str, Any], int | None]:
    """Apply the round score, then any held bonus; return the round's result and the winner."""
    points = state.points
    totals = state.totals
    target = state.rules.target
    gained = round_score(points)
    totals[0] += gained[0]
    totals[1] += gained[1]
    winner = None
    for team in (0, 1):
        if gained[team] and totals[team] >= target:
            winner = team  # mililla.game.end: reached first, by the round score
    team = state.dealer & 1
    if state.bonus_status == "held":
        if state.rules.bonus_after_round or points[0] == points[1] == HALF:
            totals[team] += state.bonus  # mililla.bonus: added after the round
            state.bonus_status = "added"
            if winner is None and totals[team] >= target:
                winner = team
        else:
            state.bonus_status = "dropped"
    card_points = [points[t] - state.tricks[t] for t in (0, 1)]
    before = state.totals_before
    result: dict[str, Any] = {
        "deal": state.deal_number,
        "dealer": state.dealer,
        "trump": CARDS[state.trump_card].suit.value,
        "trump_card": str(CARDS[state.trump_card]),
        "card_points": card_points,
        "tricks": list(state.tricks),
        "points": list(points),
        "total": points[0] + points[1],
        "round_score": list(gained),
        "bonus": bonus_dict(state),
        "totals_before": list(before),
        "scores": [totals[0] - before[0], totals[1] - before[1]],
        "totals": list(totals),
        "winner": winner,
    }
    return result, winner


def bonus_dict(state: State) -> dict[str, Any]:
    """The dealer's bonus as JSON: the face-up card, its value, the team and what happened."""
    return {
        "card": str(CARDS[state.trump_card]),
        "value": state.bonus,
        "team": state.dealer & 1,
        "status": state.bonus_status,
        "after_round": state.rules.bonus_after_round,
    }


def match_result(state: State) -> dict[str, Any] | None:
    """The final totals, the winning team and its seats once the match is over, else None."""
    winner = state.winner
    if winner is None:
        return None
    return {
        "totals": list(state.totals),
        "winner": winner,
        "winning_seats": [winner, winner + 2],
        "winners": team_name(winner),
        "rounds": state.deal_number,
        "rule": "mililla.game.end",
    }


def copy_result(result: dict[str, Any]) -> dict[str, Any]:
    """A copy of a round's result the caller may change: its lists and dicts are copied too."""
    return {
        key: list(value)
        if isinstance(value, list)
        else dict(value)
        if isinstance(value, dict)
        else value
        for key, value in result.items()
    }
