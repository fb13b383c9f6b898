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
from table_driver import told as told_all
from test_shared_seat import Clock
from test_table_widget import from_browser

from cardschool.engine.messages import Seat, message, render
from cardschool.widgets import shared_table as shared_table_module
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
    # the bots drawn as bots, the seat nobody took yet as an empty seat
    assert kinds == {0: "human", 1: "basic", 2: "free", 3: "basic"}

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


@pytest.mark.parametrize(
    ("was", "now", "told"),
    [
        (None, "away", "table:shared.bot-plays"),
        ("person", "away", "table:shared.bot-plays"),
        ("away", "person", "table:shared.back"),
        (None, "open", "table:shared.bots-keep-free"),
        ("free", "open", "table:shared.bots-keep-free"),
        ("open", "person", "table:shared.taken"),
        ("free", "person", "table:shared.taken"),
        ("open", "free", "table:shared.free-again"),  # a class seated a late student
        ("person", "free", "table:shared.left-free"),
        ("away", "open", "table:shared.left-open"),
        (None, "person", None),
        (None, "free", None),
        ("bot", "bot", None),
        ("you", "you", None),
    ],
)
def test_a_change_of_who_plays_a_seat_is_told_as_it_happened(was, now, told):
    news = shared_table_module._seat_news(2, was, now, 20)
    assert (news.id if news is not None else None) == told


def test_the_team_an_empty_seat_and_the_bots_moves_for_you_are_told(tables, clock):
    ana = page(tables)
    opening = {"type": "open", "game": "mililla", "level": "basic", "people": [0, 2], "mine": 0}
    from_browser(ana.form, opening)
    table = ana.table
    assert table is not None
    team = said("table:together.team", seats="North")
    assert ana.form.state["seated"]["line"].endswith(" " + team)  # the partner, by seat
    duel = page(tables)
    from_browser(
        duel.form, {"type": "open", "game": "mille", "level": "basic", "people": [0], "mine": 0}
    )
    assert "team" not in duel.form.state["seated"]["line"]  # a duel has no team

    clock.now += timedelta(seconds=60)  # nobody came for North: the bots play it
    table.catch_up()
    nobody = table.words(message("table:shared.bots-keep-free", who=Seat(2)))
    assert nobody in told_all(table)
    rng = random.Random(5)
    while not any(move.seat == 2 for move in tables.moves_since(ana.code, ana.token, 0)):
        if table.session.to_move == 0:
            click_card(table, rng.choice([e["card"] for e in table.state["hand"] if e["legal"]]))
        table.catch_up()
    north = [m for m in tables.moves_since(ana.code, ana.token, 0) if m.seat == 2]

    # Ben takes North: told how many of its moves a bot made; Ana, that a player sat there
    ben = page(tables, query=f"?table={ana.code}")
    from_browser(ben.form, {"type": "join", "code": ana.code, "seat": 2})
    assert ben.table is not None
    bots = ben.table.words(message("table:shared.bots-played-yours", count=len(north)))
    assert bots in told_all(ben.table)
    table.catch_up()
    assert table.words(message("table:shared.taken", who=Seat(2))) in told_all(table)

    # Ben's page goes; a bot plays North, and Ben's page, back, tells that move in the third
    # person ("North plays...", not "You play...")
    ben.table.stop_listening()
    clock.now += timedelta(seconds=60)
    mine = len(north)
    while sum(m.seat == 2 for m in tables.moves_since(ana.code, ana.token, 0)) == mine:
        if table.session.to_move == 0:
            click_card(table, rng.choice([e["card"] for e in table.state["hand"] if e["legal"]]))
        table.catch_up()
    ben.table.catch_up()
    lead = ben.table.words(message("table:shared.bot-played-yours", move="|")).split("|")[0]
    assert lead + "North " in told_all(ben.table)
