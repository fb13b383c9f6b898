"""Log records of a page's kernel go to the server's log, never to the browser.

In a Jupyter kernel ``sys.stderr`` is a stream sent to the page: a logger without a handler
of its own (ours, or ipykernel's when a browser opens a widget the kernel does not know)
would print there through ``logging.lastResort``, tracebacks and file paths included. So
the kernel's root logger gets a handler writing to the process's own error stream (what
Voilà's terminal shows), and nothing reaches the page's websocket. Outside a kernel
(tests, scripts) nothing changes.
"""

from __future__ import annotations

import io
import logging
import sys

__all__ = ["ServerLogHandler", "keep_logs_on_server"]


class ServerLogHandler(logging.StreamHandler):
    """A handler writing to the kernel process's own error stream, not the page's."""


def _server_stream() -> io.TextIOBase | None:
    """The kernel process's own error stream, when ``sys.stderr`` is sent to a page."""
    if not type(sys.stderr).__module__.startswith("ipykernel"):
        return None  # not a kernel's page stream: leave logging as it is
    copy = getattr(sys.stderr, "_original_stdstream_copy", None)
    if copy is None:  # the process's error stream is not sent to the page
        return sys.__stderr__
    # the kernel forwards what is written to the process's error stream to the page too:
    # write to the copy it kept of that stream before
    return io.TextIOWrapper(io.FileIO(copy, "w", closefd=False), line_buffering=True)


def keep_logs_on_server() -> None:
    """In a kernel, send every log record to the server's log (once; idempotent)."""
    root = logging.getLogger()
    if any(isinstance(handler, ServerLogHandler) for handler in root.handlers):
        return
    stream = _server_stream()
    if stream is None:
        return
    handler = ServerLogHandler(stream)
    handler.setFormatter(logging.Formatter("[kernel %(name)s] %(levelname)s %(message)s"))
    root.addHandler(handler)
