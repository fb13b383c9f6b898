"""Mililla engine speed, side by side with OpenSpiel's python_team_dominoes and hearts.

``run(quick=False)`` returns rows ``{"name", "figure", "unit", "note", ...}``; run this
file to print them as a table. The machine is shared and noisy, so each repeat measures
Mililla and every peer one after the other, and the figures are medians over repeats
(a ratio is the median of the per-repeat ratios). Peers are optional: without
``open_spiel`` their rows say so and carry no figure.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardschool.engine import mililla

PEERS = ("python_team_dominoes", "hearts")
"""The OpenSpiel games measured beside Mililla: a pure-Python and a C++ four-player game."""


def _rate(work: Callable[[], int]) -> float:
    start = time.perf_counter()
    count = work()
    return count / (time.perf_counter() - start)


def _mililla_rounds(rounds: int, seed: int) -> int:
    """Play random legal cards through ``rounds`` fresh deals; return the card plays."""
    rng = random.Random(seed)
    for n in range(rounds):
        game = mililla.new_game(seed * 100_000 + n)
        while game.to_move is not None:
            game.play(rng.choice(game.legal_moves()))
    return 40 * rounds


def _explain_latencies(states: int, seed: int) -> list[float]:
    """Seconds to explain every card of the mover's hand, best of three, per random state."""
    rng = random.Random(seed)
    out = []
    for n in range(states):
        game = mililla.new_game(seed + n)
        for _ in range(rng.randrange(40)):
            game.play(rng.choice(game.legal_moves()))
        cards = game.hand(game.to_move)  # type: ignore[arg-type]
        best = float("inf")
        for _try in range(3):  # the best of three: a shared machine preempts at random
            start = time.perf_counter()
            for card in cards:
                game.explain(card)
            best = min(best, time.perf_counter() - start)
        out.append(best)
    return out


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _load_peer(name: str) -> Any:
    """The OpenSpiel game, or raise ImportError/RuntimeError saying why it cannot be had."""
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    return pyspiel.load_game(name)


def _spiel_playouts(game: Any, games: int, seed: int) -> tuple[int, int]:
    """Random playouts of an OpenSpiel game: (all steps applied, player steps)."""
    rng = random.Random(seed)
    steps = player_steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _p in outcomes]
                weights = [p for _a, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                player_steps += 1
            steps += 1
    return steps, player_steps


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Measure and return the benchmark rows (``quick`` for a few-second smoke run)."""
    repeats = 3 if quick else 7
    rounds = 40 if quick else 200
    states = 200 if quick else 2000
    peer_games = {"python_team_dominoes": 15 if quick else 100, "hearts": 60 if quick else 400}

    peers: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for name in PEERS:
        try:
            peers[name] = _load_peer(name)
        except ImportError as error:
            problems[name] = f"not installed ({error}); pip install open_spiel"
        except Exception as error:  # a peer that fails must not stop our own figures
            problems[name] = f"could not load: {type(error).__name__}: {str(error)[:60]}"

    plays: list[float] = []
    steps: dict[str, list[float]] = {name: [] for name in peers}
    player_steps: dict[str, list[float]] = {name: [] for name in peers}
    ratios: dict[str, list[float]] = {name: [] for name in peers}
    for k in range(repeats):
        plays.append(_rate(lambda k=k: _mililla_rounds(rounds, k)))
        for name, game in peers.items():
            start = time.perf_counter()
            all_steps, moves = _spiel_playouts(game, peer_games[name], k)
            seconds = time.perf_counter() - start
            steps[name].append(all_steps / seconds)
            player_steps[name].append(moves / seconds)
            ratios[name].append(plays[-1] / steps[name][-1])

    game = mililla.new_game(3)
    clones = [
        _rate(lambda: sum(1 for _ in (game.clone() for _i in range(5000)))) for _ in range(repeats)
    ]
    latencies = _explain_latencies(states, 7)

    play_rate = statistics.median(plays)
    rows: list[dict[str, Any]] = [
        {
            "name": "mililla random playout",
            "figure": round(play_rate / 40),
            "unit": "rounds/s",
            "note": f"median of {repeats} x {rounds} fresh deals, the deal included",
        },
        {
            "name": "mililla random playout",
            "figure": round(play_rate),
            "unit": "card plays/s",
            "note": "legal_moves() + random choice + play(), public API",
        },
        {
            "name": "mililla clone",
            "figure": round(1e6 / statistics.median(clones), 2),
            "unit": "us",
            "note": "median",
        },
        {
            "name": "mililla explain whole hand",
            "figure": round(_percentile(latencies, 0.5) * 1e6, 1),
            "unit": "us p50",
            "note": f"every card in the mover's hand, {states} random states, best of 3 each",
        },
        {
            "name": "mililla explain whole hand",
            "figure": round(_percentile(latencies, 0.99) * 1e6, 1),
            "unit": "us p99",
            "note": "",
        },
    ]
    for name in PEERS:
        kind = "pure Python" if name.startswith("python_") else "C++"
        if name in problems:
            rows.append(
                {
                    "name": f"open_spiel {name}",
                    "figure": None,
                    "unit": "steps/s",
                    "note": problems[name],
                }
            )
            continue
        ratio = round(statistics.median(ratios[name]), 2)
        rows += [
            {
                "name": f"open_spiel {name}",
                "figure": round(statistics.median(steps[name])),
                "unit": "steps/s",
                "note": f"{kind}, random playouts, chance steps included",
            },
            {
                "name": f"open_spiel {name}",
                "figure": round(statistics.median(player_steps[name])),
                "unit": "player steps/s",
                "note": "moves by players only",
            },
            {
                "name": f"mililla card plays / {name} steps",
                "figure": ratio,
                "unit": "ratio",
                "note": "median of per-repeat ratios",
            },
        ]
        if name == "python_team_dominoes":
            rows[1]["target"] = ">= python_team_dominoes steps/s"
            rows[1]["peer"] = round(statistics.median(steps[name]))
            rows[1]["ratio"] = ratio
    return rows


def _table(rows: list[dict[str, Any]]) -> str:
    header = ("benchmark", "figure", "unit", "note")
    body = [
        (r["name"], "-" if r["figure"] is None else f"{r['figure']:,}", r["unit"], r["note"])
        for r in rows
    ]
    widths = [max(len(str(line[i])) for line in [header, *body]) for i in range(4)]
    lines = [
        "  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(line))
        for line in [header, *body]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(_table(run(quick="--quick" in sys.argv)))
