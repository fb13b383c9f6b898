"""A line of text to keep, with a Copy button: the teacher key and the class code, once made.

The browser shows the text and copies it (the clipboard, or the text selected to copy by
hand, as the table's "Copy link" does); it may change nothing: Python sets the words.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["CopyText"]

HERE = Path(__file__).parent / "static"

log = logging.getLogger(__name__)


class CopyText(anywidget.AnyWidget):
    """``label: text`` and a Copy button (nothing is drawn while ``text`` is empty)."""

    _esm = HERE / "copy.js"
    _css = HERE / "classroom.css"

    text = traitlets.Unicode("").tag(sync=True)
    """The words to copy (drawn as text, never as markup)."""
    label = traitlets.Unicode("").tag(sync=True)
    """What they are: ``Teacher key``."""
    kind = traitlets.Unicode("").tag(sync=True)
    """A class name for the text, so a page or a test can find it: ``cs-teacher-key-made``."""

    @traitlets.validate("kind")
    def _check_kind(self, proposal: dict[str, Any]) -> str:
        kind = proposal["value"]
        if not re.fullmatch(r"[a-z][a-z0-9-]*|", kind):
            raise traitlets.TraitError(f"{kind!r} is not a class name")
        return kind

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: Python sets the words."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))
