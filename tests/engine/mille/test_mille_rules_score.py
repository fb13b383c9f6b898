"""One named test per Mille rule: scoring a hand and ending the match."""

from __future__ import annotations

import pytest
from mille_helpers import game_at, recount

from cardschool.engine import mille
from cardschool.engine.errors import IllegalMoveError

EIGHT_NINES = "9S 9S 9H 9H 9D 9D 9C 9C"
EIGHT_TWOS = "2S 2S 2H 2H 2D 2D 2C 2C"


def hand_over(south_melds, south_hand, last, rules=None, totals="0 0", stock=""):
    """South plays ``last`` to end the hand; North holds 155 points in twelve cards."""
    game = game_at(
        f"""
        totals: {totals}
        to move: South
        phase: meld
        South hand: {south_hand}
        South melds: {south_melds}
        North hand: QS 5D 3C 3C 3D 3D 4C 4C 4D 4D 6C 6C
        pile: ... 7D
        stock: {stock or "20"}
        """,
        rules,
    )
    game.play(last)
    return game


def rows(game, seat=0):
    return game.deal_result()["players"][seat]["melds"]


def test_score_hand_melds_count_for_and_hand_cards_against():
    game = hand_over("KS KH KD | AS AH 2C", "JD 5C", "discard 5C", stock="0")
    assert game.deal_result()["ended"] == "stock-empty"
    result = game.deal_result()
    south, north = result["players"]
    assert south["melds_points"] == 30 + 50 and south["hand_points"] == -50
    assert south["total"] == 30 and not south["went_out_natural"]
    assert north["total"] == -(100 + 5 + 8 * 5 + 2 * 5)
    assert result["scores"] == recount(game)
    assert result["totals"] == result["scores"]
    assert result["players"][0]["went_out"] is False


def test_score_natural_meld_of_eight_doubles():
    game = hand_over(f"{EIGHT_NINES} | KS KH 2C", "5C", "discard 5C")
    nines = rows(game)[0]
    assert nines["multiplier"] == 2
    assert [m["rule"] for m in nines["multipliers"]] == ["mille.score.natural-meld"]
    assert nines["points"] == 80
    assert rows(game)[1]["multiplier"] == 1
    assert game.deal_result()["scores"][0] == recount(game)[0] == 80 + 40
    twos = hand_over(f"{EIGHT_TWOS} | KS KH KD", "5C", "discard 5C")
    assert rows(twos)[0]["multiplier"] == 4  # eight 2s: no wild anywhere, so natural too


def test_score_natural_meld_flags_bunched_and_face_down():
    game = game_at(
        """
        to move: South
        phase: meld
        South hand: 9C 5C 6C
        South melds: 9S 9S 9H 9H 9D 9D 9C
        North hand: +10
        pile: 7D
        """
    )
    meld = game.view(1).to_dict()["players"][0]["melds"][0]
    assert meld["bunched"] and not meld["face_down"]
    game.play("add 9 9C")
    meld = game.view(1).to_dict()["players"][0]["melds"][0]
    assert meld["face_down"] and not meld["bunched"]


def test_score_naturals_going_out_with_no_wild_doubles_every_meld():
    game = hand_over(f"KS KH KD | {EIGHT_TWOS[:8]}", "AS AH AD", "meld AS AH AD")
    south = game.deal_result()["players"][0]
    assert south["went_out_natural"]
    assert all(row["multiplier"] == 2 for row in south["melds"])
    assert {m["rule"] for row in south["melds"] for m in row["multipliers"]} == {
        "mille.score.naturals"
    }
    assert south["total"] == recount(game)[0] == 2 * (30 + 60 + 45)
    wild = hand_over("KS KH 2D", "AS AH AD", "meld AS AH AD")
    assert not wild.deal_result()["players"][0]["went_out_natural"]
    assert wild.deal_result()["scores"][0] == recount(wild)[0] == 40 + 45


def test_score_stack_doublings_multiply():
    game = hand_over("KS KH KD", EIGHT_NINES, f"meld {EIGHT_NINES}")
    nines = rows(game)[1]
    assert nines["multiplier"] == 4
    assert [m["rule"] for m in nines["multipliers"]] == [
        "mille.score.natural-meld",
        "mille.score.stack",
    ]
    assert game.deal_result()["scores"][0] == recount(game)[0] == 2 * 30 + 4 * 40


def test_score_stack_caps_at_two_variant():
    rules = mille.Rules(doubling_caps_at_two=True)
    game = hand_over("KS KH KD", EIGHT_NINES, f"meld {EIGHT_NINES}", rules)
    assert rows(game)[1]["multiplier"] == 2
    assert game.deal_result()["scores"][0] == recount(game)[0] == 2 * 30 + 2 * 40


def test_game_end_at_the_target_the_higher_total_wins():
    game = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", totals="1100 900")
    assert game.match_over and game.phase is mille.Phase.MATCH_OVER
    result = game.match_result()
    assert result["winner"] == 0 and result["rule"] == "mille.game.end"
    assert result["totals"] == game.totals == [1100 + 150, 900 - 155]
    assert not result["skunk"]
    with pytest.raises(IllegalMoveError) as error:
        game.next_deal()
    assert error.value.rule == "mille.game.end"
    early = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", totals="900 900")
    assert not early.match_over and early.match_result() is None
    early.next_deal()
    assert early.totals == [900 + 150, 900 - 155]


def test_game_end_tie_at_the_target_plays_another_hand():
    game = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", totals="1200 1505")
    assert game.totals == [1350, 1350]
    assert game.phase is mille.Phase.HAND_OVER and not game.match_over
    assert game.view(0).to_dict()["log"][-1]["rule"] == "mille.game.end"


def test_game_end_target_variant():
    rules = mille.Rules(target=500)
    game = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", rules, totals="400 0")
    assert game.match_over and game.match_result()["target"] == 500


def test_game_skunk_when_the_loser_is_under_600():
    game = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", totals="1100 700")
    assert game.match_result()["totals"][1] == 545
    assert game.match_result()["skunk"] and game.match_result()["rule"] == "mille.game.skunk"
    narrow = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", totals="1100 800")
    assert not narrow.match_result()["skunk"]
    rules = mille.Rules(skunk_below=500)
    lenient = hand_over("KS KH KD", "AS AH AD", "meld AS AH AD", rules, totals="1100 700")
    assert not lenient.match_result()["skunk"]
