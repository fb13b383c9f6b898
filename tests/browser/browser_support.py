"""Helpers for browser tests and the browser benchmark: Jupyter servers, Chromium, the console.

Used by ``tests/browser/conftest.py`` (as fixtures) and ``tests/benchmarks/bench_browser.py``.
Voilà serves one folder: the app (``tutorial/``, with its ``voila.json``) or the harness
(``tests/browser/harness/``, a test notebook that is not part of the app); JupyterLab
serves a folder of notebooks a test writes. Each server runs on a free port bound to
127.0.0.1, from its folder, and is stopped at the end.
"""

from __future__ import annotations

import compileall
import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "tutorial"
HARNESS = REPO / "tests" / "browser" / "harness"
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
NO_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""Chromium's own block of every host but 127.0.0.1 (their name lookups fail): the tests
reach nothing off this machine, and no request routing (which turns the cache off) is needed."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    NO_OTHER_HOSTS,
]
# Voilà's "lab" template asks a CDN for its icon font stylesheet; offline that request fails.
IGNORED_HOSTS = {"cdn.jsdelivr.net"}
IGNORED_PATH_PART = "fontawesome"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port_free(port: int, seconds: float = 30) -> None:
    """Wait until a server may listen on ``port`` again (as a restarted server binds it)."""
    deadline = time.monotonic() + seconds
    while True:
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind(("127.0.0.1", port))
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
        time.sleep(0.2)


def wait_until(condition: Callable[[], Any], what: str, seconds: float = 30) -> Any:
    """Poll ``condition()`` until it gives a true value and return that value; fail naming
    ``what`` after ``seconds``. For what Playwright's ``expect`` cannot see (a server, a
    process, a database)."""
    deadline = time.monotonic() + seconds
    while not (value := condition()):
        assert time.monotonic() < deadline, f"after {seconds} s, still not: {what}"
        time.sleep(0.1)
    return value


QUIET = """([quiet, timeout]) => new Promise((done, fail) => {
  let timer = setTimeout(stop, quiet);
  const watch = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(stop, quiet);
  });
  const late = setTimeout(() => {
    watch.disconnect();
    fail(new Error("the page kept changing"));
  }, timeout);
  function stop() { watch.disconnect(); clearTimeout(late); done(true); }
  const all = {subtree: true, childList: true, attributes: true, characterData: true};
  watch.observe(document.body, all);
})"""


def settled(page: Any, quiet_ms: int = 300, timeout_ms: int = 15_000) -> None:
    """Wait until the page's DOM has not changed for ``quiet_ms`` (its redraws are over);
    fail if it still changes after ``timeout_ms``."""
    page.evaluate(QUIET, [quiet_ms, timeout_ms])


def kernel_alive(base: str, kernel: str) -> bool:
    """True while the Jupyter server at ``base`` still lists the kernel."""
    try:
        with urllib.request.urlopen(f"{base}/api/kernels/{kernel}", timeout=5):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def _answers(url: str) -> bool:
    """True once the server answers HTTP at ``url``."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@contextlib.contextmanager
def _serve(
    name: str, command: list[str], folder: Path, ready: str, timeout: float, port: int | None
) -> Iterator[str]:
    """Run a Jupyter server (on ``port`` or a free loopback port, from ``folder``); yield its
    base URL."""
    port = port or free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    log_path = ARTIFACTS / f"{name}-{folder.name}-{worker}.log"  # the last run's log
    command = [sys.executable, "-m", *command, f"--port={port}", "--no-browser"]
    # its kernels import cardschool from source: compile it once here, or each kernel compiles
    # it again when PYTHONDONTWRITEBYTECODE is set (~0.25 s of CPU per page)
    for package in ("engine", "widgets"):
        compileall.compile_dir(REPO / package, quiet=1)
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
    base = f"http://127.0.0.1:{port}"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=env
        )
        try:
            deadline = time.monotonic() + timeout
            while not _answers(base + ready):
                if process.poll() is not None or time.monotonic() > deadline:
                    tail = log_path.read_text(errors="replace")[-3000:]
                    raise RuntimeError(f"{name} did not start on {folder}:\n{tail}")
                time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


NO_PREHEAT = "--VoilaConfiguration.preheat_kernel=False"
"""Voilà's option that overrides ``tutorial/voila.json``'s kernel pools: none preheated."""


def voila_server(
    folder: Path, *options: str, timeout: float = 60, port: int | None = None
) -> contextlib.AbstractContextManager[str]:
    """Run Voilà on ``folder`` (its working directory) and yield its base URL.

    ``port``: that port and no other (a restart test serves the same origin twice).
    """
    command = ["voila", "--Voila.ip=127.0.0.1", *options]
    if port:
        command.append("--Voila.port_retries=0")
    return _serve("voila", command, folder, "/", timeout, port)


def jupyterlab_server(folder: Path, timeout: float = 60) -> contextlib.AbstractContextManager[str]:
    """Run JupyterLab on ``folder`` (loopback only, no token: a test) and yield its base URL."""
    command = [
        "jupyterlab",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--allow-root",  # CI runs as root; harmless otherwise
    ]
    return _serve("jupyterlab", command, folder, "/lab", timeout, None)


class ConsoleLog:
    """Collects the browser console's errors and the page's uncaught exceptions."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def on_console(self, message: Any) -> None:
        """Playwright ``console`` listener: keep errors, except the offline font request."""
        if message.type != "error":
            return
        url = (message.location or {}).get("url", "")
        parsed = urlparse(url)
        if parsed.hostname in IGNORED_HOSTS and IGNORED_PATH_PART in parsed.path:
            return
        self.messages.append(f"console error: {message.text} ({url})")

    def on_page_error(self, error: Any) -> None:
        """Playwright ``pageerror`` listener: every uncaught exception counts."""
        self.messages.append(f"page error: {error}")

    def attach(self, page: Any) -> ConsoleLog:
        """Listen to a page; return self."""
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        return self
