"""Card tables for Jupyter and Voilà: anywidget views over a cardschool session.

* ``cardschool.widgets.table``: :class:`TableWidget`, the anywidget component both games
  share (front end: a core made of regions in ``static/``, each game's module in its folder,
  ``<game>/table.js``, joined by ``front_end.py``, no build step). Python computes a table
  state and calls ``show(state)``; the browser sends intents, checked by
  ``handle_intent`` and passed to the ``on_intent`` hook a game table implements.
* ``cardschool.widgets.state``: the table-state contract (frozen dataclasses with
  ``to_dict()``, and ``check_state`` for plain dicts), documented field by field.
* ``cardschool.widgets.intents``: the intents the browser may send, typed records read
  strictly by the engine's record layer (the exercise widget's: ``exercise_intents.py``).
* ``cardschool.widgets.picture``: :func:`picture`, the table state as a pure function of a
  session, the learner's seat and the table's :class:`Marks`, with each game's parts.
* One folder per game (``widgets/<game>/``: its table, picture parts, board, breakdowns
  and lesson parts), listed by the widgets' registry ``games.py``. Each game's table
  (over ``game_table.GameTable``) is a learner's seat at a game over a Session, bots
  paced, and can be imported from here by its class name; :func:`table_for` picks the
  class by ``session.kind``; :func:`practice` is a match against the bots with a choice
  of level (``practice.py``).
* :func:`exercises` shows a file's exercises one after another in an
  :class:`ExerciseWidget` (``exercise.py``; progress kept in the browser, checked here).
* ``cardschool.widgets.rules_page``: a game's Rules page, every entry of its rulebook.
"""

from typing import Any

from .games import TABLES
from .practice import Practice, practice, table_for
from .server_log import keep_logs_on_server

keep_logs_on_server()  # in a page's kernel: no traceback is sent to the browser

__all__ = [
    "ExerciseWidget",
    "Practice",
    "exercises",
    "practice",
    "table_for",
]


def __getattr__(name: str) -> Any:
    """``ExerciseWidget`` and ``exercises``, imported when first asked for (PEP 562), and
    each game's table class by its name (``MilleTable``), from the registry.

    Lazy for a reason: they pull in the exercise checker (``engine.exercises``), which a
    practice page's kernel never uses, and every page starts a kernel that imports us.
    """
    if name in ("ExerciseWidget", "exercises"):
        from . import exercise

        return getattr(exercise, name)
    for parts in TABLES.values():
        if parts.table.__name__ == name:
            return parts.table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
