"""Mille bots: strength in duplicate matches, and how fast they decide.

* ``basic`` against ``random`` (target: win rate at least 0.90) and ``expert`` against
  ``basic`` (target: at least 0.60), 200 duplicate deals each (``--quick``: fewer), with
  the tournament of ``cardschool.engine.tournament`` and the default expert budget.
* Coach latency: the expert's ``choose`` (what ``Session.coach()`` calls) on about 100
  positions from real games, p50 and p95 (target: p95 under 300 ms). Both the wall time
  and the process's CPU time are given: on a busy machine the wall time is inflated by
  other work, and the CPU time is what the same machine takes when it is quiet.
* Basic latency: its ``choose`` on the same positions (target: well under 5 ms).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardschool.engine import mille
from cardschool.engine.bots import make_bot
from cardschool.engine.mille.bots import DEFAULT_BUDGET
from cardschool.engine.tournament import run as tournament

JOBS = 2


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def positions(count: int, seed: int = 1) -> list[tuple[dict, int]]:
    """Views of the seat to move, spread over whole hands between basic players."""
    found: list[tuple[dict, int]] = []
    basic = make_bot("mille", "basic")
    number = 0
    while len(found) < count:
        game = mille.new_game(seed + number)
        ply = 0
        while not game.deal_over and len(found) < count:
            seat = game.to_move
            view = game.view(seat).to_dict()  # bots take the JSON form
            if ply % 3 == number % 3:
                found.append((view, ply))
            game.play(basic.choose(view, random.Random(ply)).move)
            ply += 1
        number += 1
    return found


def latency(level: str, views: list[tuple[dict, int]]) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of one ``choose`` per view."""
    bot = make_bot("mille", level)
    wall, cpu = [], []
    for view, ply in views:
        rng = random.Random(ply)
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.choose(view, rng)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def match_rows(a: str, b: str, deals: int, target: float) -> list[dict]:
    """The tournament result of A against B as benchmark rows."""
    start = time.perf_counter()
    summary = tournament("mille", a, b, deals, seed=1, jobs=JOBS)
    low, high = summary.ci95
    return [
        {
            "name": f"mille {a} vs {b} win rate",
            "figure": summary.win_rate,
            "unit": "share",
            "target": f">= {target}",
            "ci95": f"[{low:.2f},{high:.2f}]",
            "n": summary.deals,
            "note": f"mean margin {summary.mean_margin:+.1f}, {time.perf_counter() - start:.0f} s",
        }
    ]


def run(quick: bool = False) -> list[dict]:
    """Rows: both tournaments, then coach (expert) and basic latencies."""
    deals = 20 if quick else 200
    rows = match_rows("basic", "random", deals, 0.90)
    rows += match_rows("expert", "basic", 10 if quick else deals, 0.60)
    views = positions(30 if quick else 100)
    for level, target in (("expert", "< 300"), ("basic", "< 5")):
        wall, cpu = latency(level, views)
        budget = f", budget {DEFAULT_BUDGET}" if level == "expert" else ""
        note = f"{len(views)} positions{budget}"
        rows += [
            {
                "name": f"mille {level} choose p50 (wall)",
                "figure": statistics.median(wall),
                "unit": "ms",
            },
            {
                "name": f"mille {level} choose p95 (wall)",
                "figure": percentile(wall, 0.95),
                "unit": "ms",
                "target": target,
                "note": note,
            },
            {
                "name": f"mille {level} choose p50 (cpu)",
                "figure": statistics.median(cpu),
                "unit": "ms",
            },
            {
                "name": f"mille {level} choose p95 (cpu)",
                "figure": percentile(cpu, 0.95),
                "unit": "ms",
                "target": target,
            },
        ]
    return rows


if __name__ == "__main__":
    from bench import print_rows

    print_rows(run(quick="--quick" in sys.argv))
