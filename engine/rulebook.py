"""The project's rulebook: every rule of every game, read from the games' own entries.

Each game package declares its complete rules as :class:`~cardschool.engine.spec.Entry`
values (``<game>/rulebook.py``: id, short title, full text, section) and its spec carries
them; this module gathers them through the registry (``cardschool.engine.games``). Every
explanation, error and narration the engines give names one of these ids, the tutorial
teaches each one, ``title(rule)`` gives the words a hint panel shows next to an id, and
each game's Rules page (``tutorial/<game>/rules.ipynb``) shows every entry in full.
"""

from __future__ import annotations

from .games import GAMES, game_spec
from .spec import Entry

__all__ = ["ENTRIES", "RULES", "Entry", "entries", "entry", "sections", "title"]

ENTRIES: dict[str, Entry] = {rule.id: rule for spec in GAMES.values() for rule in spec.rulebook}
"""Every entry of every game, by rule id, in the order of the games and their rulebooks."""

RULES: dict[str, str] = {rule: found.title for rule, found in ENTRIES.items()}
"""Every rule id with its short title."""


def entries(game: str) -> tuple[Entry, ...]:
    """Every entry of one game, in its rulebook's order; ValueError for an unknown game."""
    return game_spec(game).rulebook


def entry(rule: str) -> Entry:
    """The entry of a rule id; raise KeyError for an id the rulebook does not have."""
    found = ENTRIES.get(rule)
    if found is None:  # a game registered after this module was read (a test's toy game)
        found = next((e for spec in GAMES.values() for e in spec.rulebook if e.id == rule), None)
    if found is None:
        raise KeyError(rule)
    return found


def title(rule: str) -> str:
    """The short title of a rule id; raise KeyError for an id the rulebook does not have."""
    return entry(rule).title


def sections(game: str) -> list[tuple[str, list[Entry]]]:
    """One game's entries grouped by section, the sections in their first entry's order."""
    grouped: dict[str, list[Entry]] = {}
    for rule in entries(game):
        grouped.setdefault(rule.section, []).append(rule)
    return list(grouped.items())
