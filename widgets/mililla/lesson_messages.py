"""Mililla's lesson words: none of its own, as a written move is a card alone, which the
lessons read with the generic verb "play" (``lesson:verb.play``, ``widgets/lesson_messages.py``).

The module is here so both games' folders hold the same modules; a Mililla lesson word
would join the ``mililla`` catalog here.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register
from cardschool.engine.mililla import messages as _engine  # noqa: F401  (the catalog's words first)

__all__ = ["LESSON_WORDS"]

LESSON_WORDS = register(Catalog("mililla", {}))
"""Mililla's lesson words (none yet: its moves are cards, played)."""
