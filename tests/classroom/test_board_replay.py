"""A student's deal opened on the teacher's page says what it is: no "close it to play on"."""

from __future__ import annotations

import random
from pathlib import Path

from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.teacher import TeacherPage

from .drive import click_legal, from_browser, play_out
from .test_in_progress import a_class, a_page

EXERCISES = Path(__file__).parents[2] / "tutorial" / "exercises"


def replay_prompts(store, code, key) -> list[str]:
    """The line over the replay of the board's newest deal, as it opens and at its last move."""
    page = TeacherPage(lambda: store, EXERCISES)
    page.code_box.value, page.key_box.value = code, key
    page.open_board()
    page.open_replay()
    table = page.table
    assert table is not None and table.replay is not None
    prompts = [table.state["prompt"]]
    from_browser(table, {"type": "replay", "go": "end", "rev": table.state["rev"]})
    bar = table.state["replay"]
    assert bar["position"] == bar["steps"] > 0  # stepped to the last move
    return [*prompts, table.state["prompt"]]


def test_a_deal_in_progress_replayed_on_the_board_does_not_invite_to_play_on(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    table = a_page(store, member)
    rng = random.Random(4)
    for _ in range(6):
        click_legal(table, rng)
    assert not table.session.deal_over
    seen = render(message("classroom:teach.replay-seen"))
    assert replay_prompts(store, code, key) == [seen, seen]
    learner = render(message("table:replay.this"))
    assert "play on" in learner and "play on" not in seen


def test_a_finished_deal_replayed_on_the_board_says_every_hand_is_open(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    play_out(a_page(store, member), random.Random(5))
    said = render(message("classroom:teach.replay-open"))
    assert replay_prompts(store, code, key) == [said, said]
