"""Mille, the two-player game of the 500 Rummy family, exactly as its rulebook has it.

Its modules have one role each, the same in every game package: the list is in
``cardschool.engine.games`` (``bots/`` holds the bots, with their own list).

    >>> from cardschool.engine import mille
    >>> game = mille.new_game(seed=7)
    >>> move = game.legal_moves()[0]
    >>> game.explain(move).rule
    'mille.draw.stock'
    >>> game.play("stock")

Moves are ``Move`` values with a text form (see ``mille.moves`` for the grammar):
``stock``, ``pile 9H 9C``, ``take 2C``, ``meld 9H 9C 2S``, ``add K KD 2S`` (``add K#2 KD``
names a second meld of Kings with ``many_melds_per_rank``) and ``discard QS``.
Positions are readable text too (see ``mille.position``):
``Game.from_position(text)`` sets one up and ``game.position()`` writes one out.
``game.view(seat)`` is what one seat may know, a typed ``View`` (``to_dict()`` gives its
JSON form, for bots and saves); in a notebook, ``game`` alone draws the position as the
seat to move sees it.

The variants of its rulebook are the fields of the frozen ``Rules``; the seats are 0
(South) and 1 (North). A ``Game`` keeps the ``GameLike`` contract of
``cardschool.engine.protocol``: a whole match, hand after hand, all chance from its seed.
"""

from .game import Game, new_game
from .moves import Move, MoveKind
from .rules import Rules, card_value
from .saving import FORMAT, VERSION
from .spec import SPEC
from .state import Phase
from .view import View
from .words import SEAT_NAMES

__all__ = [
    "FORMAT",
    "SEAT_NAMES",
    "SPEC",
    "VERSION",
    "Game",
    "Move",
    "MoveKind",
    "Phase",
    "Rules",
    "View",
    "card_value",
    "new_game",
]
