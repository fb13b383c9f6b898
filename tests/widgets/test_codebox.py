"""The deal-code box's words: this game's example, a code's suffix said, errors beside it."""

from __future__ import annotations

from table_driver import refused, send

from cardschool.engine import dealcode
from cardschool.engine.games import GAMES
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable
from cardschool.widgets.codebox import code_words, example_code, variant_words


def test_each_table_shows_its_own_games_example_code():
    mille = MilleTable(Session.new("mille", seed=4, seats=["human", "random"]))
    mililla = MilillaTable(Session.new("mililla", seed=4, seats=["human", *["random"] * 3]))
    assert mille.state["codebox"]["example"] == "MIL-7K3Q"
    assert mililla.state["codebox"]["example"] == "MLA-7K3Q"
    for name in GAMES:  # every example is a code of its own game
        assert dealcode.decode(example_code(name))[0] == name


def test_a_codes_suffix_is_said_in_words():
    code = dealcode.encode("mille", 42, GAMES["mille"].rules_type(target=500, low_cut_deals=True))
    assert code.count("-") == 2
    said = code_words(code)
    assert code in said and "changes the rules" in said
    assert "the match is played to 500 points" in said
    assert "the lower card of the cut deals first" in said
    assert "rulebook's rules" in code_words("mla-0042")
    assert code_words("") == "" and code_words("nonsense") == ""
    assert variant_words("mililla", "clockwise", True) == "play and the deal go clockwise"
    assert ": yes" not in said and "_" not in said  # plain words, no field names


def test_a_refused_code_is_explained_next_to_the_box_until_the_next_click():
    table = MilleTable(Session.new("mille", seed=4, seats=["human", "random"]))
    shown = refused(table, lambda: send(table, type="new-deal", code="MLA-0042"))
    box = table.state["codebox"]
    assert box["error"] == shown["text"] and "Mililla deal code" in box["error"]
    refused(table, lambda: send(table, type="new-deal", code="MIL"))
    assert "MIL-7K3Q or MLA-7K3Q" in table.state["codebox"]["error"]
    send(table, type="hint")
    assert table.state["codebox"]["error"] == ""
    code = dealcode.encode("mille", 66, GAMES["mille"].rules_type(low_cut_deals=True))
    send(table, type="new-deal", code=code.lower())
    box = table.state["codebox"]
    assert "the lower card of the cut deals first" in box["about"]
    assert box["rules"] == "Not the rulebook's rules: the lower card of the cut deals first."
    refused(table, lambda: send(table, type="new-deal", code="MIL-CBYX-ZZ"))
    assert "does not check" in table.state["codebox"]["error"]
