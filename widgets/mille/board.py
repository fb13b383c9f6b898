"""Mille's own parts of the table state: its board (melds, pile, stock, the cards picked),
its seats (with the cards everyone saw them take) and its hand cards (picked or not)."""

from __future__ import annotations

from dataclasses import dataclass

from ..state import HandCard, Plain, Seat

__all__ = ["Meld", "MilleBoard", "MilleCard", "MilleSeat"]


@dataclass(frozen=True, slots=True)
class MilleSeat(Seat):
    """A Mille player, with the cards everyone saw them take from the pile."""

    known: tuple[str, ...] = ()  # cards taken from the pile and still in that hand


@dataclass(frozen=True, slots=True)
class MilleCard(HandCard):
    """A card of the learner's Mille hand, picked for a meld or not."""

    selected: bool = False  # picked for a meld (a click picks or drops it)


@dataclass(frozen=True, slots=True)
class Meld(Plain):
    """A Mille meld on the table."""

    rank: str  # "K", "2"
    cards: tuple[str, ...]  # its cards, wilds included
    bunched: bool = False  # seven naturals: shown bunched up (mille.score.natural-meld)
    face_down: bool = False  # a finished natural eight: shown face down
    action: str = ""  # one of the learner's melds: the name of the action that adds the
    # selected cards to it (clickable on the meld while ``actions`` has it); "" for others
    label: str = ""  # its name for a screen reader, in words (``mille:label.meld``)


@dataclass(frozen=True, slots=True)
class MilleBoard(Plain):
    """Mille's public table: both players' melds, the discard pile, the stock."""

    melds: tuple[tuple[Meld, ...], ...]  # one tuple of melds per seat, in seat order
    pile: tuple[str, ...]  # the discard pile, bottom first (the top card is last)
    stock: int  # cards left in the stock
    selected: tuple[str, ...] = ()  # the cards picked for a meld, in hand order
