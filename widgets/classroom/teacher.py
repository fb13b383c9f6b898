"""The teacher's page: create a class, give it assignments, open the board and replays.

The class code and teacher key are shown once, when the class is made; the key is kept
only hashed. Everything after that needs the code and the key: the board (students ×
assignments, the class's shared tables being played, the rules chart, hints and coach
used, a CSV), new assignments, shared tables opened for the class (a game, the bots' level,
the seats kept for students, how many tables: one deal for all, ``class_tables.py``), any
of the class's tables being played watched (its moves, no hand until its deal is over:
``board.watch_html``), and any student's finished deal opened on a table as a replay, every
hand face up at the end.
"""

from __future__ import annotations

import dataclasses
import html
import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import ipywidgets

from cardschool.engine import dealcode
from cardschool.engine.errors import Told, said_of
from cardschool.engine.exercises import file_key
from cardschool.engine.games import GAMES, game_spec
from cardschool.engine.messages import Message, message, seat_label
from cardschool.engine.protocol import LEVELS
from cardschool.engine.session import HUMAN, Session

from ..intents import ReplayIntent
from ..picture import Marks
from ..practice import level_options, table_for
from ..replaying import TableReplays
from ..speaking import language_bar
from ..state import TableState
from ..together_messages import TOGETHER  # noqa: F401  (the coach box's words)
from .basics import StoreError
from .board import Board, board_csv, board_html, build_board, csv_name, watch_html
from .class_table_basics import MOST_TABLES
from .copying import CopyText
from .files import load_exercises
from .keys import Refused
from .people import StudentTools
from .reaching import opened_on_first_use, store_here
from .words import Words

__all__ = ["TeacherPage", "deal_assignment", "teacher"]

log = logging.getLogger(__name__)


class AssignmentRefused(Told, ValueError):
    """An assignment the teacher typed cannot be given (``.said``: a clause saying why)."""


def deal_assignment(code: str, level: str) -> str:
    """A deal code as handed out: the same deal with the bots at ``level`` (ValueError if bad)."""
    deal = dealcode.read(code)
    if level not in dealcode.CODE_LEVELS:
        levels = ", ".join(dealcode.CODE_LEVELS)  # the levels' ids, as codes carry them
        raise AssignmentRefused(message("classroom:teach.levels", levels=levels))
    rules = dealcode.rules_from_variants(game_spec(deal.game).rules_type, deal.variants)
    return dealcode.encode(deal.game, deal.seed, rules, level)


def _said(id: str, **params: object) -> Message:
    """The message ``classroom:teach.<id>``."""
    return message(f"classroom:teach.{id}", **params)


class BoardReplays(TableReplays):
    """The replay of a student's deal on the teacher's page: it has no Close and nothing is
    played on after it, so its line says what it is (``classroom:teach.replay-seen``) rather
    than the learner's "close it to play on"."""

    def frame(self, marks: Marks) -> TableState:
        """The frame as a table's replay draws it, under the board's own line."""
        state = super().frame(marks)
        replay = self.replay
        opened = replay is not None and replay.frames[-1].game.deal_over  # every hand shown
        said = _said("replay-open" if opened else "replay-seen")
        return dataclasses.replace(state, prompt=self._table.words(said))


class TeacherPage(Words, ipywidgets.VBox):
    """Create a class; open its board with the code and the teacher key. The language
    switch stands above it; on a language intent every word is said again, what the
    teacher typed and the board shown kept."""

    def __init__(
        self, store: Callable[[], Any] = store_here, exercises: str | Path = "exercises"
    ) -> None:
        self._open_store = store
        self._store: Any = None
        self.exercises = Path(exercises)
        self._opened: tuple[str, str] | None = None
        self.board: Board | None = None
        self.csv = ""
        """The board as CSV text (also offered as a download link)."""
        self.table: Any = None
        """The replay table on show, or None."""
        self._watched: dict[str, Any] | None = None
        """The teacher's view of the table watched last, or None."""
        self._lines: dict[str, tuple[Message, str] | None] = {}
        """What each line of the page says (a message and its kind), to say it again."""
        self.language = language_bar()
        """The language switch, above the page (a speaking widget: the page follows it)."""
        self.language.respoken.append(self.speak_again)
        text = ipywidgets.Layout(width="22rem", max_width="100%")
        self.title_box = ipywidgets.Text(layout=text)
        self.create_button = ipywidgets.Button(button_style="primary")
        self.created = ipywidgets.HTML()
        self.code_made = CopyText(_said("code-made"), kind="cs-class-code-made")
        """The new class's code, with a Copy button."""
        self.key_made = CopyText(_said("key"), kind="cs-teacher-key-made")
        """The new class's teacher key, shown this once, with a Copy button."""
        self.code_box = ipywidgets.Text(layout=text)
        self.key_box = ipywidgets.Password(layout=text)
        self.open_button = ipywidgets.Button()
        self.message = ipywidgets.HTML()
        """The line about the class and the board (made, opened, refused)."""
        self.tool_message = ipywidgets.HTML()
        """The line about the last assignment added or replay asked for, under their buttons."""
        self.board_view = ipywidgets.HTML()
        self.refresh_button = ipywidgets.Button()
        self.refresh_button.add_class("cs-board-refresh")
        self.people = StudentTools(self)
        """Rename or remove a student."""
        self.kind_box = ipywidgets.Dropdown(options=[("", "deal"), ("", "exercises")])
        self.target_box = ipywidgets.Text()
        # a deal's bots' level; an exercise file has no bots
        self.level_box = ipywidgets.Dropdown(options=[("", name) for name in LEVELS], value="basic")
        self.add_button = ipywidgets.Button()
        # wide enough for a whole choice (who, which deal, how it went, when)
        self.deals = ipywidgets.Dropdown(
            options=[], layout=ipywidgets.Layout(width="100%", max_width="34rem")
        )
        self.replay_button = ipywidgets.Button()
        # the class's tables being played, and the one watched (issue 29.4)
        self.live_tables = ipywidgets.Dropdown(
            options=[], layout=ipywidgets.Layout(width="100%", max_width="34rem")
        )
        self.watch_button = ipywidgets.Button()
        self.watch_view = ipywidgets.HTML()
        """The table watched: its moves, no hand until its deal is over."""
        # tables opened for the class: a game, its bots, the students' seats, how many
        self.open_heading = ipywidgets.HTML()
        self.open_game = ipywidgets.Dropdown(
            options=[(spec.title, name) for name, spec in GAMES.items()], layout=_fitting()
        )
        self.open_level = ipywidgets.Dropdown(
            options=[("", name) for name in LEVELS], value="basic", layout=_fitting()
        )
        self.open_seats = ipywidgets.SelectMultiple(options=[], rows=4, layout=_fitting())
        self.open_count = ipywidgets.BoundedIntText(
            value=1, min=1, max=MOST_TABLES, layout=_fitting()
        )
        self.open_coach = ipywidgets.Checkbox(value=True, indent=False, layout=_fitting())
        """Whether the students may open their coach at the tables opened (off: a match)."""
        self.open_tables_button = ipywidgets.Button()
        self.replay_area = ipywidgets.VBox()
        self.replay_area.add_class("cs-teacher-replay")  # the board's style hides the tools
        self.tools = ipywidgets.VBox(
            [
                self.refresh_button,
                self.board_view,
                self.open_heading,
                _row(
                    self.open_game,
                    self.open_level,
                    self.open_seats,
                    self.open_count,
                    self.open_coach,
                    self.open_tables_button,
                ),
                _row(self.live_tables, self.watch_button),
                self.watch_view,
                self.people,
                _row(self.kind_box, self.target_box, self.level_box, self.add_button),
                _row(self.deals, self.replay_button),
                self.tool_message,
                self.replay_area,
            ],
            layout=ipywidgets.Layout(display="none"),
        )
        self.create_button.on_click(lambda _b: self.create_class())
        self.open_button.on_click(lambda _b: self.open_board())
        self.add_button.on_click(lambda _b: self.add_assignment())
        self.replay_button.on_click(lambda _b: self.open_replay())
        self.watch_button.on_click(lambda _b: self.watch_table())
        self.open_tables_button.on_click(lambda _b: self.open_tables())
        self.open_game.observe(lambda _change: self._show_seats(everyone=True), names="value")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.kind_box.observe(lambda _change: self._show_level(), names="value")
        _whole_words(
            self.title_box, self.code_box, self.key_box, self.kind_box, self.level_box, self.deals
        )
        _whole_words(self.create_button, self.open_button, self.add_button, self.replay_button)
        _whole_words(self.live_tables, self.watch_button, self.open_tables_button)
        _whole_words(self.open_game, self.open_level, self.open_seats, self.open_count)
        self.new_class_heading = ipywidgets.HTML()
        self.board_heading = ipywidgets.HTML()
        self._draw_words()
        super().__init__(
            [
                self.language,
                self.new_class_heading,
                _row(self.title_box, self.create_button),
                self.code_made,
                self.key_made,
                self.created,
                self.board_heading,
                _row(self.code_box, self.key_box, self.open_button),
                self.message,
                self.tools,
            ]
        )

    def _draw_words(self) -> None:
        """Every label, button, choice and heading of the page in the language spoken now
        (what is typed and chosen stays)."""
        say = self._say
        self.new_class_heading.value = f"<h3>{html.escape(say('new-class'))}</h3>"
        self.board_heading.value = f"<h3>{html.escape(say('board'))}</h3>"
        self.title_box.description = say("title")
        self.create_button.description = say("create")
        self.code_box.description = say("code")
        self.key_box.description = say("key")
        self.open_button.description = say("open")
        self.refresh_button.description = self.words(message("classroom:board.refresh"))
        self.kind_box.description = say("kind")
        _relabel(self.kind_box, [(say("kind-deal"), "deal"), (say("kind-exercises"), "exercises")])
        self.target_box.placeholder = self._example_target()
        self.level_box.description = say("bots")
        _relabel(self.level_box, level_options())
        self.add_button.description = say("add")
        self.deals.description = say("deal")
        self.replay_button.description = say("replay")
        self.live_tables.description = self.words(message("classroom:board.watch-table"))
        self.watch_button.description = self.words(message("classroom:board.watch"))
        board_words = {  # plain text: a widget's description is never read as HTML
            id: self.words(message(f"classroom:board.{id}"))
            for id in ("open-heading", "open-help", "open-game", "open-seats", "open-count")
        }
        self.open_heading.value = (
            f"<h4>{html.escape(board_words['open-heading'])}</h4>"
            f"<p class='cs-open-help'>{html.escape(board_words['open-help'])}</p>"
        )
        self.open_game.description = board_words["open-game"]
        self.open_level.description = self.words(message("classroom:board.open-bots"))
        _relabel(self.open_level, level_options())
        self.open_count.description = board_words["open-count"]
        self.open_seats.description = board_words["open-seats"]
        self.open_coach.description = self.words(message("table:together.coach-allowed"))
        self.open_tables_button.description = self.words(message("classroom:board.open"))
        self._show_seats()

    def speak_again(self) -> None:
        """The page speaks another language: every word said again, the typed text, the
        choices, the lines and the board shown kept (the board is not read again)."""
        self._draw_words()
        self.code_made.speak_again()
        self.key_made.speak_again()
        for name, shown in self._lines.items():
            if shown is not None:
                self._put(name, *shown)
        if self.board is not None:
            self._show_board()
        self.people.speak_again()

    def _say(self, id: str, **params: object) -> str:
        """The words of ``classroom:teach.<id>``."""
        return self.words(_said(id, **params))

    def _put(self, name: str, said: Message, kind: str = "info") -> None:
        """Show a line of the page in the widget ``name`` (``created``, ``message``,
        ``tool_message``; ``kind``: info, error or created), escaped, and keep what it says
        to say it again in another language."""
        self._lines[name] = (said, kind)
        text = html.escape(self.words(said))
        if kind == "created":  # the key is shown once: write it down
            line = f"<p class='cs-teacher-created'>{text}</p>"
        else:
            line = f"<p class='cs-teacher-{kind}' role='status'>{text}</p>"
        getattr(self, name).value = line

    def _clear(self, name: str) -> None:
        """The line of the widget ``name`` says nothing."""
        self._lines[name] = None
        getattr(self, name).value = ""

    def _example_target(self) -> str:
        """The assignment box's example: a deal code and an exercise file (the first there
        is) of the registry's last game, as the box takes them."""
        spec = list(GAMES.values())[-1]
        files = sorted((self.exercises / spec.name).glob("*.toml"))
        file = f"{spec.name}/{files[0].name if files else 'topic.toml'}"
        return self._say("example", code=f"{spec.code_prefix}-7K3Q", file=file)

    def _show_level(self) -> None:
        """The bots' level only for a deal: an exercise file has no bots."""
        self.level_box.layout.display = None if self.kind_box.value == "deal" else "none"

    store = opened_on_first_use()

    def create_class(self) -> None:
        """Make a class from the title typed; show its code and key once."""
        try:
            code, key = self.store.create_class(self.title_box.value)
        except (StoreError, ValueError) as error:
            self.code_made.text = self.key_made.text = ""
            self._put("created", _sentence(error), "error")
            return
        self.code_box.value = code
        self.key_box.value = key  # the board opens at once; the key is still shown to keep
        self.code_made.text, self.key_made.text = code, key
        self._put("created", _said("key-once"), "created")

    def close_replay(self) -> None:
        """Take the replay on show away (a student renamed or removed: its title is stale)."""
        self.table, self.replay_area.children = None, ()

    def open_board(self) -> None:
        """Check the code and key; show the board (a wrong key shows nothing of the class)."""
        self._opened = None
        self.tools.layout.display = "none"
        self.close_replay()
        self._watched, self.watch_view.value = None, ""
        try:
            self.store.open_class(self.code_box.value, self.key_box.value)
        except StoreError as error:
            self._put("message", error.said, "error")
            return
        self._opened = (self.code_box.value, self.key_box.value)
        self._clear("message")
        self.refresh()
        self.tools.layout.display = None

    def refresh(self) -> None:
        """Read the board again from the store."""
        if self._opened is None:
            return
        try:
            self.board = build_board(self.store, *self._opened)
        except StoreError as error:
            self._put("message", error.said, "error")
            return
        self._show_board()
        self.people.show(self.board.students)

    def _show_board(self) -> None:
        """The board read last, its CSV and the deals to replay, in the language spoken now
        (the deal chosen before stays chosen, else the newest one: never a blank choice)."""
        assert self.board is not None
        self.csv = board_csv(self.board)
        link = (
            f"<p class='cs-board-csv'><a download='{html.escape(csv_name(self.board))}' "
            f"href='data:text/csv;charset=utf-8,{quote(self.csv)}'>"
            f"{html.escape(self._say('csv'))}</a></p>"
        )
        self.board_view.value = board_html(self.board) + link
        _relabel(
            self.deals,
            [
                (self.words(_replay_choice(name, code, result, when)), ident)
                for ident, name, code, result, when in reversed(self.board.deals)
            ],
        )
        shown = [(table.code, table.game, table.level, table.next) for table in self.board.tables]
        watched = self._watched
        if watched is not None and watched["code"] not in [code for code, *_rest in shown]:
            # the table watched stays on the list once its deal is over: its end is shown
            shown.append((watched["code"], watched["game"], watched["level"], watched["next"]))
        _relabel(
            self.live_tables, [(self.words(_table_choice(*table)), table[0]) for table in shown]
        )
        if self._watched is not None:  # the table watched, said again (a language switch)
            self.watch_view.value = watch_html(self._watched)

    def _show_seats(self, *, everyone: bool = False) -> None:
        """The seats of the game chosen, in the language spoken now (``everyone``: all of
        them chosen, as for a new game; else the ones chosen stay chosen)."""
        names = game_spec(self.open_game.value).seat_names
        chosen = tuple(range(len(names))) if everyone or not self.open_seats.value else None
        chosen = chosen if chosen is not None else self.open_seats.value
        self.open_seats.options = [(seat_label(name), n) for n, name in enumerate(names)]
        self.open_seats.value = tuple(n for n in chosen if n < len(names))

    def open_tables(self) -> None:
        """Open the tables asked for the class: the game and bots chosen, the students'
        seats chosen at each, one deal for all; their codes said, the board read again."""
        opening = getattr(self.store, "open_class_tables", None)
        if self._opened is None or opening is None:
            self._put("tool_message", _said("open-first"), "error")
            return
        game, level = self.open_game.value, self.open_level.value
        seats, count = sorted(self.open_seats.value), self.open_count.value
        try:
            codes = opening(*self._opened, game, level, None, seats, count, self.open_coach.value)
        except (StoreError, ValueError) as error:
            said = message("classroom:board.not-opened", why=said_of(error))
            self._put("tool_message", said, "error")
            return
        said = message("classroom:board.opened", count=len(codes), codes=", ".join(codes))
        self._put("tool_message", said)
        self.refresh()

    def watch_table(self) -> None:
        """Show the chosen table being played: its moves, no hand until its deal is over
        (then every hand as dealt and the deal code)."""
        chosen = self.live_tables.value
        watch = getattr(self.store, "watch_table", None)
        if self._opened is None or chosen is None or watch is None:
            self._put("tool_message", message("classroom:board.watch-choose"), "error")
            return
        try:
            self._watched = watch(*self._opened, chosen)
        except (StoreError, ValueError) as error:
            said = message("classroom:board.watch-failed", why=said_of(error))
            self._put("tool_message", said, "error")
            return
        self._clear("tool_message")
        self.watch_view.value = watch_html(self._watched)

    def add_assignment(self) -> None:
        """Give the class the deal (at the level chosen) or the exercise file typed."""
        if self._opened is None:
            self._put("tool_message", _said("open-first"), "error")
            return
        target = self.target_box.value.strip()
        try:
            if self.kind_box.value == "deal":
                target = deal_assignment(target, self.level_box.value)
            else:
                if file_key(target) != target:
                    raise AssignmentRefused(_said("file-form"))
                load_exercises(self.exercises, target)
            self.store.add_assignment(*self._opened, self.kind_box.value, target)
        except (StoreError, ValueError, OSError) as error:
            said = _said("not-added", why=said_of(error))
            self._put("tool_message", said, "error")
            return
        self._put("tool_message", _said("added", target=target))
        self.target_box.value = ""
        self.refresh()

    def open_replay(self) -> None:
        """Open the chosen student's deal on a table, as a replay of the finished deal."""
        if self._opened is None or self.deals.value is None:
            self._put("tool_message", _said("choose-deal"), "error")
            return
        label = self.deals.label or ""
        names = {ident: name for ident, name, *_rest in self.board.deals} if self.board else {}
        try:
            save = self.store.saved_deal(*self._opened, self.deals.value)
            session = Session.from_json(_told_by_name(save, names.get(self.deals.value)))
        except (StoreError, ValueError) as error:
            said = _said("unopened", why=said_of(error))
            self._put("tool_message", said, "error")
            return
        table = table_for(session, title=self._say("replay-title", label=label))
        table.replays = BoardReplays(table)  # the board's line over the replay
        table.safely(lambda: table.on_intent(ReplayIntent("open")))
        self.table = table
        self._clear("tool_message")
        self.replay_area.children = (table,)


def _sentence(error: BaseException) -> Message:
    """An error as a sentence: a refused name or title (a clause) with its capital and stop."""
    if isinstance(error, Refused):
        return message("classroom:refused", why=error.said)
    return said_of(error)


def _replay_choice(name: str, code: str, result: Message, when: datetime | None) -> Message:
    """A finished deal in the replay list: who, which deal, how it ended and when."""
    time = _said("when-unknown")
    if when:  # the month by name in the page's language: no locale data at run time
        utc = when.astimezone(UTC)
        month = message(f"classroom:month.{utc.month}")
        time = _said("when", day=utc.day, month=month, time=f"{utc:%H:%M}")
    return message("classroom:board.replay-choice", name=name, code=code, result=result, time=time)


def _table_choice(code: str, game: str, level: str, move: int) -> Message:
    """A table being played in the list of those to watch: its code, game and move."""
    level_words = message(f"classroom:board.level.{level}")
    said = message("classroom:board.head-deal", game=game_spec(game).title, level=level_words)
    return message("classroom:board.watch-choice", code=code, game=said, move=move)


def _relabel(box: ipywidgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give a dropdown these choices; the one chosen before stays chosen, else the first."""
    chosen = box.value
    box.options = options
    values = [value for _label, value in options]
    if values:
        box.value = chosen if chosen in values else values[0]


def _whole_words(*widgets: ipywidgets.Widget) -> None:
    """Labels and buttons as wide as their words, which are longer in French or Spanish
    than in English (a label cut to "Titre de la..." said nothing)."""
    for widget in widgets:
        if isinstance(widget, ipywidgets.Button):
            widget.layout.width = "auto"
        else:
            widget.style.description_width = "initial"


def _fitting() -> ipywidgets.Layout:
    """A field's layout as wide as its words and never wider than the page (a phone's)."""
    return ipywidgets.Layout(width="auto", max_width="100%")


def _row(*children: ipywidgets.Widget) -> ipywidgets.HBox:
    """A row of fields and buttons that wraps onto more lines on a narrow screen (a phone)."""
    return ipywidgets.HBox(list(children), layout=ipywidgets.Layout(flex_flow="row wrap"))


def _told_by_name(save: str, name: str | None) -> str:
    """A student's save with their name at their seat, so the replay says "Ann plays..."."""
    try:
        data = json.loads(save)
        seat = data["seats"].index(HUMAN)
        if name and name not in data["names"]:
            data["names"][seat] = name
        return json.dumps(data)
    except (ValueError, KeyError, TypeError, AttributeError):
        return save  # Session.from_json says what is wrong with it


def teacher(exercises: str | Path = "exercises") -> TeacherPage:
    """The teacher's page (``exercises``: the folder of the exercise files)."""
    return TeacherPage(exercises=exercises)
