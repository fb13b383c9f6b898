"""Thirty writer processes on one SQLite file, as thirty kernels of one Voilà server."""

from __future__ import annotations

import multiprocessing

from cardschool.widgets.classroom.store import ClassStore, RecordIn

WRITERS = 30
EACH = 4


def _writer(url: str, code: str, name: str, token: str, start, failures) -> None:
    store = ClassStore(url)
    member = store.member(code, name, token)
    start.wait()
    try:
        for number in range(EACH):
            record = RecordIn("deal", f"MIL-{number:04d}", "won", score=number, save="{}" * 500)
            store.record(member, record)
            store.record(member, record)  # sent again (a retry): must be kept once
    except Exception as error:  # reported to the test, which fails on any
        failures.put(f"{name}: {error}")


def test_thirty_writers_keep_every_record_once(tmp_path):
    url = str(tmp_path / "class.db")
    store = ClassStore(url)
    code, key = store.create_class("Busy class")
    members = [store.join(code, f"Student {n}") for n in range(WRITERS)]
    context = multiprocessing.get_context("fork")
    start, failures = context.Barrier(WRITERS), context.Queue()
    processes = [
        context.Process(target=_writer, args=(url, code, m.name, token, start, failures))
        for m, token in members
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    assert failures.empty(), failures.get()
    rows = store.records(code, key)
    assert len(rows) == WRITERS * EACH
    assert len({row.uid for row in rows}) == len(rows)
    kept = {(row.student_id, row.target) for row in rows}
    assert kept == {(m.student_id, f"MIL-{n:04d}") for m, _ in members for n in range(EACH)}
