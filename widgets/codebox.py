"""The words around a table's deal-code box: its example, what a code means, what went wrong.

Everything comes from the game's spec (``code_prefix``, ``code_variants``, ``rules_type``),
so a table never shows another game's code as its example, and a code's third part (its
rule variants) is said in plain words, from the game's catalog: a code whose variants
deal a match to 1,000 says "the match is played to 1,000 points".
"""

from __future__ import annotations

from typing import Any

from cardschool.engine import dealcode
from cardschool.engine.errors import SavedGameError
from cardschool.engine.games import game_spec
from cardschool.engine.messages import message, render

from .state import CodeBox

__all__ = ["EXAMPLE_SEED", "code_box", "code_words", "example_code", "rules_words", "variant_words"]

EXAMPLE_SEED = "7K3Q"
"""The seed part of every table's example code."""


def example_code(game: str) -> str:
    """The example code a table of ``game`` shows in its empty box: ``MLA-7K3Q``."""
    return f"{game_spec(game).code_prefix}-{EXAMPLE_SEED}"


def variant_words(game: str, field: str, value: Any) -> str:
    """One rule variant of ``game`` in plain words: "the match is played to 500 points"."""
    return render(dealcode.variant_message(game, field, value))


def code_words(code: str) -> str:
    """What a deal code means, in a sentence (its variants in plain words); "" for no code."""
    if not code:
        return ""
    try:
        kind, _seed, variants = dealcode.decode(code)
    except SavedGameError:
        return ""
    shown = code.strip().upper()
    if not variants:
        return render(message("code:about", code=shown))
    return render(
        message("code:about.variants", code=shown, rules=dealcode.rules_words(kind, variants))
    )


def rules_words(code: str) -> str:
    """The rules a deal code changes, in plain words, shown on the table ("" for none)."""
    try:
        kind, _seed, variants = dealcode.decode(code) if code else ("", 0, {})
    except SavedGameError:
        return ""
    if not variants:
        return ""
    return render(message("code:rules.shown", rules=dealcode.rules_words(kind, variants)))


def code_box(game: str, code: str, error: str = "") -> CodeBox:
    """The code box of a table of ``game`` dealing ``code``, with the last code error."""
    return CodeBox(
        example=example_code(game), about=code_words(code), error=error, rules=rules_words(code)
    )
