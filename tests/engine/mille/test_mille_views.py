"""Per-seat Mille views: nothing hidden leaks, games rebuilt from a view keep every fact,
the typed ``View`` round-trips through its JSON form, and it draws itself without peeking."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter

import pytest
from mille_helpers import fields, game_at, hand_of

from cardschool.engine import mille
from cardschool.engine.cards import FrenchCard, FrenchRank
from cardschool.engine.errors import SavedGameError
from cardschool.engine.mille.state import Event
from cardschool.engine.svg import hand_svg

PILE_TAKEN = """
    to move: South
    South hand: 9H 9C 5D
    North hand: 4C 4D 6H
    North melds: KS KH 2D
    pile: ... 7C 9S
    stock: 6
    """


def states(seed: int, every: int = 7, rules: mille.Rules | None = None, deals: int = 2):
    """Yield a game at every few moves of a seeded random match, hand ends included."""
    game = mille.new_game(seed, rules or mille.Rules())
    rng = random.Random(seed)
    count = 0
    while not game.match_over and game.deal_number <= deals:
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
            data = view.to_dict()
            assert json.loads(json.dumps(data)) == data
            assert mille.View.from_dict(json.loads(json.dumps(data))) == view
            assert Counter(view.hand) == Counter(game.hand(seat))
            # Two games with other hidden cards show this seat exactly the same view: so
            # the view cannot contain the opponent's hidden cards or the stock's order.
            for k in range(2):
                guess = mille.Game.from_view(view if k else data, random.Random(k))
                assert guess.view(seat) == view
                if seat == game.to_move:
                    assert guess.legal_moves() == game.legal_moves()
                known = Counter(view.opponent_known)
                theirs = Counter(guess.hand(1 - seat))
                assert all(theirs[c] >= n for c, n in known.items())
            if game.to_move is not None and view.stock_size > 10:
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
    view = game.view(1).to_dict()
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
    assert Counter(map(str, game.view(1).opponent_known)) == Counter(["7C", "7C", "3D"])
    game.play("discard 7C")
    assert Counter(map(str, game.view(1).opponent_known)) == Counter(["7C", "3D"])


def test_from_view_refuses_what_is_not_a_view():
    view = mille.new_game(1).view(0).to_dict()
    for bad in ({}, {**view, "game": "mililla"}, {**view, "stock_size": 3}, {**view, "hand": 5}):
        with pytest.raises(SavedGameError):
            mille.Game.from_view(bad, random.Random(0))


def test_view_rejects_a_seat_that_is_not_there():
    game = mille.new_game(1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError):
            game.view(seat)  # type: ignore[arg-type]


# -- the typed View ----------------------------------------------------------------------


def test_a_view_is_a_frozen_slotted_record_with_typed_fields():
    game = game_at(PILE_TAKEN)
    game.play("pile 9H 9C")
    view = game.view(1)
    assert isinstance(view, mille.View) and not hasattr(view, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 0  # type: ignore[misc]
    assert (view.seat, view.deal_number, view.phase, view.to_move) == (1, 1, mille.Phase.MELD, 0)
    assert view.hand == tuple(FrenchCard.parse(text) for text in ("6H", "4D", "4C"))
    assert view.players[1].melds[0].rank is FrenchRank.KING
    assert view.players[0].melds[0].cards == tuple(map(FrenchCard.parse, ("9S", "9H", "9C")))
    assert view.opponent_hand_size == view.players[0].hand_size == len(hand_of(game, 0))
    assert view.log[-1].rule == "mille.draw.pile" and view.log[-1].seat == 0
    assert view.scores is None and view.announcements == ()
    for part in (view, view.players, view.log, view.hand, view.players[0].melds):
        hash(part)  # frozen all the way down: no lists or dicts inside


def test_a_scored_hand_is_typed_in_the_view_and_its_dict_is_the_games():
    game = game_at(
        """
        to move: South
        phase: meld
        South hand: QS
        South melds: KH KS KC
        North hand: 7D 4C
        pile: 4D
        """
    )
    game.play("discard QS")
    view = game.view(1)
    result = view.deal_result
    assert result is not None and result.ended == "went-out" and result.went_out == 0
    assert view.scores == result.scores == (2 * 30, -(5 + 5))
    assert result.players[1].hand == (FrenchCard.parse("7D"), FrenchCard.parse("4C"))
    assert result.to_dict() == game.deal_result()
    assert view.to_dict()["deal_result"]["deal"] == 1


@pytest.mark.parametrize("seed", range(4))
def test_views_round_trip_through_their_json_form_all_match_long(seed):
    """Every view of seeded matches to their end: ``from_dict(to_dict())`` is the same view."""
    rules = mille.Rules(target=500, many_melds_per_rank=seed % 2 == 1)
    checked = set()
    for game in states(seed, every=3, rules=rules, deals=20):
        for seat in (0, 1):
            view = game.view(seat)
            again = mille.View.from_dict(json.loads(json.dumps(view.to_dict())))
            assert again == view and again.to_dict() == view.to_dict()
            checked.add(view.phase)
    assert mille.Phase.MATCH_OVER in checked and mille.Phase.MELD in checked


def _changed(data: dict, path: tuple, value: object) -> dict:
    data = copy.deepcopy(data)
    *where, last = path
    place = data
    for step in where:
        place = place[step]
    if value is _DROP:
        del place[last]
    else:
        place[last] = value
    return data


_DROP = object()
_SCORED = """
    to move: South
    phase: meld
    South hand: QS
    South melds: KH KS KC
    North hand: 7D 4C
    pile: 4D
    """


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("game",), "mililla"),
        (("seat",), 2),
        (("seat",), True),
        (("deal",), "1"),
        (("deal",), 0),
        (("deal",), _DROP),
        (("hand_number",), 1),
        (("phase",), "trick"),
        (("rules",), {"target": -5}),
        (("rules",), {"trumps": True}),
        (("hand",), "QS"),
        (("hand", 0), "QX"),
        (("hand", 0), 7),
        (("pile",), [["4D"]]),
        (("players",), []),
        (("players", 0, "melds", 0, "rank"), "Z"),
        (("players", 0, "melds", 0, "value"), 999),
        (("players", 1, "announced"), False),
        (("opponent_hand_size",), 9),
        (("opponent_known",), ["QS"]),
        (("scores",), [0, 0]),
        (("totals",), [0, 0, 0]),
        (("log", 0), {"seat": 0, "text": "hello"}),
        (("log", 0, "seat"), "South"),
        (("deal_result", "players", 0, "melds", 0, "multipliers"), "none"),
        (("deal_result", "scores"), [1, 2]),
        (("stock_size",), -1),
        (("extra",), 1),
    ],
)
def test_from_dict_refuses_malformed_views_with_saved_game_error(path, value):
    game = game_at(_SCORED)
    game.play("discard QS")
    data = game.view(1).to_dict()
    assert mille.View.from_dict(data) == game.view(1)
    with pytest.raises(SavedGameError, match=r"not a Mille view|a saved view"):
        mille.View.from_dict(_changed(data, path, value))


@pytest.mark.parametrize("bad", [None, [], "view", 5])
def test_from_dict_refuses_what_is_not_a_dict(bad):
    with pytest.raises(SavedGameError):
        mille.View.from_dict(bad)


# -- drawn as HTML -----------------------------------------------------------------------


def _names(cards) -> set[str]:
    return {card.name for card in cards}


@pytest.mark.parametrize("seed", range(8))
def test_the_picture_shows_the_viewers_cards_and_no_hidden_card_of_the_opponent(seed):
    for game in states(seed, every=9):
        for seat in (0, 1):
            view = game.view(seat)
            page = view._repr_html_()
            assert hand_svg(view.hand, width=52) in page  # the viewer's hand, face up
            seen = [*view.hand, *view.pile, *view.opponent_known]
            seen += [card for player in view.players for m in player.melds for card in m.cards]
            if view.deal_result is not None:
                seen += [card for player in view.deal_result.players for card in player.hand]
            hidden = _names(game.hand(1 - seat)) - _names(seen)
            for name in hidden:  # by construction: the picture is drawn from the view
                assert name not in page
            if view.deal_result is None:
                backs = page.count("Back of a card")
                assert backs == view.opponent_hand_size + (1 if view.stock_size else 0)


def test_the_picture_names_the_totals_the_turn_and_escapes_its_text():
    game = game_at(PILE_TAKEN)
    page = game._repr_html_()
    assert page == game.view(0)._repr_html_()  # South is to move
    assert "South draws from the stock or takes the pile" in page
    assert "totals South 0, North 0" in page and "Stock: 6 cards" in page
    assert "<script" not in page and "http" not in page.replace("http://www.w3.org/2000/svg", "")
    game.play("pile 9H 9C")
    page = game._repr_html_()
    assert "South melds, then discards" in page
    assert "Last: South takes the pile of 89 cards with 9♥ 9♣ and melds three nines" in page
    tricky = dataclasses.replace(
        game.view(1), log=(Event(0, '<b>South</b> & "co"', "mille.discard"),)
    )
    assert "&lt;b&gt;South&lt;/b&gt; &amp; &quot;co&quot;" in tricky._repr_html_()


def test_a_game_nobody_is_to_move_in_is_drawn_from_seat_0():
    game = game_at(_SCORED)
    game.play("discard QS")
    assert game.to_move is None
    assert game._repr_html_() == game.view(0)._repr_html_()
    page = game._repr_html_()
    assert "Hand 1 is over: South +60, North -10" in page
    assert hand_svg((FrenchCard.parse("7D"), FrenchCard.parse("4C")), width=38) in page
