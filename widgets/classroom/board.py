"""The teacher's board: students × assignments, the class's tables being played, the rules
that tripped the class, CSV.

:func:`build_board` reads a class's records (the teacher key is needed) into a
:class:`Board`; :func:`board_html`, :func:`rules_svg` and :func:`board_csv` show it. The
class's shared tables whose deal is being played (issue 29.4) are listed under the work:
each table's code, game and bots' level, who sits at each seat (a student's name, or the
bots), the move to come and whose turn it is (``tables_html``); the one the teacher watches
shows its moves in words and no hand until its deal is over, then every hand as dealt and
the deal code (``watch_html``).
Every name and text from the store is escaped where it is shown; in the CSV a cell that
a spreadsheet would read as a formula is kept as text.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from cardschool.engine import dealcode, rulebook
from cardschool.engine.games import game_spec
from cardschool.engine.messages import Message, Seat, message, render
from cardschool.engine.session import HUMAN, Session

from .basics import illegal_counts
from .class_table_basics import LiveTable
from .class_table_messages import CLASS_TABLES  # noqa: F401  (the catalog registered)
from .messages import CLASSROOM  # noqa: F401  (the catalog registered)
from .record_in import CHECKING, IN_PROGRESS
from .record_messages import RECORDS  # noqa: F401  (the catalog registered)

if TYPE_CHECKING:  # annotations only: the board reads a class server's records too
    from .models import Record
    from .store import ClassStore

__all__ = [
    "CSV_COLUMNS",
    "Board",
    "Cell",
    "as_of",
    "assignment_head",
    "belongs",
    "board_csv",
    "board_html",
    "build_board",
    "csv_name",
    "result_words",
    "rule_words",
    "rules_svg",
    "seen_score",
    "tables_html",
    "watch_html",
]


@dataclass
class Cell:
    """One student's work on one assignment."""

    tries: int = 0
    result: Message | str = ""
    """How it went: a sentence, put in words where it is shown (the page's language)."""
    score: int | None = None
    stars: int | None = None
    seconds: int = 0
    solved: int = 0
    points: int | None = None
    """A deal's card points, when the game's score the student saw is not them."""
    last: datetime | None = None
    """When the latest record of this work was written."""
    live: tuple[int, int] | None = None
    """A deal's moves a kernel saw played and all the learner's moves (None: not known)."""
    counts: tuple[int, int, int] = (0, 0, 0)
    """A deal's refused moves, hints and coach uses."""
    playing: str = ""
    """A deal not ended: ``started`` (no move yet), ``playing`` or ``gave-up`` (empty: none)."""
    checking: bool = False
    """A record of this work the class server has not finished checking (not counted yet)."""

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
    deals: list[tuple[int, str, str, Message, datetime | None]] = field(default_factory=list)
    """Records that hold a deal to replay: (record id, student name, deal code, how it went
    as a sentence, when)."""
    refused: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Per student: moves a table refused, and wrong exercise answers."""
    as_of: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the board was read from the store."""
    tables: list[LiveTable] = field(default_factory=list)
    """The class's shared tables whose deal is being played (issue 29.4)."""


BOARD_CSS = (
    # each cell draws its own lines (right and below; the first column and the head the
    # others too): a collapsed table draws them itself, and scrolled sideways a hair-thin
    # strip of the table's left line showed the cells behind the sticky student column
    ".cs-board table { border-collapse: separate; border-spacing: 0; font-size: 1rem; }"
    ".cs-board th, .cs-board td { border: 0 solid #999; border-width: 0 1px 1px 0;"
    " padding: 0.25rem 0.5rem; text-align: left; }"
    ".cs-board thead th { border-top-width: 1px; }"
    ".cs-board td.cs-done { background: #e6f4ea; }"
    ".cs-board .cs-student { min-width: 8rem; max-width: 14rem; overflow-wrap: break-word; }"
    ".cs-board td { white-space: nowrap; }"
    # on a phone the table scrolls sideways in its own box, and the chart shrinks to fit
    # (the HTML widget around the board is a flex item: it may shrink below the table)
    ".widget-html-content:has(> .cs-board) { min-width: 0; flex: 1 1 auto; }"
    ".cs-board .cs-board-scroll { max-width: 100%; overflow-x: auto; }"
    # scrolled sideways, each row still says whose it is: the student column stays put
    ".cs-board tr > :first-child { position: sticky; left: 0; z-index: 1; background: #fff;"
    " border-left-width: 1px; }"
    # the chart is as wide as the board's box and never scaled: its words keep their size
    ".cs-board svg.cs-rules-chart { display: block; width: 100%; max-width: 48rem; }"
    ".cs-board svg text { font-family: sans-serif; }"
    # the CSV download reads as a link (an HTML widget's links are not styled by the page)
    ".cs-board-csv a, .cs-board-csv a:visited { color: #1a5fb4; text-decoration: underline; }"
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


def seen_score(record: Record) -> tuple[int | None, int | None]:
    """A deal record's game score as the student saw it, and its card points when they differ
    (read from the record's save; the record's own score where there is none)."""
    try:
        session = Session.from_json(record.save or "")
        result = session.game.deal_result() or {}
        seat = json.loads(record.save or "")["seats"].index(HUMAN)
        scores = list(result.get("scores") or [])
        points = list(result.get(session.spec.deal_won_by) or [])
        side = seat % len(scores)
        score, mine = int(scores[side]), int(points[seat % len(points)]) if points else None
    except (ValueError, KeyError, TypeError, IndexError, ZeroDivisionError):
        return record.score, None
    return score, (mine if mine != score else None)


def _stamp(when: datetime | None) -> datetime | None:
    """A time from the store, in UTC (SQLite hands it back without its zone)."""
    if when is None:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def build_board(store: ClassStore, code: str, key: str) -> Board:
    """The board of the class ``code`` (StoreError unless ``key`` is its teacher key).

    A record a class server is still checking (result :data:`~.record_in.CHECKING`) counts
    for nothing yet: its cell only says it is being checked."""
    school = store.open_class(code, key)
    students = store.students(code, key)
    assignments = store.assignments(code)
    live = getattr(store, "live_tables", None)  # a store without shared tables has none
    tables = list(live(code, key)) if live is not None else []
    records = store.records(code, key)  # a class server's client: its board's last read
    checking = [record for record in records if record.result == CHECKING]
    records = [record for record in records if record.result != CHECKING]
    names = dict(students)
    deals = [record for record in records if record.kind == "deal"]
    board = Board(school.title, school.code, students, assignments, rules=illegal_counts(deals))
    board.tables = tables
    for record in records:
        hints, coach = board.used.get(record.student_id, (0, 0))
        board.used[record.student_id] = (hints + record.hints, coach + record.coach)
        tried = sum(int(n) for n in json.loads(record.illegal or "{}").values())
        refused, wrong = board.refused.get(record.student_id, (0, 0))
        if record.kind == "deal":  # a table refused the move
            refused += tried
        else:  # a wrong answer to an exercise
            wrong += tried
        board.refused[record.student_id] = (refused, wrong)
        if record.kind == "deal" and record.save:
            name = names.get(record.student_id, "?")
            when = _stamp(record.finished)
            board.deals.append((record.id, name, record.target, _how_it_went(record), when))
    for ident, kind, target in assignments:
        for student, _name in students:
            cell = Cell()
            cell.checking = any(
                record.student_id == student and belongs(record, kind, target)
                for record in checking
            )
            best: dict[str, int] = {}
            for record in records:
                if record.student_id != student or not belongs(record, kind, target):
                    continue
                if record.result == "tried":  # an exercise not judged yet: not done
                    continue
                if kind == "deal":
                    tried = sum(int(n) for n in json.loads(record.illegal or "{}").values())
                    cell.counts = (tried, record.hints or 0, record.coach or 0)
                if record.result in IN_PROGRESS:  # a deal not ended (issue 26.8)
                    cell.playing = _progress(record)
                    cell.seconds = record.seconds or 0
                    cell.last = _stamp(record.finished)
                    continue
                cell.tries += 1
                cell.seconds += record.seconds or 0
                cell.last = _stamp(record.finished)
                if kind == "deal":  # the latest finished deal is the one shown
                    cell.result = message(f"classroom:board.result.{record.result}")
                    cell.score, cell.points = seen_score(record)
                    if record.moves is not None and record.live is not None:
                        cell.live = (record.live, record.moves)
                    if record.moves and not record.live:  # a save replayed, nothing played
                        restored = message("classroom:board.restored")
                        cell.result, cell.score, cell.points = restored, None, None
                else:
                    exercise = record.target.partition("#")[2]
                    best[exercise] = max(best.get(exercise, 0), record.stars or 0)
            if kind != "deal" and best:
                cell.stars = sum(best.values())
                cell.solved = sum(1 for stars in best.values() if stars > 0)
                cell.result = message("classroom:board.solved", count=cell.solved)
            board.cells[(student, ident)] = cell
    return board


def _how_it_went(record: Record) -> Message:
    """A deal record's result as the board says it (never the store's own value)."""
    if record.result in IN_PROGRESS:  # a deal not ended (issue 26.8)
        return message(f"classroom:board.{_progress(record)}")
    if record.moves and not record.live:  # a save replayed, nothing played here
        return message("classroom:board.restored")
    return message(f"classroom:board.result.{record.result}")  # won, lost, tied


def _progress(record: Record) -> str:
    """How far a deal not ended went: started (no move yet), playing or gave up."""
    if record.result == "gave up":
        return "gave-up"
    return "playing" if record.moves else "started"


def _minutes(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def _say(id: str, **params: object) -> str:
    """The board's sentence ``classroom:board.<id>`` in words."""
    return render(message(f"classroom:board.{id}", **params))


def _counts_text(cell: Cell) -> list[str]:
    """A deal's refused moves, hints and coach uses, those there were, in words."""
    refused, hints, coach = cell.counts
    return [
        _say(id, count=count)
        for id, count in (("cell-refused", refused), ("cell-hints", hints), ("cell-coach", coach))
        if count
    ]


def result_words(cell: Cell) -> str:
    """How a cell's work went, in the words of the language spoken now ("" when not done)."""
    return cell.result if isinstance(cell.result, str) else render(cell.result)


def _cell_text(cell: Cell) -> str:
    """A cell's work in words; a record still being checked said last."""
    shown = _work_text(cell)
    if not cell.checking:
        return shown
    return _say("checking") if shown == "—" else f"{shown}, {_say('checking')}"


def _work_text(cell: Cell) -> str:
    """A cell's work stored, in words ("—" when none)."""
    if cell.playing:  # a deal not ended: how far, with its counts (issue 26.8)
        return ", ".join([_say(cell.playing), *_counts_text(cell), _minutes(cell.seconds)])
    if not cell.done:
        return "—"
    parts = [result_words(cell)]
    if cell.score is not None:
        parts.append(_say("score", score=cell.score))
    if cell.points is not None:
        parts.append(_say("points", points=cell.points))
    if cell.stars is not None:
        parts.append(f"{cell.stars}★")
    if cell.live is not None and cell.live[1] and not cell.live[0]:
        return ", ".join([*parts, *_counts_text(cell)])  # restored: no time was spent here
    if cell.live is not None and cell.live[0] < cell.live[1]:
        parts.append(_say("live", live=cell.live[0], moves=cell.live[1]))
    parts.append(_minutes(cell.seconds))
    if cell.tries > 1:
        parts.append(_say("tries", count=cell.tries))
    return ", ".join([*parts, *_counts_text(cell)])


def assignment_head(kind: str, target: str) -> str:
    """An assignment's column head in words: its game and the bots' level, or its file."""
    if kind != "deal":
        return _say("head-exercises")
    try:
        deal = dealcode.read(target)
        game = game_spec(deal.game).title
    except ValueError:
        return _say("head-deal-unknown")
    return _say("head-deal", game=game, level=_say(f"level.{deal.level}"))


def as_of(when: datetime) -> str:
    """A time as the board gives it: ``22:14 UTC``."""
    return f"{when.astimezone(UTC):%H:%M} UTC"


def board_html(board: Board) -> str:
    """The board as an HTML table (every name escaped), then the rules chart."""
    e = html.escape
    head = "".join(
        f"<th scope='col'>{n}. {e(assignment_head(kind, target))}<br><code>{e(target)}</code></th>"
        for n, (_i, kind, target) in enumerate(board.assignments, 1)
    )
    rows = []
    for student, name in board.students:
        cells = []
        for ident, _kind, _target in board.assignments:
            cell = board.cells.get((student, ident), Cell())
            mark = " class='cs-done'" if cell.done else ""
            mark = " class='cs-playing'" if cell.playing and not cell.done else mark
            mark = " class='cs-checking'" if cell.checking and not mark else mark
            cells.append(f"<td{mark}>{e(_cell_text(cell))}</td>")
        hints, coach = board.used.get(student, (0, 0))
        refused, wrong = board.refused.get(student, (0, 0))
        rows.append(
            f"<tr><th scope='row' class='cs-student'>{e(name)}</th>{''.join(cells)}"
            f"<td class='cs-refused'>{refused}</td><td class='cs-wrong'>{wrong}</td>"
            f"<td>{hints}</td><td>{coach}</td></tr>"
        )
    if not rows:
        rows.append(
            f"<tr><td colspan='{len(board.assignments) + 5}'>{e(_say('no-student'))}</td></tr>"
        )
    tails = "".join(
        f"<th scope='col'>{e(_say(id))}</th>" for id in ("refused", "wrong", "hints", "coach")
    )
    return (
        f"<div class='cs-board'><style>{BOARD_CSS}</style>"
        f"<h3>{e(_say('heading', title=board.title, code=board.code))}</h3>"
        f"<p class='cs-board-as-of' role='status'>{e(_say('as-of', time=as_of(board.as_of)))}</p>"
        f"<div class='cs-board-scroll'><table><thead><tr><th scope='col'>{e(_say('student'))}</th>"
        f"{head}{tails}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        f"{tables_html(board.tables)}"
        f"<h4>{e(_say('chart'))}</h4>{rules_svg(board.rules)}</div>"
    )


def _who(table: LiveTable, number: int) -> str:
    """Who is at a seat of a live table, in words: the student, the bots, or the student
    with the bots playing for them."""
    seat = table.seats[number]
    if seat.student is None:
        return _say("table-bot")
    if seat.bot:
        return _say("table-away", name=seat.student)
    return seat.student


def _seat_words(table: LiveTable, number: int) -> str:
    """A seat of a live table and who is there, in words."""
    who = _who(table, number)
    names = game_spec(table.game).seat_names
    return render(message("classroom:board.table-seat", seat=Seat(number), who=who), names)


def tables_html(tables: list[LiveTable]) -> str:
    """The class's tables being played, as an HTML table (every name escaped)."""
    e = html.escape
    heading = f"<h4>{e(_say('tables'))}</h4>"
    if not tables:
        return f"{heading}<p class='cs-no-tables'>{e(_say('no-tables'))}</p>"
    heads = "".join(
        f"<th scope='col'>{e(_say(id))}</th>"
        for id in ("table", "table-game", "table-seats", "table-move", "table-turn")
    )
    rows = []
    for table in tables:
        game = _say(
            "head-deal", game=game_spec(table.game).title, level=_say(f"level.{table.level}")
        )
        seats = "<br>".join(e(_seat_words(table, seat.number)) for seat in table.seats)
        turn = "" if table.to_move is None else e(_seat_words(table, table.to_move))
        rows.append(
            f"<tr data-table='{e(table.code, quote=True)}'><th scope='row'><code>{e(table.code)}"
            f"</code></th><td>{e(game)}</td><td>{seats}</td><td>{table.next}</td>"
            f"<td>{turn}</td></tr>"
        )
    return (
        f"{heading}<div class='cs-board-scroll cs-live-tables'><table><thead><tr>{heads}</tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def rule_words(rule: str) -> str:
    """A rule as the chart names it: the rulebook's title (its id when the rulebook has none)."""
    try:
        return rulebook.title(rule)
    except KeyError:
        return rule


CHART_FONT = 16
"""The chart's words in px: the SVG is never scaled, so they stay this size on a phone."""
CHART_WRAP = 34
"""Characters on one line of a rule's title in the chart (one phone width at CHART_FONT)."""


def _lines(words: str, width: int = CHART_WRAP) -> list[str]:
    """``words`` cut at spaces into lines of at most ``width`` characters (a longer word alone)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def rules_svg(counts: dict[str, int]) -> str:
    """A bar chart of refused moves per rule, by the rule's title, readable when projected
    and on a phone: each title over its bar, the bars in percent of the chart's width."""
    if not counts:
        return f"<p>{html.escape(_say('no-refused'))}</p>"
    top = max(counts.values())
    line, bar, gap = CHART_FONT + 4, CHART_FONT, 12
    rows, y = [], 0
    for rule, count in counts.items():
        title = _lines(rule_words(rule))
        texts = "".join(
            f"<text x='0' y='{y + (n + 1) * line - 5}' font-size='{CHART_FONT}'>"
            f"{html.escape(words)}</text>"
            for n, words in enumerate(title)
        )
        y += line * len(title) + 3
        length = max(0.5, 80 * count / top)  # percent: the count's words fit after it
        rows.append(
            f"<g><title>{html.escape(rule)}</title>{texts}"
            f"<rect x='0' y='{y}' width='{length:.1f}%' height='{bar}' fill='#2f6f9f'/>"
            f"<text x='{length:.1f}%' dx='8' y='{y + bar - 3}' font-size='{CHART_FONT}'>"
            f"{count}</text></g>"
        )
        y += bar + gap
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-rules-chart' role='img' "
        f"aria-label='{html.escape(_say('chart'), quote=True)}' width='100%' "
        f"height='{y}'>{''.join(rows)}</svg>"
    )


def _safe(value: object) -> object:
    """A text cell a spreadsheet would read as a formula, kept as text; numbers as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return f"'{value}"
    return "" if value is None else value


CSV_COLUMNS = (
    "class", "class-code", "as-of", "student", "assignment", "kind", "target", "done",
    "result", "score", "card-points", "stars", "seconds", "tries", "recorded",
    "refused-moves", "wrong-answers", "hints", "coach", "deal-refused", "deal-hints", "deal-coach",
)  # fmt: skip
"""The CSV's columns in order, each header the message ``classroom:csv.<column>``."""


_DONE = {True: "yes", False: "no"}
"""The done column's words, by whether the work is done (``classroom:csv.<word>``)."""


def board_csv(board: Board) -> str:
    """The board as CSV: one row per student and assignment, with the class's title and code,
    the time the board was read and the time of each cell's latest record (formulas as text);
    the student's refused moves, hints and coach uses over all work, then on that deal."""
    out = io.StringIO()
    writer = csv.writer(out)
    # the headers in the language the page speaks, the columns in the same order in each
    writer.writerow([render(message(f"classroom:csv.{column}")) for column in CSV_COLUMNS])
    done = {flag: render(message(f"classroom:csv.{word}")) for flag, word in _DONE.items()}
    read = board.as_of.astimezone(UTC).isoformat(timespec="seconds")
    for student, name in board.students:
        hints, coach = board.used.get(student, (0, 0))
        refused, wrong = board.refused.get(student, (0, 0))
        for n, (ident, kind, target) in enumerate(board.assignments, 1):
            cell = board.cells.get((student, ident), Cell())
            when = cell.last.astimezone(UTC).isoformat(timespec="seconds") if cell.last else ""
            row = [board.title, board.code, read, name, n, kind, target,
                   done[cell.done],
                   _csv_result(cell), cell.score,
                   cell.points, cell.stars, cell.seconds, cell.tries, when, refused, wrong, hints,
                   coach, *cell.counts]  # fmt: skip
            writer.writerow([_safe(value) for value in row])
    return out.getvalue()


def _csv_result(cell: Cell) -> str:
    """The CSV's result: how the work went, else how far a deal went, else that a record is
    being checked."""
    if result_words(cell):
        return result_words(cell)
    if cell.playing:
        return _say(cell.playing)
    return _say("checking") if cell.checking else ""


def csv_name(board: Board) -> str:
    """The CSV's file name, with the class code and the day it was read (UTC).


    ``class-K7RT2Q-2026-12-03.csv``
    """
    return f"class-{board.code}-{board.as_of.astimezone(UTC):%Y-%m-%d}.csv"


def watch_html(view: Mapping[str, Any]) -> str:
    """The teacher's view of a class's table (``ClassTables.watch``) as HTML, every name
    escaped: who sits where, the moves in words, whose turn it is; no hand until the deal is
    over, then every hand as dealt and the deal code."""
    e = html.escape
    table = LiveTable.from_dict(view)
    game = _say("head-deal", game=game_spec(table.game).title, level=_say(f"level.{table.level}"))
    parts = [f"<h4>{e(_say('watch-heading', code=table.code, game=game))}</h4>"]
    parts.append(
        "<ul class='cs-watch-seats'>"
        + "".join(f"<li>{e(_seat_words(table, seat.number))}</li>" for seat in table.seats)
        + "</ul>"
    )
    if view.get("over"):
        parts.append(f"<p role='status'>{e(_say('watch-over', code=view.get('deal_code')))}</p>")
        names = game_spec(table.game).seat_names
        hands = ""
        for number, hand in enumerate(view.get("hands") or []):
            cards = " ".join(map(str, hand))
            said = message("classroom:board.table-seat", seat=Seat(number), who=cards)
            hands += f"<li>{e(render(said, names))}</li>"
        parts.append(f"<h5>{e(_say('watch-hands'))}</h5><ul class='cs-watch-hands'>{hands}</ul>")
    else:
        if table.to_move is not None:
            seat, who = Seat(table.to_move), _who(table, table.to_move)
            said = message("classroom:board.watch-turn", number=table.next, seat=seat, who=who)
            turn = render(said, game_spec(table.game).seat_names)
            parts.append(f"<p role='status'>{e(turn)}</p>")
        parts.append(f"<p class='cs-watch-hidden'>{e(_say('watch-hidden'))}</p>")
    moves = [str(move.get("said") or move.get("move") or "") for move in view.get("moves") or []]
    listed = "".join(f"<li>{e(said)}</li>" for said in moves)
    shown = (
        f"<ol class='cs-watch-moves'>{listed}</ol>"
        if moves
        else f"<p>{e(_say('watch-no-move'))}</p>"
    )
    parts.append(f"<h5>{e(_say('watch-moves'))}</h5>{shown}")
    return f"<div class='cs-board cs-watch'>{''.join(parts)}</div>"
