"""The static site's figures: build time, size, cold and warm load of a practice page.

* Build: ``python -m cardschool.widgets.static_site`` into a temporary folder, with the
  download cache (``build/cache``) already filled, as a rebuild runs.
* Size: every file of the built site, and the bytes a cold load of a practice page moved.
* Cold load: a fresh browser profile opens ``mille/practice.html``, timed from the start
  of navigation to the first card button of the table (``performance.now()``). Where the
  time goes, from the requests' timings and the table's appearance:
  milestones in ms since navigation (they overlap, so no differences are taken): the
  request for Pyodide's loader, the runtime downloaded (``pyodide.asm.wasm`` and
  ``python_stdlib.zip``), the first wheel requested (WebAssembly started), the last wheel
  downloaded, the notebook's first output, the first card.
* Warm load: the same page opened again in the same profile (everything cached).

``run(quick=False)`` returns rows; ``python tests/benchmarks/bench_static.py`` prints them.
"""

from __future__ import annotations

import contextlib
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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
GOALS = {"cold": 8000, "warm": 3000, "size": 35}


def _row(name: str, figure: object, unit: str = "ms", target: str = "") -> dict[str, Any]:
    row = {"name": f"static: {name}", "figure": figure, "unit": unit}
    if target:
        row["target"] = target
    return row


class Timeline:
    """When each request of a page load started and finished (ms from ``start``), and bytes."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.began: dict[str, float] = {}
        self.ended: dict[str, float] = {}
        self.bytes = 0

    def now(self) -> float:
        return (time.perf_counter() - self.start) * 1000

    def request(self, request: Any) -> None:
        self.began.setdefault(request.url, self.now())

    def finished(self, request: Any) -> None:
        self.ended[request.url] = self.now()
        # a request whose sizes are gone (page closed): not counted
        with contextlib.suppress(Exception):
            self.bytes += request.sizes()["responseBodySize"]

    def first(self, marks: dict[str, float], ending: str) -> float | None:
        times = [t for url, t in marks.items() if url.split("?")[0].endswith(ending)]
        return min(times) if times else None

    def last(self, marks: dict[str, float], ending: str) -> float | None:
        times = [t for url, t in marks.items() if url.split("?")[0].endswith(ending)]
        return max(times) if times else None


def _load(context: Any, base: str) -> tuple[dict[str, float], Timeline]:
    """Open the practice page; the page's marks (ms from navigation) and the timeline."""
    page = context.new_page()
    page.add_init_script(WATCH)
    timeline = Timeline()
    context.on("request", timeline.request)
    context.on("requestfinished", timeline.finished)
    page.goto(f"{base}/{PAGE}")
    page.wait_for_function("window.__marks.interactive !== undefined", timeout=180_000)
    marks = page.evaluate("window.__marks")
    page.close()
    context.remove_listener("request", timeline.request)
    context.remove_listener("requestfinished", timeline.finished)
    return marks, timeline


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
        ("first wheel requested (WebAssembly started)", wheels_from),
        ("last wheel downloaded", wheels_to),
        ("first output (kernel imports done, notebook run)", output),
        ("table interactive", marks["interactive"]),
    ]
    # milestones since navigation, not differences: the runtime's download, WebAssembly's
    # compile (it streams) and the wheels' requests overlap
    return [_row(f"  cold: {name}, at", round(at)) for name, at in phases if at is not None]


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Build (timed), then cold and warm loads of the Mille practice page."""
    rows: list[dict[str, Any]] = []
    from cardschool.widgets import static_site

    site = support.ensure_site()
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        static_site.build(Path(folder) / "site")
        rows.append(
            _row("build (download cache filled)", round(time.perf_counter() - start, 1), "s")
        )
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    rows.append(_row("site size", round(size / 1e6, 1), "MB", f"<= {GOALS['size']}"))
    if not Path(support.CHROMIUM).exists():
        return rows
    from playwright.sync_api import sync_playwright

    cold: list[float] = []
    warm: list[float] = []
    with support.serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=support.CHROMIUM, headless=True, args=support.CHROMIUM_ARGS
        )
        for attempt in range(1 if quick else 3):
            outside = support.Outside()
            context = support.offline_context(browser, outside)
            marks, timeline = _load(context, base)
            cold.append(marks["interactive"])
            if attempt == 0:
                breakdown = _breakdown(marks, timeline)
                moved = timeline.bytes
            for _ in range(1 if quick else 3):
                again, _ = _load(context, base)
                warm.append(again["interactive"])
            assert outside.urls == [], outside.urls
            context.close()
        browser.close()
    rows.append(
        _row(
            "cold load -> interactive table, p50",
            round(statistics.median(cold)),
            "ms",
            f"<= {GOALS['cold']}",
        )
    )
    rows.extend(breakdown)
    rows.append(_row("cold load moved", round(moved / 1e6, 1), "MB"))
    rows.append(
        _row(
            "warm load -> interactive table, p50",
            round(statistics.median(warm)),
            "ms",
            f"<= {GOALS['warm']}",
        )
    )
    return rows


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import print_rows

    print_rows(run(quick="--quick" in sys.argv))
