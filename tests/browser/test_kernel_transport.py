"""Voilà's kernels over the IPC transport, with right-sized pools: the app's own settings.

Kernels started over TCP pick free ports first and bind them later, so a burst of page
opens can make two kernels race for one port (``ZMQError: Address already in use``, the
page never loads). With ``KernelManager.transport = "ipc"`` a kernel's channels are
Unix sockets named after its own connection file, so there is no port to race for (and
the kernel no longer warns that it runs "over TCP without encryption"). The practice
pages get a pool of preheated kernels sized for a class arriving a few at a time.

:data:`APP` is ``tutorial/voila.json``; Voilà is started with it on a temporary copy of
the tutorial (its socket files stay out of the checkout), and headless
students (``tests/benchmarks/headless_student.py``: the page, its kernel's websocket, the
widget protocol) open pages at once and play a card each.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from browser_support import ARTIFACTS, TUTORIAL, voila_server, wait_until

_STUDENT = Path(__file__).resolve().parents[1] / "benchmarks" / "headless_student.py"
_spec = importlib.util.spec_from_file_location("headless_student", _STUDENT)
assert _spec and _spec.loader
headless = importlib.util.module_from_spec(_spec)
sys.modules["headless_student"] = headless  # its dataclasses look their module up
_spec.loader.exec_module(headless)

APP: dict[str, Any] = json.loads((TUTORIAL / "voila.json").read_text())
"""The app's Voilà settings (``tutorial/voila.json``)."""
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
AT_ONCE = 5
"""Pages opened at the same moment in the test (more than the practice pool holds)."""


@pytest.fixture(scope="module")
def ipc_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voilà on a copy of the tutorial, with the app's settings."""
    folder = tmp_path_factory.mktemp("ipc") / "tutorial-ipc"
    shutil.copytree(TUTORIAL, folder)
    with voila_server(folder) as base:
        yield base, folder


def _kernels(folder: Path) -> list[dict[str, Any]]:
    """The connection files of the kernels of the Voilà server this test started on ``folder``.

    Other Voilà servers of the same test process (the harness's) are left out.
    """
    found = []
    for server in psutil.Process().children():
        if "voila" not in " ".join(server.cmdline()) or Path(server.cwd()) != folder:
            continue
        for child in server.children(recursive=True):
            command = child.cmdline()
            if "ipykernel_launcher" in " ".join(command) and "-f" in command:
                path = Path(command[command.index("-f") + 1])
                if path.exists():
                    found.append(json.loads(path.read_text()))
    return found


def _bound(kernel: dict[str, Any]) -> bool:
    """True once the kernel listens on its shell channel (an IPC socket file)."""
    return Path(f"{kernel['ip']}-{kernel['shell_port']}").is_socket()


def _wait_for_kernels(folder: Path, count: int, timeout: float = 90) -> list[dict[str, Any]]:
    """The kernels, once ``count`` of them are up and listening; fails after ``timeout``."""

    def listening() -> list[dict[str, Any]]:
        kernels = _kernels(folder)
        up = len(kernels) >= count and all(k["transport"] != "ipc" or _bound(k) for k in kernels)
        return kernels if up else []

    return wait_until(listening, f"{count} kernels up and listening", timeout)


def test_kernels_use_unix_sockets_and_the_pools_fill(ipc_app: tuple[str, Path]) -> None:
    """Every preheated kernel talks over IPC; the pools hold the sizes the app sets."""
    _base, folder = ipc_app
    pools = APP["VoilaKernelManager"]["kernel_pools_config"]
    default = pools["default"]["pool_size"]
    names = [p.relative_to(folder).as_posix() for p in folder.glob("**/*.ipynb")]
    preheated = sum(pools.get(name, {"pool_size": default})["pool_size"] for name in names)
    assert preheated >= 5  # the practice pages' pools at least
    kernels = _wait_for_kernels(folder, preheated)
    assert len(kernels) >= preheated
    assert {k["transport"] for k in kernels} == {"ipc"}
    assert all(_bound(k) for k in kernels)
    log = (ARTIFACTS / f"voila-{folder.name}-{WORKER}.log").read_text()
    assert "running over TCP" not in log
    assert "Traceback" not in log


def test_pages_opened_at_once_all_get_a_working_table(ipc_app: tuple[str, Path]) -> None:
    """More pages at once than the pool holds: each gets its table and answers a card."""
    base, _folder = ipc_app
    tally = headless.Tally()

    async def one(number: int) -> None:
        http = headless.AsyncHTTPClient(force_instance=True)
        student = headless.Student(base, number, "basic", False, tally)
        try:
            await student.open(http)
            rev = student.state["rev"]
            card = next(c for c in student.state["hand"] if c["legal"])
            await student.intent({"type": "card", "card": card["card"]})
            state = await student.wait_turn(rev)
            assert card["card"] not in [c["card"] for c in state["hand"]]
            tally.turns.append(1.0)
        finally:
            await student.leave(http)
            http.close()

    async def everyone() -> list[Any]:
        return await asyncio.gather(*(one(k) for k in range(AT_ONCE)), return_exceptions=True)

    # a thread of its own: the browser tests' sync Playwright keeps a loop running in this one
    with concurrent.futures.ThreadPoolExecutor(1) as worker:
        outcomes = worker.submit(lambda: asyncio.run(everyone())).result()
    assert [o for o in outcomes if o is not None] == []
    assert len(tally.opens) == len(tally.turns) == AT_ONCE
    assert tally.errors == []
