"""The student's side: join a class, keep the membership in the browser, do the assignments.

:class:`ClassWidget` shows the join form (class code and name; on a JupyterHub the hub's
user name, which cannot be changed). The membership the kernel issues (code, name and a
token) is kept in the browser by ``storage.js`` under ``cardschool/v1/class/membership``;
when a page opens, the browser sends it back and the kernel checks it against the store
like any click (a forged or stale one is refused). Messages from the browser::

    {"type": "join", "code": "K7RT2Q", "name": "Ann"}
    {"type": "restore", "entry": {"code": ..., "name": ..., "token": ...}}
    {"type": "leave"}

:class:`ClassPage` lists the class's assignments, each once (:class:`AssignmentRow`): a link
to its own page (where the membership records the work, see ``joined.py``) and a button
that opens a table or an exercise file below, watched by a :class:`~.recording.Recorder`.
Its other button asks the class for a seat at the shared tables the teacher opened for it
(issue 29.4: the student's own seat again, else the first free one) and opens that seat's
table below (``shared_table.py``); the class server records the deal for the student when
it ends.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from cardschool.engine import dealcode
from cardschool.engine.errors import said_of
from cardschool.engine.exercises import file_key, file_title
from cardschool.engine.exercises.model import Prompt
from cardschool.engine.messages import Message
from cardschool.engine.messages import message as message_of
from cardschool.engine.session import Session

from ..browser_json import plain
from ..exercise import ExerciseWidget
from ..practice import table_for
from ..speaking import Speaking
from .basics import DatabaseError, Member, MembershipError, StoreError, database_errors
from .board import belongs
from .files import load_exercises
from .front import classroom_front_end
from .joined import Joined, check_hub_name, hub_name
from .keys import Refused
from .links import assignment_href, link_html, load_links_path
from .reaching import opened_on_first_use, store_here
from .recording import Recorder
from .words import Words

__all__ = ["AssignmentRow", "ClassPage", "ClassWidget", "assignment_label", "join_class"]

log = logging.getLogger(__name__)

_OPTIONAL = {"join": {"rejoin"}}
"""Fields a message may lack (a join without a rejoin code)."""
_FIELDS = {"join": {"code", "name"}, "restore": {"entry"}, "leave": set(), "retry": set()}
_TEXT_LIMIT = 100
_FORM = ("region", "code", "code-example", "name", "join", "leave")
"""The join form's words (``classroom:form.<word>``), sent for the front end to place."""


class ClassWidget(Speaking, Words, anywidget.AnyWidget):
    """The join form and the membership kept in the browser; ``member`` once joined."""

    _esm, _css = classroom_front_end()

    state = traitlets.Dict().tag(sync=True)
    """What the front end draws: joined or not, the class, the name, a message, and every
    word it shows (rendered here: the front end holds no words of its own)."""
    membership = traitlets.Dict().tag(sync=True)
    """What the browser keeps (code, name, token) or ``{}`` to forget it; set by Python only."""

    def __init__(self, store: Callable[[], Any] = store_here, hub_user: str | None = None) -> None:
        super().__init__()
        self._open_store = store
        self._store: Any = None
        self.hub_user = hub_user if hub_user is not None else hub_name()
        self.member: Member | None = None
        self.title = ""
        self.listeners: list[Callable[[Member | None], None]] = []
        """Called with the member when a student joins or comes back, None on leaving."""
        self.down = False
        """True while the class database does not answer: the page shows no join form."""
        self._show(None)
        self._reachable()
        self.on_msg(self._receive)

    store = opened_on_first_use()

    def redraw_words(self) -> None:
        """The page speaks another language: the form and its last line drawn again."""
        self._show(self._said)

    def _show(self, said: Message | None) -> None:
        self._said = said
        member = self.member
        joined = ""
        if member is not None:  # the class and the name in bold, each escaped
            bold = {
                "title": f"<strong class='cs-class-title'>{html.escape(self.title)}</strong>",
                "name": f"<strong class='cs-class-name'>{html.escape(member.name)}</strong>",
            }
            joined = self.words(
                message_of("classroom:form.joined", code=html.escape(member.code), **bold)
            )
        self.state = {
            "joined": member is not None,
            "code": member.code if member else "",
            "name": member.name if member else "",
            "title": self.title,
            "hub_name": self.hub_user or "",
            "rejoin_label": self.words(message_of("classroom:rejoin.label")),
            "message": self.words(said) if said is not None else None,
            "down": self.down,
            "retry": self.words(message_of("classroom:down.retry")) if self.down else "",
            "joined_html": joined,
            "words": {
                **{word: self.words(message_of(f"classroom:form.{word}")) for word in _FORM},
                "storage": self.storage_words(),  # by storage.js's code: membership not kept
            },
        }

    def _reachable(self) -> bool:
        """Check that the class database answers; when it does not, say so (no join form)."""
        try:
            self.store.check_reachable()
        except StoreError as error:
            self.down = True
            self._show(error.said)
            return False
        except database_errors() as error:  # plain_error logs the driver's words
            from .db import plain_error

            self.down = True
            self._show(plain_error(error).said)
            return False
        self.down = False
        return True

    def _set_member(self, member: Member | None, said: Message | None = None) -> None:
        self.down = False
        self.member = member
        self.title = self.store.class_title(member.code) if member else ""
        self._show(said)
        for listener in list(self.listeners):
            listener(member)

    def handle(self, content: object) -> None:
        """Check one message from the browser and act on it; a refusal is a plain line."""
        if not isinstance(content, dict) or content.get("type") not in _FIELDS:
            self._show(message_of("classroom:form.odd"))
            return
        kind = content["type"]
        if (
            not _FIELDS[kind]
            <= set(content) - {"type"}
            <= _FIELDS[kind] | _OPTIONAL.get(kind, set())
        ):
            self._show(message_of("classroom:form.odd"))
            return
        try:
            getattr(self, f"_on_{kind}")(content)
        except StoreError as error:
            self.down = isinstance(error, DatabaseError)
            self._show(error.said)

    def _on_join(self, content: dict[str, Any]) -> None:
        code, name, rejoin = content["code"], content["name"], content.get("rejoin", "")
        if not all(isinstance(v, str) and len(v) <= _TEXT_LIMIT for v in (code, name, rejoin)):
            raise StoreError(message_of("classroom:form.empty"))
        if self.hub_user:  # the hub signed the student in: its name, and no other
            name = self.hub_user
        try:
            member, token = self.store.join(
                code, name, vouched=bool(self.hub_user), rejoin=rejoin.strip() or None
            )
        except Refused as error:  # a clause: said as a sentence
            raise StoreError(message_of("classroom:refused", why=error.said)) from None
        except ValueError as error:  # not ours to word: the form's refusal (logged)
            log.warning("a join was refused: %s", said_of(error))
            raise StoreError(message_of("classroom:form.odd")) from None
        self.membership = {"code": member.code, "name": member.name, "token": token}
        self._set_member(member)

    def _on_restore(self, content: dict[str, Any]) -> None:
        entry = content["entry"]
        try:
            if not isinstance(entry, dict) or set(entry) != {"code", "name", "token"}:
                raise MembershipError(message_of("classroom:member.was-unreadable"))
            check_hub_name(entry["name"], self.hub_user)
            member = self.store.member(entry["code"], entry["name"], entry["token"])
        except MembershipError:
            self.membership = {}  # refused for good: the browser forgets it
            raise
        if (member.code, member.name) != (entry["code"], entry["name"]):
            # renamed by the teacher since (issue 26): the browser keeps the name now
            self.membership = {"code": member.code, "name": member.name, "token": entry["token"]}
        self._set_member(member)

    def _on_retry(self, _content: dict[str, Any]) -> None:
        """Ask the class database again (the browser sends its membership too, if it keeps one)."""
        if self._reachable():
            self._show(None)

    def _on_leave(self, _content: dict[str, Any]) -> None:
        member, rejoin = self.member, None
        if member is not None and not self.hub_user:  # a way back under the same name (26.10)
            try:
                rejoin = self.store.rejoin_code(member)
            except StoreError as error:
                log.warning("no rejoin code for a student leaving: %s", error)
        self.membership = {}
        if member is not None and self.hub_user:
            said = message_of("classroom:left.hub")
        elif member is None or rejoin is None:
            said = message_of("classroom:left")
        else:
            said = message_of("classroom:left.rejoin", code=member.code, rejoin=rejoin)
        self._set_member(None, said)

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        content = plain(content)  # Pyodide's null is None here too (the static site)
        try:
            if not self.take_language(content):
                self.handle(content)
        except Exception:
            log.exception("the class widget failed on a message")
            self._show(message_of("classroom:form.failed"))

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: it sends messages that Python checks."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))


def assignment_label(number: int, kind: str, target: str, title: str | None = None) -> Message:
    """An assignment as its row says it: ``"2. Deal MLA-7K3Q (Expert bots)"``; an exercise
    file by its ``title`` when it has one (``"3. Exercises: <its title>"``)."""
    if kind == "deal":
        try:
            deal = dealcode.read(target)
            bots = dealcode.describe(deal.game, None, deal.level)
        except ValueError:
            bots = ""
        if bots:
            return message_of(
                "classroom:assignment.deal-bots", number=number, code=target, bots=bots
            )
        return message_of("classroom:assignment.deal", number=number, code=target)
    if title:
        return message_of("classroom:assignment.exercises-titled", number=number, title=title)
    return message_of("classroom:assignment.exercises", number=number, file=target)


class AssignmentRow(Words, ipywidgets.HBox):
    """One assignment on the class page, listed once: its words as a link to its own page,
    and a button that opens it here, below."""

    def __init__(self, number: int, kind: str, target: str, title: Prompt | None = None) -> None:
        self.number, self.kind, self.target = number, kind, target
        self.title = title
        """An exercise file's title in each language (None: its path is shown)."""
        self.done = False
        self.said = self._label()
        """The assignment, ticked once this student's work is recorded."""
        self.href: str | None = None
        self.link = ipywidgets.HTML(link_html(self.text, None))
        self.button = ipywidgets.Button(layout=ipywidgets.Layout(width="auto"))
        self.speak_again()
        self.button.add_class("cs-assignment-here")
        super().__init__(
            [self.link, self.button],
            layout=ipywidgets.Layout(align_items="center", flex_flow="row wrap"),
        )

    @property
    def text(self) -> str:
        """The assignment in words, as its row shows it."""
        return self.words(self.said)

    def _label(self) -> Message:
        """The row's words in the language spoken now (the file's title in it), ticked when
        the work is done."""
        title = self.title.said() if self.title is not None else None
        said = assignment_label(self.number, self.kind, self.target, title)
        return message_of("classroom:assignment.done", words=said) if self.done else said

    def show(self, done: bool, href: str | None) -> None:
        """Draw the words (ticked when ``done``) as a link to ``href`` (None: words only)."""
        self.done, self.href = done, href
        self.said = self._label()
        self.link.value = link_html(self.text, href)

    def speak_again(self) -> None:
        """Draw the row's words in the language spoken now."""
        self.said = self._label()
        self.link.value = link_html(self.text, self.href)
        self.button.description = self.words(message_of("classroom:assignment.here"))
        tip = message_of("classroom:assignment.here-tip", number=self.number)
        self.button.tooltip = self.words(tip)


class ClassPage(Words, ipywidgets.VBox):
    """The class page: the join form, the assignments (each once), the work on show.

    An assignment's link opens it on its own page (a deal on its game's practice page, an
    exercise file on its lesson), where the membership this browser keeps records the work;
    its button opens it here, below.
    """

    def __init__(self, widget: ClassWidget, exercises: str | Path = "exercises") -> None:
        self.widget = widget
        self.exercises = Path(exercises)
        self.status = ipywidgets.HTML()
        self.assignments = ipywidgets.VBox()
        """The assignments, an :class:`AssignmentRow` each."""
        self.work = ipywidgets.VBox()
        self.shown: Any = None
        """The table or exercise widget on show, or None."""
        self.sit_button = ipywidgets.Button(layout=ipywidgets.Layout(width="auto"))
        """Ask the class for a seat at its shared tables (shown to a member only)."""
        self.sit_button.on_click(lambda _b: self.sit())
        self.sit_button.layout.display = "none"
        self.tables: Callable[[Any], Any] = _tables_for
        """The shared tables a seat's table plays through, for the page's store."""
        widget.listeners.append(self._member_changed)
        widget.respoken.append(self._speak_again)
        self._path: Any = None
        self._said: Message | str | None = None
        self._words_of_sit()
        super().__init__([widget, self.assignments, self.sit_button, self.status, self.work])

    def _words_of_sit(self) -> None:
        """The seat button's words in the language spoken now."""
        self.sit_button.description = self.words(message_of("classroom:class-tables.sit"))

    def say(self, said: Message | str) -> None:
        """A plain line under the assignments (escaped); a recorder's line comes as text."""
        self._said = said
        text = said if isinstance(said, str) else self.words(said)
        self.status.value = f"<p class='cs-class-status' role='status'>{html.escape(text)}</p>"

    def _speak_again(self) -> None:
        """The page speaks another language: the assignments and the line said again."""
        for row in self.assignments.children:
            row.speak_again()
        self._words_of_sit()
        if self._said is not None:
            self.say(self._said)

    def _member_changed(self, member: Member | None) -> None:
        self._put_away()
        self.work.children = ()
        self.shown = None
        self.sit_button.layout.display = None if member is not None else "none"
        if member is None:
            self.assignments.children = ()
            return
        try:
            listed = self.widget.store.assignments(member.code)
        except StoreError as error:
            self.say(error.said)
            return
        rows = []
        for number, (_ident, kind, target) in enumerate(listed, 1):
            row = AssignmentRow(number, kind, target, self._title_of(kind, target))
            row.button.on_click(lambda _b, k=kind, t=target, n=number: self.start(n, k, t))
            rows.append(row)
        if not rows:
            self.say(message_of("classroom:assignment.none"))
        self.assignments.children = tuple(rows)
        self._mark_done()

    def _title_of(self, kind: str, target: str) -> Prompt | None:
        """The title of an exercise file this page has (None: a deal, or no such file)."""
        if kind != "exercises":
            return None
        try:
            return file_title(self.exercises / file_key(target))
        except ValueError:  # not a file's name (the store refuses those): its path shown
            return None

    def _mark_done(self) -> None:
        """Tick the assignments this student has work recorded for (their own records only)."""
        member = self.widget.member
        if member is None:
            return
        try:
            records = self.widget.store.own_records(member)
        except StoreError:
            records = []  # the links show all the same, without their ticks
        rows: tuple[AssignmentRow, ...] = self.assignments.children
        if self._path is None and any(row.kind != "deal" for row in rows):
            self._path = load_links_path(self.exercises)
        for row in rows:
            done = any(belongs(record, row.kind, row.target) for record in records)
            row.show(done, assignment_href(row.kind, row.target, self._path))

    def _recorded(self, text: Message | str) -> None:
        """A line from the recorder; the assignments' ticks follow."""
        self.say(text)
        self._mark_done()

    def start(self, number: int, kind: str, target: str) -> None:
        """Open assignment ``number`` below, its finished work recorded for the class."""
        member = self.widget.member
        if member is None:
            self.say(message_of("classroom:assignment.join-first"))
            return
        recorder = Recorder(self.widget.store, member, self._recorded)
        self._put_away()
        try:
            if kind == "deal":
                title = self.words(message_of("classroom:assignment.title", number=number))
                table = table_for(Session.from_code(target), title=title)
                recorder.watch_table(table)
                Joined.attached(table, recorder)  # the browser's membership adds no second one
                shown: Any = table
            else:
                path = self.exercises / file_key(target)
                shown = ExerciseWidget(load_exercises(self.exercises, file_key(target)), str(path))
                recorder.watch_exercises(shown)
                Joined.attached(shown, recorder)
        except (ValueError, OSError) as error:  # a save, a deal code or an exercise file
            log.warning("assignment %s cannot be opened: %s", number, error)
            why = message_of("classroom:assignment.unopened", number=number, why=said_of(error))
            self.say(why)
            return
        self.shown = shown
        self.status.value = ""
        self.work.children = (shown,)

    def sit(self) -> None:
        """Ask the class for a seat at its shared tables; show that seat's table below."""
        member = self.widget.member
        if member is None:
            self.say(message_of("classroom:assignment.join-first"))
            return
        store = self.widget.store
        seat_at = getattr(store, "class_seat", None)
        tables = self.tables(store)
        if seat_at is None or tables is None:
            self.say(message_of("classroom:class-tables.none-here"))
            return
        from ..shared_table import seated_line, shared_table  # the tables' widgets, once asked

        try:
            seated = seat_at(member)
            shown = shared_table(tables, seated.code, seated.token)
        except (StoreError, ValueError) as error:  # no free seat, a server not answering
            self.say(message_of("classroom:class-tables.unseated", why=said_of(error)))
            return
        self._put_away()
        self.shown = shown
        self.say(seated_line(shown, seated.code))  # where they sit, and with whom
        self.work.children = (shown,)

    def _put_away(self) -> None:
        """Stop the shared table's seat on show, if one is (it listens for the others' moves)."""
        if self.shown is not None and hasattr(self.shown, "listen"):
            self.shown.close()


def _tables_for(store: Any) -> Any:
    """The shared tables a class page's seat plays through: its store's own database's in
    this process, else the class server's this kernel reaches (None: neither)."""
    engine = getattr(store, "engine", None)
    if engine is not None:  # a class database this kernel opens itself
        from .table_client import LocalTables
        from .tables import SharedTables

        return LocalTables(SharedTables(engine))
    from ..together import tables_here

    return tables_here()


def join_class(exercises: str | Path = "exercises") -> ClassPage:
    """The student's class page (``exercises``: the folder of the exercise files)."""
    return ClassPage(ClassWidget(), exercises)
