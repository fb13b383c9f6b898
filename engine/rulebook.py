"""Every rule id of the rulebook, with a short title in our own words.

The ids are those of the project's rulebook (RULES.md). Every explanation, error and
narration the engines give names one of these ids, and the tutorial teaches each one;
``title(rule)`` gives the words a hint panel shows next to an id.
"""

from __future__ import annotations

__all__ = ["RULES", "title"]

RULES: dict[str, str] = {
    # Mille
    "mille.deck": "Two 52-card decks: every card exists twice",
    "mille.wild": "Every 2 is wild",
    "mille.values": "What each card is worth",
    "mille.cut": "The higher cut deals first",
    "mille.deal": "Fifteen cards each; the top of the stock starts the discard pile",
    "mille.next-dealer": "The deal alternates",
    "mille.turn": "A turn: draw, meld, discard",
    "mille.draw.stock": "Draw the top card of the stock",
    "mille.draw.pile": "Take the whole discard pile with a matching pair",
    "mille.draw.pile.meld": "Taking the pile melds its top card at once",
    "mille.draw.pile.two": "A 2 on the pile needs two other 2s",
    "mille.draw.first-two": "The first player may take a turned-up 2 into hand",
    "mille.draw.stock-empty": "An empty stock ends the hand",
    "mille.meld.set": "A meld is three or more cards of one rank",
    "mille.meld.twos": "A meld of 2s alone is natural",
    "mille.meld.own": "Add only to your own melds",
    "mille.meld.one-per-rank": "One meld per rank",
    "mille.discard": "End the turn with one discard",
    "mille.announce": "Two cards or fewer are announced",
    "mille.go-out": "No cards left ends the hand",
    "mille.score.hand": "Melds count for you, cards in hand against you",
    "mille.score.natural-meld": "A meld of all eight naturals scores double",
    "mille.score.naturals": "Going out with no wild used doubles your melds",
    "mille.score.stack": "The two doublings multiply",
    "mille.game.end": "The first to 1,200 ends the game",
    "mille.game.skunk": "A skunk: the loser is under 600",
    # Mililla
    "mililla.deck": "The 40-card Spanish deck",
    "mililla.rank": "King, Horse, Jack, 7 ... 2, Ace",
    "mililla.points": "Card points, plus one per trick: 70 a round",
    "mililla.teams": "Partners sit opposite",
    "mililla.direction": "Play goes counter-clockwise, to the right",
    "mililla.dealer": "The deal passes to the right",
    "mililla.deal": "Ten cards each; the dealer's last card sets trumps",
    "mililla.bonus": "The dealer's bonus for a face-up card with points",
    "mililla.lead": "Who leads a trick",
    "mililla.follow": "Follow suit if you can",
    "mililla.beat": "Beat an opponent's winning card if you can",
    "mililla.seven": "A 7 waits until its suit has been played",
    "mililla.free": "Otherwise, play any card",
    "mililla.trick": "The highest trump, or the highest card of the suit led, wins",
    "mililla.round.score": "36 or more scores the excess over 35",
    "mililla.game.end": "The first team to 35 wins",
}


def title(rule: str) -> str:
    """The short title of a rule id; raise KeyError for an id the rulebook does not have."""
    return RULES[rule]
