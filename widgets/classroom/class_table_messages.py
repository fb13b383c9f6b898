"""The English words of a class's shared tables (issue 29.4, ``classroom`` catalog).

Why the teacher's tables or a student's seat are refused (``class_tables.py``), how the
teacher's board lists the class's live tables and shows the one the teacher watches
(``board.py``, ``teacher.py``). Each entry is a whole sentence
or a label keyed by its message id (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["CLASS_TABLES"]

CLASS_TABLES = register(
    Catalog(
        "classroom",
        {
            # the teacher opens tables; a student asks for a seat
            "classroom:class-tables.count": "Open from 1 to {most} tables at once.",
            "classroom:class-tables.too-many": (
                "The class has {live} tables being played already: at most {most} at a time."
            ),
            "classroom:class-tables.full": (
                "Every seat kept for a student at the class's tables is taken. "
                "Ask your teacher to open more tables."
            ),
            "classroom:class-tables.none": (
                "No table of the class is being played: your teacher opens them."
            ),
            "classroom:table.class-seats": (
                "This table is a class's: the class page seats its students there."
            ),
            # the class page (student.py)
            "classroom:class-tables.sit": "Sit at the class's table",
            "classroom:class-tables.none-here": (
                "This page reaches no class server, so it has no table of the class."
            ),
            "classroom:class-tables.unseated": "No seat was found for you. {why}",
            # the teacher's board
            "classroom:board.tables": "Tables being played",
            "classroom:board.no-tables": "No table of the class is being played.",
            "classroom:board.table": "Table",
            "classroom:board.table-game": "Game",
            "classroom:board.table-seats": "Seats",
            "classroom:board.table-move": "Move",
            "classroom:board.table-turn": "To play",
            "classroom:board.table-bot": "bot",
            "classroom:board.table-away": "{name} (bot playing)",
            "classroom:board.table-seat": "{seat}: {who}",
            # the teacher opens tables for the class (teacher.py)
            "classroom:board.open-heading": "Tables for the class",
            "classroom:board.open-help": (
                "Students' seats are the seats kept for your students (the bots play the "
                "others): hold Ctrl, or ⌘ on a Mac, to choose several; on a phone, tap each."
            ),
            "classroom:board.open-game": "Game",
            "classroom:board.open-bots": "Their bots",
            "classroom:board.open-seats": "Students' seats",
            "classroom:board.open-count": "Tables",
            "classroom:board.open": "Open tables",
            "classroom:board.opened": Plural(
                "count",
                "{count} table opened, one deal for all: {codes}. Each student asks for a seat "
                "from the class.",
                "{count} tables opened, one deal for all: {codes}. Each student asks for a seat "
                "from the class.",
            ),
            "classroom:board.not-opened": "No table was opened: {why}",
            # the teacher watches one of them (teacher.py, board.watch_html)
            "classroom:board.watch-choice": "{code} · {game} · move {move}",
            "classroom:board.watch-table": "Table",
            "classroom:board.watch": "Watch",
            "classroom:board.watch-choose": "Choose a table being played first.",
            "classroom:board.watch-failed": "The table could not be shown: {why}",
            "classroom:board.watch-heading": "Table {code}: {game}",
            "classroom:board.watch-hidden": (
                "Every hand stays hidden until the deal is over. Press Watch again for the "
                "moves since."
            ),
            "classroom:board.watch-turn": "Move {number} is to come: {seat} ({who}) to play.",
            "classroom:board.watch-over": (
                "The deal is over: its deal code is {code}. Each student's record of it opens "
                "in the replay."
            ),
            "classroom:board.watch-hands": "The hands as dealt",
            "classroom:board.watch-moves": "The moves played",
            "classroom:board.watch-no-move": "No move yet.",
        },
    )
)
