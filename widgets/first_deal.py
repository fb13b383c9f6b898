"""A lesson's whole deal marked done in the browser, for the landing page to show.

The "first hand" and "first round" steps of the path have no exercises: they are done once
the learner has played a deal to its end. :class:`DealDone` watches the lesson's table and,
when its deal is over, sets ``record`` to a progress record (the exercise records' shape,
``progress.check_record``) that its front end keeps under ``cardschool/v1/progress/<step's
notebook>``; the landing page reads it back (``landing.py``) and checks it like any other::

    {"version": 1, "file": "mille/first-hand.ipynb", "stars": {"deal": 1}}
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from cardschool.engine.exercises import empty_record

from .front_end import with_storage

__all__ = ["DEAL_DONE", "DealDone"]

DEAL_DONE = "deal"
"""The one id a whole-deal step's record holds once its deal was played to the end."""


class DealDone(anywidget.AnyWidget):
    """Keeps, in the browser, that the deal of a table was played to its end (no display)."""

    _esm, _css = with_storage("first_deal")

    record = traitlets.Dict().tag(sync=True)
    """The record the front end stores (empty until the deal is over)."""

    def __init__(self, table: Any, key: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table = table
        self.key = key
        table.observe(self._check, names="state")
        self._check()

    def _check(self, _change: object = None) -> None:
        """Mark the step done once the table's deal is over (never unmarked)."""
        if self.record or not self.table.session.game.deal_over:
            return
        self.record = {**empty_record(self.key), "stars": {DEAL_DONE: 1}}
