"""The class store against SQLite and a real PostgreSQL: classes, keys, students, records."""

from __future__ import annotations

import json

import pytest

from cardschool.widgets.classroom.db import StoreError, open_engine
from cardschool.widgets.classroom.roster import rename_student
from cardschool.widgets.classroom.store import (
    CODE_ALPHABET,
    ClassStore,
    MembershipError,
    RecordIn,
    illegal_counts,
)

NASTY = '<script>alert("x")</script>&<b>'


def deal(**fields) -> RecordIn:
    base = {"kind": "deal", "target": "MIL-7K3Q", "result": "won", "score": 120}
    return RecordIn(**{**base, **fields})


def test_a_class_gets_a_code_and_a_key_kept_hashed(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set(code) & set("01OILU")
    school = store.open_class(code.lower(), key)
    assert school.title == "Year 7"
    assert key not in school.key_hash and school.key_hash.startswith("scrypt$")


def test_a_wrong_key_or_code_is_refused(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    other, _ = store.create_class("Year 8")
    for bad_code, bad_key in [(code, key + "x"), (code, ""), (other, key), ("ZZZZZZ", key)]:
        with pytest.raises(StoreError, match="do not match"):
            store.open_class(bad_code, bad_key)
    with pytest.raises(StoreError, match="six letters"):
        store.open_class("ABC", key)
    with pytest.raises(StoreError):
        store.records(code, key[:-1])


def test_students_join_once_per_name_and_their_token_proves_it(db_url):
    store = ClassStore(db_url)
    code, _key = store.create_class("Year 7")
    ann, token = store.join(code, "  Ann   Lee ")
    assert ann.name == "Ann Lee"
    assert store.member(code, "Ann Lee", token) == ann
    with pytest.raises(StoreError, match="already called"):
        store.join(code, "Ann Lee")
    forged = token[:-1] + ("y" if token.endswith("x") else "x")  # differs from the real one
    for name, bad in [("Ann Lee", forged), ("Ann Lee", 42), ("Bob", forged)]:
        with pytest.raises(StoreError):
            store.member(code, name, bad)
    assert store.member(code, "Bob", token) == ann  # the token decides: Ann, as Ann Lee
    with pytest.raises(StoreError, match="There is no class"):
        store.join("ZZZZZZ", "Ann")


def test_bad_names_are_refused_and_markup_is_kept_as_text(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    for bad in ["", "   ", "x" * 41, "a\u0000b", None]:
        with pytest.raises(ValueError):
            store.join(code, bad)
    member, _ = store.join(code, NASTY[:40])
    assert store.students(code, key) == [(member.student_id, NASTY[:40])]


def test_records_are_kept_once_each_with_their_fields(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    ann, _ = store.join(code, "Ann")
    bob, _ = store.join(code, "Bob")
    first = deal(illegal={"mille.draw.pile": 2, "mille.discard": 1}, hints=3, coach=1, seconds=95)
    assert store.record(ann, first) is True
    assert store.record(ann, first) is False  # the same uid again: kept once
    store.record(bob, deal(result="lost", score=-40, illegal={"mille.draw.pile": 1}))
    rows = store.records(code, key)
    assert [(r.student_id, r.result, r.score) for r in rows] == [
        (ann.student_id, "won", 120),
        (bob.student_id, "lost", -40),
    ]
    assert (rows[0].hints, rows[0].coach, rows[0].seconds) == (3, 1, 95)
    assert illegal_counts(rows) == {"mille.draw.pile": 3, "mille.discard": 1}
    assert [r.uid for r in store.own_records(bob)] == [rows[1].uid]


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "poker"},
        {"result": "great"},
        {"score": "12"},
        {"illegal": {"not a rule": 1}},
        {"illegal": {"mille.discard": 0}},
        {"hints": -1},
        {"save": "x" * 400_001},
        {"uid": "nope"},
        {"target": ""},
    ],
)
def test_a_record_out_of_bounds_is_refused_and_nothing_is_kept(tmp_path, fields):
    store = ClassStore(str(tmp_path / "c.db"))
    code, key = store.create_class("Year 7")
    ann, _ = store.join(code, "Ann")
    with pytest.raises(StoreError, match="refused"):
        store.record(ann, deal(**fields))
    assert store.records(code, key) == []


def test_a_teacher_reads_a_saved_deal_of_their_class_only(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    other, other_key = store.create_class("Year 8")
    ann, _ = store.join(code, "Ann")
    store.record(ann, deal(save=json.dumps({"x": 1})))
    record_id = store.records(code, key)[0].id
    assert json.loads(store.saved_deal(code, key, record_id)) == {"x": 1}
    with pytest.raises(StoreError):
        store.saved_deal(other, other_key, record_id)
    with pytest.raises(StoreError):
        store.saved_deal(code, "wrong", record_id)


def test_assignments_keep_their_order_and_bounds(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    store.add_assignment(code, key, "deal", "MLA-7K3Q")
    store.add_assignment(code, key, "exercises", "exercises/mililla-beat.toml")
    assert [a[1:] for a in store.assignments(code)] == [
        ("deal", "MLA-7K3Q"),
        ("exercises", "exercises/mililla-beat.toml"),
    ]
    with pytest.raises(StoreError):
        store.add_assignment(code, "wrong", "deal", "MLA-7K3Q")
    with pytest.raises(StoreError):
        store.add_assignment(code, key, "deal", "")
    for again in ("MLA-7K3Q", " mla-7k3q "):  # given once is enough: a second is refused
        with pytest.raises(StoreError, match="has this assignment already"):
            store.add_assignment(code, key, "deal", again)
    assert len(store.assignments(code)) == 2


def test_the_default_database_is_a_file_named_by_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSCHOOL_DB", str(tmp_path / "from-env.db"))
    ClassStore().create_class("Year 7")
    assert (tmp_path / "from-env.db").exists()
    engine = open_engine()
    assert engine.url.database == str(tmp_path / "from-env.db")


def test_a_hub_vouched_name_gets_a_new_token_and_the_old_one_stops_working(db_url):
    store = ClassStore(db_url)
    code, _key = store.create_class("Year 7")
    first, old = store.join(code, "ann", vouched=True)
    again, new = store.join(code, "ann", vouched=True)
    assert again == first and new != old
    assert store.member(code, "ann", new) == first
    with pytest.raises(MembershipError):
        store.member(code, "ann", old)
    for bad in [("ZZZZZZ", "ann", new), ("nope", "ann", new), (code, "", new)]:
        with pytest.raises(MembershipError):
            store.member(*bad)


def test_a_name_joined_with_the_code_never_becomes_a_hub_user_nor_the_other_way(db_url):
    store = ClassStore(db_url)
    code, key = store.create_class("Year 7")
    ann, _token = store.join(code, "ann", vouched=True)  # signed in by the hub
    with pytest.raises(StoreError, match="already called ann"):
        store.join(code, "Ann")  # typed at the class code: taken, as any name
    with pytest.raises(StoreError, match="sign in on the hub"):
        store.join(code, "ann", rejoin="ABCDEF")  # no rejoin code makes anyone a hub user
    with pytest.raises(StoreError, match="sign in on the hub"):
        store.let_in_again(code, key, ann.student_id)
    with pytest.raises(StoreError, match="sign in on the hub"):
        store.rejoin_code(ann)  # leaving a class page: no code either, the hub lets them back
    dan, _token = store.join(code, "dan")  # typed first, before the hub user dan came
    with pytest.raises(StoreError, match="ask your teacher to rename them"):
        store.join(code, "dan", vouched=True)  # the hub user is refused, not made that student
    rename_student(store, code, key, dan.student_id, "Dan B")
    hub_dan, _token = store.join(code, "dan", vouched=True)
    assert hub_dan.student_id != dan.student_id
    rename_student(store, code, key, hub_dan.student_id, "Daniel")  # renamed, still the hub's
    again, _token = store.join(code, "dan", vouched=True)
    assert (again.student_id, again.name) == (hub_dan.student_id, "Daniel")
