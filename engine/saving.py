"""The saved game, written and read once for every game: a header, a start and the moves.

A save is a JSON object with these fields, the same for every game of the registry:

* ``format``: ``"cardschool-"`` and the game's name (``save_format``);
* ``version``: the version of this format (:data:`VERSION`);
* ``seed``: the seed all chance comes from;
* ``rules``: the rules object's ``to_dict()``;
* ``start`` (may be left out): the start position as the game's position text, or null
  for the deal the seed makes, which is also what a save without ``start`` means;
* ``moves``: every move played from the start, as text, ``"next"`` between deals.

:func:`write` writes it; :func:`read` replays it through the game's rules, move by move,
and refuses anything else with a :class:`~cardschool.engine.errors.SavedGameError` naming
the first problem (a new game is built: nothing that exists is changed); :func:`read_good`
keeps the moves before a save's first bad move and names that move instead. A game supplies
only its own parts, in its ``saving`` module: where its start position comes from, and
its rules, its ``from_position`` and its moves through the registry.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from .errors import IllegalMoveError, InvalidMoveError, SavedGameError
from .protocol import DEAL_OVER_MOVE, GameLike, check_seed

__all__ = [
    "FIELDS",
    "VERSION",
    "read",
    "read_good",
    "read_object",
    "replay",
    "replay_good",
    "save_format",
    "write",
]

VERSION = 1
"""The version of the saved-game format written and read."""
FIELDS = ("format", "version", "seed", "rules", "start", "moves")
"""The fields of a save, in the order written."""
_OPTIONAL = {"start"}
_PREFIX = "cardschool-"

G = TypeVar("G", bound=GameLike)


def save_format(name: str) -> str:
    """The ``format`` field of the saves of the game called ``name``."""
    return _PREFIX + name


def write(game: GameLike, start: str | None) -> str:
    """The saved game: format, version, seed, rules, start position (or null) and moves."""
    return json.dumps(
        {
            "format": save_format(game.kind),
            "version": VERSION,
            "seed": game.seed,
            "rules": game.rules.to_dict(),
            "start": start,
            "moves": game.history,
        }
    )


def read(cls: type[G], text: str | bytes) -> G:
    """Replay a saved game of the game class ``cls`` (its ``kind``, ``title`` and
    ``rules_type`` say which game); SavedGameError names any problem."""
    return replay(cls, _of_game(cls, text))


def read_good(cls: type[G], text: str | bytes) -> tuple[G, SavedGameError | None]:
    """Like :func:`read`, but a move that cannot be played ends the replay instead of
    refusing the save: the game up to that move, and the error naming it (None: none)."""
    return replay_good(cls, _of_game(cls, text))


def _of_game(cls: type, text: str | bytes) -> dict[str, Any]:
    """The save's JSON object, refused unless it is a save of the game class ``cls``."""
    data = read_object(text, cls.title)  # type: ignore[attr-defined]
    if data.get("format") != save_format(cls.kind):  # type: ignore[attr-defined]
        raise SavedGameError(
            f"not a saved {cls.title} game: its format is {data.get('format')!r}, "  # type: ignore[attr-defined]
            f"not {save_format(cls.kind)!r}"  # type: ignore[attr-defined]
        )
    return data


def read_object(text: object, title: str) -> dict[str, Any]:
    """The save's JSON object, or SavedGameError."""
    game = f"{title} game" if title else "game"
    if not isinstance(text, (str, bytes, bytearray)):
        raise SavedGameError(f"a saved {game} is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SavedGameError(f"a saved {game} must be JSON text: {error}") from None
    if not isinstance(data, dict):
        raise SavedGameError(f"not a saved {game}: a save is a JSON object with its format")
    return data


def replay(cls: type[G], data: dict[str, Any]) -> G:
    """Check a save's header, then set up the start and replay every move through the rules."""
    game, bad = replay_good(cls, data)
    if bad is not None:
        raise bad
    return game


def replay_good(cls: type[G], data: dict[str, Any]) -> tuple[G, SavedGameError | None]:
    """Check a save's header, set up the start and replay its moves up to the first one the
    rules refuse: the game so far, and the error naming that move (None: every move played)."""
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SavedGameError(
            f"saved-game version {version!r} is unknown; this engine reads version {VERSION}"
        )
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise SavedGameError(f"unknown field(s) in the saved game: {', '.join(unknown)}")
    missing = [name for name in FIELDS if name not in data and name not in _OPTIONAL]
    if missing:
        raise SavedGameError(f"missing field(s) in the saved game: {', '.join(missing)}")
    seed, start, moves = data["seed"], data.get("start"), data["moves"]
    try:
        check_seed(seed)
    except ValueError as error:
        raise SavedGameError(f"seed: {error}") from None
    try:
        rules = cls.rules_type.from_dict(data["rules"])  # type: ignore[attr-defined]
    except (TypeError, ValueError) as error:
        raise SavedGameError(f"rules: {error}") from None
    if start is not None and not isinstance(start, str):
        raise SavedGameError("start: must be a position text or null")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SavedGameError("moves: must be a list of move texts")
    if start is None:
        game = cls(seed, rules)
    else:
        try:
            game = cls.from_position(start, rules, seed)  # type: ignore[attr-defined]
        except (SavedGameError, InvalidMoveError) as error:
            raise SavedGameError(f"start: not a position: {error}") from None
    for number, move in enumerate(moves, 1):
        is_next = move.strip().lower() == DEAL_OVER_MOVE
        try:
            if is_next:
                game.next_deal()
            else:
                game.play(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            what = "next deal" if is_next else repr(move)
            return game, SavedGameError(f"move {number} ({what}) cannot be played: {error}")
    return game, None
