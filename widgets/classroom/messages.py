"""The English words of the class pages' own sentences (the ``classroom`` catalog).

Each entry is a whole sentence keyed by its message id (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

__all__ = ["CLASSROOM"]

CLASSROOM = register(
    Catalog(
        "classroom",
        {
            "classroom:join-how": (
                "Type the class code your teacher gave you and your name, then press Join. "
                "This browser remembers that you joined, so next time the page opens with your "
                "class. Your assignments appear below: follow a link to open the deal on its "
                "practice page or the exercises in their lesson, or press its button to do it "
                "on this page. Once you have joined, every deal you finish and every exercise "
                "you solve in this browser is recorded for your teacher, on the practice pages "
                "and in the lessons too."
            ),
            "classroom:join-leave": (
                "On a shared computer, press Leave this class on this browser when you are done."
            ),
            "classroom:db-vanished": (
                "The class database file {path} was removed while the server was running, so "
                "nothing more is recorded: ask whoever runs the server to put it back and "
                "restart the server. A new empty database was not made in its place."
            ),
            "classroom:db-vanished-rescued": (
                "The class database file {path} was removed while the server was running, so "
                "nothing more is recorded. What this server still saw of it is kept in {copy}: "
                "ask whoever runs the server to put that copy back as {path} and restart the "
                "server. A new empty database was not made in its place."
            ),
            "classroom:db-missing-wal": (
                "The class database file {path} is missing but its journal {wal} still holds "
                "records, so a new empty database was not made (that would throw them away): "
                "ask whoever runs the server to put the file back."
            ),
            "classroom:db-missing-rescued": (
                "The class database file {path} is missing and a copy of it was rescued as "
                "{copy}, so a new empty database was not made: ask whoever runs the server to "
                "put that copy back as {path}."
            ),
            "classroom:join-needs-server": "Joining a class needs the served app, for now.",
            "classroom:teach-needs-server": "Teaching a class needs the served app, for now.",
            "classroom:why-not-here": (
                "This copy of the school runs in your browser alone, and a class's records are "
                "kept on a server, so there is no class to join or teach here: this page has "
                "no Join box and no board."
            ),
            "classroom:what-works-here": (
                "Lessons, exercises and practice work here as everywhere, and your stars stay "
                "in this browser."
            ),
            "classroom:where-instead": (
                "For a class, ask your teacher for the address of their school's served app "
                "(cardschool run on a server) and open this page there."
            ),
        },
    )
)
"""The class pages' sentences."""
