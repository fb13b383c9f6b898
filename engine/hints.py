"""Hints for the seat to move: every option with the rule that allows or forbids it.

Each game groups its options as a learner thinks of them (its spec's ``hints``): Mililla
lists every card in the hand, legal or not; Mille lists the legal moves by kind, each with
its effect on the score. A :class:`Hint` is one line of that list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .explanation import Explanation
from .messages import Message

__all__ = ["Hint"]


@dataclass(frozen=True, slots=True)
class Hint:
    """One option: the move, whether it is legal, the deciding rule and why, its group.

    ``effect`` is the change to the mover's score if the deal ended right after the move,
    for games that can say (None where it cannot be known, like a card drawn blind);
    ``note`` is what else the move changes, in a sentence naming its rule ("" if nothing).
    """

    move: str
    legal: bool
    rule: str
    told: str | Explanation
    """Why, in words, or the explanation that says it (rendered only when ``text`` is read)."""
    group: str
    effect: int | None = None
    note: str = ""

    @property
    def text(self) -> str:
        """Why, in words."""
        told = self.told
        return told if type(told) is str else told.text  # type: ignore[union-attr]

    @property
    def said(self) -> Message:
        """Why, as a message (words given as text are said as they are)."""
        told = self.told
        said = None if type(told) is str else told.message  # type: ignore[union-attr]
        return said if said is not None else Message.parse(self.text)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "move": self.move,
            "legal": self.legal,
            "rule": self.rule,
            "text": self.text,
            "group": self.group,
            "effect": self.effect,
            "note": self.note,
        }
