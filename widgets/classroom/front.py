"""The class widget's front end: ``static/storage.js`` joined before ``classroom.js``.

anywidget loads a module from a blob URL, where a relative import cannot work; as for
the exercise widget, the storage module loses its ``export`` words and the class module
its import from it, so one module holds both.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ..front_end import STATIC

__all__ = ["classroom_front_end"]

HERE = Path(__file__).parent / "static"
_FROM_STORAGE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./storage\.js";[ \t]*\n', re.M)
_EXPORT = re.compile(r"^export\s+(?!default)", re.M)


@cache
def classroom_front_end() -> tuple[str, str]:
    """The ES module and style sheet of the class widgets."""
    storage = _EXPORT.sub("", (STATIC / "storage.js").read_text(encoding="utf-8"))
    widget, found = _FROM_STORAGE.subn("", (HERE / "classroom.js").read_text(encoding="utf-8"))
    if found != 1:
        raise ValueError('classroom/static/classroom.js must import once from "./storage.js"')
    esm = f"// ---- static/storage.js\n{storage}\n// ---- classroom/static/classroom.js\n{widget}"
    return esm, (HERE / "classroom.css").read_text(encoding="utf-8")
