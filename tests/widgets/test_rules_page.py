"""Each game's Rules page shows every entry of its rulebook, escaped, each id an anchor."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
import traitlets

from cardschool.engine.games import GAMES
from cardschool.engine.languages import SOURCE
from cardschool.engine.rulebook import Entry, entries, sections, spoken_entry
from cardschool.widgets.rules_page import RULES_PAGE, rules_href, rules_html, rules_page
from cardschool.widgets.speaking import choose

TUTORIAL = Path(__file__).parents[2] / "tutorial"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_page_shows_every_entry_with_its_anchor_title_and_text(game):
    page = rules_html(game)
    for rule in entries(game):
        assert f'id="{rule.id}"' in page
        assert html.escape(rule.title) in page and html.escape(rule.text) in page
    for section, _rules in sections(game):
        assert f"<h2>{html.escape(section)}</h2>" in page
    assert page.count('class="cs-rules-entry"') == len(entries(game))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_page_bar_links_the_path_the_glossary_and_the_other_rules(game):
    page = rules_html(game)
    assert 'href="../index.ipynb">← The path' in page
    assert 'href="../glossary.ipynb">Glossary' in page
    for other in GAMES:
        if other != game:
            assert f'href="../{other}/{RULES_PAGE}"' in page


def test_the_page_escapes_every_text():
    game = next(iter(GAMES))
    tricky = Entry(f"{game}.x", "<b>bold</b> & co", 'Say "<script>alert(1)</script>".', "A < B")
    page = rules_html(game, [tricky])
    assert "<script>" not in page and "<b>" not in page
    assert "&lt;script&gt;" in page and "&lt;b&gt;bold&lt;/b&gt; &amp; co" in page
    assert "<h2>A &lt; B</h2>" in page


def test_a_link_to_a_rule_is_the_page_at_its_anchor():
    game = next(iter(GAMES))
    rule = entries(game)[0].id
    assert rules_href(game) == f"../{game}/{RULES_PAGE}"
    assert rules_href(game, rule) == f"../{game}/{RULES_PAGE}#{rule}"
    with pytest.raises(ValueError):
        rules_href("bridge")


def test_the_widget_holds_the_page():
    game = next(iter(GAMES))
    assert rules_page(game).html == rules_html(game)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_has_a_thin_rules_notebook_that_shows_its_page(game):
    notebook = json.loads((TUTORIAL / game / RULES_PAGE).read_text(encoding="utf-8"))
    code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code == [f'from cardschool.widgets.rules_page import rules_page\n\nrules_page("{game}")']
    first = "".join(notebook["cells"][0]["source"])
    assert first.startswith(f"# {GAMES[game].title}: the rules")


def test_a_table_takes_only_a_relative_notebook_link_to_the_rules():
    from cardschool.engine.session import Session
    from cardschool.widgets.practice import table_for

    session = Session.from_code(next(iter(GAMES.values())).code_prefix + "-0042")
    table = table_for(session, rules=RULES_PAGE)
    assert table.rules == RULES_PAGE
    for bad in ("javascript:alert(1)", "https://example.org/x.ipynb", "rules.ipynb#x"):
        with pytest.raises(traitlets.TraitError, match="rules link is a relative"):
            table.rules = bad
    assert table.rules == RULES_PAGE


@pytest.fixture
def english_after():
    """English again after the test, whatever it chose (every open page drawn in it)."""
    yield
    choose(SOURCE)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_page_is_drawn_again_in_the_language_chosen(game, english_after):
    page = rules_page(game)
    english = page.html
    choose("fr")
    french = [spoken_entry(rule) for rule in entries(game)]
    assert page.html == rules_html(game) != english
    for rule, words in zip(entries(game), french, strict=True):
        assert f'id="{rule.id}"' in page.html  # the anchors stay the rule ids
        assert html.escape(words.title) in page.html and html.escape(words.text) in page.html
        assert html.escape(rule.text) not in page.html
    assert len(french) == page.html.count('class="cs-rules-entry"')
    for section in dict.fromkeys(words.section for words in french):
        assert f"<h2>{html.escape(section)}</h2>" in page.html
    choose(SOURCE)
    assert page.html == english == rules_html(game)
    assert html.escape(entries(game)[0].title) in page.html
