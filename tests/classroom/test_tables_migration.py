"""Migration 0007 on a database that holds shared tables already (issue 29.4): nothing lost
(and 0009 after it: the seats kept, nothing counted for them yet).

SQLite copies a table to add a foreign key to it (a batch migration) and drops the old one,
which the seats and moves still point at: the class store turns its foreign keys off for the
upgrade, checks them before it commits, and on again after.
"""

from __future__ import annotations

import sqlalchemy as sa

from cardschool.widgets.classroom.db import head_revision, migrate, open_engine, schema_revision


def test_tables_seats_and_moves_kept_before_the_class_tables_migration_survive_it(db_url):
    engine = open_engine(db_url, upgrade=False)
    migrate(engine, "0006")
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO shared_tables (id, code, game, variants, level, seed, created, "
                "creator) VALUES (1, 'ABCDEFGH', 'mililla', '{}', 'basic', 42, "
                "'2026-01-01', :creator)"
            ),
            {"creator": "c" * 64},
        )
        connection.execute(
            sa.text(
                "INSERT INTO table_moves (id, table_id, number, seat, move, by) "
                "VALUES (1, 1, 1, 0, '5O', 'human')"
            )
        )
        for seat in range(4):
            connection.execute(
                sa.text(
                    "INSERT INTO table_seats (id, table_id, number, kind) "
                    "VALUES (:id, 1, :seat, :kind)"
                ),
                {"id": seat + 1, "seat": seat, "kind": "human" if seat == 0 else "bot"},
            )
    migrate(engine)
    assert schema_revision(engine) == head_revision()
    with engine.connect() as connection:
        seats = connection.execute(sa.text("SELECT number, kind, counts FROM table_seats")).all()
        table = connection.execute(sa.text("SELECT code, class_id FROM shared_tables")).one()
        moves = connection.execute(sa.text("SELECT table_id, number, move FROM table_moves")).all()
    assert sorted(seats) == [
        (0, "human", None),
        (1, "bot", None),
        (2, "bot", None),
        (3, "bot", None),
    ]
    assert tuple(table) == ("ABCDEFGH", None)  # nobody's class's
    assert [tuple(move) for move in moves] == [(1, 1, "5O")]
    if engine.dialect.name == "sqlite":  # the keys are on again for the store's work
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            connection.rollback()
