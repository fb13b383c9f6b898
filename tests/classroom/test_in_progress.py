"""Work given up before the end is on the board (issue 26.8): playing, gave up, counts kept."""

from __future__ import annotations

import csv
import io
import json
import random

from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, saves
from cardschool.widgets.classroom.board import board_csv, board_html, build_board
from cardschool.widgets.classroom.recording import Recorder
from cardschool.widgets.classroom.store import ClassStore, RecordIn

from .drive import click_legal, play_out, send

SEATS = ("human", "random", "random", "random")


def a_class(url):
    store = ClassStore(url)
    code, key = store.create_class("Year 7")
    member, _token = store.join(code, "Ann")
    return store, code, key, member


def a_page(store, member, save=None, seed=11):
    """A practice page's table with a recorder (a new kernel), the browser's save replayed."""
    table = MilillaTable(Session.new("mililla", seed, seats=SEATS), speed=0)
    Recorder(store, member, [].append).watch_table(table)
    send(table, type="resume", save=save, query="")
    return table


def refuse_one(table) -> None:
    """Click a card the rules refuse (the learner's turn, a card not legal now)."""
    illegal = [c["card"] for c in table.state["hand"] if not c["legal"]]
    hand = [c["card"] for c in table.state["hand"]]
    send(table, type="card", card=illegal[0], index=hand.index(illegal[0]))


def play_until_refusable(table, rng) -> None:
    """Play legal moves until the learner holds a card the rules refuse."""
    for _ in range(200):
        if table.state["hand"] and any(not c["legal"] for c in table.state["hand"]):
            return
        click_legal(table, rng)
    raise AssertionError("no refusable card came")


def only_record(store, code, key):
    [row] = store.records(code, key)
    return row


def test_half_a_deal_with_refusals_and_a_hint_is_playing_and_its_counts_survive_a_restart(
    tmp_path,
):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    rng = random.Random(3)
    table = a_page(store, member)
    store.add_assignment(code, key, "deal", table.session.code)
    play_until_refusable(table, rng)
    for _ in range(4):
        refuse_one(table)
    send(table, type="hint")  # opened: one hint
    row = only_record(store, code, key)
    assert (row.result, row.hints, row.moves > 0) == ("playing", 1, True)
    assert sum(json.loads(row.illegal).values()) == 4
    # the kernel restarts: the page's save comes back on a new kernel, with a new recorder
    again = a_page(store, member, saves.save(table))
    assert again.session.code == table.session.code
    play_until_refusable(again, rng)
    for _ in range(3):
        refuse_one(again)
    row = only_record(store, code, key)
    assert sum(json.loads(row.illegal).values()) == 7  # 4 before, 3 after
    assert (row.result, row.hints, row.live) == ("playing", 1, row.moves)
    cell = board_html(build_board(store, code, key))
    assert "playing, 7 refused moves, 1 hint" in cell and "class='cs-playing'" in cell
    # a new deal replaces the unfinished one: given up, with its counts
    send(again, type="new-deal", code=None)
    if again.questions.confirm is not None:
        send(again, type="confirm", answer=True)
    row = only_record(store, code, key)
    assert (row.result, row.hints) == ("gave up", 1)
    board = build_board(store, code, key)
    assert "gave up, 7 refused moves, 1 hint" in board_html(board)
    assert ",gave up," in board_csv(board)


def test_a_deal_ended_is_never_replaced_by_work_in_progress(db_url):
    store, code, key, member = a_class(db_url)
    deal = {"kind": "deal", "target": "MLA-7K3Q", "moves": 10}
    assert store.record(member, RecordIn(result="playing", live=4, **{**deal, "moves": 4}))
    assert store.record(member, RecordIn(result="won", score=90, live=2, **deal))  # ends stand
    assert not store.record(member, RecordIn(result="playing", live=10, **deal))
    assert not store.record(member, RecordIn(result="gave up", live=10, **deal))
    assert only_record(store, code, key).result == "won"
    other = {"kind": "deal", "target": "MLA-9ZZZ", "moves": 3, "live": 3}
    assert store.record(member, RecordIn(result="gave up", **other))
    assert store.record(member, RecordIn(result="playing", **other))  # a new try of that deal
    assert store.record(member, RecordIn(result="lost", score=10, **{**other, "live": 1}))


def test_a_hint_before_any_move_reads_started_and_a_finished_deal_shows_its_counts(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    table = a_page(store, member)
    store.add_assignment(code, key, "deal", table.session.code)
    send(table, type="hint")
    assert only_record(store, code, key).moves == 0
    assert "started, 1 hint, 0:0" in board_html(build_board(store, code, key))
    rng = random.Random(5)
    play_until_refusable(table, rng)
    refuse_one(table)
    play_out(table, rng)
    row = only_record(store, code, key)
    assert row.result in ("won", "lost", "tied") and row.hints == 1
    shown = board_html(build_board(store, code, key))
    assert "class='cs-done'" in shown and "1 refused move, 1 hint" in shown


def test_moves_alone_write_the_deal_playing_at_once_then_at_most_every_few_seconds(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    table = a_page(store, member)
    rng = random.Random(8)
    while not any(s.by == "human" for s in table.session.steps):
        click_legal(table, rng)
    row = only_record(store, code, key)
    assert (row.result, row.moves, row.live) == ("playing", 1, 1)
    for _ in range(3):
        click_legal(table, rng)
    assert only_record(store, code, key).moves == 1  # not written again so soon


def test_the_csv_gives_each_deals_counts_beside_the_students_totals(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    store.add_assignment(code, key, "deal", "MLA-7K3Q")
    deal = {"kind": "deal", "target": "MLA-7K3Q", "moves": 4, "live": 4}
    store.record(member, RecordIn(result="playing", illegal={"mililla.follow": 3}, hints=2, **deal))
    [head, row] = list(csv.reader(io.StringIO(board_csv(build_board(store, code, key)))))
    cells = dict(zip(head, row, strict=True))
    assert (cells["result"], cells["done"]) == ("playing", "no")
    here = [cells[f"deal {what}"] for what in ("refused", "hints", "coach")]
    assert here == ["3", "2", "0"]
