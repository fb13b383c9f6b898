"""The bot levels both games offer, and how to get one.

A bot is given one seat's view in its JSON form (``game.view(seat).to_dict()``), never
the game, so it cannot read another player's cards: it rebuilds whatever it needs with
``Game.from_view(view, rng)``. Each game's spec (``cardschool.engine.games``) makes its
bots above ``random``; the ``random`` level is the same for every game.

The modules, one role each, the same in every game's ``bots/`` package (each
package's docstring points here):

* ``levels``: the bot levels above ``random`` and ``make_bot``;
* ``knowledge``: what one seat knows of the hidden hands, read from its view alone;
* ``estimates``: the settings and estimates the rules of thumb share;
* ``policy``: the ``basic`` rules of thumb, fast enough to play whole deals out;
* ``model``: the bots' small, fast model of a deal, to plan on and to play out;
* ``search``: the expert's Monte Carlo search over the deals the seat cannot tell apart;
* ``words`` and ``messages``: the sentences that say why a bot chose its move, and their
  catalog.
"""

from __future__ import annotations

import random
from typing import Any

from .errors import ArgumentError
from .games import game_spec
from .messages import message, render
from .protocol import LEVELS, Bot, Choice, GameLike

__all__ = ["RandomBot", "game_from_view", "make_bot"]


def make_bot(game: str, level: str, budget: int | None = None) -> Bot:
    """A bot of a level (``random``, ``basic``, ``expert``) for the game called ``game``.

    ``budget`` bounds the expert's search (simulations per decision); None is its default.
    """
    if level not in LEVELS:
        said = message("bots:level", level=repr(level), levels=", ".join(LEVELS))
        raise ArgumentError(said)
    spec = game_spec(game)
    if level == "random":
        return RandomBot()
    return spec.make_bot(level, budget)


def game_from_view(view: dict[str, Any], rng: random.Random) -> GameLike:
    """A full game consistent with a seat's view, the hidden cards dealt at random."""
    return game_spec(view.get("game")).game_type.from_view(view, rng)


class RandomBot:
    """The ``random`` level: any legal move, each as likely as the others."""

    level = "random"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick one of the legal moves at random."""
        moves = game_from_view(view, rng).legal_moves()
        if not moves:
            raise ArgumentError(message("bots:nobody-to-move"))
        return Choice(str(rng.choice(moves)), render(message("bots:random")))
