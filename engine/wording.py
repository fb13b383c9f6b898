"""What is left of mending built English: the public log's sentences told with a session's names.

The public log (each game's ``view.log``) still holds third-person sentences with the
engine's seat names ("South draws from the stock"); ``widgets.picture.names_in`` puts a
session's names in them and mends "You draws" into "You draw" here. Every other sentence
is a message (``cardschool.engine.messages``) with its own second-person form; once the
log's entries carry their messages, this module goes.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["names_pattern", "second_person"]

_IRREGULAR = {"is": "are", "has": "have", "goes": "go", "does": "do", "was": "were"}
_YOU_VERB = re.compile(r"\bYou (\w+)")
_AND_VERB = re.compile(r"\band (goes|melds|adds|draws|takes|discards|turns|plays|leads)\b")


def base_form(verb: str) -> str:
    """The verb that follows "you": ``draws`` -> ``draw``, ``has`` -> ``have``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def second_person(text: str, you: str = "You") -> str:
    """Mend a third-person sentence about the seat named "You": "You draws" -> "You draw".

    The verbs joined by "and" after it are mended too ("You discards the 4♣ and goes
    out" -> "You discard the 4♣ and go out"); "You" inside a sentence becomes "you".
    """
    if you != "You" or "You" not in text:
        return text
    first = _YOU_VERB.search(text)
    if first is None:
        return text
    head, tail = text[: first.start()], text[first.start() :]
    tail = _YOU_VERB.sub(lambda m: f"You {base_form(m[1])}", tail)
    tail = _AND_VERB.sub(lambda m: f"and {base_form(m[1])}", tail)
    text = head + tail
    return text[:1] + re.sub(r"\bYou\b", "you", text[1:])


@lru_cache(maxsize=4)
def names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern matching any of these names as whole words."""
    return re.compile("|".join(rf"\b{re.escape(name)}\b" for name in names) or r"(?!)")
