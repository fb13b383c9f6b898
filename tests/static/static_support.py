"""Helpers for the static site's test and benchmark: build it, serve it, open it offline.

``ensure_site`` builds ``build/static`` with ``make static`` unless it is newer than the
sources; ``serve`` runs Python's ``http.server`` on it (a free 127.0.0.1 port, in a
thread); ``offline_context`` is a Chromium context that counts every request to another
host (the tests' Chromium fails them); ``cached_profile`` a browser whose cache works as a
learner's does; ``kernel_prints`` runs Python in a page's kernel.
Used by ``conftest.py`` here and ``tests/benchmarks/bench_static.py``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "static"
sys.path.insert(0, str(REPO / "tests" / "browser"))
# the tests' Chromium and its flags (other hosts failed by Chromium itself: NO_OTHER_HOSTS)
from browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LOCAL_HOSTS = {"127.0.0.1"}
SITE_PAGES = {
    "landing": "voici/render/index.html",
    "lesson": "voici/render/mille/first-hand.html",
    "mille": "voici/render/mille/practice.html",
    "mililla": "voici/render/mililla/practice.html",
    "teacher": "voici/render/teacher.html",
    "class": "voici/render/class.html",
    "unvisited": "voici/render/mililla/cards.html",
}
"""The site's pages the tests open, by what they are (paths under the site's root)."""
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
}
"""Content types a static host must give (a module script is refused without the right one)."""


def site_is_fresh(site: Path = SITE) -> bool:
    """True when ``site`` was built after every change to its sources."""
    from cardschool.widgets.site import build

    return not build.out_of_date(site)


def ensure_site(site: Path = SITE) -> Path:
    """The built site: ``make static`` runs only when it is missing or out of date."""
    if not site_is_fresh(site):
        done = subprocess.run(["make", "static"], cwd=REPO, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"make static failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
    return site


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A static file handler with a host's content types and no log lines."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    down: threading.Event | None = None
    """Set: the host answers nothing (each connection is closed unanswered)."""
    written: ClassVar[dict[str, bytes]] = {}
    """Files this host serves as if they were in the site (path from its root -> content),
    as a host where the files were written after the build."""

    def do_GET(self) -> None:
        """A written file (:attr:`written`), else the site's."""
        content = self.written.get(urlparse(self.path).path)
        if content is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    def handle_one_request(self) -> None:
        if self.down is not None and self.down.is_set():
            self.close_connection = True
            return
        super().handle_one_request()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(
    site: Path = SITE,
    types: dict[str, str] | None = None,
    down: threading.Event | None = None,
    written: dict[str, bytes] | None = None,
) -> Iterator[str]:
    """Serve ``site`` on a free 127.0.0.1 port in a thread; yield its base URL.

    ``types``: content types by file ending that this host gets wrong; ``down``: an event
    that, once set, makes the host answer nothing; ``written``: files served as if written
    into the site after its build (path from its root -> content; the dict may change).
    """
    quiet = type("Host", (_Quiet,), {"down": down, "written": {} if written is None else written})
    quiet.extensions_map = {**_Quiet.extensions_map, **(types or {})}
    handler = functools.partial(quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Outside:
    """Every request a browser context made to a host other than 127.0.0.1, kept: Chromium
    itself fails them (``browser_support.NO_OTHER_HOSTS``), so none gets through."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def seen(self, request: Any) -> None:
        """Playwright request listener: keep a request to another host."""
        host = urlparse(request.url).hostname
        if host is not None and host not in LOCAL_HOSTS and request.url not in self.urls:
            self.urls.append(request.url)


def offline_context(browser: Any, outside: Outside) -> Any:
    """A fresh context (an empty profile) of ``browser``, launched with ``CHROMIUM_ARGS``
    (the tests' Chromium is): its requests off 127.0.0.1 fail and are kept in ``outside``.

    No request is routed through Playwright, which would turn the context's cache off: a
    page after the first finds the runtime in the cache, as a learner's browser does."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", outside.seen)
    return context


def cached_profile(playwright: Any, folder: str, outside: Outside) -> Any:
    """A browser with a profile on disk in ``folder`` (a learner's: cache kept between loads).

    Other hosts are blocked by Chromium itself (their requests fail and are kept in
    ``outside``), and the HTTP cache and the compiled-code cache work as in a learner's
    browser, kept on disk between loads.
    """
    context = playwright.chromium.launch_persistent_context(
        folder,
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900},
    )
    context.on("request", outside.seen)
    return context


KERNEL_RUN = """async (code) => {
  // the page's kernel (Pyodide, in its worker), reached through voici's own app
  const manager = window.jupyterapp.serviceManager.kernels;
  const [model] = Array.from(manager.running());
  const kernel = manager.connectTo({ model });
  let out = "";
  const future = kernel.requestExecute({ code, store_history: false });
  future.onIOPub = (msg) => {
    const kind = msg.header.msg_type;
    if (kind === "stream") out += msg.content.text;
    if (kind === "error") out += `error: ${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  kernel.dispose();
  return out;
}"""
"""Page JavaScript: run Python in the page's kernel (Pyodide, in its worker); what it printed."""


def kernel_prints(page: Any, code: str) -> str:
    """What ``code`` prints when run in the page's kernel (once voici's app is up)."""
    page.wait_for_function("window.jupyterapp !== undefined", timeout=180_000)
    return page.evaluate(KERNEL_RUN, code)


class PageErrors:
    """A page's uncaught exceptions and console errors."""

    def __init__(self, page: Any) -> None:
        self.messages: list[str] = []
        page.on("pageerror", lambda error: self.messages.append(f"page error: {error}"))
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.messages.append(f"console error: {message.text}")
