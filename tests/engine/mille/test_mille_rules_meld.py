"""One named test per Mille rule: melds, the discard, announcing and going out."""

from __future__ import annotations

import pytest
from mille_helpers import fields, game_at, hand_of, melds_of

from cardschool.engine import mille
from cardschool.engine.errors import IllegalMoveError, InvalidMoveError

MELDING = """
    to move: South
    phase: meld
    South hand: 9H 9C 9D 2S 2C KD KC 5C 6C
    North hand: +10
    North melds: KS KH 2D
    pile: 7D
    """


def listed(game: mille.Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def test_meld_set_needs_three_cards_of_one_rank():
    game = game_at(MELDING)
    short = game.explain("meld 9H 9C")
    assert not short.legal and short.rule == "mille.meld.set" and "three" in short.text
    mixed = game.explain("meld 9H 9C KD")
    assert not mixed.legal and mixed.rule == "mille.meld.set" and "K♦" in mixed.text
    assert game.explain("meld 9H 2S 2C").legal
    assert game.explain("meld 9H 9C 9D").legal
    assert "meld 9H 9D 9C 2S 2C" in listed(game)


def test_meld_set_min_naturals_variant():
    game = game_at(MELDING, mille.Rules(min_naturals=2))
    why = game.explain("meld 9H 2S 2C")
    assert not why.legal and why.rule == "mille.meld.set" and "min_naturals=2" in why.text
    assert game.explain("meld 9H 9C 2S").legal
    assert "meld 9H 2S 2C" not in listed(game)
    assert "meld 9H 9D 2S 2C" in listed(game)


def test_meld_set_wilds_at_most_naturals_variant_holds_after_each_addition():
    game = game_at(MELDING, mille.Rules(wilds_at_most_naturals=True))
    assert not game.explain("meld 9H 2S 2C").legal
    assert "meld 9H 9D 2S 2C" in listed(game)
    assert "meld 9H 9D 2S" in listed(game)
    game.play("meld 9H 9C 2S")
    assert game.explain("add 9 2C").legal
    game.play("add 9 2C")
    why = game.explain("add 9 9D")
    assert why.legal
    text = MELDING.replace("South hand: 9H 9C 9D 2S 2C", "South hand: 9H 9C 9D 2S 2C 2H")
    later = game_at(
        text.replace("South hand:", "South melds: 9S 9S 2D\nSouth hand:"),
        mille.Rules(wilds_at_most_naturals=True),
    )
    why = later.explain("add 9 2S 2C")
    assert not why.legal and why.rule == "mille.meld.set" and "wilds_at_most_naturals" in why.text
    assert later.explain("add 9 9H 2S").legal


def test_meld_twos_alone_are_a_natural_meld_of_rank_two():
    game = game_at(MELDING.replace("KD KC", "2H 2D"))
    why = game.explain("meld 2S 2C 2H")
    assert why.legal and why.rule == "mille.meld.twos"
    game.play("meld 2S 2C 2H")
    meld = game.view(0).to_dict()["players"][0]["melds"][0]
    assert (meld["rank"], meld["naturals"], meld["wilds"]) == ("2", 3, 0)
    why = game.explain("add 2 9H")
    assert not why.legal and why.rule == "mille.meld.twos"
    assert game.explain("add 2 2D").rule == "mille.meld.twos"
    assert game.explain("add 2 2D").legal


def test_meld_own_you_never_add_to_the_opponents_melds():
    game = game_at(MELDING)
    why = game.explain("add K KD")
    assert not why.legal and why.rule == "mille.meld.own"
    assert "opponent" in why.text
    game.play("meld KD KC 2S")
    assert game.explain("add K 2C").legal
    assert game.explain("add K 2C").rule == "mille.meld.own"
    assert melds_of(game, 1) == [["KS", "KH", "2D"]]
    assert "don't hold" in game.explain("meld 8H 8H 8S").text


def test_meld_one_per_rank_extends_the_meld_you_have():
    game = game_at(MELDING)
    game.play("meld 9H 9C 2S")
    why = game.explain("meld 9D 2C")
    assert why.legal and why.rule == "mille.meld.one-per-rank"
    assert "meld 9D" not in listed(game) and "add 9 9D" in listed(game)
    game.play("meld 9D 2C")
    assert melds_of(game, 0) == [["9H", "9C", "2S", "9D", "2C"]]
    assert not game.explain("add 9#2 9D").legal


def test_meld_many_melds_per_rank_variant():
    game = game_at(MELDING.replace("5C 6C", "9S 9S"), mille.Rules(many_melds_per_rank=True))
    game.play("meld 9H 9C 2S")
    assert game.explain("meld 9D 9S 9S").legal
    game.play("meld 9D 9S 9S")
    assert len(melds_of(game, 0)) == 2
    assert {"add 9 2C", "add 9#2 2C"} <= listed(game)
    game.play("add 9#2 2C")
    assert melds_of(game, 0)[1] == ["9S", "9S", "9D", "2C"]
    assert str(mille.Move.parse("ADD 9#2 2c")) == "add 9#2 2C"


def test_discard_ends_the_turn():
    game = game_at(MELDING)
    why = game.explain("discard 5C")
    assert why.legal and why.rule == "mille.discard"
    assert not game.explain("discard QS").legal
    assert game.explain("discard QS").rule == "mille.discard"
    with pytest.raises(InvalidMoveError):
        mille.Move.parse("discard 5C 6C")
    game.play("discard 5C")
    assert fields(game)["pile"].split()[-1] == "5C"
    assert game.to_move == 1 and game.phase is mille.Phase.DRAW


def test_announce_down_to_two_cards():
    game = game_at(MELDING.replace("KD KC 5C 6C", "5C"))
    game.play("meld 9H 9C 9D")
    assert game.view(1).to_dict()["announcements"] == []
    game.play("add 9 2S")
    view = game.view(1).to_dict()
    assert [a["seat"] for a in view["announcements"]] == [0]
    assert view["players"][0]["announced"]
    assert view["log"][-1]["rule"] == "mille.announce"
    assert "two cards" in view["log"][-1]["text"]


def test_go_out_by_melding_the_last_cards_needs_no_discard():
    game = game_at(MELDING.replace("KD KC 5C 6C", ""))
    why = game.explain("meld 9H 9C 9D 2S 2C")
    assert why.legal and why.rule == "mille.go-out"
    game.play("meld 9H 9C 9D 2S 2C")
    assert game.phase is mille.Phase.HAND_OVER
    assert game.deal_result()["went_out"] == 0
    assert game.deal_result()["ended"] == "went-out"


def test_go_out_by_discarding_the_last_card():
    game = game_at(MELDING.replace("9H 9C 9D 2S 2C KD KC 5C 6C", "5C"))
    why = game.explain("discard 5C")
    assert why.legal and why.rule == "mille.go-out"
    assert game.narrate("discard 5C").text.endswith("goes out")
    game.play("discard 5C")
    assert game.deal_result()["went_out"] == 0
    with pytest.raises(IllegalMoveError) as error:
        game.play("discard 5C")
    assert error.value.rule == "mille.go-out"


def test_go_out_by_taking_a_pile_that_leaves_no_cards():
    game = game_at(
        """
        to move: North
        South hand: +54
        North hand: 7H 7S
        pile: 7C
        """
    )
    why = game.explain("pile 7H 7S")
    assert why.legal and "go out" in why.text
    assert game.narrate("pile 7H 7S").text.endswith("goes out")
    game.play("pile 7H 7S")
    assert game.deal_result()["went_out"] == 1
    assert melds_of(game, 1) == [["7C", "7S", "7H"]]
    assert hand_of(game, 1) == []
