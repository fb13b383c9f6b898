"""A class on one Voilà server: headless students play Mililla practice through the kernel API.

No browser: each student does what a page does, with the server's own REST and websocket
API on loopback. It loads ``/voila/render/mililla/practice.ipynb`` (Voilà starts or hands
over a kernel and writes its id into the page), opens that kernel's websocket, asks the
widget manager for every model's state (a ``jupyter.widget.control`` comm and its
``request_states``, as ipywidgets' front end does), sets the bots' level on the level
dropdown (an ``update`` of its ``index``, as a click on the dropdown sends) and the bots'
delay to 0 (a ``speed`` intent), then plays: after thinking 4-8 s (seeded) it sends the
same intents the table's front end sends (``card`` with the state's ``rev``; ``next`` or
``new-deal`` after a round), and waits for the table to come back to it.

Measured per student: the open time (from the page request to a table waiting for the
learner's card) and every click-to-turn (from the intent sent to the state that is the
learner's turn again: the bots' three cards, or the round's end, included). With
``coach`` the student turns the coach on once (it stays on) and plays each turn once
the coach's advice is shown; that wait is counted in click-to-turn too.
A run has two parts: the class arrives (one page every ``spread / students`` seconds;
each new kernel costs the server ~1.3 s of CPU, so arrivals load it most), then, once
everyone is in, the class plays on for ``seconds`` while a few more pages open one by
one (the "open while all play" figure). Reported per run: open p50/p95 of the arrivals
and of the late pages, click-to-turn p50/p95/max over the whole run and over the time
everyone is in, errors (refused intents, kernel errors, timeouts, lost connections), the
server's CPU share (the Voilà process and its kernels, of all cores), the generator's
own CPU share, the most kernels alive at once and their memory (the server sampled
once a second; "server CPU, all in" is its share while the whole class plays).

Bounded: at most ``MAX_STUDENTS`` students and ``MAX_SECONDS`` seconds per run; the
server is started here on 127.0.0.1 and nothing else is contacted. Every student ends
its kernel when it leaves (``DELETE /api/kernels/<id>``, as a page's unload does).
``make bench`` runs :data:`FULL_PLAN` (``--quick``: 3 students at basic, 20 s); one class:
``python tests/benchmarks/bench_class.py --students 30 --level expert --seconds 120``
(``--coach``, ``--spread 0`` for a burst of opens, ``--ipc`` for kernels over IPC).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient

_SUPPORT = Path(__file__).resolve().parents[1] / "browser" / "browser_support.py"
_spec = importlib.util.spec_from_file_location("browser_support", _SUPPORT)
assert _spec and _spec.loader
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)
sys.path.insert(0, str(Path(__file__).parent))
from headless_student import LEVEL_INDEX, Student, Tally  # noqa: E402 (found beside this file)

MAX_STUDENTS = 80
MAX_SECONDS = 600
SETTLE_S = 8.0
"""Seconds the server is left to fill its kernel pools before the students arrive."""
LATE_OPENS = 5
"""Pages opened one by one while the whole class plays."""
LATE_GAP_S = 6.0
"""Seconds between those late opens."""


async def _student(
    base: str, number: int, level: str, coach: bool, tally: Tally, delay: float, game: str
) -> None:
    await asyncio.sleep(delay)
    http = AsyncHTTPClient(force_instance=True)
    student = Student(base, number, level, coach, tally, game)
    try:
        try:
            await student.open(http)
        finally:
            tally.arrived += 1
        await student.play()
    except Exception as error:  # a student's failure is a measured error, not a crash
        tally.errors.append(f"student {number}: {type(error).__name__}: {error}")
    finally:
        await student.leave(http)
        http.close()


async def _late_opens(base: str, students: int, tally: Tally, game: str) -> None:
    """While the class plays, pages open one after another (then leave): their open times."""
    for k in range(LATE_OPENS):
        await asyncio.sleep(LATE_GAP_S)
        http = AsyncHTTPClient(force_instance=True)
        student = Student(base, students + k, "basic", False, tally, game)
        try:
            await student.open(http, into=tally.late_opens)
        except Exception as error:  # a failed open is a measured error
            tally.errors.append(f"late page {k}: {type(error).__name__}: {error}")
        finally:
            await student.leave(http)
            http.close()


def _server_tree() -> list[psutil.Process]:
    """The Voilà server started here and its kernels."""
    servers = [p for p in psutil.Process().children() if "voila" in " ".join(p.cmdline())]
    tree = []
    for server in servers:
        tree += [server, *server.children(recursive=True)]
    return tree


def _cpu_seconds(processes: list[psutil.Process]) -> dict[int, float]:
    out = {}
    for process in processes:
        try:
            times = process.cpu_times()
            out[process.pid] = times.user + times.system
        except psutil.NoSuchProcess:
            continue
    return out


def _kernels(processes: list[psutil.Process]) -> list[psutil.Process]:
    alive = []
    for process in processes:
        try:
            if "ipykernel" in " ".join(process.cmdline()):
                alive.append(process)
        except psutil.NoSuchProcess:
            continue
    return alive


class Watch:
    """The server and its kernels, sampled every second while a class runs.

    ``cpu`` keeps each process's last CPU seconds seen, also after it exits (a kernel ended
    by its student's leaving loses at most its last second); ``alive`` is the most kernels
    seen at once and ``memory`` their resident MB at that sample.
    """

    def __init__(self) -> None:
        self.cpu: dict[int, float] = {}
        self.alive = 0
        self.memory: list[float] = []
        self.last = time.perf_counter()

    def sample(self) -> None:
        """Read every process of the server's tree now."""
        tree = _server_tree()
        self.cpu.update(_cpu_seconds(tree))
        self.last = time.perf_counter()
        kernels = _kernels(tree)
        if len(kernels) >= self.alive:
            memory = []
            for kernel in kernels:
                with contextlib.suppress(psutil.NoSuchProcess):
                    memory.append(kernel.memory_info().rss / 2**20)
            self.alive, self.memory = len(kernels), memory

    async def every_second(self) -> None:
        """Sample once a second until cancelled."""
        while True:
            await asyncio.sleep(1.0)
            self.sample()

    def used_since(self, before: dict[int, float]) -> float:
        """CPU seconds the server's processes used since ``before`` was copied from ``cpu``."""
        return sum(now - before.get(pid, 0.0) for pid, now in self.cpu.items())


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


def class_run(
    base: str,
    students: int,
    level: str,
    seconds: float,
    coach: bool = False,
    spread: float = 2.0,
    game: str = "mililla",
) -> dict[str, Any]:
    """``students`` arrive over ``spread`` s and play ``level`` on the server at ``base``.

    Once the whole class is in, it plays on for ``seconds`` while :data:`LATE_OPENS` more
    pages open one by one. Click-to-turn is reported for the whole run and for the time
    when everyone is in (the arrivals' kernel starts take most of the server's CPU).
    """
    if not 1 <= students <= MAX_STUDENTS or not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"1-{MAX_STUDENTS} students and at most {MAX_SECONDS} s, please")
    if not base.startswith(("http://127.0.0.1:", "http://localhost:")):
        raise ValueError("the class runs on loopback only")
    tally = Tally()
    watch = Watch()
    watch.sample()
    before = dict(watch.cpu)
    wall, own = time.perf_counter(), time.process_time()
    delays = [spread * k / students for k in range(students)]  # arrivals over ``spread`` s
    everyone_in = wall
    at_all_in: dict[int, float] = {}

    async def everyone() -> None:
        nonlocal everyone_in, at_all_in
        sampler = asyncio.ensure_future(watch.every_second())
        tasks = [
            asyncio.ensure_future(_student(base, k, level, coach, tally, delays[k], game))
            for k in range(students)
        ]
        while tally.arrived < students and time.perf_counter() - wall < MAX_SECONDS:
            await asyncio.sleep(0.2)
        everyone_in = time.perf_counter()
        watch.sample()
        at_all_in = dict(watch.cpu)
        tally.ends = everyone_in + seconds
        late = asyncio.ensure_future(_late_opens(base, students, tally, game))
        await asyncio.gather(*tasks, late)
        sampler.cancel()
        watch.sample()

    asyncio.run(everyone())
    elapsed = time.perf_counter() - wall
    own_cpu = time.process_time() - own
    cores = os.cpu_count() or 1
    turns = [took for _, took in tally.turns]
    settled = [took for sent, took in tally.turns if sent >= everyone_in]
    return {
        "students": students,
        "game": game,
        "level": level,
        "coach": coach,
        "open_p50": _percentile(tally.opens, 0.5),
        "open_p95": _percentile(tally.opens, 0.95),
        "arrival_s": everyone_in - wall,
        "late_open_p50": _percentile(tally.late_opens, 0.5),
        "late_open_p95": _percentile(tally.late_opens, 0.95),
        "late_opens": len(tally.late_opens),
        "turn_p50": _percentile(turns, 0.5),
        "turn_p95": _percentile(turns, 0.95),
        "turn_max": max(turns, default=0.0),
        "turn_turns": len(turns),
        "in_p50": _percentile(settled, 0.5),
        "in_p95": _percentile(settled, 0.95),
        "in_max": max(settled, default=0.0),
        "in_turns": len(settled),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
        "server_cpu_share": watch.used_since(before) / (elapsed * cores),
        "server_cpu_all_in": watch.used_since(at_all_in)
        / (max(1e-9, watch.last - everyone_in) * cores),
        "generator_cpu_share": own_cpu / (elapsed * cores),
        "kernels_alive": watch.alive,
        "kernel_mb": statistics.median(watch.memory) if watch.memory else 0.0,
    }


def _rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    label = f"{result['game']} {result['students']} x {result['level']}"
    label += " + coach" if result["coach"] else ""
    rows = [
        {"name": f"{label}: open p50", "figure": result["open_p50"] * 1000, "unit": "ms"},
        {"name": f"{label}: open p95", "figure": result["open_p95"] * 1000, "unit": "ms"},
        {"name": f"{label}: all in after", "figure": result["arrival_s"], "unit": "s"},
        {
            "name": f"{label}: open while all play p50",
            "figure": result["late_open_p50"] * 1000,
            "unit": "ms",
            "n": result["late_opens"],
        },
        {
            "name": f"{label}: open while all play p95",
            "figure": result["late_open_p95"] * 1000,
            "unit": "ms",
            "n": result["late_opens"],
        },
    ]
    for key, words in (("turn", ""), ("in", ", all in,")):  # the whole run, then all in
        for part in ("p50", "p95", "max"):
            rows.append(
                {
                    "name": f"{label}: click-to-turn{words} {part}",
                    "figure": result[f"{key}_{part}"] * 1000,
                    "unit": "ms",
                    "n": result[f"{key}_turns"],
                }
            )
    rows += [
        {"name": f"{label}: errors", "figure": result["errors"], "unit": "count"},
        {"name": f"{label}: server CPU", "figure": result["server_cpu_share"]},
        {"name": f"{label}: server CPU, all in", "figure": result["server_cpu_all_in"]},
        {"name": f"{label}: generator CPU", "figure": result["generator_cpu_share"]},
        {"name": f"{label}: most kernels alive", "figure": result["kernels_alive"], "unit": "n"},
        {"name": f"{label}: kernel memory p50", "figure": result["kernel_mb"], "unit": "MB"},
    ]
    for error in result["first_errors"]:
        rows.append({"name": f"{label}: error", "figure": error[:120], "unit": ""})
    return rows


Run = tuple[int, str, bool, float, str]
"""One class run: (students, level, coach on, seconds over which the students arrive, game)."""
FULL_PLAN: tuple[Run, ...] = (
    (1, "expert", False, 0.0, "mililla"),  # one student alone
    (1, "expert", False, 0.0, "mille"),  # one student alone, a whole bot turn per click
    (20, "basic", False, 30.0, "mililla"),
    (60, "basic", False, 90.0, "mililla"),
    (10, "expert", False, 30.0, "mililla"),
    (30, "expert", False, 60.0, "mililla"),
    (30, "expert", True, 60.0, "mililla"),
    (30, "expert", False, 60.0, "mille"),  # issue 24.7: p95 <= 1.5 s once all are in
    (40, "basic", False, 0.0, "mililla"),  # a burst: forty pages opened at the same moment
)
"""The whole benchmark; later arrivals open their page while the first ones play."""
QUICK_PLAN: tuple[Run, ...] = ((3, "basic", False, 2.0, "mililla"),)
IPC = ("--KernelManager.transport=ipc",)
"""The option that starts kernels over Unix sockets (tests/browser/test_kernel_transport.py)."""


def run(
    quick: bool = False,
    plan: tuple[Run, ...] | None = None,
    seconds: float | None = None,
    options: tuple[str, ...] = (),
) -> list[dict[str, Any]]:
    """The class runs of ``plan`` on one fresh server (started with Voilà ``options``)."""
    plan = plan or (QUICK_PLAN if quick else FULL_PLAN)
    seconds = seconds or (20.0 if quick else 120.0)
    rows: list[dict[str, Any]] = []
    with support.voila_server(support.TUTORIAL, *options) as base:
        time.sleep(SETTLE_S)
        for students, level, coach, spread, game in plan:
            rows += _rows(class_run(base, students, level, seconds, coach, spread, game))
            time.sleep(SETTLE_S)  # the pools fill again between runs
    return rows


def main(argv: list[str]) -> int:
    """The command line: one run (``--students``, ``--level``...) or ``--quick``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--students", type=int)
    parser.add_argument("--level", choices=sorted(LEVEL_INDEX), default="basic")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--coach", action="store_true")
    parser.add_argument("--game", choices=("mililla", "mille"), default="mililla")
    parser.add_argument("--spread", type=float, default=2.0, help="seconds of arrivals (0: burst)")
    parser.add_argument("--ipc", action="store_true", help="kernels over the IPC transport")
    parser.add_argument("--option", action="append", default=[], help="an extra Voilà option")
    args = parser.parse_args(argv)
    one = (args.students, args.level, args.coach, args.spread, args.game)
    plan = (one,) if args.students else None
    options = (*args.option, *(IPC if args.ipc else ()))
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import print_rows

    print_rows(run(args.quick, plan, args.seconds, options))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
