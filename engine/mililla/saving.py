"""Mililla's part of the save format (``cardschool.engine.saving`` writes and reads the rest).

A Mililla save records the start position as the text ``Game.from_position`` read
(``State.start_text``), or null for the deal the seed makes; the header, the checks and the
replay of the moves are the generic ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..saving import VERSION, read, save_format, write

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FORMAT", "VERSION", "game_from_json", "game_to_json", "start_text"]

FORMAT = save_format("mililla")
"""The ``format`` field of a saved Mililla game."""

G = TypeVar("G", bound="Game")


def start_text(game: Game) -> str | None:
    """The text of the game's start position; None for the seed's deal."""
    return game.state.start_text


def game_to_json(game: Game) -> str:
    """The saved form: the generic header, the start position text (or null) and the moves."""
    return write(game, start_text(game))


def game_from_json(cls: type[G], text: str) -> G:
    """Replay a saved game through the rules; SavedGameError naming the problem if bad."""
    return read(cls, text)
