"""Scoring a Mililla round: the 35 rule, the dealer's bonus and the end of the match.

``settle_deal`` scores a finished round, ``bonus_of`` reads the dealer's bonus and
``match_result`` the end of the match, as the records of ``results`` whose ``to_dict()``
is what ``Game.deal_result()`` and ``Game.match_result()`` return.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import team_name
from .results import Bonus, DealResult, MatchResult
from .tables import CARDS

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ROUND_POINTS",
    "bonus_at_deal",
    "bonus_of",
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
    state.totals = _add(state.totals, team, state.bonus)
    return "added"


def _add(pair: tuple[int, int], team: int, value: int) -> tuple[int, int]:
    """The pair with ``value`` added to ``team``'s entry."""
    return (pair[0], pair[1] + value) if team else (pair[0] + value, pair[1])


def settle_deal(state: State) -> tuple[DealResult, int | None]:
    """Apply the round score, then any held bonus; return the round's result and the winner."""
    points = state.points
    target = state.rules.target
    gained = round_score(points)
    totals = (state.totals[0] + gained[0], state.totals[1] + gained[1])
    winner = None
    for team in (0, 1):
        if gained[team] and totals[team] >= target:
            winner = team  # mililla.game.end: reached first, by the round score
    team = state.dealer & 1
    if state.bonus_status == "held":
        if state.rules.bonus_after_round or points[0] == points[1] == HALF:
            totals = _add(totals, team, state.bonus)  # mililla.bonus: added after the round
            state.bonus_status = "added"
            if winner is None and totals[team] >= target:
                winner = team
        else:
            state.bonus_status = "dropped"
    state.totals = totals
    tricks = state.tricks
    before = state.totals_before
    result = DealResult(
        deal=state.deal_number,
        dealer=state.dealer,
        trump=CARDS[state.trump_card].suit,
        trump_card=CARDS[state.trump_card],
        card_points=(points[0] - tricks[0], points[1] - tricks[1]),
        tricks=tricks,
        points=points,
        total=points[0] + points[1],
        round_score=gained,
        bonus=bonus_of(state),
        totals_before=before,
        scores=(totals[0] - before[0], totals[1] - before[1]),
        totals=totals,
        winner=winner,
    )
    return result, winner


def bonus_of(state: State) -> Bonus:
    """The dealer's bonus now: the face-up card, its value, the team and what happened."""
    return Bonus(
        card=CARDS[state.trump_card],
        value=state.bonus,
        team=state.dealer & 1,
        status=state.bonus_status,
        after_round=state.rules.bonus_after_round,
    )


def match_result(state: State) -> MatchResult | None:
    """The final totals, the winning team and its seats once the match is over, else None."""
    winner = state.winner
    if winner is None:
        return None
    return MatchResult(
        totals=state.totals,
        winner=winner,
        winning_seats=(winner, winner + 2),
        winners=team_name(winner),
        rounds=state.deal_number,
        rule="mililla.game.end",
    )
