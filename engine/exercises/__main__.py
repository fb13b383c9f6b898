"""``python -m cardschool.engine.exercises check PATH...`` and ``coverage TUTORIAL``.

``check`` prints one line per problem (``file:line: id: what``) and exits 1, or prints a
one-line summary and exits 0; a folder that holds the learning path (``tutorial``), or whose
parent does (``tutorial/exercises``), also has the path's order checked (``order.py``).
``coverage`` prints the matrix of rule ids × lessons × exercises (see ``coverage.py``).
Exit status 2 for a wrong command line.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .check import check_paths, exercise_files
from .coverage import coverage, format_coverage
from .model import Problem
from .order import check_order

USAGE = (
    "usage: python -m cardschool.engine.exercises check PATH...\n"
    "       python -m cardschool.engine.exercises coverage TUTORIAL"
)


def _order(paths: list[str]) -> list[Problem]:
    """The path's order problems, for a folder given that holds the learning path (or whose
    parent does: ``tutorial/exercises``), each path file once."""
    found: list[Problem] = []
    seen: set[Path] = set()
    for folder in map(Path, paths):
        if not folder.is_dir():
            continue
        for path_file in (folder / "path.toml", folder.parent / "path.toml"):
            if path_file.exists() and path_file.resolve() not in seen:
                seen.add(path_file.resolve())
                found += check_order(path_file)
                break
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 2 and args[0] == "coverage":
        print(format_coverage(coverage(args[1])))
        return 0
    if len(args) < 2 or args[0] != "check":
        print(USAGE, file=sys.stderr)
        return 2
    start = time.perf_counter()
    count, problems = check_paths(args[1:])
    problems += _order(args[1:])
    for problem in problems:
        print(problem)
    files = len(exercise_files(args[1:]))
    seconds = time.perf_counter() - start
    if problems:
        print(f"{len(problems)} problem(s) in {count} exercises, {files} file(s)", file=sys.stderr)
        return 1
    print(f"ok: {count} exercises in {files} file(s), checked in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
