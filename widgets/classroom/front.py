"""The class widget's front end: ``classroom.js`` joined after ``dom.js`` and ``storage.js``.

anywidget loads a module from a blob URL, where a relative import cannot work; as for
the exercise widget (``widgets/front_end.py``), the element builder and the storage module
lose their ``export`` words and the class module its imports from them, so one module holds
all three.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..front_end import join_with_storage

__all__ = ["classroom_front_end"]

HERE = Path(__file__).parent / "static"


@cache
def classroom_front_end() -> tuple[str, str]:
    """The ES module and style sheet of the class widgets."""
    return join_with_storage(
        HERE / "classroom.js", HERE / "classroom.css", "classroom/static/classroom.js"
    )
