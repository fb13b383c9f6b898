"""Browser figures, measured in Chromium against Voilà servers started here.

* Time from opening a notebook to an interactive table: ``performance.now()`` (which
  counts from the start of navigation) when the first hand-card button appears.
* Click-to-redraw latency: ``performance.now()`` just before a click on a hand card and
  in a ``MutationObserver`` when the table changes after Python's answer (the click goes
  to the kernel as an intent, the new state comes back and is drawn); and, stricter,
  once the next frame is laid out and painted (a timeout after the next animation frame).

Measured on the harness notebook (``tests/browser/harness/``: hand-written states, no
engine) and on the app's practice notebooks (``tutorial/*/practice.ipynb``: real tables
over a session): a Mille card click selects or unselects it in the meld phase; a
Mililla card click plays it (the redraw measured is the first one, the card going to
the trick; the bots play on after their delay, ``BOT_DELAY``, before the next click).
On the Mille page the replay is then opened and stepped forward and back (each click
shows another frame of the deal).
The exercise page (``tests/browser/harness/exercises.ipynb``, shipped exercises) is
measured on the same harness server: open to its first card to click, and a try's click
to the engine's feedback drawn (compare with the harness table's rows of the same run).
Opening is measured cold (a fresh browser profile) and, as a learner following the
app's links meets it, from the landing page (its scripts already in the cache). The app
server is given ``SETTLE_S`` seconds after it answers before the first page opens, as a
server started before a class has: it fills its pools of preheated kernels then, one
per notebook at once, and pages opened meanwhile wait for that start-up work.
``run(quick=False, options=())`` returns rows ``{"name", "figure", "unit"}`` (``options``:
extra Voilà options, e.g. ``("--preheat_kernel=True", "--pool_size=1")``);
``python tests/benchmarks/bench_browser.py [--quick] [--preheat]`` prints them.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path
from typing import Any

_SUPPORT = Path(__file__).resolve().parents[1] / "browser" / "browser_support.py"
_spec = importlib.util.spec_from_file_location("browser_support", _SUPPORT)
assert _spec and _spec.loader
support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(support)

PAGE = "/voila/render/table_harness.ipynb"
BOT_DELAY = 300
"""The bots' delay (ms) while Mililla's click-to-redraw is measured (the slider's default: 600)."""
SETTLE_S = 10
"""Seconds the app server is left to fill its kernel pools before pages are opened."""

WATCH_FIRST_CARD = """
new MutationObserver((changes, observer) => {
  if (document.querySelector('.cs-root button.cs-card')) {
    window.__interactive = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });
"""

CLICK_AND_WAIT = """
async ([index, which, only, button]) => {
  const table = document.querySelectorAll('.cs-root')[which];
  const card = button
    ? table.querySelector(button)
    : table.querySelectorAll('.cs-hand button.cs-card' + (only || ''))[index];
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      const changed = performance.now() - start;
      // the frame after the change is laid out and painted once this timeout runs
      requestAnimationFrame(() => setTimeout(() => resolve([changed, performance.now() - start])));
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


def _open(browser: Any, base: str, path: str = PAGE) -> tuple[Any, Any, float, float]:
    """Open a notebook (the harness by default) in a fresh context.

    Returns the context, the page, ms to an interactive table, and ms until the last
    byte of the page arrived (Voilà answers once the kernel has run the notebook).
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH_FIRST_CARD)
    page.goto(base + path)
    page.wait_for_function("window.__interactive !== undefined", timeout=60_000)
    if path == PAGE:
        page.wait_for_selector(".cs-root >> nth=1")
    served = page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd")
    return context, page, page.evaluate("window.__interactive"), served


def _latency(prefix: str, samples: list[list[float]]) -> list[dict[str, Any]]:
    """p50 and p95 of click -> redraw, to the changed table and to the painted frame."""
    rows = []
    for at, what in ((0, "redraw"), (1, "redraw painted")):
        values = [sample[at] for sample in samples]
        rows.append(_row(f"{prefix}click -> {what}, p50", round(statistics.median(values), 1)))
        rows.append(_row(f"{prefix}click -> {what}, p95", round(_percentile(values, 0.95), 1)))
    return rows


def _row(name: str, figure: object, unit: str = "ms") -> dict[str, Any]:
    """One output row."""
    return {"name": f"browser: {name}", "figure": figure, "unit": unit}


def _harness(browser: Any, base: str, loads: int, clicks: int) -> list[dict[str, Any]]:
    """The harness notebook: page to interactive table, and click to redraw."""
    opened: list[float] = []
    served: list[float] = []
    redraw: list[list[float]] = []
    for _ in range(loads):
        context, page, ms, arrived = _open(browser, base)
        opened.append(ms)
        served.append(arrived)
        context.close()
    context, page, _, _ = _open(browser, base)
    page.locator(".cs-root").nth(1).locator(".cs-hand button.cs-card").first.wait_for()
    for i in range(clicks):
        redraw.append(page.evaluate(CLICK_AND_WAIT, [i % 5, 1]))
        page.wait_for_timeout(30)  # let the rest of the redraw land before the next click
    context.close()
    return [
        _row("open notebook -> interactive table, p50", round(statistics.median(opened))),
        _row("open notebook -> interactive table, max", round(max(opened))),
        _row("  of which: page served (kernel ran it), p50", round(statistics.median(served))),
        *_latency("", redraw),
        _row("samples (page loads / clicks)", f"{loads} / {clicks}", ""),
    ]


EXERCISES = "/voila/render/exercises.ipynb"
"""The harness page of shipped exercises (Mililla, beating a card: cards to click)."""

WATCH_FIRST_EXERCISE = """
new MutationObserver((changes, observer) => {
  if (document.querySelector('.cs-ex button.cs-ex-card')) {
    window.__interactive = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });
"""

WRONG_TRY_AND_WAIT = """
async (card) => {
  const widget = document.querySelector('.cs-ex');
  const button = widget.querySelector(`.cs-ex-card[data-card="${card}"]`);
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      const changed = performance.now() - start;
      requestAnimationFrame(() => setTimeout(() => resolve([changed, performance.now() - start])));
    });
    const what = { subtree: true, childList: true, attributes: true, characterData: true };
    observer.observe(widget, what);
    const start = performance.now();
    button.click();
  });
}
"""


def _exercises(browser: Any, base: str, loads: int, clicks: int) -> list[dict[str, Any]]:
    """The exercise page: open to a card to click, and a try's click to its feedback drawn.

    Every click is a wrong card (the engine judges it and answers with its rule), so the
    exercise stays open and each sample is the same round trip.
    """
    opened: list[float] = []
    served: list[float] = []
    for _ in range(loads):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.add_init_script(WATCH_FIRST_EXERCISE)
        page.goto(base + EXERCISES)
        page.wait_for_function("window.__interactive !== undefined", timeout=60_000)
        opened.append(page.evaluate("window.__interactive"))
        served.append(page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd"))
        if len(opened) < loads:
            context.close()
    feedback = []
    for _ in range(clicks):
        feedback.append(page.evaluate(WRONG_TRY_AND_WAIT, "6O"))
        page.wait_for_timeout(30)
    context.close()
    rows = [
        _row("exercise page: open -> first card to click, p50", round(statistics.median(opened))),
        _row("exercise page: open -> first card to click, max", round(max(opened))),
        _row("  of which: page served (kernel ran it), p50", round(statistics.median(served))),
    ]
    for at, what in ((0, "feedback"), (1, "feedback painted")):
        values = [sample[at] for sample in feedback]
        rows.append(_row(f"exercise: click -> {what}, p50", round(statistics.median(values), 1)))
        rows.append(_row(f"exercise: click -> {what}, p95", round(_percentile(values, 0.95), 1)))
    return [*rows, _row("exercise samples (page loads / clicks)", f"{loads} / {clicks}", "")]


LEARNER_OR_RESULT = """() => {
  const table = document.querySelector('.cs-root');
  if (!table || table.querySelector('.cs-felt[aria-busy="true"]')) return false;
  return Boolean(table.querySelector('.cs-result:not([hidden]) [data-action="next"]')
    || table.querySelector('.cs-seat.cs-mine.cs-to-move'));
}"""


def _learner_to_play(page: Any) -> None:
    """Wait until the learner is to play; press Next while a deal's breakdown is on show."""
    while True:
        page.wait_for_function(LEARNER_OR_RESULT, timeout=60_000)
        after = page.locator('.cs-result:not([hidden]) [data-action="next"]')
        if not after.count():
            return
        after.click()
        page.wait_for_timeout(50)


def _practice_page(browser: Any, base: str, game: str, delay: int) -> tuple[Any, Any, float]:
    """A practice notebook opened, its bots' delay set (ms), the learner to play."""
    context, page, ms, _ = _open(browser, base, f"/voila/render/{game}/practice.ipynb")
    table = page.locator(".cs-root")
    speed = table.locator('[data-action="speed"]')
    speed.evaluate(f"s => {{ s.value = '{delay}'; s.dispatchEvent(new Event('change')); }}")
    _learner_to_play(page)
    return context, page, ms


def _open_from_landing(browser: Any, base: str, game: str) -> float:
    """Ms to an interactive practice table when the learner comes from the landing page.

    The browser has the page's scripts in its cache then, as a learner following the
    app's links has.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH_FIRST_CARD)
    page.goto(base + "/voila/render/index.ipynb")
    page.wait_for_selector("h1")
    page.goto(base + f"/voila/render/{game}/practice.ipynb")
    page.wait_for_function("window.__interactive !== undefined", timeout=60_000)
    ms = page.evaluate("window.__interactive")
    context.close()
    return ms


def _replay_steps(page: Any, clicks: int) -> list[list[float]]:
    """Open the replay of the deal so far; step forward, back, forward... timing each."""
    page.locator('.cs-root [data-action="replay"]').click()
    page.wait_for_selector(".cs-root .cs-replay:not([hidden])")
    steps = []
    for i in range(clicks):  # from move 0: forward to 1, back to 0, ... both always enabled
        go = "replay-back" if i % 2 else "replay-forward"
        steps.append(page.evaluate(CLICK_AND_WAIT, [0, 0, "", f'[data-action="{go}"]']))
        page.wait_for_timeout(30)
    return steps


def _app(browser: Any, base: str, loads: int, clicks: int) -> list[dict[str, Any]]:
    """The practice notebooks: page to interactive table, and click to redraw."""
    rows = []
    for game in ("mille", "mililla"):
        opened, warm = [], []
        for _ in range(loads):
            context, _page, ms, _ = _open(browser, base, f"/voila/render/{game}/practice.ipynb")
            opened.append(ms)
            context.close()
            warm.append(_open_from_landing(browser, base, game))
        # Mililla: the bots wait BOT_DELAY after the learner's card, as at a real table
        # (at no delay their moves would land in the same frame as the card measured)
        delay = 0 if game == "mille" else BOT_DELAY
        context, page, _ = _practice_page(browser, base, game, delay)
        redraw: list[list[float]] = []
        if game == "mille":  # draw, then select and unselect cards in the meld phase
            page.locator(".cs-root button.cs-stock").click()
            page.wait_for_selector('.cs-root .cs-actions [data-action="discard"]')
            page.wait_for_function(
                "() => document.querySelector('.cs-prompt').textContent.startsWith('Meld')"
            )
            for i in range(clicks):
                redraw.append(page.evaluate(CLICK_AND_WAIT, [i % 5, 0]))
                page.wait_for_timeout(30)
            replayed = _replay_steps(page, clicks)
        else:  # play a legal card; the bots play on; again at the learner's next turn
            for _ in range(clicks):
                redraw.append(page.evaluate(CLICK_AND_WAIT, [0, 0, '[data-legal="true"]']))
                _learner_to_play(page)
        context.close()
        rows += [
            _row(f"{game} practice: open -> interactive, p50", round(statistics.median(opened))),
            _row(f"{game} practice: open -> interactive, max", round(max(opened))),
            _row(f"{game} practice: from the landing page, p50", round(statistics.median(warm))),
            _row(f"{game} practice: from the landing page, max", round(max(warm))),
            *_latency(f"{game} practice: ", redraw),
        ]
        if game == "mille":
            rows += _latency("mille replay step: ", replayed)
    rows.append(
        _row("practice samples (page loads / clicks, each game)", f"{loads} / {clicks}", "")
    )
    return rows


def run(quick: bool = False, options: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Measure page-to-interactive and click-to-redraw, on the harness and the app.

    ``options`` are extra Voilà command-line options (to compare configurations).
    """
    from playwright.sync_api import sync_playwright

    loads, clicks = (2, 10) if quick else (5, 30)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=support.CHROMIUM, headless=True, args=support.CHROMIUM_ARGS
        )
        with support.voila_server(support.HARNESS, *options) as base:
            rows = _harness(browser, base, loads, clicks)
            rows += _exercises(browser, base, loads, clicks)
        with support.voila_server(support.TUTORIAL, *options) as base:
            time.sleep(SETTLE_S)
            rows += _app(browser, base, loads, clicks)
        browser.close()
    return rows


PREHEAT = ("--preheat_kernel=True", "--pool_size=1")
"""Voilà options that keep a kernel per notebook ready, the notebook already run."""


def main() -> None:
    """Print the figures as a table."""
    options = PREHEAT if "--preheat" in sys.argv else ()
    rows = run(quick="--quick" in sys.argv, options=options)
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        print(f"{row['name']:<{width}}  {row['figure']!s:>10} {row['unit']}")


if __name__ == "__main__":
    main()
