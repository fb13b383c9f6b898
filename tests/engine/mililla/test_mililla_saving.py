"""Positions as text and saved games as JSON: round trips, and bad input refused cleanly."""

from __future__ import annotations

import json
import random

import pytest
from mililla_kit import D1, after, play_out, position_text

from cardschool.engine import SavedGameError, mililla


def played_game(seed: int, plays: int, rules: mililla.Rules | None = None) -> mililla.Game:
    """A match after ``plays`` random steps (cards, and next deals between rounds)."""
    game = mililla.new_game(seed, rules or mililla.Rules())
    rng = random.Random(seed)
    for _ in range(plays):
        if game.match_over:
            break
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


def test_position_round_trip_mid_round():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E")
    text = game.position()
    again = mililla.Game.from_position(text)
    assert again.position() == text
    assert again.legal_moves() == game.legal_moves()
    assert again.view(2).trick == game.view(2).trick
    assert "trick South: KE 4E 7E JE" in text and "North: " in text


@pytest.mark.parametrize("seed", range(6))
def test_position_round_trip_random_states(seed):
    rules = mililla.Rules(clockwise=seed % 2 == 1, traditional_rank=seed % 3 == 0)
    game = played_game(seed, 25 + 13 * seed, rules)
    again = mililla.Game.from_position(game.position(), rules)
    assert again.position() == game.position()
    assert again.totals == game.totals
    assert [again.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]
    assert again.to_move == game.to_move


def test_position_seat_words_and_comments():
    text = D1.replace("South:", "s:").replace("West:", "3:") + "# a comment\n"
    assert mililla.Game.from_position(text).position() == after(D1).position()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.replace("South: 2C ", "South: "), "missing: 2C"),
        (lambda t: t.replace("East: JC", "East: JC 2C"), "2C appears twice"),
        (lambda t: position_text(t, "South: 2C JC 4C"), "North cannot play 4C"),
        (lambda t: position_text(t, "East: 4E"), "must be led by South"),
        (lambda t: t.replace("dealer West", "dealer Nowhere"), "is not a seat"),
        (lambda t: t.replace("dealer West", "deal West"), "not part of a Mililla position"),
        (lambda t: t.replace("trump 2O", "trump 2C"), "must be in the dealer's (West) hand"),
        (lambda t: t + "\nscores 35 0\n", "game scores must be from 0 to 34"),
        (lambda t: t + "\nscores 3\n", "needs two numbers"),
        (lambda t: t + "\nround x\n", "is not a whole number"),
        (lambda t: t.replace("West: 6C ", "West: 6C 6C "), "appears twice"),
        (lambda t: t.replace("dealer West", ""), "no 'dealer' line"),
        (lambda t: t.replace("South: 2C 3C 5O 6O AO KE HE 2E 3B 4B", ""), "no hand for South"),
        (lambda t: t.replace("North: 4C", "North: QS"), "is not a card"),
    ],
)
def test_position_errors_name_the_problem(change, words):
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_position(change(D1))
    assert words in str(raised.value)


def test_position_unfinished_trick_only_last():
    text = position_text(D1, "South: 2C JC", "North: 4C")
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_position(text)
    assert "only the last trick may be unfinished" in str(raised.value)


def test_position_ten_cards_each():
    text = D1.replace("South: 2C ", "South: ").replace("East: JC", "East: 2C JC")
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_position(text)
    assert "every seat is dealt 10" in str(raised.value)


@pytest.mark.parametrize("plays", [0, 17, 40, 41, 130])
def test_json_round_trip(plays):
    game = played_game(4, plays, mililla.Rules(bonus_after_round=True))
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == "cardschool-mililla" and data["version"] == 1
    assert data["start"] is None and data["moves"] == game.history
    again = mililla.Game.from_json(text)
    assert again == game
    assert again.to_json() == text
    assert again.position() == game.position()
    assert again.view(1) == game.view(1)


def test_json_round_trip_from_a_position_start():
    game = after(D1, "South: 2C JC", head="round 3\nscores 4 7\n")
    game.play("HC")
    data = json.loads(game.to_json())
    assert data["start"].startswith("# Mililla position")
    assert data["moves"] == ["HC"]
    again = mililla.Game.from_json(game.to_json())
    assert again.position() == game.position() and again.deal_number == 3
    rng = random.Random(2)
    play_out(game, rng)
    game.next_deal()
    assert mililla.Game.from_json(game.to_json()).position() == game.position()


def test_json_tampered_moves_are_refused():
    game = played_game(9, 10)
    data = json.loads(game.to_json())
    data["moves"][4] = data["moves"][0]  # a card already played
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_json(json.dumps(data))
    assert "move 5" in str(raised.value) and "already been played" in str(raised.value)
    data["moves"][4] = "XX"
    with pytest.raises(SavedGameError):
        mililla.Game.from_json(json.dumps(data))
    data["moves"][4] = "next"
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_json(json.dumps(data))
    assert "next deal" in str(raised.value)
