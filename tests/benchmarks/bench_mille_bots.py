"""Mille bots: strength in duplicate matches, and how fast they decide.

* ``basic`` against ``random`` (target: win rate at least 0.90) and ``expert`` against
  ``basic`` (target: at least 0.60), 200 duplicate deals each (``--quick``: fewer), with
  the tournament of ``cardschool.engine.tournament`` and the default expert budget.
* Expert latency: the expert's ``choose`` (a bot's turn; the Coach is the advice below) on about 100
  positions from real games, p50 and p95 (target: p95 under 300 ms). Both the wall time
  and the process's CPU time are given: on a busy machine the wall time is inflated by
  other work, and the CPU time is what the same machine takes when it is quiet.
* Basic latency: its ``choose`` on the same positions (target: well under 5 ms).
* The Coach's advice (``advice.advise_view``: every legal move judged on the same deals,
  one judgement shared with the Review and the exercises) on the same positions, its
  cache emptied before each, p50 and p95 CPU.
* A whole expert turn (draw, melds, discard: every ``choose`` between two moves of the
  learner), as one student alone waits for it after a discard (target: p95 under 500 ms).
  The learner plays as ``bench_class``'s headless students do: it draws from the stock
  and lets a card go at random, so hands run long, as in a class of beginners.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardschool.engine import advice, mille
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


def coach_latency(views: list[tuple[dict, int]]) -> list[float]:
    """CPU milliseconds of the Coach's advice per view, worked out afresh each time."""
    cpu = []
    for view, _ in views:
        advice._judged.cache_clear()
        advice._advised.cache_clear()
        start = time.process_time()
        advice.advise_view("mille", view)
        cpu.append((time.process_time() - start) * 1000)
    return cpu


def whole_turns(games: int, seed: int = 500) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each whole expert turn against a beginner learner."""
    expert = make_bot("mille", "expert")
    rng = random.Random(seed)
    wall: list[float] = []
    cpu: list[float] = []
    for number in range(games):
        game = mille.new_game(seed + number)
        ply, spent, spent_cpu, decided = 0, 0.0, 0.0, False
        while not game.deal_over and ply < 400:
            seat = game.to_move
            if seat == 1:  # the expert's seat: every decision of its turn adds up
                view = game.view(seat).to_dict()
                start, start_cpu = time.perf_counter(), time.process_time()
                move = expert.choose(view, random.Random(ply)).move
                spent += time.perf_counter() - start
                spent_cpu += time.process_time() - start_cpu
                decided = True
            else:
                if decided:
                    wall.append(spent * 1000)
                    cpu.append(spent_cpu * 1000)
                    spent, spent_cpu, decided = 0.0, 0.0, False
                texts = [str(m) for m in game.legal_moves()]
                move = "stock" if "stock" in texts else rng.choice(texts)
            game.play(move)
            ply += 1
        if decided:
            wall.append(spent * 1000)
            cpu.append(spent_cpu * 1000)
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
    coach = coach_latency(views[: 10 if quick else 40])
    rows += [
        {"name": "mille coach advice p50 (cpu)", "figure": statistics.median(coach), "unit": "ms"},
        {
            "name": "mille coach advice p95 (cpu)",
            "figure": percentile(coach, 0.95),
            "unit": "ms",
            "note": f"{len(coach)} positions, each judged afresh",
        },
    ]
    wall, cpu = whole_turns(4 if quick else 12)
    note = f"{len(wall)} turns against a beginner, budget {DEFAULT_BUDGET}"
    rows += [
        {
            "name": "mille expert whole turn p50 (wall)",
            "figure": statistics.median(wall),
            "unit": "ms",
        },
        {
            "name": "mille expert whole turn p95 (wall)",
            "figure": percentile(wall, 0.95),
            "unit": "ms",
            "target": "< 500",
            "note": note,
        },
        {
            "name": "mille expert whole turn p50 (cpu)",
            "figure": statistics.median(cpu),
            "unit": "ms",
        },
        {
            "name": "mille expert whole turn p95 (cpu)",
            "figure": percentile(cpu, 0.95),
            "unit": "ms",
            "target": "< 500",
        },
    ]
    return rows


if __name__ == "__main__":
    from bench import print_rows

    print_rows(run(quick="--quick" in sys.argv))
