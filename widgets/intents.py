"""Intents: the only messages the browser sends, read strictly before anything acts on them.

The front end sends ``model.send({...})``; every message must be one of these, with
exactly these fields (``rev``, the state's redraw counter, is allowed on all of them)::

    {"type": "card", "card": "QS", "index": 3}    # a click on a hand card (index optional)
    {"type": "action", "action": "stock"}         # a game button of state["actions"]
    {"type": "select", "cards": ["9H", "9C"]}     # cards picked together (a meld)
    {"type": "hint"}  {"type": "coach"}           # open or close the hint / coach panel
    {"type": "undo"}  {"type": "redo"}
    {"type": "new-deal", "code": "MIL-7K3Q"}      # code optional; null or absent: a fresh deal
    {"type": "next"}                              # move on after the end-of-deal breakdown
    {"type": "speed", "ms": 400}                  # the bots' delay between moves
    {"type": "replay", "go": "forward"}           # open, start, back, forward, end, close
    {"type": "review", "go": "moment", "moment": 2}  # open, close, or a moment's replay
    {"type": "confirm", "answer": true}           # the answer to the table's question
    {"type": "resume", "save": {...}, "query": "?deal=MLA-7K3Q"}  # as a page starts (saves.py)
    {"type": "language", "lang": "fr"}            # the page's language (speaking.py)

A ``language`` intent is read before the others by every widget that speaks
(``speaking.py``), whatever the table is doing: it is not in :data:`INTENT_TYPES`.

Each type is a typed record (:class:`CardIntent`, :class:`ActionIntent`...) read by the
engine's record layer (``cardschool.engine.records``): every field's type and its
:class:`~cardschool.engine.records.Check` (a pattern, a range, a size) say what it may
hold; an optional field left out is ``None`` (a message may not send it as null, but a
deal code or a query may be null). :func:`parse_intent` returns the record of the message's
type or raises :class:`IntentError` with a sentence saying what is wrong; ``to_dict()``
gives the message back with every field present. A type's name is its class's name without
``Intent``, in lower case with hyphens (``NewDealIntent`` is ``new-deal``: :func:`tag_of`);
the exercise widget's messages (``exercise_intents.py``) share :class:`Message` and
:func:`parse_message`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal, Self, TypeVar

from ..engine.errors import Told
from ..engine.languages import LANGUAGES
from ..engine.messages import message
from ..engine.records import Check, Record, read
from .messages import TABLE

__all__ = [
    "INTENT_TYPES",
    "REPLAY_GOES",
    "REVIEW_GOES",
    "ActionIntent",
    "CardIntent",
    "CoachIntent",
    "ConfirmIntent",
    "HintIntent",
    "Intent",
    "IntentError",
    "LanguageIntent",
    "Message",
    "NewDealIntent",
    "NextIntent",
    "RedoIntent",
    "ReplayIntent",
    "ResumeIntent",
    "ReviewIntent",
    "SelectIntent",
    "SpeedIntent",
    "TableError",
    "UndoIntent",
    "by_type",
    "parse_intent",
    "parse_message",
    "tag_of",
]


class TableError(Told, ValueError):
    """Something a table refuses (a click, a call, a save), with the sentence why (``.said``)."""


class IntentError(TableError):
    """A message from the browser that is not a well-formed intent, or came at a wrong time."""


def _says(check: str, **known: str) -> str:
    """The sentence of a field's check, from the ``table`` catalog (``table:check.<check>``):
    ``known`` fills its placeholders known now; the record layer fills in ``where``,
    ``field`` and ``value`` when a value fails the check."""
    words = TABLE.entry(f"table:check.{check}")
    assert isinstance(words, str)
    for name, value in known.items():
        words = words.replace(f"{{{name}}}", value)
    return words


_WORD_START = re.compile(r"(?<=[a-z])(?=[A-Z])")
_CARD = re.compile(r"[0-9A-Za-z]{2,3}")
_ACTION = re.compile(r"[a-z][a-z0-9-]{0,31}")
_CODE = re.compile(r"[ -~]{0,40}")  # printable ASCII, at most 40 characters
MAX_CARDS = 120
MAX_SAVE_TEXT = 65536
MAX_QUERY = 2000
REPLAY_GOES = ("open", "start", "back", "forward", "end", "close")
"""What a ``replay`` intent may ask: open it, move its cursor, or close it."""
REVIEW_GOES = ("open", "close", "moment")
"""What a ``review`` intent may ask: run or show it, hide it, or open a moment's replay."""


def _is_place(value: object) -> bool:
    """A whole number from 0 (a bool is not one), below a billion."""
    return type(value) is int and 0 <= value < 10**9  # type: ignore[operator]


def _json_size(value: object) -> int:
    """The length of a value as JSON text; a huge number for one that cannot be written."""
    try:
        return len(json.dumps(value))
    except (RecursionError, TypeError, ValueError):
        return 10**9


def _goes(goes: tuple[str, ...]) -> Check:
    return Check(
        lambda value: isinstance(value, str) and value in goes,
        _says("one-of", goes=", ".join(goes)),
    )


Card = Annotated[
    str,
    Check(
        lambda value: isinstance(value, str) and _CARD.fullmatch(value) is not None,
        _says("card"),
    ),
]
"""A card's text form: ``QS``, ``10H``, ``HC``."""
Place = Annotated[int | None, Check(_is_place, _says("place"))]
"""A place in a list or the redraw counter: left out (None), or a whole number from 0."""
Cards = Annotated[
    tuple[Card, ...],
    Check(
        lambda value: isinstance(value, list) and len(value) <= MAX_CARDS,
        _says("cards", most=str(MAX_CARDS)),
    ),
]
ButtonName = Annotated[
    str,
    Check(
        lambda value: isinstance(value, str) and _ACTION.fullmatch(value) is not None,
        _says("button"),
    ),
]
DealCode = Annotated[
    str | None,
    Check(
        lambda value: (
            value is None or (isinstance(value, str) and _CODE.fullmatch(value) is not None)
        ),
        _says("code"),
    ),
]
Millis = Annotated[
    int,
    Check(lambda value: type(value) is int, _says("ms")),
]
Answer = Annotated[bool, Check(lambda value: type(value) is bool, _says("bool"))]
SaveJson = Annotated[
    Any,  # what the browser kept: any JSON, read by saves.restore; bounded here
    Check(lambda value: _json_size(value) <= MAX_SAVE_TEXT, _says("save")),
]
Query = Annotated[
    str | None,
    Check(
        lambda value: value is None or (isinstance(value, str) and len(value) <= MAX_QUERY),
        _says("query"),
    ),
]
Language = Annotated[
    str,
    Check(
        lambda value: isinstance(value, str) and value in LANGUAGES,
        message("table:check.language", languages=", ".join(LANGUAGES)),
    ),
]
"""A language the school speaks, by its code: ``en``, ``fr``, ``es``."""


@dataclass(frozen=True, slots=True)
class Message(Record):
    """A checked message from a widget's front end (the table's, the exercise's): ``type``
    names it, and a malformed one is refused with an :class:`IntentError`."""

    tags: ClassVar[tuple[str, ...]] = ("type",)  # to_dict() is the message, its type first
    type: ClassVar[str]
    """The message's name, worked out from the class's name (:func:`tag_of`)."""

    def __init_subclass__(cls, **options: Any) -> None:
        """Each message type is named after its class: ``NewDealIntent`` is ``new-deal``."""
        super(Message, cls).__init_subclass__(**options)  # Message: the class slots made
        cls.type = tag_of(cls.__name__)

    @classmethod
    def refusal(cls, problem: str) -> IntentError:
        """A malformed message is refused with the sentence of what is wrong."""
        return IntentError(problem)


M = TypeVar("M", bound=Message)


def by_type(*kinds: type[M]) -> dict[str, type[M]]:
    """Message types by their names, for :func:`parse_message`."""
    return {kind.type: kind for kind in kinds}


def parse_message(kinds: Mapping[str, type[M]], content: object) -> M:
    """Read one message of one of ``kinds`` strictly; raise IntentError if it is not one."""
    if not isinstance(content, dict):
        raise IntentError(message("table:check.object", kind=type(content).__name__))
    name = content.get("type")
    kind = kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        raise IntentError(message("table:check.type", name=repr(name)))
    return read(kind, content, "")


def tag_of(class_name: str) -> str:
    """A message type's name from its class's name: ``NewDealIntent`` -> ``new-deal``."""
    return _WORD_START.sub("-", class_name.removesuffix("Intent")).lower()


@dataclass(frozen=True, slots=True)
class Intent(Message):
    """One checked message from the table's front end; ``type`` names it. Every type's last
    field is ``rev``, the redraw counter of the picture it was sent from (None: not given),
    read after the others as the refusals always were."""

    rev: Place = field(default=None, kw_only=True)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read a message of this type; IntentError says what is wrong with it."""
        intent = parse_intent(data)
        if not isinstance(intent, cls):
            raise IntentError(f"a {intent.type!r} message is not a {cls.type!r} message")
        return intent

    missing_text: ClassVar[str] = "a {type!r} message needs the field {first!r}"
    unknown_text: ClassVar[str] = "a {type!r} message has no field {names}"


@dataclass(frozen=True, slots=True)
class CardIntent(Intent):
    """A click on a hand card: its text form, and its place in the hand if given."""

    card: Card
    index: Place = None


@dataclass(frozen=True, slots=True)
class ActionIntent(Intent):
    """A game button of ``state["actions"]``, by name."""

    action: ButtonName


@dataclass(frozen=True, slots=True)
class SelectIntent(Intent):
    """Cards picked together (a meld), by their text forms."""

    cards: Cards


@dataclass(frozen=True, slots=True)
class HintIntent(Intent):
    """Open or close the hint panel."""


@dataclass(frozen=True, slots=True)
class CoachIntent(Intent):
    """Open or close the coach panel."""


@dataclass(frozen=True, slots=True)
class UndoIntent(Intent):
    """Take back the last move."""


@dataclass(frozen=True, slots=True)
class RedoIntent(Intent):
    """Play again the move taken back."""


@dataclass(frozen=True, slots=True)
class NextIntent(Intent):
    """Move on after the end-of-deal breakdown."""


@dataclass(frozen=True, slots=True)
class NewDealIntent(Intent):
    """A new deal: the one a code names, or a fresh one (no code)."""

    code: DealCode = None


@dataclass(frozen=True, slots=True)
class SpeedIntent(Intent):
    """The bots' delay between moves, in milliseconds."""

    ms: Millis


@dataclass(frozen=True, slots=True)
class ReplayIntent(Intent):
    """Open the replay, move its cursor, or close it."""

    go: Annotated[Literal["open", "start", "back", "forward", "end", "close"], _goes(REPLAY_GOES)]


@dataclass(frozen=True, slots=True)
class ReviewIntent(Intent):
    """Run or show the review, hide it, or open the replay at one of its moments."""

    go: Annotated[Literal["open", "close", "moment"], _goes(REVIEW_GOES)]
    moment: Place = None


@dataclass(frozen=True, slots=True)
class ConfirmIntent(Intent):
    """The answer to the table's question."""

    answer: Answer


@dataclass(frozen=True, slots=True)
class ResumeIntent(Intent):
    """Sent once as a page starts: the browser's save and the page's query (a deal link)."""

    save: SaveJson = None
    query: Query = None


@dataclass(frozen=True, slots=True)
class LanguageIntent(Intent):
    """The language the page asks for (its link's, the browser's choice or preference)."""

    lang: Language


INTENT_TYPES: dict[str, type[Intent]] = by_type(
    CardIntent,
    ActionIntent,
    SelectIntent,
    HintIntent,
    CoachIntent,
    UndoIntent,
    RedoIntent,
    NewDealIntent,
    NextIntent,
    SpeedIntent,
    ReplayIntent,
    ReviewIntent,
    ConfirmIntent,
    ResumeIntent,
)
"""Every intent type by its name."""


def parse_intent(content: object) -> Intent:
    """Read one message from the browser strictly; raise IntentError if it is not an intent."""
    return parse_message(INTENT_TYPES, content)
