"""The class database's schema versions and its failures: each a plain message, nothing damaged."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from cardschool.widgets.classroom import db
from cardschool.widgets.classroom.db import StoreError, migrate, open_engine, schema_revision
from cardschool.widgets.classroom.models import Base
from cardschool.widgets.classroom.store import ClassStore, RecordIn


def a_record(**fields) -> RecordIn:
    return RecordIn(**{"kind": "deal", "target": "MIL-7K3Q", "result": "won", **fields})


def test_the_migrations_build_exactly_the_models(db_url):
    engine = open_engine(db_url)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_a_first_schema_database_is_carried_forward_with_nothing_lost(db_url):
    engine = open_engine(db_url, upgrade=False)
    migrate(engine, "0001")
    assert schema_revision(engine) == "0001"
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO classes (id, code, title, key_hash, created) "
                "VALUES (1, 'ABCDEF', 'Old class', 'scrypt$1$1$1$00$00', '2026-01-01')"
            )
        )
        connection.execute(
            sa.text(
                "INSERT INTO students (id, class_id, name, token_hash, joined) "
                "VALUES (1, 1, 'Ann', 'x', '2026-01-01')"
            )
        )
        connection.execute(
            sa.text(
                "INSERT INTO records (uid, class_id, student_id, kind, target, result, score, "
                "illegal, finished) VALUES ('0' , 1, 1, 'deal', 'MIL-0000', 'won', 80, "
                "'{\"mille.discard\": 1}', '2026-01-02')"
            )
        )
    store = ClassStore(db_url)  # opening it migrates to the newest schema
    assert schema_revision(store.engine) == db.head_revision()
    with store.engine.connect() as connection:
        rows = connection.execute(
            sa.text("SELECT target, score, illegal, seconds, hints, coach FROM records")
        ).all()
    assert [tuple(row) for row in rows] == [("MIL-0000", 80, '{"mille.discard": 1}', None, 0, 0)]


def test_a_newer_schema_is_refused_and_not_written(db_url):
    store = ClassStore(db_url)
    store.create_class("Year 7")
    with store.engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999_future'"))
    with pytest.raises(StoreError, match="newer than this cardschool"):
        ClassStore(db_url)
    with store.engine.connect() as connection:
        assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == (
            "9999_future"
        )
        assert connection.execute(sa.text("SELECT count(*) FROM classes")).scalar() == 1


def test_a_missing_folder_gives_a_plain_message(tmp_path):
    with pytest.raises(StoreError, match="cannot be opened"):
        ClassStore(str(tmp_path / "no such folder" / "class.db"))


def test_a_read_only_database_refuses_writes_and_keeps_its_records(tmp_path):
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    ann, token = store.join(code, "Ann")
    store.record(ann, a_record())
    read_only = ClassStore(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert read_only.member(code, "Ann", token) == ann  # reading still works
    with pytest.raises(StoreError, match="read-only"):
        read_only.record(ann, a_record())
    assert len(store.records(code, key)) == 1


def test_a_locked_database_gives_a_plain_message_and_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "class.db"
    code, key = ClassStore(str(path)).create_class("Year 7")
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.2)
    store = ClassStore(str(path))
    ann, _ = store.join(code, "Ann")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another kernel holds the write lock
    try:
        with pytest.raises(StoreError, match="busy"):
            store.record(ann, a_record())
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.records(code, key) == []
    assert store.record(ann, a_record()) is True  # once free, it writes again


def test_a_full_database_gives_a_plain_message_and_keeps_what_it_had(tmp_path):
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    ann, _ = store.join(code, "Ann")
    store.record(ann, a_record())

    @sa.event.listens_for(store.engine, "connect")
    def _no_room(dbapi_connection, _record):
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    store.engine.dispose()  # new connections: the disk is "full"
    with pytest.raises(StoreError, match="full"):
        store.record(ann, a_record(save="x" * 300_000))
    rows = store.records(code, key)
    assert len(rows) == 1 and rows[0].result == "won"


def test_the_store_imports_nothing_of_jupyter():
    import ast

    folder = Path(db.__file__).parent
    files = [folder / name for name in ("store.py", "db.py", "models.py")]
    files += sorted((folder / "migrations").rglob("*.py"))
    allowed = {"__future__", "alembic", "sqlalchemy", "cardschool"}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                continue  # the package's own modules
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top in allowed or top in sys.stdlib_module_names, (path.name, name)
                assert not name.startswith("cardschool.widgets"), (path.name, name)


def test_a_database_file_removed_under_a_running_server_is_neither_written_nor_made_again(
    tmp_path,
):
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    member, _token = store.join(code, "Ann")
    store.record(member, a_record(uid="1" * 32))
    wal = Path(f"{path}-wal")
    path.unlink()  # someone removes the file while students work
    with pytest.raises(StoreError, match="was removed while the server was running") as told:
        store.record(member, a_record(uid="2" * 32))  # the page must not say "recorded"
    with pytest.raises(StoreError, match="was removed while the server was running"):
        store.records(code, key)  # the teacher's board says so too
    rescued = sorted(tmp_path.glob("class.db.rescued-*"))
    assert len(rescued) == 1 and str(rescued[0]) in str(told.value)
    kept = ClassStore(str(rescued[0]))  # what the running server saw is kept
    with kept.engine.connect() as connection:
        assert connection.execute(sa.text("SELECT title FROM classes")).scalars().all() == [
            "Year 7"
        ]
        assert connection.execute(sa.text("SELECT uid FROM records")).scalars().all() == ["1" * 32]
    wal_size = wal.stat().st_size if wal.exists() else None
    with pytest.raises(StoreError, match="was not made"):
        ClassStore(str(path))  # a new kernel refuses to make an empty one in its place
    assert not path.exists()
    assert (wal.stat().st_size if wal.exists() else None) == wal_size  # the WAL is untouched


def test_a_missing_file_whose_wal_holds_pages_is_not_made_empty(tmp_path):
    path = tmp_path / "class.db"
    Path(f"{path}-wal").write_bytes(b"\x37\x7f\x06\x82" + bytes(60))
    with pytest.raises(StoreError, match=r"journal .* still holds records"):
        ClassStore(str(path))
    assert not path.exists() and Path(f"{path}-wal").stat().st_size == 64
