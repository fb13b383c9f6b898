"""One named test per ``mililla.*`` play rule, from readable positions (see mililla_kit)."""

from __future__ import annotations

import random

import pytest
from mililla_kit import D1, D2, D3, after, legal

from cardschool.engine import IllegalMoveError, SpanishCard, mililla
from cardschool.engine.cards import SpanishSuit, spanish_deck

EARLIER = mililla.Rules(seven_rule="earlier-tricks")
OFF = mililla.Rules(seven_rule="off")
TRADITIONAL = mililla.Rules(traditional_rank=True)

# East trumped a cup lead with the 4 of clubs; North, out of cups, must overtrump.
OVERTRUMP = """
dealer West
trump 6B
South: KO HC JC 7C 4C 2C 4E 2E AB
East: JO 7O 5O 4O 3O AO 7E 6E 5B
North: 2O KE HE 5E 3E KB HB JB 7B 2B
West: HO 6O KC 5C 3C AC JE AE 6B 3B
trick South: 6C 4B
"""

# West led a club; South has no clubs and no trumps left.
NO_TRUMP = """
dealer West
trump 4O
South: 7C 5C HE 2E
East: 6C 2C 6E 3E
North: 7O JE 4E 2B
West: KO 4O 3C
trick South: 6B 7B HB KB
trick West: 4B 2O 3O 5B
trick East: JC HC KC AC
trick West: AB AO 6O 3B
trick East: 5E KE 7E AE
trick North: 5O HO 4C JO
trick West: JB
"""

# Clubs are trumps; North trumped a coin lead with the 7 of clubs; East's 4 cannot beat it.
LOW_TRUMP = """
dealer West
trump 6B
South: KB JB AB
East: 6C AC 3E 4B
North: 7O HB 3B
West: 4E 6B 2B
trick South: JE HE 5E 7E
trick East: 2E AE KE 6E
trick West: 6O AO KO HO
trick East: 4O JO 2O 3O
trick North: 5C JC KC 3C
trick South: 4C 7C HC 2C
trick North: 5O 5B 7B
"""


def cards(text: str) -> set[str]:
    return set(text.split())


# -- mililla.deck, mililla.teams, mililla.direction, mililla.dealer, mililla.deal -------


def test_deck_forty_spanish_cards_ten_to_each_seat():
    game = mililla.new_game(3)
    hands = [game.hand(seat) for seat in range(4)]
    assert [len(hand) for hand in hands] == [10, 10, 10, 10]
    assert {card for hand in hands for card in hand} == set(spanish_deck())


def test_teams_partners_sit_opposite():
    assert [mililla.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [mililla.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    # North's King wins the trick for South and North: the trick counts for team 0.
    game = after(D1, "South: 2C JC KC 6C")
    view = game.view(1)
    assert view.last_trick.winner == 2
    assert view.tricks == (1, 0)


def test_direction_counter_clockwise_to_the_right():
    game = after(D1)
    order = []
    for _ in range(4):
        order.append(game.to_move)
        game.play(game.legal_moves()[0])
    assert order == [0, 1, 2, 3]


def test_direction_clockwise_variant():
    game = after(D1, rules=mililla.Rules(clockwise=True))
    assert game.dealer == 3
    order = []
    for _ in range(4):
        order.append(game.to_move)
        game.play(game.legal_moves()[0])
    assert order == [2, 1, 0, 3]  # the dealer (West) plays last to the first trick


def test_dealer_first_dealer_is_random_and_from_the_seed():
    dealers = {mililla.new_game(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(mililla.new_game(seed).dealer == mililla.new_game(seed).dealer for seed in range(8))


@pytest.mark.parametrize(
    ("rules", "step"), [(mililla.Rules(), 1), (mililla.Rules(clockwise=True), 3)]
)
def test_dealer_passes_to_the_right_after_each_round(rules, step):
    game = mililla.new_game(5, rules)
    rng = random.Random(1)
    for _ in range(3):
        dealer = game.dealer
        while game.phase is mililla.Phase.PLAY:
            game.play(rng.choice(game.legal_moves()))
        if game.match_over:
            break
        game.next_deal()
        assert game.dealer == (dealer + step) % 4


def test_deal_shuffle_cut_and_deal_come_from_the_seed():
    seed = 12
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    deck = spanish_deck()
    rng.shuffle(deck)
    cut = rng.randint(1, 39)
    deck = deck[cut:] + deck[:cut]
    hands = {seat: [] for seat in range(4)}
    for i, card in enumerate(deck):  # one at a time, from the dealer's right, dealer last
        hands[(dealer + 1 + i) % 4].append(card)
    game = mililla.new_game(seed)
    assert game.dealer == dealer
    assert game.trump_card == deck[-1]
    for seat in range(4):
        assert set(game.hand(seat)) == set(hands[seat])


def test_deal_face_up_card_stays_in_the_dealers_hand_seen_by_all_until_played():
    game = after(D2, "South: KE 4E JE 3O", "West: 7O")  # West wins with a trump and leads the 7
    assert all(game.view(seat).face_up is None for seat in range(4))
    game = after(D2)
    assert game.trump_card == SpanishCard.parse("7O")
    assert game.trump is SpanishCard.parse("7O").suit
    for seat in range(4):
        view = game.view(seat)
        assert view.face_up == SpanishCard.parse("7O")
        assert view.trump is SpanishSuit.COINS
    assert SpanishCard.parse("7O") in game.view(3).hand


# -- mililla.lead -------------------------------------------------------------------------


def test_lead_the_dealers_right_leads_any_card():
    game = after(D1)
    assert game.to_move == 0
    assert legal(game) == {str(card) for card in game.hand(0)}
    assert game.explain("KE").rule == "mililla.lead"


def test_lead_a_seven_may_always_lead_and_the_trick_winner_leads_next():
    game = after(D1, "South: 3C 5C KC 6C")
    assert game.to_move == 2  # North won with the King of cups
    assert {"7O", "7E"} <= legal(game)  # no coin and no sword has been played
    why = game.explain("7E")
    assert why.legal and why.rule == "mililla.lead" and "even a 7" in why.text


# -- mililla.follow -----------------------------------------------------------------------


def test_follow_suit_when_you_can():
    game = after(D1, "South: 2C JC KC")
    assert legal(game) == cards("6C AC")
    why = game.explain("2B")
    assert not why.legal and why.rule == "mililla.follow"
    assert why.text == "You must follow suit: you hold the Ace and the 6 of cups"


def test_follow_partner_winning_any_card_of_the_suit():
    game = after(D1, "South: KE 4E")
    assert legal(game) == {"7E"}
    assert game.explain("7E").text == "Your partner is winning: any sword is fine"
    assert game.explain("7E").rule == "mililla.follow"
    # With the partner winning you need not beat, even holding higher cards.
    assert set(map(str, mililla.what_if("4C HC KC JO", "3C 2C", "O")[0])) == cards("4C HC KC")


def test_follow_cannot_beat_any_card_of_the_suit():
    game = after(D1, "South: 2C JC KC")
    why = game.explain("6C")
    assert why.legal and why.rule == "mililla.follow"
    assert "none of your cups beats it" in why.text


# -- mililla.beat -------------------------------------------------------------------------


def test_beat_an_opponents_card_with_a_higher_one_of_the_suit():
    game = after(D1, "South: 2C JC")
    assert legal(game) == cards("HC KC")
    why = game.explain("4C")
    assert (why.legal, why.rule) == (False, "mililla.beat")
    assert why.text == (
        "An opponent is winning with the Jack of cups; your Horse of cups beats it, "
        "so you must play it or your King"
    )
    assert game.explain("HC").legal


def test_beat_by_trumping_when_void_and_the_opponents_are_winning():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E")
    assert legal(game) == {"JO"}  # the 7 of coins waits: no coin has been played
    why = game.explain("KB")
    assert (why.legal, why.rule) == (False, "mililla.beat")
    assert why.text.startswith("You have no swords; the opponents are winning, so you must trump")


def test_beat_by_overtrumping():
    game = mililla.Game.from_position(OVERTRUMP)
    assert game.to_move == 2
    assert legal(game) == cards("KB HB JB 7B")
    why = game.explain("2B")
    assert (why.legal, why.rule) == (False, "mililla.beat")
    assert "winning with the 4 of clubs, so you must overtrump" in why.text


def test_beat_opponent_has_trumped_and_you_can_follow_suit_just_follow():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E JO")
    assert game.to_move == 3
    assert legal(game) == cards("3E AE")  # neither beats a trump; no trump may be played
    why = game.explain("AE")
    assert why.legal and "following suit never beats a trump" in why.text
    assert game.explain("2O").rule == "mililla.follow"


def test_beat_partner_winning_and_void_any_card():
    game = after(D1, "South: KE 4E 7E JE", "South: HE 5E")
    hand = {str(card) for card in game.hand(2)}
    assert legal(game) == hand - {"7O", "7C"}  # no need to trump; 7s of unplayed suits wait
    why = game.explain("KB")
    assert (why.legal, why.rule) == (True, "mililla.free")
    assert why.text.startswith("Your partner is winning and you have no swords")


# -- mililla.seven ------------------------------------------------------------------------


def test_seven_of_another_suit_is_refused_by_follow_first_then_the_seven_rule():
    game = after(D1, "South: 2C JC")  # cups led; North holds cups and an unopened 7 of coins
    why = game.explain("7O")
    # the first rule that forbids, in the rulebook's order: follow (then beat), then seven
    assert (why.legal, why.rule) == (False, "mililla.follow")
    assert why.text.startswith("You must follow suit: you hold the 4, the 7, the Horse")
    assert why.text.endswith(
        "Besides, the 7 of coins must wait: a 7 waits until a card of its suit has been "
        "played, and no coin has been played this round"
    )
    assert "7O" not in {str(card) for card in game.legal_moves()}  # one decision for both


def test_seven_following_suit_with_a_seven_is_allowed():
    game = after(D1, "South: KE 4E")
    assert game.explain("7E").legal


def test_seven_face_up_seven_of_trumps_in_the_dealers_hand_does_not_count():
    game = after(D2, "South: KE 4E JE")
    assert game.to_move == 3  # West, the dealer, has no swords and must trump
    assert legal(game) == cards("3O 4O")
    why = game.explain("7O")
    assert (why.legal, why.rule) == (False, "mililla.seven")
    assert "no coin has been played this round; the face-up card does not count" in why.text


def test_seven_only_otherwise_legal_card_is_a_blocked_seven():
    game = after(D3, "South: KE 4E JE")
    # Without the 7 rule West would have to trump with the face-up 7; it waits, so any
    # other card is fine.
    hand = {str(card) for card in game.hand(3)}
    assert legal(game) == hand - {"7O", "7B"}
    why = game.explain("6C")
    assert (why.legal, why.rule) == (True, "mililla.free")
    assert why.text.startswith("Your 7 of coins must wait")


def test_seven_every_card_held_is_a_blocked_seven():
    # Cannot arise in a real deal (the ten cards of each such suit would all still be in
    # the hands); the rule is still checked on a what-if hand.
    playable, why = mililla.what_if("7E 7B", "4C", "O")
    assert {str(card) for card in playable} == cards("7E 7B")
    assert why is mililla.Why.ONLY_SEVENS


def test_seven_rule_earlier_tricks_blocks_following_in_the_first_trick_of_its_suit():
    assert legal(after(D1, "South: 3C 5C")) == cards("7C HC KC")
    game = after(D1, "South: 3C 5C", rules=EARLIER)
    assert legal(game) == cards("HC KC")
    assert game.explain("7C").text == (
        "The 7 of cups cannot be played yet: a 7 waits until a card of its suit has been "
        "played in an earlier trick, and no cup was played in an earlier trick"
    )
    later = mililla.what_if("7C 2B", "JC", "O", earlier="3C 5C KC 6C", rules=EARLIER)
    assert [str(card) for card in later[0]] == ["7C"]  # cups were opened by an earlier trick


def test_seven_rule_earlier_tricks_the_blocked_seven_is_set_aside_before_follow():
    playable, why = mililla.what_if("7C 2B", "JC", "O", rules=EARLIER)
    assert [str(card) for card in playable] == ["2B"]
    assert why is mililla.Why.FREE_CANNOT_BEAT
    assert [str(c) for c in mililla.what_if("7C 2B", "JC", "O")[0]] == ["7C"]


def test_seven_rule_off_no_seven_waits():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E", rules=OFF)
    assert legal(game) == cards("JO 7O")
    assert game.explain("7C").rule == "mililla.beat"


# -- mililla.free, mililla.trick, mililla.rank, mililla.points ---------------------------


def test_free_void_and_no_trump_any_card():
    game = mililla.Game.from_position(NO_TRUMP)
    assert game.to_move == 0  # West led clubs; South has neither clubs nor coins
    assert legal(game) == cards("7C 5C HE 2E")
    why = game.explain("HE")
    assert (why.legal, why.rule) == (True, "mililla.free")
    assert why.text == "You have no clubs and no coins to trump with: any card is fine"


def test_free_void_and_no_trump_high_enough():
    game = mililla.Game.from_position(LOW_TRUMP)
    assert game.to_move == 1  # coins led; North has trumped with the 7 of clubs
    assert legal(game) == cards("6C AC 3E 4B")  # the 4 of clubs cannot beat the 7
    why = game.explain("4B")
    assert (why.legal, why.rule) == (True, "mililla.free")
    assert "no club that beats the 7 of clubs" in why.text


def test_trick_highest_trump_wins_else_highest_of_the_suit_led():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E JO 3E")
    assert game.to_move == 2  # North's trump won
    game = after(D1, "South: KE 4E 7E JE", "South: HE 5E KB AE")
    assert game.to_move == 0  # North's King of clubs is neither trump nor the suit led
    assert game.view(0).last_trick.winner == 0


def test_rank_king_high_ace_low():
    beaters, _why = mililla.what_if("AC 6C KO", "2C", "O")
    assert [str(card) for card in beaters] == ["6C"]  # the Ace does not even beat the 2
    game = after(D1, "South: 2C JC KC 6C")
    assert game.to_move == 2


def test_rank_traditional_seven_then_ace_on_top():
    game = after(D1, "South: 2C JC", rules=TRADITIONAL)
    assert legal(game) == cards("7C HC KC")
    game = after(D1, "South: 2C JC KC", rules=TRADITIONAL)
    assert legal(game) == {"AC"}  # the Ace beats the King
    why = game.explain("6C")
    assert "your Ace of cups beats it, so you must play it" in why.text
    game = after(D1, "South: 2C JC 7C AC", rules=TRADITIONAL)
    assert game.to_move == 2  # the 7 is the top card


def test_points_card_points_and_one_per_trick():
    game = after(D1, "South: 2C JC KC 6C")
    assert game.view(0).points == (1 + 3 + 1, 0)  # Jack 1, King 3, one for the trick
    game = after(D1, "South: KE 4E 7E JE")
    assert game.view(0).points == (3 + 5 + 1 + 1, 0)


# -- illegal moves change nothing ---------------------------------------------------------


def test_illegal_move_raises_with_the_rule_and_leaves_the_game_unchanged():
    game = after(D1, "South: 2C JC")
    before = (game.position(), game.to_json(), game.view(2))
    with pytest.raises(IllegalMoveError) as raised:
        game.play("4C")
    assert raised.value.rule == "mililla.beat"
    with pytest.raises(IllegalMoveError):
        game.play("KO")  # not in North's hand
    with pytest.raises(ValueError):
        game.play("ZZ")
    assert (game.position(), game.to_json(), game.view(2)) == before
