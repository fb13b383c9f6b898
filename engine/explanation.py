"""The answer to "why?" about a move: legal or not, the deciding rule, and a sentence."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalMoveError
from .messages import Message

__all__ = ["Explanation"]


@dataclass(frozen=True, slots=True)
class Explanation:
    """Whether a move is legal, the rulebook id that decides it, and why, in words."""

    legal: bool
    rule: str
    text: str
    message: Message | None = field(default=None, compare=False)
    """The sentence as data (its id and parameters), when it was built as one."""

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"

    def raise_if_illegal(self) -> None:
        """Raise IllegalMoveError carrying this rule and text when the move is not legal."""
        if not self.legal:
            raise IllegalMoveError(self.rule, self.text)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form: ``{"legal": ..., "rule": ..., "text": ...}``."""
        return {"legal": self.legal, "rule": self.rule, "text": self.text}
