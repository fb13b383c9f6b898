"""The static site's figures: build time, size, cold and warm load of a practice page.

* Build: ``python -m cardschool.widgets.site`` into a temporary folder, with the
  download cache (``build/cache``) already filled, as a rebuild runs.
* Size: every file of the built site, and the bytes a cold load of a practice page moved.
* Cold load: a fresh browser profile opens ``mille/practice.html``, timed from the start
  of navigation to the first card button of the table (``performance.now()``). Where the
  time goes, from the requests' timings and the table's appearance:
  milestones in ms since navigation (they overlap, so no differences are taken): the
  request for Pyodide's loader, the runtime downloaded (``pyodide.asm.wasm`` and
  ``python_stdlib.zip``), the kernel's memory snapshot downloaded, the first wheel
  requested (Python started), the last wheel downloaded, the notebook's first output,
  the first card.
* Warm load: the same page opened again in the same profile (everything cached: the
  profile is on disk and no request is routed through Playwright, which would turn the
  cache off; other hosts are blocked by Chromium's host rules instead), the first
  :data:`SETTLE` seconds after the cold load.
* Without the snapshot: the same rounds, alternately, on a copy of the site without the
  kernel's memory snapshot (its pages start Python afresh), and the ratios.
* Browser CPU: the CPU seconds the browser's processes (all of them: the page, its
  Pyodide worker, the network service) spent on a load, read with psutil; less noisy than
  the wall clock on a shared machine.
* The expert and the coach in the browser: on an open practice page, Python sent to the
  page's own kernel (Pyodide) plays deals with expert bots and times each expert decision
  (``Session.step``) and each coach answer (``Session.coach``) where there is a choice,
  p50 and p95 per game (goal: p95 <= 1 s), at the default budget.

``run(quick=False)`` returns rows; ``python tests/benchmarks/bench_static.py`` prints them
(``--site PATH``: the loads of an already built site, no build; ``--quick``: one of each).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from cardschool.widgets.site.snapshot import SNAPSHOT

_SUPPORT = Path(__file__).resolve().parents[1] / "static" / "static_support.py"
_spec = importlib.util.spec_from_file_location("static_support", _SUPPORT)
assert _spec and _spec.loader
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)

PAGE = support.SITE_PAGES["mille"]
WATCH = """
window.__marks = {};
new MutationObserver((changes, observer) => {
  if (!window.__marks.output && document.querySelector('.jp-OutputArea-output')) {
    window.__marks.output = performance.now();
  }
  if (document.querySelector('.cs-root button.cs-card')) {
    window.__marks.interactive = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });
"""
SETTLE = 2.0
"""Seconds between a round's cold load and its first warm one. For about a second after a
first visit the browser is still busy with it (the first warm load opened at once took 3.8
s, the next 1.7 s; one opened a second later, 1.7 s): a learner reads the page first."""
GOALS = {"cold": 8000, "warm": 3000, "size": 38, "decision": 1000}  # 38 MB: three languages
TIMINGS = """
import json, time
from cardschool.engine.session import Session

def timings(kind, players, count):
    expert, coach, seed = [], [], 1
    while min(len(expert), len(coach)) < count and seed < 30:
        session = Session.new(kind, seed=seed, seats=["human", *["expert"] * (players - 1)])
        while not session.deal_over and min(len(expert), len(coach)) < count:
            choice = len(session.legal_moves()) > 1  # a forced move times nothing
            start = time.perf_counter()
            if session.human_to_move:
                move = session.coach().move
                if choice:
                    coach.append((time.perf_counter() - start) * 1000)
                session.play(move)
            else:
                session.step()
                if choice:
                    expert.append((time.perf_counter() - start) * 1000)
        seed += 1
    return {"expert decision": expert[:count], "coach answer": coach[:count]}

print(json.dumps({kind: timings(kind, players, COUNT) for kind, players in GAMES}))
"""
"""Python for the page's kernel: expert decisions and coach answers, ms (``COUNT`` each)."""


def _row(name: str, figure: object, unit: str = "ms", target: str = "") -> dict[str, Any]:
    row = {"name": f"static: {name}", "figure": figure, "unit": unit}
    if target:
        row["target"] = target
    return row


class Timeline:
    """When each request of a page load started and finished (ms from ``start``)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.began: dict[str, float] = {}
        self.ended: dict[str, float] = {}

    def now(self) -> float:
        return (time.perf_counter() - self.start) * 1000

    def request(self, request: Any) -> None:
        self.began.setdefault(request.url, self.now())

    def finished(self, request: Any) -> None:
        self.ended[request.url] = self.now()

    def first(self, marks: dict[str, float], ending: str) -> float | None:
        times = [t for url, t in marks.items() if url.split("?")[0].endswith(ending)]
        return min(times) if times else None

    def last(self, marks: dict[str, float], ending: str) -> float | None:
        times = [t for url, t in marks.items() if url.split("?")[0].endswith(ending)]
        return max(times) if times else None


def _cpu_by_process() -> dict[int, float]:
    """CPU seconds so far of each process this one started, and theirs (the browser's)."""
    import psutil

    seconds = {}
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            times = child.cpu_times()
            seconds[child.pid] = times.user + times.system
    return seconds


def _cpu_since(before: dict[int, float]) -> float:
    """CPU seconds the processes spent since ``before`` (those that ended are not counted)."""
    now = _cpu_by_process()
    return sum(max(0.0, spent - before.get(pid, 0.0)) for pid, spent in now.items())


def _load(context: Any, base: str) -> tuple[dict[str, float], Timeline, Any]:
    """Open the practice page; the page's marks (ms from navigation), the timeline, the page.

    The marks include ``cpu``: the browser's CPU seconds from navigation to the table.
    """
    page = context.new_page()
    page.add_init_script(WATCH)
    timeline = Timeline()
    context.on("request", timeline.request)
    context.on("requestfinished", timeline.finished)
    cpu = _cpu_by_process()
    page.goto(f"{base}/{PAGE}")
    page.wait_for_function("window.__marks.interactive !== undefined", timeout=180_000)
    spent = _cpu_since(cpu)
    marks = {**page.evaluate("window.__marks"), "cpu": spent}
    context.remove_listener("request", timeline.request)
    context.remove_listener("requestfinished", timeline.finished)
    return marks, timeline, page


def _files_requested(site: Path, timeline: Timeline) -> int:
    """Bytes of the site's files a load asked for (each once): what a cold load moved.

    Counted from the files, not the browser's report: requests made by the kernel's worker
    (the runtime, the wheels) report no body size to Playwright.
    """
    paths = {urlparse(url).path.lstrip("/") for url in timeline.began}
    files = (site / path for path in paths if path)
    return sum(f.stat().st_size for f in files if f.is_file())


def _breakdown(marks: dict[str, float], timeline: Timeline) -> list[dict[str, Any]]:
    """Where a cold load's time went, in phases that follow one another."""
    # the timeline counts from just before goto(), the page's marks from the navigation's
    # start: the same moment within a few ms
    loader = timeline.first(timeline.began, "pyodide.js") or timeline.first(
        timeline.began, "pyodide.mjs"
    )
    runtime = max(
        t
        for t in (
            timeline.last(timeline.ended, "pyodide.asm.wasm"),
            timeline.last(timeline.ended, "python_stdlib.zip"),
        )
        if t is not None
    )
    wheels_from = timeline.first(timeline.began, ".whl")
    wheels_to = timeline.last(timeline.ended, ".whl")
    output = marks.get("output", marks["interactive"])
    phases = [
        ("Pyodide's loader requested", loader),
        ("Pyodide runtime downloaded", runtime),
        ("snapshot downloaded", timeline.last(timeline.ended, SNAPSHOT)),
        ("first wheel requested (Python started)", wheels_from),
        ("last wheel downloaded", wheels_to),
        ("first output (kernel imports done, notebook run)", output),
        ("table interactive", marks["interactive"]),
    ]
    # milestones since navigation, not differences: the runtime's download, WebAssembly's
    # compile (it streams) and the wheels' requests overlap
    return [_row(f"  cold: {name}, at", round(at)) for name, at in phases if at is not None]


def _percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def in_browser_rows(page: Any, count: int) -> list[dict[str, Any]]:
    """Expert decisions and coach answers timed by the page's kernel: p50 and p95 rows."""
    games = [("mille", 2), ("mililla", 4)]
    printed = support.kernel_prints(page, f"COUNT = {count}\nGAMES = {games!r}\n{TIMINGS}")
    if not printed.startswith("{"):
        raise RuntimeError(f"the page's kernel answered: {printed[-2000:]}")
    rows = []
    for game, kinds in json.loads(printed).items():
        for kind, times in kinds.items():
            note = f"{len(times)} positions with a choice, default budget, Pyodide"
            rows.append(_row(f"{game} {kind} in the browser, p50", round(statistics.median(times))))
            p95 = round(_percentile(times, 0.95))
            row = _row(f"{game} {kind} in the browser, p95", p95, "ms", f"<= {GOALS['decision']}")
            rows.append({**row, "note": note})
    return rows


Breakdown = tuple[list[dict[str, Any]], int]
"""A cold load's milestones (rows) and the bytes it moved."""


def _round(
    playwright: Any, base: str, site: Path, first: bool, timings: bool, warm_loads: int
) -> tuple[dict[str, float], list[dict[str, float]], Breakdown | None, list[dict[str, Any]]]:
    """One browser with an empty profile: a cold load, then ``warm_loads`` warm ones.

    Returns the cold load's marks, the warm loads' marks, and when ``first`` the cold
    load's breakdown and bytes moved; with ``timings``, the kernel's timing rows too.
    """
    outside = support.Outside()
    rows: list[dict[str, Any]] = []
    found: Breakdown | None = None
    warm = []
    with tempfile.TemporaryDirectory() as profile:
        context = support.cached_profile(playwright, profile, outside)
        cold, timeline, page = _load(context, base)
        page.close()
        time.sleep(SETTLE)
        if first:
            found = (_breakdown(cold, timeline), _files_requested(site, timeline))
        for again in range(warm_loads):
            marks, _, page = _load(context, base)
            warm.append(marks)
            if timings and again == 0:  # the table is up: its kernel has run the notebook
                rows += in_browser_rows(page, 4 if warm_loads == 1 else 10)
            page.close()
        context.close()
    assert outside.urls == [], outside.urls
    return cold, warm, found, rows


def without_snapshot(site: Path, into: Path) -> Path:
    """A copy of ``site`` without the kernel's snapshot: each page starts Python afresh."""
    shutil.copytree(site, into)
    (into / "static" / "pyodide" / SNAPSHOT).unlink()
    return into


def load_rows(site: Path, quick: bool = False, timings: bool = True) -> list[dict[str, Any]]:
    """Cold and warm loads of the practice page of ``site`` (medians), then the timings.

    Each round starts a browser with an empty profile on disk (a cold load), then opens
    the page again in it (warm loads: its HTTP cache and compiled-code cache kept, as in
    a learner's browser; Playwright's request routing would turn that cache off). Unless
    ``quick``, each round is run on the site without its snapshot too, alternately.
    """
    from playwright.sync_api import sync_playwright

    rounds, warm_loads = (1, 1) if quick else (3, 3)
    loads: dict[str, tuple[list, list]] = {"": ([], []), "without snapshot": ([], [])}
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        sites = {"": site}
        if not quick:
            sites["without snapshot"] = without_snapshot(site, Path(folder) / "site")
        for attempt in range(rounds):
            for name, served in sites.items():
                with support.serve(served) as base:
                    first, measure = attempt == 0 and not name, timings and attempt == 0
                    cold, warm, found, timed = _round(
                        playwright, base, served, first, measure and not name, warm_loads
                    )
                loads[name][0].append(cold)
                loads[name][1].extend(warm)
                rows += timed
                if found:
                    breakdown, moved = found

    def median(marks: list[dict[str, float]], key: str = "interactive") -> float:
        return statistics.median(m[key] for m in marks)

    cold, warm = loads[""]
    goal = {kind: f"<= {GOALS[kind]}" for kind in ("cold", "warm")}
    front = [
        _row("cold load -> interactive table, p50", round(median(cold)), "ms", goal["cold"]),
        _row("  cold load, browser CPU, p50", round(median(cold, "cpu"), 2), "s"),
        *breakdown,
        _row("cold load moved", round(moved / 1e6, 1), "MB"),
        _row("warm load -> interactive table, p50", round(median(warm)), "ms", goal["warm"]),
        _row("  warm load, browser CPU, p50", round(median(warm, "cpu"), 2), "s"),
    ]
    if not quick:
        plain_cold, plain_warm = loads["without snapshot"]
        for kind, mine, plain in (("cold", cold, plain_cold), ("warm", warm, plain_warm)):
            front.append(_row(f"{kind} load without the snapshot, p50", round(median(plain))))
            ratio = median(mine) / median(plain)
            front.append(_row(f"  {kind}: with / without the snapshot", round(ratio, 2), "x"))
    return front + rows


def run(quick: bool = False, site: Path | None = None) -> list[dict[str, Any]]:
    """Build (timed) unless ``site`` is given, then its size, loads and timings."""
    rows: list[dict[str, Any]] = []
    if site is None:
        site = support.ensure_site()
        # the build's own environment (``make static``: the build tools live there)
        tools = support.REPO / "build" / "venv-static" / "bin" / "python"
        python = str(tools) if tools.exists() else sys.executable
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            build = [python, "-m", "cardschool.widgets.site", str(Path(folder) / "site")]
            subprocess.run(build, check=True, capture_output=True)
            seconds = round(time.perf_counter() - start, 1)
            rows.append(_row("build (download cache filled)", seconds, "s"))
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    rows.append(_row("site size", round(size / 1e6, 1), "MB", f"<= {GOALS['size']}"))
    if Path(support.CHROMIUM).exists():
        rows += load_rows(site, quick)
    return rows


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import print_rows

    given = sys.argv[sys.argv.index("--site") + 1] if "--site" in sys.argv else None
    print_rows(run(quick="--quick" in sys.argv, site=Path(given) if given else None))
