"""Mililla's own parts of the table state: its board (trumps, tricks, points) and its seats
(with their team and the dealer's face-up trump card)."""

from __future__ import annotations

from dataclasses import dataclass

from ..state import Plain, Seat

__all__ = ["MilillaBoard", "MilillaSeat", "Played", "Trick", "Trump"]


@dataclass(frozen=True, slots=True)
class MilillaSeat(Seat):
    """A Mililla player, with their team and the cards of their hand everyone knows."""

    team: int = 0  # 0 (seats 0, 2) or 1 (seats 1, 3)
    known: tuple[str, ...] = ()  # the dealer's face-up trump card, while they hold it


@dataclass(frozen=True, slots=True)
class Played(Plain):
    """One card played to a trick, by a seat."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Trick(Plain):
    """A finished trick and who won it."""

    cards: tuple[Played, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Trump(Plain):
    """The trump suit of a Mililla round, always on show."""

    suit: str  # "C"
    name: str  # "cups"
    card: str | None = None  # the face-up card while the dealer still holds it
    seat: int | None = None  # the dealer holding it


@dataclass(frozen=True, slots=True)
class MilillaBoard(Plain):
    """Mililla's public table: trumps, the trick on the table, tricks and points won."""

    trump: Trump
    trick: tuple[Played, ...] = ()  # the trick being played, in play order
    winning: int | None = None  # the seat winning the trick so far
    last_trick: Trick | None = None
    tricks: tuple[int, int] = (0, 0)  # tricks won by team 0 and team 1 this round
    points: tuple[int, int] = (0, 0)  # card points (plus tricks) won this round
