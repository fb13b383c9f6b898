"""The table's words: one word for what the target ends per game, labelled score rows,
counts in words, and the known cards explained."""

from __future__ import annotations

import json
import random
import re

from table_driver import click_card, press
from test_mililla_table import NORTH_LEADS, legal_cards
from test_mililla_table import table_at as mililla_at
from test_mille_table import TWO_MELDS
from test_mille_table import table_at as mille_at

from cardschool.widgets.front_end import STATIC, game_file


def finished_mililla_game():
    """A Mililla table whose last round was just played to the end of the game."""
    table = mililla_at(NORTH_LEADS.replace("dealer East", "round 4\ndealer East\nscores 34 34"))
    rng = random.Random(2)
    while table.state["result"] is None:
        click_card(table, rng.choice(legal_cards(table)))
    return table


def test_mililla_says_game_never_match():
    table = finished_mililla_game()
    assert table.session.match_over
    said = json.dumps(table.state)
    assert re.search(r"\bmatch\b", said, re.I) is None, said
    assert re.search(r"\bmatch\b", json.dumps(table.session.view(0).to_dict()["log"]), re.I) is None
    assert table.state["scores"]["match_word"] == "game"
    assert table.state["prompt"] == "The game is over."


def test_the_score_rows_say_what_they_count():
    mililla = mililla_at(NORTH_LEADS)
    scores = mililla.state["scores"]
    # the round's points count the tricks too (mililla.points): the label says so
    assert scores["deal_label"] == "Points this round (cards, and 1 a trick)"
    assert scores["deal"] is not None
    mille = mille_at(TWO_MELDS)
    scores = mille.state["scores"]
    assert scores["deal_label"] == "Melded this hand" and scores["match_word"] == "match"
    core = (STATIC / "table" / "side.js").read_text()
    assert '"This deal"' not in core.replace('sc.deal_label || "This deal"', "")


def test_meld_counts_in_the_breakdown_are_words():
    table = mille_at(TWO_MELDS.replace("9H 5D QS 2C 4H", "9H"))
    click_card(table, "9H")
    press(table, "discard")  # the last card: the hand ends and is scored
    labels = [line["label"] for line in table.state["result"]["lines"]]
    melds = [label for label in labels if label.startswith("You: ") and "(" in label]
    assert melds and all(re.match(r"You: [a-z]+ \w+ \(", label) for label in melds), labels
    assert any(label.startswith("You: three Kings") for label in labels), labels


def test_known_cards_are_explained_where_they_appear():
    mille = game_file("mille", ".js").read_text()
    assert 'knownLabel: () => say("mille:front.known")' in mille  # Python's words, by key
    assert mille_at(TWO_MELDS).labels["mille:front.known"] == "Taken from the pile: seen by all"


def test_a_held_bonus_of_one_point_agrees_with_it():
    from cardschool.engine.messages import message, render

    one = render(message("mililla:status.bonus-held.yours", points=1, target=101))
    many = render(message("mililla:status.bonus-held.theirs", points=4, target=101))
    assert "its 1 point: it is held back and counts only if" in one, one
    assert "its 4 points: they are held back and count only if" in many, many


ACES = """
to move: South
phase: meld
South hand: 5D
South melds: AH AS AD
North hand: +15
pile: 3C
"""


def test_a_melds_label_comes_finished_from_python_in_the_pages_language():
    """A meld's name is a message Python renders (``{rank:of}`` in French, elided before
    a vowel); the front end places it and formats nothing."""
    from test_mille_table import BIG_MELDS

    from cardschool.widgets.speaking import choose

    def labels(table) -> list[str]:
        return [meld["label"] for meld in table.state["table"]["melds"][0]]

    table = mille_at(TWO_MELDS)
    assert labels(table) == ["Meld of Kings: K♥ K♠ K♣", "Meld of sevens: 7♥ 7♠ 7♦"]
    assert "(bunched: seven naturals)" in labels(mille_at(BIG_MELDS))[0]
    try:
        choose("fr")
        assert labels(table) == ["Combinaison de rois : K♥ K♠ K♣", "Combinaison de sept : 7♥ 7♠ 7♦"]
        assert labels(mille_at(ACES)) == ["Combinaison d'as : A♥ A♠ A♦"]
        choose("es")
        assert labels(mille_at(ACES)) == ["Combinación de ases: A♥ A♠ A♦"]
    finally:
        choose("en")
    mille = game_file("mille", ".js").read_text()
    assert "const label = meld.label;" in mille and "meld-bunched" not in mille
