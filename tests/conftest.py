"""How ``make test`` shares the tests between its xdist workers (``--dist loadscope``).

Each test file stays on one worker, as ``loadscope`` does (a notebook's cells run in
order in one kernel under nbval), and every browser test that takes the app's Voilà server
(the ``voila_app`` fixture) runs on one worker, so a single server with its preheated
kernels serves them all: two such servers filling their kernel pools at once on a two-core
machine made pages slow enough for Voilà's widget manager to give up ("model not found").
The static site's tests form one scope too (one build of the site). Browser tests with
servers of their own (which preheat little or nothing) are scopes of a file each, free to
run beside the app's. xdist's own ``loadgroup`` would say this with marks, but it cannot
rename test ids under pytest 9, hence this scheduler.

The longest scopes are handed out first (:func:`pytest_collection_modifyitems` orders the
collection, which the scheduler follows): the app's browser tests, the static site's, the
other browser files, then the rest as collected. The browser tests' Chromium
(:class:`Chromium`) runs only while they do: it stops before any other test.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# no per-example deadline: on a shared two-core machine one example may take ten times
# another, and a test that needs a bound on its time says so in its own settings
settings.register_profile("cardschool", deadline=None)
settings.load_profile("cardschool")

BROWSER_TESTS = "tests/browser/"
STATIC_TESTS = "tests/static/"  # the static site in Chromium: one scope, one build
BROWSER_PARTS = (BROWSER_TESTS, STATIC_TESTS)
APP_SERVER = "voila_app"
"""The fixture of the app's Voilà server (``tests/browser/conftest.py``)."""
APP_SCOPE = f"{BROWSER_TESTS} on the app's Voilà server"
ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def takes_app_server(path: str) -> bool:
    """True when a test or fixture of the file at ``path`` (from the repository's root)
    takes the app's Voilà server as an argument."""
    tree = ast.parse((ROOT / path).read_text())
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    return any(
        argument.arg == APP_SERVER
        for node in ast.walk(tree)
        if isinstance(node, functions)
        for argument in node.args.args
    )


def scope_of(nodeid: str) -> str | None:
    """The shared scope of a test (the app's browser tests, the static site's), else None."""
    path = nodeid.split("::", 1)[0]
    if path.startswith(STATIC_TESTS):
        return STATIC_TESTS
    if path.startswith(BROWSER_TESTS) and path.endswith(".py") and takes_app_server(path):
        return APP_SCOPE
    return None


def _rank(nodeid: str) -> int:
    """Which scopes go first: the app's browser tests, the static site's, other browser files."""
    scope = scope_of(nodeid)
    if scope is not None:
        return 0 if scope == APP_SCOPE else 1
    return 2 if nodeid.startswith(BROWSER_TESTS) else 3


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest scopes first (a stable sort: each file's order is kept)."""
    items.sort(key=lambda item: _rank(item.nodeid))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadscope``, a scheduler with the shared scopes of :func:`scope_of`."""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the collection's order: the longest first

    class SharedServerScopes(LoadScopeScheduling):
        """``loadscope``, with the app's browser tests and the static site's as one scope each."""

        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid) or super()._split_scope(nodeid)

    return SharedServerScopes(config, log)


def _needs_browser(item: pytest.Item | None) -> bool:
    """True for a test of the browser or static-site folders."""
    return item is not None and item.nodeid.startswith(BROWSER_PARTS)


class Chromium:
    """Headless Chromium under a sync Playwright, started when a test first asks for it and
    stopped as soon as the next test of this worker is not a browser test.

    A sync Playwright keeps an asyncio loop marked running in its thread; a widget test run
    after it would find that loop and hand the bots' timers to it, where they never fire.
    Attribute access goes to the running browser (``browser.new_context(...)``).
    """

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # pytest looks for its own marks on conftest's objects
            raise AttributeError(name)
        if self._browser is None:
            self._start()
        return getattr(self._browser, name)

    def _start(self) -> None:
        sys.path.insert(0, str(Path(__file__).parent / "browser"))
        from browser_support import CHROMIUM, CHROMIUM_ARGS
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self._browser = self._playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )

    def stop(self) -> None:
        """Close the browser and end Playwright (its loop with it), if they run."""
        if self._browser is not None:
            self._browser.close()
            self._playwright.stop()
        self._browser = self._playwright = None


_CHROMIUM = Chromium()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium for the browser tests and the static site's (``Chromium``)."""
    sys.path.insert(0, str(Path(__file__).parent / "browser"))
    from browser_support import CHROMIUM

    if not Path(CHROMIUM).exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM}")
    yield _CHROMIUM
    _CHROMIUM.stop()


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After the last browser test in a row (its module's fixtures closed), stop Chromium."""
    yield
    if _needs_browser(item) and not _needs_browser(nextitem):
        _CHROMIUM.stop()
