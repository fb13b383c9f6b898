"""How ``make test`` shares the tests between its two xdist workers (``--dist loadscope``).

Each test file stays on one worker, as ``loadscope`` does (a notebook's cells run in
order in one kernel under nbval), and all browser tests share one worker, so a single
Voilà server with its preheated kernels serves them all: two servers filling their
kernel pools at once on a two-core machine made pages slow enough for Voilà's widget
manager to give up ("model not found"). xdist's own ``loadgroup`` would say this with
marks, but it cannot rename test ids under pytest 9, hence this scheduler.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

BROWSER_TESTS = "tests/browser/"
STATIC_TESTS = "tests/static/"  # the static site in Chromium: with the browser tests


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadscope``, a scheduler that sends every browser test to one worker."""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        """``loadscope``, with the browser test files taken as one scope."""

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith((BROWSER_TESTS, STATIC_TESTS)):
                return BROWSER_TESTS
            return super()._split_scope(nodeid)

    return BrowserTestsTogether(config, log)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright, one per worker for the browser tests and the
    static site's (a second sync Playwright on the same worker would find the first one's
    asyncio loop running and refuse to start)."""
    sys.path.insert(0, str(Path(__file__).parent / "browser"))
    from browser_support import CHROMIUM, CHROMIUM_ARGS

    if not Path(CHROMIUM).exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()
