"""The board a teacher reads at a glance (issue 26): what each column says, the refused moves
by rule title and per student, the score the student saw, times, the CSV, the roster tools."""

from __future__ import annotations

import csv
import html
import io
import random
import re

import pytest

from cardschool.engine import rulebook
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.messages import Catalog, catalog_of, register
from cardschool.engine.session import Session
from cardschool.widgets.classroom.board import result_words
from cardschool.widgets.classroom.keys import KEY_ALPHABET, new_key
from cardschool.widgets.classroom.store import ClassStore, RecordIn

from .drive import click_legal, from_browser, send
from .test_pages import NASTY, student, teacher_with_class


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "class.db")
    return lambda: ClassStore(path)


def play_with_refusals(table, rng: random.Random, refusals: int) -> list[str]:
    """Play the deal out with legal clicks, first trying ``refusals`` illegal cards; their rules."""
    refused: list[str] = []
    while not table.session.deal_over:
        hand = [c["card"] for c in table.state["hand"]]
        wrong = [c["card"] for c in table.state["hand"] if not c["legal"]]
        if table.session.human_to_move and wrong and len(refused) < refusals:
            send(table, type="card", card=wrong[0], index=hand.index(wrong[0]))
            refused.append(table.state["message"]["rule"])
        if not table.session.deal_over:
            click_legal(table, rng)
    return refused


@pytest.fixture
def class_at_work(db):
    """A class with a Mililla deal at Random and an exercise file; Ann played and answered."""
    page, code, _key = teacher_with_class(db)
    page.kind_box.value, page.target_box.value, page.level_box.value = "deal", "MLA-0042", "random"
    page.add_assignment()
    page.kind_box.value, page.target_box.value = "exercises", "mililla/beat.toml"
    page.add_assignment()
    ann, bob = student(db, code, NASTY), student(db, code, "Bob")
    ann.assignments.children[0].button.click()
    refused = play_with_refusals(ann.shown, random.Random(5), 2)
    ann.assignments.children[1].button.click()
    widget = ann.shown
    tries = judged_tries(widget.exercise)
    wrong = next(attempt for attempt, verdict in tries if not verdict.right)
    right = next(attempt for attempt, verdict in tries if verdict.right)
    from_browser(widget, {"type": "try", "try": str(wrong), "rev": widget.state["rev"]})
    from_browser(widget, {"type": "try", "try": str(right), "rev": widget.state["rev"]})
    page.refresh()
    return page, ann, bob, refused


def test_a_teacher_key_has_no_look_alike_characters(db):
    assert not set("0Oo1lI") & set(KEY_ALPHABET)
    keys = [new_key() for _ in range(200)] + [ClassStore(db().engine.url.render_as_string(
        hide_password=False)).create_class("A class")[1]]  # fmt: skip
    assert all(len(key) >= 20 and set(key) <= set(KEY_ALPHABET) for key in keys)


def test_the_heads_say_the_game_and_the_bots_level_in_words(class_at_work):
    page, *_ = class_at_work
    shown = page.board_view.value
    assert "1. Mililla deal, Random bots" in shown and "2. Exercises" in shown
    assert re.search(r"As of \d\d:\d\d UTC", shown)


def test_the_board_shows_the_game_score_the_student_saw(class_at_work):
    page, *_ = class_at_work
    [(ident, *_rest)] = [a for a in page.board.assignments if a[1] == "deal"]
    student_id = page.board.students[0][0]
    cell = page.board.cells[(student_id, ident)]
    save = page.store.saved_deal(*page._opened, page.board.deals[0][0])
    result = Session.from_json(save).game.deal_result()
    assert cell.score == result["scores"][0] and result_words(cell) in ("won", "lost", "tied")
    if result["scores"][0] != result["points"][0]:
        assert cell.points == result["points"][0]
        assert f"{cell.points} card points" in page.board_view.value
    assert f"score {cell.score}" in page.board_view.value


def test_refused_moves_by_rule_title_and_per_student_apart_from_wrong_answers(class_at_work):
    page, _ann, _bob, refused = class_at_work
    assert refused and page.board.rules == {r: refused.count(r) for r in sorted(set(refused))}
    shown = page.board_view.value
    chart = re.sub(r"</text><text[^>]*>", " ", shown)  # a long title's lines, read on
    for rule in set(refused):
        assert html.escape(rulebook.title(rule)) in chart  # the rule's title names its bar
    assert "Moves the tables refused, by rule" in shown
    ann_id, bob_id = (ident for ident, _name in page.board.students)
    assert page.board.refused[ann_id] == (len(refused), 1) and bob_id not in page.board.refused
    row = shown.split("<tbody>")[1].split("</tr>")[0]
    assert f"<td class='cs-refused'>{len(refused)}</td><td class='cs-wrong'>1</td>" in row


def test_the_csv_has_the_class_the_day_and_a_time_per_record(class_at_work):
    page, *_ = class_at_work
    rows = list(csv.DictReader(io.StringIO(page.csv)))
    assert {row["class"] for row in rows} == {"Year <7>"}
    assert {row["class code"] for row in rows} == {page.board.code}
    done = [row for row in rows if row["done"] == "yes"]
    assert len(done) == 2 and all(
        re.fullmatch(r"\d{4}-\d\d-\d\dT.*\+00:00", r["recorded"]) for r in done
    )
    assert all(row["recorded"] == "" for row in rows if row["done"] == "no")
    day = page.board.as_of.strftime("%Y-%m-%d")
    link = f"<p class='cs-board-csv'><a download='class-{page.board.code}-{day}.csv'"
    assert link in page.board_view.value  # styled as a link: the widget's are not
    assert ".cs-board-csv a, .cs-board-csv a:visited { color:" in page.board_view.value


def test_the_replay_list_gives_each_deal_a_time_and_refresh_reads_again(class_at_work):
    page, _ann, bob, _refused = class_at_work
    [(label, _ident)] = page.deals.options
    assert re.search(r" · \d{1,2} \w{3} \d\d:\d\d UTC$", label) and label.startswith(NASTY)
    bob.assignments.children[0].button.click()
    play_with_refusals(bob.shown, random.Random(6), 0)
    before = page.board.as_of
    page.refresh_button.click()
    assert len(page.deals.options) == 2 and page.deals.options[0][0].startswith("Bob · ")
    assert page.board.as_of >= before


@pytest.fixture
def other_words():
    """The board's words for how a deal went, replaced for one test (as a translation would)."""
    ids = [f"classroom:board.{id}" for id in ("playing", "gave-up", "restored", "result.won")]
    known = catalog_of(ids[0]).entries
    before = {id: known[id] for id in ids}
    words = {id: f"<{id.rpartition('.')[2]} in other words>" for id in ids}
    register(Catalog("classroom", words), replacing=True)
    yield words
    register(Catalog("classroom", before), replacing=True)


def test_the_replay_list_says_how_each_deal_went_in_the_boards_words(class_at_work, other_words):
    page, *_ = class_at_work
    cy, _token = page.store.join(page.board.code, "Cy")
    save = page.store.saved_deal(*page._opened, page.board.deals[0][0])
    for code, result, moves, live in (
        ("MLA-0043", "playing", 3, 3),
        ("MLA-0044", "gave up", 5, 5),
        ("MLA-0045", "won", 9, 0),  # every move replayed from the browser's save
        ("MLA-0046", "won", 9, 9),
    ):
        page.store.record(cy, RecordIn("deal", code, result, save=save, moves=moves, live=live))
    page.refresh()
    said = {label.split(" · ")[1]: label.split(" · ")[2] for label, _ident in page.deals.options}
    assert {code: said[code] for code in ("MLA-0043", "MLA-0044", "MLA-0045", "MLA-0046")} == {
        "MLA-0043": other_words["classroom:board.playing"],
        "MLA-0044": other_words["classroom:board.gave-up"],
        "MLA-0045": other_words["classroom:board.restored"],
        "MLA-0046": other_words["classroom:board.result.won"],
    }


def test_the_teacher_renames_and_removes_a_student(class_at_work):
    page, _ann, _bob, _refused = class_at_work
    tools = page.people
    assert [name for name, _i in tools.who.options] == [NASTY, "Bob"]
    tools.who.value = tools.who.options[1][1]
    tools.new_name.value = NASTY  # taken
    tools.rename()
    assert "already called" in tools.message.value and "&lt;img" in tools.message.value
    page.refresh()
    page.open_replay()  # Ann's deal, its title naming her
    assert page.replay_area.children
    tools.new_name.value = "Rob"
    tools.rename()
    assert "Bob is now called Rob." in tools.message.value and ">Rob</th>" in page.board_view.value
    assert page.replay_area.children == () and page.table is None  # its title was stale
    page.open_replay()
    tools.who.value = tools.who.options[0][1]
    tools.remove()  # asked first
    assert "press Remove again" in tools.message.value and len(page.board.students) == 2
    tools.remove()
    assert "with 2 records" in tools.message.value and "&lt;img" in tools.message.value
    assert page.replay_area.children == ()  # the replay of a record now removed
    assert [name for _i, name in page.board.students] == ["Rob"] and page.deals.options == ()
    assert page.board.rules == {} and "&lt;img" not in page.board_view.value
