"""Scoring a Mililla round: the 35 rule, the dealer's bonus and the end of the match.

A finished round's scoring is a :class:`DealResult`, the dealer's bonus a :class:`Bonus`
and the end of the match a :class:`MatchResult`: frozen records whose ``to_dict()`` is
what ``Game.deal_result()`` and ``Game.match_result()`` return.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import SpanishCard, SpanishSuit
from ..records import Record
from .moves import team_name
from .tables import CARDS

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ROUND_POINTS",
    "Bonus",
    "DealResult",
    "MatchResult",
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


@dataclass(frozen=True, slots=True)
class Bonus(Record):
    """The dealer's bonus (``mililla.bonus``): the face-up card and what became of it."""

    card: SpanishCard
    """The face-up card."""
    value: int
    """Its points, the bonus (0 for a card without points)."""
    team: int
    """The dealer's team, who gets the bonus."""
    status: str
    """What became of it: "none" (no points), "added", "held" (till the round ends), "dropped"."""
    after_round: bool
    """True under the variant that always adds the bonus after the round."""


@dataclass(frozen=True, slots=True)
class DealResult(Record):
    """The scoring of one finished round, team 0 first in every pair."""

    deal: int
    """The round's number, from 1."""
    dealer: int
    """The dealer's seat."""
    trump: SpanishSuit
    """The trump suit."""
    trump_card: SpanishCard
    """The face-up card."""
    card_points: tuple[int, int]
    """The card points each team took (60 in all)."""
    tricks: tuple[int, int]
    """The tricks each team took (10 in all)."""
    points: tuple[int, int]
    """Card points plus one per trick: 70 in all (``mililla.points``)."""
    total: int
    """points[0] + points[1]: always 70."""
    round_score: tuple[int, int]
    """What the 35 rule gave each team (``mililla.round.score``)."""
    bonus: Bonus
    """The dealer's bonus and what became of it."""
    totals_before: tuple[int, int]
    """The match totals before the round (before a bonus added at the deal)."""
    scores: tuple[int, int]
    """What each team scored with this round: totals - totals_before, the bonus included."""
    totals: tuple[int, int]
    """The match totals after the round."""
    winner: int | None
    """The team that won the match with this round, or None."""


@dataclass(frozen=True, slots=True)
class MatchResult(Record):
    """The end of the match (``mililla.game.end``)."""

    totals: tuple[int, int]
    """The final totals of team 0 and team 1."""
    winner: int
    """The winning team."""
    winning_seats: tuple[int, int]
    """The winning team's seats."""
    winners: str
    """The winning partners in words (``South and North``)."""
    rounds: int
    """How many rounds the match took."""
    rule: str
    """The rule that ended it: ``mililla.game.end``."""


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
