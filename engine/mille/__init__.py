"""Mille, the two-player game of the 500 Rummy family, exactly as its rulebook has it.

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

The modules, one role each, the same in every game package (``bots/`` holds the bots,
with their own list):

* ``rules``: the frozen ``Rules`` (the variants) and the fixed facts of the rules;
* ``rulebook``: the complete rules, one entry per rule id;
* ``moves``: the ``Move`` value and its text form;
* ``tables``: precomputed facts about the cards, by card index;
* ``state``: what changes during a match, in public fields, with a cheap ``clone()``;
* ``legality``: the one decision behind the legal moves and every explanation;
* ``listing``: every distinct legal move of the seat to move;
* ``turns``: carrying out the deal, a judged move, the end of a deal and the next deal;
* ``scoring``: scoring a deal and deciding the match;
* ``results``: a deal's and the match's results as typed records;
* ``words`` and ``messages``: the sentences about moves, and their catalog;
* ``view`` and ``drawing``: what one seat may know (``View``), and its picture;
* ``sampling``: dealing the cards a seat cannot see, consistent with its view;
* ``position``: positions as readable text, read and written;
* ``saving``: the game's part of the save format (``cardschool.engine.saving``);
* ``game``: ``Game``, the ``GameLike`` contract, and ``new_game``;
* ``hints``, ``goals``, ``demos``: the hints grouping, the exercises' goals and the
  lessons' rule demonstrations;
* ``spec``: the game's entry in the registry (``SPEC``).
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
