"""Every rule id the Mille engine can emit is in the rulebook, and every rule has its test."""

from __future__ import annotations

import random
import re
from pathlib import Path

import test_mille_rules_draw as draw
import test_mille_rules_meld as meld
import test_mille_rules_score as score

from cardschool.engine import mille
from cardschool.engine.rulebook import RULES

ENGINE = Path(mille.__file__).parent
ENGINE_FILES = sorted(path for path in ENGINE.rglob("*.py") if path.name != "rulebook.py")
"""Every module of the package, its bots included, but the rulebook that lists every id."""
RULE_LITERAL = re.compile(r"""["'](mille\.[a-z0-9.\-]+)["']""")

# The named test (or tests) for each rule id of the rulebook.
NAMED_TESTS = {
    "mille.deck": [draw.test_deck_holds_two_of_every_card],
    "mille.wild": [draw.test_wild_two_stands_in_for_any_rank],
    "mille.values": [draw.test_values_follow_the_table],
    "mille.cut": [draw.test_cut_higher_card_deals_and_low_cut_variant],
    "mille.deal": [draw.test_deal_gives_fifteen_each_and_turns_up_one],
    "mille.next-dealer": [draw.test_next_dealer_alternates],
    "mille.turn": [draw.test_turn_draw_before_meld_or_discard],
    "mille.draw.stock": [draw.test_draw_stock_takes_its_top_card],
    "mille.draw.pile": [draw.test_draw_pile_needs_a_natural_pair],
    "mille.draw.pile.meld": [draw.test_draw_pile_melds_the_top_card_and_the_rest_goes_to_hand],
    "mille.draw.pile.two": [draw.test_draw_pile_two_needs_two_other_twos],
    "mille.draw.first-two": [draw.test_first_two_may_be_taken_on_the_first_turn_only],
    "mille.draw.stock-empty": [
        draw.test_stock_empty_ends_the_hand_without_a_going_out_bonus,
        draw.test_stock_empty_player_who_can_take_the_pile_may_decline,
        draw.test_stock_empty_reshuffle_variant_makes_a_new_stock,
    ],
    "mille.meld.set": [
        meld.test_meld_set_needs_three_cards_of_one_rank,
        meld.test_meld_set_min_naturals_variant,
        meld.test_meld_set_wilds_at_most_naturals_variant_holds_after_each_addition,
    ],
    "mille.meld.twos": [meld.test_meld_twos_alone_are_a_natural_meld_of_rank_two],
    "mille.meld.own": [meld.test_meld_own_you_never_add_to_the_opponents_melds],
    "mille.meld.one-per-rank": [
        meld.test_meld_one_per_rank_extends_the_meld_you_have,
        meld.test_meld_many_melds_per_rank_variant,
    ],
    "mille.discard": [meld.test_discard_ends_the_turn],
    "mille.announce": [meld.test_announce_down_to_two_cards],
    "mille.go-out": [
        meld.test_go_out_by_melding_the_last_cards_needs_no_discard,
        meld.test_go_out_by_discarding_the_last_card,
        meld.test_go_out_by_taking_a_pile_that_leaves_no_cards,
    ],
    "mille.score.hand": [score.test_score_hand_melds_count_for_and_hand_cards_against],
    "mille.score.natural-meld": [
        score.test_score_natural_meld_of_eight_doubles,
        score.test_score_natural_meld_flags_bunched_and_face_down,
    ],
    "mille.score.naturals": [score.test_score_naturals_going_out_with_no_wild_doubles_every_meld],
    "mille.score.stack": [
        score.test_score_stack_doublings_multiply,
        score.test_score_stack_caps_at_two_variant,
    ],
    "mille.game.end": [
        score.test_game_end_at_the_target_the_higher_total_wins,
        score.test_game_end_tie_at_the_target_plays_another_hand,
        score.test_game_end_target_variant,
    ],
    "mille.game.skunk": [score.test_game_skunk_when_the_loser_is_under_600],
}

# The named test for each variant field of mille.Rules.
VARIANT_TESTS = {
    "low_cut_deals": draw.test_cut_higher_card_deals_and_low_cut_variant,
    "pile_pair_may_use_wild": draw.test_draw_pile_needs_a_natural_pair,
    "first_two_any": draw.test_first_two_may_be_taken_on_the_first_turn_only,
    "reshuffle_when_stock_empty": draw.test_stock_empty_reshuffle_variant_makes_a_new_stock,
    "min_naturals": meld.test_meld_set_min_naturals_variant,
    "wilds_at_most_naturals": (
        meld.test_meld_set_wilds_at_most_naturals_variant_holds_after_each_addition
    ),
    "many_melds_per_rank": meld.test_meld_many_melds_per_rank_variant,
    "doubling_caps_at_two": score.test_score_stack_caps_at_two_variant,
    "target": score.test_game_end_target_variant,
    "skunk_below": score.test_game_skunk_when_the_loser_is_under_600,
}


def test_every_rule_id_in_the_engine_source_is_in_the_rulebook():
    found = set()
    for name in ENGINE_FILES:
        found |= set(RULE_LITERAL.findall(name.read_text(encoding="utf-8")))
    assert found, "the scan found no rule ids at all"
    assert sorted(found - set(RULES)) == []
    # and the source names almost every Mille rule (the rest are taught, not decided)
    mille_rules = {rule for rule in RULES if rule.startswith("mille.")}
    assert mille_rules - found <= {"mille.deck", "mille.wild", "mille.values"}


def test_every_rule_emitted_in_play_is_in_the_rulebook():
    seen = set()
    rng = random.Random(3)
    for seed in range(6):
        game = mille.new_game(seed, mille.Rules(reshuffle_when_stock_empty=seed % 2 == 0))
        while not game.match_over:
            seen |= {event["rule"] for event in game.view(0).to_dict()["log"]}
            if game.deal_over:
                seen |= {
                    m["rule"]
                    for p in game.deal_result()["players"]
                    for row in p["melds"]
                    for m in row["multipliers"]
                }
                game.next_deal()
                continue
            for move in game.legal_moves():
                seen.add(game.explain(move).rule)
            game.play(rng.choice(game.legal_moves()))
        seen.add(game.match_result()["rule"])
    assert seen <= set(RULES)
    assert {"mille.cut", "mille.deal", "mille.draw.stock", "mille.discard"} <= seen


def test_every_mille_rule_and_variant_has_a_named_test():
    mille_rules = {rule for rule in RULES if rule.startswith("mille.")}
    assert set(NAMED_TESTS) == mille_rules
    assert all(
        callable(t) and t.__name__.startswith("test_") for ts in NAMED_TESTS.values() for t in ts
    )
    assert set(VARIANT_TESTS) == set(mille.Rules().to_dict())
