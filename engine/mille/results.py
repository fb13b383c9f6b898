"""The scored hand and the won match, as typed records (``View.deal_result``, ``match_result``).

``Game.deal_result()`` and ``Game.match_result()`` give the same facts as JSON-ready dicts
(``scoring.deal_result`` and ``scoring.match_result`` build them); these records are what
a view holds, and their ``to_dict()`` is that same dict.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FrenchCard, FrenchRank
from ..messages import Message, message
from ..records import Record
from .messages import Rank

__all__ = [
    "DealResult",
    "Doubling",
    "MatchResult",
    "MeldScore",
    "PlayerScore",
    "doubling_message",
]


def doubling_message(rule: str, factor: int, rank: int) -> Message:
    """Why a meld of ``rank`` is doubled under ``rule`` (``factor`` 1: capped, not again)."""
    capped = ".capped" if factor == 1 else ""  # mille.score.stack, doubling_caps_at_two
    return message(f"mille:doubling.{rule.rpartition('.')[2]}{capped}", rank=Rank(rank))


@dataclass(frozen=True, slots=True)
class Doubling(Record):
    """One doubling of a meld's value, with its rule (``mille.score.natural-meld``, ...)."""

    rule: str
    """The rule id that doubles (or, capped by a variant, does not double again)."""
    factor: int
    """What it multiplies by: 2, or 1 when ``doubling_caps_at_two`` caps it."""
    text: str
    """The reason in words: ``all eight nines with no wild: double``."""


@dataclass(frozen=True, slots=True)
class MeldScore(Record):
    """One meld's line in the score of a hand."""

    rank: FrenchRank
    """The meld's rank (a meld of 2s alone has rank 2)."""
    cards: tuple[FrenchCard, ...]
    """Its cards, in the order laid."""
    value: int
    """The cards' values added up (``mille.values``)."""
    multipliers: tuple[Doubling, ...]
    """Each doubling that applies, in order."""
    multiplier: int
    """The product of the doublings: 1, 2 or 4."""
    points: int
    """What the meld scores: ``value * multiplier``."""

    def reasons(self) -> tuple[Message, ...]:
        """Each doubling's reason as a message, in order (the ``text`` of each, as data)."""
        return tuple(doubling_message(d.rule, d.factor, int(self.rank)) for d in self.multipliers)


@dataclass(frozen=True, slots=True)
class PlayerScore(Record):
    """One player's score of a hand: melds for, cards left in hand against."""

    seat: int
    """The player's seat: 0 (South) or 1 (North)."""
    melds: tuple[MeldScore, ...]
    """The player's melds, each with its points."""
    melds_points: int
    """The melds' points added up."""
    hand: tuple[FrenchCard, ...]
    """The cards left in hand at the end, shown to both players."""
    hand_points: int
    """What those cards cost: their values, negative."""
    went_out: bool
    """True for the player who went out (``mille.go-out``)."""
    went_out_natural: bool
    """True if that player went out with no 2 used as a wild (``mille.score.naturals``)."""
    total: int
    """The player's score for the hand: ``melds_points + hand_points``."""


@dataclass(frozen=True, slots=True)
class DealResult(Record):
    """The breakdown of a scored hand (``mille.score.hand``)."""

    deal: int
    """Which deal (hand) of the match this was, 1 for the first."""
    dealer: int
    """The seat that dealt it."""
    ended: str
    """How it ended: ``"went-out"`` or ``"stock-empty"``."""
    went_out: int | None
    """The seat that went out, or None when the stock ran out."""
    rule: str
    """The rule that ended it: ``mille.go-out`` or ``mille.draw.stock-empty``."""
    players: tuple[PlayerScore, PlayerScore]
    """Both players' scores, seat 0 first."""
    scores: tuple[int, int]
    """What each seat scored in this hand."""
    totals_before: tuple[int, int]
    """The match totals before this hand."""
    totals: tuple[int, int]
    """The match totals after it."""
    match_over: bool
    """True when these totals end the match (``mille.game.end``)."""


@dataclass(frozen=True, slots=True)
class MatchResult(Record):
    """How the match ended (``mille.game.end``, ``mille.game.skunk``)."""

    totals: tuple[int, int]
    """The final totals of seats 0 and 1."""
    winner: int
    """The winning seat."""
    loser: int
    """The other seat."""
    skunk: bool
    """True when the loser ended under ``Rules.skunk_below`` (``mille.game.skunk``)."""
    rule: str
    """``mille.game.skunk`` or ``mille.game.end``."""
    hands: int
    """How many hands the match took."""
    target: int
    """The total that ended it (``Rules.target``)."""
