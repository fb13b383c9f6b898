"""Mille in the widgets layer: everything of the game a table, a page or a lesson shows.

``table.py`` (:class:`MilleTable`: clicks become Mille moves, the cards picked are its own
marks), ``picture.py`` (the parts of the table picture), ``board.py`` (its board in the
table state), ``breakdowns.py`` (the end-of-hand breakdown), ``lessons.py`` (the words of
its moves, the scoring lesson), ``table.js`` and ``table.css`` (its parts of the table's
front end). ``PARTS`` is what the widgets' registry (``games.py``) holds for it.
"""

from cardschool.engine.mille.demos import DEMOS

from ..table_parts import TableParts
from .board import MilleBoard
from .lessons import VERBS
from .table import MilleTable

__all__ = ["PARTS", "MilleTable"]

PARTS = TableParts(table=MilleTable, board=MilleBoard, verbs=VERBS, demos=DEMOS)
"""Mille's parts, as the widgets' registry holds them."""
