"""The coach at the table (``widgets/coach.py``): on until turned off, its advice worked out
when the learner's turn starts without blocking the table, each thing said once."""

from __future__ import annotations

import pytest
from table_driver import Paced, click_card, send

from cardschool.engine.advice import advise_view
from cardschool.engine.messages import render
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable
from cardschool.widgets.coach import THINKING, WAITING
from cardschool.widgets.review import TableReview

DEALS = 40
"""Simulated deals of the coach's judgement here: few, for speed."""


class PacedMililla(Paced, MilillaTable):
    """A Mililla table whose waiting acts (bots, the coach) the test runs one by one."""


def run_all(table: PacedMililla) -> None:
    while table.waiting:
        table.run_next()


def test_the_advice_comes_after_the_table_is_drawn_and_the_coach_stays_on():
    session = Session.new("mililla", seed=11, seats=("human", "basic", "basic", "basic"), budget=8)
    table = PacedMililla(session, speed=0)
    table.review = TableReview(table, deals=DEALS)
    run_all(table)
    assert table.session.to_move == 0
    send(table, type="coach")
    assert table.state["coach"] == {"move": "", "text": render(THINKING), "rule": None}
    assert table.waiting  # worked out later, on the event loop: the table answers meanwhile
    table.run_next()
    first = table.state["coach"]
    assert first["move"].startswith("Play the ") and first["text"] != render(THINKING)
    # the one judgement of the position (engine/advice.py): the review's and the exercises'
    expected = advise_view("mililla", table.session.view(0).to_dict(), DEALS)
    assert first["text"] == expected.text()
    assert first["rule"] == table.session.explain(expected.move).rule
    legal = next(c["card"] for c in table.state["hand"] if c["legal"])
    click_card(table, legal)
    assert table.state["coach"] == {"move": "", "text": render(WAITING), "rule": None}
    run_all(table)  # the bots move, then the learner's turn: the coach thinks again
    if table.session.to_move == 0:
        second = table.state["coach"]
        assert second["move"].startswith("Play the ") and second != first
    send(table, type="coach")
    assert table.state["coach"] is None and not table.waiting


@pytest.mark.parametrize("cls", [MilleTable, MilillaTable])
def test_real_advice_never_repeats_the_move_or_the_rule(cls):
    seats = ("human", "basic") if cls is MilleTable else ("human", "basic", "basic", "basic")
    for seed in range(4):
        table = cls(Session.new(cls.kind, seed=seed, seats=seats, budget=8), speed=0)
        table.review = TableReview(table, deals=DEALS)
        send(table, type="coach")
        coach = table.state["coach"]
        if table.session.to_move != 0:
            continue
        assert coach["move"] not in coach["text"]
        assert f"({coach['rule']})" not in coach["text"]
        assert coach["text"].count(".") >= 1 and coach["text"] not in coach["move"]
