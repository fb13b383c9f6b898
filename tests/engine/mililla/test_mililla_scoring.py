"""mililla.round.score, mililla.bonus and mililla.game.end, from whole rounds as text."""

from __future__ import annotations

import pytest
from mililla_kit import D1, D2, after

from cardschool.engine import IllegalMoveError, mililla
from cardschool.engine.session import new_game

AFTER_ROUND = mililla.Rules(bonus_after_round=True)

# A whole round that ends 35 to 35. West dealt and turned up the Horse of clubs (2 points).
TIE = """
dealer West
trump HB
scores {scores}
South: -
East: -
North: -
West: -
trick South: 2B 4B JB HB
trick West: 5C KB JC KC
trick South: 7E 3E KE 4E
trick North: AB 6B 7B 3C
trick South: 4O KO 3O 7O
trick East: HC 2C AC JO
trick East: 6O 3B 5O 5E
trick North: 5B 6C AE HO
trick North: 2E HE JE 2O
trick West: AO 6E 4C 7C
"""

# A whole round South and North win 46 to 24. East dealt and turned up the King of cups (3).
WIN46 = """
dealer East
trump KC
scores {scores}
South: -
East: -
North: -
West: -
trick North: 4O KO 5O 6O
trick West: 2E JE 7E AO
trick South: AB HB 5B JB
trick East: 4B 3B HE 7B
trick South: 2B KB 2C 6C
trick West: 3O 5C JO 2O
trick South: 3C KC 4C AC
trick East: 5E 7C 4E AE
trick North: HO JC HC 6E
trick South: 6B 3E 7O KE
"""


def round_of(text: str, scores: str, rules: mililla.Rules | None = None) -> mililla.Game:
    return mililla.Game.from_position(text.format(scores=scores), rules or mililla.Rules())


def test_round_score_excess_over_35_for_the_team_with_36_or_more():
    game = round_of(WIN46, "0 0")
    result = game.deal_result()
    assert result["points"] == [46, 24]
    assert result["tricks"] == [6, 4]
    assert result["card_points"] == [40, 20]
    assert result["total"] == 70
    assert result["round_score"] == [11, 0]
    assert result["totals"] == [11, 3]  # East and West had the bonus at once
    assert result["totals_before"] == [0, 0]
    assert result["scores"] == [11, 3]  # what each team scored this round, the bonus included
    assert game.phase is mililla.Phase.ROUND_OVER and game.deal_over and not game.match_over
    assert game.to_move is None and game.legal_moves() == []


def test_round_score_35_to_35_nobody_scores():
    game = round_of(TIE, "0 0")
    result = game.deal_result()
    assert result["points"] == [35, 35]
    assert result["round_score"] == [0, 0]
    assert game.totals == (0, 2)
    assert mililla.round_score((35, 35)) == (0, 0)
    assert mililla.round_score((36, 34)) == (1, 0)


def test_bonus_added_at_once():
    game = after(D2)
    assert game.totals == (0, 5)  # West's team, for the face-up 7 of coins
    view = game.view(0)
    assert view.bonus.to_dict() == {
        "card": "7O",
        "value": 5,
        "team": 1,
        "status": "added",
        "after_round": False,
    }
    assert any(event.rule == "mililla.bonus" for event in view.log)


def test_bonus_none_for_a_face_up_card_without_points():
    game = after(D1)  # the 2 of coins is worth nothing
    assert game.totals == (0, 0)
    assert game.view(1).bonus.status == "none"


def test_bonus_held_then_added_at_35_to_35():
    game = round_of(TIE, "10 33")
    result = game.deal_result()
    assert result["bonus"]["status"] == "added"
    assert result["totals"] == [10, 35] and result["scores"] == [0, 2]
    assert game.match_over and game.winner == 1  # the bonus wins the match
    assert game.match_result()["winning_seats"] == [1, 3]
    told = [event.text for event in game.view(0).log if event.rule == "mililla.bonus"]
    assert told[0].startswith("The bonus of 2 for the face-up Horse of clubs is held back")
    assert told[1] == "The held bonus of 2 for East and West is now added"


def test_bonus_held_during_the_round():
    game = after(D2, head="scores 0 30\n")
    assert game.totals == (0, 30)
    assert game.view(2).bonus.status == "held"


def test_bonus_held_then_dropped():
    game = round_of(WIN46, "10 32")
    result = game.deal_result()
    assert result["bonus"]["status"] == "dropped"
    assert result["totals"] == [21, 32] and result["scores"] == [11, 0]
    assert not game.match_over


def test_bonus_after_round_variant_always_added_after_the_round_score():
    game = after(D2, rules=AFTER_ROUND)
    assert game.totals == (0, 0)
    assert game.view(0).bonus.status == "held"
    game = round_of(WIN46, "0 0", AFTER_ROUND)
    assert game.deal_result()["totals"] == [11, 3]
    assert game.deal_result()["scores"] == [11, 3]
    assert game.deal_result()["bonus"]["status"] == "added"


def test_game_end_first_team_to_35_wins():
    game = round_of(WIN46, "24 0")
    assert game.match_over and game.phase is mililla.Phase.MATCH_OVER
    assert game.winner == 0
    assert game.match_result()["totals"] == [35, 3]
    assert game.match_result()["winner"] == 0 and game.match_result()["rounds"] == 1
    with pytest.raises(IllegalMoveError) as raised:
        game.next_deal()
    assert raised.value.rule == "mililla.game.end"
    assert game.explain("KO").rule == "mililla.game.end"


def test_game_end_both_reach_35_the_round_winner_wins():
    game = round_of(WIN46, "30 32", AFTER_ROUND)
    assert game.deal_result()["totals"] == [41, 35]
    assert game.deal_result()["totals_before"] == [30, 32]
    assert game.deal_result()["scores"] == [11, 3]
    assert game.winner == 0


def test_game_end_target_variant():
    game = round_of(WIN46, "0 0", mililla.Rules(target=10))
    assert game.winner == 0
    held = after(D2, rules=mililla.Rules(target=5))
    assert held.view(0).bonus.status == "held"  # 0 + 5 would reach the target


def test_next_deal_is_an_explicit_step():
    game = round_of(WIN46, "0 0", mililla.Rules())
    assert game.explain("next").legal
    with pytest.raises(IllegalMoveError) as raised:
        game.play("KO")
    assert raised.value.rule == "mililla.round.score"
    game.next_deal()
    assert game.phase is mililla.Phase.PLAY
    assert game.deal_number == 2
    assert game.dealer == 2  # the deal passed from East to North
    assert game.to_move == 3
    assert game.totals[0] == 11
    assert game.deal_result()["deal"] == 1
    with pytest.raises(IllegalMoveError):
        game.next_deal()


def test_a_bonus_of_one_reads_one_point():
    game = new_game("mililla", 2)  # seed 2: a face-up Jack of coins, worth 1
    told = [event.text for event in game.view(0).log if event.rule == "mililla.bonus"]
    assert told == ["South and North add 1 point for the face-up Jack of coins"]


def test_the_bonus_question_says_the_status_in_words_of_its_own():
    """mililla.bonus: each status is a sentence of the catalog, never the raw code word."""
    from cardschool.engine.messages import message, render
    from cardschool.engine.mililla.goals import GOALS
    from cardschool.engine.mililla.messages import Card

    question = GOALS.question("bonus")
    assert question(after(D2), "").why == (
        "The face-up card is the 7 of coins, worth 5: the bonus is added to the dealer's team"
    )
    assert question(after(D1), "").why == (
        "The face-up card is the 2 of coins, worth 0: there is no bonus"
    )
    card = Card(after(D2).state.trump_card)
    said = {
        status: render(message(f"mililla:goal.bonus.{status}", card=card, points=5))
        for status in ("added", "held", "dropped", "none")
    }
    assert said["held"].endswith("the bonus is held back until the round ends")
    assert said["dropped"].endswith("the bonus is dropped")
    assert len(set(said.values())) == 4
