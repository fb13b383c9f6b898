"""A learner's progress on exercise files: the record kept in the browser, read strictly.

The browser keeps one record per exercise file (local storage, key
``cardschool/v1/progress/<file>``) and hands it back when a page opens. It is untrusted
input: :func:`check_record` accepts only this shape and refuses anything else with a
:class:`ProgressError`, so a forged or damaged record is ignored, never half-read::

    {"version": 1, "file": "mililla/beat.toml", "stars": {"<exercise id>": 3}}

``stars`` holds each exercise done, by id: 1 to 3 stars when solved (3 on the first
try, 2 on the second, 1 after), 0 when the answer was shown. :func:`progress_summary`
reads records per file and per rule id, for a landing page. No Jupyter imports here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Told
from ..messages import message
from . import messages as _messages  # noqa: F401  (registers the exercise catalog)
from .model import Exercise

__all__ = [
    "MAX_RECORD_BYTES",
    "RECORD_VERSION",
    "Progress",
    "ProgressError",
    "check_record",
    "empty_record",
    "file_key",
    "progress_summary",
    "stars_for",
]

RECORD_VERSION = 1
"""The version of the record's shape (also in the storage key)."""
MAX_RECORD_BYTES = 16_384
"""The largest record accepted, as JSON text in UTF-8 (the browser caps entries alike)."""
MAX_STARS = 3
_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,119}")


class ProgressError(Told, ValueError):
    """A progress record that does not have the record's shape; it is ignored whole (``.said``
    says why, as a message)."""


def stars_for(wrong_tries: int) -> int:
    """Stars for a solve after ``wrong_tries`` wrong tries: 3, 2, then 1."""
    return max(1, MAX_STARS - wrong_tries)


def empty_record(file: str) -> dict[str, Any]:
    """The record of a file with nothing done yet."""
    return {"version": RECORD_VERSION, "file": file, "stars": {}}


def check_record(data: object, file: str, ids: Iterable[str]) -> dict[str, Any]:
    """A clean copy of a stored record for ``file`` whose exercises are ``ids``.

    Raises ProgressError with a sentence for anything else: not an object, too big, another
    version or file, unknown keys, an id not in the file, stars not a whole number 0 to 3.
    """
    try:
        size = len(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError) as error:
        raise ProgressError(message("exercise:record.not-json")) from error
    if size > MAX_RECORD_BYTES:
        raise ProgressError(message("exercise:record.too-big", size=size, most=MAX_RECORD_BYTES))
    if not isinstance(data, dict):
        raise ProgressError(message("exercise:record.not-object"))
    if set(data) != {"version", "file", "stars"}:
        raise ProgressError(message("exercise:record.keys"))
    if data["version"] != RECORD_VERSION or isinstance(data["version"], bool):
        raise ProgressError(message("exercise:record.version", version=RECORD_VERSION))
    if data["file"] != file:
        raise ProgressError(message("exercise:record.file", file=file))
    stars = data["stars"]
    if not isinstance(stars, dict):
        raise ProgressError(message("exercise:record.stars-object"))
    known = set(ids)
    clean: dict[str, int] = {}
    for ident, count in stars.items():
        if ident not in known:
            raise ProgressError(message("exercise:record.unknown-id", ident=ident))
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_STARS:
            raise ProgressError(message("exercise:record.stars", most=MAX_STARS))
        clean[ident] = count
    return {"version": RECORD_VERSION, "file": file, "stars": clean}


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a learner got on some exercises: solved, done at all, out of total, stars."""

    solved: int
    seen: int
    """Exercises whose answer was shown (done, no star)."""
    total: int
    stars: int

    def to_dict(self) -> dict[str, int]:
        """The JSON form."""
        return {"solved": self.solved, "seen": self.seen, "total": self.total, "stars": self.stars}


def _tally(exercises: Sequence[Exercise], stars: Mapping[str, int]) -> Progress:
    done = [stars[e.id] for e in exercises if e.id in stars]
    solved = sum(1 for count in done if count > 0)
    return Progress(solved, len(done) - solved, len(exercises), sum(done))


def progress_summary(
    records: Mapping[str, Any] | Iterable[Mapping[str, Any]], exercises: Sequence[Exercise]
) -> dict[str, dict[str, Progress]]:
    """A learner's progress per file and per rule id, from checked records.

    ``records`` is one record or several (as :func:`check_record` returns them);
    ``exercises`` are those of the files, each exercise's ``file`` naming its record's
    ``file`` by its last two path parts (``mililla/beat.toml``). Returns ``{"files":
    {file: Progress}, "rules": {rule id: Progress}}``; a rule's total counts the
    exercises that practise it.
    """
    many = [records] if isinstance(records, Mapping) else list(records)
    by_file: dict[str, dict[str, int]] = {str(r["file"]): dict(r["stars"]) for r in many}
    keyed: dict[str, list[Exercise]] = {}
    for exercise in exercises:
        keyed.setdefault(file_key(exercise.file), []).append(exercise)
    stars: dict[str, int] = {}
    for key, group in keyed.items():
        got = by_file.get(key, {})
        stars.update({e.id: got[e.id] for e in group if e.id in got})
    files = {key: _tally(group, stars) for key, group in keyed.items()}
    rules: dict[str, list[Exercise]] = {}
    for exercise in exercises:
        for rule in exercise.rules:
            rules.setdefault(rule, []).append(exercise)
    return {"files": files, "rules": {rule: _tally(group, stars) for rule, group in rules.items()}}


def file_key(path: str) -> str:
    """The name a file's progress is kept under: its last two path parts (``game/topic.toml``)."""
    parts = [part for part in re.split(r"[\\/]+", str(path)) if part not in ("", ".")]
    key = "/".join(parts[-2:])
    if not _FILE.fullmatch(key) or ".." in key.split("/"):
        raise ProgressError(message("exercise:record.file-name", path=str(path)))
    return key
