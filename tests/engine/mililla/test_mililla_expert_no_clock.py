"""The Mililla expert reads no clock: its budget alone ends the search (issue 24.7).

A time cap would let a busy server or a slow browser (Pyodide) change a choice; the
expert's budget is a fixed number of simulated endings, so the same view and generator
give the same card everywhere.
"""

from __future__ import annotations

import random
import time

from cardschool.engine import mililla
from cardschool.engine.mililla.bots import BasicBot, ExpertBot


def positions(count: int, seed: int) -> list[mililla.Game]:
    """Games at ``count`` seeded positions with a real choice, from rules-of-thumb play."""
    found: list[mililla.Game] = []
    basic = BasicBot()
    number = 0
    while len(found) < count:
        game = mililla.new_game(seed + number)
        rng = random.Random(seed + number)
        ply = 0
        while not game.deal_over and len(found) < count:
            if ply % 7 == 3 and len(game.legal_moves()) > 1:
                found.append(game.clone())
            seat = game.to_move
            game.play(basic.choose(game.view(seat).to_dict(), rng).move)
            ply += 1
        number += 1
    return found


def test_no_clock_can_change_the_experts_choice(monkeypatch):
    """With every clock of ``time`` refusing to answer, each seeded position gets the same
    card and the same reason as with the clocks."""
    views = [game.view(game.to_move).to_dict() for game in positions(24, seed=91)]
    bot = ExpertBot()
    expected = [bot.choose(view, random.Random(k)) for k, view in enumerate(views)]

    def no_clock() -> float:
        raise AssertionError("the expert read a clock")

    for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time"):
        monkeypatch.setattr(time, name, no_clock)
    got = [bot.choose(view, random.Random(k)) for k, view in enumerate(views)]
    assert got == expected
    assert len({choice.move for choice in expected}) > 5  # real decisions, not one card again


def test_the_expert_has_no_time_cap():
    """The expert is made from a budget only: no argument or setting of time."""
    bot = ExpertBot(60)
    assert bot.budget == 60
    assert not any("time" in name for name in vars(bot))
