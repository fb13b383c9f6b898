"""Fixtures of the static site's test: the site built and served, Chromium kept offline.

``tests/conftest.py`` runs these tests on the browser tests' worker. One browser context
serves the whole module, so the first page is a cold load (an empty profile) and the
others find the runtime in the cache, as a learner moving from page to page does.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from static_support import (
    Outside,
    PageErrors,
    ensure_site,
    offline_context,
    serve,
)


class OfflineSite:
    """The served site and what the browser did that it must not."""

    def __init__(self, base: str, outside: Outside, context: Any, down: threading.Event) -> None:
        self.base = base
        self.outside = outside
        self.context = context
        self.errors: dict[Any, PageErrors] = {}
        self.down = down

    @contextlib.contextmanager
    def offline(self) -> Iterator[None]:
        """No network: the host answers nothing and every request is aborted."""
        self.down.set()
        self.context.route("**/*", _aborted)
        try:
            yield
        finally:
            self.context.unroute("**/*", _aborted)
            self.down.clear()

    def url(self, path: str) -> str:
        """The address of a page of the site."""
        return f"{self.base}/{path}"

    def problems(self, page: Any) -> list[str]:
        """The page's errors and every request made to another host (none allowed)."""
        return [*self.errors[page].messages, *(f"outside: {u}" for u in self.outside.urls)]


def _aborted(route: Any) -> None:
    """Playwright route handler: no request gets through."""
    route.abort("internetdisconnected")


@pytest.fixture(scope="session")
def built_site() -> Path:
    """``build/static``, built by ``make static`` unless it is up to date."""
    return ensure_site()


@pytest.fixture(scope="module")
def offline_site(built_site: Path, browser: Any) -> Iterator[OfflineSite]:
    """The site served on 127.0.0.1 and one offline browser context for the module."""
    outside, down = Outside(), threading.Event()
    with serve(built_site, down=down) as base:
        context = offline_context(browser, outside)
        context.set_default_timeout(60_000)
        yield OfflineSite(base, outside, context, down)
        context.close()


@pytest.fixture
def site_page(offline_site: OfflineSite) -> Iterator[Any]:
    """A new page in the module's offline context, its errors collected."""
    page = offline_site.context.new_page()
    offline_site.errors[page] = PageErrors(page)
    yield page
    page.close()
