"""Saving a match as JSON and replaying it back, refusing anything malformed or tampered."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TypeVar

from ..errors import IllegalMoveError, InvalidMoveError, SavedGameError
from ..protocol import DEAL_OVER_MOVE, check_seed
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FORMAT", "VERSION", "game_from_json", "game_to_json"]

FORMAT = "cardschool-mililla"
"""The ``format`` field of a saved Mililla game."""
VERSION = 1
"""The only version this engine writes and reads."""

G = TypeVar("G", bound="Game")
_KEYS = {"format", "version", "seed", "rules", "start", "moves"}


def game_to_json(game: Game) -> str:
    """The saved form: format, version, seed, rules, start position (or null) and moves."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "seed": game.seed,
            "rules": game.rules.to_dict(),
            "start": game.state.start_text,
            "moves": game.history,
        }
    )


def game_from_json(cls: type[G], text: str) -> G:
    """Replay a saved game from its seed, rules, start and moves; SavedGameError if bad."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SavedGameError(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SavedGameError(f"the saved game is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise SavedGameError("a saved Mililla game is a JSON object")
    if data.get("format") != FORMAT:
        raise SavedGameError(f"not a saved Mililla game: format is {data.get('format')!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SavedGameError(
            f"unknown saved-game version {version!r} (this engine reads {VERSION})"
        )
    unknown = sorted(set(data) - _KEYS)
    missing = sorted(_KEYS - set(data))
    if unknown or missing:
        raise SavedGameError(
            "the saved game has "
            + "; ".join(
                part
                for part in (
                    f"unknown fields {', '.join(unknown)}" if unknown else "",
                    f"missing fields {', '.join(missing)}" if missing else "",
                )
                if part
            )
        )
    seed = data["seed"]
    if type(seed) is not int:
        raise SavedGameError(f"the seed must be a whole number, not {seed!r}")
    try:
        check_seed(seed)
    except ValueError as error:
        raise SavedGameError(f"bad seed: {error}") from None
    try:
        rules = Rules.from_dict(data["rules"])
    except (ValueError, TypeError) as error:
        raise SavedGameError(f"bad rules: {error}") from None
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SavedGameError("'moves' must be a list of move texts")
    start = data["start"]
    if start is None:
        game = cls(seed, rules)
    elif isinstance(start, str):
        try:
            game = cls.from_position(start, rules, seed)
        except SavedGameError as error:
            raise SavedGameError(f"bad start position: {error}") from None
    else:
        raise SavedGameError("'start' must be a position text or null")
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            what = "next deal" if move.strip().lower() == DEAL_OVER_MOVE else repr(move)
            raise SavedGameError(f"move {number} ({what}) cannot be replayed: {error}") from None
    return game
