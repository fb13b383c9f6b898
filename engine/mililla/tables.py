"""Precomputed int tables: the engine works on card indexes 0-39 and 40-bit hand masks.

A card's index is ``suit * 10 + place`` (see ``SpanishCard.index``): suits in the order
coins, cups, swords, clubs, and within a suit the places King, Horse, Jack, 7, 6, 5, 4,
3, 2, Ace. A hand is an int whose bit ``i`` is set when it holds card ``i``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import SpanishCard, SpanishSuit, spanish_deck

__all__ = [
    "CARDS",
    "DECK_MASK",
    "ORDERS",
    "POINTS",
    "SEVENS",
    "SUIT",
    "SUITS",
    "SUIT_MASK",
    "TEXTS",
    "UNBLOCKED_SEVENS",
    "RankOrder",
    "bits",
    "index_of",
    "mask_of",
]

CARDS: tuple[SpanishCard, ...] = tuple(spanish_deck())
"""The 40 cards, indexed by ``SpanishCard.index``."""
SUITS: tuple[SpanishSuit, ...] = tuple(SpanishSuit)
"""The four suits, indexed by suit number (coins 0, cups 1, swords 2, clubs 3)."""
assert all(card.index == i for i, card in enumerate(CARDS))

TEXTS: tuple[str, ...] = tuple(str(card) for card in CARDS)
"""The text form of each card index (``HC``)."""
_INDEX_OF_TEXT = {text: i for i, text in enumerate(TEXTS)}

DECK_MASK = (1 << 40) - 1
"""All 40 cards as a mask."""
SUIT: tuple[int, ...] = tuple(i // 10 for i in range(40))
"""The suit number of each card index."""
SUIT_MASK: tuple[int, ...] = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
"""The ten cards of each suit as a mask."""
_PLACE_POINTS = (3, 2, 1, 5, 0, 0, 0, 0, 0, 4)  # K H J 7 6 5 4 3 2 A (mililla.points)
POINTS: tuple[int, ...] = tuple(_PLACE_POINTS[i % 10] for i in range(40))
"""The card points of each card index (``mililla.points``)."""
SEVENS = sum(1 << (10 * s + 3) for s in range(4))
"""The four 7s as a mask."""
UNBLOCKED_SEVENS: tuple[int, ...] = tuple(
    sum(1 << (10 * s + 3) for s in range(4) if opened >> s & 1) for opened in range(16)
)
"""For each set of suits already played (4-bit), the 7s of those suits (``mililla.seven``)."""

# Strength within a suit, higher beats lower (mililla.rank), by place K H J 7 6 5 4 3 2 A.
_DEFAULT_STRENGTH = (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
_TRADITIONAL_STRENGTH = (7, 6, 5, 9, 4, 3, 2, 1, 0, 8)  # 7, Ace, King, Horse, Jack, 6 ... 2


class RankOrder:
    """The order of cards within a suit under one setting of ``traditional_rank``."""

    __slots__ = ("higher", "strength")

    def __init__(self, traditional: bool) -> None:
        places = _TRADITIONAL_STRENGTH if traditional else _DEFAULT_STRENGTH
        self.strength: tuple[int, ...] = tuple(places[i % 10] for i in range(40))
        self.higher: tuple[int, ...] = tuple(
            sum(
                1 << j
                for j in range(10 * SUIT[i], 10 * SUIT[i] + 10)
                if self.strength[j] > self.strength[i]
            )
            for i in range(40)
        )

    def sort_key(self, index: int) -> tuple[int, int]:
        """Sort key: by suit, then strongest first."""
        return (SUIT[index], -self.strength[index])


ORDERS = {False: RankOrder(False), True: RankOrder(True)}
"""The two rank orders, keyed by ``traditional_rank``."""


def index_of(text: str) -> int:
    """The index of a card from its text; exact text is looked up, anything else parsed."""
    index = _INDEX_OF_TEXT.get(text)  # type: ignore[arg-type]
    return SpanishCard.parse(text).index if index is None else index


def bits(mask: int) -> list[int]:
    """The card indexes in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(indexes: Iterable[int]) -> int:
    """A mask from card indexes."""
    mask = 0
    for i in indexes:
        mask |= 1 << i
    return mask
