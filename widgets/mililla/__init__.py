"""Mililla in the widgets layer: everything of the game a table, a page or a lesson shows.

``table.py`` (:class:`MilillaTable`: a click plays a card, a finished trick on show is its
own mark), ``picture.py`` (the parts of the table picture), ``board.py`` (its board in the
table state), ``breakdowns.py`` (the end-of-round breakdown, the teams' labels),
``lessons.py`` (the words of its moves), ``table.js`` and ``table.css`` (its parts of the
table's front end). ``PARTS`` is what the widgets' registry (``games.py``) holds for it.
"""

from cardschool.engine.mililla.demos import DEMOS

from ..table_parts import TableParts
from .board import MilillaBoard
from .lessons import VERBS
from .table import MilillaTable

__all__ = ["PARTS", "MilillaTable"]

PARTS = TableParts(table=MilillaTable, board=MilillaBoard, verbs=VERBS, demos=DEMOS)
"""Mililla's parts, as the widgets' registry holds them."""
