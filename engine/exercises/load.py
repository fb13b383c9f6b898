"""Reading exercise files: TOML, one file per topic, an array of ``[[exercise]]`` tables.

Every malformed input is reported as a :class:`Problem` with the file, the exercise id
and the line: tomllib gives the line of a parse error; for the rest, the line of the
exercise's ``id`` (or of its ``[[exercise]]`` header when the id is missing).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from ..games import GAMES
from ..languages import LANGUAGES
from ..rulebook import RULES
from .model import TASK_KINDS, Choose, Decide, Exercise, Play, Problem, Prompt, Score, Task

__all__ = ["ExerciseFileError", "file_title", "load_file", "load_text", "read_text"]

_KEYS = {"id", "game", "rules", "prompt", "task", "position", "goal", "question", "about"}
_KEYS |= {"seat", "tries", "mark"}
_TASK_KEYS = {
    "play": {"goal"},
    "choose": {"mark", "about"},
    "decide": {"question", "about"},
    "score": {"seat"},
}
_ID = re.compile(r"^[a-z0-9][a-z0-9.-]*$")
_HEADER = re.compile(r"^\s*\[\[\s*exercise\s*\]\]")


class ExerciseFileError(ValueError):
    """An exercise file has problems; ``.problems`` lists them, the first in the message."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


def _id_line(lines: list[str], ident: str, start: int) -> int:
    pattern = re.compile(rf"""^\s*id\s*=\s*["']{re.escape(ident)}["']""")
    for number in range(start, len(lines) + 1):
        if pattern.match(lines[number - 1]):
            return number
    return start


_POSITION = re.compile(r"""^\s*position\s*=\s*(.*)$""")


def _position_line(lines: list[str], start: int) -> int:
    """The line where an exercise's position text starts, searching from its id's line."""
    for number in range(start, len(lines) + 1):
        if number > start and _HEADER.match(lines[number - 1]):
            break
        found = _POSITION.match(lines[number - 1])
        if found:
            rest = found.group(1).strip()
            return number + 1 if rest in ('"""', "'''") else number
    return 0


def _task(data: dict[str, Any], seat_names: tuple[str, ...]) -> Task:
    kind = data["task"]
    extra = set(data) & (_KEYS - {"id", "game", "rules", "prompt", "task", "position", "tries"})
    if extra - _TASK_KEYS[kind]:
        raise ValueError(f"a {kind} task takes no {', '.join(sorted(extra - _TASK_KEYS[kind]))}")
    match kind:
        case "play":
            goal = data.get("goal", "legal")
            if not isinstance(goal, str):
                raise ValueError("goal must be text")
            return Play(goal)
        case "choose":
            mark, about = data.get("mark", "legal"), data.get("about", "")
            if not isinstance(mark, str) or not isinstance(about, str):
                raise ValueError("a choose task takes mark = text (and about = text)")
            return Choose(mark, about)
        case "decide":
            question, about = data.get("question"), data.get("about", "")
            if not isinstance(question, str) or not isinstance(about, str):
                raise ValueError("a decide task needs question = text (and about = text)")
            return Decide(question, about)
    seat = data.get("seat", seat_names[0])
    if not isinstance(seat, str) or seat.capitalize() not in seat_names:
        raise ValueError(f"seat must be one of {', '.join(seat_names)}, not {seat!r}")
    return Score(seat_names.index(seat.capitalize()))


def _prompt(value: Any, key: str = "prompt") -> Prompt:
    """A text written once per language the school speaks: an exercise's prompt
    (``prompt.en = "..."``, ``prompt.fr = "..."``, ``prompt.es = "..."``), or a file's
    ``title`` (``key``)."""
    dotted = ", ".join(f'{key}.{language} = "..."' for language in LANGUAGES)
    if isinstance(value, str):
        raise ValueError(f'a {key} is written once per language: {dotted}, not {key} = "..."')
    if not isinstance(value, dict):
        raise ValueError(f"a {key} is written once per language: {dotted}")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise ValueError(
            f"{key}.{unknown[0]}: {unknown[0]!r} is not a language the school speaks "
            f"({', '.join(LANGUAGES)})"
        )
    missing = [language for language in LANGUAGES if language not in value]
    if missing:
        named = " and ".join(f"{key}.{language}" for language in missing)
        verb = "is" if len(missing) == 1 else "are"
        raise ValueError(f"{named} {verb} missing: a {key} is written in {', '.join(LANGUAGES)}")
    for language in LANGUAGES:
        text = value[language]
        if not isinstance(text, str):
            raise ValueError(f"{key}.{language} must be text")
        if not text.strip():
            raise ValueError(f"{key}.{language} is empty")
    return Prompt(tuple((language, value[language].strip()) for language in LANGUAGES))


def _exercise(data: Any, file: str, line: int, position_line: int) -> Exercise:
    if not isinstance(data, dict):
        raise ValueError("an exercise is a table of keys")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(_KEYS))})")
    for key in ("id", "game", "rules", "prompt", "task", "position"):
        if key not in data:
            raise ValueError(f"missing key {key!r}")
    for key in ("id", "game", "task", "position"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise ValueError(f"{key} must be non-empty text")
    prompt = _prompt(data["prompt"])
    if not _ID.match(data["id"]):
        raise ValueError("an id is lower-case letters, digits, dots and dashes")
    spec = GAMES.get(data["game"])
    if spec is None:
        raise ValueError(f"unknown game {data['game']!r}: choose {' or '.join(GAMES)}")
    rules = data["rules"]
    if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
        raise ValueError("rules must be a non-empty list of rule ids")
    for rule in rules:
        if rule not in RULES:
            raise ValueError(f"{rule!r} is not a rule id of the rulebook")
        if not rule.startswith(spec.name + "."):
            raise ValueError(f"{rule!r} is not a rule of {spec.title}")
    if data["task"] not in TASK_KINDS:
        raise ValueError(f"task must be {', '.join(TASK_KINDS)}, not {data['task']!r}")
    tries = data.get("tries", [])
    if not isinstance(tries, list) or not all(isinstance(t, str) for t in tries):
        raise ValueError("tries must be a list of moves as text")
    return Exercise(
        id=data["id"],
        game=spec.name,
        rules=tuple(rules),
        position=data["position"],
        prompt=prompt,
        task=_task(data, spec.seat_names),
        tries=tuple(tries),
        file=file,
        line=line,
        position_line=position_line,
    )


def read_text(text: str, file: str = "<text>") -> tuple[list[Exercise], list[Problem]]:
    """The exercises a file's text holds, and a Problem for everything malformed."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        return [], [Problem(file, int(found.group(1)) if found else 0, "", f"not TOML: {error}")]
    lines = text.splitlines()
    headers = [n for n, line in enumerate(lines, 1) if _HEADER.match(line)]
    items = document.get("exercise")
    others = sorted(set(document) - {"exercise", "title"})
    problems = [Problem(file, 0, "", f"unknown top-level key {key!r}") for key in others]
    if "title" in document:  # the file's title, once per language, as a prompt is written
        try:
            _prompt(document["title"], "title")
        except ValueError as error:
            problems.append(Problem(file, 0, "", str(error)))
    if not isinstance(items, list) or not items:
        problems.append(Problem(file, 0, "", "no [[exercise]] tables"))
        return [], problems
    exercises: list[Exercise] = []
    seen: dict[str, int] = {}
    for index, data in enumerate(items):
        header = headers[index] if index < len(headers) else 0
        ident = data.get("id") if isinstance(data, dict) else None
        ident = ident if isinstance(ident, str) else ""
        line = _id_line(lines, ident, header or 1) if ident else header
        if ident in seen:
            problems.append(Problem(file, line, ident, f"id already used on line {seen[ident]}"))
            continue
        try:
            exercise = _exercise(data, file, line, _position_line(lines, header or line or 1))
        except ValueError as error:
            problems.append(Problem(file, line, ident, str(error)))
            continue
        seen[ident] = line
        exercises.append(exercise)
    return exercises, problems


def load_text(text: str, file: str = "<text>") -> list[Exercise]:
    """The exercises of a file's text; ExerciseFileError listing every problem."""
    exercises, problems = read_text(text, file)
    if problems:
        raise ExerciseFileError(problems)
    return exercises


def load_file(path: str | Path) -> list[Exercise]:
    """The exercises of a TOML file; ExerciseFileError listing every problem."""
    path = Path(path)
    return load_text(path.read_text(encoding="utf-8"), str(path))


def file_title(path: str | Path) -> Prompt | None:
    """The title a file gives its exercises, in each language (None: it has none, or the
    file cannot be read or is malformed: the checker reports why)."""
    try:
        document = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        return _prompt(document["title"], "title") if "title" in document else None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError):
        return None
