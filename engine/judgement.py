"""The expert's judgement of a position: which move is best, and whether clearly so.

    >>> from cardschool.engine.judgement import clear_best
    >>> judgement = clear_best(game)                        # doctest: +SKIP
    >>> judgement.best, judgement.clear                     # doctest: +SKIP
    ('discard 4D', True)

Every legal move of the seat to move is played on the same simulated deals of the cards
that seat cannot see (paired simulations), drawn from its view alone: the game is rebuilt
with ``game_type.from_view(view, rng)``, never read. What one outcome is (a hand won, a
round won by the team) and how the deal is played out (the expert's own search) is the
game's, declared in its ``GameSpec.outcomes``; nothing here knows a game.

A best move is **clear** when it beats every other move by more than two standard errors
of the paired differences and by at least five points of win chance (``MARGIN``). The
exercises (a ``best`` play goal), the learning path and the deal review use this one
function, so a move is never called best or a mistake on a margin the simulations cannot
tell apart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .games import spec_of
from .protocol import GameLike

__all__ = ["DEALS", "MARGIN", "Judgement", "MoveValue", "Z", "clear_best"]

DEALS = 300
"""Simulated deals per judgement by default; every move is played on each."""
MARGIN = 0.05
"""The least lead in win chance (5 points) that makes a best move clear."""
Z = 2.0
"""How many standard errors of the paired differences the lead must exceed."""


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One candidate move: its estimated outcome and how it compares with the best move."""

    move: str
    value: float
    """The mean outcome over the deals (the win chance, with a tie counting half)."""
    error: float
    """The standard error of ``value``."""
    lead: float
    """The best move's value minus this one's, deal by deal (0 for the best move)."""
    lead_error: float
    """The standard error of ``lead`` over the paired deals (0 for the best move)."""

    @property
    def clearly_worse(self) -> bool:
        """True when the best move beats this one by a clear margin."""
        return self.lead >= MARGIN and self.lead > Z * self.lead_error


@dataclass(frozen=True, slots=True)
class Judgement:
    """The expert's verdict on one decision, from the mover's view only."""

    seat: int
    """The seat to move, whose view was simulated."""
    measure: str
    """What a value is, in words (the game's ``Outcomes.measure``)."""
    deals: int
    """How many simulated deals every move was played on."""
    moves: tuple[MoveValue, ...]
    """Every legal move, the best first, then by value (ties in the engine's order)."""
    clear: bool
    """True when the best move beats every other by more than ``Z`` standard errors of
    the paired differences and by at least ``MARGIN``; False for a forced move."""

    @property
    def best(self) -> str:
        """The move with the best estimated value (clear or not)."""
        return self.moves[0].move

    @property
    def forced(self) -> bool:
        """True when there was only one legal move."""
        return len(self.moves) == 1

    def value_of(self, move: str) -> MoveValue | None:
        """A move's entry, by its text, or None if it is not a candidate."""
        return next((m for m in self.moves if m.move == move), None)


def _mean_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def clear_best(
    game: GameLike,
    seat: int | None = None,
    *,
    deals: int = DEALS,
    seed: int = 0,
    moves: Sequence[str] | None = None,
) -> Judgement:
    """Judge every legal move of the seat to move on ``deals`` paired simulated deals.

    Only the seat's view is read (``game.view(seat)``), so two games that differ in cards
    the seat cannot see get the same judgement; the same view and ``seed`` always give
    the same judgement. ``seat`` defaults to the seat to move (ValueError for another).
    ``moves`` narrows the judgement to some legal moves (the deal review weighs the move
    played against the expert's); by default every legal move is judged.
    """
    spec = spec_of(game)
    mover = game.to_move
    if mover is None:
        raise ValueError("there is no move to judge: nobody is to move")
    if seat is None:
        seat = mover
    if seat != mover:
        raise ValueError(f"seat {seat} is not to move: the expert judges the mover's decision")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 2:
        raise ValueError(f"a judgement needs a whole number of deals >= 2, not {deals!r}")
    view = game.view(seat).to_dict()
    rng = random.Random(seed)
    rebuilt = spec.game_type.from_view(view, rng)
    legal = list(dict.fromkeys(str(move) for move in rebuilt.legal_moves()))
    if moves is None:
        moves = legal
    else:
        moves = list(dict.fromkeys(str(move) for move in moves))
        wrong = [move for move in moves if move not in legal]
        if wrong or not moves:
            raise ValueError(f"judge some of the legal moves, not {wrong or 'none'}")
    if len(moves) == 1:
        only = MoveValue(moves[0], 0.0, 0.0, 0.0, 0.0)
        return Judgement(seat, spec.outcomes.measure, 0, (only,), False)
    rows = spec.outcomes.simulate(view, moves, deals, rng)
    columns = [[row[i] for row in rows] for i in range(len(moves))]
    stats = [_mean_error(column) for column in columns]
    order = sorted(range(len(moves)), key=lambda i: (-stats[i][0], i))
    top = columns[order[0]]
    values = []
    for i in order:
        lead, lead_error = _mean_error([a - b for a, b in zip(top, columns[i], strict=True)])
        values.append(MoveValue(moves[i], stats[i][0], stats[i][1], lead, lead_error))
    clear = all(value.clearly_worse for value in values[1:])
    return Judgement(seat, spec.outcomes.measure, len(rows), tuple(values), clear)
