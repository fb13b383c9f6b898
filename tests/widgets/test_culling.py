"""The app's kernel manager spares a kernel just handed to a page from the idle cull.

A real kernel is started by :class:`PatientKernelManager` with an idle timeout of 0 (every
kernel is idle at every check); connections are counted as Jupyter's websocket handler
counts them, in the manager's ``_kernel_connections``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from cardschool.widgets.culling import PatientKernelManager

APP = Path(__file__).parents[2] / "tutorial" / "voila.json"


def run_in_own_thread(scenario: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``scenario`` on an event loop of its own thread (a browser test's sync Playwright
    may keep a loop running in this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as worker:
        return worker.submit(lambda: asyncio.run(scenario())).result()


def test_a_kernel_without_a_page_is_culled_only_at_the_second_check(tmp_path):
    async def scenario() -> list[bool]:
        manager = PatientKernelManager(cull_idle_timeout=0, connection_dir=str(tmp_path))
        kernel = await manager.start_kernel(kernel_name="python3")
        alive = []
        try:
            await manager.cull_kernel_if_idle(kernel)  # handed out, its page still loading
            alive.append(kernel in manager)
            manager._kernel_connections[kernel] = 1  # the page connected
            await manager.cull_kernel_if_idle(kernel)
            await manager.cull_kernel_if_idle(kernel)
            alive.append(kernel in manager)
            manager._kernel_connections[kernel] = 0  # the page went away without unloading
            await manager.cull_kernel_if_idle(kernel)
            alive.append(kernel in manager)
            await manager.cull_kernel_if_idle(kernel)
            alive.append(kernel in manager)
        finally:
            await manager.shutdown_all()
        return alive

    assert run_in_own_thread(scenario) == [True, True, True, False]


def test_the_app_runs_voila_with_this_manager():
    settings = json.loads(APP.read_text())["VoilaConfiguration"]
    assert settings["multi_kernel_manager_class"] == (
        f"{PatientKernelManager.__module__}.{PatientKernelManager.__name__}"
    )
