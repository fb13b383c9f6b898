"""Opening the class database: where it is, SQLite's settings, the schema's migrations.

The database is SQLite by default (``cardschool.db`` in the kernel's working folder, which is
each notebook's own folder: ``make app`` sets one file for all) or whatever ``CARDSCHOOL_DB``
says: a file path, or a SQLAlchemy URL such as ``postgresql+psycopg://user@host/cardschool``
for a hub over several machines.

SQLite runs in WAL mode with a busy timeout, so every kernel of one Voilà server can write
at once; each writing transaction starts with ``BEGIN IMMEDIATE`` (it takes the write
lock first, so two writers never deadlock on upgrading a read lock). The schema is
versioned with Alembic, run from Python: an older database is carried forward, a newer
one (made by a later cardschool) is refused with :class:`StoreError` and never written to.
Every database failure becomes a :class:`StoreError` whose sentence is a message of the
classroom catalog (``.said``); the library's own words go to the log, never to a page.

A SQLite file that vanishes under a running server is never made again behind the
teacher's back: connections open the file only if it is there (``mode=rw``), every write
first checks the file is still the one opened (else what the open connections still see
is copied to ``<file>.rescued-<time>`` and the write is refused), and a missing file
whose ``-wal`` still holds pages, or that has a rescued copy, is refused instead of
being made empty (see :func:`check_sqlite_file`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not on Windows: SQLite's busy timeout alone
    fcntl = None  # type: ignore[assignment]

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from cardschool.engine.messages import message

from .basics import DatabaseError, StoreError
from .messages import CLASSROOM as _CATALOG  # noqa: F401 (registers the sentences used here)

__all__ = [
    "DEFAULT_FILE",
    "ENV_VAR",
    "DatabaseError",
    "StoreError",
    "check_sqlite_file",
    "database_url",
    "migrate",
    "open_engine",
    "plain_error",
    "reading",
    "schema_revision",
    "why_failed",
    "writing",
]

ENV_VAR = "CARDSCHOOL_DB"
"""The environment variable naming the class database (a file path or a URL)."""
DEFAULT_FILE = "cardschool.db"
"""The SQLite file used when nothing else is said, in the server's working folder."""
BUSY_SECONDS = 10.0
"""How long a SQLite writer waits for another kernel's write to end before giving up."""
MIGRATIONS = Path(__file__).parent / "migrations"
_READ = "cardschool_read"
_OPENED: weakref.WeakKeyDictionary[Engine, dict[str, Any]] = weakref.WeakKeyDictionary()
"""Per SQLite file engine: the file's identity when opened, and its rescued copy if any."""
_PG_LOCK = 72_616_317  # the advisory lock taken while migrating a PostgreSQL database

log = logging.getLogger(__name__)


def _pragmas() -> tuple[tuple[str, object], ...]:
    """SQLite settings of every connection (with WAL, and ``synchronous`` at NORMAL: in WAL
    mode that is safe and needs no fsync per commit); the busy timeout as set when it opens."""
    return (
        ("busy_timeout", int(BUSY_SECONDS * 1000)),
        ("foreign_keys", "ON"),
        ("synchronous", "NORMAL"),
    )


def database_url(value: str | None = None) -> str:
    """The class database URL: ``value``, else ``CARDSCHOOL_DB``, else the default file."""
    value = value or os.environ.get(ENV_VAR) or DEFAULT_FILE
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


_SIGNS = (
    ("busy", ("locked", "busy")),
    ("read-only", ("readonly", "read-only", "read only")),
    ("full", ("full", "no space")),
    (
        "not-answering",  # a stopped, restarting or dropped server
        (
            "connection refused",
            "server running",
            "server closed",
            "terminating connection",
            "is closed",
            "consuming input",
            "timeout expired",
            "timed out",
            "shutting down",
            "starting up",
        ),
    ),
    ("not-found", ("unable to", "not exist", "resolve host")),
)
"""Why the database failed (a ``classroom:db-why.*`` message), by the first fragment of the
driver's error text (SQLite, psycopg) that matches, in this order; none: it refused."""


def why_failed(error: BaseException) -> str:
    """The ``classroom:db-why.*`` id saying why the database failed, read off its error."""
    text = str(getattr(error, "orig", error)).lower()
    for why, signs in _SIGNS:
        if any(sign in text for sign in signs):
            return f"classroom:db-why.{why}"
    return "classroom:db-why.refused"


def plain_error(error: BaseException) -> DatabaseError:
    """A database exception as our sentence; the library's words go to the log only."""
    log.warning("the class database failed: %s", getattr(error, "orig", error))
    said = message("classroom:db-failed", why=message(why_failed(error)))
    return DatabaseError(said)


def _sqlite_setup(engine: Engine) -> None:
    """WAL, foreign keys, a busy timeout, and BEGIN IMMEDIATE for every writing transaction."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        with contextlib.suppress(Exception):  # a read-only file keeps its mode; reads work
            cursor.execute(_pragma("journal_mode", "WAL"))
        for name, value in _pragmas():
            cursor.execute(_pragma(name, value))
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        read = connection.get_execution_options().get(_READ, False)
        connection.exec_driver_sql("BEGIN" if read else "BEGIN IMMEDIATE")


def _pragma(name: str, value: object) -> str:
    """The SQLite statement setting ``name`` to ``value``."""
    return f"PRAGMA {name}={value}"


def _pragma_call(name: str) -> str:
    """The SQLite statement running the pragma ``name`` (a check that returns rows)."""
    return f"PRAGMA {name}"


def _identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file at ``path`` (None: there is no file)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _wal_holds_pages(path: str) -> bool:
    """Whether ``<path>-wal`` exists and is not empty (it may hold records)."""
    try:
        return os.path.getsize(f"{path}-wal") > 0
    except OSError:
        return False


def _rescued(path: str) -> list[Path]:
    """The copies :func:`writing` made of this file after it vanished, oldest first."""
    file = Path(path)
    return sorted(file.parent.glob(f"{file.name}.rescued-*"))


def check_sqlite_file(path: str) -> None:
    """Refuse to make a new empty database where a class database vanished: its ``-wal``
    still holds pages, or a copy of it was rescued."""
    if os.path.exists(path):
        return
    rescued = _rescued(path)
    if rescued:
        said = message("classroom:db-missing-rescued", path=path, copy=str(rescued[-1]))
    elif _wal_holds_pages(path):
        said = message("classroom:db-missing-wal", path=path, wal=f"{path}-wal")
    else:
        return
    raise StoreError(said)


def _sqlite_engine(url: str) -> Engine:
    """An engine on a SQLite URL; on a file, one that never makes the file again once made."""
    path = sa.engine.make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return sa.create_engine(url, connect_args={"timeout": BUSY_SECONDS})
    check_sqlite_file(path)
    if not os.path.exists(path):
        sqlite3.connect(path).close()  # a first database: made here, and only here
    opened = _identity(path)
    uri = f"file:{Path(path).as_posix()}?mode=rw"

    def connect() -> sqlite3.Connection:
        if _identity(path) != opened:
            raise _vanished(path, None)
        return sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, check_same_thread=False)

    engine = sa.create_engine(url, creator=connect)
    _OPENED[engine] = {"opened": opened}  # checked by every write: see _still_there
    return engine


def _vanished(path: str, copy: Path | None) -> StoreError:
    """The teacher's sentence for a database file removed while this server ran."""
    if copy is None:
        return StoreError(message("classroom:db-vanished", path=path))
    return StoreError(message("classroom:db-vanished-rescued", path=path, copy=str(copy)))


def _still_there(engine: Engine) -> None:
    """Refuse to write when the SQLite file this engine opened is gone or replaced, after
    copying what this server's open connections still see of it (once)."""
    info = _OPENED.get(engine, {})
    path = engine.url.database
    if "opened" not in info or not path or _identity(path) == info["opened"]:
        return
    if "rescued" not in info:
        info["rescued"] = _rescue(engine, path)
    raise _vanished(path, info["rescued"])


def _rescue(engine: Engine, path: str) -> Path | None:
    """Copy the vanished database from a connection still open on it; None if there is none
    (a new connection is never made: the file is gone)."""
    copy = Path(f"{path}.rescued-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        with engine.connect() as connection:  # an idle one, still open on the old file
            source = connection.connection.driver_connection
            target = sqlite3.connect(copy)
            try:
                source.backup(target)  # type: ignore[union-attr]
            finally:
                target.close()
    except Exception:  # no open connection left, or the copy failed
        return None
    return copy


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@cache
def _revisions() -> tuple[str, frozenset[str]]:
    """The newest revision and every revision of the shipped migrations (read once)."""
    scripts = ScriptDirectory.from_config(_config())
    head = scripts.get_current_head()
    assert head is not None
    return head, frozenset(script.revision for script in scripts.walk_revisions())


def head_revision() -> str:
    """The newest schema revision this code knows."""
    return _revisions()[0]


def schema_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (None for an empty database)."""
    with reading(engine) as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Carry the database forward to ``revision``; refuse one newer than this code."""
    known = _revisions()[1]
    current = schema_revision(engine)
    if current is not None and current not in known:
        raise StoreError(message("classroom:db-newer", current=current, head=head_revision()))
    if current == (head_revision() if revision == "head" else revision):
        return
    if engine.dialect.name == "sqlite":
        _migrate_sqlite(engine, revision)
        return
    with writing(engine) as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(sa.select(sa.func.pg_advisory_xact_lock(_PG_LOCK)))
        command.upgrade(_config(connection), revision)


def _migrate_sqlite(engine: Engine, revision: str) -> None:
    """The upgrade on SQLite, with its foreign keys off while it runs: a batch migration
    copies a table and drops the old one, which rows of other tables still point at (the
    pragma changes nothing inside a transaction, so it is set before). The keys are checked
    before the upgrade commits, and on again after."""
    _still_there(engine)
    with _queue(engine), engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        assert raw is not None
        raw.execute(_pragma("foreign_keys", "OFF"))
        try:
            with connection.begin():
                command.upgrade(_config(connection), revision)
                check = _pragma_call("foreign_key_check")
                broken = connection.exec_driver_sql(check).fetchall()
                if broken:  # the migration left a row pointing nowhere: none of it is kept
                    raise sa.exc.IntegrityError(check, None, Exception(broken))
        finally:
            raw.execute(_pragma("foreign_keys", "ON"))


def open_engine(url: str | None = None, *, upgrade: bool = True) -> Engine:
    """An engine on the class database (see :func:`database_url`), its schema made current."""
    url = database_url(url)
    try:
        if url.startswith("sqlite"):
            engine = _sqlite_engine(url)
            _sqlite_setup(engine)
        else:
            engine = sa.create_engine(url, pool_pre_ping=True)
        if upgrade:
            migrate(engine)
    except StoreError:
        raise
    except (sa.exc.SQLAlchemyError, sqlite3.Error, OSError) as error:
        raise plain_error(error) from error
    return engine


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection in a read transaction (SQLite: a plain BEGIN, no write lock); refused
    like a write when the file vanished, so the teacher's board says so."""
    _still_there(engine)
    with engine.connect().execution_options(**{_READ: True}) as connection, connection.begin():
        yield connection


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A connection in a writing transaction, committed at the end or rolled back on error.

    On a SQLite file, writers of this machine first queue on an OS lock beside the file
    (``<file>.lock``): the kernel wakes the next one as soon as a write ends, where
    SQLite's own busy handler polls with pauses of up to 100 ms and starves some writers
    when thirty of them write at once. The busy timeout still applies behind it.
    """
    _still_there(engine)
    with _queue(engine), engine.begin() as connection:
        yield connection


@contextmanager
def _queue(engine: Engine) -> Iterator[None]:
    """Hold ``<file>.lock`` (an exclusive flock) while writing a SQLite file, where possible."""
    path = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
    if not path or path.startswith("file:") or path == ":memory:" or fcntl is None:
        yield
        return
    try:
        handle = open(f"{path}.lock", "a")  # noqa: SIM115 (held for the transaction)
    except OSError:  # a read-only folder: SQLite alone decides
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
