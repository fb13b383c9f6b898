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
(``intents.py``); :func:`parse_exercise_intent` returns it or raises ``IntentError``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from ..engine.json_forms import record_fields
from ..engine.records import Check, Record, key, read
from .intents import IntentError

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
class ExerciseIntent(Record):
    """One checked message from the exercise widget's front end; ``type`` names it."""

    tags: ClassVar[tuple[str, ...]] = ("type",)
    type: ClassVar[str]

    @classmethod
    def refusal(cls, problem: str) -> IntentError:
        """A malformed message is refused with the sentence of what is wrong."""
        return IntentError(problem)

    @classmethod
    def missing(cls, where: str, names: Sequence[str]) -> str:
        """The sentence for a message without a field it needs."""
        return cls.unknown(where, names)

    @classmethod
    def unknown(cls, where: str, names: Sequence[str]) -> str:
        """The sentence for a message whose fields are not exactly its type's."""
        fields = sorted(name for _, name, _ in record_fields(cls))
        return f"a {cls.type!r} message has exactly the fields {fields}"


@dataclass(frozen=True, slots=True)
class TryIntent(ExerciseIntent):
    """A try: a card, a move or a number as text, or the cards marked (JSON key ``try``)."""

    type: ClassVar[str] = "try"
    rev: Rev
    attempt: Try = field(metadata=key("try"))


@dataclass(frozen=True, slots=True)
class HintIntent(ExerciseIntent):
    """Show the rules the exercise is about."""

    type: ClassVar[str] = "hint"
    rev: Rev


@dataclass(frozen=True, slots=True)
class ShowIntent(ExerciseIntent):
    """Show the answer (after enough wrong tries)."""

    type: ClassVar[str] = "show"
    rev: Rev


@dataclass(frozen=True, slots=True)
class NextIntent(ExerciseIntent):
    """Go on to the next exercise of the file."""

    type: ClassVar[str] = "next"
    rev: Rev


@dataclass(frozen=True, slots=True)
class BackIntent(ExerciseIntent):
    """Go back to the exercise before."""

    type: ClassVar[str] = "back"
    rev: Rev


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


EXERCISE_INTENTS: dict[str, type[ExerciseIntent]] = {
    kind.type: kind
    for kind in (
        TryIntent,
        HintIntent,
        ShowIntent,
        NextIntent,
        BackIntent,
        GoIntent,
        ProgressIntent,
    )
}
"""Every exercise intent type by its name."""


def parse_exercise_intent(content: object) -> ExerciseIntent:
    """Read one message from the browser strictly; raise IntentError if it is not an intent."""
    if not isinstance(content, dict):
        raise IntentError("a message must be an object")
    name = content.get("type")
    kind = EXERCISE_INTENTS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise IntentError(f"unknown message type {name!r}")
    return read(kind, content, "")
