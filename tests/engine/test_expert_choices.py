"""The expert bots decide exactly as they did before they were made cheaper.

``expert_choices.json`` holds, for 30 positions per game reached from seeded deals by
the ``basic`` bots, the move and the reason the expert gave at its shipped budget then
(``RECORDED_BUDGET`` where it has changed since), recorded with the code as it was
before any speed-up (revision d98b140) by::

    .venv/bin/python tests/engine/test_expert_choices.py --write

Each position is stored as its seed and the moves that lead to it (not the bots that
found them), so a change to the basic bot cannot move the positions. The reason holds
the search's figures (deals played, win rates, points), so equal figures mean an equal
search; the words around them may change (the coach's wording did, after the record).

``.venv/bin/python tests/engine/test_expert_choices.py --time`` prints each game's expert
decision CPU time (p50, p95) over the recorded positions, checking every choice.
"""

from __future__ import annotations

import json
import random
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from cardschool.engine import mililla, mille
from cardschool.engine.bots import make_bot
from cardschool.engine.mililla import bots as mililla_bots

DATA = Path(__file__).with_name("expert_choices.json")
"""The recorded choices: ``{game: [{"seed", "moves", "rng", "move", "reason"}, ...]}``."""
PER_GAME = 30
"""Positions recorded per game."""
NEW_GAME = {"mililla": mililla.new_game, "mille": mille.new_game}
RECORDED_BUDGET: dict[str, int] = {"mille": 300}
"""Budgets the record was taken at where the shipped one is now smaller: Mille's expert
ships at a smaller budget since issue 24.7 (the same search, fewer endings: not weaker
against ``basic`` over 100 duplicate deals, see ``bench_mille_bots``); its choices stay
pinned at the budget they were recorded at, so the search itself cannot drift."""


def _replay(game_name: str, seed: int, moves: list[str]) -> Any:
    """The game after ``moves`` from the seeded deal."""
    game = NEW_GAME[game_name](seed)
    for move in moves:
        game.play(move)
    return game


def positions(game_name: str, count: int = PER_GAME) -> list[dict[str, Any]]:
    """Positions with a real choice, as seed and moves, spread over deals between basic bots."""
    basic = make_bot(game_name, "basic")
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = NEW_GAME[game_name](1000 + seed)
        moves: list[str] = []
        while not game.deal_over and len(found) < count:
            view = game.view(game.to_move).to_dict()
            if len(moves) % 7 == seed % 7 and len(game.legal_moves()) > 1:
                found.append({"seed": 1000 + seed, "moves": list(moves), "rng": len(found)})
            move = basic.choose(view, random.Random(len(moves))).move
            game.play(move)
            moves.append(move)
    return found


def expert_choice(game_name: str, entry: dict[str, Any]) -> tuple[str, str]:
    """The shipped expert's move and reason at one recorded position (at the budget of the
    record, ``RECORDED_BUDGET``, where the shipped one has changed since)."""
    game = _replay(game_name, entry["seed"], entry["moves"])
    view = game.view(game.to_move).to_dict()
    bot = make_bot(game_name, "expert", RECORDED_BUDGET.get(game_name))
    choice = bot.choose(view, random.Random(entry["rng"]))
    return choice.move, choice.reason


def record() -> dict[str, list[dict[str, Any]]]:
    """Every game's positions with the expert's choice now."""
    out: dict[str, list[dict[str, Any]]] = {}
    for game_name in NEW_GAME:
        out[game_name] = []
        for entry in positions(game_name):
            move, reason = expert_choice(game_name, entry)
            out[game_name].append(entry | {"move": move, "reason": reason})
    return out


FIGURE = re.compile(r"(-?\d+(?:\.\d+)?)(?=%| times| deals| points| pts)")
"""A figure of the search in a reason: a percentage, a count of deals or points."""


def figures(reason: str) -> list[str]:
    """The search's figures in a reason, in order (the words around them left out).

    Every figure recorded must still be said; today's words may add one (a difference).
    """
    return FIGURE.findall(reason)


def _cases() -> list[Any]:
    if not DATA.exists():  # only while it is being written
        return []
    data = json.loads(DATA.read_text())
    return [
        pytest.param(name, entry, id=f"{name}-{k}")
        for name in NEW_GAME
        for k, entry in enumerate(data[name])
    ]


@pytest.mark.parametrize(("game_name", "entry"), _cases())
def test_expert_decides_as_recorded(game_name: str, entry: dict[str, Any]) -> None:
    """Same position, same seed, same budget: the same move, on the same figures."""
    move, reason = expert_choice(game_name, entry)
    assert move == entry["move"]
    assert set(figures(entry["reason"])) <= set(figures(reason))  # the words may add a difference
    assert figures(entry["reason"]), "a recorded reason without the search's figures"


def test_the_record_covers_both_games_with_real_choices() -> None:
    """The record has its 30 positions per game, each with more than one legal move."""
    data = json.loads(DATA.read_text())
    for name in NEW_GAME:
        assert len(data[name]) == PER_GAME
        assert len({(e["seed"], len(e["moves"])) for e in data[name]}) == PER_GAME
        for entry in data[name][:5]:
            assert len(_replay(name, entry["seed"], entry["moves"]).legal_moves()) > 1


def test_a_busy_machine_does_not_change_the_choice() -> None:
    """The expert reads no clock (issue 24.7: its budget alone ends the search).

    Six threads keep the interpreter busy, so the decision takes several times its CPU
    time on the wall clock; the choice is still the recorded one.
    """
    entry = json.loads(DATA.read_text())["mililla"][0]
    game = _replay("mililla", entry["seed"], entry["moves"])
    view = game.view(game.to_move).to_dict()
    bot = mililla_bots.ExpertBot()
    stop = threading.Event()

    def hog() -> None:
        while not stop.is_set():
            sum(range(1000))

    hogs = [threading.Thread(target=hog) for _ in range(6)]
    for thread in hogs:
        thread.start()
    try:
        choice = bot.choose(view, random.Random(entry["rng"]))
    finally:
        stop.set()
        for thread in hogs:
            thread.join()
    assert choice.move == entry["move"]
    assert set(figures(entry["reason"])) <= set(figures(choice.reason))


def decision_times(repeats: int = 3) -> dict[str, list[float]]:
    """Per game, each recorded decision's CPU milliseconds (the least of ``repeats`` runs).

    Checks each choice against the record on the way: a timing of a changed search is void.
    """
    data = json.loads(DATA.read_text())
    out: dict[str, list[float]] = {}
    for game_name in NEW_GAME:
        out[game_name] = []
        for entry in data[game_name]:
            game = _replay(game_name, entry["seed"], entry["moves"])
            view = game.view(game.to_move).to_dict()
            bot = make_bot(game_name, "expert", RECORDED_BUDGET.get(game_name))
            best = float("inf")
            for _ in range(repeats):
                start = time.process_time()
                choice = bot.choose(view, random.Random(entry["rng"]))
                best = min(best, time.process_time() - start)
            assert choice.move == entry["move"], (game_name, entry["seed"], choice.move)
            assert set(figures(entry["reason"])) <= set(figures(choice.reason)), choice.reason
            out[game_name].append(best * 1000)
    return out


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {DATA}")
elif __name__ == "__main__" and "--time" in sys.argv:
    # the experts' decision CPU over the recorded positions (the choices checked too)
    for name, times in decision_times().items():
        p50, p95 = _percentile(times, 0.5), _percentile(times, 0.95)
        print(f"{name}: expert decision CPU p50 {p50:.0f} ms, p95 {p95:.0f} ms ({len(times)})")
