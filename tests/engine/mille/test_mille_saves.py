"""Mille positions as text, saved games as JSON, and clones: round trips and clear errors."""

from __future__ import annotations

import json
import random

import pytest
from mille_helpers import card_census, fields, game_at

from cardschool.engine import mille
from cardschool.engine.errors import SavedGameError


def played(seed: int, moves: int, rules: mille.Rules | None = None) -> mille.Game:
    game = mille.new_game(seed, rules or mille.Rules())
    rng = random.Random(seed)
    for _ in range(moves):
        if game.match_over:
            break
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(8))
def test_position_text_round_trips(seed):
    game = played(seed, 40 * seed)
    text = game.position()
    again = mille.Game.from_position(text, game.rules)
    assert again.position() == text
    assert again.legal_moves() == game.legal_moves()
    for move in game.legal_moves()[:20]:
        assert again.explain(move) == game.explain(move)


def test_position_fills_the_rest_from_the_seed():
    text = """
        to move: North
        South hand: 9H +4
        North hand: +6
        pile: ... 7C
        stock: 12
        """
    game = game_at(text, seed=5)
    f = fields(game)
    assert len(f["south hand"].split()) == 5 and "9H" in f["south hand"]
    assert len(f["north hand"].split()) == 6
    assert len(f["stock"].split()) == 12
    assert f["pile"].split()[-1] == "7C"
    assert card_census(game).total() == 104 and set(card_census(game).values()) == {2}
    assert game.dealer == 0
    assert game_at(text, seed=5).position() == game.position()
    assert game_at(text, seed=6).position() != game.position()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("colour: red", "known key"),
        ("South hand: 9H 9H 9H", "only two"),
        ("pile: 7C\nstock: 3", "not placed"),
        ("South hand: 9X", "not a card"),
        ("to move: East", "not a seat"),
        ("phase: bidding", "phase"),
        ("South melds: 9S 9D", "three or more"),
        ("South melds: 9S 9D KH", "three or more"),
        ("South melds: 9S 2D 2C|9D 9D 9S", "one rank"),
        ("South known: QS", "known"),
        ("first turn: yes\nto move: North\ndealer: North", "first turn"),
        ("North hand:", "hold cards"),
        ("ended: stock empty", "still being played"),
        ("phase: hand-over\nto move: none", "went out"),
        ("totals: 5", "two numbers"),
        ("hand: 0", "hand 1"),
        ("hand: one", "whole number"),
    ],
)
def test_bad_positions_say_what_is_wrong(change, words):
    base = {
        "to move": "to move: South",
        "south hand": "South hand: 9H 9C +3",
        "north hand": "North hand: +5",
        "pile": "pile: ... 7C",
        "stock": "stock: 10",
    }
    for line in change.splitlines():
        base[line.split(":")[0].strip().lower()] = line
    with pytest.raises(SavedGameError) as error:
        mille.Game.from_position("\n".join(base.values()))
    assert words in str(error.value)
    with pytest.raises(SavedGameError):
        mille.Game.from_position(12)  # type: ignore[arg-type]


def test_position_refuses_a_draw_the_player_could_not_make():
    with pytest.raises(SavedGameError, match="empty stock"):
        game_at(
            """
            to move: South
            South hand: 9H 9C +3
            North hand: +5
            pile: ... 7C
            stock: 0
            """
        )


@pytest.mark.parametrize("seed", range(6))
def test_json_round_trip_is_exact(seed):
    game = played(seed, 60 + 90 * seed, mille.Rules(many_melds_per_rank=seed % 2 == 1))
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == "cardschool-mille" and data["version"] == 1
    assert data["seed"] == seed and data["start"] is None and data["moves"] == game.history
    again = mille.Game.from_json(text)
    assert again == game
    assert again.to_json() == text and again.position() == game.position()
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)


def test_json_round_trip_from_a_position_and_from_a_view():
    game = game_at(
        "to move: South\nSouth hand: 9H 9C +3\nNorth hand: +5\npile: ... 9S\nstock: 9\n", seed=3
    )
    game.play("pile 9H 9C")
    again = mille.Game.from_json(game.to_json())
    assert again == game and json.loads(game.to_json())["start"].startswith("to move")
    guess = mille.Game.from_view(game.view(1), random.Random(4))
    assert mille.Game.from_json(guess.to_json()) == guess


def _saved(**changes) -> str:
    data = json.loads(played(1, 30).to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_saved(rules={"trumps": True}), "rules"),
        (_saved(rules={"target": -1}), "rules"),
        (_saved(start="colour: red"), "position"),
        (_saved(moves=["stock", "stock"]), "move 2"),
        (_saved(moves=["pile 9X 9C"]), "move 1"),
        (_saved(moves=["next"]), "move 1"),
        (_saved(moves=["discard QS"]), "mille.turn"),
    ],
)
def test_bad_saved_games_name_the_problem(text, words):
    bystander = played(2, 20)
    before = bystander.to_json(), bystander.position()
    with pytest.raises(SavedGameError) as error:
        mille.Game.from_json(text)
    assert words in str(error.value)
    assert (bystander.to_json(), bystander.position()) == before


def test_a_tampered_move_list_is_caught_where_it_goes_wrong():
    game = played(4, 50)
    data = json.loads(game.to_json())
    assert data["moves"]
    data["moves"][10] = "meld AS AS AS"
    with pytest.raises(SavedGameError, match="move 11"):
        mille.Game.from_json(json.dumps(data))


def test_clone_is_independent_and_carries_the_random_state():
    game = played(7, 25)
    copy = game.clone()
    assert copy == game and copy is not game
    before = game.to_json(), game.position()
    rng = random.Random(0)
    while not copy.deal_over:
        copy.play(rng.choice(copy.legal_moves()))
    assert (game.to_json(), game.position()) == before
    twin = game.clone()
    rng_a, rng_b = random.Random(9), random.Random(9)
    for g, r in ((game, rng_a), (twin, rng_b)):
        while not g.deal_over:
            g.play(r.choice(g.legal_moves()))
        if not g.match_over:
            g.next_deal()
    assert twin.position() == game.position()
