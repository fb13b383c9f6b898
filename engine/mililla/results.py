"""The scored round and the won match, as typed records (``View.deal_result``, ``match_result``).

A finished round's scoring is a :class:`DealResult`, the dealer's bonus a :class:`Bonus`
and the end of the match a :class:`MatchResult` (``scoring`` builds them): frozen records
whose ``to_dict()`` is what ``Game.deal_result()`` and ``Game.match_result()`` return, and
what a view holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SpanishCard, SpanishSuit
from ..records import Record

__all__ = ["Bonus", "DealResult", "MatchResult"]


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
