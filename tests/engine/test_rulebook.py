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

from cardschool.engine import languages, rulebook
from cardschool.engine.games import GAMES
from cardschool.engine.messages import catalog_of
from cardschool.engine.rulebook import (
    ENTRIES,
    RULES,
    Entry,
    entries,
    entry,
    sections,
    spoken_entry,
    text,
    title,
)
from cardschool.engine.spec import rule_said

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


@pytest.fixture
def speaking():
    """A test that speaks another language: English again after it, whatever happened."""
    yield languages.speak
    languages.speak(languages.SOURCE)


def _po_words(game: str, language: str) -> dict[str, str]:
    """A game's rulebook words as its ``locale/<language>.po`` translates them, by context."""
    from babel.messages.pofile import read_po

    path = ENGINE / game / "locale" / f"{language}.po"
    with path.open("rb") as stream:
        book = read_po(stream, locale=language)
    return {m.context: m.string for m in book if m.context and m.context.startswith("rulebook:")}


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_entry_reads_in_the_spoken_language_and_in_english_after(game, language, speaking):
    english = entries(game)
    po = _po_words(game, language)
    speaking(language)
    said = [spoken_entry(rule) for rule in english]
    for rule, words in zip(english, said, strict=True):
        assert words.id == rule.id
        assert words.title == title(rule.id) == po[rule_said(rule.id, "title")] != rule.title
        assert words.text == text(rule.id) == po[rule_said(rule.id, "text")] != rule.text
        assert words.section != rule.section
    # one section, one name: the section's rules all say it as its first rule does
    assert len({w.section for w in said}) == len(sections(game))
    speaking(languages.SOURCE)
    assert [spoken_entry(rule) for rule in english] == list(english)
    assert [title(rule.id) for rule in english] == [rule.title for rule in english]
    assert [text(rule.id) for rule in english] == [rule.text for rule in english]


def test_a_french_title_is_the_rulebook_in_french(speaking):
    speaking("fr")
    assert title("mille.wild") == "Tous les 2 sont des jokers"
    assert title("mililla.follow") == "Fournissez si vous le pouvez"
    speaking("es")
    assert title("mililla.follow") == "Asiste si puedes"


def test_an_entry_no_catalog_holds_keeps_its_own_words(speaking):
    """A rulebook no game registered (a test's own entries) reads as it is written."""
    own = Entry("nothing.here", "A title", "A text.", "A section")
    speaking("fr")
    assert spoken_entry(own) == own
