"""The class page over a class database that does not answer (a PostgreSQL address where no
server listens), for the browser tests (``test_page_lost.py``)."""

from __future__ import annotations

import socket

from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.student import ClassPage, ClassWidget


def _closed_port() -> int:
    """A local port no server listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def class_page_database_down() -> ClassPage:
    """The student's class page whose database server is stopped."""
    url = f"postgresql+psycopg://postgres@127.0.0.1:{_closed_port()}/cardschool"
    return ClassPage(ClassWidget(lambda: ClassStore(url)), "exercises")
