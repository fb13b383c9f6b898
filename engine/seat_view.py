"""What every game's per-seat view shares: :class:`SeatView`, the base of each ``View``.

A game's ``View`` (``<game>/view.py``) adds its own fields after these three (whose view,
the rules, which deal), narrows ``rules`` to its own rules type, and says in
:meth:`SeatView.check` which values no game of its kind could give. The JSON form starts
with the game's name; a malformed one is a saved view that cannot be read
(``SavedGameError``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from .errors import SavedGameError
from .messages import Message, message
from .records import Record, key, read

__all__ = ["SeatView"]


@dataclass(frozen=True, slots=True)
class SeatView(Record):
    """All that one seat may know of a match: the fields every game's view begins with."""

    game: ClassVar[str]
    """The game's name, the ``"game"`` key of the JSON form."""
    title: ClassVar[str]
    """The game's name for people, as a refusal says it: ``not a Mille view``."""

    seat: int
    """The seat whose view this is (seat 0 is South; the spec names them)."""
    rules: Any
    """The variants in play (the game's ``Rules``)."""
    deal_number: int = field(metadata=key("deal"))
    """The number of the deal (hand or round) being played or just scored, from 1 (JSON key
    ``deal``)."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (what bots and saves use): ``{"game": name, ...every field}``."""
        return {"game": self.game} | Record.to_dict(self)

    @classmethod
    def refusal(cls, problem: Message) -> SavedGameError:
        """A malformed JSON form is a saved view that cannot be read."""
        return SavedGameError(message("saving:view", problem=problem))

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """A view from its JSON form; a malformed or impossible one raises SavedGameError."""
        if not isinstance(data, dict) or data.get("game") != cls.game:
            said = message("saving:not-a-view", title=cls.title, game=repr(cls.game))
            raise SavedGameError(said)
        view = read(cls, data, "view")
        view.check()
        return view

    def check(self) -> None:
        """Refuse (SavedGameError) values no match of this game could give; a game's view
        says which (seats, sizes, cards out of range)."""
