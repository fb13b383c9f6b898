"""view(seat) holds what a seat may know and nothing more; from_view rebuilds a game from it."""

from __future__ import annotations

import json
import random

import pytest
from mililla_kit import D1, after

from cardschool.engine import SavedGameError, SpanishCard, mililla
from cardschool.engine.rulebook import RULES


def test_view_of_a_trick_in_progress():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E")
    view = game.view(2)
    assert json.loads(json.dumps(view)) == view
    assert (view["game"], view["seat"], view["phase"], view["to_move"]) == ("mililla", 2, "play", 2)
    assert view["hand"] == [str(card) for card in game.hand(2)]
    assert view["hand_sizes"] == [8, 8, 9, 9]
    assert view["legal"] == ["JO"] and game.view(0)["legal"] == []
    assert view["dealer"] == 3 and view["trump"] == "O" and view["face_up"] == "2O"
    assert view["leader"] == 0 and view["led"] == "E"
    assert view["trick"] == [{"seat": 0, "card": "2E"}, {"seat": 1, "card": "6E"}]
    assert view["winning"] == {"seat": 1, "card": "6E"}
    assert view["last_trick"] == {
        "leader": 0,
        "cards": [
            {"seat": 0, "card": "KE"},
            {"seat": 1, "card": "4E"},
            {"seat": 2, "card": "7E"},
            {"seat": 3, "card": "JE"},
        ],
        "winner": 0,
        "points": 10,
    }
    assert [(p["seat"], p["card"], p["trick"]) for p in view["played"]] == [
        (0, "KE", 1),
        (1, "4E", 1),
        (2, "7E", 1),
        (3, "JE", 1),
        (0, "2E", 2),
        (1, "6E", 2),
    ]
    assert view["tricks"] == [1, 0] and view["points"] == [10, 0]
    assert view["totals"] == [0, 0] and view["totals_before"] == [0, 0] and view["deal"] == 1
    assert view["rules"] == mililla.Rules().to_dict()
    assert view["deal_result"] is None and view["match_result"] is None


def test_view_log_tells_the_public_story():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E")
    log = game.view(1)["log"]
    assert all(set(event) == {"seat", "text", "rule"} for event in log)
    assert all(event["rule"] in RULES for event in log)
    assert log[0]["rule"] == "mililla.deal" and "coins are trumps" in log[0]["text"]
    assert log[1] == {"seat": 0, "text": "South leads the King of swords", "rule": "mililla.lead"}
    won = [event for event in log if event["rule"] == "mililla.trick"]
    assert won == [
        {
            "seat": 0,
            "text": "South wins the trick with the King of swords: 10 points",
            "rule": "mililla.trick",
        }
    ]


def test_view_when_the_round_is_over():
    game = after(D1)
    rng = random.Random(3)
    while game.phase is mililla.Phase.PLAY:
        game.play(rng.choice(game.legal_moves()))
    view = game.view(0)
    assert view["deal_result"] == game.deal_result()
    assert view["phase"] in ("round-over", "match-over")
    assert view["log"][-1]["rule"] in ("mililla.round.score", "mililla.bonus", "mililla.game.end")
    assert view["hand_sizes"] == [0, 0, 0, 0]


def test_view_bad_seat():
    with pytest.raises(ValueError):
        after(D1).view(4)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _random_states(count: int, seed: int):
    rng = random.Random(seed)
    for n in range(count):
        rules = mililla.Rules(
            seven_rule=("default", "earlier-tricks", "off")[n % 3], clockwise=n % 4 == 1
        )
        game = mililla.new_game(rng.randrange(10**6), rules)
        for _ in range(rng.randrange(0, 60)):
            if game.match_over:
                break
            if game.deal_over:
                game.next_deal()
            else:
                game.play(rng.choice(game.legal_moves()))
        yield game


def test_view_never_shows_another_hand():
    for game in _random_states(60, 1):
        for seat in range(4):
            view = game.view(seat)
            # earlier rounds' results name their own face-up cards: leave them out
            strings = set(_strings({k: v for k, v in view.items() if k != "rounds"}))
            log_text = " ".join(event["text"] for event in view["log"])
            for other in range(4):
                if other == seat:
                    continue
                for card in game.hand(other):
                    if card == game.trump_card:
                        continue  # the face-up card is seen by everyone
                    assert str(card) not in strings
                    assert card.name not in log_text


def _failed_to_follow(view: dict) -> dict[int, set[str]]:
    voids: dict[int, set[str]] = {0: set(), 1: set(), 2: set(), 3: set()}
    led = None
    for k, entry in enumerate(view["played"]):
        suit = entry["card"][-1]
        if k % 4 == 0:
            led = suit
        elif suit != led:
            voids[entry["seat"]].add(led)
    return voids


def test_from_view_respects_every_public_fact():
    for n, game in enumerate(_random_states(60, 2)):
        rules = game.rules
        seat = n % 4
        view = game.view(seat)
        rebuilt = mililla.Game.from_view(view, random.Random(n))
        again = rebuilt.view(seat)
        for key in (
            "hand",
            "hand_sizes",
            "played",
            "trick",
            "winning",
            "last_trick",
            "dealer",
            "trump_card",
            "face_up",
            "to_move",
            "phase",
            "tricks",
            "points",
            "totals",
            "totals_before",
            "deal",
            "bonus",
            "legal",
            "rules",
        ):
            assert again[key] == view[key], key
        if view["face_up"]:
            assert SpanishCard.parse(view["face_up"]) in rebuilt.hand(view["dealer"])
        if rules.seven_rule == "default":
            for other, suits in _failed_to_follow(view).items():
                held = {str(card)[-1] for card in rebuilt.hand(other)}
                assert not held & suits


def test_from_view_deals_the_hidden_cards_at_random():
    game = after(D1, "South: KE 4E 7E JE")
    view = game.view(0)
    deals = {
        tuple(map(str, mililla.Game.from_view(view, random.Random(k)).hand(1))) for k in range(10)
    }
    assert len(deals) > 1
    rebuilt = mililla.Game.from_view(view, random.Random(0))
    assert "2O" in map(str, rebuilt.hand(3))  # the face-up card stays with the dealer


def test_from_view_refuses_a_bad_view():
    view = after(D1).view(0)
    with pytest.raises(SavedGameError):
        mililla.Game.from_view({"game": "mille"}, random.Random(0))
    with pytest.raises(SavedGameError):
        mililla.Game.from_view(dict(view, hand_sizes=[10, 10, 10, 9]), random.Random(0))
    with pytest.raises(SavedGameError):
        mililla.Game.from_view({k: v for k, v in view.items() if k != "played"}, random.Random(0))
