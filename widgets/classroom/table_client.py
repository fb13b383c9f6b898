"""A shared table as a kernel reaches it (issue 29): through the class server, or in process.

:class:`Tables` is what the kernel's table widget calls; two things have its methods:

* :class:`TableClient` speaks the class server's table routes (``table_api.py``) over the
  same pluggable transport as :class:`~.client.ClassClient` (``CARDSCHOOL_CLASS_SERVER``
  says where the server is; ``CARDSCHOOL_KERNEL_KEY``, the served app's kernel key, lets it
  read a table's deal code while the deal is played);
* :class:`LocalTables` calls a :class:`~.tables.SharedTables` in this process (the widget's
  tests, without HTTP), the bots playing right after each person's move.

Every refusal is a :class:`~.table_basics.TableRefused` whose ``.said`` is the sentence (the
server's own, in the kernel's language); a server that cannot be reached is a
:class:`~.client.ServerDown`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .table_basics import Opened, PlayedMove, TableRefused

__all__ = ["Opened", "PlayedMove", "TableRefused", "Tables"]


class Tables(Protocol):
    """The shared tables' calls a kernel makes: open, sit, leave, play, read, the deal."""

    def open_table(
        self,
        game: str,
        level: str = "basic",
        variants: Mapping[str, Any] | None = None,
        people: Sequence[int] = (0,),
        creator_seat: int | None = None,
    ) -> Opened:
        """Open a table of ``game``: the seats ``people`` kept for persons (the others for
        the bots of ``level``); the creator sits at ``creator_seat`` (else the first)."""
        ...

    def take_seat(self, code: str, seat: int | None = None, token: str | None = None) -> str:
        """Sit at ``seat`` (None: the first free one) of the table ``code``; the seat's
        token (a ``token`` that holds a seat there already takes it back)."""
        ...

    def leave(self, code: str, token: str) -> None:
        """Give the seat ``token`` holds up (the bots play it meanwhile)."""
        ...

    def play(self, code: str, token: str, number: int, move: str) -> str:
        """Play ``move`` as the table's move ``number`` for the seat ``token`` holds; the
        move as kept."""
        ...

    def moves_since(
        self, code: str, token: str, number: int, wait: float = 0.0
    ) -> list[PlayedMove]:
        """The table's moves after the move ``number``, oldest first; none yet: waits up to
        ``wait`` seconds for one."""
        ...

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What the seat ``token`` holds may see (``SharedTables.view``'s JSON)."""
        ...

    def deal_code(self, code: str, token: str) -> str:
        """The table's deal code, for the served app's kernel of a seat holder only."""
        ...

    def undo(self, code: str, token: str) -> None:
        """Always refused: there is no undo at a shared table."""
        ...
