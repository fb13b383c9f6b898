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
Coach, the exercises (a ``best`` play goal) and the deal review read it through
``advice.advise`` (seeded from the position, cached, in the game's one measure), so a move
is never called best or a mistake on a margin the simulations cannot tell apart, and one
position gets the same figures from all three.

The deals are simulated in batches (``FIRST_LOOK`` deals, then ``BATCH`` more at a time,
the same deals in the same order as one run of ``deals``) and the judgement stops early
once it is settled far beyond the final test: every other move behind the best by at
least ``MARGIN`` plus ``SETTLE_Z`` standard errors (clear), or some move so close to the
best that the remaining deals would have to favour the best by ``FUTILE_Z`` standard
errors more than the deals so far did for the lead to reach ``MARGIN`` (never clear).
A move far behind the best (``MARGIN`` plus ``SETTLE_Z`` standard errors) is left out of
the later batches: it stays clearly worse, judged on the deals it was played on
(``MoveValue.deals``). Otherwise it runs all ``deals``; ``early=False`` always does, and
so does a game whose simulations cannot be split into batches that are the deals of one
run (``Outcomes.batched``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import advice_messages  # noqa: F401  (the judgement's words)
from .errors import Told
from .games import spec_of
from .messages import message
from .protocol import GameLike

__all__ = [
    "BATCH",
    "DEALS",
    "FIRST_LOOK",
    "FUTILE_Z",
    "MARGIN",
    "SETTLE_Z",
    "Judgement",
    "JudgementError",
    "MoveValue",
    "Z",
    "clear_best",
]

DEALS = 300
"""Simulated deals per judgement by default; every move is played on each."""
MARGIN = 0.05
"""The least lead in win chance (5 points) that makes a best move clear."""
Z = 2.0
"""How many standard errors of the paired differences the lead must exceed."""
FIRST_LOOK = 100
"""Deals simulated before the judgement may first stop early."""
BATCH = 50
"""Deals simulated between two looks after the first."""
SETTLE_Z = 4.0
"""Standard errors beyond the margin that leave a move out of the later batches (and stop
a judgement once every other move is left out: clear)."""
FUTILE_Z = 3.0
"""Standard errors the remaining deals would need to beat for an unclear judgement to
become clear; more than that lets it stop before ``deals``."""


class JudgementError(Told, ValueError):
    """A decision that cannot be judged (nobody to move, too few deals, a move that is not
    legal): its sentence is a message."""


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
    deals: int = 0
    """How many simulated deals it was played on (fewer than the best move's once it fell
    far behind: see ``clear_best``)."""

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
    """What a value is: the message id of the game's one measure (``Outcomes.measure``)."""
    deals: int
    """How many simulated deals the best move was played on (every move, on the first
    ``FIRST_LOOK``)."""
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
    early: bool = True,
    moves: Sequence[str] | None = None,
) -> Judgement:
    """Judge every legal move of the seat to move on ``deals`` paired simulated deals.

    Only the seat's view is read (``game.view(seat)``), so two games that differ in cards
    the seat cannot see get the same judgement; the same view and ``seed`` always give
    the same judgement. It may stop before ``deals`` once settled (``early``: see the
    module's docstring); ``Judgement.deals`` says how many were played. ``seat``
    defaults to the seat to move (ValueError for another).
    ``moves`` narrows the judgement to some legal moves (the deal review weighs the move
    played against the expert's); by default every legal move is judged.
    """
    spec = spec_of(game)
    mover = game.to_move
    if mover is None:
        raise JudgementError(message("advice:nobody"))
    if seat is None:
        seat = mover
    if seat != mover:
        raise ValueError(f"seat {seat} is not to move: the expert judges the mover's decision")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 2:
        raise JudgementError(message("advice:deals", deals=repr(deals)))
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
            raise JudgementError(message("advice:moves", moves=repr(wrong)))
    if len(moves) == 1:
        only = MoveValue(moves[0], 0.0, 0.0, 0.0, 0.0)
        return Judgement(seat, spec.outcomes.measure, 0, (only,), False)
    early = early and spec.outcomes.batched  # batches must be the deals of one run
    columns: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    while True:
        done = len(columns[alive[0]])
        look = deals if not early else min(deals, max(FIRST_LOOK, done + BATCH))
        rows = spec.outcomes.simulate(view, [moves[i] for i in alive], look - done, rng)
        for row in rows:
            for i, outcome in zip(alive, row, strict=True):
                columns[i].append(outcome)
        values = _values(moves, columns, alive)
        if look >= deals:
            break
        # a move far behind the best is judged on the deals so far: it stays clearly worse
        behind = {v.move for v in values[1:] if _far_behind(v, look)}
        alive = [i for i in alive if moves[i] not in behind]
        if len(alive) == 1 or _futile(values, look, deals):
            break
    clear = all(value.clearly_worse for value in values[1:])
    return Judgement(seat, spec.outcomes.measure, values[0].deals, values, clear)


def _values(
    moves: list[str], columns: list[list[float]], alive: list[int]
) -> tuple[MoveValue, ...]:
    """Every move's value and lead over its deals so far: the best of those still played
    first, then the rest by value (ties in the engine's order)."""
    stats = [_mean_error(column) for column in columns]
    top = min(alive, key=lambda i: (-stats[i][0], i))
    rest = sorted((i for i in range(len(moves)) if i != top), key=lambda i: (-stats[i][0], i))
    order = [top, *rest]
    values = []
    for i in order:
        pairs = zip(columns[top], columns[i], strict=False)  # the deals both were played on
        lead, lead_error = _mean_error([a - b for a, b in pairs])
        values.append(
            MoveValue(moves[i], stats[i][0], stats[i][1], lead, lead_error, len(columns[i]))
        )
    return tuple(values)


def _error(value: MoveValue, done: int) -> float:
    """A lead's standard error, taken as at least one deal's worth (moves equal on every
    deal so far still count as uncertain by that much)."""
    return max(value.lead_error, 1 / done)


def _far_behind(value: MoveValue, done: int) -> bool:
    """True when a move is behind the best by ``MARGIN`` plus ``SETTLE_Z`` standard errors."""
    return value.lead - SETTLE_Z * _error(value, done) >= MARGIN


def _futile(values: tuple[MoveValue, ...], done: int, deals: int) -> bool:
    """True when some move still played is so close to the best that the remaining deals
    would have to favour the best by ``FUTILE_Z`` standard errors more than the deals so
    far did for the lead to reach ``MARGIN``: the best can hardly become clear."""
    rest = deals - done
    for value in values[1:]:
        if value.deals < done:
            continue  # left behind earlier
        needed = (deals * MARGIN - done * value.lead) / rest  # the rest's mean lead to be clear
        spread = _error(value, done) * math.sqrt(done / rest)  # its standard error
        if needed - value.lead > FUTILE_Z * spread:
            return True
    return False
