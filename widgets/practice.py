"""Practice: a whole match against the bots, with a choice of bot level and deal code.

``practice("mille")`` in a notebook shows a small control row (the bots' level) over a
table where the learner sits at seat 0 and the bots take the other seats. Changing the
level deals a new hand with bots of that level, or the same deal again if a deal code
was typed in the table's code box.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from cardschool.engine import dealcode
from cardschool.engine.games import game_spec
from cardschool.engine.messages import message, render
from cardschool.engine.protocol import LEVELS
from cardschool.engine.session import HUMAN, Session

from .game_table import GameTable
from .games import table_class
from .intents import TableError

__all__ = ["UNDER_A_HEADING", "Practice", "practice", "table_class", "table_for"]

UNDER_A_HEADING = "cs-under-heading"
"""The class of a table whose page already names it (its own heading is not drawn)."""

LEVEL_LABELS = {name: render(message(f"table:level.{name}")) for name in LEVELS}
"""The words of the level dropdown (``table:level.<level>``), in English."""


def level_options() -> list[tuple[str, str]]:
    """The level dropdown's choices, in the language spoken now (``table:level.<level>``)."""
    return [(render(message(f"table:level.{name}")), name) for name in LEVELS]


def table_for(session: Session, **options: Any) -> GameTable:
    """A table of the session's game over ``session``."""
    if not isinstance(session, Session):
        raise TableError(message("table:no-table-for", what=repr(session)))
    return table_class(session.kind)(session, **options)


class Practice(ipywidgets.VBox):
    """A practice table with its control row; ``.table`` is the game table."""

    def __init__(self, table: GameTable, level: str) -> None:
        self.table = table
        self.level = ipywidgets.Dropdown(
            options=level_options(),
            value=level,
            description=render(message("table:level.label")),
            layout=ipywidgets.Layout(width="12rem"),
        )
        self._putting_back = False
        self.level.observe(self._level_changed, names="value")
        self._following = False
        table.keeper.on_continue = self._follow_level
        table.listeners.append(self._table_event)
        note = self.note = ipywidgets.HTML(
            self._note(), layout=ipywidgets.Layout(flex="1 1 16rem", min_width="0")
        )
        table.respoken.append(self._respoken)
        # on a narrow screen the note goes under the dropdown instead of being squeezed
        row = ipywidgets.HBox(
            [self.level, note], layout=ipywidgets.Layout(align_items="center", flex_flow="row wrap")
        )
        # the page's own heading names it ("Mille: practice"): the table's heading is read
        # by screen readers only, so the page says it once
        table.add_class(UNDER_A_HEADING)
        super().__init__([row, table])

    def _note(self) -> str:
        """What changing the level does, in the language spoken now."""
        spec = self.table.session.spec
        said = message("table:level-note", deal=spec.word("deal"), match=spec.word("match"))
        # its own line height: a widget's HTML has the height of one input line per line
        return (
            "<small style='display: block; line-height: 1.4'>"
            f"{html.escape(self.table.words(said))}</small>"
        )

    def _respoken(self) -> None:
        """The page speaks another language: the levels and the note in its words (the
        level chosen stays, and no new deal is asked for)."""
        self._following = True
        try:
            level = self.level.value
            self.level.options = level_options()
            self.level.value = level
            self.level.description = render(message("table:level.label"))
        finally:
            self._following = False
        self.note.value = self._note()

    def _table_event(self, event: str, detail: Any) -> None:
        """A new session on the table (a typed deal code carries its bots): the dropdown follows."""
        if event == "session" and detail.level != self.level.value:
            self._following = True
            try:
                self.level.value = detail.level
            finally:
                self._following = False

    def _level_changed(self, change: dict[str, Any]) -> None:
        """The dropdown moved: the bots change, on a new deal or the typed deal code."""
        if self._putting_back or self._following:
            return
        level = change["new"]
        # a "no" puts back the level the bots play at (not a level asked about before)
        old = next((kind for kind in self.table.session.seats if kind != HUMAN), change["old"])

        def put_back() -> None:
            self._putting_back = True
            try:
                self.level.value = old
            finally:
                self._putting_back = False

        table = self.table
        label = message(f"table:level.{level}")
        question = message("table:ask-level", level=label, lost=table.questions.losing)
        self.table.safely(
            lambda: table.questions.ask_first(
                question,
                message("table:ask-level.yes", level=label),
                lambda: table.set_levels(level),
                declined=put_back,
            )
        )

    def _follow_level(self, session: Session) -> None:
        """A save came back: show its bots' level without dealing again."""
        levels = [kind for kind in session.seats if kind != HUMAN]
        if levels and levels[0] in LEVELS:
            self._following = True
            try:
                self.level.value = levels[0]
            finally:
                self._following = False


def practice(
    kind: str, level: str | None = None, code: str | None = None, **options: Any
) -> Practice:
    """A practice match of the game ``kind`` (``"mille"``): you at seat 0, bots at ``level``.

    ``code`` starts from a deal code (``MIL-7K3Q``), whose bots' level is used unless
    ``level`` is given (Basic without either); ``options`` go to the table
    (``hints=True``, ``speed=400``, ``title=...``).
    """
    spec = game_spec(kind)
    if level is None:
        level = dealcode.read(code).level if code else "basic"
    if level not in LEVELS:
        levels = ", ".join(LEVELS)
        raise TableError(message("table:unknown-level", level=repr(level), levels=levels))
    if code and dealcode.decode(code)[0] != kind:
        raise TableError(message("table:not-a-code-of", code=code, game=spec.title))
    seats = (HUMAN,) + (level,) * (spec.seats - 1)
    session = Session.from_code(code, seats) if code else Session.new(kind, seats=seats)
    # read by screen readers, in the language the page speaks (the table renders it)
    options.setdefault("title", message("table:practice.title", game=spec.title))
    table = table_for(session, **options)
    table.typed_code = code
    return Practice(table, level)
