"""The review of a finished deal at the table (``widgets/review.py``): run a decision at a
time between clicks, its moments listed, a click on one opening the replay at that move."""

from __future__ import annotations

import random

import pytest
from table_driver import Paced, message, refused, send

from cardschool.engine.review import review
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable
from cardschool.widgets.review import TableReview

DEALS = 60  # simulated deals per judgement: short for tests


class PacedMililla(Paced, MilillaTable):
    """A Mililla table whose waiting acts (the review's steps) the test runs one by one."""


def finished(name: str, seed: int) -> Session:
    """A deal played to its end in Python: the learner's seat plays at random."""
    seats = ("human",) + ("basic",) * (1 if name == "mille" else 3)
    session = Session.new(name, seed=seed, seats=seats)
    rng = random.Random(seed)
    while not session.deal_over:
        if session.human_to_move:
            session.play(str(rng.choice(session.legal_moves())))
        else:
            session.step()
    return session


@pytest.mark.parametrize(
    ("cls", "name", "seed"), [(MilillaTable, "mililla", 5), (MilleTable, "mille", 3)]
)
def test_the_review_lists_its_moments_and_opens_the_replay_at_one(cls, name, seed):
    session = finished(name, seed)
    table = cls(session)
    table.review = TableReview(table, deals=DEALS)
    assert table.state["result"] is not None and table.state["review"] is None
    send(table, type="review", go="open")
    panel = table.state["review"]
    expected = review(session, deals=DEALS)
    assert panel["summary"] == expected.summary
    assert (panel["done"], panel["total"]) == (expected.decisions, expected.decisions)
    assert [m["position"] for m in panel["moments"]] == [m.position for m in expected.moments]
    assert [m["figures"] for m in panel["moments"]] == [m.figures for m in expected.moments]
    assert panel["moments"], "this deal has a moment to look at"
    first = expected.moments[0]
    assert all(m["better"].startswith("The expert would ") for m in panel["moments"])
    send(table, type="review", go="moment", moment=0)
    # the review's "Move n" opens the replay's "Move n of N": the move itself, told with both
    number = first.position + 1  # review.js: `Move ${position + 1}`
    assert table.state["replay"]["position"] == number  # replay.js: `Move ${position} of ...`
    hand = [card["card"] for card in table.state["hand"]]
    frame = session.replay().frames[number].game
    assert hand == [str(card) for card in frame.hand(0)]
    note = message(table)["text"]  # told with the move played and the expert's
    assert note.startswith("Your move here: you ") and "; the expert would " in note
    assert first.played_words[4:] in note and first.expert_words[18:] in note
    assert table.state["review"]["moments"] == panel["moments"]  # still listed meanwhile
    send(table, type="replay", go="back")  # the position the move was played from
    assert table.state["replay"]["position"] == first.position
    assert session.replay().frames[first.position].game.to_move == 0
    send(table, type="replay", go="forward")  # the note again, on its frame
    assert message(table)["text"] == note
    send(table, type="review", go="close")
    assert table.state["review"]["shown"] is False


def test_the_review_runs_a_decision_at_a_time_and_the_table_answers_meanwhile():
    table = PacedMililla(finished("mililla", 5))
    table.review = TableReview(table, deals=DEALS)
    send(table, type="review", go="open")
    panel = table.state["review"]
    assert (panel["done"], panel["summary"], panel["moments"]) == (0, "", [])
    table.run_next()
    assert table.state["review"]["done"] == 1
    send(table, type="replay", go="open")  # a click between two steps is answered
    assert table.state["replay"]["position"] == 0
    send(table, type="replay", go="close")
    while table.waiting:
        table.run_next()
    panel = table.state["review"]
    assert panel["summary"] and panel["done"] == panel["total"] == 10


def test_the_review_is_dropped_when_the_session_moves_on():
    table = PacedMililla(finished("mililla", 5))
    table.review = TableReview(table, deals=DEALS)
    send(table, type="review", go="open")
    while table.waiting:
        table.run_next()
    assert table.state["review"] is not None
    send(table, type="next")
    assert table.state["review"] is None
    send(table, type="review", go="open")  # the round just dealt: the last one is reviewed
    assert table.state["review"]["total"] == 10


def test_bad_review_requests_are_refused():
    table = MilillaTable(Session.new("mililla", seed=4, seats=("human", "basic", "basic", "basic")))
    shown = refused(table, lambda: send(table, type="review", go="open"))
    assert shown["text"] == "The review comes once the round is over."
    shown = refused(table, lambda: send(table, type="review", go="moment", moment=0))
    assert shown["text"] == "There is no finished review to look at."
    refused(table, lambda: send(table, type="review", go="rewind"))
    done = MilillaTable(finished("mililla", 5))
    done.review = TableReview(done, deals=DEALS)
    send(done, type="review", go="open")
    count = len(done.state["review"]["moments"])
    shown = refused(done, lambda: send(done, type="review", go="moment", moment=count))
    assert shown["text"] == f"The review has no moment {count}."
