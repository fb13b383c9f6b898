"""The English words of the tables' generic status lines (the ``table`` catalog).

Each entry is a whole sentence keyed by its message id; a sentence about a seat has its
second-person form under ``id#you`` (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

__all__ = ["TABLE"]

TABLE = register(
    Catalog(
        "table",
        {
            "table:stuck": "A bot could not move: undo, or start a new deal.",
            "table:playing": "{who} is playing…",
            "table:playing#you": "You are playing…",
        },
    )
)
"""The tables' generic sentences."""
