"""The answer to "why?" about a move: legal or not, the deciding rule, and a sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalMoveError
from .messages import Message, render

__all__ = ["Explanation"]


class Explanation:
    """Whether a move is legal, the rulebook id that decides it, and why, in words.

    The sentence is given as text, or as its message (``message``), rendered only when
    ``text`` is first read: listing and explaining every move of a big hand formats only
    the sentences someone reads. Two explanations are equal when their legality, rule and
    text are.
    """

    __slots__ = ("_said", "_text", "legal", "rule")

    legal: bool
    rule: str

    def __init__(
        self,
        legal: bool,
        rule: str,
        text: str | None = None,
        message: Message | Callable[[], Message] | None = None,
    ) -> None:
        if text is None and message is None:
            raise TypeError("an explanation needs its text or its message")
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_said", message)

    @property
    def message(self) -> Message | None:
        """The sentence as data (its id and parameters), when it was built as one.

        It may be given as a function that builds it (a judge's verdict keeps its raw parts),
        called only when the message or the text is first read.
        """
        said = self._said
        if said is not None and type(said) is not Message:
            said = said()  # type: ignore[operator]
            object.__setattr__(self, "_said", said)
        return said  # type: ignore[return-value]

    @property
    def text(self) -> str:
        """The sentence to the mover."""
        text = self._text
        if text is None:  # the message, rendered once
            text = render(self.message)  # type: ignore[arg-type]
            object.__setattr__(self, "_text", text)
        return text

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an Explanation is frozen: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return (self.legal, self.rule, self.text) == (other.legal, other.rule, other.text)

    def __hash__(self) -> int:
        return hash((self.legal, self.rule, self.text))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Explanation, (self.legal, self.rule, self.text))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in ("legal", "rule", "text"))
        return f"Explanation({fields})"

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"

    def raise_if_illegal(self) -> None:
        """Raise IllegalMoveError carrying this rule and text when the move is not legal."""
        if not self.legal:
            raise IllegalMoveError(self.rule, self.message or self.text)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form: ``{"legal": ..., "rule": ..., "text": ...}``."""
        return {"legal": self.legal, "rule": self.rule, "text": self.text}
