"""Property tests over seeded random Mille playouts: conservation, scores, agreement, saves."""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mille_helpers import Seen, card_census, random_move, recount

from cardschool.engine import mille
from cardschool.engine.errors import IllegalMoveError
from cardschool.engine.rulebook import RULES

VARIANTS = [
    mille.Rules(),
    mille.Rules(pile_pair_may_use_wild=True, first_two_any=True),
    mille.Rules(reshuffle_when_stock_empty=True, min_naturals=2),
    mille.Rules(wilds_at_most_naturals=True, many_melds_per_rank=True),
    mille.Rules(doubling_caps_at_two=True, low_cut_deals=True, target=600),
]

rules_strategy = st.builds(
    mille.Rules,
    low_cut_deals=st.booleans(),
    pile_pair_may_use_wild=st.booleans(),
    first_two_any=st.booleans(),
    reshuffle_when_stock_empty=st.booleans(),
    min_naturals=st.integers(1, 3),
    wilds_at_most_naturals=st.booleans(),
    many_melds_per_rank=st.booleans(),
    doubling_caps_at_two=st.booleans(),
)


def check_hand_end(game: mille.Game) -> None:
    result = game.deal_result()
    assert result["scores"] == recount(game)
    assert result["totals"] == [
        a + b for a, b in zip(result["totals_before"], result["scores"], strict=True)
    ]
    assert result["totals"] == game.totals
    for player in result["players"]:
        for row in player["melds"]:  # the multiplier is the product of the doublings shown
            assert row["multiplier"] == math.prod(m["factor"] for m in row["multipliers"])
    assert game.to_move is None and game.legal_moves() == []
    assert card_census(game).total() == 104


def check_agreement(game: mille.Game, rng: random.Random, tries: int) -> None:
    listed = game.legal_moves()
    seen = Seen(game)
    census = card_census(game, seen.fields)
    assert set(census.values()) == {2} and len(census) == 52
    signatures = [seen.signature(move) for move in listed]
    assert len(set(signatures)) == len(signatures), "one move per distinct choice"
    for move in listed:
        why = game.explain(move)
        assert why.legal and why.rule in RULES, (move, why)
    chosen = set(signatures)
    before = game.to_json(), game.position()
    for _ in range(tries):
        move = random_move(game, rng, seen)
        why = game.explain(move)
        assert why.rule in RULES
        expected = seen.holds(move) and seen.signature(move) in chosen
        assert why.legal == expected, (str(move), why, game.position())
        if why.legal:
            game.clone().play(move)
            continue
        with pytest.raises(IllegalMoveError) as error:
            game.play(move)
        assert (error.value.rule, error.value.reason) == (why.rule, why.text)
        assert (game.to_json(), game.position()) == before


@pytest.mark.parametrize("seed", range(10))
def test_random_hands_keep_every_invariant(seed):
    """20 full hands per seed, 200 in all, fully checked at a random third of the steps."""
    rules = VARIANTS[seed % len(VARIANTS)]
    rng = random.Random(seed)
    game = mille.new_game(seed, rules)
    hands = 0
    while hands < 20:
        if game.match_over:
            game = mille.new_game(rng.randrange(10**6), rules)
        if game.deal_over:
            check_hand_end(game)
            hands += 1
            if not game.match_over:
                game.next_deal()
            continue
        census = card_census(game)
        assert set(census.values()) == {2} and len(census) == 52
        if rng.random() < 0.3:  # a sample of steps keeps the run fast
            check_agreement(game, rng, tries=3)
        move = rng.choice(game.legal_moves())
        told = game.narrate(move, ["Ann", "Bob"])
        assert told.legal and told.rule == game.explain(move).rule
        game.play(move)


@pytest.mark.parametrize("block", range(4))
def test_many_seeded_hands_score_as_recounted(block):
    """800 more hands with lighter checks: scores, totals and conservation."""
    rules = VARIANTS[block]
    rng = random.Random(1000 + block)
    hands = 0
    game = mille.new_game(block, rules)
    while hands < 200:
        if game.match_over:
            result = game.match_result()
            winner = result["winner"]
            assert result["totals"][winner] >= rules.target
            assert result["totals"][winner] > result["totals"][1 - winner]
            assert result["skunk"] == (result["totals"][1 - winner] < rules.skunk_below)
            game = mille.new_game(rng.randrange(10**6), rules)
        if game.deal_over:
            check_hand_end(game)
            hands += 1
            if not game.match_over:
                game.next_deal()
            continue
        game.play(rng.choice(game.legal_moves()))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400), rules=rules_strategy)
def test_json_views_and_clones_round_trip_at_random_points(seed, steps, rules):
    game = mille.new_game(seed, rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.match_over:
            break
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    again = mille.Game.from_json(game.to_json())
    assert again == game and again.to_json() == game.to_json()
    assert again.legal_moves() == game.legal_moves()
    copy = game.clone()
    assert copy == game
    for seat in (0, 1):
        view = game.view(seat)
        assert mille.View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
        guess = mille.Game.from_view(view.to_dict(), random.Random(seed))
        assert guess.view(seat) == view
        hidden = Counter(guess.hand(1 - seat))
        assert all(hidden[c] >= n for c, n in Counter(view.opponent_known).items())
    if not game.deal_over:
        check_agreement(game, rng, tries=10)
