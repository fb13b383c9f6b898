"""What both tables share: undo and redo, new deals and deal codes, the coach, a bot that
fails, ``table_for`` and ``practice``; all driven by the messages a browser sends."""

from __future__ import annotations

import ipywidgets
import pytest
from table_driver import Paced, click_card, message, press, refused, send

from cardschool.engine import dealcode
from cardschool.engine.messages import Seat, render
from cardschool.engine.messages import message as message_of
from cardschool.engine.mille import Game
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable, Practice, practice, table_for
from cardschool.widgets.practice import UNDER_A_HEADING

MELD_TURN = """
to move: South
phase: meld
South hand: 9H 9C 9D 5D QS 4H
South melds: KH KS KC
North hand: +15
pile: 3C
"""


class PacedMille(Paced, MilleTable):
    """A Mille table whose bot moves wait for the test."""


def picture(table: MilleTable) -> tuple[str, dict]:
    """The session saved, and the state on show apart from its redraw counter and buttons."""
    skip = {"rev", "message", "can_undo", "can_redo"}
    return table.session.to_json(), {k: v for k, v in table.state.items() if k not in skip}


def mille_table(**options) -> MilleTable:
    return MilleTable(Session(Game.from_position(MELD_TURN), ["human", "random"]), **options)


def test_undo_takes_back_the_move_and_the_bots_replies_and_redo_plays_them_again():
    table = mille_table()
    assert not table.state["can_undo"] and not table.state["can_redo"]
    before = picture(table)
    send(table, type="select", cards=["9H", "9C", "9D"])
    press(table, "meld")
    click_card(table, "QS")
    press(table, "discard")  # then North (a bot) plays a whole turn
    after = picture(table)
    assert table.session.to_move == 0 and table.state["can_undo"]
    send(table, type="undo")
    send(table, type="undo")
    assert picture(table) == before and table.state["can_redo"]
    send(table, type="redo")
    send(table, type="redo")
    assert picture(table) == after and not table.state["can_redo"]


def test_a_new_deal_keeps_the_seats_and_a_deal_code_gives_that_deal():
    old = Session.new("mille", seed=5, seats=["human", "random"], budget=16)
    table = MilleTable(old)
    send(table, type="new-deal")
    new = table.session
    assert new is not old and new.code != old.code and table.state["code"] == new.code
    assert (new.seats, new.names, new.budget) == (old.seats, old.names, old.budget)
    assert table.typed_code is None
    send(table, type="new-deal", code="mil-0042")
    assert table.session.code == "MIL-0042" and table.state["code"] == "MIL-0042"
    assert table.typed_code == "mil-0042"
    shown = refused(table, lambda: send(table, type="new-deal", code="MIL-!!"))
    assert "code" in shown["text"]
    shown = refused(table, lambda: send(table, type="new-deal", code="MLA-0042"))
    assert "Mililla deal code" in shown["text"]


def test_a_new_deal_may_be_asked_for_while_the_bot_moves():
    table = PacedMille(Session(Game.from_position(MELD_TURN), ["human", "random"]))
    click_card(table, "QS")
    press(table, "discard")
    assert table.state["busy"] and table.waiting
    old = table.session
    moves = len(old.steps)
    send(table, type="new-deal")  # the learner has moved: the table asks first
    assert table.state["confirm"]["yes"] == "New deal" and table.session is old
    send(table, type="confirm", answer=True)
    assert table.state["confirm"] is None
    assert table.session is not old and table.session.seats == old.seats
    while table.waiting:  # the old bot move was cancelled; only the new deal's acts run
        table.run_next()
    assert len(old.steps) == moves and not table.state["busy"]


def test_the_coach_shows_a_move_and_why_and_stays_on_until_turned_off():
    table = mille_table()
    table.session.budget = 8
    send(table, type="coach")
    coach = table.state["coach"]
    assert coach["move"] and coach["text"] and coach["rule"].startswith("mille.")
    click_card(table, "QS")  # selecting keeps the advice on show
    assert table.state["coach"] == coach
    press(table, "discard")
    assert table.session.to_move == 0  # the bot has moved: the learner's next decision
    after = table.state["coach"]
    assert after["move"] and after != coach  # the advice for this decision, unasked
    send(table, type="coach")
    assert table.state["coach"] is None


def test_a_bot_that_fails_leaves_the_table_usable():
    session = Session(Game.from_position(MELD_TURN), ["human", "random"])

    def broken() -> None:
        raise RuntimeError("no more ideas")

    session.step = broken  # type: ignore[method-assign]
    table = MilleTable(session)
    click_card(table, "QS")
    press(table, "discard")
    state = table.state
    assert not state["busy"] and state["can_undo"]
    assert state["message"]["kind"] == "error" and "North" in state["message"]["text"]
    send(table, type="undo")
    assert table.session.to_move == 0 and not table.state["busy"]


def test_table_for_picks_the_game_and_refuses_a_wrong_session():
    mille = Session.new("mille", seed=1, seats=["human", "random"])
    mililla = Session.new("mililla", seed=1, seats=["human", "random", "random", "random"])
    assert isinstance(table_for(mille), MilleTable)
    assert isinstance(table_for(mililla, hints=True), MilillaTable)
    with pytest.raises(ValueError, match="mille"):
        MilleTable(mililla)
    with pytest.raises(ValueError, match="seat"):
        MilleTable(Session.new("mille", seed=1, seats=["random", "random"]))
    with pytest.raises(ValueError, match="no seat"):
        MilleTable(mille, seat=2)
    with pytest.raises(ValueError):
        table_for("mille")  # type: ignore[arg-type]
    watching = MilleTable(Session.new("mille", seed=1, seats=["random", "random"]), seat=1)
    assert watching.state["seat"] == 1 and watching.session.deal_over  # the bots played it out


def test_practice_puts_you_at_seat_zero_and_the_level_changes_the_bots():
    shown = practice("mililla", level="random")
    assert isinstance(shown, Practice) and isinstance(shown, ipywidgets.VBox)
    table = shown.table
    assert table.session.seats == ("human", "random", "random", "random")
    assert table.state["title"] == "Mililla: practice (Random bots)"  # not the default: said
    assert UNDER_A_HEADING in table._dom_classes  # the page's heading says it: not drawn twice
    first = table.session
    shown.level.value = "basic"  # nothing played by the learner yet: no question
    assert table.session is not first  # a new deal with the new bots
    assert table.session.seats == ("human", "basic", "basic", "basic")
    typed = practice("mille", level="random", code="MIL-00AB")
    assert typed.table.session.code.startswith("MIL-00AB-")  # the code carries the bots
    typed.level.value = "basic"
    assert typed.table.session.code == "MIL-00AB"
    assert typed.table.session.seats == ("human", "basic")
    assert typed.table.state["title"] == "Mille: practice"
    expert = Session.new("mille", seed=9, seats=["human", "expert"]).code
    from_code = practice("mille", code=expert)
    assert from_code.level.value == "expert" and from_code.table.session.code == expert
    from_code.table.safely(lambda: from_code.table.new_deal("MIL-00AB"))
    assert from_code.level.value == "basic" and from_code.table.session.seats[1] == "basic"
    with pytest.raises(ValueError, match="level"):
        practice("mille", level="grandmaster")
    with pytest.raises(ValueError, match="game"):
        practice("poker")
    with pytest.raises(ValueError, match="Mille"):
        practice("mille", code="MLA-0001")


def test_the_learner_is_addressed_as_you():
    names = ("You", "North")
    wins = [message_of("mille:status.wins-hand", who=Seat(i), high=50, low=10) for i in (0, 1)]
    assert [render(said, names) for said in wins] == [
        "You win the hand, 50 to 10",
        "North wins the hand, 50 to 10",
    ]
    assert render(message_of("table:playing", who=Seat(0)), names) == "You are playing…"
    table = mille_table()
    click_card(table, "QS")
    press(table, "discard")
    assert any(e["text"] == "You discard the Q♠" for e in table.state["log"])
    assert message(table) is None or "You draws" not in message(table)["text"]


def test_a_new_deal_in_mid_match_asks_first_and_a_no_changes_nothing():
    fresh = mille_table()
    send(fresh, type="new-deal")  # nothing played by the learner yet: no question
    assert fresh.state["confirm"] is None and fresh.session.code
    table = mille_table()
    click_card(table, "QS")
    press(table, "discard")
    saved = table.session.to_json()
    refused(table, lambda: send(table, type="confirm", answer=True))  # no question on show
    for code in (None, "mil-0042"):
        send(table, type="new-deal", code=code)
        asked = table.state["confirm"]
        assert asked is not None and "will be lost" in asked["question"]
        assert asked["no"] == "Keep playing"
        send(table, type="confirm", answer=False)
        assert table.state["confirm"] is None and table.session.to_json() == saved
    send(table, type="new-deal", code="mil-0042")
    assert table.state["confirm"]["yes"] == "Deal MIL-0042"
    send(table, type="undo")  # doing something else is a no: the question goes
    assert table.state["confirm"] is None and table.session.code != "MIL-0042"
    shown = refused(table, lambda: send(table, type="new-deal", code="MLA-0042"))
    assert "Mililla deal code" in shown["text"]  # a wrong code is refused before any question
    send(table, type="new-deal", code="MIL-0042")
    send(table, type="confirm", answer=True)
    assert table.session.code == "MIL-0042" and table.state["confirm"] is None


def test_a_forged_answer_is_refused():
    table = mille_table()
    for bad in ({"type": "confirm"}, {"type": "confirm", "answer": "yes"}):
        refused(table, lambda bad=bad: send(table, **bad))


def test_changing_the_bots_in_mid_match_asks_first_and_no_puts_the_level_back():
    shown = practice("mille", level="random", code="MIL-00AB")
    table = shown.table
    table.session.run_bots()
    table.refresh()
    hand = [c["card"] for c in table.state["hand"]]
    table.session.play("stock")  # the learner's first move
    table.refresh()
    first = table.session
    shown.level.value = "basic"
    assert table.state["confirm"]["yes"] == "Basic bots" and table.session is first
    send(table, type="confirm", answer=False)
    assert shown.level.value == "random" and table.session is first
    shown.level.value = "basic"
    shown.level.value = "expert"  # asked again before answering: one question, the last
    assert table.state["confirm"]["yes"] == "Expert bots"
    send(table, type="confirm", answer=False)
    assert shown.level.value == "random" and table.session is first
    shown.level.value = "expert"
    send(table, type="confirm", answer=True)
    assert table.session is not first and table.session.seats == ("human", "expert")
    again = dealcode.read(table.session.code)  # the same deal, now against Expert bots
    assert (again.seed, again.level) == (dealcode.read("MIL-00AB").seed, "expert") and hand


def test_listeners_hear_what_a_class_record_counts_and_a_failing_one_stops_nothing(caplog):
    table = practice("mililla", level="random", speed=0).table
    heard: list[tuple[str, object]] = []

    def broken(event: str, detail: object) -> None:
        raise RuntimeError("a broken listener")

    table.listeners[:0] = [broken]
    table.listeners.append(lambda event, detail: heard.append((event, detail)))
    send(table, type="hint")
    assert heard == [("hint", None)]
    while not table.session.deal_over:  # one illegal card when there is one, else legal ones
        hand = table.state["hand"]
        wrong = [c["card"] for c in hand if not c["legal"]]
        if wrong and not any(event == "refused" for event, _rule in heard):
            click_card(table, wrong[0])
        else:
            click_card(table, next(c["card"] for c in hand if c["legal"]))
    refusals = [rule for event, rule in heard if event == "refused"]
    assert len(refusals) == 1 and str(refusals[0]).startswith("mililla.")
    assert heard[-1] == ("finished", None) and heard.count(("finished", None)) == 1
    send(table, type="new-deal", code=None)
    if table.state["confirm"]:  # a match in progress: asked first
        send(table, type="confirm", answer=True)
    assert heard[-1] == ("session", table.session)
    assert "a listener failed" in caplog.text


def test_a_tables_refusals_carry_their_sentence_as_a_message():
    """What a table refuses is a Told error of the table's catalog, in the learner's words."""
    from cardschool.engine.errors import Told, said_of
    from cardschool.widgets.intents import IntentError, TableError, parse_intent

    with pytest.raises(TableError) as made:
        MilleTable(Session.new("mille", seed=1, seats=["random", "random"]))
    assert made.value.said == message_of("table:no-human-seat")
    with pytest.raises(IntentError) as forged:
        parse_intent("hello")
    assert isinstance(forged.value, Told) and said_of(forged.value).id == "table:check.object"
    table = MilleTable(Session.new("mille", seed=1, seats=["human", "random"]))
    assert table.words(message_of("table:wait", who=Seat(0))) == (
        "Wait a moment: you play as soon as the table is ready."
    )
    assert table.words(message_of("table:wait", who=Seat(1))) == "Wait: North is to play."
