"""The words around a table's deal-code box: its example, what a code means, what went wrong.

Everything comes from the game's spec (``code_prefix``, ``code_variants``, ``rules_type``),
so a table never shows another game's code as its example, and a code's third part (its
rule variants) is said in words: ``MIL-7K3Q-3`` deals with "pile pair may use wild: yes;
low cut deals: yes".
"""

from __future__ import annotations

from typing import Any

from cardschool.engine import dealcode
from cardschool.engine.errors import SavedGameError
from cardschool.engine.games import game_spec

from .state import CodeBox

__all__ = ["EXAMPLE_SEED", "code_box", "code_words", "example_code", "variant_words"]

EXAMPLE_SEED = "7K3Q"
"""The seed part of every table's example code."""


def example_code(game: str) -> str:
    """The example code a table of ``game`` shows in its empty box: ``MLA-7K3Q``."""
    return f"{game_spec(game).code_prefix}-{EXAMPLE_SEED}"


def variant_words(field: str, value: Any) -> str:
    """One rule variant in words: ``pile pair may use wild: yes``, ``target: 500``."""
    name = field.replace("_", " ")
    if isinstance(value, bool):
        return f"{name}: {'yes' if value else 'no'}"
    return f"{name}: {value}"


def code_words(code: str) -> str:
    """What a deal code means, in a sentence (its suffix included); "" for no code."""
    if not code:
        return ""
    try:
        kind, _seed, variants = dealcode.decode(code)
    except SavedGameError:
        return ""
    spec = game_spec(kind)
    parts = code.strip().upper().split("-")
    text = (
        f"Deal code {parts[0]}-{parts[1]}: {parts[0]} names {spec.title}, {parts[1]} the "
        "shuffle; the same code gives everyone the same deal"
    )
    if not variants:
        return text + ", with the rulebook's rules."
    said = "; ".join(variant_words(field, value) for field, value in variants.items())
    return f"{text}. Its last part, -{parts[2]}, sets rule variants: {said}."


def code_box(game: str, code: str, error: str = "") -> CodeBox:
    """The code box of a table of ``game`` dealing ``code``, with the last code error."""
    return CodeBox(example=example_code(game), about=code_words(code), error=error)
