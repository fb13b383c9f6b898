"""Replaying the deal at the table: step by step through the learner's view, then back.

A teacher projects a finished deal and walks the class through it; a learner looks back
at what the bots did. The replay shows the learner's seat only, refuses every move
while it is open, and closing it leaves the table exactly as it was.
"""

from __future__ import annotations

import json
import random

from table_driver import click_card, message, press, refused, send

from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable

BOTS = ["human", "random", "random", "random"]


def hand_after(session: Session, ply: int, seat: int = 0) -> list[str]:
    """A seat's hand after the session's first ``ply`` steps, replayed from the deal."""
    game = session.start_game()
    for step in session.steps[:ply]:
        game.play(step.move)
    return [str(card) for card in game.hand(seat)]


def open_hands(table) -> dict[int, list[str]]:
    """The hands shown face up, by seat."""
    return {seat["seat"]: seat["open"] for seat in table.state["seats"] if seat["open"]}


def picture(table) -> str:
    """The state on show without its redraw counter."""
    return json.dumps({k: v for k, v in table.state.items() if k != "rev"}, sort_keys=True)


def finished_round() -> MilillaTable:
    """A Mililla table whose first round was played to its end by clicks."""
    table = MilillaTable(Session.new("mililla", seed=21, seats=BOTS))
    rng = random.Random(5)
    while table.state["result"] is None:
        legal = [c["card"] for c in table.state["hand"] if c["legal"]]
        click_card(table, rng.choice(legal))
    return table


def test_a_finished_round_replays_move_by_move_in_the_learners_view():
    table = finished_round()
    before = picture(table)
    send(table, type="replay", go="open")
    bar = table.state["replay"]
    assert (bar["position"], bar["steps"]) == (0, 40)  # 40 cards played in a round
    assert [c["card"] for c in table.state["hand"]] == hand_after(table.session, 0)
    assert len(table.state["hand"]) == 10 and table.state["result"] is None
    # the round is over, so the replay shows the other hands too, as they were dealt
    shown = open_hands(table)
    assert sorted(shown) == [1, 2, 3]
    for seat, cards in shown.items():
        assert cards == hand_after(table.session, 0, seat)
    assert (
        len({c for cards in shown.values() for c in cards} | set(hand_after(table.session, 0)))
        == 40
    )
    assert "every hand open" in table.state["prompt"]
    steps = table.session.steps
    for position in range(1, 41):
        send(table, type="replay", go="forward")
        state = table.state
        assert state["replay"]["position"] == position
        assert state["message"]["text"] == steps[position - 1].text
        assert state["message"]["rule"] == steps[position - 1].rule
        assert [c["card"] for c in state["hand"]] == hand_after(table.session, position)
        assert open_hands(table).get(2, []) == hand_after(table.session, position, 2)
        assert not any(c["legal"] for c in state["hand"]) and state["actions"] == []
        assert not state["can_undo"] and not state["busy"]
    send(table, type="replay", go="forward")  # stays at the end
    assert table.state["replay"]["position"] == 40
    send(table, type="replay", go="back")
    assert table.state["replay"]["position"] == 39
    send(table, type="replay", go="start")
    assert table.state["replay"]["position"] == 0
    send(table, type="replay", go="end")
    assert table.state["replay"]["position"] == 40
    send(table, type="replay", go="close")
    assert picture(table) == before  # closing leaves the table as it was


def test_moves_are_refused_while_a_replay_is_open_and_change_nothing():
    table = MilillaTable(Session.new("mililla", seed=4, seats=BOTS), hints=True)
    click_card(table, next(c["card"] for c in table.state["hand"] if c["legal"]))
    playable = next(c["card"] for c in table.state["hand"] if c["legal"])
    send(table, type="replay", go="open")
    assert open_hands(table) == {}  # mid-deal: only the learner's own cards, ever
    assert "as you saw it" in table.state["prompt"]
    saved = table.session.to_json()
    for act in (
        lambda: click_card(table, playable),  # a legal card at the table, not in a replay
        lambda: send(table, type="undo"),
        lambda: send(table, type="hint"),
        lambda: send(table, type="coach"),
        lambda: send(table, type="next"),
    ):
        refused(table, act)
    assert table.session.to_json() == saved
    send(table, type="replay", go="close")
    assert table.state["replay"] is None and table.state["hints"] is not None
    assert any(c["legal"] for c in table.state["hand"])  # the learner plays on


def test_replay_requests_without_an_open_replay_or_a_move_are_refused():
    table = MilillaTable(Session.new("mililla", seed=6, seats=["human"] * 4), seat=1)
    shown = refused(table, lambda: send(table, type="replay", go="forward"))
    assert "no replay is open" in shown["text"].lower()
    shown = refused(table, lambda: send(table, type="replay", go="open"))
    assert "nothing has been played" in shown["text"].lower()
    refused(table, lambda: send(table, type="replay", go="rewind"))
    refused(table, lambda: send(table, type="replay"))


def test_a_new_deal_closes_the_replay():
    table = finished_round()
    send(table, type="replay", go="open")
    send(table, type="new-deal", code=None)
    assert table.state["confirm"] is not None and table.replay is not None  # asked first
    send(table, type="confirm", answer=True)
    assert table.state["replay"] is None and table.replay is None
    assert message(table) is None or message(table)["kind"] != "error"


def test_a_mille_hand_replays_the_moves_so_far():
    table = MilleTable(Session.new("mille", seed=11, seats=["human", "random"]))
    for _ in range(2):  # two turns of the learner: draw, then discard a card
        press(table, "stock")
        click_card(table, table.state["hand"][0]["card"])
        press(table, "discard")
    steps = len(table.session.steps)
    send(table, type="replay", go="open")
    assert table.state["replay"]["steps"] == steps
    send(table, type="replay", go="end")
    assert [c["card"] for c in table.state["hand"]] == [str(c) for c in table.session.view(0).hand]
    assert table.state["message"]["text"] == table.session.steps[-1].text
    send(table, type="replay", go="start")
    assert len(table.state["hand"]) == 15  # the deal as it was dealt
    assert open_hands(table) == {}
    send(table, type="replay", go="close")
    assert table.state["replay"] is None and table.session.to_move == 0


def test_just_after_a_new_deal_the_replay_is_of_the_last_deal():
    session = Session.new("mililla", seed=6, seats=["human"] * 4)  # nobody moves by itself
    table = MilillaTable(session, seat=0)
    while not session.deal_over:
        session.play(session.game.legal_moves()[0])
    session.next_deal()
    table.refresh()
    send(table, type="replay", go="open")
    state = table.state
    assert state["replay"]["steps"] == 40 and "the last deal" in state["prompt"]
    assert sorted(open_hands(table)) == [1, 2, 3]  # that deal is over: every hand open
    send(table, type="replay", go="end")
    assert table.state["replay"]["position"] == 40
    send(table, type="replay", go="close")
    assert table.state["replay"] is None and table.state["hand"]  # the new deal's cards


def test_a_half_made_selection_waits_for_the_replay_to_close():
    table = MilleTable(Session.new("mille", seed=0, seats=["human", "random"]))
    press(table, "stock")
    picked = table.state["hand"][0]["card"]
    click_card(table, picked)
    assert table.state["table"]["selected"] == [picked]
    send(table, type="replay", go="open")
    assert table.state["table"]["selected"] == []
    assert not any(c["selected"] for c in table.state["hand"])
    send(table, type="replay", go="close")
    assert table.state["table"]["selected"] == [picked]


def test_the_replay_shows_a_finished_trick_with_its_four_cards_before_it_is_gathered():
    table = finished_round()
    steps = table.session.steps
    send(table, type="replay", go="open")
    for position in range(1, 9):  # the first two tricks, card by card
        send(table, type="replay", go="forward")
        board = table.state["table"]
        played = [p["card"] for p in board["trick"]]
        in_trick = (position - 1) % 4 + 1
        assert played == [steps[i].move for i in range(position - in_trick, position)]
        if in_trick == 4:  # the trick is whole, with who won it, as the live table shows it
            assert board["winning"] is not None and board["last_trick"] is None
    assert table.state["busy"] is False and table.state["result"] is None
