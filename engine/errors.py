"""The engine's error kinds: all are ValueErrors, and none leaves a game changed."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "InvalidMoveError", "SavedGameError"]


class InvalidMoveError(ValueError):
    """The text could not be read as a move or a card (a typo, not a rule)."""


class IllegalMoveError(ValueError):
    """The move is readable but breaks a rule; ``.rule`` is its id in the rulebook.

    ``.reason`` is the sentence a learner reads; ``str(error)`` adds the rule id.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason


class SavedGameError(ValueError):
    """A saved game, session, position or deal code is malformed or has been tampered with."""
