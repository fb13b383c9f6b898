"""Mille's part of the save format (``cardschool.engine.saving`` writes and reads the rest).

A Mille save records the start position as the text ``Game.from_position`` read, or, for a
game built from a seat's view, that position written out; null for the deal the seed makes.
The header, the checks and the replay of the moves are the generic ones (``Game.start_text``
gives the start; ``engine/on_state.py`` writes and reads the save).
"""

from __future__ import annotations

from ..saving import VERSION, save_format

__all__ = ["FORMAT", "VERSION"]

FORMAT = save_format("mille")
"""The ``format`` field of a saved Mille game."""
