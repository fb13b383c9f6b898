"""Seats at a shared table (issue 29), several in one process over one class database.

Each seat is the game's own table (``shared_table.py``) whose moves go through the tables'
store in this process (``LocalTables``, the bots playing right after each person's move),
clicked as a browser clicks; every seat reads the others' moves as its listening thread
would (``catch_up``).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

import pytest
from table_driver import action, click_card, press, send, snapshot
from table_driver import told as told_all

from cardschool.engine.messages import message, render
from cardschool.engine.session import HUMAN
from cardschool.widgets.classroom.db import open_engine
from cardschool.widgets.classroom.tables import SharedTables
from cardschool.widgets.shared_table import SharedSeat, shared_table

try:  # the other helper's in-process twin of the class server's routes
    from cardschool.widgets.classroom.table_client import LocalTables
except ImportError:  # pragma: no cover - until it is committed
    LocalTables = None  # type: ignore[assignment,misc]

START = datetime(2026, 12, 4, 9, 0, 0)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


class InProcess:
    """The store's calls under the kernel's names, the bots after each move (as the
    class server plays them), for when ``LocalTables`` is not there."""

    def __init__(self, store: SharedTables) -> None:
        self.store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def play(self, code: str, token: str, number: int, move: str) -> str:
        kept = self.store.play(code, token, number, move)
        self.store.play_bots(code)
        return kept

    def moves_since(self, code: str, token: str, number: int, wait: float = 0.0) -> list:
        self.store.view(code, token)  # only a seat holder reads the moves
        return self.store.moves_since(code, number)

    def deal_code(self, code: str, token: str) -> str:
        self.store.view(code, token)
        return self.store._deal_code(self.store._table(code))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(tmp_path, clock) -> Any:
    store = SharedTables(
        open_engine(str(tmp_path / "class.db")), wait=20, clock=clock, seeds=lambda: 123456789
    )
    if LocalTables is not None:
        return LocalTables(store)
    return InProcess(store)


def seats_at(tables: Any, game: str, people: list[int], level: str = "random") -> list[SharedSeat]:
    """One seat's table per person, the first opening the table, the others joining."""
    opened = tables.open_table(game, level, {}, people)
    tokens = {opened.seat: opened.token}
    for seat in people[1:]:
        tokens[seat] = tables.take_seat(opened.code, seat)
    made = [shared_table(tables, opened.code, tokens[seat], speed=0) for seat in people]
    assert all(isinstance(t, SharedSeat) for t in made)
    return made


def catch_up(seats: list[SharedSeat]) -> None:
    for seat in seats:
        seat.catch_up()


def hand(table: SharedSeat) -> list[str]:
    return [entry["card"] for entry in table.state["hand"]]


def mililla_turn(table: SharedSeat, rng: random.Random) -> None:
    """The seat to move plays a legal card, by a click."""
    legal = [entry["card"] for entry in table.state["hand"] if entry["legal"]]
    assert legal, table.state["prompt"]
    click_card(table, rng.choice(legal))
    shown = table.state["message"]
    assert shown is None or shown["kind"] != "error", shown


def agree(seats: list[SharedSeat]) -> None:
    """Every seat has every move, sees only its own hand, and the same scores."""
    moves = [[(s.seat, s.move) for s in seat.session.steps] for seat in seats]
    assert all(m == moves[0] for m in moves)
    for seat in seats:
        assert hand(seat) == [str(card) for card in seat.session.view(seat.seat).hand]
        for other in seat.state["seats"]:
            assert not other.get("open"), other  # nobody's cards but one's own
    # each seat's columns are told to it ("Your team"): the same figures, and partners alike
    figures = {tuple(sorted(seat.state["scores"]["totals"])) for seat in seats}
    assert len(figures) == 1
    deals = {tuple(sorted(seat.state["scores"]["deal"] or ())) for seat in seats}
    assert len(deals) == 1


@pytest.mark.parametrize("people", [[0, 1, 2, 3], [0, 2]])
def test_a_mililla_round_at_one_table_every_move_on_every_seat(tables, people):
    seats = seats_at(tables, "mililla", people)
    by_seat = {table.seat: table for table in seats}
    rng = random.Random(5)
    assert all(table.state["code"] == "" and table.state["codebox"] is None for table in seats)
    turns = 0
    while not seats[0].session.deal_over:
        to_move = seats[0].session.to_move
        mililla_turn(by_seat[to_move], rng)
        catch_up(seats)
        agree(seats)
        turns += 1
        assert turns < 60
    assert all(table.state["result"] is not None for table in seats)
    results = [table.session.game.deal_result() for table in seats]
    assert all(result == results[0] for result in results)
    assert len({table.session.code for table in seats}) == 1
    assert all(table.state["code"] == seats[0].session.code for table in seats)  # over: shown
    bots = {s.seat for s in seats[0].session.steps} - set(people)
    assert bots == set(range(4)) - set(people)


def mille_turn(table: SharedSeat, rng: random.Random) -> None:
    """A Mille turn by clicks: draw, meld or add what the hints offer, discard."""
    from cardschool.engine.mille import Move

    pile = action(table, "pile")
    press(table, "pile" if pile and pile["legal"] else "stock")
    while table.state["result"] is None and table.session.to_move == table.seat:
        melds = [h for h in table.state["hints"] if h["group"] in ("Meld", "Add to a meld")]
        if not melds:
            break
        send(table, type="select", cards=list(melds[0]["cards"]))
        add = action(table, "add")
        move = Move.parse(next(h.move for h in table.session.hints() if h.group != "Draw"))
        name = "meld" if melds[0]["group"] == "Meld" else "add"
        if name == "add" and not add["legal"]:
            name = f"add-to-{move.rank.text.lower()}"
        press(table, name)
        assert table.state["message"] is None or table.state["message"]["kind"] != "error"
    if table.state["result"] is None and table.session.to_move == table.seat:
        click_card(table, rng.choice(hand(table)))
        press(table, "discard")


def test_a_mille_duel_between_two_people_to_the_end(tables):
    seats = seats_at(tables, "mille", [0, 1])
    for table in seats:
        send(table, type="hint")
    rng = random.Random(2)
    turns = 0
    while not seats[0].session.deal_over:
        mille_turn(seats[seats[0].session.to_move], rng)
        catch_up(seats)
        agree(seats)
        turns += 1
        assert turns < 300
    mine, theirs = (table.state["result"] for table in seats)
    assert mine["title"].startswith("You") != theirs["title"].startswith("You")
    assert mine["next"] is None and theirs["next"] is None  # one deal per table
    assert seats[0].session.game.deal_result() == seats[1].session.game.deal_result()


def test_undo_and_a_new_deal_are_refused_with_the_reason(tables):
    seats = seats_at(tables, "mililla", [0, 1])
    mine = seats[0]
    assert mine.state["can_undo"] is False and mine.state["can_redo"] is False
    before = snapshot(mine)
    for intent in ({"type": "new-deal", "code": None}, {"type": "new-deal", "code": "MLA-7K3Q"}):
        send(mine, **intent)
        assert mine.state["message"]["kind"] == "error"
        assert "open a new table" in mine.state["message"]["text"]
    send(mine, type="undo")
    assert mine.state["message"]["text"] == render(message("classroom:table.no-undo"))
    assert snapshot(mine) == before
    said = " ".join(told_all(mine) for mine in seats)
    assert render(message("table:shared.no-undo-why")) in said


def test_a_move_the_server_refuses_changes_nothing_then_the_bot_move_arrives(tables, clock):
    seats = seats_at(tables, "mililla", [0, 1, 2, 3])
    by_seat = {table.seat: table for table in seats}
    to_move = by_seat[seats[0].session.to_move]
    # its player away too long: the server's bots play the seat; this kernel has not heard yet
    clock.now += timedelta(seconds=60)
    for table in seats:
        if table is not to_move:
            table.tables.view(table.table_code, table.token)  # the others are there
    made = tables.play_bots(to_move.table_code) if hasattr(tables, "play_bots") else None
    if made is None:
        made = to_move.tables.store.play_bots(to_move.table_code)
    assert made and made[0].seat == to_move.seat
    before = snapshot(to_move)
    legal = [entry["card"] for entry in to_move.state["hand"] if entry["legal"]]
    click_card(to_move, legal[0])
    shown = to_move.state["message"]
    assert shown["kind"] == "error", shown
    assert snapshot(to_move) == before  # refused by the server: nothing changed here
    to_move.catch_up()
    assert to_move.session.steps[0].move == made[0].move
    catch_up(seats)
    agree(seats)
    assert any(s.seat == to_move.seat and s.by == HUMAN for s in to_move.session.steps)
