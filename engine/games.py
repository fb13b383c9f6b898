"""The registry of games: the one place that lists them.

    >>> from cardschool.engine.games import game_spec
    >>> game_spec("mililla").seats
    4

Every generic module looks a game up here by its name (``game_spec``), by a game object
(``spec_of``) or by a deal-code prefix (``spec_for_prefix``), and reads its
:class:`~cardschool.engine.spec.GameSpec`. A third game is one more entry in ``GAMES``.

The modules, one role each, the same in every game package (each package's docstring points
here; ``bots/`` holds the bots, with their own list in its ``__init__``):

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
* ``speech``: how the game's own values (cards, ranks, suits, seats) read in French and
  Spanish, inside the catalog's translated sentences;
* ``view`` and ``drawing``: what one seat may know (``View``), and its picture;
* ``sampling``: dealing the cards a seat cannot see, consistent with its view;
* ``position``: positions as readable text, read and written;
* ``saving``: the game's part of the save format (``cardschool.engine.saving``);
* ``game``: ``Game``, the ``GameLike`` contract, and ``new_game``;
* ``hints``, ``goals``, ``demos``: the hints grouping, the exercises' goals and the
  lessons' rule demonstrations;
* ``reasons``: the strategy lesson's ideas a move follows or goes against, worked out
  from the mover's view (``cardschool.engine.reasons``);
* ``measure``: the expert's measure in the learner's words (its name and definition in
  the game's catalog) and a move as a phrase (``cardschool.engine.advice``);
* ``spec``: the game's entry in the registry (``SPEC``).
"""

from __future__ import annotations

from typing import Any

from . import mililla, mille
from .catalog import either
from .errors import ArgumentError, SavedGameError
from .messages import Message, message
from .protocol import GameLike
from .saving import read_object, replay, save_format
from .spec import GameSpec

__all__ = ["GAMES", "game_spec", "new_game", "read_save", "spec_for_prefix", "spec_of"]

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (mille.SPEC, mililla.SPEC)}
"""Every game, by name."""


def _names() -> Message | str:
    return either(list(GAMES))


def game_spec(name: object) -> GameSpec:
    """The spec of the game called ``name``; ValueError naming the games for anything else."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise ArgumentError(message("saving:unknown-game", name=repr(name), games=_names()))
    return spec


def new_game(kind: str, seed: int, rules: Any = None) -> GameLike:
    """A new match of the game called ``kind`` from a seed and optional rules (None: the
    rulebook's)."""
    spec = game_spec(kind)
    return spec.new_game(seed, rules if rules is not None else spec.default_rules())


def spec_of(game: GameLike) -> GameSpec:
    """The spec of a game object (by its ``kind``)."""
    return game_spec(game.kind)


def spec_for_prefix(prefix: str) -> GameSpec | None:
    """The game whose deal codes start with ``prefix`` (``MIL``), or None."""
    return next((spec for spec in GAMES.values() if spec.code_prefix == prefix), None)


def read_save(text: str | bytes) -> GameLike:
    """Replay a saved game of any game of the registry, known by its ``format``."""
    data = read_object(text, "")
    name = data.get("format")
    spec = next((s for s in GAMES.values() if save_format(s.name) == name), None)
    if spec is None:
        known = either([repr(save_format(s)) for s in GAMES])
        said = message("saving:unknown-format", format=repr(name), known=known)
        raise SavedGameError(said)
    return replay(spec.game_type, data)
