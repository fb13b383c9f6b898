"""A joined student's deals and exercises are recorded from what the kernel checked."""

from __future__ import annotations

import json
import random
from pathlib import Path

from cardschool.engine.exercises import load_file
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable
from cardschool.widgets.classroom.recording import Recorder
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.exercise import ExerciseWidget

from .drive import click_legal, play_out, send

EXERCISES = Path(__file__).parents[2] / "tutorial" / "exercises"


def joined(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    code, key = store.create_class("Year 7")
    member, _token = store.join(code, "Ann")
    lines: list[str] = []
    return store, code, key, Recorder(store, member, lines.append), lines


def an_illegal_card(table) -> str | None:
    return next((c["card"] for c in table.state["hand"] if not c["legal"]), None)


def test_a_finished_deal_is_recorded_with_its_refusals_hints_and_save(tmp_path):
    store, code, key, recorder, lines = joined(tmp_path)
    seats = ("human", "random", "random", "random")
    table = MilillaTable(Session.new("mililla", 11, seats=seats), speed=0)
    recorder.watch_table(table)
    send(table, type="hint")
    rng, refused = random.Random(3), []
    while not table.session.deal_over:
        card = an_illegal_card(table) if table.session.human_to_move else None
        if card and len(refused) < 2:
            hand = [c["card"] for c in table.state["hand"]]
            send(table, type="card", card=card, index=hand.index(card))
            refused.append(table.state["message"]["rule"])
        if not table.session.deal_over:
            click_legal(table, rng)
    [row] = store.records(code, key)
    assert refused and json.loads(row.illegal) == {rule: refused.count(rule) for rule in refused}
    assert (row.kind, row.target, row.hints) == ("deal", table.session.code, 1)
    points = table.session.game.deal_result()["points"]
    expected = "won" if points[0] > points[1] else "lost" if points[0] < points[1] else "tied"
    assert (row.result, row.score) == (expected, points[0])
    again = Session.from_json(row.save)
    assert again.deal_over and again.code == table.session.code
    assert lines == ["Your round is recorded for your class (Ann)."]


def test_only_deals_the_kernel_ends_are_recorded_and_each_once(tmp_path):
    store, code, key, recorder, _lines = joined(tmp_path)
    table = MilillaTable(Session.new("mililla", 12, seats=("human",) + ("random",) * 3), speed=0)
    recorder.watch_table(table)
    for forged in ({"type": "finished"}, {"type": "record", "result": "won"}):
        send(table, **forged)
        assert table.state["message"]["kind"] == "error"
    assert store.records(code, key) == []
    play_out(table, random.Random(1))
    send(table, type="hint")  # more intents after the end: no second record
    assert len(store.records(code, key)) == 1


def test_a_database_that_fails_gives_a_plain_line_and_the_game_goes_on(tmp_path):
    store, code, key, _recorder, _ = joined(tmp_path)
    member = store.join(code, "Cy")[0]
    read_only = ClassStore(f"sqlite:///file:{tmp_path / 'class.db'}?mode=ro&uri=true")
    lines: list[str] = []
    recorder = Recorder(read_only, member, lines.append)
    table = MilillaTable(Session.new("mililla", 13, seats=("human",) + ("random",) * 3), speed=0)
    recorder.watch_table(table)
    play_out(table, random.Random(2))
    assert lines and "not recorded" in lines[0] and "read-only" in lines[0]
    assert store.records(code, key) == []
    send(table, type="next")  # the game goes on
    assert not table.session.deal_over


def test_a_solved_exercise_is_recorded_with_its_wrong_tries_and_stars(tmp_path):
    store, code, key, recorder, _lines = joined(tmp_path)
    path = EXERCISES / "mililla" / "beat.toml"
    widget = ExerciseWidget(load_file(path), str(path))
    recorder.watch_exercises(widget)
    exercise = widget.exercise
    tries = judged_tries(exercise)
    wrong = next(attempt for attempt, verdict in tries if not verdict.right)
    right = next(attempt for attempt, verdict in tries if verdict.right)
    wrong_rule = next(verdict.rule for attempt, verdict in tries if not verdict.right)
    send(widget, type="hint")
    send(widget, type="try", **{"try": str(wrong)})
    send(widget, type="try", **{"try": str(right)})
    [row] = store.records(code, key)
    assert (row.kind, row.target, row.result, row.stars) == (
        "exercises",
        f"mililla/beat.toml#{exercise.id}",
        "solved",
        2,
    )
    assert json.loads(row.illegal) == {wrong_rule: 1} and row.hints == 1


class Faulty:
    """A class store whose ``record`` fails with a fault of its own (not a refusal) until
    it is mended, as the static site's client did when Pyodide could not sleep."""

    def __init__(self, store: ClassStore) -> None:
        self.store, self.broken = store, True

    def __getattr__(self, name: str):
        return getattr(self.store, name)

    def record(self, member, record) -> bool:
        if self.broken:
            raise RuntimeError("WebAssembly stack switching not supported")
        return self.store.record(member, record)


def test_a_record_the_page_fails_to_send_is_kept_said_and_sent_once_mended(tmp_path):
    store, code, key, _recorder, _ = joined(tmp_path)
    member = store.join(code, "Dee")[0]
    faulty, lines = Faulty(store), []
    recorder = Recorder(faulty, member, lines.append)
    table = MilillaTable(Session.new("mililla", 21, seats=("human",) + ("random",) * 3), speed=0)
    recorder.watch_table(table)
    play_out(table, random.Random(3))
    assert len(lines) == 1 and "not recorded for your class yet" in lines[0]
    assert "could not be checked" in lines[0] and store.records(code, key) == []
    assert len(recorder.pending) == 1  # kept, not lost
    faulty.broken = False
    recorder.send_pending(at_once=True)
    [row] = store.records(code, key)
    assert row.kind == "deal" and recorder.pending == []
    assert "Dee" in lines[-1] and len(lines) == 2
