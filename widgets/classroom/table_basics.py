"""The shared tables' plain names (issue 29), which need no database: a table opened, a move
played, a refusal.

``tables.py`` (the store, SQLAlchemy) and ``table_client.py`` (the kernel's side, HTTP or in
process) both use these, so that a kernel reaching the class server imports no database
library for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardschool.engine.errors import Told
from cardschool.engine.messages import Message, render

__all__ = ["KERNEL_HEADER", "KERNEL_KEY_ENV", "Opened", "PlayedMove", "TableRefused"]

KERNEL_HEADER = "X-Cardschool-Kernel"
"""The header a served app's kernel sends its kernel key in (``table_api.py``)."""
KERNEL_KEY_ENV = "CARDSCHOOL_KERNEL_KEY"
"""The environment variable holding the served app's kernel key (the server's and kernels')."""


class TableRefused(Told, ValueError):
    """A table, seat or move refused: ``.said`` is the sentence; ``.names`` the table's seat
    names its seats are said with (``str()`` says it with them); ``.id`` the sentence's
    message id (a class server's answer: its words are ``.said``, its id this)."""

    def __init__(self, said: Message, names: Sequence[str] = (), *, id: str | None = None) -> None:
        super().__init__(said, tuple(names))
        self.names = tuple(names)
        self.id = id or said.id

    def __str__(self) -> str:
        return render(self.said, self.names)


@dataclass(frozen=True, slots=True)
class Opened:
    """A table just opened: its code, and the creator's seat and token (shown once)."""

    code: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """One move of a table as other players replay it: number, seat, move, who chose it."""

    number: int
    seat: int
    move: str
    by: str

    def to_dict(self) -> dict[str, Any]:
        """The move as JSON: its number, seat, text and chooser (``human`` or a level)."""
        return {"number": self.number, "seat": self.seat, "move": self.move, "by": self.by}
