"""Mille's part of the save format (``cardschool.engine.saving`` writes and reads the rest).

A Mille save records the start position as the text ``Game.from_position`` read, or, for a
game built from a seat's view, that position written out; null for the deal the seed makes.
The header, the checks and the replay of the moves are the generic ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..saving import VERSION, read, save_format, write
from .position import format_position

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FORMAT", "VERSION", "game_from_json", "game_to_json", "start_text"]

FORMAT = save_format("mille")
"""The ``format`` field of a saved Mille game."""

G = TypeVar("G", bound="Game")


def start_text(game: Game) -> str | None:
    """The text of the game's start position, written out once; None for the seed's deal."""
    if game._start is None and game._start_state is not None:
        game._start = format_position(game._start_state)
    return game._start


def game_to_json(game: Game) -> str:
    """The saved form: the generic header, the start position text (or null) and the moves."""
    return write(game, start_text(game))


def game_from_json(cls: type[G], text: str) -> G:
    """Replay a saved game through the rules; SavedGameError naming the problem if bad."""
    return read(cls, text)
