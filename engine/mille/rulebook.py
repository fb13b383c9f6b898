"""The complete rules of Mille, one entry per rule id, in our own words.

Every explanation, refusal and score line of the Mille engine names one of these ids; the
generic ``cardschool.engine.rulebook`` reads them through the registry, and the game's
Rules page shows them section by section. Each variant of ``rules.py`` is told in the text
of the rule it changes.
"""

from __future__ import annotations

from ..spec import Entry

__all__ = ["RULEBOOK"]

_CARDS = "The cards"
_VALUES = "What the cards are worth"
_SETUP = "Dealing"
_TURN = "A turn: draw, meld, discard"
_MELDS = "Melds"
_END = "Ending a turn and a hand"
_SCORE = "Scoring a hand"
_GAME = "The whole match"

RULEBOOK: tuple[Entry, ...] = (
    Entry(
        "mille.deck",
        "Two 52-card decks: every card exists twice",
        "Mille is played by two players with two ordinary 52-card decks mixed into one pack "
        "of 104 cards, so that each card, such as the Queen of spades, is in the pack twice. "
        "From high to low the ranks are A, K, Q, J, 10, 9, 8, 7, 6, 5, 4 and 3; the 2s stand "
        "apart (see the wild cards).",
        _CARDS,
    ),
    Entry(
        "mille.wild",
        "Every 2 is wild",
        "Each 2 is a wild card. Laid in a meld, it may take the place of a card of any rank. "
        "A 2 counts as used as a wild when the meld it sits in is of some other rank than 2.",
        _CARDS,
    ),
    Entry(
        "mille.values",
        "What each card is worth",
        "Every card has a value in points. The 3s to the 9s are worth 5 each. The 10s and the "
        "Kings are worth 10, and so are the Jacks of clubs, hearts and spades and the Queens "
        "of hearts, clubs and diamonds. An Ace is worth 15 and a 2 is worth 20. Two cards are "
        "special: the Jack of diamonds is worth 50 and the Queen of spades 100.",
        _VALUES,
    ),
    Entry(
        "mille.cut",
        "The higher cut deals first",
        "Before the first hand each player cuts the pack and shows a card. The player with "
        "the higher card is the first dealer (the Ace is highest and the 2 lowest); when both "
        "cards have the same rank, both cut again. Variant (low_cut_deals): the lower card "
        "deals instead.",
        _SETUP,
    ),
    Entry(
        "mille.deal",
        "Fifteen cards each; the top of the stock starts the pile; the dealer's opponent "
        "plays first",
        "The dealer shuffles and the other player cuts. The dealer then gives fifteen cards "
        "to each player, one at a time, starting with the opponent. The cards left over "
        "form the stock, face down; its top card is turned face up beside it and begins the "
        "discard pile. The player who did not deal has the first turn.",
        _SETUP,
    ),
    Entry(
        "mille.next-dealer",
        "The deal alternates",
        "After each hand the other player deals the next one, so the two players take turns "
        "at dealing.",
        _SETUP,
    ),
    Entry(
        "mille.turn",
        "A turn: draw, meld, discard",
        "A turn always goes in the same order: first exactly one draw, then as many melds "
        "and additions to melds as the player wishes (none is fine), then exactly one "
        "discard.",
        _TURN,
    ),
    Entry(
        "mille.draw.stock",
        "Draw the top card of the stock",
        "One way to draw is to take the top card of the stock into your hand.",
        _TURN,
    ),
    Entry(
        "mille.draw.pile",
        "Take the whole discard pile with a matching pair",
        "The other way to draw is to pick up the entire discard pile. You may do so only when "
        "your hand holds two natural cards (cards that are not 2s) of the same rank as the "
        "card on top of the pile. Variant (pile_pair_may_use_wild): a single natural card of "
        "that rank together with a 2 is enough.",
        _TURN,
    ),
    Entry(
        "mille.draw.pile.meld",
        "Taking the pile melds its top card at once",
        "When you take the pile, its top card goes straight onto the table together with the "
        "two matching cards from your hand, as a meld; every other card of the pile goes into "
        "your hand. Later in the same turn you may add further cards of that rank, or 2s, to "
        "that meld. If you already have a meld of that rank, the three cards are added to it.",
        _TURN,
    ),
    Entry(
        "mille.draw.pile.two",
        "A 2 on the pile needs two other 2s",
        "When the card on top of the pile is a 2, only a player holding two more 2s may take "
        "the pile, and the three 2s are laid down together as a meld.",
        _TURN,
    ),
    Entry(
        "mille.draw.first-two",
        "The first player may take a turned-up 2 into hand",
        "There is one exception, for the very first turn of a hand: when the card turned up "
        "to start the pile is a 2 and the player to move holds no 2, that player may, as the "
        "draw, take that 2 into hand without melding anything. Doing so is a choice, never "
        "an obligation. Variant (first_two_any): the 2 may be taken this way whatever 2s the "
        "player holds.",
        _TURN,
    ),
    Entry(
        "mille.draw.stock-empty",
        "An empty stock ends the hand",
        "When a player has to draw, the stock is empty, and that player cannot take the pile "
        "or chooses not to, the hand stops at once. Nobody has gone out; both players are "
        "scored in the usual way, with no bonus for going out. Variant "
        "(reshuffle_when_stock_empty): instead, every card of the pile but its top one is "
        "shuffled to make a new stock, and the hand goes on.",
        _TURN,
    ),
    Entry(
        "mille.meld.set",
        "A meld is three or more cards of one rank",
        "A meld is a group of at least three cards of one rank laid face up in front of its "
        "owner. 2s may fill in for any of the cards, but a meld of any rank other than 2 must "
        "contain at least one natural card of its rank. Variants: min_naturals=2 asks for at "
        "least two natural cards in such a meld; wilds_at_most_naturals allows no more 2s in "
        "a meld than it has natural cards.",
        _MELDS,
    ),
    Entry(
        "mille.meld.twos",
        "A meld of 2s alone is natural",
        "Three or more 2s on their own make a meld whose rank is 2. Such a meld counts as "
        "natural, since none of its 2s stands in for another rank, and nothing but 2s may "
        "ever be added to it.",
        _MELDS,
    ),
    Entry(
        "mille.meld.own",
        "Add only to your own melds",
        "Once you have drawn, you may put down new melds, and you may add to melds that are "
        "already yours, either natural cards of the meld's rank or 2s. The opponent's melds "
        "are closed to you, and cards never move from one meld to another.",
        _MELDS,
    ),
    Entry(
        "mille.meld.one-per-rank",
        "One meld per rank",
        "Each player may have only one meld of a given rank. Melding more cards of a rank you "
        "have already melded makes that meld bigger rather than starting a second one. "
        "Variant (many_melds_per_rank): a player may keep several melds of one rank.",
        _MELDS,
    ),
    Entry(
        "mille.discard",
        "End the turn with one discard",
        "Your turn finishes when you lay one card of your choice face up on top of the "
        "discard pile.",
        _END,
    ),
    Entry(
        "mille.announce",
        "Two cards or fewer are announced",
        "As soon as a player is left with two cards or fewer in hand, both players are told. "
        "The engine makes this announcement itself, and forgetting it costs nothing.",
        _END,
    ),
    Entry(
        "mille.go-out",
        "No cards left ends the hand",
        "A player who has no cards left in hand has gone out, and the hand ends there. This "
        "can happen by melding the last cards, with no discard needed, or by discarding the "
        "last card.",
        _END,
    ),
    Entry(
        "mille.score.hand",
        "Melds count for you, cards in hand against you",
        "When a hand ends, each player adds up the values of all the cards in their own "
        "melds and takes away the values of all the cards still in their hand, even cards "
        "that could have been melded.",
        _SCORE,
    ),
    Entry(
        "mille.score.natural-meld",
        "A meld of all eight naturals scores double",
        "A meld holding all eight natural cards of its rank, with no 2 standing in for "
        "another card, scores twice its value; so does a meld of all eight 2s. On the table a "
        "meld of seven cards is drawn squeezed together as a warning, and a complete natural "
        "meld is turned face down.",
        _SCORE,
    ),
    Entry(
        "mille.score.naturals",
        "Going out with no wild used doubles your melds",
        "When the player who goes out has not used a single 2 as a wild during the hand, "
        "each card in that player's melds is worth double. Melds made only of 2s count as "
        "natural here.",
        _SCORE,
    ),
    Entry(
        "mille.score.stack",
        "The two doublings multiply",
        "Both doublings can apply to the same cards, and then they multiply: a complete "
        "natural meld belonging to a player who went out without wilds counts four times. "
        "Variant (doubling_caps_at_two): the doublings do not add up, so double is the most "
        "a card can score.",
        _SCORE,
    ),
    Entry(
        "mille.game.end",
        "The first to 1,200 ends the match",
        "Each hand's scores are added to the players' running totals. Once a total has "
        "reached 1,200 or more at the end of a hand, the player with the larger total wins "
        "the match; when the totals are equal, one more hand is played. Variant (target): "
        "another total than 1,200 ends the match.",
        _GAME,
    ),
    Entry(
        "mille.game.skunk",
        "A skunk: the loser is under 600",
        "A winner whose opponent finishes with a total below 600 has won by a skunk. Variant "
        "(skunk_below): another limit than 600.",
        _GAME,
    ),
)
"""Every rule of Mille, in the order of the Rules page."""
