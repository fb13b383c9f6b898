"""The project's rulebook: one entry per rule id the engines and exercises cite, and no more.

Every rule id quoted in the engines' source (each game's own ``rulebook.py`` aside, since
it lists them all) or named by an exercise has an entry; every entry is cited by its
engine; ids are unique, titles and texts written, every variant of a rules object told.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from cardschool.engine import rulebook
from cardschool.engine.games import GAMES
from cardschool.engine.messages import catalog_of
from cardschool.engine.rulebook import ENTRIES, RULES, entries, entry, sections, title

ROOT = Path(__file__).parents[2]
ENGINE = ROOT / "engine"
EXERCISES = ROOT / "tutorial" / "exercises"
GAME_NAMES = "|".join(map(re.escape, GAMES))
RULE_ID = re.compile(rf"""["']((?:{GAME_NAMES})\.[a-z0-9.-]*[a-z0-9])["']""")
"""A quoted rule id of any game of the registry."""


def is_a_message(quoted: str) -> bool:
    """Whether a quoted id is a sentence's message id (a game's catalog), not a rule id."""
    try:
        return quoted in catalog_of(quoted).entries
    except KeyError:
        return False


def cited_by_the_engines() -> dict[str, set[str]]:
    """Every rule id quoted in the engine's source, with the files that quote it."""
    cited: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "rulebook.py":  # the rulebooks list every id: they cite nothing
            continue
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            if not is_a_message(rule):
                cited.setdefault(rule, set()).add(path.relative_to(ROOT).as_posix())
    return cited


def named_by_the_exercises() -> set[str]:
    """Every rule id an exercise file names in its exercises' ``rules``."""
    named: set[str] = set()
    for path in sorted(EXERCISES.rglob("*.toml")):
        for exercise in tomllib.loads(path.read_text(encoding="utf-8"))["exercise"]:
            named |= set(exercise.get("rules", []))
    return named


def test_every_rule_id_the_engines_cite_has_an_entry():
    cited = cited_by_the_engines()
    assert len(cited) > 30, "the scan found hardly any rule ids"
    missing = {rule: sorted(files) for rule, files in cited.items() if rule not in ENTRIES}
    assert missing == {}


def test_every_rule_id_the_exercises_name_has_an_entry():
    named = named_by_the_exercises()
    assert named, "the exercises name no rule ids"
    assert sorted(named - set(ENTRIES)) == []


def test_every_entry_is_cited_by_its_engine():
    assert sorted(set(ENTRIES) - set(cited_by_the_engines())) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_entries_have_its_ids_unique_titles_and_texts(game):
    found = entries(game)
    ids = [rule.id for rule in found]
    assert found and len(set(ids)) == len(ids)
    assert all(rule.startswith(f"{game}.") for rule in ids)
    for rule in found:
        assert rule.title.strip() and rule.section.strip(), rule.id
        assert rule.text.strip().endswith("."), rule.id  # whole sentences
        assert len(rule.text) > len(rule.title), rule.id


def test_ids_are_unique_across_the_games():
    every = [rule.id for spec in GAMES.values() for rule in spec.rulebook]
    assert len(every) == len(set(every)) == len(ENTRIES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_variant_of_a_rules_object_is_told_in_its_rulebook(game):
    spec = GAMES[game]
    told = " ".join(rule.text for rule in spec.rulebook)
    untold = [field.name for field in fields(spec.rules_type) if field.name not in told]
    assert untold == []


def test_titles_and_entries_are_read_by_id():
    some = next(iter(ENTRIES.values()))
    assert entry(some.id) is some
    assert title(some.id) == some.title == RULES[some.id]
    assert {rule: found.title for rule, found in ENTRIES.items()} == RULES
    for missing in ("", "nothing.here", some.id + ".more"):
        with pytest.raises(KeyError):
            title(missing)
        with pytest.raises(KeyError):
            entry(missing)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_sections_keep_every_entry_once_in_order(game):
    grouped = sections(game)
    names = [name for name, _rules in grouped]
    assert len(names) == len(set(names))
    assert [rule for _name, rules in grouped for rule in rules] == sorted(
        entries(game), key=lambda rule: names.index(rule.section)
    )


def test_an_unknown_game_has_no_rulebook():
    with pytest.raises(ValueError, match="unknown game"):
        rulebook.entries("bridge")
