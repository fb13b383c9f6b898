"""A joined student's work recorded wherever it is done: practice tables and lessons' exercises.

The class page keeps the membership (code, name, token) in the browser (``storage.js``,
kind ``class``). Every game table (``static/saves.js``) and exercise widget
(``static/exercise.js``) reads it as it starts and, when there is one, sends it once::

    {"type": "member", "entry": {"code": "K7RT2Q", "name": "Ann", "token": "..."},
     "server": "https://class.example.org"}

``server`` (optional) is the class server's address typed once on the static site's class
page, kept in the browser: on the static site, this page records there too (checked as an
address first, ``reaching.use_sent_class_server``; a kernel on a server ignores it).
:func:`take` catches that message before the widget's own intents are parsed. The entry is
checked against the class store like any click; only a membership the store knows attaches
a :class:`~.recording.Recorder` to the widget. No membership, or a forged or stale one,
records nothing. The store is opened only when a membership arrives (a learner who never
joined a class never touches the database), once per kernel.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from cardschool.engine.errors import said_of
from cardschool.engine.messages import Message, message, render

from .messages import CLASSROOM as _CATALOG  # noqa: F401 (registers the sentences used here)
from .server_box_messages import SERVER_BOX  # noqa: F401 (the catalog registered)

__all__ = [
    "MEMBER",
    "NEEDS_SERVER",
    "Joined",
    "check_hub_name",
    "checked_member",
    "class_store",
    "class_store_runs_here",
    "hub_name",
    "take",
]

log = logging.getLogger(__name__)

MEMBER = "member"
"""The type of the message that carries the browser's class membership."""
_ENTRY = {"code", "name", "token"}
HUB_USER = "JUPYTERHUB_USER"
"""Set by JupyterHub in a user's server: the one name a membership may carry there."""
_TEXT_LIMIT = 200
NEEDS_SERVER = message("classroom:member.needs-server")
"""Why nothing is recorded where the class store cannot run (the static site)."""
BAD_SERVER = message("classroom:server-box.kept-wrong")
"""Why nothing is recorded when the browser sent a class server address that is not one."""
_FIELDS = {"type", "entry", "records", "server"}


@cache
def class_store_runs_here() -> bool:
    """True where the class store's packages (SQLAlchemy, Alembic) import: not in a browser."""
    try:
        import alembic  # noqa: F401
        import sqlalchemy  # noqa: F401
    except ImportError:
        return False
    return True


def _reachable() -> bool:
    """True when a class store can be reached from here (``reaching.py``)."""
    from .reaching import class_store_reachable

    return class_store_reachable()


def _use_sent(server: object) -> bool:
    """Use the class server address a browser sent (``reaching.py``); False if it is not one."""
    from .reaching import use_sent_class_server

    return use_sent_class_server(server)


def hub_name() -> str | None:
    """The hub's user name of this server (``JUPYTERHUB_USER``), or None off a hub."""
    return os.environ.get(HUB_USER) or None


def check_hub_name(name: str, hub: str | None) -> None:
    """Refuse (MembershipError) a membership under another name than the hub's sign-in."""
    from .basics import MembershipError

    if hub and name != hub:  # on a hub, only the signed-in name records
        raise MembershipError(message("classroom:member.other-name"))


def class_store() -> Any:
    """The kernel's class store, opened on first use and kept: a client of the class server
    ``CARDSCHOOL_CLASS_SERVER`` names (or the static site's: ``reaching.py``), else the
    database of ``CARDSCHOOL_DB``."""
    from .reaching import class_server_here

    server = class_server_here()
    if server:  # no database credentials in this process: the class server keeps records
        return _client_of(server)
    from .db import database_url  # the database packages load only for a joined student

    return _store_at(database_url())


@cache
def _client_of(url: str) -> Any:
    from .browser_transport import transport_here
    from .client import ClassClient

    return ClassClient(url, transport_here())


@cache
def _store_at(url: str) -> Any:
    from .store import ClassStore

    return ClassStore(url)


class Joined:
    """One widget's checked membership and the recorder it attached (``None`` until then)."""

    def __init__(self, widget: Any, store: Callable[[], Any] = class_store) -> None:
        self.widget = widget
        self.open_store = store
        self.recorder: Any = None
        self.refused: Message | None = None
        """Why the membership was refused (None when it was not, or none came)."""
        self._seen = False
        self._waiting: object = None
        """A membership the store could not check yet (it was down), or None."""
        self._tried = 0.0

    @classmethod
    def attached(cls, widget: Any, recorder: Any) -> Joined:
        """Mark ``widget`` as recorded already (by the class page): the browser's is ignored."""
        joined = widget.class_membership = cls(widget)
        joined.recorder, joined._seen = recorder, True
        return joined

    def words(self, said: Message) -> str:
        """``said`` in the words of the widget recorded (its reader's), else the catalogs'."""
        own = getattr(self.widget, "words", None)
        return own(said) if callable(own) else render(said)

    def _say(self, said: Message | str) -> None:
        """A plain line on the widget: the table's message area or under the exercise, each
        putting the message into its own words (a recorder's line may come as text)."""
        from ..state import Message as Line

        say = getattr(self.widget, "say", None)
        if callable(say) and hasattr(self.widget, "session"):
            say(Line(said, kind="announce") if isinstance(said, str) else said)
        elif hasattr(self.widget, "_tell"):
            self.widget._tell(said)

    def _refuse(self, why: Message, said: Message) -> None:
        """Say why nothing is recorded, where it stays readable: on a table, its notice above
        the game too (the message area is taken by the game's next line at once)."""
        self.refused = why
        self._say(said)
        if hasattr(self.widget, "session") and callable(getattr(self.widget, "send", None)):
            self.widget.send({"notice": self.words(said)})

    def receive(self, entry: object, records: object = None, server: object = None) -> None:
        """Check the membership the browser sent; attach a recorder if the store knows it.

        ``records``: what the browser kept of records the store refused (sealed: issue 26.7),
        handed to the recorder once it is attached. ``server``: the class server's address
        typed on this browser, if it sent one (used on the static site)."""
        self.carried = records
        if self._seen:  # one membership per widget: a second one cannot change who records
            log.info("a second class membership for one widget was ignored")
            return
        self._seen = True
        if server is not None and not _use_sent(server):  # forged or damaged: nothing recorded
            self._refuse(BAD_SERVER, message("classroom:member.not-recorded", why=BAD_SERVER))
            return
        if not _reachable():  # the static site without a class server: no store at all
            self._refuse(NEEDS_SERVER, message("classroom:member.not-recorded", why=NEEDS_SERVER))
            return
        from .basics import MembershipError, StoreError
        from .recording import Recorder

        try:
            store, member = checked_member(entry, self.open_store)
        except MembershipError as error:
            self._refuse(error.said, message("classroom:member.refused", why=error.said))
            return
        except StoreError as error:  # the database is down or locked: the game goes on
            log.warning("the class store could not check a membership: %s", error)
            why = said_of(error)
            self._refuse(why, message("classroom:member.waiting", why=why))
            self._waiting = entry  # checked again at the widget's next events (issue 26.7)
            self.widget.listeners.append(self._retry)
            return
        self._attach(Recorder(store, member, self._say))

    def _attach(self, recorder: Any) -> None:
        """Let ``recorder`` watch the widget: a table's deals, or the exercises."""
        if hasattr(self.widget, "session"):
            recorder.watch_table(self.widget)
        else:
            recorder.watch_exercises(self.widget)
        self.recorder = recorder
        recorder.take_back(getattr(self, "carried", None))

    def _retry(self, event: str, detail: Any) -> None:
        """Check a membership the store could not check again (at most every RETRY_S);
        once it holds, record from then on and say so."""
        from .basics import MembershipError, StoreError
        from .recording import RETRY_S, Recorder

        if self._waiting is None or time.monotonic() - self._tried < RETRY_S:
            return
        self._tried = time.monotonic()
        try:
            store, member = checked_member(self._waiting, self.open_store)
        except MembershipError as error:
            self._waiting, self.refused = None, error.said
            self.widget.listeners.remove(self._retry)
            self._say(message("classroom:member.refused", why=error.said))
            return
        except StoreError:
            return
        self._waiting, self.refused = None, None
        self.widget.listeners.remove(self._retry)
        self._attach(Recorder(store, member, self._say))
        self._say(message("classroom:member.back", name=member.name))
        if hasattr(self.widget, "session") and callable(getattr(self.widget, "send", None)):
            self.widget.send({"notice": ""})  # the table's notice of the wait is over
        if event in ("finished", "done"):  # what ended just now is recorded too
            self.widget.listeners[-1](event, detail)


def checked_member(entry: object, open_store: Callable[[], Any] = class_store) -> tuple[Any, Any]:
    """The store and the member a browser's entry names; MembershipError if it does not hold.

    StoreError when the store cannot be opened or read (then nothing is known either way).
    """
    from .basics import MembershipError

    if (
        not isinstance(entry, dict)
        or set(entry) != _ENTRY
        or not all(isinstance(v, str) and 0 < len(v) <= _TEXT_LIMIT for v in entry.values())
    ):
        raise MembershipError(message("classroom:member.unreadable"))
    check_hub_name(entry["name"], hub_name())
    store = open_store()
    return store, store.member(entry["code"], entry["name"], entry["token"])


def take(widget: Any, content: object) -> bool:
    """Handle ``content`` if it is the membership message (True), else leave it (False)."""
    if not isinstance(content, dict) or content.get("type") != MEMBER:
        return False
    if not {"type", "entry"} <= set(content) <= _FIELDS or not hasattr(widget, "listeners"):
        log.warning("a malformed class membership message was ignored")
        return True
    joined = getattr(widget, "class_membership", None)
    if joined is None:
        joined = widget.class_membership = Joined(widget)
    joined.receive(content["entry"], content.get("records"), content.get("server"))
    return True
