"""The one record layer: frozen dataclasses to JSON and back, every refusal naming its place."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

import pytest

from cardschool.engine.cards import FrenchCard
from cardschool.engine.messages import message
from cardschool.engine.records import Check, Record, RecordError, key, read


class Light(enum.Enum):
    """An enum is written as its value."""

    RED = "red"
    GREEN = "green"


@dataclass(frozen=True, slots=True)
class Spot(Record):
    """A nested record with a default."""

    seat: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Table(Record):
    """Every kind of field the layer reads."""

    cards: tuple[FrenchCard, ...]
    light: Light
    spots: tuple[Spot, ...]
    pair: tuple[int, int]
    side: Literal["left", "right"]
    value: int | str | tuple[int, ...]
    deal_number: int = field(metadata=key("deal"))
    winner: Spot | None = None


TABLE = Table(
    cards=(FrenchCard.parse("QS"), FrenchCard.parse("10H")),
    light=Light.GREEN,
    spots=(Spot(0), Spot(1, "dealer")),
    pair=(3, 4),
    side="left",
    value=(1, 2),
    deal_number=2,
)


def _with(**changes: Any) -> dict[str, Any]:
    return {**json.loads(json.dumps(TABLE.to_dict())), **changes}


def test_a_record_round_trips_through_json_text():
    data = TABLE.to_dict()
    assert data["cards"] == ["QS", "10H"] and data["light"] == "green" and data["deal"] == 2
    assert data["spots"] == [{"seat": 0, "note": ""}, {"seat": 1, "note": "dealer"}]
    assert Table.from_dict(json.loads(json.dumps(data))) == TABLE


def test_a_field_with_a_default_may_be_left_out():
    data = _with()
    del data["winner"], data["spots"][0]["note"]
    assert Table.from_dict(data) == TABLE


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"cards": ["QS", "XX"]}, "Table.cards[1] should be a FrenchCard in its text form"),
        ({"light": "blue"}, "Table.light should be 'red' or 'green', not 'blue'"),
        ({"spots": [{"seat": True}]}, "Table.spots[0].seat should be a whole number, not True"),
        ({"spots": [{"note": ""}]}, "Table.spots[0] has no 'seat'"),
        ({"pair": [1, 2, 3]}, "Table.pair should be a list of 2"),
        ({"side": "up"}, "Table.side should be 'left' or 'right', not 'up'"),
        ({"value": None}, "Table.value should be a whole number or text or a list, not None"),
        ({"winner": 3}, "Table.winner should be an object (dict), not 3"),
        ({"colour": "green"}, "Table has unknown field(s) 'colour'"),
    ],
)
def test_a_malformed_form_is_refused_naming_its_place(changes, words):
    with pytest.raises(RecordError) as error:
        Table.from_dict(_with(**changes))
    assert str(error.value).startswith(words)


class Refused(ValueError):
    """A family of records that refuses with its own error."""


Pair = Annotated[
    str, Check(lambda v: isinstance(v, str) and len(v) == 2, "{field!r} needs {value!r}")
]
Count = Annotated[int | None, Check(lambda v: type(v) is int, "{where!r} is no count")]


@dataclass(frozen=True, slots=True)
class Click(Record):
    """A message-like record: a tag, checked fields, its own refusal and sentences."""

    tags: ClassVar[tuple[str, ...]] = ("type",)
    type: ClassVar[str] = "click"
    cards: tuple[Pair, ...]
    count: Count = None

    @classmethod
    def refusal(cls, problem: str) -> Refused:
        """Refused with this family's own error."""
        return Refused(problem)


def test_tags_checks_and_the_refusal_are_the_records_own():
    assert Click(("QS",)).to_dict() == {"type": "click", "cards": ["QS"], "count": None}
    assert read(Click, {"type": "click", "cards": ["QS"]}) == Click(("QS",))
    with pytest.raises(Refused, match=r"^'cards' needs 'Q'$"):
        read(Click, {"type": "click", "cards": ["QS", "Q"]}, "")
    with pytest.raises(Refused, match=r"^'count' is no count$"):
        read(Click, {"type": "click", "cards": [], "count": None}, "")
    with pytest.raises(Refused, match=r"^type should be 'click', not 'tap'"):
        read(Click, {"type": "tap", "cards": []}, "")


@dataclass(frozen=True, slots=True)
class Sized(Record):
    """A record that writes a key it works out from its fields."""

    items: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """Its items and their count."""
        return {"items": list(self.items), "size": len(self.items)}


def test_a_record_that_writes_more_must_read_back_to_what_it_writes():
    assert Sized.from_dict({"items": [1, 2], "size": 2}) == Sized((1, 2))
    with pytest.raises(RecordError, match="'size' unknown, missing or not agreeing"):
        Sized.from_dict({"items": [1, 2], "size": 3})


@dataclass(frozen=True, slots=True)
class Boxed(Record):
    """A record whose field type follows another field."""

    kind: Literal["spot", "number"]
    content: Any

    @classmethod
    def field_types(cls, data: dict[str, Any]) -> dict[str, Any]:
        """``content`` is a Spot or an int, as ``kind`` says."""
        return {
            "kind": Literal["spot", "number"],
            "content": Spot if data["kind"] == "spot" else int,
        }


def test_a_field_may_follow_another_one():
    assert Boxed.from_dict({"kind": "spot", "content": {"seat": 2}}).content == Spot(2)
    assert Boxed.from_dict({"kind": "number", "content": 7}).content == 7
    with pytest.raises(RecordError, match=r"Boxed.content should be a whole number"):
        Boxed.from_dict({"kind": "number", "content": {"seat": 2}})


Seat = Annotated[int, Check(lambda v: type(v) is int and v >= 0, message("session:no-seat"))]


@dataclass(frozen=True, slots=True)
class Chair(Record):
    """A record whose check refuses with a message."""

    seat: Seat


def test_a_refusal_is_a_message_saying_where_and_what():
    with pytest.raises(RecordError) as error:
        Table.from_dict(_with(pair=[1, "x"]))
    said = error.value.said
    assert said.id == "record:wrong"
    assert (said.get("where"), said.get("value")) == ("Table.pair[1]", "'x'")
    assert said.get("wanted").id == "record:wanted.int"
    with pytest.raises(RecordError) as error:
        Chair.from_dict({"seat": -2})
    said = error.value.said
    assert said.id == "session:no-seat"
    assert (said.get("where"), said.get("field"), said.get("value")) == ("Chair.seat", "seat", "-2")


@dataclass(frozen=True, slots=True)
class Either(Record):
    """A union whose options refuse a value each in their own words."""

    what: int | Spot


def test_a_union_refused_by_each_option_says_each_refusal_in_turn():
    with pytest.raises(RecordError) as error:
        Either.from_dict({"what": {}})
    said = error.value.said
    assert said.id == "record:or-else"
    assert str(said) == (
        "Either.what should be a whole number, not {}; or Either.what has no 'seat'"
    )
