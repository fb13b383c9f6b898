"""Mililla moves: a move is one card played to the trick, with a text form that round-trips."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import SpanishCard, spanish_deck
from ..errors import InvalidMoveError
from ..messages import message, render, seat_word

__all__ = ["MOVES", "SEAT_NAMES", "Move", "team_name"]

SEAT_NAMES = ("South", "East", "North", "West")
"""The default names of seats 0-3 (partners South and North against East and West)."""


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """Play one card: ``Move.parse("HC")`` (or ``"play HC"``) plays the Horse of cups."""

    card: SpanishCard
    index: int = field(init=False, repr=False, compare=False)
    """The card's index (0-39), kept for speed."""

    def __post_init__(self) -> None:
        if not isinstance(self.card, SpanishCard):
            raise InvalidMoveError(message("mililla:move.not-a-card", given=repr(self.card)))
        object.__setattr__(self, "index", self.card.index)

    def __str__(self) -> str:
        return str(self.card)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def text(self) -> str:
        """The move's text form, as ``str(move)``: the card's text."""
        return str(self.card)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move: a card's text (``HC``, ``7E``), optionally after ``play``."""
        if not isinstance(text, str):
            raise InvalidMoveError(message("mililla:move.not-text", kind=type(text).__name__))
        words = text.split()
        if len(words) == 2 and words[0].lower() == "play":
            words = words[1:]
        if len(words) != 1:
            raise InvalidMoveError(message("mililla:move.not-a-move", text=repr(text)))
        return MOVES[SpanishCard.parse(words[0]).index]


MOVES: tuple[Move, ...] = tuple(Move(card) for card in spanish_deck())
"""One interned move per card, indexed by the card's index."""
assert all(move.card.index == i for i, move in enumerate(MOVES))


def team_name(team: int, names: tuple[str, ...] | list[str] = SEAT_NAMES) -> str:
    """The two partners of a team in words: ``South and North`` (``mililla:team``)."""
    return render(message("mililla:team", a=seat_word(names[team]), b=seat_word(names[team + 2])))
