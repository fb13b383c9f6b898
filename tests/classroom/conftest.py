"""Fixtures of the class store's tests: a SQLite file per test and a real PostgreSQL server."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from .postgres import pg_bin, running_postgres

_NAMES = itertools.count()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server for the whole session; skipped only outside CI when not installed."""
    bin_dir = pg_bin()
    if bin_dir is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL is not installed (apt-get install -y postgresql)")
        pytest.skip("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin")
    with running_postgres(bin_dir) as url:
        yield url


def fresh_pg_database(server: str) -> str:
    """A new empty database on the server; its URL."""
    name = f"cs_{os.getpid()}_{next(_NAMES)}"
    engine = sa.create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    engine.dispose()
    return f"{server}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:
    """An empty class database: a SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "class.db")
    return fresh_pg_database(request.getfixturevalue("postgres_server"))
