"""Browser figures, measured in Chromium against a Voilà server started here.

* Time from opening the harness notebook to an interactive table: ``performance.now()``
  (which counts from the start of navigation) when the first hand-card button appears.
* Click-to-redraw latency: ``performance.now()`` just before a click on a hand card and
  in a ``MutationObserver`` when the table changes after Python's answer (the click goes
  to the kernel as an intent, the new state comes back and is drawn).

The harness notebook (``tests/browser/harness/``) stands in for the practice notebooks
until the tables have a session behind them. ``run(quick=False)`` returns rows
``{"name", "figure", "unit"}``; ``python tests/benchmarks/bench_browser.py`` prints them.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path
from typing import Any

_SUPPORT = Path(__file__).resolve().parents[1] / "browser" / "browser_support.py"
_spec = importlib.util.spec_from_file_location("browser_support", _SUPPORT)
assert _spec and _spec.loader
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)

PAGE = "/voila/render/table_harness.ipynb"

WATCH_FIRST_CARD = """
new MutationObserver((changes, observer) => {
  if (document.querySelector('.cs-root button.cs-card')) {
    window.__interactive = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });
"""

CLICK_AND_WAIT = """
async ([index]) => {
  const table = document.querySelectorAll('.cs-root')[1];
  const card = table.querySelectorAll('.cs-hand button.cs-card')[index];
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve(performance.now() - start);
    });
    const what = { subtree: true, childList: true, attributes: true, characterData: true };
    observer.observe(table, what);
    const start = performance.now();
    card.click();
  });
}
"""


def _percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (share 0.95 for p95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def _open(browser: Any, base: str) -> tuple[Any, Any, float, float]:
    """Open the harness page in a fresh context.

    Returns the context, the page, ms to an interactive table, and ms until the last
    byte of the page arrived (Voilà answers once the kernel has run the notebook).
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH_FIRST_CARD)
    page.goto(base + PAGE)
    page.wait_for_function("window.__interactive !== undefined", timeout=60_000)
    page.wait_for_selector(".cs-root >> nth=1")
    served = page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd")
    return context, page, page.evaluate("window.__interactive"), served


def _row(name: str, figure: object, unit: str = "ms") -> dict[str, Any]:
    """One output row."""
    return {"name": f"browser: {name}", "figure": figure, "unit": unit}


def run(quick: bool = False, options: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Measure page-to-interactive and click-to-redraw; return the rows.

    ``options`` are extra Voilà command-line options (to compare configurations).
    """
    from playwright.sync_api import sync_playwright

    loads, clicks = (2, 10) if quick else (5, 30)
    opened: list[float] = []
    served: list[float] = []
    redraw: list[float] = []
    with support.voila_server(support.HARNESS, *options) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=support.CHROMIUM, headless=True, args=support.CHROMIUM_ARGS
        )
        for _ in range(loads):
            context, page, ms, arrived = _open(browser, base)
            opened.append(ms)
            served.append(arrived)
            context.close()
        context, page, _, _ = _open(browser, base)
        page.locator(".cs-root").nth(1).locator(".cs-hand button.cs-card").first.wait_for()
        for i in range(clicks):
            redraw.append(page.evaluate(CLICK_AND_WAIT, [i % 5]))
            page.wait_for_timeout(30)  # let the rest of the redraw land before the next click
        context.close()
        browser.close()
    return [
        _row("open notebook -> interactive table, p50", round(statistics.median(opened))),
        _row("open notebook -> interactive table, max", round(max(opened))),
        _row("  of which: page served (kernel ran it), p50", round(statistics.median(served))),
        _row("click -> redraw, p50", round(statistics.median(redraw), 1)),
        _row("click -> redraw, p95", round(_percentile(redraw, 0.95), 1)),
        _row("samples (page loads / clicks)", f"{loads} / {clicks}", ""),
    ]


def main() -> None:
    """Print the figures as a table."""
    rows = run(quick="--quick" in sys.argv)
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        print(f"{row['name']:<{width}}  {row['figure']!s:>10} {row['unit']}")


if __name__ == "__main__":
    main()
