"""The exercise widget's intents: the messages its front end sends, read strictly.

Every message has exactly these fields (``rev``, the state's redraw counter, is needed on
all but ``progress``)::

    {"type": "try", "try": "KC", "rev": 3}         # a card or a move's text, typed or clicked
    {"type": "try", "try": ["9H", "9C"], "rev": 3}  # the cards marked (a choose task)
    {"type": "hint", "rev": 3}  {"type": "show", "rev": 3}
    {"type": "next", "rev": 3}  {"type": "back", "rev": 3}
    {"type": "go", "to": 2, "rev": 3}               # jump to an exercise of the file
    {"type": "progress", "record": {...}}           # the browser's kept stars (progress.py)

Each type is a typed record of the engine's record layer, as the table's intents are
(``intents.py``: the same :class:`~.intents.Message` base and reader, and the types that
carry only ``rev`` made by ``tag_only``); :func:`parse_exercise_intent` returns it or
raises ``IntentError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from ..engine.records import Check, key
from .intents import Message, by_type, parse_message, tag_only

__all__ = [
    "EXERCISE_INTENTS",
    "BackIntent",
    "ExerciseIntent",
    "GoIntent",
    "HintIntent",
    "NextIntent",
    "ProgressIntent",
    "ShowIntent",
    "TryIntent",
    "parse_exercise_intent",
]

_TRY_TEXT = re.compile(r"[ -~]{1,60}")
_MAX_MARKED = 40
_MAX_EXERCISES = 1000


def _is_rev(value: object) -> bool:
    return type(value) is int and 0 <= value < 10**9  # type: ignore[operator]


def _marked(value: object) -> bool:
    """Not a list, or a short list of card texts."""
    if not isinstance(value, list):
        return True
    return len(value) <= _MAX_MARKED and all(
        isinstance(card, str) and _TRY_TEXT.fullmatch(card) for card in value
    )


Rev = Annotated[int, Check(_is_rev, "'rev' must be a whole number from 0")]
"""The redraw counter of the picture the click was made on."""
Try = Annotated[
    str | tuple[str, ...],
    Check(_marked, "marked cards must be a short list of card texts"),
    Check(
        lambda value: (
            isinstance(value, list)
            or (isinstance(value, str) and _TRY_TEXT.fullmatch(value) is not None)
        ),
        "a try must be a short text or a list of cards",
    ),
]
"""A try: a short text (a card, a move, a number) or the cards marked."""
Exercise = Annotated[
    int,
    Check(
        lambda value: _is_rev(value) and value < _MAX_EXERCISES,
        "'to' must be the number of an exercise, from 0",
    ),
]


@dataclass(frozen=True, slots=True)
class ExerciseIntent(Message):
    """One checked message from the exercise widget's front end; ``type`` names it."""

    unknown_text: ClassVar[str] = "a {type!r} message has exactly the fields {fields}"
    missing_text: ClassVar[str] = unknown_text


@dataclass(frozen=True, slots=True)
class TryIntent(ExerciseIntent):
    """A try: a card, a move or a number as text, or the cards marked (JSON key ``try``)."""

    type: ClassVar[str] = "try"
    rev: Rev
    attempt: Try = field(metadata=key("try"))


_REV = ("rev", Rev)
HintIntent = tag_only(ExerciseIntent, "hint", "Show the rules the exercise is about.", _REV)
ShowIntent = tag_only(ExerciseIntent, "show", "Show the answer (after enough wrong tries).", _REV)
NextIntent = tag_only(ExerciseIntent, "next", "Go on to the next exercise of the file.", _REV)
BackIntent = tag_only(ExerciseIntent, "back", "Go back to the exercise before.", _REV)


@dataclass(frozen=True, slots=True)
class GoIntent(ExerciseIntent):
    """Jump to the exercise numbered ``to`` (from 0)."""

    type: ClassVar[str] = "go"
    rev: Rev
    to: Exercise


@dataclass(frozen=True, slots=True)
class ProgressIntent(ExerciseIntent):
    """The stars the browser kept for this file, checked by ``progress.check_record``."""

    type: ClassVar[str] = "progress"
    record: Any


EXERCISE_INTENTS: dict[str, type[ExerciseIntent]] = by_type(
    TryIntent, HintIntent, ShowIntent, NextIntent, BackIntent, GoIntent, ProgressIntent
)
"""Every exercise intent type by its name."""


def parse_exercise_intent(content: object) -> ExerciseIntent:
    """Read one message from the browser strictly; raise IntentError if it is not an intent."""
    return parse_message(EXERCISE_INTENTS, content)
