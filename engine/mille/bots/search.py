"""The ``expert`` Mille search: Monte Carlo over the deals the seat cannot tell apart.

For each candidate move the search plays the hand to its end many times: each time the
cards the seat cannot see (the opponent's hidden hand, the stock) are dealt again at
random, consistently with its view and with the opponent's last discards (see
``knowledge``); then the opponent follows the ``basic`` rules of thumb and the seat its
own (the expert's ``SHARP`` instincts). Every candidate is tried on the same deals, so
they are compared on equal luck.

The budget (simulated endings per decision) is spent in two rounds: first every
candidate is played on a few deals; then the rules of thumb's choice (the *prior*) and
the best two others are played on more. A candidate replaces the prior's choice only if,
deal by deal, it won clearly more often (by more than ``Z`` standard errors): the
search does not chase luck.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from ..legality import meld_fits
from ..moves import Move
from ..tables import KIND, NATURAL_RANKS, RANK, face_of
from .estimates import BASIC, SHARP, Style, discard_ranking
from .knowledge import Discards, Knowledge, deal
from .model import ADD, DISCARD, DRAW_PHASE, MELD, PILE, STOCK, TAKE, Plan, Table
from .policy import rollout

__all__ = [
    "FINALISTS",
    "FULL_HAND_MOVES",
    "MEASURE",
    "Outcome",
    "candidates",
    "choice",
    "choose_outcome",
    "plan_of",
    "search",
    "simulate",
]

DISCARDS_TRIED = 3
"""How many of the rules of thumb's favourite discards the search compares."""
FINALISTS = 3
"""How many candidates (the prior's choice among them) get the second round of deals."""
FIRST_ROUND = 0.4
"""The share of the budget spent on the first round, all candidates alike."""
Z = 0.75
"""How many standard errors a candidate must beat the prior's choice by, deal by deal."""
FULL_HAND_MOVES = 40
"""The moves of a simulated ending played from the start of a hand: the budget's unit."""
MAX_STRETCH = 3
"""At most this many times the nominal second round, however short the endings."""


@dataclass(slots=True)
class Outcome:
    """What the simulations found for one candidate move, deal by deal."""

    plan: Plan
    margins: list[int] = field(default_factory=list)
    """The seat's score margin at the end of each simulated hand."""

    @property
    def runs(self) -> int:
        """How many simulated endings were played."""
        return len(self.margins)

    @property
    def win_rate(self) -> float:
        """The share of simulated hands won (a tie counts half)."""
        if not self.margins:
            return 0.0
        return sum(_win(m) for m in self.margins) / len(self.margins)

    @property
    def mean_margin(self) -> float:
        """The average score margin of the simulated hands."""
        return sum(self.margins) / len(self.margins) if self.margins else 0.0


def _win(margin: int) -> float:
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def candidates(t: Table, prior: Plan) -> list[Plan]:
    """The moves worth simulating here: the prior's choice first, then its real rivals."""
    seat = t.to_move
    found: list[Plan] = [prior]
    if t.phase is DRAW_PHASE:
        found.append((STOCK, (), 0))
        top = t.pile[-1] if t.pile else None
        if top is not None and t.can_take_pile(seat):
            rank = RANK[top]
            faces = t.faces(seat, 2 if rank == 2 else rank)[:2]
            if len(faces) == 2:
                found.append((PILE, tuple(faces), rank))
        if t.first_turn and top is not None and RANK[top] == 2:
            found.append((TAKE, (top,), 2))
        return _unique(found)
    counts = t.rank_count[seat]
    twos = t.faces(seat, 2)
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if not n:
            continue
        faces = tuple(t.faces(seat, rank))
        if t.has_meld(seat, rank):
            found.append((ADD, faces, rank))
        elif n >= 3:
            found.append((MELD, faces, rank))
        elif n == 2 and twos and meld_fits(t.rules, rank, 2, 1):
            found.append((MELD, (*faces, twos[0]), rank))
    if len(twos) >= 3 and not t.has_meld(seat, 2):
        found.append((MELD, tuple(twos), 2))
    elif twos and t.has_meld(seat, 2):
        found.append((ADD, tuple(twos), 2))
    for _, face in discard_ranking(t, seat)[:DISCARDS_TRIED]:
        found.append((DISCARD, (face,), 0))
    return _unique(found)


def _unique(plans: list[Plan]) -> list[Plan]:
    seen = set()
    out = []
    for plan in plans:
        key = (plan[0], tuple(sorted(plan[1])), plan[2] if plan[0] is ADD else 0)
        if key not in seen:
            seen.add(key)
            out.append(plan)
    return out


def _play(outcome: Outcome, deals: list[Table], seat: int, styles: tuple[Style, Style]) -> int:
    """Play the outcome's move on more deals, each to the end of the hand; the moves played."""
    moves = 0
    for table in deals:
        t = table.clone()
        t.apply(outcome.plan)
        moves += rollout(t, styles)
        outcome.margins.append(t.margin(seat))
    return moves


def search(
    knowledge: Knowledge,
    plans: list[Plan],
    budget: int,
    rng: random.Random,
    style: Style = BASIC,
) -> list[Outcome]:
    """Spend ``budget`` simulated endings on the plans (the prior's choice first), in two rounds.

    The budget counts endings of a whole hand (``FULL_HAND_MOVES`` moves): later in the
    hand, when endings are shorter, the second round plays more of them for the same
    work (at most ``MAX_STRETCH`` times as many). The count depends only on the deals
    played, so a search is as repeatable as its random generator.

    No clock is read: the work is counted in simulated moves, never in seconds, so the
    same position and generator give the same move on any machine, however busy, in
    CPython and in Pyodide alike.
    """
    seat = knowledge.seat
    styles = (style, BASIC) if seat == 0 else (BASIC, style)  # the opponent plays by BASIC
    count = len(plans)
    first = max(4, int(budget * FIRST_ROUND) // count)
    finalists = min(FINALISTS, count)
    clues = Discards(knowledge)
    deals = [deal(knowledge, clues, rng) for _ in range(first)]
    outcomes = [Outcome(plan) for plan in plans]
    spent = 0
    for outcome in outcomes:
        spent += _play(outcome, deals, seat, styles)
    length = max(1.0, spent / (first * count))  # moves in one simulated ending, here
    nominal = max(0, budget - first * count) // finalists
    second = int(max(0, budget * FULL_HAND_MOVES - spent) / (length * finalists))
    second = min(second, MAX_STRETCH * nominal)
    deals = [deal(knowledge, clues, rng) for _ in range(second)]
    rivals = sorted(outcomes[1:], key=lambda o: (-o.win_rate, -o.mean_margin))
    for outcome in [outcomes[0], *rivals[: finalists - 1]]:
        _play(outcome, deals, seat, styles)
    return outcomes


def choose_outcome(outcomes: list[Outcome]) -> tuple[Outcome, Outcome | None]:
    """The move to play and its closest rival among the finalists.

    The prior's choice (the first outcome) stays unless a rival won more of the same
    deals by over ``Z`` standard errors; among such rivals, the one with the best win rate.
    """
    base = outcomes[0]
    if not base.runs:
        return base, None
    finalists = sorted(
        (o for o in outcomes if o.runs == base.runs), key=lambda o: (-o.win_rate, -o.mean_margin)
    )
    chosen = base
    for other in finalists:
        if other is base:
            continue
        diffs = [_win(a) - _win(b) for a, b in zip(other.margins, base.margins, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
        if mean > Z * spread or (spread == 0 and mean > 0):
            chosen = other
            break
    rivals = [o for o in finalists if o is not chosen]
    return chosen, rivals[0] if rivals else None


MEASURE = "mille:measure"
"""What one outcome of ``simulate`` is: the message id of the game's one measure (its words
and definition in ``bots/messages.py``); the expert's judgement weighs moves by it."""


def plan_of(text: str) -> Plan:
    """The model's form of an engine move's text (``meld 9H 9C 2S`` -> MELD, faces, 9)."""
    move = Move.parse(text)
    faces = tuple(face_of(str(card)) for card in move.cards)
    kind = move.kind
    if kind is ADD:
        rank = int(move.rank)  # type: ignore[arg-type]
    elif kind is MELD:
        rank = max((RANK[f] for f in faces if RANK[f] != 2), default=2)
    elif kind is PILE:
        rank = RANK[faces[0]]
    elif kind is TAKE:
        rank = 2
    else:
        rank = 0
    return kind, faces, rank


def choice(text: str) -> tuple[object, ...]:
    """What makes a move one choice: its kind, meld and the kinds of its cards (cards of
    one rank and one value are interchangeable, as ``listing`` lists them)."""
    move = Move.parse(text)
    kinds = sorted(KIND[face_of(str(card))] for card in move.cards)
    return move.kind, move.rank, move.which, *kinds


def simulate(
    view: dict[str, Any], moves: list[str], deals: int, rng: random.Random
) -> list[list[float]]:
    """For each of ``deals`` deals, each move's outcome: the hand won by the mover (1, ½, 0).

    The deals are the expert's own (``knowledge.deal``: the view's cards and the opponent's
    discards), played out as the expert plays out its candidates: the mover by the
    expert's ``SHARP`` rules of thumb, the opponent by the ``basic`` ones. Every move is
    played on the same deals, so the moves are compared on equal luck.
    """
    knowledge = Knowledge(view)
    seat = knowledge.seat
    styles = (SHARP, BASIC) if seat == 0 else (BASIC, SHARP)
    plans = [plan_of(text) for text in moves]
    clues = Discards(knowledge)
    rows = []
    for _ in range(deals):
        table = deal(knowledge, clues, rng)
        row = []
        for plan in plans:
            t = table.clone()
            t.apply(plan)
            rollout(t, styles)
            row.append(_win(t.margin(seat)))
        rows.append(row)
    return rows
