"""Migration 0004: names stored with direction or invisible characters are cleaned (26.4)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import sqlalchemy as sa

from cardschool.widgets.classroom import migrations
from cardschool.widgets.classroom.db import migrate, open_engine
from cardschool.widgets.classroom.keys import name_key, token_hash
from cardschool.widgets.classroom.members import clean_name
from cardschool.widgets.classroom.store import ClassStore

TOKEN = "t" * 32
OLD = {
    1: "Twin",
    2: "Tw\u202ein",  # reads "Twin" once cleaned: a suffix
    3: "Zo\u200bë",
    4: "\u202eniwT",
    5: "\u202e",  # nothing left: "?"
    6: "twin",  # joined before look-alikes were compared: clean, so kept as it is
    7: "Tw\u2066in\u2069",  # another "Twin": the next suffix
}


def test_stored_names_are_cleaned_as_new_ones_and_a_collision_gets_a_suffix(db_url):
    engine = open_engine(db_url, upgrade=False)
    migrate(engine, "0003")
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO classes (id, code, title, key_hash, created) "
                "VALUES (1, 'ABCDEF', :title, 'scrypt$1$1$1$00$00', '2026-01-01')"
            ),
            {"title": "Year\u202e 7"},
        )
        for ident, name in OLD.items():
            connection.execute(
                sa.text(
                    "INSERT INTO students (id, class_id, name, token_hash, joined) "
                    "VALUES (:id, 1, :name, :hash, '2026-01-01')"
                ),
                {"id": ident, "name": name, "hash": token_hash(f"{TOKEN}{ident}")},
            )
    migrate(engine)
    with engine.connect() as connection:
        names = dict(connection.execute(sa.text("SELECT id, name FROM students")).all())
        title = connection.scalar(sa.text("SELECT title FROM classes"))
    assert names == {1: "Twin", 2: "Twin 2", 3: "Zoë", 4: "niwT", 5: "?", 6: "twin", 7: "Twin 3"}
    assert title == "Year 7"
    store = ClassStore(engine=engine)
    # a browser still holding the old name keeps its membership
    assert store.member("ABCDEF", OLD[4], f"{TOKEN}4").name == "niwT"
    assert store.member("ABCDEF", OLD[3], f"{TOKEN}3").name == "Zoë"


def test_the_migration_cleans_and_compares_names_as_the_store_does_now():
    path = Path(migrations.__file__).parent / "versions" / "0004_clean_names.py"
    spec = importlib.util.spec_from_file_location("clean_names_0004", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in [*OLD.values(), "  Ａnn\u00ad  Lee ", "Тwin", "x\u0007y", "é" * 50]:
        assert module.clean_name(name) == clean_name(name)
        assert module.name_key(name) == name_key(name)
