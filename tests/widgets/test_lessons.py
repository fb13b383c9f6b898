"""The lessons' rule demonstrations and the tutorial notebooks teach the real rules."""

import re
from pathlib import Path

import nbformat
import pytest

from cardschool.engine.rulebook import RULES
from cardschool.widgets.lessons import DEMOS, demo
from cardschool.widgets.mille.lessons import score_demo

TUTORIAL = Path(__file__).parents[2] / "tutorial"


@pytest.mark.parametrize("name", list(DEMOS))
def test_each_demonstration_turns_on_its_rule(name):
    shown = demo(name)
    rules = {why.rule for _move, why in shown.answers}
    assert DEMOS[name].rule in rules
    assert all(rule in RULES for rule in rules)
    page = shown._repr_html_()
    assert DEMOS[name].rule in page and "<svg" in page


def test_demonstrations_show_legal_and_illegal_answers_where_a_rule_forbids():
    for name in ("draw-pile", "beat-in-suit", "seven", "own-melds", "turn-order"):
        answers = [why.legal for _move, why in demo(name).answers]
        assert False in answers, name


def test_demo_by_rule_id_and_unknown_names():
    assert demo("mililla.seven").item.name == "seven"
    with pytest.raises(KeyError, match="no demonstration"):
        demo("mille.dance")


def test_score_demo_shows_every_doubling():
    shown = score_demo()
    south = shown.result["players"][0]
    factors = {m["rule"] for meld in south["melds"] for m in meld["multipliers"]}
    assert factors == {"mille.score.natural-meld", "mille.score.naturals", "mille.score.stack"}
    nines = next(meld for meld in south["melds"] if meld["rank"] == "9")
    assert nines["points"] == 4 * nines["value"]
    assert "mille.score.stack" in shown._repr_html_()


def notebooks():
    return sorted(TUTORIAL.rglob("*.ipynb"))


def test_every_rule_is_taught_in_a_lesson_and_every_id_quoted_is_real():
    quoted = set()
    for path in notebooks():
        for cell in nbformat.read(path, as_version=4).cells:
            quoted |= set(re.findall(r"`((?:mille|mililla)\.[a-z0-9.-]+)`", cell.source))
    assert quoted <= set(RULES), quoted - set(RULES)
    assert set(RULES) - quoted == set()


def test_notebooks_are_committed_without_outputs():
    for path in notebooks():
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None, path


def test_notebooks_stay_thin():
    for path in notebooks():
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                assert len(cell.source.strip().splitlines()) <= 5, path


def test_a_demonstration_reads_in_words_and_marks_by_shape_word_and_colour():
    page = demo("draw-pile")._repr_html_()
    assert "take the whole pile with the 9 of hearts and the 9 of clubs" in page
    assert "✓ allowed" in page and "✗ refused" in page
    assert "color:#1a7f37" in page and "color:#b42318" in page
    assert "✅" not in page and "❌" not in page
    assert 'href="../glossary.ipynb"' in page and "is the" in page


def test_repeated_refusals_are_gathered_in_one_row():
    shown = demo("beat-in-suit")
    refused = [why.text for _move, why in shown.answers if not why.legal]
    assert len(refused) > len(set(refused)), "the demonstration repeats a refusal"
    page = shown._repr_html_()
    rows = page.split("what the rules say")[1].count("<tr>")
    assert rows == len({(w.legal, w.text, w.rule) for _m, w in shown.answers})
    assert f"{refused.count(refused[0])} moves, one answer: play any of the" in page


def test_a_demonstration_invites_no_click_and_names_its_gold_frame():
    """Issue 25.8 and 25.6: a demonstration's table takes no clicks, so it never says "Your
    turn: play"; the card framed in gold is named below the trick."""
    shown = {name: demo(name)._repr_html_() for name in DEMOS}
    assert not [name for name, html in shown.items() if "Your turn" in html]
    framed = [html for html in shown.values() if "outline:3px" in html]
    assert framed and all("Framed in gold:" in html for html in framed)
