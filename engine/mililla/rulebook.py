"""The complete rules of Mililla, one entry per rule id, in our own words.

Every explanation, refusal and score line of the Mililla engine names one of these ids;
the generic ``cardschool.engine.rulebook`` reads them through the registry, and the game's
Rules page shows them section by section. Each variant of ``rules.py`` is told in the text
of the rule it changes.
"""

from __future__ import annotations

from ..spec import Entry

__all__ = ["RULEBOOK"]

_CARDS = "The cards"
_SETUP = "Seats and dealing"
_TRICK = "Playing a trick"
_SCORE = "Scoring"

RULEBOOK: tuple[Entry, ...] = (
    Entry(
        "mililla.deck",
        "The 40-card Spanish deck",
        "Mililla uses the Spanish pack of 40 cards. It has four suits: coins (oros), cups "
        "(copas), swords (espadas) and clubs (bastos). Each suit holds a King (Rey), a Horse "
        "(Caballo), a Jack (Sota), the 7, 6, 5, 4, 3 and 2, and an Ace.",
        _CARDS,
    ),
    Entry(
        "mililla.rank",
        "King, Horse, Jack, 7 ... 2, Ace",
        "Inside a suit the cards rank, from the highest down: King, Horse, Jack, 7, 6, 5, 4, "
        "3, 2, and the Ace last of all. Variant (traditional_rank): the order of the related "
        "game Malilla, where the 7 is the best card: 7, Ace, King, Horse, Jack, 6, 5, 4, 3, "
        "2.",
        _CARDS,
    ),
    Entry(
        "mililla.points",
        "Card points, plus one per trick: 70 a round",
        "Some cards carry points: a 7 is worth 5, an Ace 4, a King 3, a Horse 2 and a Jack "
        "1; the other cards are worth nothing. Every trick taken also earns 1 point. The "
        "cards hold 60 points and the ten tricks 10 more, so each round shares out 70.",
        _CARDS,
    ),
    Entry(
        "mililla.teams",
        "Partners sit opposite",
        "Four players form two teams of two, and partners face each other across the table: "
        "South and North play together against East and West.",
        _SETUP,
    ),
    Entry(
        "mililla.direction",
        "Play goes counter-clockwise, to the right",
        "Everything moves counter-clockwise, from each player to the one on their right: the "
        "cards as they are dealt, the turn to play and the turn to deal. Variant "
        "(clockwise): everything moves clockwise instead.",
        _SETUP,
    ),
    Entry(
        "mililla.dealer",
        "The deal passes to the right",
        "The dealer of the first round is picked by chance. When a round is over, the player "
        "to the dealer's right deals the next one.",
        _SETUP,
    ),
    Entry(
        "mililla.deal",
        "Ten cards each; the dealer's last card sets trumps",
        "The dealer shuffles, the player to the dealer's left cuts, and the dealer gives each "
        "player ten cards. The fortieth card, the dealer's own last one, is turned face up: "
        "its suit is the trump suit for the whole round. It remains in the dealer's hand, "
        "visible to all, until the dealer plays it.",
        _SETUP,
    ),
    Entry(
        "mililla.bonus",
        "The dealer's bonus for a face-up card with points",
        "When the face-up trump card is worth points, the dealer's team adds those points "
        "to its game score straight away. If that would take the team to 35 or beyond, the "
        "bonus waits instead, and it counts only if the round finishes at 35 points each. "
        "Variant (bonus_after_round): the bonus is always added once the round is over.",
        _SETUP,
    ),
    Entry(
        "mililla.lead",
        "Who leads a trick",
        "The player to the dealer's right plays first in the first trick, and may lead any "
        "card. After that, whoever won a trick leads the next one.",
        _TRICK,
    ),
    Entry(
        "mililla.follow",
        "Follow suit if you can",
        "When you hold a card of the suit that was led, you must play a card of that suit.",
        _TRICK,
    ),
    Entry(
        "mililla.beat",
        "Beat an opponent's winning card if you can",
        "When the card winning the trick so far belongs to an opponent, you must play a card "
        "that beats it if you have one. If you are following suit, that means a higher card "
        "of the suit led; if you have no card of the suit led, it means a trump, higher than "
        "every trump already in the trick. When your partner's card is winning, following "
        "suit is all you owe, and with no card of that suit you may play anything. A card of "
        "the suit led can never beat a trump: once an opponent has trumped a trick led in "
        "another suit, a player who has the suit led simply follows it.",
        _TRICK,
    ),
    Entry(
        "mililla.seven",
        "A 7 waits until its suit has been played",
        "You may not play a 7 unless you are leading the trick or some card of its suit has "
        "already been played this round, in an earlier trick or earlier in this one (so a 7 "
        "may always follow suit). If the only cards you could otherwise play are 7s held "
        "back this way, you may play one. The 7s held back are put aside first, and the "
        "rules to follow suit and to beat apply to the cards that remain. Variants: "
        'seven_rule="earlier-tricks" counts only cards played in earlier tricks; '
        'seven_rule="off" drops this rule.',
        _TRICK,
    ),
    Entry(
        "mililla.free",
        "Otherwise, play any card",
        "When you can neither follow suit nor beat, any card of your hand may be played.",
        _TRICK,
    ),
    Entry(
        "mililla.trick",
        "The highest trump, or the highest card of the suit led, wins",
        "The trick goes to the highest trump played in it. When it holds no trump, the "
        "highest card of the suit that was led takes it.",
        _TRICK,
    ),
    Entry(
        "mililla.round.score",
        "36 or more scores the excess over 35",
        "Once the ten tricks are played, each team adds up the points of the cards it took "
        "and one point for each of its tricks. A team that reaches 36 or more adds to its "
        "game score what it made above 35; the other team adds nothing. When both teams "
        "have 35, neither scores.",
        _SCORE,
    ),
    Entry(
        "mililla.game.end",
        "The first team to 35 wins",
        "The first team whose game score gets to 35 wins the game. The game can only end "
        "between two rounds (see the dealer's bonus). Variant (target): another score than "
        "35 wins.",
        _SCORE,
    ),
)
"""Every rule of Mililla, in the order of the Rules page."""
