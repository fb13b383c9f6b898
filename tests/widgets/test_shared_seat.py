"""Seats at a shared table (issue 29), several in one process over one class database.

Each seat is the game's own table (``shared_table.py``) whose moves go through the tables'
store in this process (``LocalTables``, the bots playing right after each person's move),
clicked as a browser clicks; every seat reads the others' moves as its listening thread
would (``catch_up``).
"""

from __future__ import annotations

import asyncio
import json
import random
from datetime import datetime, timedelta
from typing import Any

import pytest
from table_driver import action, click_card, press, send, snapshot
from table_driver import told as told_all
from test_table_widget import from_browser

from cardschool.engine.messages import Seat, message, render
from cardschool.engine.session import HUMAN
from cardschool.widgets import shared_table as shared_table_module
from cardschool.widgets.classroom.db import open_engine
from cardschool.widgets.classroom.seat_counts import SeatCounts
from cardschool.widgets.classroom.table_client import LocalTables, PlayedMove, TableRefused
from cardschool.widgets.classroom.tables import SharedTables
from cardschool.widgets.shared_table import SharedSeat, shared_table
from cardschool.widgets.together import Together, together

START = datetime(2026, 12, 4, 9, 0, 0)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(tmp_path, clock) -> Any:
    store = SharedTables(
        open_engine(str(tmp_path / "class.db")), wait=20, clock=clock, seeds=lambda: 123456789
    )
    return LocalTables(store)


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
    for table in seats:  # the deal's code gives every hand: never sent while it is played
        sent = json.dumps([table.state, table.kept])
        assert table.session.code not in sent and table.kept["save"] is None
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
    made = tables.tables.play_bots(to_move.table_code)
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


def counts_kept(tables: Any, table: SharedSeat) -> SeatCounts:
    """What the server keeps of ``table``'s player's hints, coach and refusals."""
    seats = tables.tables._table(table.table_code).seats
    (row,) = [row for row in seats if row.number == table.seat]
    return SeatCounts.kept(row.counts)


def test_a_seat_sends_its_hints_coach_and_refusals_with_its_next_move(tables, clock):
    seats = seats_at(tables, "mille", [0, 1])
    mover = next(table for table in seats if table.session.to_move == table.seat)
    send(mover, type="hint")
    click_card(mover, hand(mover)[0])  # a card before the draw: refused by mille.turn
    assert mover.state["message"]["rule"] == "mille.turn"
    send(mover, type="coach")
    counted = SeatCounts(hints=1, coach=1, illegal={"mille.turn": 1})
    assert mover.unsent == counted and counts_kept(tables, mover) == SeatCounts()
    # its player away too long: the bots play the seat, and the server refuses this move
    clock.now += timedelta(seconds=60)
    other = next(table for table in seats if table is not mover)
    other.tables.view(other.table_code, other.token)
    assert tables.tables.play_bots(mover.table_code)
    press(mover, "stock")
    assert mover.state["message"]["kind"] == "error"
    assert mover.unsent == counted  # refused: kept for the next move, not lost
    catch_up(seats)
    send(other, type="hint")  # its hints on: counted for it alone
    rng = random.Random(3)
    while mover.session.to_move != mover.seat:
        mille_turn(seats[mover.session.to_move], rng)
        catch_up(seats)
    press(mover, "stock")  # its next move: the counts go with it
    assert mover.unsent == SeatCounts() and counts_kept(tables, mover) == counted
    card = hand(mover)[0]
    click_card(mover, card)
    click_card(mover, card)  # picked, then picked off: no refusal, nothing counted
    send(mover, type="hint")  # the hints closed (not counted), then opened again: counted
    send(mover, type="hint")
    click_card(mover, card)
    press(mover, "discard")  # the turn's last move: the hint goes with it
    assert mover.state["message"] is None or mover.state["message"]["kind"] != "error"
    assert counts_kept(tables, mover) == SeatCounts(hints=2, coach=1, illegal={"mille.turn": 1})
    assert counts_kept(tables, other) == SeatCounts(hints=1)


# ---------------------------------------------------------------- the page (together.py)


def page(tables: Any, kept: Any = None, query: str = "") -> Together:
    """A page as it opens: the form sends what the browser keeps and the page's query."""
    made = together(tables, speed=0)
    from_browser(made.form, {"type": "start", "kept": kept, "query": query})
    return made


def line(made: Together) -> str | None:
    return made.form.state["message"]


def test_open_join_by_link_reload_and_leave_on_the_page(tables, clock):
    first = page(tables)
    from_browser(
        first.form,
        {"type": "open", "game": "mililla", "level": "basic", "people": [0, 2], "mine": 2},
    )
    assert first.table is not None and first.table.seat == 2, line(first)
    kept = dict(first.form.kept)
    assert set(kept) == {"code", "token"} and kept["code"] == first.code
    assert first.form.state["seated"]["code"] == first.code
    assert "North" in first.form.state["seated"]["line"]
    assert list(first.children) == [first.form, first.table]

    # a link's table: the code is put in the join form; the seat is chosen, then joined
    second = page(tables, query=f"?table={first.code}")
    assert second.table is None and second.form.state["code"] == first.code
    assert first.code in line(second)
    from_browser(second.form, {"type": "join", "code": first.code, "seat": 2})
    assert second.table is None and "taken" in line(second)  # the first one's seat
    from_browser(second.form, {"type": "join", "code": first.code.lower(), "seat": None})
    assert second.table is not None and second.table.seat == 0

    # a reload: the browser's kept seat, checked by the server, is taken back
    again = page(tables, kept=kept, query=f"?table={first.code}")
    assert again.table is not None and again.table.seat == 2 and again.token == kept["token"]
    forged = page(tables, kept={"code": first.code, "token": "not-a-seat's-token"})
    assert forged.table is None and forged.form.kept == {}
    assert "could not be taken back" in line(forged)

    # the first player leaves: after the wait the bots play the seat, and the others are told
    from_browser(again.form, {"type": "leave"})
    assert again.table is None and again.form.kept == {} and list(again.children) == [again.form]
    clock.now += timedelta(seconds=60)
    second.table.catch_up()
    assert second.table.bots_play == {2}
    assert "North" in second.form.state["seated"]["bots"]
    left = second.table.words(message("table:shared.left-open", who=Seat(2)))
    assert left in told_all(second.table)  # the player left: anyone may take the seat


@pytest.mark.parametrize(
    "sent",
    [
        {"type": "open", "game": 3, "level": "basic", "people": [0], "mine": 0},
        {"type": "open", "game": "mille", "level": "basic", "people": [0, True], "mine": 0},
        {"type": "open", "game": "mille", "level": "basic", "people": [0], "mine": 0, "x": 1},
        {"type": "join", "code": "K" * 500},
        {"type": "join", "code": "ABC", "seat": -1},
        {"type": "start", "kept": {"code": "A", "token": "B", "more": 1}},
        {"type": "sit"},
        {"type": "open", "game": "mille", "level": "basic", "people": [0], "mine": 0, "coach": 1},
        {"type": "coach", "on": "off"},
        ["join"],
    ],
)
def test_a_forged_message_of_the_form_is_refused_and_changes_nothing(tables, sent):
    made = page(tables)
    from_browser(made.form, sent)
    assert made.table is None and made.form.kept == {}
    assert line(made)


def test_the_page_opens_a_table_without_the_coach_and_its_creator_switches_it(tables):
    first = page(tables)
    sent = {"type": "open", "game": "mille", "level": "basic", "people": [0, 1], "mine": 0}
    from_browser(first.form, {**sent, "coach": False})
    assert first.table is not None and not first.table.coach_allowed
    seated = first.form.state["seated"]
    assert seated["creator"] is True and seated["coach"] is False
    assert seated["coach_line"] == render(message("table:shared.no-coach"))
    second = page(tables)
    from_browser(second.form, {"type": "join", "code": first.code, "seat": None})
    assert second.table is not None and not second.table.coach_allowed
    assert second.form.state["seated"]["creator"] is False
    from_browser(second.form, {"type": "coach", "on": True})  # not the creator: refused
    assert line(second) == render(message("classroom:table.coach-creator"))
    from_browser(first.form, {"type": "coach", "on": True})
    assert first.table.coach_allowed and first.form.state["seated"]["coach"] is True
    second.table.catch_up()
    assert second.table.coach_allowed and second.form.state["seated"]["coach_line"] == ""


def test_a_table_refused_by_the_server_is_said_on_the_form(tables):
    made = page(tables)
    from_browser(
        made.form, {"type": "open", "game": "mille", "level": "godlike", "people": [0], "mine": 0}
    )
    assert made.table is None and "level" in line(made)
    from_browser(made.form, {"type": "join", "code": "ZZZZZZZZZZ", "seat": None})
    assert made.table is None and line(made) == render(message("classroom:table.no-table"))


def test_a_page_without_a_class_server_says_so():
    made = Together(None)
    if made.tables is None:
        assert line(made) == render(message("table:together.no-server"))


def test_the_listening_thread_brings_the_others_moves_on_the_event_loop(tables, monkeypatch):
    monkeypatch.setattr(shared_table_module, "POLL_WAIT", 0.5)

    async def play() -> list[SharedSeat]:
        seats = seats_at(tables, "mililla", [0, 2])  # a loop runs: each seat listens
        assert all(table._listening is not None for table in seats)
        rng = random.Random(1)
        for _turn in range(3):  # three of the people's turns, the bots' moves between
            to_move = next(t for t in seats if t.session.to_move == t.seat)
            mililla_turn(to_move, rng)
            for _ in range(200):  # the other seat hears it without being asked
                await asyncio.sleep(0.02)
                steps = [len(t.session.steps) for t in seats]
                if (
                    steps[0] == steps[1]
                    and not any(t._arrived for t in seats)
                    and any(t.session.to_move == t.seat for t in seats)
                ):
                    break
            agree(seats)
        return seats

    seats = asyncio.run(play())
    for table in seats:
        table.close()
    assert len(seats[0].session.steps) >= 3


def test_a_move_that_does_not_replay_reads_the_deal_again(tables):
    seats = seats_at(tables, "mililla", [0, 2])
    mine = seats[0]
    steps = [(s.seat, s.move) for s in mine.session.steps]
    forged = PlayedMove(len(steps) + 1, mine.session.to_move, "XX", "human")
    mine.arrive([forged])  # a move the rules refuse: a bug, so the server's list is read again
    assert [(s.seat, s.move) for s in mine.session.steps] == steps
    assert not mine._arrived
    assert render(message("table:shared.read-again")) in told_all(mine)
    gap = PlayedMove(len(steps) + 3, 0, "XX", "human")
    mine.arrive([gap])  # a gap in the numbers: read again too
    assert [(s.seat, s.move) for s in mine.session.steps] == steps


def test_a_seat_reads_the_table_only_while_its_page_beats(tables):
    made = page(tables)
    from_browser(
        made.form, {"type": "open", "game": "mille", "level": "basic", "people": [0], "mine": 0}
    )
    table = made.table
    assert table is not None and table.present  # just seated: heard
    table._heard -= shared_table_module.AWAY_S + 1  # nothing heard for a while: gone
    assert not table.present
    from_browser(made.form, {"type": "here"})
    assert table.present
    from_browser(made.form, {"type": "here", "extra": 1})  # forged: refused, said
    assert line(made)
    alone = seats_at(tables, "mililla", [0])[0]
    assert alone.present  # a table no page beats for reads the table while it runs


def test_the_coach_is_one_seats_own(tables):
    seats = seats_at(tables, "mililla", [0, 2])
    mover = next(t for t in seats if t.session.to_move == t.seat)
    other = next(t for t in seats if t is not mover)
    send(mover, type="coach")
    advice = mover.state["coach"]
    assert advice["move"] and advice["rule"]  # the expert's move for this seat's hand
    assert other.state["coach"] is None and not other.coach.on  # nobody else's panel
    legal = [mover.parts.move_words(str(move)) for move in mover.session.legal_moves()]
    assert advice["move"] in legal


def test_the_tables_creator_switches_the_coach_off_for_every_seat(tables):
    seats = seats_at(tables, "mililla", [0, 2])
    creator, other = seats  # the first seat opened the table
    send(other, type="coach")
    assert other.coach.on and other.state["coach"] is not None
    with pytest.raises(TableRefused) as refused:  # only the creator may switch it
        tables.set_coach(creator.table_code, other.token, False)
    assert refused.value.said.id == "classroom:table.coach-creator"
    assert tables.view(creator.table_code, creator.token)["coach"] is True
    assert tables.set_coach(creator.table_code, creator.token, False) is False
    catch_up(seats)
    off = render(message("table:shared.no-coach"))
    for seat in seats:  # the open panel closed, the button hidden, a click refused
        assert not seat.coach.on and seat.state["coach"] is None
        assert "cs-no-coach" in seat._dom_classes and off in told_all(seat)
        before = snapshot(seat)
        send(seat, type="coach")
        assert seat.state["message"]["kind"] == "error"
        assert seat.state["message"]["text"] == off
        assert not seat.coach.on and snapshot(seat) == before
    tables.set_coach(creator.table_code, creator.token, True)
    catch_up(seats)
    send(other, type="coach")
    assert other.coach.on and "cs-no-coach" not in other._dom_classes


def test_a_refused_table_keeps_the_seat_one_has(tables):
    made = page(tables)
    opening = {"type": "open", "game": "mille", "level": "basic", "people": [0, 1], "mine": 0}
    from_browser(made.form, opening)
    table, kept = made.table, dict(made.form.kept)
    from_browser(made.form, {"type": "join", "code": "ZZZZZZZZZZ", "seat": None})
    from_browser(made.form, {**opening, "level": "godlike"})
    assert made.table is table and made.form.kept == kept and line(made)
    from_browser(made.form, {**opening, "game": "mililla"})  # another table: the old seat freed
    assert made.table is not table and made.code != kept["code"]
    assert tables.take_seat(kept["code"], 0)  # free again for someone else


def test_a_class_membership_sent_to_a_seat_records_nothing(tmp_path, monkeypatch):
    """The browser's membership attaches no recorder to a shared seat: a record kept while
    the deal is played would carry its code (every hand); the server records a class's
    tables itself."""
    from cardschool.widgets.classroom.store import ClassStore

    path = str(tmp_path / "class.db")
    monkeypatch.setenv("CARDSCHOOL_DB", path)
    store = ClassStore(path)
    code, key = store.create_class("Year 7")
    _member, token = store.join(code, "Ann")
    tables = LocalTables(SharedTables(store.engine, seeds=lambda: 123456789))
    ann, bob = seats_at(tables, "mille", [0, 1])
    from_browser(ann, {"type": "member", "entry": {"code": code, "name": "Ann", "token": token}})
    assert ann.class_membership.recorder is None
    for table in (ann, bob):
        send(table, type="hint")
    rng = random.Random(2)
    while not ann.session.deal_over:
        mille_turn((ann, bob)[ann.session.to_move], rng)
        catch_up([ann, bob])
    assert store.records(code, key) == []
