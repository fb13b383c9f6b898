"""The bot levels both games offer, and how to get one.

A bot is given one seat's view (the dict of ``game.view(seat)``), never the game, so it
cannot read another player's cards: it rebuilds whatever it needs with
``Game.from_view(view, rng)``. Each game package has a ``bots`` module with a
``make_bot(level, budget=None) -> Bot`` function.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["LEVELS", "Bot", "Choice", "make_bot"]

LEVELS = ("random", "basic", "expert")
"""Bot levels, weakest first: any legal move; a club player's rules of thumb; Monte Carlo."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A bot's decision: the move (as text) and the reason in plain words."""

    move: str
    reason: str


class Bot(Protocol):
    """A player that picks a move from one seat's view."""

    level: str

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick a legal move for the seat the view belongs to, with the reason for it."""
        ...


def make_bot(kind: str, level: str, budget: int | None = None) -> Bot:
    """A bot of a level (``random``, ``basic``, ``expert``) for a game (``mille``, ``mililla``).

    ``budget`` bounds the expert's search (simulations per decision); None is its default.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    if kind not in ("mille", "mililla"):
        raise ValueError(f"unknown game {kind!r}: choose mille or mililla")
    module = importlib.import_module(f"{__package__}.{kind}.bots")
    return module.make_bot(level, budget)
