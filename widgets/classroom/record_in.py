"""A finished deal or exercise as the kernel saw it, checked before the class store keeps it."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardschool.engine.errors import Told
from cardschool.engine.messages import message

from .basics import TARGET_LENGTH
from .record_messages import RECORDS  # noqa: F401  (the catalog registered)

__all__ = [
    "CHECKING",
    "FINISHED",
    "IN_PROGRESS",
    "KINDS",
    "MAX_RULES",
    "MAX_SAVE",
    "RESULTS",
    "RecordError",
    "RecordIn",
]

MAX_SAVE = 400_000
"""The longest session save kept with a record (a whole match of any game is far smaller)."""
MAX_RULES = 60
FINISHED = ("won", "lost", "tied")
"""The results of a deal the kernel ended."""
IN_PROGRESS = ("playing", "gave up")
"""The results of a deal not ended: being played, or replaced by another deal unfinished."""
RESULTS = (*FINISHED, *IN_PROGRESS, "solved", "shown", "tried")
"""What a record's result may be (``tried``: an exercise with wrong tries, not judged yet)."""
KINDS = ("deal", "exercises")
"""What an assignment or a record is about."""
CHECKING = "checking"
"""The result a class server's board gives a record it has not finished checking (never
stored: ``checking.CHECKING``, the state of a record sent)."""
VERDICT_WAIT_S = 5.0
"""The longest a class server holds a question for a record's verdict while it checks it
(``GET /api/records/{uid}?wait=``): under any client's request time limit."""
_RULE_ID = re.compile(r"[a-z][a-z0-9-]*(\.[a-z0-9-]+)+")


class RecordError(Told, ValueError):
    """A record out of bounds: ``.said`` says which field, as a clause (no capital, no stop)."""


def _wrong(what: str, **params: object) -> RecordError:
    """The refusal ``classroom:record-in.<what>``."""
    return RecordError(message(f"classroom:record-in.{what}", **params))


@dataclass(frozen=True, slots=True)
class RecordIn:
    """A finished deal or exercise as the kernel saw it, ready to be stored."""

    kind: str
    target: str
    result: str
    score: int | None = None
    stars: int | None = None
    seconds: int | None = None
    illegal: Mapping[str, int] = field(default_factory=dict)
    hints: int = 0
    coach: int = 0
    save: str | None = None
    moves: int | None = None
    """The learner's moves in the deal (None: not a deal)."""
    live: int | None = None
    """How many of ``moves`` a kernel saw played, not replayed from a save (0: restored)."""
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)
    tries: tuple[Any, ...] | None = None
    """An exercise's tries in order as the kernel judged them (each a text or the cards
    marked): a class server judges them again (``client.py``); the store keeps none."""

    def checked(self) -> RecordIn:
        """This record if every field is in bounds; :class:`RecordError` naming the first
        that is not."""
        if self.kind not in KINDS:
            raise _wrong("kind", kinds=", ".join(KINDS), kind=repr(self.kind))
        if not isinstance(self.target, str) or not 0 < len(self.target) <= TARGET_LENGTH:
            raise _wrong("target")
        if self.result not in RESULTS:
            raise _wrong("result", results=", ".join(RESULTS), result=repr(self.result))
        for name in ("score", "stars", "seconds"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or abs(value) > 10**7):
                raise _wrong("number", field=name)
        for name in ("hints", "coach", "moves", "live"):
            value = getattr(self, name)
            if (value is not None or name in ("hints", "coach")) and (
                not isinstance(value, int) or not 0 <= value <= 10**6
            ):
                raise _wrong("count", field=name)
        if self.live is not None and (self.moves is None or self.live > self.moves):
            raise _wrong("live")
        if len(self.illegal) > MAX_RULES or not all(
            isinstance(rule, str) and _RULE_ID.fullmatch(rule) and isinstance(n, int) and n > 0
            for rule, n in self.illegal.items()
        ):
            raise _wrong("illegal")
        if self.save is not None and (not isinstance(self.save, str) or len(self.save) > MAX_SAVE):
            raise _wrong("save")
        if not re.fullmatch(r"[0-9a-f]{32}", self.uid):
            raise _wrong("uid")
        return self
