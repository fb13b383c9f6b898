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
            "classroom:board.checking": "being checked by the class server",
            "classroom:board.cell-refused": Plural(
                "count", "{count} refused move", "{count} refused moves"
            ),
            "classroom:board.cell-hints": Plural("count", "{count} hint", "{count} hints"),
            "classroom:board.cell-coach": Plural(
                "count", "coach opened {count} time", "coach opened {count} times"
            ),
            "classroom:board.result.won": "won",
            "classroom:board.result.lost": "lost",
            "classroom:board.result.tied": "tied",
            "classroom:board.solved": "{count} solved",
            "classroom:board.heading": "{title} (class {code})",
            # the store's refusals (store.py, members.py)
            "classroom:store.no-free-code": "No free class code was found; try again.",
            "classroom:store.key-wrong": "That class code and teacher key do not match.",
            "classroom:store.no-class": (
                "There is no class {code}: check the code with your teacher."
            ),
            "classroom:store.kind": "An assignment is a deal or exercises, not {kind}.",
            "classroom:store.target": "An assignment needs a deal code or an exercise file name.",
            "classroom:store.most-assignments": "A class has at most {count} assignments.",
            "classroom:store.same-assignment": "The class has this assignment already: {target}.",
            "classroom:store.most-students": "A class has at most {count} students.",
            "classroom:store.no-deal": "That record holds no deal of this class.",
            "classroom:member.invalid": (
                "This browser's class membership is not valid: join again."
            ),
            # a record the kernel made, checked before it is kept (record_in.py): clauses
            "classroom:record.refused": "The record was refused: {why}.",
            "classroom:record-in.kind": "a record is about one of {kinds}, not {kind}",
            "classroom:record-in.target": "a record's target is a deal code or a file name",
            "classroom:record-in.result": "a record's result is one of {results}, not {result}",
            "classroom:record-in.number": "a record's {field} is a whole number",
            "classroom:record-in.count": "a record's {field} count is a whole number from 0",
            "classroom:record-in.live": "a record's live moves are some of its moves",
            "classroom:record-in.illegal": "illegal attempts are counted by rule id",
            "classroom:record-in.save": "a record's save is too big to keep",
            "classroom:record-in.uid": "a record's uid is 32 hex digits",
            # the recorder's lines (recording.py)
            "classroom:record.kept": "{what} is recorded for your class ({name}).",
            "classroom:record.what-deal": "Your {deal}",
            "classroom:record.what-exercise": "Exercise {number}",
            "classroom:record.what-kept": "Work this browser kept",
        },
    )
)
"""The class records' and board's sentences."""
