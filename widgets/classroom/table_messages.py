"""The English words of the shared tables' sentences (``classroom`` catalog, ``table.*``).

A catalog of the ``classroom`` namespace kept beside ``tables.py``, which says them: why a
table, a seat or a move is refused. Each entry is a whole sentence keyed by its message id
(see ``cardschool.engine.messages``); ``{who}`` is a seat, said with the table's seat names.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["TABLES"]

TABLES = register(
    Catalog(
        "classroom",
        {
            # opening a table
            "classroom:table.no-game": "There is no game called {game}.",
            "classroom:table.level": "The bots' level is one of {levels}, not {level}.",
            "classroom:table.variant": "{game} has no variant {field} a table can play.",
            "classroom:table.variants": "These variants cannot be played at a table: {why}",
            "classroom:table.people": (
                "The people's seats are numbers from 0 to {last}, each once, and at least one."
            ),
            # finding a table, taking a seat
            "classroom:table.no-table": "No table has that code.",
            "classroom:table.full": "Every seat of this table kept for a person is taken.",
            "classroom:table.no-seat": "This table has no seat {seat}.",
            "classroom:table.bots-seat": "The bots play the seat of {who} at this table.",
            "classroom:table.seat-taken": "The seat of {who} is taken by another player.",
            "classroom:table.seated": "You sit at this table already, in the seat of {who}.",
            "classroom:table.not-seated": "You have no seat at this table.",
            # a move
            "classroom:table.other-seat": "This move is for the seat of {who}, which is not yours.",
            "classroom:table.over": "The deal is over: no move can follow.",
            "classroom:table.stale": (
                "Move {number} is not the next one: the table is at move {next}. "
                "Look at the table again."
            ),
            "classroom:table.out-of-turn": "It is the turn of {who}, not yours.",
            "classroom:table.illegal": "This move breaks the rule {rule}: {why}",
            "classroom:table.unplayable": "This move cannot be played: {why}",
            "classroom:table.move-text": "A move is text of 1 to {most} characters.",
            "classroom:table.counts": (
                "The counts sent with a move are whole numbers up to {most} (hints, coach, "
                "and refused moves by the rule of this table's game that refused them)."
            ),
            "classroom:table.played-first": (
                "Another move was played first for this turn. Look at the table again."
            ),
            "classroom:table.no-undo": (
                "There is no undo at a shared table: every player has seen the move."
            ),
            # the coach switched off for everyone (issue 29.2)
            "classroom:table.coach-value": "The coach is allowed (true) or not (false).",
            "classroom:table.coach-creator": (
                "Only the player who opened this table may switch the coach on or off."
            ),
            # the class server's table routes (table_api.py)
            "classroom:table.kernel-only": (
                "Only the served app's kernels may read a table's deal while it is played."
            ),
            "classroom:table.no-kernel-key": (
                "This class server was started without a kernel key: "
                "it gives no table's deal while it is played."
            ),
            "classroom:table.since": (
                "Ask for the moves after a move number (0 or more), waiting at most {most} seconds."
            ),
            # the class server's command line (server.py), read by whoever runs it
            "classroom:server.help-kernel-key": (
                "a file holding the served app's kernel key, which may read a table's deal "
                "while it is played (else CARDSCHOOL_KERNEL_KEY)"
            ),
            "classroom:server.help-table-wait": (
                "seconds a shared table's seat waits for its player before the bots play it"
            ),
            "classroom:server.help-table-sweep": (
                "seconds between two looks for the shared tables' seats the bots should play"
            ),
        },
    )
)
