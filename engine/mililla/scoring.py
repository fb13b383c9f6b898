"""Scoring a Mililla round: the 35 rule, the dealer's bonus and the end of the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tables import CARDS

if TYPE_CHECKING:
    from .state import Core

__all__ = ["ROUND_POINTS", "bonus_at_deal", "round_score", "settle_round"]

ROUND_POINTS = 70
"""Card points (60) and one per trick (10): every round holds 70 (``mililla.points``)."""
HALF = 35
"""A team needs more than this in a round to score (``mililla.round.score``)."""


def round_score(points: tuple[int, int] | list[int]) -> tuple[int, int]:
    """mililla.round.score: a team with 36 or more scores the excess over 35, the other 0."""
    return (max(points[0] - HALF, 0), max(points[1] - HALF, 0))


def bonus_at_deal(state: Core) -> str:
    """mililla.bonus: add the face-up card's points at once, or hold them; return the status."""
    if not state._bonus:
        return "none"
    team = state._dealer & 1
    if state.rules.bonus_after_round or state._scores[team] + state._bonus >= state.rules.target:
        return "held"
    state._scores[team] += state._bonus
    return "added"


def settle_round(state: Core) -> tuple[dict[str, Any], int | None]:
    """Apply the round score, then any held bonus; return the round's result and the winner."""
    points = state._points
    scores = state._scores
    target = state.rules.target
    gained = round_score(points)
    scores[0] += gained[0]
    scores[1] += gained[1]
    winner = None
    for team in (0, 1):
        if gained[team] and scores[team] >= target:
            winner = team  # mililla.game.end: reached first, by the round score
    team = state._dealer & 1
    if state._bonus_status == "held":
        if state.rules.bonus_after_round or points[0] == points[1] == HALF:
            scores[team] += state._bonus  # mililla.bonus: added after the round
            state._bonus_status = "added"
            if winner is None and scores[team] >= target:
                winner = team
        else:
            state._bonus_status = "dropped"
    card_points = [points[t] - state._tricks[t] for t in (0, 1)]
    result: dict[str, Any] = {
        "round": state._round,
        "dealer": state._dealer,
        "trump": CARDS[state._trump_card].suit.value,
        "trump_card": str(CARDS[state._trump_card]),
        "card_points": card_points,
        "tricks": list(state._tricks),
        "points": list(points),
        "total": points[0] + points[1],
        "round_score": list(gained),
        "bonus": bonus_dict(state),
        "scores_before": list(state._start_scores),
        "scores": list(scores),
        "winner": winner,
    }
    return result, winner


def bonus_dict(state: Core) -> dict[str, Any]:
    """The dealer's bonus as JSON: the face-up card, its value, the team and what happened."""
    return {
        "card": str(CARDS[state._trump_card]),
        "value": state._bonus,
        "team": state._dealer & 1,
        "status": state._bonus_status,
        "after_round": state.rules.bonus_after_round,
    }
