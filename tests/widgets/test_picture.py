"""The table picture is a pure function of the session, the learner's seat and the marks.

``picture(session, seat, marks)`` reads its arguments only and changes none of them: the
same inputs give the same state, the session (its saved form and every seat's view) and
the marks are left as they were, and a replay's frame is the picture of a copy that never
touches the live session. A table shows exactly the picture of its session and marks, and
no widget reads the session's full game (which holds every hidden card).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest
from table_driver import click_card, press, send

from cardschool.engine.games import GAMES
from cardschool.engine.replay import Replay
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable
from cardschool.widgets.games import table_class
from cardschool.widgets.mililla.board import Played, Trick
from cardschool.widgets.mililla.picture import MilillaPicture
from cardschool.widgets.mille.picture import MillePicture
from cardschool.widgets.picture import Marks, parts_of, picture, replay_picture
from cardschool.widgets.state import Coach, Message, check_state

TABLES = {"mille": MilleTable, "mililla": MilillaTable}


def everything_of(session: Session) -> tuple[str, ...]:
    """The session saved, and what every seat may know now."""
    seats = range(len(session.seats))
    views = (json.dumps(session.view(seat).to_dict(), sort_keys=True) for seat in seats)
    return (session.to_json(), *views)


def marks_for(session: Session, seat: int) -> list[Marks]:
    """A few sets of marks a table could hold at this position."""
    hand = session.view(seat).hand
    tricks = hasattr(session.view(seat), "last_trick")  # the game's own marks: a trick on show
    last = getattr(session.view(seat), "last_trick", None)
    own = None if tricks else ((len(hand) - 1, 0) if hand else ())  # or the cards picked
    if last is not None:
        own = Trick(tuple(Played(p.seat, p.card.text) for p in last.cards), last.winner)
    return [
        Marks(),
        Marks(title="Practice", hints_open=True, message=Message("Hello.")),
        Marks(coach=(len(session.steps), Coach("Play it", "Because.")), stuck=True),
        Marks(hints_open=True, game=own),
        Marks(title="Practice", game=own),
    ]


def playout(kind: str, seed: int, plies: int) -> Iterator[Session]:
    """A session of ``kind`` played at random by people at every seat, after each ply."""
    session = Session.new(kind, seed=seed, seats=["human"] * GAMES[kind].seats)
    rng = random.Random(seed)
    for _ in range(plies):
        yield session
        if session.match_over:
            return
        if session.deal_over:
            session.next_deal()
        else:
            session.play(rng.choice(session.legal_moves()))


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_picture_is_pure_over_seeded_playouts(kind):
    pictures = 0
    for seed in range(2):
        for ply, session in enumerate(playout(kind, seed, 40 if kind == "mille" else 30)):
            seat = ply % len(session.seats)  # every seat in turn is the learner's
            for marks in marks_for(session, seat):
                before, kept = everything_of(session), dataclasses.replace(marks)
                first = picture(session, seat, marks)
                assert picture(session, seat, marks) == first
                assert everything_of(session) == before and marks == kept
                check_state(first.to_dict())
                pictures += 1
    assert pictures > 250


def test_marks_are_a_frozen_value():
    marks = Marks(title="T", game=(2, 0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        marks.title = "U"  # type: ignore[misc]
    assert hash(marks) == hash(Marks(title="T", game=(2, 0)))


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_each_games_parts_are_found_through_the_registry(kind):
    parts = table_class(kind).parts
    assert parts_of(kind) is parts
    assert parts is {"mille": MillePicture, "mililla": MilillaPicture}[kind]
    session = Session.new(kind, seed=3)
    marks = Marks(hints_open=True)
    assert picture(session, 0, marks) == picture(session, 0, marks, parts)


def test_a_trick_on_show_is_drawn_in_place_of_the_table_and_keeps_the_table_busy():
    session = Session.new("mililla", seed=4, seats=["human"] * 4)
    while session.view(0).last_trick is None:
        session.play(session.legal_moves()[0])
    last = session.view(0).last_trick
    trick = Trick(tuple(Played(p.seat, p.card.text) for p in last.cards), last.winner)
    shown = picture(session, 0, Marks(game=trick))
    assert shown.busy and shown.table.trick == trick.cards and shown.table.winning == last.winner
    assert shown.prompt.endswith("the trick.") and not shown.actions
    assert not any(card.legal for card in shown.hand)
    plain = picture(session, 0, Marks())
    assert plain.table.last_trick == trick and plain.table.trick == ()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_replay_frame_never_touches_the_live_session(kind):
    session = Session.new(kind, seed=6, seats=["human"] + ["random"] * (GAMES[kind].seats - 1))
    rng = random.Random(6)
    while not session.deal_over:
        if session.bot_to_move:
            session.step()
        else:
            session.play(rng.choice(session.legal_moves()))
    replay = Replay(session)
    marks = Marks(title="T", hints_open=True, game=(0,), coach=(3, Coach("m", "t")))
    before = everything_of(session)
    for position in range(len(replay.frames)):
        replay.go(position)
        frame = replay_picture(session, replay, 0, marks)
        assert replay_picture(session, replay, 0, marks) == frame
        assert everything_of(session) == before and replay.position == position
        assert frame.replay.position == position and not frame.actions and frame.hints is None
        assert [c.card for c in frame.hand] == [str(c) for c in replay.current.game.view(0).hand]
        assert not any(c.legal or getattr(c, "selected", False) for c in frame.hand)


def looks(table) -> dict:
    """The state on show as the picture gives it (no redraw counter, no limits)."""
    return {k: v for k, v in table.state.items() if k not in ("rev", "limits")}


def drawn(table, marks: Marks) -> dict:
    """What ``picture`` draws for the table's session and seat with ``marks``."""
    state = picture(table.session, table.seat, marks).to_dict()
    return {k: v for k, v in state.items() if k != "limits"}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_table_shows_the_picture_of_its_session_and_marks(kind):
    seats = ["human"] + ["random"] * (GAMES[kind].seats - 1)
    table = TABLES[kind](Session.new(kind, seed=8, seats=seats), hints=True, title="T")
    rng = random.Random(8)
    checked = 0
    for _ in range(80):
        state = table.state
        if state["result"] is not None:
            send(table, type="next")
            continue
        said = state["message"]
        message = Message.from_dict(said) if said is not None else None
        picked = tuple(i for i, card in enumerate(state["hand"]) if card.get("selected"))
        marks = Marks(title="T", hints_open=True, message=message, game=picked or None)
        assert looks(table) == drawn(table, marks)
        checked += 1
        click_something(table, rng)
    assert checked > 40
    send(table, type="replay", go="open")
    assert table.replay is not None
    replay = table.replay
    marks = Marks(title="T", hints_open=True)
    expected = replay_picture(table.session, replay, table.seat, marks, current=True)
    assert looks(table) == {k: v for k, v in expected.to_dict().items() if k != "limits"}


def click_something(table, rng: random.Random) -> None:
    """Press a legal button or click a legal hand card, at random."""
    state = table.state
    buttons = [("action", a["action"]) for a in state["actions"] if a["legal"]]
    cards = [("card", c["card"]) for c in state["hand"] if c["legal"]]
    kind, name = rng.choice(buttons + cards)
    if kind == "action":
        press(table, name)
    else:
        click_card(table, name)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_no_widget_reads_the_sessions_full_game(kind, monkeypatch):
    def hidden(_session: Session) -> None:
        raise AssertionError("a widget read session.game, which holds the hidden cards")

    seats = ["human"] + ["random"] * (GAMES[kind].seats - 1)
    table = TABLES[kind](Session.new(kind, seed=9, seats=seats), hints=True)
    monkeypatch.setattr(Session, "game", property(hidden))
    rng = random.Random(9)
    said, replays = [], 0
    for turn in range(60):
        if table.state["result"] is not None or turn % 11 == 5:
            for go in ("open", "back", "forward", "close"):
                send(table, type="replay", go=go)
                said.append(table.state["message"])
                replays += table.state["replay"] is not None
        if table.state["result"] is not None:
            send(table, type="next")
        else:
            if turn % 7 == 3:
                send(table, type="coach")
                said.append(table.state["message"])
            click_something(table, rng)
        said.append(table.state["message"])
    oops = [m["text"] for m in said if m is not None and m["kind"] == "error"]
    assert not oops, oops  # an error inside the table ends as a message: there is none
    assert replays > 10


def test_the_learners_cards_on_hold_say_they_play_once_the_table_is_ready():
    """table:wait#you: the learner is to move but a finished trick is on show (the table
    holds play): the hand's cards say the learner plays next, not that they are waiting
    for themselves; another seat to move is named."""
    session = Session.new("mililla", seed=4)
    session.run_bots()
    seat = session.to_move
    assert session.names[seat] == "You"
    held = Marks(game=Trick((), (seat + 3) % 4))  # mililla.trick: a trick on show holds play
    state = picture(session, seat, held)
    whys = {card.why for card in state.hand}
    assert whys == {"Wait a moment: you play as soon as the table is ready."}
    from cardschool.engine.messages import Seat, message, render

    other = (seat + 1) % 4
    said = render(message("table:wait", who=Seat(other)), session.names)
    assert said == f"Wait: {session.names[other]} is to play."
