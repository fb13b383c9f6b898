"""Mille's board: the ``table`` part of the state a Mille table draws (its melds, pile, stock)."""

from __future__ import annotations

from dataclasses import dataclass

from ..state import Plain

__all__ = ["Meld", "MilleBoard"]


@dataclass(frozen=True, slots=True)
class Meld(Plain):
    """A Mille meld on the table."""

    rank: str  # "K", "2"
    cards: tuple[str, ...]  # its cards, wilds included
    bunched: bool = False  # seven naturals: shown bunched up (mille.score.natural-meld)
    face_down: bool = False  # a finished natural eight: shown face down
    action: str = ""  # one of the learner's melds: the name of the action that adds the
    # selected cards to it (clickable on the meld while ``actions`` has it); "" for others


@dataclass(frozen=True, slots=True)
class MilleBoard(Plain):
    """Mille's public table: both players' melds, the discard pile, the stock."""

    melds: tuple[tuple[Meld, ...], ...]  # one tuple of melds per seat, in seat order
    pile: tuple[str, ...]  # the discard pile, bottom first (the top card is last)
    stock: int  # cards left in the stock
