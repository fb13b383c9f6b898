"""The Mililla bots: duplicate matches against their targets, and decision latencies.

``run(quick=False)`` returns rows ``{"name", "figure", "unit", "target", ...}``; run this
file to print them as a table. The matches use the tournament of engine/tournament.py
(each deal played twice, seats swapped, level A's team against level B's): ``basic``
against ``random`` and ``expert`` (default budget) against ``basic``, 200 deals each
(20 and 10 in quick mode), and ``basic`` against ``random`` over 200 whole games to 35
(the share of rounds has a ceiling near 0.90 even for a team that sees every hand; see
mililla_ceiling.py, so the share of games is shown beside it). Latencies are measured
on positions from real games (basic bots playing each other): the coach's (the
expert's ``choose``) and the basic bot's.
Each position is timed twice and the faster time kept, since the machine is shared;
percentiles are over positions. The coach's CPU time is given too: on a busy machine it
is what the wall-clock time would be on a quiet one.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

from cardschool.engine import mililla, tournament
from cardschool.engine.mililla import bots

TARGETS = {"basic-random": 0.90, "expert-basic": 0.60}
"""The issue's win-rate targets (A's share of rounds won)."""


def _match(
    a: str, b: str, deals: int, budget: int | None, whole_games: bool = False
) -> list[dict[str, Any]]:
    start = time.perf_counter()
    summary = tournament.run("mililla", a, b, deals, 1, budget, 2, whole_games)
    seconds = time.perf_counter() - start
    low, high = summary.ci95
    unit = "game" if whole_games else "round"
    games = " (whole games)" if whole_games else ""
    return [
        {
            "name": f"{a} vs {b}{games}: win rate",
            "figure": round(summary.win_rate, 3),
            "unit": f"share of {unit}s",
            "target": None if whole_games else f">= {TARGETS[f'{a}-{b}']:.2f}",
            "ci95": f"[{low:.2f},{high:.2f}]",
            "n": summary.deals,
            "budget": (budget or bots.DEFAULT_BUDGET) if a == "expert" else None,
            "note": f"won {summary.won} lost {summary.lost} tied {summary.tied}, {seconds:.0f} s",
        },
        {
            "name": f"{a} vs {b}{games}: mean score difference",
            "figure": round(summary.mean_margin, 2),
            "unit": f"points per {unit}",
            "ci95": f"±{summary.margin_ci95:.2f}",
            "n": summary.deals,
        },
    ]


def real_positions(count: int, seed: int = 11) -> list[dict[str, Any]]:
    """Views of the seat to move, drawn from whole rounds between basic bots."""
    basic = bots.make_bot("basic", None)
    views: list[dict[str, Any]] = []
    number = 0
    while len(views) < 4 * count:
        game = mililla.new_game(seed * 1000 + number)
        number += 1
        while not game.deal_over:
            view = game.view(game.to_move).to_dict()
            views.append(view)
            game.play(basic.choose(view, random.Random(len(views))).move)
    return random.Random(seed).sample(views, count)


def _latencies(
    level: str, views: list[dict[str, Any]], budget: int | None
) -> tuple[list[float], list[float]]:
    """Per position, the faster of two runs: wall-clock and CPU milliseconds."""
    bot = bots.make_bot(level, budget)
    wall, cpu = [], []
    for k, view in enumerate(views):
        best_wall = best_cpu = float("inf")
        for _ in range(2):
            start, start_cpu = time.perf_counter(), time.process_time()
            bot.choose(view, random.Random(k))
            best_wall = min(best_wall, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
        wall.append(best_wall * 1000)
        cpu.append(best_cpu * 1000)
    return wall, cpu


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def latency_rows(count: int, budget: int | None = None) -> list[dict[str, Any]]:
    """p50/p95 of the coach (expert) and of the basic bot on ``count`` real positions."""
    views = real_positions(count)
    choices = [view for view in views if len(view["legal"]) > 1]
    rows = []
    coach, coach_cpu = _latencies("expert", views, budget)
    basic, _basic_cpu = _latencies("basic", views, None)
    label = f"budget {budget or bots.DEFAULT_BUDGET}"
    for name, times, target in (
        (f"coach (expert, {label}) p50", coach, None),
        (f"coach (expert, {label}) p95", coach, "<= 300"),
        (f"coach (expert, {label}) p95, CPU time", coach_cpu, "<= 300"),
        ("basic bot p50", basic, None),
        ("basic bot p95", basic, "<< 5"),
    ):
        share = 0.95 if "p95" in name else 0.5
        rows.append(
            {
                "name": name,
                "figure": round(_percentile(times, share), 2),
                "unit": "ms",
                "target": target,
                "n": len(views),
            }
        )
    chosen = [coach[k] for k, view in enumerate(views) if len(view["legal"]) > 1]
    rows.append(
        {
            "name": f"coach (expert, {label}) p95, positions with a choice",
            "figure": round(_percentile(chosen, 0.95), 2),
            "unit": "ms",
            "target": "<= 300",
            "n": len(choices),
        }
    )
    return rows


def run(quick: bool = False) -> list[dict[str, Any]]:
    """All the rows: the two matches, then the latencies."""
    rows = _match("basic", "random", 20 if quick else 200, None)
    rows += _match("basic", "random", 20 if quick else 200, None, whole_games=True)
    rows += _match("expert", "basic", 10 if quick else 200, None)
    rows += latency_rows(30 if quick else 100)
    return rows


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import print_rows

    print_rows(run(quick="--quick" in sys.argv))
