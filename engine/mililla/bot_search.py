"""The expert's search: Monte Carlo over the deals that fit what one seat has seen.

Each simulation deals the cards the seat cannot see at random, in a way that fits its
view (``Game.from_view``: hand sizes, the face-up card, the suits players have shown
to be out of), plays one candidate card, and plays the rest of the round out with the
``basic`` rules of thumb for all four seats. Every candidate card is tried on the same
simulated deals, so they are compared on equal cards. A candidate scores by the points its team
takes on average (of 70), plus its share of rounds won (more than 35 points,
``mililla.round.score``): mean points are far less noisy than wins, and the share of
wins breaks near-ties.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from .bot_policy import note_play, pick, voids_of
from .game import Game
from .moves import Phase
from .scoring import HALF

__all__ = ["MoveStats", "evaluate", "play_out"]

_PLAY = Phase.PLAY


@dataclass(frozen=True, slots=True)
class MoveStats:
    """How one candidate card did in the simulations: runs, share of rounds won, points."""

    card: int
    runs: int
    win_rate: float
    """The share of simulated rounds the seat's team won; a 35-35 tie counts half."""
    mean_points: float
    """The seat's team's mean points, of 70, over the simulated rounds."""

    @property
    def score(self) -> float:
        """What the search maximises: the mean points, plus a point for a sure win."""
        return self.mean_points + self.win_rate


def play_out(game: Game, voids: list[int]) -> None:
    """Play the round to its end, every seat by the basic rules of thumb."""
    while game._phase is _PLAY:
        card = pick(game, voids)[0]
        note_play(voids, game, card)
        game._apply(card)


def evaluate(
    view: dict[str, Any],
    cards: list[int],
    budget: int,
    rng: random.Random,
    time_cap: float,
) -> tuple[list[MoveStats], int]:
    """Try each candidate card on simulated deals; return their stats and the deal count.

    ``budget`` bounds the simulated endings (one per candidate per deal); at least one
    deal is always simulated. ``time_cap`` (seconds) is a safety net only.
    """
    seat = view["seat"]
    team = seat & 1
    runs = dict.fromkeys(cards, 0)
    wins = dict.fromkeys(cards, 0.0)
    points = dict.fromkeys(cards, 0)
    start = time.perf_counter()
    deals = 0
    root_voids: list[int] | None = None
    while deals == 0 or (deals + 1) * len(cards) <= budget:
        world = Game.from_view(view, rng)
        if root_voids is None:
            root_voids = voids_of(world._plays, world._play_seats, world._trump, world._higher)
        for card in cards:
            game = world.clone()
            voids = list(root_voids)
            note_play(voids, game, card)
            game._apply(card)
            play_out(game, voids)
            taken = game._points[team]
            runs[card] += 1
            points[card] += taken
            wins[card] += 1.0 if taken > HALF else 0.5 if taken == HALF else 0.0
        deals += 1
        if time.perf_counter() - start > time_cap:
            break
    stats = [
        MoveStats(card, runs[card], wins[card] / runs[card], points[card] / runs[card])
        for card in cards
    ]
    return stats, deals
