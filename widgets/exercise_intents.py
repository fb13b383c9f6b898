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
(``intents.py``: the same :class:`~.intents.Message` base and reader);
:func:`parse_exercise_intent` returns it or raises ``IntentError``, whose sentence is a
message of the ``exercise`` catalog (``exercise_messages.py``), as are the refusals of
:func:`offered`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from ..engine.exercises import Choose, Score, Task
from ..engine.messages import message
from ..engine.records import Check, key
from . import exercise_messages as _words  # noqa: F401  (the refusals' words)
from .intents import IntentError, Message, by_type, parse_message

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
    "offered",
    "parse_exercise_intent",
]

_TRY_TEXT = re.compile(r"[ -~]{1,60}")
_MAX_MARKED = 40
_MAX_EXERCISES = 1000
_NUMBER = re.compile(r"-?[0-9]{1,6}")


def _is_rev(value: object) -> bool:
    return type(value) is int and 0 <= value < 10**9  # type: ignore[operator]


def _marked(value: object) -> bool:
    """Not a list, or a short list of card texts."""
    if not isinstance(value, list):
        return True
    return len(value) <= _MAX_MARKED and all(
        isinstance(card, str) and _TRY_TEXT.fullmatch(card) for card in value
    )


Rev = Annotated[int, Check(_is_rev, message("exercise:intent.rev"))]
"""The redraw counter of the picture the click was made on."""
Try = Annotated[
    str | tuple[str, ...],
    Check(_marked, message("exercise:intent.marked")),
    Check(
        lambda value: (
            isinstance(value, list)
            or (isinstance(value, str) and _TRY_TEXT.fullmatch(value) is not None)
        ),
        message("exercise:intent.try"),
    ),
]
"""A try: a short text (a card, a move, a number) or the cards marked."""
Exercise = Annotated[
    int,
    Check(
        lambda value: _is_rev(value) and value < _MAX_EXERCISES,
        message("exercise:intent.to"),
    ),
]


@dataclass(frozen=True, slots=True)
class ExerciseIntent(Message):
    """One checked message from the exercise widget's front end; ``type`` names it."""

    unknown_said: ClassVar[str] = "exercise:intent.fields"
    missing_said: ClassVar[str] = unknown_said
    unknown_text: ClassVar[str | None] = None
    missing_text: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True)
class _OnPicture(ExerciseIntent):
    """An intent sent from the exercise's picture: all but ``progress``, each with ``rev``."""

    rev: Rev


@dataclass(frozen=True, slots=True)
class TryIntent(_OnPicture):
    """A try: a card, a move or a number as text, or the cards marked (JSON key ``try``)."""

    attempt: Try = field(metadata=key("try"))


@dataclass(frozen=True, slots=True)
class HintIntent(_OnPicture):
    """Show the rules the exercise is about."""


@dataclass(frozen=True, slots=True)
class ShowIntent(_OnPicture):
    """Show the answer (after enough wrong tries)."""


@dataclass(frozen=True, slots=True)
class NextIntent(_OnPicture):
    """Go on to the next exercise of the file."""


@dataclass(frozen=True, slots=True)
class BackIntent(_OnPicture):
    """Go back to the exercise before."""


@dataclass(frozen=True, slots=True)
class GoIntent(_OnPicture):
    """Jump to the exercise numbered ``to`` (from 0)."""

    to: Exercise


@dataclass(frozen=True, slots=True)
class ProgressIntent(ExerciseIntent):
    """The stars the browser kept for this file, checked by ``progress.check_record``."""

    record: Any


EXERCISE_INTENTS: dict[str, type[ExerciseIntent]] = by_type(
    TryIntent, HintIntent, ShowIntent, NextIntent, BackIntent, GoIntent, ProgressIntent
)
"""Every exercise intent type by its name."""


def parse_exercise_intent(content: object) -> ExerciseIntent:
    """Read one message from the browser strictly; raise IntentError if it is not an intent."""
    return parse_message(EXERCISE_INTENTS, content)


def offered(attempt: object, task: Task | None, hand: list[str], options: list[str]) -> Any:
    """The try if it is one of those offered now (the cards of a pick, the marked cards, a
    number, a card or an option); IntentError otherwise. ``task`` of ``None``: a pick."""
    cards = isinstance(attempt, tuple) and len(set(attempt)) == len(attempt)
    own = cards and set(attempt) <= set(hand)  # type: ignore[arg-type]
    match task:
        case None:  # cards picked in the hand make the move
            if not isinstance(attempt, tuple) or not attempt:
                raise IntentError(message("exercise:refused.pick"))
            if not own:
                raise IntentError(message("exercise:refused.pick-own"))
            return attempt
        case Choose():
            if not isinstance(attempt, tuple):
                raise IntentError(message("exercise:refused.mark"))
            if not own:
                raise IntentError(message("exercise:refused.mark-own"))
            return list(attempt)
        case Score():
            if not isinstance(attempt, str) or not _NUMBER.fullmatch(attempt.strip()):
                raise IntentError(message("exercise:refused.number"))
            return attempt.strip()
    if not isinstance(attempt, str) or attempt not in (*hand, *options):
        raise IntentError(message("exercise:refused.not-offered"))
    return attempt
