"""Which rules are practised where: the matrix of rule ids × lessons × exercises.

``python -m cardschool.engine.exercises coverage TUTORIAL`` reads every exercise file under
``TUTORIAL/exercises`` and every lesson notebook under ``TUTORIAL`` that shows one (a
``exercises("...")`` call in a code cell, or a step of the learning path
``TUTORIAL/path.toml`` that shows exercises practising the rule), and prints one line per
rule id of the rulebook: how many exercises practise it, in which files, and which lessons
show those files.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ..learning_path import load_path
from ..rulebook import RULES
from .check import exercise_files
from .load import load_file

__all__ = ["Coverage", "coverage", "format_coverage"]

_SHOWN = re.compile(r"""exercises\(\s*["']([^"']+)["']""")


@dataclass(frozen=True, slots=True)
class Coverage:
    """One rule id: the exercises that practise it, their files, the lessons showing them."""

    rule: str
    exercises: tuple[str, ...]
    files: tuple[str, ...]
    lessons: tuple[str, ...]


def _lessons_by_file(tutorial: Path) -> dict[Path, set[str]]:
    """Each exercise file (resolved) -> the notebooks whose code cells show it."""
    shown: dict[Path, set[str]] = defaultdict(set)
    for notebook in sorted(tutorial.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        cells = json.loads(notebook.read_text()).get("cells", [])
        for cell in cells:
            if cell.get("cell_type") != "code":
                continue
            for path in _SHOWN.findall("".join(cell.get("source", []))):
                target = (notebook.parent / path).resolve()
                shown[target].add(str(notebook.relative_to(tutorial)))
    return shown


def _lessons_by_rule(tutorial: Path) -> dict[str, set[str]]:
    """Each rule id -> the steps of the learning path whose exercises practise it."""
    found: dict[str, set[str]] = defaultdict(set)
    if not (tutorial / "path.toml").exists():
        return found
    path = load_path(tutorial / "path.toml")
    for step in path.steps:
        for _file, group in path.shown(step.notebook):
            for exercise in group:
                for rule in exercise.rules:
                    found[rule].add(step.notebook)
    return found


def coverage(tutorial: str | Path) -> list[Coverage]:
    """Every rule id of the rulebook with its exercises, files and lessons (maybe none)."""
    tutorial = Path(tutorial)
    lessons = _lessons_by_file(tutorial)
    on_path = _lessons_by_rule(tutorial)
    found: dict[str, list[tuple[str, Path]]] = defaultdict(list)
    for path in exercise_files([tutorial / "exercises"]):
        for exercise in load_file(path):
            for rule in exercise.rules:
                found[rule].append((exercise.id, path))
    rows = []
    for rule in RULES:
        pairs = found.get(rule, [])
        files = sorted({path for _id, path in pairs})
        shown = {lesson for path in files for lesson in lessons.get(path.resolve(), ())}
        shown = sorted(shown | on_path.get(rule, set()))
        names = tuple(str(path.relative_to(tutorial)) for path in files)
        rows.append(Coverage(rule, tuple(ident for ident, _ in pairs), names, tuple(shown)))
    return rows


def format_coverage(rows: list[Coverage]) -> str:
    """The matrix as aligned text, then one line of totals."""
    width = max(len(row.rule) for row in rows)
    lines = [f"{'rule id':{width}}  exercises  lessons  files"]
    for row in rows:
        lessons = ", ".join(row.lessons) or "-"
        files = ", ".join(row.files) or "-"
        lines.append(f"{row.rule:{width}}  {len(row.exercises):9d}  {lessons}  {files}")
    practised = sum(1 for row in rows if row.exercises)
    in_lessons = sum(1 for row in rows if row.lessons)
    lines.append(
        f"{practised} of {len(rows)} rule ids practised by exercises; "
        f"{in_lessons} shown in a lesson"
    )
    return "\n".join(lines)
