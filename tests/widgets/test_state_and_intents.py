"""The table-state contract and the intents the browser may send, read strictly."""

from __future__ import annotations

import copy
import json
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_states import mililla, mille, with_result

from cardschool.widgets.intents import (
    INTENT_TYPES,
    CardIntent,
    IntentError,
    SelectIntent,
    parse_intent,
)
from cardschool.widgets.mililla.board import MilillaBoard
from cardschool.widgets.state import Seat, TableState, check_state

# ---------------------------------------------------------------- the state


@pytest.mark.parametrize(
    "state", [mille(), mililla(), with_result(mille())], ids=["mille", "mililla", "result"]
)
def test_state_round_trips_through_json(state):
    data = state.to_dict()
    text = json.dumps(data)
    assert TableState.from_dict(json.loads(text)) == state
    assert check_state(json.loads(text)) == data


def test_check_state_drops_the_redraw_counter_only():
    data = {**mille().to_dict(), "rev": 7}
    assert "rev" not in check_state(data)
    with pytest.raises(ValueError, match="unknown field"):
        check_state({**mille().to_dict(), "colour": "green"})


@pytest.mark.parametrize(
    ("path", "value", "problem"),
    [
        (["hand", 1, "legal"], "yes", r"state\.hand\[1\]\.legal should be true or false"),
        (["seats", 0, "hand_size"], True, r"state\.seats\[0\]\.hand_size should be a whole number"),
        (
            ["seats", 1, "position"],
            "up",
            r"state\.seats\[1\]\.position should be 'south' or 'east'",
        ),
        (["message"], {"text": "hi", "kind": "shout"}, r"state\.message\.kind"),
        (["table", "stock"], "40", r"state\.table\.stock should be a whole number"),
        (["scores", "totals"], 0, r"state\.scores\.totals should be a list"),
        (["game"], "poker", r"state\.game: unknown game"),
    ],
)
def test_check_state_names_the_wrong_field(path, value, problem):
    data = copy.deepcopy(mille().to_dict())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ValueError, match=problem):
        check_state(data)


def test_a_missing_field_is_named():
    data = mililla().to_dict()
    del data["hand"][0]["name"]
    with pytest.raises(ValueError, match=r"state\.hand\[0\] has no 'name'"):
        check_state(data)


def test_the_table_must_fit_the_game_and_the_seat_must_exist():
    with pytest.raises(ValueError, match="mille table needs a MilleBoard"):
        replace(mille(), table=mililla().table)
    data = mililla().to_dict()
    data["game"] = "mille"
    with pytest.raises(ValueError, match=r"state\.(seats\[0\]|table)"):
        check_state(data)
    data["seats"] = mille().to_dict()["seats"]  # the game's own seats: the board is wrong
    with pytest.raises(ValueError, match=r"state\.table"):
        check_state(data)
    with pytest.raises(ValueError, match="draws its own seats and cards"):
        replace(mille(), seats=(Seat(0, "You", "human", "south", 5), *mille().seats[1:]))
    with pytest.raises(ValueError, match="seat 5 is not one of the seats"):
        replace(mille(), seat=5)
    assert isinstance(mililla().table, MilillaBoard)
    seat = mille().seats[0]
    assert type(seat).from_dict(seat.to_dict()) == seat


# ---------------------------------------------------------------- intents

VALID = [
    ({"type": "card", "card": "QS"}, {"type": "card", "card": "QS", "index": None, "rev": None}),
    (
        {"type": "card", "card": "10H", "index": 3, "rev": 2},
        {"type": "card", "card": "10H", "index": 3, "rev": 2},
    ),
    ({"type": "action", "action": "stock"}, {"type": "action", "action": "stock", "rev": None}),
    (
        {"type": "select", "cards": ["9H", "9C"]},
        {"type": "select", "cards": ["9H", "9C"], "rev": None},
    ),
    ({"type": "new-deal"}, {"type": "new-deal", "code": None, "rev": None}),
    (
        {"type": "new-deal", "code": "MIL-7K3Q"},
        {"type": "new-deal", "code": "MIL-7K3Q", "rev": None},
    ),
    ({"type": "speed", "ms": 400}, {"type": "speed", "ms": 400, "rev": None}),
    ({"type": "replay", "go": "back"}, {"type": "replay", "go": "back", "rev": None}),
    *(({"type": t}, {"type": t, "rev": None}) for t in ("hint", "coach", "undo", "redo", "next")),
]


@pytest.mark.parametrize(("message", "clean"), VALID, ids=lambda v: str(v))
def test_valid_intents_are_read_with_every_field(message, clean):
    intent = parse_intent(message)
    assert intent.to_dict() == clean
    assert type(intent) is INTENT_TYPES[message["type"]]


def test_an_intent_is_a_typed_record():
    assert parse_intent({"type": "card", "card": "QS", "index": 3}) == CardIntent("QS", 3)
    assert parse_intent({"type": "select", "cards": ["9H"], "rev": 2}) == SelectIntent(
        ("9H",), rev=2
    )
    assert CardIntent.from_dict({"type": "card", "card": "QS"}).index is None
    with pytest.raises(IntentError, match="a 'hint' message is not a 'card' message"):
        CardIntent.from_dict({"type": "hint"})


BAD = [
    ("card", "a message must be an object"),
    ({"card": "QS"}, "unknown message type None"),
    ({"type": "play", "card": "QS"}, "unknown message type 'play'"),
    ({"type": "card"}, "needs the field 'card'"),
    ({"type": "card", "card": "QS", "why": "x"}, "has no field 'why'"),
    ({"type": "card", "card": 12}, "must be a card's text form"),
    ({"type": "card", "card": "Q S"}, "must be a card's text form"),
    ({"type": "card", "card": "QS", "index": True}, "'index' must be a whole number"),
    ({"type": "card", "card": "QS", "index": -1}, "'index' must be a whole number"),
    ({"type": "card", "card": "QS", "rev": "3"}, "'rev' must be a whole number"),
    ({"type": "action", "action": "DROP TABLE"}, "must be a button name"),
    ({"type": "select", "cards": "9H 9C"}, "must be a list"),
    ({"type": "select", "cards": ["9H"] * 121}, "at most 120"),
    ({"type": "select", "cards": ["9H", None]}, "must be a card's text form"),
    ({"type": "new-deal", "code": "x" * 41}, "a short text"),
    ({"type": "new-deal", "code": 7}, "a short text"),
    ({"type": "speed", "ms": "fast"}, "whole number of milliseconds"),
    ({"type": "speed", "ms": 1.5}, "whole number of milliseconds"),
    ({"type": "hint", "all": True}, "has no field 'all'"),
    ({"type": "replay"}, "needs the field 'go'"),
    ({"type": "replay", "go": "rewind"}, "must be one of open, start, back"),
    ({"type": "replay", "go": ["back"]}, "must be one of open, start, back"),
]


@pytest.mark.parametrize(("message", "problem"), BAD, ids=lambda v: str(v)[:40])
def test_malformed_intents_are_refused_with_a_reason(message, problem):
    with pytest.raises(IntentError, match=problem):
        parse_intent(message)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
messages = st.dictionaries(
    st.sampled_from(["type", "card", "cards", "index", "action", "code", "ms", "go", "rev", "x"]),
    json_values | st.sampled_from([*INTENT_TYPES, "QS", "stock", "forward"]),
    max_size=4,
)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(messages)
def test_any_message_is_either_a_clean_intent_or_an_intent_error(message):
    try:
        clean = parse_intent(message)
    except IntentError:
        return
    assert type(clean) is INTENT_TYPES[message["type"]]
    assert set(clean.to_dict()) == {"type", *(f.name for f in fields(clean))}
