"""The contract both game engines keep, so sessions, bots and tables treat them alike.

``cardschool.engine.mille.Game`` and ``cardschool.engine.mililla.Game`` both satisfy
:class:`GameLike`. A game is a whole match: deal after deal until the target score.
Between deals it waits in a "deal over" phase (to_move is None) until ``next_deal()``
is called, so a lesson can stop on the scoring.

Moves are small frozen values with a text form: ``str(move)`` and ``Move.parse(text)``
round-trip, and every method taking a move also takes its text. Seats are ints
(Mille 0-1; Mililla 0-3, partners 0 and 2 against 1 and 3).

Chance comes only from the seed: ``Game.from_json(game.to_json())`` replays the same
seed, rules, starting position and moves, and gives an equal game (the save format is
written once for every game, in ``cardschool.engine.saving``).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, runtime_checkable

from .errors import ArgumentError
from .explanation import Explanation
from .messages import message

__all__ = [
    "DEAL_OVER_MOVE",
    "LEVELS",
    "MAX_SEED",
    "Bot",
    "Choice",
    "GameLike",
    "MoveLike",
    "check_seed",
]

DEAL_OVER_MOVE = "next"
"""The text recorded in a game's history when ``next_deal()`` starts the next deal."""

MAX_SEED = 32**12 - 1
"""The largest seed: any seed a deal code can hold (twelve base-32 digits)."""


def check_seed(seed: object) -> int:
    """The seed if it is a whole number from 0 to MAX_SEED; ValueError (one kind) otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ArgumentError(message("saving:seed", last=MAX_SEED, seed=repr(seed)))
    return seed


LEVELS = ("random", "basic", "expert")
"""Bot levels, weakest first: any legal move; a club player's rules of thumb; Monte Carlo."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A bot's decision: the move (as text) and the reason in plain words."""

    move: str
    reason: str


class Bot(Protocol):
    """A player that picks a move from one seat's view (its JSON form), never the game."""

    level: str

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick a legal move for the seat the view belongs to, with the reason for it."""
        ...


@runtime_checkable
class MoveLike(Protocol):
    """A move: frozen, hashable, with a text form that ``parse`` reads back."""

    def __str__(self) -> str: ...

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a move from its text form; raise InvalidMoveError if it cannot be read."""
        ...


@runtime_checkable
class ViewLike(Protocol):
    """One seat's view of a game: frozen and typed, with a JSON form and a picture."""

    seat: int
    """The seat whose view this is."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``{"game": name, ...}``), what bots and saves use."""
        ...

    def _repr_html_(self) -> str:
        """The position as this seat sees it, drawn with the tables' card faces."""
        ...


@runtime_checkable
class GameLike(Protocol):
    """A match of one game, with everything sessions, bots and tables rely on."""

    kind: str
    """The game's name, its key in the registry (``cardschool.engine.games``)."""
    seats: int
    """How many players: 2 or 4."""
    seed: int
    """The seed all chance comes from."""

    @property
    def rules(self) -> Any:
        """The immutable rules object (variants)."""
        ...

    @property
    def dealer(self) -> int:
        """The seat dealing the current (or last) deal."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to move now; None between deals and when the match is over."""
        ...

    @property
    def phase(self) -> enum.Enum:
        """The phase of play, an Enum member (its ``.value`` is a short lowercase word)."""
        ...

    @property
    def deal_over(self) -> bool:
        """True when a deal (Mille hand, Mililla round) has been scored and waits."""
        ...

    @property
    def match_over(self) -> bool:
        """True when the match has a winner."""
        ...

    @property
    def history(self) -> list[str]:
        """Every move played from the start position, as text, with ``"next"`` between deals."""
        ...

    def legal_moves(self) -> list[Any]:
        """Every distinct legal move for the seat to move (empty when nobody is to move)."""
        ...

    def play(self, move: Any) -> None:
        """Apply a legal move or its text; raise IllegalMoveError/InvalidMoveError, unchanged."""
        ...

    def explain(self, move: Any) -> Explanation:
        """Why a move (legal or not) is allowed or refused: rule id and a sentence to the mover."""
        ...

    def narrate(self, move: Any, names: Sequence[str] | None = None) -> Explanation:
        """A sentence about a legal move about to be played (its message, rendered with
        ``names``: the seat named "You" in the second person), with its rule id."""
        ...

    def view(self, seat: int) -> ViewLike:
        """All that ``seat`` may know, and nothing it may not: a frozen, typed view."""
        ...

    def next_deal(self) -> None:
        """Leave the "deal over" phase and deal the next hand or round."""
        ...

    def deal_result(self) -> dict[str, Any] | None:
        """The scoring breakdown of the last finished deal (JSON-ready), or None."""
        ...

    def match_result(self) -> dict[str, Any] | None:
        """Totals, winner and its details once the match is over, else None."""
        ...

    def clone(self) -> Self:
        """An independent copy, cheap enough for bots and hints."""
        ...

    def to_json(self) -> str:
        """A versioned JSON text that ``from_json`` reads back into an equal game."""
        ...

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Read a saved game; raise SavedGameError naming the problem if it is bad."""
        ...

    @classmethod
    def from_view(cls, view: ViewLike | dict[str, Any], rng: random.Random) -> Self:
        """A full game consistent with one seat's view, hidden cards dealt at random.

        Bots plan on such games: they are given the view, never the real game.
        """
        ...
