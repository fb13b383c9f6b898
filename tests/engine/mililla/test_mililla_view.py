"""view(seat) holds what a seat may know and nothing more; from_view rebuilds a game from it."""

from __future__ import annotations

import json
import random
import re
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mililla_kit import D1, after, play_out

from cardschool.engine import SavedGameError, SpanishCard, mililla
from cardschool.engine.mililla.view import Play, View
from cardschool.engine.rulebook import RULES


def test_view_of_a_trick_in_progress():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E")
    typed = game.view(2)
    assert isinstance(typed, View) and typed.phase is mililla.Phase.PLAY
    cards = SpanishCard.parse
    assert typed.trick == (Play(0, cards("2E")), Play(1, cards("6E")))
    assert typed.winning == Play(1, cards("6E"))
    assert typed.hand_sizes == (8, 8, 9, 9) and typed.legal == (cards("JO"),)
    view = typed.to_dict()
    assert json.loads(json.dumps(view)) == view
    assert (view["game"], view["seat"], view["phase"], view["to_move"]) == ("mililla", 2, "play", 2)
    assert view["hand"] == [str(card) for card in game.hand(2)]
    assert view["hand_sizes"] == [8, 8, 9, 9]
    assert view["legal"] == ["JO"] and game.view(0).legal == ()
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
    log = [entry.to_dict() for entry in game.view(1).log]
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
    view = game.view(0).to_dict()
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
            view = game.view(seat).to_dict()
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
        typed = game.view(seat)
        view = typed.to_dict()
        rebuilt = mililla.Game.from_view(view, random.Random(n))
        assert rebuilt == mililla.Game.from_view(typed, random.Random(n))  # a View, or its dict
        again = rebuilt.view(seat).to_dict()
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
    view = game.view(0).to_dict()
    deals = {
        tuple(map(str, mililla.Game.from_view(view, random.Random(k)).hand(1))) for k in range(10)
    }
    assert len(deals) > 1
    rebuilt = mililla.Game.from_view(view, random.Random(0))
    assert "2O" in map(str, rebuilt.hand(3))  # the face-up card stays with the dealer


def test_from_view_refuses_a_bad_view():
    view = after(D1).view(0).to_dict()
    with pytest.raises(SavedGameError):
        mililla.Game.from_view({"game": "mille"}, random.Random(0))
    with pytest.raises(SavedGameError):
        mililla.Game.from_view(dict(view, hand_sizes=[10, 10, 10, 9]), random.Random(0))
    with pytest.raises(SavedGameError):
        mililla.Game.from_view({k: v for k, v in view.items() if k != "played"}, random.Random(0))


# -- the typed view: its JSON form read back, malformed ones refused, and its picture ----


def test_view_round_trips_through_its_json_form_over_seeded_playouts():
    for n, game in enumerate(_random_states(40, 5)):
        for seat in range(4):
            view = game.view(seat)
            data = view.to_dict()
            assert data["game"] == "mililla"
            again = View.from_dict(json.loads(json.dumps(data)))
            assert again == view and again.to_dict() == data
            assert hash(again) == hash(view)  # frozen all the way down
        if n % 10 == 0:
            with pytest.raises(AttributeError):
                view.seat = 1  # type: ignore[misc]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 140), seat=st.integers(0, 3))
def test_view_round_trip_property(seed, steps, seat):
    game = mililla.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.match_over:
            break
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    view = game.view(seat)
    assert View.from_dict(view.to_dict()) == view


def _damaged(data: dict, path: tuple, value: object) -> dict:
    """A deep copy of ``data`` with the item at ``path`` replaced (or removed for _GONE)."""
    copy = json.loads(json.dumps(data))
    place = copy
    for key in path[:-1]:
        place = place[key]
    if value is _GONE:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return copy


_GONE = object()


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("game",), "mille", "not a Mililla view"),
        (("played",), _GONE, "no 'played'"),
        (("surprise",), 1, "'surprise'"),
        (("seat",), "0", "view.seat should be a whole number"),
        (("seat",), True, "view.seat should be a whole number"),
        (("seat",), 7, "seat 7"),
        (("phase",), "napping", "view.phase should be"),
        (("hand", 0), "XX", "should be a SpanishCard"),
        (("hand",), "KO HO", "view.hand should be a list"),
        (("hand_sizes",), [10, 10, 10], "a list of 4"),
        (("trick",), [{"seat": 0}], "no 'card'"),
        (("bonus", "after_round"), "no", "view.bonus.after_round should be true or false"),
        (("rules",), {"seven_rule": "never"}, "view.rules"),
        (("trump",), "X", "view.trump should be 'O' or 'C'"),
        (("log", 0, "text"), None, "view.log[0].text should be text"),
        (("face_up",), 12, "view.face_up should be a SpanishCard"),
    ],
)
def test_from_dict_refuses_a_malformed_view_naming_the_problem(path, value, words):
    data = after(D1, "South: KE 4E 7E JE", "South: 2E").view(2).to_dict()
    with pytest.raises(SavedGameError, match=re.escape(words)):
        View.from_dict(_damaged(data, path, value))


@pytest.mark.parametrize("junk", [None, [], "view", 3, {"game": "mililla"}])
def test_from_dict_refuses_what_is_not_a_view(junk):
    with pytest.raises(SavedGameError):
        View.from_dict(junk)


def _shown_cards(picture: str) -> set[str]:
    """The names of the card faces drawn in a picture (each face is labelled for readers)."""
    return set(re.findall(r'aria-label="([^"]+ of [a-z]+)"', picture))


def test_the_picture_shows_the_viewers_hand_and_no_hidden_card():
    for game in _random_states(30, 6):
        for seat in range(4):
            view = game.view(seat)
            picture = view._repr_html_()
            ElementTree.fromstring(picture)  # well formed: every text is escaped
            shown = _shown_cards(picture)
            assert {card.name for card in game.hand(seat)} <= shown
            for other in range(4):
                if other == seat:
                    continue
                for card in game.hand(other):
                    if card != game.trump_card:  # the face-up card is seen by everyone
                        assert card.name not in shown, (seat, other, card)
            public = {p.card.name for p in view.trick}
            if view.last_trick is not None:
                public |= {p.card.name for p in view.last_trick.cards}
            hand = {card.name for card in game.hand(seat)}
            assert shown <= hand | public | {game.trump_card.name}
            assert "<script" not in picture and "http" not in picture.replace(_SVG_NS, "")


_SVG_NS = "http://www.w3.org/2000/svg"


def test_the_picture_tells_the_trump_the_trick_the_totals_and_whose_turn():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E", head="scores 4 7\n")
    picture = game.view(2)._repr_html_()
    assert "Trumps: <b>coins</b>" in picture and "West, the dealer" in picture
    assert "Your turn" in picture and "North's view" in picture
    assert ">8 cards<" in picture and ">9 cards<" in picture  # the others' hands as counts
    assert "6 of swords" in picture and "2 of swords" in picture  # the trick, by seat
    assert "<b>4</b>" in picture and "<b>7</b>" in picture  # the match totals
    assert game.view(0)._repr_html_() != picture
    assert "East to play" not in picture and "North to play" in game.view(0)._repr_html_()


def test_a_game_draws_the_view_of_the_seat_to_move_or_of_seat_0():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E")
    assert game._repr_html_() == game.view(1)._repr_html_()
    play_out(game, random.Random(4))
    assert game.to_move is None
    assert game._repr_html_() == game.view(0)._repr_html_()
    assert "The round is over" in game._repr_html_() or "match is over" in game._repr_html_()
