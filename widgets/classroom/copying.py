"""A line of text to keep, with a Copy button: the teacher key and the class code, once made.

The browser shows the text and copies it (the clipboard, or the text selected to copy by
hand, as the table's "Copy link" does); it may change nothing: Python sets the words, every
one of them (the label, the button, what a click tells), rendered by :meth:`CopyText.words`.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardschool.engine.messages import Message, message

from .words import Words

__all__ = ["CopyText"]

HERE = Path(__file__).parent / "static"

log = logging.getLogger(__name__)


class CopyText(Words, anywidget.AnyWidget):
    """``label: text`` and a Copy button (nothing is drawn while ``text`` is empty)."""

    _esm = HERE / "copy.js"
    _css = HERE / "classroom.css"

    text = traitlets.Unicode("").tag(sync=True)
    """The words to copy (drawn as text, never as markup)."""
    label = traitlets.Unicode("").tag(sync=True)
    """What they are, in words: ``Teacher key``."""
    words_shown = traitlets.Dict().tag(sync=True)
    """The words the browser places: ``label``, ``button``, ``what`` (the button's name),
    ``copied`` and ``selected`` (what a click tells)."""
    kind = traitlets.Unicode("").tag(sync=True)
    """A class name for the text, so a page or a test can find it: ``cs-teacher-key-made``."""

    def __init__(self, said: Message | None = None, kind: str = "") -> None:
        super().__init__(kind=kind)
        self.said = said
        """What the text is, as a message (None: no label)."""
        if said is not None:
            self.label = self.words(said)
        self._word_it()

    def speak_again(self) -> None:
        """The page speaks another language: the label and the button's words again."""
        if self.said is not None:
            self.label = self.words(self.said)
        self._word_it()

    def _word_it(self) -> None:
        """Render every word the browser shows (the label's, the button's)."""
        what = self.said if self.said is not None else message("classroom:copy.text")
        self.words_shown = {
            "label": self.words(message("classroom:copy.label", label=self.said))
            if self.said
            else "",
            "button": self.words(message("classroom:copy.button")),
            "what": self.words(message("classroom:copy.what", what=what)),
            "copied": self.words(message("classroom:copy.copied")),
            "selected": self.words(message("classroom:copy.selected")),
        }

    @traitlets.validate("kind")
    def _check_kind(self, proposal: dict[str, Any]) -> str:
        kind = proposal["value"]
        if not re.fullmatch(r"[a-z][a-z0-9-]*|", kind):
            raise traitlets.TraitError(f"invalid kind {kind!r}")
        return kind

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: Python sets the words."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))
