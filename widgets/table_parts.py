"""What the widgets' registry (``games.py``) holds for one game: its :class:`TableParts`.

Each game's folder (``widgets/<game>/__init__.py``) declares its parts once, as ``PARTS``:
its table class (which names its picture parts and its front-end module), the dataclass of
its board, and its lesson parts (the words of its written moves, its rule demonstrations
from ``engine/<game>/demos.py``). Generic code looks them up by the game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardschool.engine.demos import Demo

if TYPE_CHECKING:
    from .game_table import GameTable
    from .picture import Parts

__all__ = ["TableParts"]


@dataclass(frozen=True, slots=True)
class TableParts:
    """One game in the widgets layer, as generic code sees it."""

    table: type[GameTable]
    """The game's table class (its ``kind`` is the game's name in the engine's registry)."""
    board: type
    """The dataclass of the game's board: the ``table`` part of the state it draws."""
    verbs: Mapping[str, str]
    """What the first word of a written move means, for the lessons: the id of its words in
    the game's catalog (a card alone means: play it, ``lesson:verb.play``)."""
    demos: tuple[Demo, ...] = ()
    """The game's rule demonstrations for the lessons."""

    @property
    def name(self) -> str:
        """The game's name, as the engine's registry knows it: ``table.kind``."""
        return self.table.kind

    @property
    def picture(self) -> type[Parts]:
        """The game's parts of the table picture (its table's ``parts``)."""
        return self.table.parts

    @property
    def front_end(self) -> str | None:
        """The front end the table joins after the core (its table's ``GAME_MODULE``: the
        game's ``widgets/<game>/table.js`` and ``table.css``), or None."""
        return self.table.GAME_MODULE
