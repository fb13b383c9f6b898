"""The engine's error kinds: all are ValueErrors, and none leaves a game changed.

Every error a person may read carries its sentence as a message (``error.said``), so that a
page renders it in the reader's words; ``str(error)`` is that sentence in the catalogs' own
words (English), for logs and tests. Raise one with a message::

    raise SavedGameError(message("saving:not-json"))
"""

from __future__ import annotations

from typing import Any

from .messages import Message, render

__all__ = [
    "ArgumentError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PositionTextError",
    "SavedGameError",
    "Told",
    "said_of",
]


class Told(Exception):
    """An error whose sentence is a message a person reads: ``.said``; ``str()`` renders it.

    Words that came from elsewhere (another library's error) may be given as text: they are
    kept as they are (``said:words``), untranslated; every sentence of our own is a message.
    """

    def __init__(self, said: Message | str, *details: Any) -> None:
        self.said = said if isinstance(said, Message) else Message.parse(str(said))
        super().__init__(self.said, *details)

    def __str__(self) -> str:
        return render(self.said)


def said_of(error: BaseException) -> Message:
    """The sentence of any error: its message when it is :class:`Told`, else its words."""
    if isinstance(error, Told):
        return error.said
    return Message.parse(str(error))


class InvalidMoveError(Told, ValueError):
    """The text could not be read as a move or a card (a typo, not a rule)."""


class IllegalMoveError(Told, ValueError):
    """The move is readable but breaks a rule; ``.rule`` is its id in the rulebook.

    ``.said`` (and ``.reason``, its words) is the sentence a learner reads; ``str(error)``
    adds the rule id.
    """

    def __init__(self, rule: str, reason: Message | str) -> None:
        super().__init__(reason)
        self.rule = rule

    @property
    def reason(self) -> str:
        """The sentence a learner reads, in the catalogs' own words."""
        return render(self.said)

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (IllegalMoveError, (self.rule, self.said))


class SavedGameError(Told, ValueError):
    """A saved game, session, position or deal code is malformed or has been tampered with."""


class PositionTextError(SavedGameError):
    """A position text an exercise author wrote is malformed: its words are for the author.

    Only exercise files and demos hold position texts (no learner types or sends one), so
    its sentence is plain English, like the exercise-file checker's.
    """


class ArgumentError(Told, ValueError):
    """A value handed to the engine is out of what it takes (a seat number, a bot's level or
    budget, a rules setting): said as a message, since such a value may come from a save."""
