"""The learning path: per game, the lessons in order, read from one TOML file.

``tutorial/path.toml`` lists, per game, the steps of the path. A step names its notebook
(relative to the path file), its title once per language the school speaks (``title.en``,
``title.fr``, ``title.es``: the loader refuses a step whose title is missing in one), its
kind (``lesson``, ``hand`` for a whole hand played with the hints open, ``strategy``), the
rule ids it teaches and its exercise files.
A lesson shows, from its files, the exercises whose *first* rule id it teaches; a step that
teaches no rule id (a strategy lesson) shows every exercise of its files. The exercise
files are read when asked, so exercises added to a topic file join their lesson at once.
No Jupyter imports here: widgets and the coverage matrix call this module.
"""

from __future__ import annotations

import posixpath
import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .exercises import Exercise, file_key, load_file
from .exercises.model import Prompt
from .games import GAMES
from .languages import LANGUAGES
from .rulebook import RULES

__all__ = ["KINDS", "LearningPath", "PathError", "Step", "load_path"]

KINDS = ("lesson", "hand", "strategy")
"""The kinds of step: a lesson with exercises, a whole hand with hints, a strategy lesson."""

_NOTEBOOK = re.compile(r"[a-z0-9-]+/[a-z0-9-]+\.ipynb")
_FILE = re.compile(r"exercises/[a-z0-9-]+/[a-z0-9-]+\.toml")
_STEP_KEYS = {"notebook", "title", "kind", "teaches", "exercises"}


class PathError(ValueError):
    """The path file does not read: the message names the step and what is wrong."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the path: a notebook, its title and kind, what it teaches and practises."""

    game: str
    notebook: str
    """The notebook, relative to the path file (``mililla/following.ipynb``)."""
    titles: Prompt
    """Its title in each language the school speaks."""
    kind: str
    teaches: tuple[str, ...]
    files: tuple[str, ...]
    """Its exercise files, relative to the path file."""

    @property
    def title(self) -> str:
        """Its title in the language the page speaks now."""
        return self.titles.said()

    def shows(self, exercise: Exercise) -> bool:
        """True when this step shows ``exercise`` (from one of its files)."""
        return not self.teaches or (bool(exercise.rules) and exercise.rules[0] in self.teaches)


@dataclass(frozen=True)
class LearningPath:
    """Every game's steps in order, read from ``root/path.toml``."""

    root: Path
    """The folder of the path file; notebooks and exercise files are relative to it."""
    steps: tuple[Step, ...]
    titles: dict[str, str]
    """Each game's title, by name."""

    def games(self) -> list[str]:
        """The games of the path, in the file's order."""
        return list(dict.fromkeys(step.game for step in self.steps))

    def of_game(self, game: str) -> list[Step]:
        """One game's steps, in order."""
        return [step for step in self.steps if step.game == game]

    def step(self, notebook: str) -> Step:
        """The step of a notebook (``mililla/following.ipynb``); KeyError if none."""
        for step in self.steps:
            if step.notebook == notebook:
                return step
        raise KeyError(f"no step of the path is {notebook!r}")

    def next_step(self, notebook: str) -> Step | None:
        """The step after a notebook's, in its game (None after the last)."""
        steps = self.of_game(self.step(notebook).game)
        at = [step.notebook for step in steps].index(notebook)
        return steps[at + 1] if at + 1 < len(steps) else None

    @cached_property
    def _files(self) -> dict[str, tuple[Exercise, ...]]:
        return {}

    def files(self) -> list[str]:
        """Every exercise file the path names, in order of first use."""
        return list(dict.fromkeys(name for step in self.steps for name in step.files))

    def file_exercises(self, name: str) -> tuple[Exercise, ...]:
        """Every exercise of one of the path's files (read once, when first asked)."""
        if name not in self._files:
            if name not in self.files():
                raise KeyError(f"the path names no exercise file {name!r}")
            self._files[name] = tuple(load_file(self.root / name))
        return self._files[name]

    def shown(self, notebook: str) -> list[tuple[str, list[Exercise]]]:
        """A step's exercises, file by file: ``[(file, [exercise, ...]), ...]``, none empty."""
        step = self.step(notebook)
        found = []
        for name in step.files:
            picked = [e for e in self.file_exercises(name) if step.shows(e)]
            if picked:
                found.append((name, picked))
        return found

    def file_keys(self) -> dict[str, str]:
        """Each exercise file of the path -> the key its progress is kept under."""
        return {name: file_key(name) for name in self.files()}

    def href(self, source: str, target: str) -> str:
        """The relative link from notebook ``source`` to ``target`` (both path-relative)."""
        return posixpath.relpath(target, posixpath.dirname(source) or ".")


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PathError(f"{what} must be a list of texts")
    return tuple(value)


def _titles(value: Any, where: str) -> Prompt:
    """A step's title in each language the school speaks, as an exercise's prompt is
    written (``title.en = "..."``, ``title.fr``, ``title.es``): none missing, none empty."""
    dotted = ", ".join(f"title.{language}" for language in LANGUAGES)
    if not isinstance(value, dict):
        raise PathError(f"{where} needs a title in each language: {dotted}")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise PathError(f"{where}: title.{unknown[0]} is not in a language the school speaks")
    missing = [language for language in LANGUAGES if not str(value.get(language, "")).strip()]
    if missing:
        named = ", ".join(f"title.{language}" for language in missing)
        raise PathError(f"{where} needs a title in each language: {named} missing or empty")
    if not all(isinstance(value[language], str) for language in LANGUAGES):
        raise PathError(f"{where}: each title is text")
    return Prompt(tuple((language, value[language].strip()) for language in LANGUAGES))


def _step(game: str, data: Any, number: int) -> Step:
    where = f"{game} step {number}"
    if not isinstance(data, dict) or not set(data) <= _STEP_KEYS or "notebook" not in data:
        raise PathError(f"{where}: a step has a notebook and only {sorted(_STEP_KEYS)}")
    notebook = data["notebook"]
    if not isinstance(notebook, str) or not _NOTEBOOK.fullmatch(notebook):
        raise PathError(f"{where}: the notebook must look like 'game/name.ipynb'")
    titles = _titles(data.get("title"), f"{where}: {notebook}")
    kind = data.get("kind", "lesson")
    if kind not in KINDS:
        raise PathError(f"{where}: kind must be one of {', '.join(KINDS)}")
    teaches = _strings(data.get("teaches", []), f"{where}: teaches")
    unknown = [rule for rule in teaches if rule not in RULES]
    if unknown:
        raise PathError(f"{where}: not rule ids of the rulebook: {', '.join(unknown)}")
    files = _strings(data.get("exercises", []), f"{where}: exercises")
    if any(not _FILE.fullmatch(name) for name in files):
        raise PathError(f"{where}: exercise files look like 'exercises/game/topic.toml'")
    if kind != "hand" and not files:
        raise PathError(f"{where}: a {kind} ends in exercises: name its files")
    return Step(game, notebook, titles, kind, teaches, files)


def load_path(path: str | Path) -> LearningPath:
    """Read a path file; PathError (with the step) for anything out of shape."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PathError(f"{path}: {error}") from error
    games = data.get("game")
    if set(data) != {"game"} or not isinstance(games, list):
        raise PathError(f"{path}: the file holds [[game]] tables only")
    steps: list[Step] = []
    titles: dict[str, str] = {}
    for entry in games:
        if not isinstance(entry, dict) or entry.get("name") not in GAMES:
            raise PathError(f"{path}: each [[game]] names a game of {', '.join(GAMES)}")
        titles[entry["name"]] = str(entry.get("title", entry["name"]))
        raw = entry.get("step", [])
        if not isinstance(raw, list) or not raw:
            raise PathError(f"{path}: {entry['name']} has no steps")
        steps += [_step(entry["name"], item, n) for n, item in enumerate(raw, 1)]
    names = [step.notebook for step in steps]
    if len(set(names)) != len(names):
        raise PathError(f"{path}: a notebook is listed twice")
    return LearningPath(path.parent, tuple(steps), titles)
