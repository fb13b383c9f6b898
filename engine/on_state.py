"""What every game reads straight off its match state, written once for all games.

A game package keeps its match in a mutable state (``<game>/state.py``) and its ``Game``
answers the contract of :class:`~cardschool.engine.protocol.GameLike` from it. The answers
that are the state's own fields, the same in every game, are :class:`GameOnState`'s, and so
is the save (``engine/saving.py``: a game says only its start position's text); a game's
class names its state ``self.state`` and derives from it. :class:`FieldOf` is how
such an answer is written: a read-only attribute that is the same-named field of another
(the session's ``to_move`` is its game's).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NoReturn, Self

from .saving import read, write

__all__ = ["FieldOf", "GameOnState"]


class FieldOf:
    """A read-only attribute that is the field of the same name of one of the owner's
    attributes: in a class body, ``to_move = FieldOf("state")`` reads ``self.state.to_move``.
    """

    __slots__ = ("_read", "holder", "name")

    def __init__(self, holder: str) -> None:
        """The field of the same name of ``self.<holder>``."""
        self.holder = holder
        self.name = ""
        self._read = attrgetter(holder)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self._read = attrgetter(f"{self.holder}.{name}")

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return self if obj is None else self._read(obj)

    def __set__(self, obj: object, value: object) -> NoReturn:
        raise AttributeError(f"{self.name} is read-only (it is {self.holder}.{self.name})")


class GameOnState:
    """The read-only part of ``GameLike`` that every game's state holds as it is.

    The state has the fields ``to_move``, ``phase``, ``deal_number`` and ``dealer``, and
    its ``phase`` is a member of the game's ``Phase``, which has ``MATCH_OVER``.
    """

    __slots__ = ()
    state: Any
    """The match's state (the game's ``state.py``)."""

    to_move = FieldOf("state")
    """The seat to move now; None between deals and once the match is over."""
    phase = FieldOf("state")
    """Where the match stands: a member of the game's ``Phase`` (``state.py``)."""
    deal_number = FieldOf("state")
    """Which deal (a hand or a round) is being played or was just scored, from 1."""
    dealer = FieldOf("state")
    """The seat that dealt the current (or last) deal."""

    @property
    def match_over(self) -> bool:
        """True when the match has a winner."""
        phase = self.state.phase
        return phase is type(phase).MATCH_OVER

    def start_text(self) -> str | None:
        """The text of the match's start position, as ``from_position`` reads it; None for
        the deal the seed makes (each game says how it keeps it)."""
        raise NotImplementedError

    def to_json(self) -> str:
        """The saved game: format, version, seed, rules, start position (or null) and the
        moves (``engine/saving.py``)."""
        return write(self, self.start_text())  # type: ignore[arg-type]

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Replay a saved game, checking every move; SavedGameError names any problem."""
        return read(cls, text)
