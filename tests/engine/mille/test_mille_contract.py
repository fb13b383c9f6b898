"""The Mille game keeps the GameLike contract: names, phases, history, narration."""

from __future__ import annotations

import enum
import random

import pytest
from mille_helpers import game_at

from cardschool.engine import mille
from cardschool.engine.errors import IllegalMoveError
from cardschool.engine.explanation import Explanation
from cardschool.engine.protocol import DEAL_OVER_MOVE, MAX_SEED, GameLike, MoveLike


def test_game_and_moves_satisfy_the_protocol():
    game = mille.new_game(1)
    assert isinstance(game, GameLike)
    assert isinstance(mille.Move.parse("stock"), MoveLike)
    assert (game.kind, game.seats, game.seed) == ("mille", 2, 1)
    assert isinstance(game.rules, mille.Rules)
    assert isinstance(game.phase, enum.Enum)
    assert {p.value for p in mille.Phase} == {"draw", "meld", "hand-over", "match-over"}
    assert isinstance(game.explain("stock"), Explanation)
    with pytest.raises(ValueError):
        mille.new_game(1, {"target": 5})  # type: ignore[arg-type]


def test_the_shared_names_of_the_contract():
    assert mille.SEAT_NAMES == ("South", "North")
    game = mille.new_game(1)
    assert game.deal_number == game.view(0).deal_number == 1 and game.view(0).to_dict()["deal"] == 1
    for old in ("hand_number", "next_hand"):
        assert not hasattr(game, old)
    assert not hasattr(mille, "DEFAULT_NAMES")


@pytest.mark.parametrize("seed", ["one", "7", 2.0, True, None, -1, MAX_SEED + 1])
def test_a_bad_seed_is_a_value_error_that_names_the_range(seed):
    expected = f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}"
    for make in (
        lambda: mille.new_game(seed),
        lambda: mille.Game(seed),
        lambda: mille.Game.from_position("South hand: +15", seed=seed),
    ):
        with pytest.raises(ValueError) as error:
            make()
        assert str(error.value) == expected
    assert mille.new_game(MAX_SEED).seed == MAX_SEED


def test_a_whole_match_moves_through_the_phases():
    game = mille.new_game(8)
    rng = random.Random(8)
    hands = 1
    seen = set()
    while not game.match_over:
        seen.add(game.phase)
        if game.deal_over:
            assert game.to_move is None and game.legal_moves() == []
            assert game.deal_result()["deal"] == game.deal_number
            assert game.match_result() is None
            with pytest.raises(IllegalMoveError):
                game.play("stock")
            game.next_deal()
            hands += 1
            assert game.deal_result()["deal"] == game.deal_number - 1
            continue
        assert game.to_move in (0, 1)
        with pytest.raises(IllegalMoveError) as error:
            game.next_deal()
        assert error.value.rule == "mille.go-out"
        game.play(rng.choice(game.legal_moves()))
    assert hands > 1
    assert seen == {mille.Phase.DRAW, mille.Phase.MELD, mille.Phase.HAND_OVER}
    assert game.deal_over and game.match_over and game.to_move is None
    assert game.phase is mille.Phase.MATCH_OVER
    assert game.history.count(DEAL_OVER_MOVE) == hands - 1 == game.deal_number - 1
    assert game.explain("stock").rule == "mille.game.end"
    assert not game.explain("stock").legal


def test_narrate_speaks_of_the_player_in_the_third_person():
    game = game_at(
        """
        to move: North
        South hand: +10
        North hand: 9H 9C 5D
        pile: 4D 4C 6H 2D 9D 7C 7H 8H 8C 3S 3H 6S 6C 9S
        """
    )
    told = game.narrate("pile 9H 9C")
    assert told == Explanation(
        True, "mille.draw.pile", "North takes the pile of 14 cards with 9♥ 9♣ and melds three nines"
    )
    assert game.narrate("stock", ["Ann", "Bob"]).text == "Bob draws from the stock"
    assert game.narrate("stock").rule == "mille.draw.stock"
    with pytest.raises(IllegalMoveError):
        game.narrate("discard 5D")
    with pytest.raises(ValueError):
        game.narrate("stock", ["only one"])
    game.play("pile 9H 9C")
    assert game.narrate("discard 5D").text == "North discards the 5♦"
    assert game.narrate("meld 7C 7H 2D").text == "North melds 7♥ 7♣ 2♦ (two sevens and a wild 2)"
    assert game.narrate("add 9 9D").text == "North adds 9♦ to the meld of nines"


def test_illegal_moves_leave_the_game_exactly_as_it_was():
    game = mille.new_game(4)
    rng = random.Random(4)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    before = game.to_json(), game.position(), game.view(0), game.view(1)
    for move in ("take 2C", "pile AS AS", "add K KS", "meld 9H", "discard QS QS"[:10]):
        why = game.explain(move)
        if why.legal:
            continue
        with pytest.raises(IllegalMoveError) as error:
            game.play(move)
        assert error.value.rule == why.rule and error.value.reason == why.text
        assert (game.to_json(), game.position(), game.view(0), game.view(1)) == before
