"""Mililla's part of the save format (``cardschool.engine.saving`` writes and reads the rest).

A Mililla save records the start position as the text ``Game.from_position`` read
(``State.start_text``, given by ``Game.start_text``), or null for the deal the seed makes;
the header, the checks and the replay of the moves are the generic ones
(``engine/on_state.py`` writes and reads it).
"""

from __future__ import annotations

from ..saving import VERSION, save_format

__all__ = ["FORMAT", "VERSION"]

FORMAT = save_format("mililla")
"""The ``format`` field of a saved Mililla game."""
