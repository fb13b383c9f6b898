"""Waiting on a condition, not for a fixed time: the event-loop tests' one way to wait."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


async def until(condition: Callable[[], bool], what: str, seconds: float = 10.0) -> None:
    """Let the running event loop work until ``condition()`` holds; fail naming ``what``
    after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"after {seconds} s, still not: {what}"
        await asyncio.sleep(0.001)


async def drained(later: Callable[[Callable[[], None], int], None]) -> None:
    """Wait for a marker act given to a table's ``later`` with no delay: once it has run,
    every act scheduled before it (and not cancelled) has run too (the loop runs timers
    due at once in the order they were set)."""
    ran: list[bool] = []
    later(lambda: ran.append(True), 0)
    await until(lambda: bool(ran), "the marker act ran")
