"""A practice table over a class database the test makes read-only or writable between page
loads (``test_class_progress.py``, issue 26.7): the kernel reads where the database is, and
whether it is to refuse writes, from :data:`SETTING` as the page opens."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable

SETTING = Path(tempfile.gettempdir()) / "cardschool-class-kept.json"
"""``{"db": path, "read_only": bool}``, written by the test before it opens the page; without
it (the notebook run on its own, as the suite's notebook check does) a fresh writable database."""


def table_over_the_class_database() -> MilillaTable:
    """A Mililla table whose joined student's records go to the test's class database."""
    if SETTING.exists():
        setting = json.loads(SETTING.read_text())
    else:
        fresh = Path(tempfile.mkdtemp(prefix="cardschool-kept-")) / "class.db"
        setting = {"db": str(fresh), "read_only": False}
    path = setting["db"]
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"  # reads work, writes are refused
    os.environ["CARDSCHOOL_DB"] = read_only if setting["read_only"] else path
    seats = ("human", "random", "random", "random")
    return MilillaTable(Session.new("mililla", 11, seats=seats), speed=0)
