"""Shared tables on the class server (issue 29): how soon the other players see a move.

The real class server (``python -m cardschool.widgets.classroom.server``) runs in a
subprocess on a free loopback port, over a temporary SQLite file and then over a throw-away
PostgreSQL cluster (``tests/classroom/postgres.py``, as the tests start it), with a kernel
key. :data:`TABLES` tables of Mililla at Basic, four people each and no bot, are played by
headless clients (asyncio and httpx in this process, loopback only): each player sits,
reads the deal code as a served app's kernel does (the kernel key), keeps a long-poll open
for the moves since the last it knows, and when its turn comes thinks 4 to 8 seconds
(``--think`` scales that) and plays a legal move. The four players of a table replay the
moves through the rules on one shared session (their kernels would each hold one).

The figure: for every accepted move, the time from its answer reaching the player who made
it to each of the other three players' long-poll bringing it (a player who hears it before
the mover has its answer counts 0): p50, p95 and max; beside it, the p95 from the move's
request being sent (the server's check of the move by the rules and its write included). The
goals: p95 at most 1 s with SQLite and 300 ms with PostgreSQL. After each run the store is
read directly: every table's moves are numbered 1..N with no gap, and every accepted move is
there exactly once, as accepted (none lost, none doubled), and no other move is stored but
one sent as the run ended (its answer cut off); a move the server refused (none should be)
is counted too.

``python tests/benchmarks/bench_tables.py --seconds 20 --think 0.25`` runs a short one;
``bench.py bench_tables`` (``make bench``) runs :data:`SECONDS` seconds per database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import os
import random
import re
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

from cardschool.engine.session import HUMAN, Session

REPO = Path(__file__).resolve().parents[2]
TABLES = 15
"""Tables of four people."""
SEATS = 4
THINK_S = (4.0, 8.0)
"""How long a player thinks before a move, in seconds (scaled by ``--think``)."""
SECONDS = 60.0
"""How long each database's run lasts (``--seconds``)."""
QUICK_SECONDS = 20.0
MOST_SECONDS = 600.0
POLL_WAIT_S = 25
"""The wait each long-poll asks for (the server's most)."""
GOALS_MS = {"sqlite": 1000.0, "postgresql": 300.0}
"""The p95 each database must meet, in milliseconds."""
KEY_HEADER = "X-Cardschool-Kernel"


def _postgres() -> Any:
    """``tests/classroom/postgres.py`` (the tests' throw-away PostgreSQL), loaded by path."""
    path = REPO / "tests" / "classroom" / "postgres.py"
    spec = importlib.util.spec_from_file_location("cardschool_bench_postgres", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------------- the server


@contextlib.contextmanager
def class_server(db: str, folder: Path, key: str) -> Iterator[str]:
    """The class server on 127.0.0.1 (a free port) over ``db``, with the kernel key ``key``;
    its base URL. Stopped at the end."""
    key_file = folder / "kernel.key"
    key_file.write_text(key)
    key_file.chmod(0o600)
    command = [
        sys.executable,
        "-m",
        "cardschool.widgets.classroom.server",
        "--host=127.0.0.1",
        "--port=0",
        f"--db={db}",
        "--verifiers=0",
        "--origin=http://127.0.0.1:1",
        f"--kernel-key-file={key_file}",
        "--table-wait=120",  # the players think for seconds: never replaced by the bots
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    log = folder / "server.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            command, cwd=REPO, stdout=subprocess.PIPE, stderr=out, text=True, env=env
        )
    try:
        assert process.stdout is not None
        base = None
        deadline = time.monotonic() + 60
        while base is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            found = re.search(r"http://127\.0\.0\.1:(\d+)/api", line)
            if found:
                base = f"http://127.0.0.1:{found.group(1)}"
        if base is None:
            raise RuntimeError(f"the class server did not start: {log.read_text()[-2000:]}")
        yield base
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ------------------------------------------------------------------------- the players


@dataclass
class Table:
    """One table as its four players' kernels know it."""

    code: str
    tokens: dict[int, str]
    session: Session | None = None
    accepted: dict[int, tuple[int, str, float]] = field(default_factory=dict)
    """Move number -> (seat, move, when its answer reached the mover)."""
    seen: dict[int, dict[int, float]] = field(default_factory=dict)
    """Move number -> seat -> when that seat's long-poll brought it."""
    sent: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Move number -> (seat, move) of every move sent (its answer may be cut by the end)."""
    sent_at: dict[int, float] = field(default_factory=dict)
    """Move number -> when its request was sent."""
    refused: int = 0
    turn: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Run:
    """What the players measured, and what went wrong."""

    tables: list[Table]
    errors: list[str] = field(default_factory=list)


def _apply(table: Table, moves: list[dict[str, Any]]) -> None:
    """Replay the moves a long-poll brought that the table's session has not yet."""
    session = table.session
    assert session is not None
    for move in moves:
        if move["number"] == len(session.steps) + 1:
            session.play(move["move"], move["seat"])


async def _open(client: httpx.AsyncClient, key: str) -> Table:
    """A new Mililla table at Basic, its four seats taken, its deal read with the key."""
    answer = (
        await client.post("/api/tables", json={"game": "mililla", "people": [0, 1, 2, 3]})
    ).json()
    tokens = {answer["seat"]: answer["token"]}
    for _ in range(SEATS - 1):
        sat = (await client.post(f"/api/tables/{answer['code']}/seats", json={})).json()
        tokens[sat["seat"]] = sat["token"]
    table = Table(answer["code"], tokens)
    headers = {"Authorization": f"Bearer {tokens[0]}", KEY_HEADER: key}
    deal = (await client.get(f"/api/tables/{table.code}/deal", headers=headers)).json()
    table.session = Session.from_code(deal["deal_code"], seats=(HUMAN,) * SEATS)
    return table


async def _listen(client: httpx.AsyncClient, table: Table, seat: int, run: Run) -> None:
    """One player's long-poll: every move as it hears it (and its turn when it comes)."""
    headers = {"Authorization": f"Bearer {table.tokens[seat]}"}
    since = 0
    while True:
        path = f"/api/tables/{table.code}/moves?since={since}&wait={POLL_WAIT_S}"
        try:
            answer = await client.get(path, headers=headers)
        except httpx.HTTPError as error:
            run.errors.append(f"poll: {error!r}")
            await asyncio.sleep(0.5)
            continue
        heard = time.monotonic()
        if answer.status_code != 200:
            run.errors.append(f"poll: {answer.status_code} {answer.text[:200]}")
            await asyncio.sleep(0.5)
            continue
        moves = answer.json()["moves"]
        for move in moves:
            table.seen.setdefault(move["number"], {})[seat] = heard
        if moves:
            since = moves[-1]["number"]
            _apply(table, moves)
            table.turn.set()


async def _play(
    client: httpx.AsyncClient, table: Table, seat: int, run: Run, think: float, rng: random.Random
) -> None:
    """One player's turns: wait for it, think, play a legal move."""
    headers = {"Authorization": f"Bearer {table.tokens[seat]}"}
    session = table.session
    assert session is not None
    while not session.deal_over:
        if session.to_move != seat:
            table.turn.clear()
            if session.to_move != seat:
                await table.turn.wait()
            continue
        await asyncio.sleep(rng.uniform(*THINK_S) * think)
        number = len(session.steps) + 1
        move = str(rng.choice(session.legal_moves()))
        table.sent[number] = (seat, move)
        table.sent_at[number] = time.monotonic()
        try:
            answer = await client.post(
                f"/api/tables/{table.code}/moves",
                json={"number": number, "move": move},
                headers=headers,
            )
        except httpx.HTTPError as error:
            run.errors.append(f"play: {error!r}")
            continue
        if answer.status_code != 200:
            table.refused += 1
            run.errors.append(f"play: {answer.status_code} {answer.text[:200]}")
            await asyncio.sleep(0.5)
            continue
        table.accepted[number] = (seat, answer.json()["move"], time.monotonic())
        while len(session.steps) < number:  # its own long-poll brings it back
            table.turn.clear()
            if len(session.steps) < number:
                await table.turn.wait()


async def _players(base: str, key: str, seconds: float, think: float, seed: int) -> Run:
    """The tables opened and played for ``seconds``; what was measured."""
    if not base.startswith("http://127.0.0.1:"):
        raise ValueError("the players talk to a class server on loopback only")
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60.0) as client:
        tables = [await _open(client, key) for _ in range(TABLES)]
        run = Run(tables)
        rng = random.Random(seed)
        tasks = []
        for table in tables:
            for seat in range(SEATS):
                tasks.append(asyncio.create_task(_listen(client, table, seat, run)))
                own = random.Random(rng.random())
                tasks.append(asyncio.create_task(_play(client, table, seat, run, think, own)))
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return run


# ------------------------------------------------------------------------- the figures


def _percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def _checked(db: str, run: Run) -> tuple[int, int, int, int]:
    """The store read directly: (moves stored, tables with a gap, accepted moves lost,
    accepted moves doubled or changed)."""
    url = db if "://" in db else f"sqlite:///{db}"
    engine = sa.create_engine(url)
    stored = gaps = lost = doubled = 0
    try:
        with engine.connect() as connection:
            for table in run.tables:
                rows = connection.execute(
                    sa.text(
                        "SELECT m.number, m.seat, m.move FROM table_moves m "
                        "JOIN shared_tables t ON t.id = m.table_id WHERE t.code = :code "
                        "ORDER BY m.number"
                    ),
                    {"code": table.code},
                ).all()
                stored += len(rows)
                numbers = [row.number for row in rows]
                if numbers != list(range(1, len(numbers) + 1)):
                    gaps += 1
                kept: dict[int, list[tuple[int, str]]] = {}
                for row in rows:
                    kept.setdefault(row.number, []).append((row.seat, row.move))
                for number, (seat, move, _when) in table.accepted.items():
                    found = kept.get(number, [])
                    if not found:
                        lost += 1
                    elif found != [(seat, move)]:
                        doubled += 1
                # a stored move whose answer the run's end cut off was sent, not doubled
                doubled += sum(
                    1
                    for number, found in kept.items()
                    if number not in table.accepted and found != [table.sent.get(number)]
                )
    finally:
        engine.dispose()
    return stored, gaps, lost, doubled


def _rows(name: str, db: str, run: Run, seconds: float) -> list[dict[str, Any]]:
    """The figures of one database's run."""
    delays: list[float] = []
    whole: list[float] = []
    for table in run.tables:
        for number, (seat, _move, accepted) in table.accepted.items():
            heard = table.seen.get(number, {})
            for other in range(SEATS):
                if other != seat and other in heard:
                    delays.append(max(0.0, heard[other] - accepted) * 1000)
                    whole.append((heard[other] - table.sent_at[number]) * 1000)
    accepted = sum(len(table.accepted) for table in run.tables)
    missing = sum(
        1
        for table in run.tables
        for number, (seat, _move, _when) in table.accepted.items()
        for other in range(SEATS)
        if other != seat and other not in table.seen.get(number, {})
    )
    stored, gaps, lost, doubled = _checked(db, run)
    p95 = _percentile(delays, 0.95)
    goal = GOALS_MS[name]
    return [
        {
            "name": f"{name}: seen after accepted, p50",
            "figure": _percentile(delays, 0.5),
            "unit": "ms",
        },
        {
            "name": f"{name}: seen after accepted, p95",
            "figure": p95,
            "unit": "ms",
            "target": f"<= {goal:.0f}",
            "ok": "yes" if p95 <= goal else "NO",
        },
        {
            "name": f"{name}: seen after accepted, max",
            "figure": max(delays, default=0.0),
            "unit": "ms",
        },
        {
            "name": f"{name}: seen after sent (the move checked and written too), p95",
            "figure": _percentile(whole, 0.95),
            "unit": "ms",
        },
        {
            "name": f"{name}: moves accepted",
            "figure": accepted,
            "unit": "moves",
            "target": f"{accepted / seconds:.2f}/s over {seconds:.0f} s",
        },
        {
            "name": f"{name}: others' sightings measured",
            "figure": len(delays),
            "unit": "sightings",
            "target": f"{missing} not heard by the run's end",
        },
        {"name": f"{name}: moves stored", "figure": stored, "unit": "moves"},
        {
            "name": f"{name}: tables with a gap in their numbers",
            "figure": gaps,
            "unit": "tables",
            "target": "0",
            "ok": "yes" if gaps == 0 else "NO",
        },
        {
            "name": f"{name}: accepted moves lost / doubled or changed",
            "figure": f"{lost} / {doubled}",
            "unit": "moves",
            "target": "0 / 0",
            "ok": "yes" if lost == doubled == 0 else "NO",
        },
        {
            "name": f"{name}: moves refused, request errors",
            "figure": f"{sum(t.refused for t in run.tables)}, {len(run.errors)}",
            "unit": "",
        },
    ]


def _one(name: str, db: str, folder: Path, seconds: float, think: float) -> list[dict[str, Any]]:
    """One database's run: the server started, the tables played, the store checked."""
    key = secrets.token_urlsafe(32)
    with class_server(db, folder, key) as base:
        run = asyncio.run(_players(base, key, seconds, think, seed=29))
    if run.errors:
        print(f"{name}: first errors: {run.errors[:3]}", file=sys.stderr)
    return _rows(name, db, run, seconds)


def run(quick: bool = False, seconds: float | None = None, think: float = 1.0) -> list[dict]:
    """The benchmark's rows: SQLite, then PostgreSQL (when its binaries are here)."""
    seconds = seconds or (QUICK_SECONDS if quick else SECONDS)
    if not 0 < seconds <= MOST_SECONDS or not 0 < think <= 10:
        raise ValueError(f"at most {MOST_SECONDS:.0f} s per database and a think scale 0-10")
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="cardschool-bench-tables-") as folder:
        place = Path(folder)
        rows += _one("sqlite", str(place / "class.db"), place, seconds, think)
        postgres = _postgres()
        bin_dir = postgres.pg_bin()
        if bin_dir is None:
            rows.append({"name": "postgresql: not installed", "figure": None, "unit": ""})
            return rows
        with postgres.running_postgres(bin_dir) as server:
            admin = sa.create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
            with admin.connect() as connection:
                connection.exec_driver_sql("CREATE DATABASE bench_tables")
            admin.dispose()
            rows += _one("postgresql", f"{server}/bench_tables", place, seconds, think)
    return rows


def main(argv: list[str]) -> int:
    """The command line: ``--seconds`` per database, ``--think`` (a scale of 4-8 s)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--think", type=float, default=1.0)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import print_rows

    print_rows(run(args.quick, args.seconds, args.think))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
