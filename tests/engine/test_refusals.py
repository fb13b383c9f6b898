"""Every refusal sentence of both engines states its rule's condition (the rulebook), not only
the card at fault: one test per sentence template, from a position that makes it."""

from __future__ import annotations

import pytest

from cardschool.engine import mililla, mille

DRAW = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD 2C
North hand: +15
pile: 4D 3C 9S
"""
TWO_ON_TOP = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD 2C
North hand: +15
pile: 4D 3C 2S
"""
FIRST_TURN = """
dealer: North
to move: South
phase: draw
first turn: yes
South hand: 9H 9C 5D QS JD 2C 3H 4H 6H 7H 8H 10H JH KH AD
North hand: +15
pile: {top}
"""
MELDING = """
to move: South
phase: meld
South hand: 9H 9C 9D 5D QS 2C 2D KD
South melds: KH KS KC | 2H 2S 2D
North melds: 5H 5S 5C
North hand: +12
pile: 4D 3C
"""

# (position, rules, move, rule id, the sentence, in full)
MILLE = [
    (
        DRAW,
        {},
        "pile 9H 9D",
        "mille.draw.pile",
        "You don't hold the 9♦: taking the pile needs two natural nines (not 2s) from your hand",
    ),
    (
        DRAW,
        {"pile_pair_may_use_wild": True},
        "pile 9H 9D",
        "mille.draw.pile",
        "You don't hold the 9♦: taking the pile needs two natural nines from your hand, or one "
        "and a 2",
    ),
    (
        DRAW,
        {},
        "pile 9H 5D",
        "mille.draw.pile",
        "Your 9♥ 5♦ don't match the 9♠ on top: taking the pile needs two natural nines",
    ),
    (
        DRAW,
        {},
        "pile 9H 2C",
        "mille.draw.pile",
        "Your 9♥ 2♣ don't match the 9♠ on top: a 2 is wild, and taking the pile needs two "
        "natural nines",
    ),
    (  # a click on the pile with no card of its top's rank (the table plays "pile 4H 4H")
        DRAW.replace("9S", "4S"),
        {},
        "pile 4H 4H",
        "mille.draw.pile",
        "You hold no fours: taking the pile needs two natural fours (not 2s) from your hand",
    ),
    (  # one card of its top's rank (the table plays "pile QS QH": the top card twice)
        DRAW.replace("9S", "QH"),
        {},
        "pile QS QH",
        "mille.draw.pile",
        "You hold only one Queen: taking the pile needs two natural Queens (not 2s) from your hand",
    ),
    (
        TWO_ON_TOP.replace("2C", "3C", 1).replace("3C 2S", "3S 2S"),
        {},
        "pile 2S 2S",
        "mille.draw.pile.two",
        "You hold no 2s: a 2 on top of the pile can be taken only with two other 2s from your hand",
    ),
    (
        TWO_ON_TOP,
        {},
        "pile 2C 2H",
        "mille.draw.pile.two",
        "You hold only one 2: a 2 on top of the pile can be taken only with two other 2s from your "
        "hand",
    ),
    (
        TWO_ON_TOP,
        {},
        "pile 9H 9C",
        "mille.draw.pile.two",
        "A 2 on top of the pile (2♠) can be taken only with two other 2s, and 9♥ 9♣ are not "
        "both 2s",
    ),
    (
        DRAW,
        {},
        "discard 5D",
        "mille.turn",
        "Draw first: a turn is one draw, then melds, then one discard",
    ),
    (
        DRAW,
        {},
        "meld 9H 9C 2C",
        "mille.turn",
        "Draw first: take the top card of the stock or the whole pile; melds come after",
    ),
    (
        DRAW,
        {},
        "take 9S",
        "mille.draw.first-two",
        "Only on the first turn of a hand may a turned-up 2 be taken into hand",
    ),
    (
        FIRST_TURN.format(top="9S"),
        {},
        "take 9S",
        "mille.draw.first-two",
        "Only a turned-up 2 may be taken into hand: the turned-up card is the 9♠",
    ),
    (
        FIRST_TURN.format(top="2S"),
        {},
        "take 2H",
        "mille.draw.first-two",
        "Only the turned-up card may be taken into hand: it is the 2♠, not the 2♥",
    ),
    (
        FIRST_TURN.format(top="2S"),
        {},
        "take 2S",
        "mille.draw.first-two",
        "You hold a 2 (2♣), so you may not take the turned-up 2♠ into hand",
    ),
    (
        MELDING,
        {},
        "stock",
        "mille.turn",
        "A turn has one draw, and you have drawn already: now meld or discard",
    ),
    (
        MELDING,
        {},
        "discard JD",
        "mille.discard",
        "You don't hold the J♦: you discard from your own hand",
    ),
    (
        MELDING,
        {},
        "meld 9H 9C 9S",
        "mille.meld.own",
        "You don't hold the 9♠: melds are laid from your own hand",
    ),
    (
        MELDING,
        {},
        "meld 9H 9C 5D",
        "mille.meld.set",
        "A meld is all of one rank (2s aside): the 9♥ and the 5♦ differ",
    ),
    (
        MELDING,
        {},
        "meld 9H 9C",
        "mille.meld.set",
        "A meld needs at least three cards of one rank; 9♥ 9♣ are two",
    ),
    (MELDING, {}, "add 2 9H", "mille.meld.twos", "Only 2s can join a meld of 2s; 9♥ cannot"),
    (
        MELDING,
        {},
        "add K 9H",
        "mille.meld.set",
        "A meld of Kings takes only Kings and 2s; 9♥ cannot join it",
    ),
    (
        MELDING,
        {},
        "add K#2 KD",
        "mille.meld.one-per-rank",
        "A player has one meld of each rank: there is no meld of Kings number 2",
    ),
    (
        MELDING,
        {},
        "add 5 5D",
        "mille.meld.own",
        "You may add cards only to your own melds, not your opponent's, and you have no meld "
        "of fives",
    ),
    (
        MELDING,
        {},
        "add 9 9H",
        "mille.meld.own",
        "You may add cards only to your own melds and you have no meld of nines",
    ),
    (
        MELDING,
        {"min_naturals": 2},
        "meld 9H 2C 2D",
        "mille.meld.set",
        "A meld of nines must hold at least two natural nines (min_naturals=2); this one would "
        "hold one",
    ),
    (
        MELDING,
        {"wilds_at_most_naturals": True},
        "meld 9H 2C 2D",
        "mille.meld.set",
        "A meld may hold no more 2s than natural cards (wilds_at_most_naturals); this one would "
        "hold two 2s and one nine",
    ),
]


@pytest.mark.parametrize(("position", "rules", "move", "rule", "text"), MILLE)
def test_each_mille_refusal_states_its_rules_condition(position, rules, move, rule, text):
    game = mille.Game.from_position(position, mille.Rules(**rules))
    why = game.explain(move)
    assert (why.legal, why.rule, why.text) == (False, rule, text)


def test_mille_refusals_after_the_hand_and_the_match():
    game = mille.new_game(3)
    while not game.deal_over:
        game.play(game.legal_moves()[-1])
    why = game.explain("stock")
    assert not why.legal and why.rule in ("mille.go-out", "mille.draw.stock-empty")
    assert why.text == "This hand is over; the next hand starts once the scores are in"


D1 = """
dealer West
trump 2O
South: 2C 3C 5O 6O AO KE HE 2E 3B 4B
East: JC 5C KO HO 4E 5E 6E 5B 6B 7B
North: 4C HC KC 7C JO 7O 7E JB KB HB
West: 6C AC 2O 3O 4O JE 3E AE 2B AB
"""


def mililla_at(*plays: str) -> mililla.Game:
    """The round of D1 after these cards (South leads the first trick)."""
    game = mililla.Game.from_position(D1, mililla.Rules())
    for card in plays:
        game.play(card)
    return game


# (cards played first, the card refused, rule id, the sentence's condition clause)
MILILLA = [
    (
        (),
        "JC",
        "mililla.deal",
        "You do not hold the Jack of cups: you play only cards from your own hand",
    ),
    (
        ("2C",),
        "2C",
        "mililla.deal",
        "The 2 of cups has already been played: you play only cards from your own hand",
    ),
    (("HE",), "KO", "mililla.follow", "You must follow suit: you hold the 4, the 5 and the 6"),
    (("2C", "JC"), "4C", "mililla.beat", "so you must play it"),
    (
        ("2E", "5E", "7E", "JE", "AE", "KE", "4E"),
        "7O",
        "mililla.seven",
        "cannot be played yet: a 7 waits until a card of its suit has been played",
    ),
    (  # a 7 that following suit forbids anyway: the follow rule first (issue 25, item 15)
        ("HE",),
        "7B",
        "mililla.follow",
        "you hold the 4, the 5 and the 6 of swords. Besides, the 7 of clubs must wait",
    ),
    (
        ("2C", "5C", "7C", "6C", "HC", "AC", "3C", "JC", "KC"),
        "JE",
        "mililla.beat",
        "the opponents are winning, so you must trump",
    ),
    (
        ("2C", "5C", "7C", "6C", "HC", "AC", "3C", "JC", "KC", "4O"),
        "AO",
        "mililla.beat",
        "winning with the 4 of coins, so you must overtrump",
    ),
]


@pytest.mark.parametrize(("plays", "card", "rule", "clause"), MILILLA)
def test_each_mililla_refusal_states_its_rules_condition(plays, card, rule, clause):
    why = mililla_at(*plays).explain(card)
    assert (why.legal, why.rule) == (False, rule)
    assert clause in why.text, why.text
