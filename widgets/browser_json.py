"""A browser's message as plain JSON values, the same under Pyodide as in a server's kernel.

In the static site the kernel runs in Pyodide, whose conversion of a JavaScript message
gives ``null`` as ``pyodide.ffi.jsnull`` (a falsy object that is not ``None``). Every
widget's message handler passes what it received through :func:`plain` first, so the
checks that follow (``value is None``, ``isinstance``) read the same in both places.
"""

from __future__ import annotations

import sys

__all__ = ["plain"]


def _js_null() -> object | None:
    """Pyodide's stand-in for JavaScript's ``null``; None where Python runs natively."""
    if sys.platform != "emscripten":
        return None
    try:
        from pyodide.ffi import jsnull  # type: ignore[import-not-found]
    except ImportError:
        return None
    return jsnull


def plain(value: object, null: object | None = None) -> object:
    """``value`` with every JavaScript ``null`` in it (``null`` if given) made ``None``."""
    null = _js_null() if null is None else null
    if null is None:
        return value
    if value is null:
        return None
    if isinstance(value, dict):
        return {key: plain(item, null) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item, null) for item in value]
    return value
