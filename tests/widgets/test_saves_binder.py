"""The server settings that keep kernels of closed pages from piling up, on Voilà and Binder.

On Binder, Voilà runs inside a Jupyter server started from the repository root, through
``binder/start``; there it reads ``voila.json``/``voila.py`` from the Jupyter config path,
not ``tutorial/voila.json``. The test starts such a server from the test environment
(token authentication, as on Binder) and checks that the settings took effect: code is
hidden, kernels are culled, and a page's kernel-shutdown POST with its ``_xsrf`` cookie is
accepted.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APP = json.loads((REPO / "tutorial" / "voila.json").read_text())
BINDER = REPO / "binder" / "jupyter-config"
TOKEN = "binder-test-token"
PAGE = "voila/render/tutorial/mililla/practice.ipynb"


def test_the_app_culls_pages_gone_after_ten_minutes_never_a_connected_one():
    kernels = APP["MappingKernelManager"]
    assert 300 <= kernels["cull_idle_timeout"] <= 900
    assert kernels["cull_connected"] is False and kernels["cull_busy"] is False


def test_binder_has_the_same_culling_and_the_same_page_settings():
    server = json.loads((BINDER / "jupyter_server_config.json").read_text())
    assert server["MappingKernelManager"] == APP["MappingKernelManager"]
    voila = json.loads((BINDER / "voila.json").read_text())["VoilaConfiguration"]
    for name, value in voila.items():
        assert APP["VoilaConfiguration"][name] == value, name


def free_port() -> int:
    """A loopback port free right now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A Jupyter server started as Binder starts it: ``binder/start``, from the repo root."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("binder") / "server.log"
    command = [
        "bash",
        str(REPO / "binder" / "start"),
        sys.executable,
        "-m",
        "jupyter_server",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--no-browser",
        f"--IdentityProvider.token={TOKEN}",
        "--allow-root",
    ]
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
    env.pop("JUPYTER_CONFIG_PATH", None)
    base = f"http://127.0.0.1:{port}/"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"{base}api/status?token={TOKEN}", timeout=2)
                    break
                except (urllib.error.URLError, OSError):
                    assert process.poll() is None, log_path.read_text(errors="replace")[-3000:]
                    assert time.monotonic() < deadline, "the Binder-like server did not start"
                    time.sleep(0.3)
            yield base, log_path
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_on_binder_pages_hide_code_kernels_are_culled_and_closed_pages_end_theirs(
    binder_server,
):
    base, log_path = binder_server
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with browser.open(f"{base}{PAGE}?token={TOKEN}", timeout=120) as response:
        html = response.read().decode()
    assert "from cardschool.widgets import" not in html  # voila.json: sources stripped
    config = re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S)
    kernel = json.loads(config.group(1))["kernelId"]
    cookies = {cookie.name: cookie.value for cookie in jar}
    assert "_xsrf" in cookies  # voila.py: the page gets the cookie its shutdown POST needs

    log = log_path.read_text(errors="replace")
    assert "Culling kernels with idle durations > 600 seconds at 60 second intervals" in log
    assert "even with connected clients" not in log

    def kernel_listed() -> bool:
        try:
            browser.open(f"{base}api/kernels/{kernel}", timeout=10)
            return True
        except urllib.error.HTTPError as error:
            assert error.code == 404
            return False

    assert kernel_listed()
    refused = urllib.parse.urlencode({"_xsrf": "forged"}).encode()
    with pytest.raises(urllib.error.HTTPError) as error:
        browser.open(f"{base}voila/api/shutdown/{kernel}", data=refused, timeout=10)
    assert error.value.code == 403 and kernel_listed()
    form = urllib.parse.urlencode({"_xsrf": cookies["_xsrf"]}).encode()
    with browser.open(f"{base}voila/api/shutdown/{kernel}", data=form, timeout=30) as response:
        assert response.status == 204
    assert not kernel_listed()
