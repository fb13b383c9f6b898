"""One named test per Mille rule: cards, setup, the turn and the draw (the rulebook)."""

from __future__ import annotations

import random
import re

import pytest
from mille_helpers import (
    ALL_CARDS,
    card_census,
    fields,
    game_at,
    hand_of,
    melds_of,
    parse_card,
    points,
    recount,
)

from cardschool.engine import mille
from cardschool.engine.errors import IllegalMoveError

RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def finish_hand(game: mille.Game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.deal_over:
        game.play(rng.choice(game.legal_moves()))


# -- cards and setup ------------------------------------------------------------------


def test_deck_holds_two_of_every_card():
    census = card_census(mille.new_game(3))
    assert len(census) == 52
    assert set(census.values()) == {2}
    assert sum(census.values()) == 104


def test_wild_two_stands_in_for_any_rank():
    game = game_at(
        """
        to move: South
        phase: meld
        South hand: 9H 2S 2C 5D
        North hand: +10
        """
    )
    why = game.explain("meld 9H 2S 2C")
    assert why.legal and why.rule == "mille.meld.set"
    assert "2♠ 2♣ wild" in why.text
    game.play("meld 9H 2S 2C")
    meld = game.view(0).to_dict()["players"][0]["melds"][0]
    assert (meld["rank"], meld["naturals"], meld["wilds"]) == ("9", 1, 2)


def test_values_follow_the_table():
    for text in ALL_CARDS:
        assert mille.card_value(parse_card(text)) == points(text), text
    named = {"QS": 100, "JD": 50, "QH": 10, "JS": 10, "2C": 20, "AS": 15, "10D": 10, "3C": 5}
    assert {t: mille.card_value(parse_card(t)) for t in named} == named


CUT = re.compile(r"South cuts the (\S+) and North the (\S+):")


@pytest.mark.parametrize("seed", range(12))
def test_cut_higher_card_deals_and_low_cut_variant(seed):
    game = mille.new_game(seed)
    event = [e for e in game.view(0).to_dict()["log"] if e["rule"] == "mille.cut"][-1]
    south, north = (RANK_ORDER.index(card[:-1]) for card in CUT.search(event["text"]).groups())
    assert south != north
    assert game.dealer == (0 if south > north else 1)
    low = mille.new_game(seed, mille.Rules(low_cut_deals=True))
    assert low.dealer == 1 - game.dealer


def test_deal_gives_fifteen_each_and_turns_up_one():
    game = mille.new_game(5)
    view = game.view(game.dealer).to_dict()
    assert len(view["hand"]) == 15
    assert view["opponent_hand_size"] == 15
    assert len(view["pile"]) == 1
    assert view["stock_size"] == 104 - 30 - 1
    assert game.to_move == 1 - game.dealer
    assert game.phase is mille.Phase.DRAW and view["first_turn"]
    assert mille.new_game(5).position() == game.position()
    assert mille.new_game(6).position() != game.position()


def test_next_dealer_alternates():
    game = mille.new_game(11)
    first = game.dealer
    finish_hand(game, 1)
    assert game.to_move is None
    game.next_deal()
    assert game.dealer == 1 - first
    assert game.deal_number == 2
    assert game.to_move == first
    assert game.history[-1] == "next"
    assert game.view(0).to_dict()["log"][0]["rule"] == "mille.next-dealer"


# -- the turn and the draw -------------------------------------------------------------

DRAWING = """
    to move: South
    South hand: 9H 9C 2S KD 5C
    North hand: 4C 4D 6H 7H 8H
    pile: ... 3C 9S
    stock: KH QH
    """


def test_turn_draw_before_meld_or_discard():
    game = game_at(DRAWING)
    for move in ("meld 9H 9C 2S", "discard 5C", "add 9 9H"):
        why = game.explain(move)
        assert not why.legal and why.rule == "mille.turn"
    game.play("stock")
    for move in ("stock", "pile 9H 9C"):
        why = game.explain(move)
        assert not why.legal and why.rule == "mille.turn"
        assert "drawn already" in why.text


def test_draw_stock_takes_its_top_card():
    game = game_at(DRAWING)
    why = game.explain("stock")
    assert why.legal and why.rule == "mille.draw.stock"
    game.play("stock")
    assert "KH" in hand_of(game, 0)
    assert fields(game)["stock"] == "QH"
    assert game.phase is mille.Phase.MELD


def test_draw_pile_needs_a_natural_pair():
    game = game_at(DRAWING)
    why = game.explain("pile 9H 9C")
    assert why.legal and why.rule == "mille.draw.pile"
    assert why.text.startswith("Your 9♥ 9♣ match the 9♠ on top: take the pile")
    for move in ("pile 9H 2S", "pile 9H KD"):
        why = game.explain(move)
        assert not why.legal and why.rule == "mille.draw.pile"
    assert "don't hold" in game.explain("pile 9H 9D").text
    wild = game_at(DRAWING, mille.Rules(pile_pair_may_use_wild=True))
    assert wild.explain("pile 9H 2S").legal
    assert {str(m) for m in wild.legal_moves()} == {"stock", "pile 9H 9C", "pile 9H 2S"}


def test_draw_pile_melds_the_top_card_and_the_rest_goes_to_hand():
    game = game_at(DRAWING)
    pile = fields(game)["pile"].split()
    game.play("pile 9H 9C")
    assert melds_of(game, 0) == [["9S", "9H", "9C"]]
    assert fields(game)["pile"] == ""
    hand = hand_of(game, 0)
    assert len(hand) == 5 - 2 + len(pile) - 1
    view = game.view(1).to_dict()
    assert sorted(view["players"][0]["known"]) == sorted(pile[:-1])
    joined = game_at(
        """
        to move: South
        South hand: 9H 9C 5D
        South melds: 9D 9D 9S
        North hand: 4C 4D 6H
        pile: ... 7C 9S
        stock: 5
        """
    )
    why = joined.explain("pile 9H 9C")
    assert why.legal and why.rule == "mille.draw.pile.meld"
    assert "join your meld of nines" in why.text
    joined.play("pile 9H 9C")
    assert melds_of(joined, 0) == [["9D", "9D", "9S", "9S", "9H", "9C"]]


def test_draw_pile_two_needs_two_other_twos():
    text = """
        to move: South
        South hand: 2H 2C 9H 9C
        North hand: 4C 4D 6H
        pile: ... 9S 2D
        stock: 5
        """
    game = game_at(text)
    why = game.explain("pile 9H 9C")
    assert not why.legal and why.rule == "mille.draw.pile.two"
    why = game.explain("pile 2H 2C")
    assert why.legal and why.rule == "mille.draw.pile.two"
    game.play("pile 2H 2C")
    assert game.view(0).to_dict()["players"][0]["melds"][0]["rank"] == "2"
    lone = game_at(text.replace("2H 2C 9H 9C", "2H 9H 9C 5C"))
    assert not lone.explain("pile 2H 9H").legal
    assert "pile" not in {m.kind.value for m in lone.legal_moves()}


def test_first_two_may_be_taken_on_the_first_turn_only():
    text = """
        to move: South
        dealer: North
        first turn: yes
        South hand: 9H 9C 5D 6D
        North hand: +15
        pile: 2D
        """
    game = game_at(text)
    assert "take 2D" in {str(m) for m in game.legal_moves()}
    why = game.explain("take 2D")
    assert why.legal and why.rule == "mille.draw.first-two"
    game.play("take 2D")
    assert "2D" in hand_of(game, 0)
    assert game.view(1).to_dict()["players"][0]["known"] == ["2D"]
    assert fields(game)["pile"] == ""
    later = game_at(text.replace("first turn: yes", "first turn: no"))
    assert later.explain("take 2D").rule == "mille.draw.first-two"
    assert not later.explain("take 2D").legal
    holding = text.replace("9H 9C 5D 6D", "9H 9C 5D 2S")
    assert not game_at(holding).explain("take 2D").legal
    assert "take 2D" not in {str(m) for m in game_at(holding).legal_moves()}
    anyway = game_at(holding, mille.Rules(first_two_any=True))
    assert anyway.explain("take 2D").legal


STOCK_OUT = """
    to move: South
    phase: meld
    South hand: 5C 8D
    South melds: KS KH KD
    North hand: JS QH 7C
    pile: ... 3C
    stock: 0
    """


def test_stock_empty_ends_the_hand_without_a_going_out_bonus():
    game = game_at(STOCK_OUT)
    game.play("discard 5C")
    assert game.phase is mille.Phase.HAND_OVER and game.to_move is None
    result = game.deal_result()
    assert result["ended"] == "stock-empty" and result["went_out"] is None
    assert result["rule"] == "mille.draw.stock-empty"
    assert result["scores"] == recount(game) == [30 - 5, -(10 + 10 + 5)]
    assert not any(p["went_out_natural"] for p in result["players"])
    with pytest.raises(IllegalMoveError) as error:
        game.play("stock")
    assert error.value.rule == "mille.draw.stock-empty"


def test_stock_empty_player_who_can_take_the_pile_may_decline():
    game = game_at(STOCK_OUT.replace("JS QH 7C", "5S 5H 7C"))
    game.play("discard 5C")
    assert {str(m) for m in game.legal_moves()} == {"stock", "pile 5S 5H"}
    why = game.explain("stock")
    assert why.legal and why.rule == "mille.draw.stock-empty"
    game.play("stock")
    assert game.deal_result()["ended"] == "stock-empty"


def test_stock_empty_reshuffle_variant_makes_a_new_stock():
    rules = mille.Rules(reshuffle_when_stock_empty=True)
    game = game_at(STOCK_OUT, rules)
    pile = len(fields(game)["pile"].split())
    game.play("discard 5C")
    assert game.phase is mille.Phase.DRAW and game.to_move == 1
    assert game.explain("stock").rule == "mille.draw.stock-empty"
    game.play("stock")
    assert game.view(1).to_dict()["stock_size"] == pile - 1
    assert fields(game)["pile"] == "5C"
    assert card_census(game).total() == 104
    lone = game_at(
        STOCK_OUT.replace("South hand: 5C 8D", "South hand: 5C 8D +96").replace(
            "pile: ... 3C", "pile:"
        ),
        rules,
    )
    lone.play("discard 5C")
    assert lone.deal_result()["ended"] == "stock-empty"
