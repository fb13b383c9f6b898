"""End-of-deal breakdowns: what every game's breakdown (``widgets/<game>/breakdowns.py``) shares.

A game's breakdown explains a scored deal rule by rule from a seat's view as
:class:`~cardschool.widgets.state.ResultLine` rows; a value with one entry per column
follows the score panel's labels (players or teams): :func:`column` puts one in its column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Cell", "column", "symbols"]

Cell = int | str
"""One cell of a breakdown's row: a number, or words."""


def column(width: int, at: int, value: Cell) -> tuple[Cell, ...]:
    """A row with ``value`` in column ``at`` and blanks elsewhere."""
    return tuple(value if i == at else "" for i in range(width))


def symbols(cards: Sequence[Any]) -> str:
    """Cards as printed on their corners, one space apart: ``9♥ 9♣``."""
    return " ".join(card.symbol_text for card in cards)
