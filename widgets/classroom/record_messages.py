"""The English words of the class records' and board's own sentences (``classroom`` catalog).

A second catalog of the ``classroom`` namespace (its entries join those of ``messages.py``),
kept beside the store, the recorder and the board that say them. Each entry is a whole
sentence keyed by its message id (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["RECORDS"]

RECORDS = register(
    Catalog(
        "classroom",
        {
            # the board's cells of a deal not ended (issue 26.8), and their counts
            "classroom:board.started": "started",
            "classroom:board.playing": "playing",
            "classroom:board.gave-up": "gave up",
            "classroom:board.cell-refused": Plural(
                "count", "{count} refused move", "{count} refused moves"
            ),
            "classroom:board.cell-hints": Plural("count", "{count} hint", "{count} hints"),
            "classroom:board.cell-coach": Plural(
                "count", "coach opened {count} time", "coach opened {count} times"
            ),
        },
    )
)
"""The class records' and board's sentences."""
