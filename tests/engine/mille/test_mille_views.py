"""Per-seat Mille views: nothing hidden leaks, and games rebuilt from a view keep every fact."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from mille_helpers import fields, game_at, hand_of

from cardschool.engine import mille
from cardschool.engine.errors import SavedGameError


def states(seed: int, every: int = 7, rules: mille.Rules | None = None):
    """Yield a game at every few moves of a seeded random match, hand ends included."""
    game = mille.new_game(seed, rules or mille.Rules())
    rng = random.Random(seed)
    count = 0
    while not game.match_over and game.deal_number <= 2:
        if count % every == 0 or game.deal_over:
            yield game
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
        count += 1
    yield game


@pytest.mark.parametrize("seed", range(6))
def test_view_holds_nothing_hidden_and_from_view_keeps_every_public_fact(seed):
    rules = mille.Rules(reshuffle_when_stock_empty=seed % 2 == 0)
    for game in states(seed, rules=rules):
        for seat in (0, 1):
            view = game.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert Counter(view["hand"]) == Counter(str(c) for c in game.hand(seat))
            # Two games with other hidden cards show this seat exactly the same view: so
            # the view cannot contain the opponent's hidden cards or the stock's order.
            for k in range(2):
                guess = mille.Game.from_view(view, random.Random(k))
                assert guess.view(seat) == view
                if seat == game.to_move:
                    assert guess.legal_moves() == game.legal_moves()
                known = Counter(view["opponent_known"])
                theirs = Counter(str(c) for c in guess.hand(1 - seat))
                assert all(theirs[c] >= n for c, n in known.items())
            if game.to_move is not None and view["stock_size"] > 10:
                guesses = {
                    mille.Game.from_view(view, random.Random(k)).position() for k in range(3)
                }
                assert len(guesses) > 1


def test_view_lists_what_the_brief_promises():
    game = game_at(
        """
        to move: South
        South hand: 9H 9C 5D
        North hand: 4C 4D 6H
        North melds: KS KH 2D
        pile: ... 7C 9S
        stock: 6
        """
    )
    game.play("pile 9H 9C")
    view = game.view(1)
    assert view["game"] == "mille" and view["seat"] == 1
    assert view["rules"] == mille.Rules().to_dict()
    assert (view["deal"], view["to_move"], view["phase"]) == (1, 0, "meld")
    assert view["hand"] == ["6H", "4D", "4C"]
    assert view["opponent_hand_size"] == len(hand_of(game, 0))
    assert Counter(view["opponent_known"]) == Counter(fields(game)["south hand"].split()) - Counter(
        ["5D"]
    )
    assert view["players"][0]["melds"][0]["cards"] == ["9S", "9H", "9C"]
    assert view["players"][1]["melds"][0]["rank"] == "K"
    assert view["pile"] == [] and view["stock_size"] == 6
    assert view["log"][-1] == {
        "seat": 0,
        "text": view["log"][-1]["text"],
        "rule": "mille.draw.pile",
    }
    assert "South takes the pile" in view["log"][-1]["text"]
    assert view["deal_result"] is None and view["match_result"] is None
    assert not view["first_turn"] and view["totals"] == [0, 0]
    assert "stock" not in view and "North" not in json.dumps(view["hand"])


def test_known_cards_shrink_as_they_are_played():
    game = game_at(
        """
        to move: South
        South hand: 9H 9C 5D
        North hand: 4C 4D 6H
        pile: 7C 7C 3D 9S
        """
    )
    game.play("pile 9H 9C")
    assert Counter(game.view(1)["opponent_known"]) == Counter(["7C", "7C", "3D"])
    game.play("discard 7C")
    assert Counter(game.view(1)["opponent_known"]) == Counter(["7C", "3D"])


def test_from_view_refuses_what_is_not_a_view():
    view = mille.new_game(1).view(0)
    for bad in ({}, {**view, "game": "mililla"}, {**view, "stock_size": 3}, {**view, "hand": 5}):
        with pytest.raises(SavedGameError):
            mille.Game.from_view(bad, random.Random(0))


def test_view_rejects_a_seat_that_is_not_there():
    game = mille.new_game(1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError):
            game.view(seat)  # type: ignore[arg-type]
