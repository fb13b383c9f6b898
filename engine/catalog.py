"""The English words of the generic messages (sessions, reviews, the expert's judgement).

Each entry is a whole sentence with named placeholders, keyed by its message id; a
sentence about a seat has a second-person form under ``id#you`` (see ``messages``).
"""

from __future__ import annotations

from .messages import Catalog, register

__all__ = ["SESSION"]

SESSION = register(
    Catalog(
        "session",
        {
            "session.match-over": "The match is over.",
            "session.deal-over": "The deal is over: start the next one.",
            "session.not-your-turn": "It is {to_move}'s turn, not {who}'s.",
            "session.bot-to-move": "Wait: {who} (a bot) is to move.",
            "session.no-seat": "There is no seat {seat!r}: seats are 0 to {last}.",
        },
    )
)
"""Sentences a session says when it refuses a request."""
