"""The teacher's board: students × assignments, the rules that tripped the class, CSV.

:func:`build_board` reads a class's records (the teacher key is needed) into a
:class:`Board`; :func:`board_html`, :func:`rules_svg` and :func:`board_csv` show it.
Every name and text from the store is escaped where it is shown; in the CSV a cell that
a spreadsheet would read as a formula is kept as text.
"""

from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass, field

from .models import Record
from .store import ClassStore, illegal_counts

__all__ = ["Board", "Cell", "belongs", "board_csv", "board_html", "build_board", "rules_svg"]


@dataclass
class Cell:
    """One student's work on one assignment."""

    tries: int = 0
    result: str = ""
    score: int | None = None
    stars: int | None = None
    seconds: int = 0
    solved: int = 0

    @property
    def done(self) -> bool:
        """True once a deal was finished or an exercise of the file solved."""
        return self.tries > 0


@dataclass
class Board:
    """A class's work as the teacher sees it."""

    title: str
    code: str
    students: list[tuple[int, str]]
    assignments: list[tuple[int, str, str]]
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    rules: dict[str, int] = field(default_factory=dict)
    used: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Per student: hints and coach opened, over all records."""
    deals: list[tuple[int, str, str, str]] = field(default_factory=list)
    """Records that hold a deal to replay: (record id, student name, deal code, result)."""


BOARD_CSS = (
    ".cs-board table { border-collapse: collapse; font-size: 1rem; }"
    ".cs-board th, .cs-board td { border: 1px solid #999; padding: 0.25rem 0.5rem;"
    " text-align: left; }"
    ".cs-board td.cs-done { background: #e6f4ea; }"
    ".cs-board .cs-student { min-width: 8rem; max-width: 14rem; overflow-wrap: break-word; }"
    ".cs-board td { white-space: nowrap; }"
    # on a phone the table scrolls sideways in its own box, and the chart shrinks to fit
    # (the HTML widget around the board is a flex item: it may shrink below the table)
    ".widget-html-content:has(> .cs-board) { min-width: 0; flex: 1 1 auto; }"
    ".cs-board .cs-board-scroll { max-width: 100%; overflow-x: auto; }"
    ".cs-board svg { max-width: 100%; height: auto; }"
    ".cs-board svg text { font-family: sans-serif; }"
    # a student's deal replayed for the class: the replay's controls and Large, no more
    ".cs-teacher-replay .cs-tools > :not([data-action='large']),"
    " .cs-teacher-replay .cs-code-about,"
    " .cs-teacher-replay [data-action='replay-close'] { display: none; }"
)
"""The board's look, sent with it (the teacher's page has no stylesheet of its own)."""


def belongs(record: Record, kind: str, target: str) -> bool:
    """True when ``record`` is work on the assignment of this kind and target."""
    if record.kind != kind:
        return False
    return record.target == target if kind == "deal" else record.target.startswith(f"{target}#")


def build_board(store: ClassStore, code: str, key: str) -> Board:
    """The board of the class ``code`` (StoreError unless ``key`` is its teacher key)."""
    school = store.open_class(code, key)
    students = store.students(code, key)
    assignments = store.assignments(code)
    records = store.records(code, key)
    names = dict(students)
    board = Board(school.title, school.code, students, assignments, rules=illegal_counts(records))
    for record in records:
        hints, coach = board.used.get(record.student_id, (0, 0))
        board.used[record.student_id] = (hints + record.hints, coach + record.coach)
        if record.kind == "deal" and record.save:
            name = names.get(record.student_id, "?")
            board.deals.append((record.id, name, record.target, record.result))
    for ident, kind, target in assignments:
        for student, _name in students:
            cell = Cell()
            best: dict[str, int] = {}
            for record in records:
                if record.student_id != student or not belongs(record, kind, target):
                    continue
                cell.tries += 1
                cell.seconds += record.seconds or 0
                if kind == "deal":  # the latest finished deal is the one shown
                    cell.result, cell.score = record.result, record.score
                else:
                    exercise = record.target.partition("#")[2]
                    best[exercise] = max(best.get(exercise, 0), record.stars or 0)
            if kind != "deal" and best:
                cell.stars = sum(best.values())
                cell.solved = sum(1 for stars in best.values() if stars > 0)
                cell.result = f"{cell.solved} solved"
            board.cells[(student, ident)] = cell
    return board


def _minutes(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def _cell_text(cell: Cell) -> str:
    if not cell.done:
        return "—"
    parts = [cell.result]
    if cell.score is not None:
        parts.append(f"{cell.score} pts")
    if cell.stars is not None:
        parts.append(f"{cell.stars}★")
    parts.append(_minutes(cell.seconds))
    if cell.tries > 1:
        parts.append(f"{cell.tries} tries")
    return ", ".join(parts)


def board_html(board: Board) -> str:
    """The board as an HTML table (every name escaped), then the rules chart."""
    e = html.escape
    head = "".join(
        f"<th scope='col'>{n}. {e(kind)}<br><code>{e(target)}</code></th>"
        for n, (_i, kind, target) in enumerate(board.assignments, 1)
    )
    rows = []
    for student, name in board.students:
        cells = []
        for ident, _kind, _target in board.assignments:
            cell = board.cells.get((student, ident), Cell())
            mark = " class='cs-done'" if cell.done else ""
            cells.append(f"<td{mark}>{e(_cell_text(cell))}</td>")
        hints, coach = board.used.get(student, (0, 0))
        rows.append(
            f"<tr><th scope='row' class='cs-student'>{e(name)}</th>{''.join(cells)}"
            f"<td>{hints}</td><td>{coach}</td></tr>"
        )
    if not rows:
        rows.append(f"<tr><td colspan='{len(board.assignments) + 3}'>No student yet.</td></tr>")
    return (
        f"<div class='cs-board'><style>{BOARD_CSS}</style>"
        f"<h3>{e(board.title)} (class {e(board.code)})</h3><div class='cs-board-scroll'>"
        f"<table><thead><tr><th scope='col'>Student</th>{head}<th scope='col'>Hints</th>"
        f"<th scope='col'>Coach</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        f"<h4>Illegal moves tried, by rule</h4>{rules_svg(board.rules)}</div>"
    )


def rules_svg(counts: dict[str, int]) -> str:
    """A bar chart of illegal attempts per rule id, readable when projected (escaped)."""
    if not counts:
        return "<p>No illegal move was tried.</p>"
    top = max(counts.values())
    bar_height, label_width, width = 34, 260, 640
    rows = []
    for n, (rule, count) in enumerate(counts.items()):
        y = n * bar_height
        length = max(4, round((width - label_width - 60) * count / top))
        rows.append(
            f"<text x='{label_width - 10}' y='{y + 23}' text-anchor='end' font-size='18'>"
            f"{html.escape(rule)}</text>"
            f"<rect x='{label_width}' y='{y + 6}' width='{length}' height='{bar_height - 10}' "
            f"fill='#2f6f9f'/><text x='{label_width + length + 8}' y='{y + 23}' "
            f"font-size='18'>{count}</text>"
        )
    height = bar_height * len(counts)
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-rules-chart' role='img' "
        f"aria-label='Illegal moves tried, by rule id' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}'>{''.join(rows)}</svg>"
    )


def _safe(value: object) -> object:
    """A text cell a spreadsheet would read as a formula, kept as text; numbers as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return f"'{value}"
    return "" if value is None else value


def board_csv(board: Board) -> str:
    """The board as CSV: one row per student and assignment (formulas kept as text)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["student", "assignment", "kind", "target", "done", "result", "score", "stars",
         "seconds", "tries", "hints", "coach"]
    )  # fmt: skip
    for student, name in board.students:
        hints, coach = board.used.get(student, (0, 0))
        for n, (ident, kind, target) in enumerate(board.assignments, 1):
            cell = board.cells.get((student, ident), Cell())
            row = [name, n, kind, target, "yes" if cell.done else "no", cell.result,
                   cell.score, cell.stars, cell.seconds, cell.tries, hints, coach]  # fmt: skip
            writer.writerow([_safe(value) for value in row])
    return out.getvalue()
