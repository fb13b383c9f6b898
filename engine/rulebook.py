"""The project's rulebook: every rule of every game, read from the games' own entries.

Each game package declares its complete rules as :class:`~cardschool.engine.spec.Entry`
values (``<game>/rulebook.py``: id, short title, full text, section) and its spec carries
them; this module gathers them through the registry (``cardschool.engine.games``). Every
explanation, error and narration the engines give names one of these ids, the tutorial
teaches each one, ``title(rule)`` gives the words a hint panel shows next to an id, and
each game's Rules page (``tutorial/<game>/rules.ipynb``) shows every entry in full.

The entries are written in English; their words are also catalog entries of the message
layer (``rulebook:<rule id>.title``, ``.text``, and ``.section`` on a section's first rule,
registered by each game's messages module), so :func:`title`, :func:`text` and
:func:`spoken_entry` read them in the language spoken now, like every other sentence.
"""

from __future__ import annotations

from dataclasses import replace

from .games import GAMES, game_spec
from .messages import catalog_of, message, render
from .spec import Entry, rule_said

__all__ = [
    "ENTRIES",
    "RULES",
    "Entry",
    "entries",
    "entry",
    "sections",
    "spoken_entry",
    "text",
    "title",
]

ENTRIES: dict[str, Entry] = {rule.id: rule for spec in GAMES.values() for rule in spec.rulebook}
"""Every entry of every game, by rule id, in the order of the games and their rulebooks."""

RULES: dict[str, str] = {rule: found.title for rule, found in ENTRIES.items()}
"""Every rule id with its short title, in English (:func:`title` says it in the spoken language)."""


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


def _said(key: str, english: str) -> str:
    """The words of the message ``key`` in the spoken language when its catalog holds these
    very English words; else the English as written (a rulebook no game registered)."""
    try:
        held = catalog_of(key).entries.get(key)
    except KeyError:
        held = None
    return render(message(key)) if held == english else english


def _section_key(rule: Entry) -> str:
    """The message id of the name of ``rule``'s section: held by the section's first rule."""
    for spec in GAMES.values():
        if rule in spec.rulebook:
            first = next(e for e in spec.rulebook if e.section == rule.section)
            return rule_said(first.id, "section")
    return ""


def title(rule: str) -> str:
    """The short title of a rule id in the spoken language; raise KeyError for an id the
    rulebook does not have."""
    found = entry(rule)
    return _said(rule_said(found.id, "title"), found.title)


def text(rule: str) -> str:
    """The full text of a rule id in the spoken language; KeyError for an unknown id."""
    found = entry(rule)
    return _said(rule_said(found.id, "text"), found.text)


def spoken_entry(rule: Entry) -> Entry:
    """``rule`` with its title, text and section in the spoken language (its id kept)."""
    return replace(
        rule,
        title=_said(rule_said(rule.id, "title"), rule.title),
        text=_said(rule_said(rule.id, "text"), rule.text),
        section=_said(_section_key(rule), rule.section),
    )


def sections(game: str) -> list[tuple[str, list[Entry]]]:
    """One game's entries grouped by section, the sections in their first entry's order (in
    English, as written: :func:`spoken_entry` says an entry in the spoken language)."""
    grouped: dict[str, list[Entry]] = {}
    for rule in entries(game):
        grouped.setdefault(rule.section, []).append(rule)
    return list(grouped.items())
