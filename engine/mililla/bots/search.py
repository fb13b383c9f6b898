"""The expert's search: Monte Carlo over the deals that fit what one seat has seen.

Each simulated deal shares the cards the seat cannot see among the other seats in a way
that fits its view (hand sizes, the face-up card, the suits players have shown to be out
of: ``sampling.forbidden_cards``). Deals are then weighed by how well they explain the
cards the other seats have played: a seat is taken to play as the ``basic`` rules of
thumb would with probability ``Plan.trust``, any other legal card otherwise, and the
deals kept are drawn in proportion to that likelihood (sampling-importance-resampling).

Every candidate card is tried on the same deals, so they are compared on equal cards. On
each deal, the rest of the round after the card is either played out by the rules of
thumb for all four seats, or, once few cards are left (``Plan.exact_cards``), solved
exactly with every hand in view (model.py). Candidates that fall clearly behind are
dropped after each batch of deals, so the budget goes to the close ones.

Deals come from ``sampling.Dealer``, which deals exactly as ``sampling.deal_hidden`` does (the
same random draws, the same hands) with less work per deal.

A candidate scores by the points its team takes on average (of 70), plus its share of
rounds won (more than 35 points, ``mililla.round.score``): mean points are far less noisy
than wins, and the share of wins breaks near-ties.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..legality import decide
from ..moves import Move
from ..sampling import Dealer, forbidden_cards
from ..scoring import HALF
from ..tables import DECK_MASK, bits
from .knowledge import note_play, voids_of
from .model import Board, solve_each
from .policy import pick, pick_among

__all__ = [
    "MEASURE",
    "Dealer",
    "MoveStats",
    "Plan",
    "Search",
    "deal_hidden",
    "evaluate",
    "play_out",
    "simulate",
]


def deal_hidden(
    cards: list[int], room: dict[int, int], forbidden: list[int], rng: random.Random
) -> dict[int, int]:
    """``hidden.deal_hidden`` with the same draws and result, in fewer steps."""
    return Dealer(cards, room, forbidden).deal(rng)


@dataclass(frozen=True, slots=True)
class Plan:
    """How the expert spends its budget."""

    exact_cards: int = 12
    """Solve the rest of the round exactly when at most this many cards are left."""
    trust: float = 0.75
    """The chance a seat plays the card the rules of thumb would (for weighing deals)."""
    partner_trust: float = 0.0
    """The same for the partner (who may be a searching bot, not a rules-of-thumb one)."""
    pool: int = 3
    """Deals drawn for each deal kept: the more, the closer to the likeliest deals."""
    batch: int = 8
    """Deals simulated between two looks at which candidates to drop."""
    drop: float = 3.0
    """Drop a candidate whose mean falls this many standard errors below the best."""


@dataclass(frozen=True, slots=True)
class MoveStats:
    """How one candidate card did in the simulations: runs, share of rounds won, points."""

    card: int
    runs: int
    win_rate: float
    """The share of simulated rounds the seat's team won; a 35-35 tie counts half."""
    mean_points: float
    """The seat's team's mean points, of 70, over the simulated rounds."""
    exact: bool = False
    """True when each simulated ending was solved exactly rather than played out."""

    @property
    def score(self) -> float:
        """What the search maximises: the mean points, plus a point for a sure win."""
        return self.mean_points + self.win_rate


def play_out(board: Board, voids: list[int]) -> None:
    """Play the round to its end, every seat by the basic rules of thumb (no undo kept)."""
    advance = board.advance
    while board.left > 4:
        legal = decide(board)[0]  # type: ignore[arg-type]
        card = legal.bit_length() - 1  # when the rules leave one card
        if legal & (legal - 1):
            card = pick_among(board, voids, legal)[0]  # type: ignore[arg-type]
        note_play(voids, board, card)  # type: ignore[arg-type]
        advance(card)
    hands = board.hands
    while board.left:  # the last trick: each seat plays its last card, which the rules allow
        advance(hands[board.to_move].bit_length() - 1)  # type: ignore[index]


class Search:
    """The deals that fit one seat's view, their weights, and the candidates' results."""

    def __init__(self, view: dict[str, Any], root: Game, rng: random.Random, plan: Plan) -> None:
        self.plan = plan
        self.rng = rng
        self.seat: int = view["seat"]
        state = root.state
        self.board = Board(state)
        self.voids = voids_of(state.plays, state.play_seats, state.trump, state.higher)
        dealer = state.dealer
        held = 0
        if dealer != self.seat and view["face_up"] is not None:
            held = 1 << state.trump_card
        self.held = held
        self.dealer = dealer
        hidden = DECK_MASK & ~state.hands[self.seat] & ~state.played & ~held
        self.hidden = bits(hidden)
        self.room = {
            s: state.hands[s].bit_count() - (1 if s == dealer and held else 0)
            for s in range(4)
            if s != self.seat
        }
        self.forbidden = forbidden_cards(view, state.rules)
        self.dealing = Dealer(self.hidden, self.room, self.forbidden)
        self.plays = list(zip(state.plays, state.play_seats, strict=True))
        self.played_by = [0, 0, 0, 0]
        for card, seat in self.plays:
            self.played_by[seat] |= 1 << card
        self.first = (dealer + state.step) % 4
        # a position's earlier tricks (state.earlier) have no order to replay: no snapshots
        trust = plan.trust > 0 and plan.pool > 1 and not state.earlier
        self.snapshots = self._snapshots() if trust else []
        self._factors: list[dict[int, float]] = [{} for _ in self.snapshots]
        self._solved: dict[tuple[int, ...], dict[int, int]] = {}

    def draw(self) -> list[int]:
        """One deal of the hidden cards that fits the view: the four hands now."""
        hands = self.dealing.hands(self.rng)
        hands[self.seat] = self.board.hands[self.seat]
        hands[self.dealer] |= self.held
        return hands

    def _snapshots(self) -> list[tuple[Board, list[int], int, int, int]]:
        """The board before each other seat's play this round, with the public voids.

        Each entry is (board, voids, seat, card, later): ``later`` holds the cards the
        seat played from then on, so its hand at that moment is its hand now plus those.
        Only the seat's own hand matters to what it may and would play then.
        """
        board = self.board.clone()
        start = [self.played_by[s] for s in range(4)]
        start[self.seat] |= self.board.hands[self.seat]
        board.restart(start, self.first)
        voids = [0, 0, 0, 0]
        later = list(self.played_by)
        out = []
        for card, seat in self.plays:
            if seat != self.seat:
                out.append((board.clone(), list(voids), seat, card, later[seat]))
            later[seat] ^= 1 << card
            note_play(voids, board, card)  # type: ignore[arg-type]
            board.play(card)
        return out

    def likelihood(self, hands: list[int]) -> float:
        """How likely the other seats' plays this round are if they held ``hands``."""
        trusts = [self.plan.trust] * 4
        trusts[self.seat ^ 2] = self.plan.partner_trust
        weight = 1.0
        for k, (board, voids, seat, card, later) in enumerate(self.snapshots):
            trust = trusts[seat]
            if trust <= 0.0:
                continue
            hand = hands[seat] | later
            # the factor reads only the seat's own hand then: worked out once per hand
            factor = self._factors[k].get(hand)
            if factor is None:
                board.hands[seat] = hand
                legal = board.legal()
                factor = 1.0
                if legal & (legal - 1):
                    if pick(board, voids)[0] == card:  # type: ignore[arg-type]
                        factor = trust
                    else:
                        factor = (1.0 - trust) / (legal.bit_count() - 1)
                self._factors[k][hand] = factor
            weight *= factor
        return weight

    def deals(self, count: int) -> list[tuple[list[int], int]]:
        """``count`` deals drawn in proportion to their likelihood, as (hands, repeats)."""
        pool = [self.draw() for _ in range(max(1, count * self.plan.pool))]
        if not self.snapshots:
            return [(hands, 1) for hands in pool[:count]]
        weights = [self.likelihood(hands) for hands in pool]
        total = sum(weights)
        picked: dict[int, int] = {}
        step = total / count
        at = self.rng.random() * step
        running = 0.0
        k = 0
        for _ in range(count):  # systematic resampling
            while running + weights[k] < at and k < len(pool) - 1:
                running += weights[k]
                k += 1
            picked[k] = picked.get(k, 0) + 1
            at += step
        return [(pool[k], repeats) for k, repeats in picked.items()]

    def outcomes(self, hands: list[int], cards: list[int]) -> list[int]:
        """The team's points in the round after each candidate card, on one deal."""
        board = self.board.clone()
        board.hands = list(hands)
        if board.left <= self.plan.exact_cards:
            # an exact ending is a function of the hands: a deal drawn again is not solved again
            solved = self._solved.setdefault(tuple(hands), {})
            missing = [card for card in cards if card not in solved]
            if missing:
                solved.update(zip(missing, solve_each(board, missing), strict=True))
            return [solved[card] for card in cards]
        team = self.seat & 1
        out = []
        for card in cards:
            trial = board.clone()
            voids = list(self.voids)
            note_play(voids, trial, card)  # type: ignore[arg-type]
            trial.advance(card)
            play_out(trial, voids)
            out.append(trial.points[team])
        return out


def evaluate(
    view: dict[str, Any],
    root: Game,
    cards: list[int],
    budget: int,
    rng: random.Random,
    plan: Plan | None = None,
) -> tuple[list[MoveStats], int]:
    """Try each candidate card on simulated deals; return their stats, best first, and deals.

    ``budget`` bounds the simulated endings (one per candidate still in the running per
    deal); at least one deal is always simulated. No clock is read: the budget alone ends
    the search, so the same view and generator give the same choice on any machine, busy or
    not, in CPython as in Pyodide (issue 24.7).
    """
    plan = plan or Plan()
    search = Search(view, root, rng, plan)
    exact = search.board.left <= plan.exact_cards
    alive = list(cards)
    runs = dict.fromkeys(cards, 0)
    wins = dict.fromkeys(cards, 0.0)
    points = dict.fromkeys(cards, 0.0)
    squares = dict.fromkeys(cards, 0.0)
    spent = 0
    deals = 0
    while True:
        room = (budget - spent) // len(alive)
        if deals and room < 1:
            break
        count = max(1, min(plan.batch, room))
        for hands, repeats in search.deals(count):
            for card, taken in zip(alive, search.outcomes(hands, alive), strict=True):
                runs[card] += repeats
                points[card] += taken * repeats
                squares[card] += taken * taken * repeats
                won = 1.0 if taken > HALF else 0.5 if taken == HALF else 0.0
                wins[card] += won * repeats
            spent += len(alive) * repeats
            deals += repeats
        alive = _survivors(alive, runs, points, squares, plan.drop)
        if len(alive) == 1:
            break
    stats = [
        MoveStats(card, runs[card], wins[card] / runs[card], points[card] / runs[card], exact)
        for card in cards
    ]
    # the candidates still in the running first, each group best first
    stats.sort(key=lambda s: (s.card not in alive, -s.score, cards.index(s.card)))
    return stats, deals


def _survivors(
    alive: list[int],
    runs: dict[int, int],
    points: dict[int, float],
    squares: dict[int, float],
    drop: float,
) -> list[int]:
    """The candidates whose mean is not clearly below the best one's (successive halving)."""
    if len(alive) <= 2 or drop <= 0:
        return alive
    means = {c: points[c] / runs[c] for c in alive}
    best = max(alive, key=lambda c: means[c])
    keep = []
    for card in alive:
        n = runs[card]
        spread = max(squares[card] / n - means[card] ** 2, 1.0)
        if card == best or means[best] - means[card] <= drop * math.sqrt(2 * spread / n):
            keep.append(card)
    return keep


MEASURE = "mililla:measure"
"""What one outcome of ``simulate`` is: the message id of the game's one measure (its words
and definition in ``bots/messages.py``); the expert's judgement weighs moves by it."""


def simulate(
    view: dict[str, Any], moves: list[str], deals: int, rng: random.Random
) -> list[list[float]]:
    """For each of ``deals`` deals, each move's outcome: the round won by the mover's team.

    The deals are the expert's own (``Search.deals``: they fit the view and are weighed by
    the other seats' plays; a deal drawn twice counts twice), and each ending is the
    expert's own (``Search.outcomes``: the rules of thumb for all four seats, or solved
    exactly once few cards are left). Every move is played on the same deals.
    """
    root = Game.from_view(view, rng)
    search = Search(view, root, rng, Plan())
    cards = [Move.parse(text).card.index for text in moves]
    rows: list[list[float]] = []
    for hands, repeats in search.deals(deals):
        taken = search.outcomes(hands, cards)
        row = [1.0 if p > HALF else 0.5 if p == HALF else 0.0 for p in taken]
        rows += [row] * repeats
    return rows
