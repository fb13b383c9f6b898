"""The bot levels both games offer, and how to get one.

A bot is given one seat's view (the dict of ``game.view(seat)``), never the game, so it
cannot read another player's cards: it rebuilds whatever it needs with
``Game.from_view(view, rng)``. Each game package has a ``bots`` module with a
``make_bot(level, budget=None) -> Bot`` function for the levels above ``random``.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["LEVELS", "Bot", "Choice", "RandomBot", "game_from_view", "make_bot"]

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
    if level == "random":
        return RandomBot()
    module = importlib.import_module(f"{__package__}.{kind}.bots")
    return module.make_bot(level, budget)


def game_from_view(view: dict[str, Any], rng: random.Random) -> Any:
    """A full game consistent with a seat's view, the hidden cards dealt at random."""
    module = importlib.import_module(f"{__package__}.{view['game']}")
    return module.Game.from_view(view, rng)


class RandomBot:
    """The ``random`` level: any legal move, each as likely as the others."""

    level = "random"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick one of the legal moves at random."""
        moves = game_from_view(view, rng).legal_moves()
        if not moves:
            raise ValueError("there is no move to choose: nobody is to move in this view")
        return Choice(str(rng.choice(moves)), "A move picked at random among the legal ones.")
