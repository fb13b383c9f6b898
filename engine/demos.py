"""Rule demonstrations as data: a position where a rule decides, and the moves to try in it.

Each game package lists its own (``engine/<game>/demos.py``, ``DEMOS``); the lessons show
them (``widgets/lessons.py``), asking the engine for every answer at display time, and the
tests check that each really turns on the rule it is filed under.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Message

__all__ = ["Demo"]


@dataclass(frozen=True, slots=True)
class Demo:
    """A position where a rule decides, and the moves a lesson tries in it."""

    name: str
    """The demonstration's name in a lesson: ``"beat-by-trumping"``."""
    rule: str
    """The rule id it turns on."""
    caption: Message
    """One sentence about the position, shown above it (in the page's language)."""
    position: str
    """The position, in the game's position text (``from_position``)."""
    moves: tuple[str, ...] = ()
    """The moves tried, written as the game reads them (none: every card of the hand)."""

    @property
    def game(self) -> str:
        """The game the rule belongs to: the first part of its id (``mille.draw.pile``)."""
        return self.rule.split(".")[0]
