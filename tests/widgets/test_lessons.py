"""The lessons' rule demonstrations and the tutorial notebooks teach the real rules."""

import re
from pathlib import Path

import nbformat
import pytest

from cardschool.engine.rulebook import ENTRIES, RULES
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
    assert "<code>pile " not in page  # the move in words, not in its English notation
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


def _prose(notebook: str) -> str:
    """A notebook's markdown, as one text with its line breaks read as spaces."""
    cells = nbformat.read(TUTORIAL / notebook, as_version=4).cells
    text = " ".join(cell.source for cell in cells if cell.cell_type == "markdown")
    return " ".join(text.split())


def test_the_lessons_agree_with_their_positions_and_with_one_another():
    """Issue 25.7: no forward reference to the wrong lesson, one word for the whole game
    (match), full 15-card hands in Mille's first lesson, a round number that fits the
    scores, and a complete natural meld drawn face down as the lesson says."""
    from cardschool.engine.exercises import load_file
    from cardschool.widgets.exercise import ExerciseWidget

    assert "lesson 4" not in _prose("mille/cards.ipynb")
    path = (TUTORIAL / "path.toml").read_text()
    assert "The end of the match and the skunk" in path
    assert 'title.en = "The end of the game"' in path
    # each game's own word for the whole of it (<game>:word.match): Mille's match, Mililla's game
    assert "wins the **match**" in _prose("mille/cards.ipynb")
    for notebook in ("mililla/cards.ipynb", "mililla/game-end.ipynb", "mililla/scoring.ipynb"):
        assert "match" not in _prose(notebook), notebook
    exercises = {
        e.id: e
        for path in sorted((TUTORIAL / "exercises").glob("*/*.toml"))
        for e in load_file(path)
    }
    for ident in ("mille.values.worth-ten", "mille.deck.copies"):
        hand = next(line for line in exercises[ident].position.splitlines() if "South hand" in line)
        assert len(hand.split(":")[1].split()) == 15, ident
    for exercise in exercises.values():
        lines = exercise.position.splitlines()
        if exercise.game == "mililla" and any(line.startswith("scores ") for line in lines):
            assert any(line.startswith("round ") for line in lines), exercise.id
    eight = ExerciseWidget([exercises["mille.score.natural-meld"]], "t/t.toml").picture
    assert "all eight, natural, turned face down" in eight and "King of hearts" not in eight


def test_the_lessons_teach_the_going_out_bonus_the_face_up_trump_and_the_cut():
    """Issue 25.10, with the engine's own answers: Mille's bonus for going out is the
    doubling; the face-up trump is not played, so the 7 of trumps waits; a 2 is the lowest
    cut and a tie cuts again."""
    from cardschool.engine.mililla import Game

    assert "bonus for going out: in Mille that bonus is a doubling" in _prose("mille/drawing.ipynb")
    sevens = _prose("mililla/trumps-and-sevens.ipynb")
    assert "face-up card does not count as played" in sevens
    game = Game.from_position(
        "dealer East\ntrump 5O\nSouth: 7O 3E 5E KB 5B 4B 2B AB JE 6E\n"
        "East: 7E 3C JC KE 4O KO 2O AE 4E 5O\nNorth: HE JB 6B 6O JO HB 3O 7C 2E\n"
        "West: KC 3B 2C AC AO HO 5C 7B 6C\ntrick North: 4C HC\n"
    )
    seven = game.explain("7O")  # no coin played yet; the face-up 5O is still in East's hand
    assert not seven.legal and seven.rule == "mililla.seven"
    cut = _prose("mille/cards.ipynb")
    assert "a 2 the lowest" in cut and "same rank both players cut again" in cut
    rulebook = ENTRIES["mille.cut"].text
    assert "the 2 lowest" in rulebook and "cut again" in rulebook


def test_the_glossary_has_the_lessons_words_and_shows_cards_side_by_side():
    """Issue 25.12: the words the lessons use, and card strips whose faces do not overlap."""
    from cardschool.widgets.lessons import card_strip

    words = _prose("glossary.ipynb")
    for word in ("**lead**", "**going out**", "**announce**", "**doubling**", "**bonus**"):
        assert word in words, word
    assert "**hand** and **match** (Mille), **round** and **game** (Mililla)" in words
    cells = nbformat.read(TUTORIAL / "glossary.ipynb", as_version=4).cells
    code = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
    assert "Hand.spanish" not in code and 'card_strip("KO HC JE 7B AO", "mililla")' in code
    strip = card_strip("KO HC JE", "mililla")._repr_html_()
    assert strip.count("<svg") == 3 and strip.count("<code>") == 3


def test_mille_written_moves_read_as_english_sentences():
    """A verb alone ends on its object; the cards sit where English puts them, ``.any`` too."""
    from cardschool.widgets.lessons import group_words, move_words

    assert move_words("pile", "mille")[0] == "take the whole pile"
    assert move_words("take 2C", "mille")[0] == "take the 2 of clubs into your hand"
    assert move_words("meld KD 2C", "mille")[0] == (
        "lay down the King of diamonds and the 2 of clubs as a meld"
    )
    assert group_words(["take 2C", "take 9H"], "mille").endswith(
        "take any one of the 2 of clubs, the 9 of hearts into your hand"
    )
    assert group_words(["add K KD", "add K KS"], "mille").endswith(
        "add any one of the King of diamonds, the King of spades to a meld"
    )
