"""What the Play together page says about the table (issue 29): who sits where, whose turn
is a classmate's, the bots' seats drawn as bots, the learner's own seat always a person's,
and what to do once the deal is over. Seats over one class database in this process
(``LocalTables``), clicked as a browser clicks."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from table_driver import click_card
from test_shared_seat import Clock
from test_table_widget import from_browser

from cardschool.engine.messages import Seat, message, render
from cardschool.widgets.classroom.db import open_engine
from cardschool.widgets.classroom.table_client import LocalTables
from cardschool.widgets.classroom.tables import SharedTables
from cardschool.widgets.together import Together, together


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(tmp_path: Any, clock: Clock) -> LocalTables:
    store = SharedTables(
        open_engine(str(tmp_path / "class.db")), wait=20, clock=clock, seeds=lambda: 123456789
    )
    return LocalTables(store)


def page(tables: LocalTables, query: str = "") -> Together:
    """A page as it opens (nothing kept in its browser)."""
    made = together(tables, speed=0)
    from_browser(made.form, {"type": "start", "kept": None, "query": query})
    return made


def sitting(made: Together) -> list[str]:
    return made.form.state["seated"]["seats"]


def said(id: str, **fields: Any) -> str:
    return render(message(id, **fields))


def test_the_page_says_who_sits_where_and_whose_turn_is_a_classmates(tables, clock):
    ana = page(tables)
    opening = {"type": "open", "game": "mililla", "level": "basic", "people": [0, 2], "mine": 0}
    from_browser(ana.form, opening)
    assert ana.table is not None
    assert sitting(ana) == [
        said("table:together.seat-you", who="South"),
        said("table:together.seat-bot", who="East"),
        said("table:together.seat-free", who="North", wait=20),
        said("table:together.seat-bot", who="West"),
    ]
    kinds = {seat["seat"]: seat["kind"] for seat in ana.table.state["seats"]}
    assert kinds == {0: "human", 1: "basic", 2: "human", 3: "basic"}  # the bots drawn as bots

    ben = page(tables, query=f"?table={ana.code}")
    assert ben.form.state["message_kind"] == "info"  # the link's line is help, not a refusal
    from_browser(ben.form, {"type": "join", "code": ana.code, "seat": None})
    assert ben.table is not None and ben.table.seat == 2
    ana.table.catch_up()
    assert said("table:together.seat-person", who="North") in sitting(ana)
    assert said("table:together.seat-person", who="South") in sitting(ben)

    # North's turn, on South's screen: a classmate is waited for, by name
    rng = random.Random(3)
    by_seat = {0: ana.table, 2: ben.table}
    turns = 0
    while ana.table.session.to_move != 2:
        legal = [e["card"] for e in by_seat[0].state["hand"] if e["legal"]]
        click_card(by_seat[0], rng.choice(legal))
        ben.table.catch_up()
        ana.table.catch_up()
        turns += 1
        assert turns < 12
    waiting = ana.table.words(message("table:shared.waiting-person", who=Seat(2)))
    assert ana.table.state["prompt"] == waiting

    # Ben's page goes: once the wait is over the bots play his seat, and Ana's page says so
    ben.table.stop_listening()
    clock.now += timedelta(seconds=60)
    ana.table.catch_up()
    assert said("table:together.seat-away", who="North") in sitting(ana)
    kinds = {seat["seat"]: seat["kind"] for seat in ana.table.state["seats"]}
    assert kinds[2] == "basic"


def test_the_learners_seat_is_a_persons_and_the_end_of_the_deal_is_said(tables, clock):
    made = page(tables)
    opening = {"type": "open", "game": "mililla", "level": "random", "people": [2], "mine": 0}
    from_browser(made.form, opening)  # South not ticked: the learner sits there all the same
    table = made.table
    assert table is not None and table.seat == 0, made.form.state["message"]
    assert sitting(made)[0] == said("table:together.seat-you", who="South")
    assert made.form.state["seated"]["over"] == ""
    clock.now += timedelta(seconds=60)  # nobody came for North: the bots play it
    table.catch_up()
    assert sitting(made)[2] == said("table:together.seat-open", who="North")
    rng = random.Random(7)
    turns = 0
    while not table.session.deal_over:
        if table.session.to_move == 0:
            legal = [e["card"] for e in table.state["hand"] if e["legal"]]
            click_card(table, rng.choice(legal))
        table.catch_up()
        turns += 1
        assert turns < 60
    assert made.form.state["seated"]["over"] == said("table:together.over")
