"""Recording a finished deal in the class store while 30 kernels write at once (target p95 20 ms).

Thirty processes (as thirty kernels of one Voilà server) each record finished deals, with
a real session save, into one SQLite file in WAL mode; the figure is the time of one
``ClassStore.record`` call, from all writers together.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import tempfile
import time
from pathlib import Path

from cardschool.engine.session import Session
from cardschool.widgets.classroom.store import ClassStore, RecordIn

WRITERS = 30


def _save() -> str:
    """The save of a Mille hand played out by bots (a finished deal's typical size)."""
    session = Session.new("mille", 7, seats=("basic", "basic"))
    session.run_bots()
    return session.to_json()


def _writer(url, code, name, token, count, save, pause, start, out) -> None:
    store = ClassStore(url)
    member = store.member(code, name, token)
    rng = random.Random(name)
    start.wait()
    times = []
    for number in range(count):
        time.sleep(rng.uniform(0, 2 * pause))
        record = RecordIn("deal", "MIL-7K3Q", "won", score=number, seconds=60, save=save)
        began = time.perf_counter()
        store.record(member, record)
        times.append(time.perf_counter() - began)
    out.put(times)


def run(quick: bool = False) -> list[dict]:
    """p50 and p95 of one record with 30 writers, back to back and paced; rows for bench.py."""
    count = 5 if quick else 30
    save = _save()
    rows = []
    for pause, how in ((0.0, "back to back"), (0.1, "paced, 1 per 0.1 s each")):
        times = _measure(count, save, pause)
        p95 = times[int(0.95 * (len(times) - 1))]
        note = f"{WRITERS} writers {how}, {len(times)} records, save {len(save) // 1024} KB"
        rows.append(
            {
                "name": "class record p50",
                "figure": statistics.median(times),
                "unit": "ms",
                "note": note,
            }
        )
        rows.append(
            {"name": "class record p95", "figure": p95, "unit": "ms", "target": 20, "note": note}
        )
    return rows


def _measure(count: int, save: str, pause: float) -> list[float]:
    """Every record's time in ms, sorted, with 30 writers pausing ``pause`` s on average."""
    with tempfile.TemporaryDirectory() as folder:
        url = str(Path(folder) / "class.db")
        store = ClassStore(url)
        code, _key = store.create_class("Bench")
        members = [store.join(code, f"Student {n}") for n in range(WRITERS)]
        context = multiprocessing.get_context("fork")
        start, out = context.Barrier(WRITERS), context.Queue()
        processes = [
            context.Process(
                target=_writer, args=(url, code, m.name, t, count, save, pause, start, out)
            )
            for m, t in members
        ]
        for process in processes:
            process.start()
        times = [t * 1000 for _ in processes for t in out.get(timeout=300)]
        for process in processes:
            process.join()
    return sorted(times)


if __name__ == "__main__":
    from bench import print_rows

    print_rows(run(quick=True))
