"""Hints latency for the seat to move, both games (target: p99 under 20 ms).

Positions come from seeded games between random bots, every position where a seat is to
move; for Mille they include the big hands that follow taking a large pile.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardschool.engine.games import spec_of
from cardschool.engine.session import new_game


def positions(kind: str, deals: int, seed: int = 1) -> list:
    """Every position of ``deals`` random games where someone is to move."""
    found = []
    for number in range(deals):
        game = new_game(kind, seed + number)
        rng = random.Random(number)
        while not game.deal_over:
            found.append(game.clone())
            game.play(rng.choice(game.legal_moves()))
    return found


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(quick: bool = False) -> list[dict]:
    """Rows of hint latencies (ms) for both games."""
    rows = []
    for kind in ("mille", "mililla"):
        times = []
        biggest = 0
        for game in positions(kind, 4 if quick else 30):
            start = time.perf_counter()
            found = spec_of(game).hints(game)
            times.append((time.perf_counter() - start) * 1000)
            biggest = max(biggest, len(found))
        rows += [
            {"name": f"{kind} hints p50", "figure": statistics.median(times), "unit": "ms"},
            {
                "name": f"{kind} hints p99",
                "figure": percentile(times, 0.99),
                "unit": "ms",
                "target": "< 20",
            },
            {
                "name": f"{kind} hints max",
                "figure": max(times),
                "unit": "ms",
                "note": f"{len(times)} positions, up to {biggest} options",
            },
        ]
    return rows


if __name__ == "__main__":
    from bench import print_rows

    print_rows(run(quick="--quick" in sys.argv))
