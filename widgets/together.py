"""The page where classmates sit at one table (issue 29): open a table, or join one, and play.

``together()`` in a notebook shows a form (:class:`TableForm`, front end
``static/together.js``) over the seat's table once one is taken (``shared_table.py``). The
form opens a table (its game, the bots' level, the seats kept for people, the learner's
own) or joins one by its code, or by a link ``?table=CODE``, at a free seat. Python
decides everything; the front end sends what was chosen, as messages read strictly like
a table's intents::

    {"type": "start", "kept": {"code": "...", "token": "..."} | null, "query": "?table=..."}
    {"type": "open", "game": "mililla", "level": "basic", "people": [0, 2], "mine": 0,
     "coach": true}                               # coach: the players may open theirs
    {"type": "coach", "on": false}                # the creator switches it for everyone
    {"type": "join", "code": "K7QX-M2PA", "seat": 2 | null}
    {"type": "leave"}
    {"type": "here"}                              # every few seconds: the page is there

The seat's token is kept in the browser through ``static/storage.js`` (kind ``table``, name
``seat``), which writes what Python sets in :attr:`TableForm.kept`; as the page opens again
the front end sends it back (``start``), and the kernel takes the seat back with it only
when the server says it holds that seat (a reload, a kernel culled): a forged token holds
nothing. The table's code and a link to give the others are on the form, with who sits
where (the learner, a player, a bot, a seat still free, a player away) and, once the deal
is over, what to do to play another; seated, the form folds under one line. The open form's
"Coach allowed" box (ticked by default) opens a table whose players may open their coach or
not, and the table's creator has a button to switch it for everyone while the deal is
played (issue 29.2; the server refuses anyone else).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets
import traitlets

from cardschool.engine.errors import Told, said_of
from cardschool.engine.games import GAMES, game_spec
from cardschool.engine.messages import Message, message, render, seat_word
from cardschool.engine.protocol import LEVELS
from cardschool.engine.records import Check

from . import together_messages  # noqa: F401  (the form's words)
from .browser_json import plain
from .classroom.basics import StoreError
from .front_end import with_storage
from .intents import IntentError, by_type, parse_message
from .intents import Message as Said
from .lesson_messages import storage_words
from .shared_table import SharedSeat, seated_line, shared_table
from .speaking import Speaking

if TYPE_CHECKING:
    from .classroom.table_client import Tables

__all__ = ["TableForm", "Together", "tables_here", "together"]

log = logging.getLogger(__name__)

HEARTBEAT_MS = 5000
"""How often the page says it is there, in milliseconds (well within ``AWAY_S``)."""
MAX_TEXT = 200
"""The longest code or token the form reads."""
MAX_QUERY = 2000
"""The longest query string read from the page's address."""
_WORDS = (
    "open",
    "game",
    "level",
    "people",
    "mine",
    "open-button",
    "join",
    "code",
    "any-seat",
    "seat",
    "join-button",
    "code-help",
    "at-table",
    "give",
    "copy",
    "copied",
    "select",
    "another",
    "leave",
    "coach-allowed",
    "coach-off",
    "coach-on",
)
"""The form's words (``table:together.<word>``), sent for the front end to place."""


def _text(most: int) -> Check:
    return Check(
        lambda value: isinstance(value, str) and len(value) <= most,
        message("table:check.text", most=most),
    )


def _seat_number(value: object) -> bool:
    return type(value) is int and 0 <= value < 10  # type: ignore[operator]


Seatno = Annotated[int, Check(_seat_number, message("table:check.seat"))]
OptionalSeat = Annotated[
    int | None, Check(lambda v: v is None or _seat_number(v), message("table:check.seat"))
]
Kept = Annotated[
    Any,
    Check(
        lambda v: (
            v is None
            or (
                isinstance(v, dict)
                and set(v) == {"code", "token"}
                and all(isinstance(x, str) and 0 < len(x) <= MAX_TEXT for x in v.values())
            )
        ),
        message("table:check.kept"),
    ),
]
Query = Annotated[
    str | None,
    Check(
        lambda v: v is None or (isinstance(v, str) and len(v) <= MAX_QUERY),
        message("table:check.text", most=MAX_QUERY),
    ),
]
Allowed = Annotated[bool, Check(lambda v: type(v) is bool, message("table:check.bool"))]
People = Annotated[
    tuple[Seatno, ...],
    Check(lambda v: isinstance(v, list) and 0 < len(v) <= 10, message("table:check.people")),
]


@dataclass(frozen=True, slots=True)
class Start(Said):
    """As the page opens: the seat this browser keeps, and the page's query (a table link)."""

    kept: Kept = None
    query: Query = None


@dataclass(frozen=True, slots=True)
class Open(Said):
    """Open a table: its game, the bots' level, the people's seats, the learner's own."""

    game: Annotated[str, _text(40)]
    level: Annotated[str, _text(40)]
    people: People
    mine: Seatno
    coach: Allowed = True


@dataclass(frozen=True, slots=True)
class Join(Said):
    """Join the table ``code`` at ``seat`` (None: any free seat)."""

    code: Annotated[str, _text(MAX_TEXT)]
    seat: OptionalSeat = None


@dataclass(frozen=True, slots=True)
class Coach(Said):
    """The table's creator lets the players open their coach (``on``) or not."""

    on: Allowed


@dataclass(frozen=True, slots=True)
class Leave(Said):
    """Give the seat up."""


@dataclass(frozen=True, slots=True)
class Here(Said):
    """The page's heartbeat: it is still there (its connection holds)."""


FORM_MESSAGES = by_type(Start, Open, Join, Coach, Leave, Here)
"""The form's messages by their names."""


def tables_here() -> Tables | None:
    """The shared tables of the class server this kernel reaches, or None without one."""
    from .classroom.browser_transport import transport_here
    from .classroom.reaching import class_server_here

    server = class_server_here()
    if not server:
        return None
    from .classroom.table_client import TableClient

    client = TableClient.from_env(transport_here())
    if client is None:  # a class server typed on a page: its kernel reads no deal in play
        client = TableClient(server, transport_here())
    return client


def link_table(query: object) -> str | None:
    """The table code of a ``?table=CODE`` link, or None."""
    if not isinstance(query, str) or not query:
        return None
    found = parse_qs(query[:MAX_QUERY].lstrip("?")).get("table")
    return found[-1].strip().upper()[:MAX_TEXT] if found else None


class TableForm(Speaking, anywidget.AnyWidget):
    """The form that opens or joins a shared table, and says where the learner sits."""

    _esm, _css = with_storage("together")

    state = traitlets.Dict().tag(sync=True)
    """What the front end draws: words, games, levels, the seat taken, the last line."""
    kept = traitlets.Dict().tag(sync=True)
    """``{"code", "token"}`` of the seat taken (``{}``: none), kept by the browser."""

    def __init__(self, page: Together) -> None:
        self._page = page
        self._said: Message | None = None
        self._kind = "error"
        self._names: tuple[str, ...] = ()
        self._code = ""
        super().__init__()
        self.draw()
        self.on_msg(self._receive)

    def draw(self) -> None:
        """Send the form's state in the language spoken now."""
        page = self._page
        words: dict[str, Any] = {word: render(message(f"table:together.{word}")) for word in _WORDS}
        words["storage"] = {code: render(said) for code, said in storage_words().items()}
        games = [
            {
                "name": name,
                "title": game_spec(name).title,
                "seats": [seat_word(n) for n in game_spec(name).seat_names],
            }
            for name in GAMES
        ]
        levels = [[name, render(message(f"table:level.{name}"))] for name in LEVELS]
        seated = None
        table = page.table
        if table is not None:
            names = table.session.spec.seat_names
            line = seated_line(table, page.code)
            away = sorted(table.bots_play)
            bots = ""
            if away:
                listed = ", ".join(seat_word(names[n]) for n in away)
                bots = render(message("table:together.bots", seats=listed))
            sitting = [
                render(
                    message(
                        f"table:together.seat-{who}", who=seat_word(names[n]), wait=table.wait_shown
                    )
                )
                for n, who in table.seats_now
                if 0 <= n < len(names)
            ]
            over = ""
            if table.session.deal_over:  # one deal a table: what to do next
                over = render(message("table:together.over"))
            coach = table.coach_allowed
            seated = {
                "code": page.code,
                "line": line,
                "bots": bots,
                "seats": sitting,
                "over": over,
                "coach": coach,
                "coach_line": "" if coach else render(message("table:shared.no-coach")),
                "creator": table.creator,
            }
        self.state = {
            "words": words,
            "games": games,
            "levels": levels,
            "seated": seated,
            "code": self._code,
            "heartbeat_ms": HEARTBEAT_MS,
            "message": render(self._said, self._names) if self._said is not None else None,
            "message_kind": self._kind,
        }

    def say(
        self, said: Message | None, names: tuple[str, ...] = (), *, kind: str = "error"
    ) -> None:
        """Show a line on the form (None: none); ``names``: the seats' names it says;
        ``kind``: "error" (a refusal) or "info" (what to do next)."""
        self._said, self._names, self._kind = said, names, kind
        self.draw()

    def redraw_words(self) -> None:
        """The page speaks another language: the form drawn again in its words."""
        self.draw()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: it sends messages."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        """Every message from the browser lands here; no exception escapes."""
        try:
            content = plain(content)
            if self.take_language(content):
                return
            self.handle(content)
        except Exception:
            log.exception("the table form failed to handle a message")
            self.say(message("table:oops"))

    def handle(self, content: object) -> None:
        """Read one message strictly and act on it; a refusal is said on the form."""
        try:
            said = parse_message(FORM_MESSAGES, content)
        except IntentError as error:
            self.say(said_of(error))
            return
        page = self._page
        try:
            match said:
                case Start():
                    page.resume_seat(said.kept, said.query)
                case Open():
                    page.open_table(
                        said.game, said.level, list(said.people), said.mine, coach=said.coach
                    )
                case Coach():
                    page.set_coach(said.on)
                case Join():
                    page.join_table(said.code, said.seat)
                case Leave():
                    page.leave_table()
                case Here():
                    if page.table is not None:
                        page.table.heard()
        except (Told, StoreError) as error:
            self.say(said_of(error), tuple(getattr(error, "names", ())))


class Together(ipywidgets.VBox):
    """The page's form and, once a seat is taken, the seat's table (``.table``)."""

    def __init__(
        self,
        tables: Tables | None = None,
        *,
        made: Callable[..., SharedSeat] | None = None,
        **options: Any,
    ) -> None:
        self.tables = tables if tables is not None else tables_here()
        """The shared tables (the class server's; None: this page has none)."""
        self.options = options
        """What the seat's table is made with (``hints=True``, ``speed=400``...)."""
        self._made = made or shared_table
        self.table: SharedSeat | None = None
        self.code = ""
        self.token = ""
        self._started = False
        self.form = TableForm(self)
        super().__init__([self.form])
        if self.tables is None:
            self.form.say(message("table:together.no-server"))

    def _tables(self) -> Tables:
        if self.tables is None:
            raise StoreError(message("table:together.no-server"))
        return self.tables

    def resume_seat(self, kept: dict[str, str] | None, query: str | None) -> None:
        """Once, as the page opens: the seat this browser keeps, or the table of its link."""
        if self._started:
            return
        self._started = True
        link = link_table(query)
        if kept is not None and (link is None or _same(link, kept["code"])):
            try:
                token = self._tables().take_seat(kept["code"], None, kept["token"])
            except (Told, StoreError) as error:
                self.form.kept = {}
                why = said_of(error)
                said = message("table:together.kept-gone", code=kept["code"], why=why)
                self.form.say(said, tuple(getattr(error, "names", ())))
                return
            self._sit(kept["code"], token)
            return
        if link is not None:
            self.form._code = link
            self.form.say(message("table:together.link-table", code=link), kind="info")

    def open_table(
        self, game: str, level: str, people: list[int], mine: int, *, coach: bool = True
    ) -> None:
        """Open a table (the store checks every field) and sit at ``mine``, one of the
        people's seats even if not ticked (``coach``: whether the players may open their
        coach); a seat at another table is given up once the new one is opened."""
        people = sorted({*people, mine})  # the learner's own seat is a person's
        opened = self._tables().open_table(game, level, {}, people, creator_seat=mine, coach=coach)
        self._leave_quietly()
        self._sit(opened.code, opened.token)

    def join_table(self, code: str, seat: int | None) -> None:
        """Sit at a free seat of the table ``code`` (or take one's own seat back); a seat at
        another table is given up once this one is taken."""
        code = code.strip().upper()
        same = self.table is not None and _same(code, self.code)
        token = self._tables().take_seat(code, seat, self.token if same else None)
        if not same:
            self._leave_quietly()
            self._sit(code, token)

    def set_coach(self, on: bool) -> None:
        """Let the table's players open their coach or not (the server refuses anyone but
        the table's creator); the seat's table shows it at once."""
        if self.table is None:
            return
        now = self._tables().set_coach(self.code, self.token, on)
        self.table.coach_seen(now)
        self.form.draw()

    def leave_table(self) -> None:
        """Give the seat up: the bots play it, another browser may take it."""
        if self.table is None:
            return
        code = self.code
        self._tables().leave(code, self.token)
        self._drop()
        self.form.say(message("table:together.left", code=code), kind="info")

    def _leave_quietly(self) -> None:
        """Before another table: the seat at this one is given up."""
        if self.table is not None:
            try:
                self._tables().leave(self.code, self.token)
            except (Told, StoreError):
                log.info("the seat at %s could not be given up", self.code)
            self._drop()

    def _drop(self) -> None:
        table, self.table = self.table, None
        if table is not None:
            table.close()
        self.code = self.token = ""
        self.form.kept = {}
        self.children = (self.form,)

    def _sit(self, code: str, token: str) -> None:
        """Seated: the browser keeps the token; the seat's table is shown under the form."""
        view = self._tables().view(code, token)
        code = view.get("code", code)
        table = self._made(self._tables(), code, token, **self.options)
        self.table, self.code, self.token = table, code, token
        table.seats_changed.append(self.form.draw)
        table.heard()  # from now on the page's heartbeat keeps the seat its player's
        self.form.kept = {"code": code, "token": token}
        self.form._code = code
        self.children = (self.form, table)
        self.form.say(None)


def _same(one: str, other: str) -> bool:
    """Two table codes alike, as people type them (case, spaces and dashes aside)."""

    def bare(code: str) -> str:
        return code.strip().upper().replace(" ", "").replace("-", "")

    return bare(one) == bare(other)


def together(tables: Tables | None = None, **options: Any) -> Together:
    """The page's form to open or join a shared table, and the seat's table once taken;
    ``options`` go to the table (``hints=True``, ``speed=400``)."""
    return Together(tables, **options)
