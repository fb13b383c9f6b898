"""The bots' clock: CPU seconds, so that a busy machine does not change a bot's choice."""

from __future__ import annotations

import time

__all__ = ["cpu_seconds"]


def cpu_seconds() -> float:
    """This thread's CPU seconds; the process's where threads have no clock of their own.

    Pyodide (the static site's Python) has no ``time.thread_time``; it runs one thread, so
    the process's CPU time is the same measure there.
    """
    clock = getattr(time, "thread_time", None) or time.process_time
    return clock()
