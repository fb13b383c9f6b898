"""The English words of the Mille bots' reasons, added to the ``mille`` catalog.

A basic reason is ``"{said} ({rule})."``: the advice and its facts, then the rule that
allows the move; the expert's reasons say what its simulated endings found.
"""

from __future__ import annotations

from ...messages import Catalog, Plural, register
from .. import messages as _narration  # noqa: F401  (the mille catalog's words and seats first)

__all__ = ["NOISE", "REASONS"]

NOISE = "the simulations cannot tell them apart"
"""Said whenever a figure shown beside the advice is as good as the advised move's."""

_MOVES: dict[str, str | Plural] = {
    "mille:coach.do.stock": "Draw from the stock",
    "mille:coach.do.pile": "Take the pile with {shown}",
    "mille:coach.do.take": "Take the turned-up {shown} into hand",
    "mille:coach.do.meld": "Meld {shown}",
    "mille:coach.do.add": "Add {shown} to your meld of {rank:plural}",
    "mille:coach.do.discard": "Discard the {shown}",
    "mille:coach.doing.stock": "drawing from the stock",
    "mille:coach.doing.pile": "taking the pile with {shown}",
    "mille:coach.doing.take": "taking the turned-up {shown} into hand",
    "mille:coach.doing.meld": "melding {shown}",
    "mille:coach.doing.add": "adding {shown} to your meld of {rank:plural}",
    "mille:coach.doing.discard": "discarding the {shown}",
}

_BASIC: dict[str, str | Plural] = {
    "mille:coach.said": "{said} ({rule}).",
    "mille:coach.said.only": "{said} ({rule}); it is the only legal move.",
    "mille:coach.take-two": (
        "Take the turned-up {card} into hand: on the first turn a player holding no 2 may, "
        "and a 2 is a wild card worth 20 points"
    ),
    "mille:coach.stock": "Draw from the stock: {why}",
    "mille:coach.pile-empty": "the discard pile is empty",
    "mille:coach.needs-twos": "taking the pile with the {top} on top needs two other 2s",
    "mille:coach.needs-none": (
        "taking the pile with the {top} on top needs two natural {rank:plural}, and you hold none"
    ),
    "mille:coach.needs-one": (
        "taking the pile with the {top} on top needs two natural {rank:plural}, and you hold "
        "only one"
    ),
    "mille:coach.wild-out": (
        "{move}, using the 2 as a wild: it is how your whole hand goes down this turn{tail}"
    ),
    "mille:coach.out-meld": ", the last meld taking you out",
    "mille:coach.out-discard": ", then you discard the {card} and go out",
    "mille:coach.discard-out": "Discard the {card}, your last card, and go out",
    "mille:coach.wild-pair": "{move}, the 2 standing in as a wild: {cause}",
    "mille:coach.caught-soon": "{pressure}, so cards left in hand may soon be caught",
    "mille:coach.pair-worth": (
        "the pair is worth {worth} points, too much to risk being caught with"
    ),
    "mille:coach.twos": (
        "Lay down your 2s, {faces}: {pressure}, and a 2 caught in hand costs 20 points"
    ),
    "mille:coach.opponent-down": Plural(
        "n", "your opponent is down to one card", "your opponent is down to {count} cards"
    ),
    "mille:coach.stock-low": "only {stock} cards are left in the stock",
    "mille:coach.young": "the hand is still young",
    "mille:coach.meld": (
        "{head}: {what} worth {points} points score on the table instead of counting "
        "against you in hand"
    ),
    "mille:coach.meld.out": (
        "{head}: {what} worth {points} points score on the table instead of counting "
        "against you in hand; this empties your hand this turn{tail}"
    ),
    "mille:coach.meld-head": "Meld {faces}",
    "mille:coach.add-head": "Add {faces} to your meld of {rank:plural}",
    "mille:coach.naturals": "{count} {rank:plural}",
    "mille:coach.natural": "one {rank:one}",
    "mille:coach.end-hand": (
        "Leave the pile and end the hand: the stock is empty, and you are ahead by about "
        "{margin} points, while the pile's {junk} cards that fit nothing would cost {points}"
    ),
    "mille:coach.leave-pile": (
        "Draw from the stock rather than take the pile of {cards}: {junk} of them fit "
        "nothing and would cost {points} points in hand, and {pressure}"
    ),
    "mille:coach.take-pile": (
        "Take the pile of {cards} with {pair}: the {top} and your pair go down at once as a "
        "meld worth {points} points{fits}{junk}{last}"
    ),
    "mille:coach.fits": Plural(
        "n",
        ", and {fits} from the pile fits your melds",
        ", and {fits} from the pile fit your melds",
    ),
    "mille:coach.junk-price": Plural(
        "n",
        "; the other card ({points} points) is a price worth paying while {pressure}",
        "; the {count} other cards ({points} points) are a price worth paying while {pressure}",
    ),
    "mille:coach.junk-cost": Plural(
        "n",
        "; the other card costs {points} points if caught, still less than the meld brings",
        "; the {count} other cards cost {points} points if caught, still less than the meld brings",
    ),
    "mille:coach.pile-last": "; leaving it would end the hand now, with the stock empty",
    "mille:coach.discard": "Discard the {card}: {first}; {safety}{pressure}",
    "mille:coach.only-twos": "even a 2 must go when every other card is worth keeping",
    "mille:coach.break-up": "you break up your {count} {rank:plural}",
    "mille:coach.lone": (
        "a lone {rank:one}, with {seen} of the other seven {rank:plural} already in sight"
    ),
    "mille:coach.lone-unseen": (
        "a lone {rank:one}, with none of the other seven {rank:plural} already in sight"
    ),
    "mille:coach.melded": (
        "your opponent has melded {rank:plural} and would have added any it held, so it can "
        "hardly take the pile with it"
    ),
    "mille:coach.passed": (
        "your opponent just let a {rank:one} go by on the pile, so it is unlikely to hold two"
    ),
    "mille:coach.risk": (
        "your opponent would need {need} to take the pile with it (about {risk}% likely from "
        "the cards you have not seen)"
    ),
    "mille:coach.two-twos": "two other 2s",
    "mille:coach.two-of": "two {rank:plural}",
    "mille:coach.not-caught": (
        "; and as {pressure}, its {value} points should not be caught in your hand"
    ),
}

_EXPERT: dict[str, str | Plural] = {
    "mille:coach.agree": (
        "{agree} Played to the end of the hand {runs} times from deals of the cards you "
        "cannot see, it won {rate}%{rival}."
    ),
    "mille:coach.agree-noise": (
        "{agree} Played to the end of the hand {runs} times from deals of the cards you "
        "cannot see, it won {rate}%{rival}, so the rule of thumb decides."
    ),
    "mille:coach.rival": "; {doing} won {rate}%",
    "mille:coach.rival-noise": (
        "; {doing} won {rate}%, as often within the simulations' noise: " + NOISE
    ),
    "mille:coach.expert": (
        "{move}: it won {rate}% of {runs} simulated endings of this hand (average margin "
        "{margin:+.0f} points){overrule}{rival} ({rule})."
    ),
    "mille:coach.overrule": (
        ", while {doing}, the rule of thumb here, won {rate}% on the same deals: the "
        "simulations overrule it by {gap} points of win chance"
    ),
    "mille:coach.overrule-little": (
        ", while {doing}, the rule of thumb here, won {rate}% on the same deals: the "
        "simulations overrule it by less than a point of win chance"
    ),
}

_LESSONS: dict[str, str | Plural] = {
    # the strategy lesson's ideas (``mille/reasons.py``), each a sentence of its own
    "mille:reason.rich-pile": (
        "Take the pile when it is rich: {count} of its {size} cards go with your hand or "
        "your melds."
    ),
    "mille:reason.against.burden-pile": Plural(
        "count",
        "A pile of cards you cannot meld is a burden: only {count} of its {size} cards goes "
        "with your hand or your melds.",
        "A pile of cards you cannot meld is a burden: only {count} of its {size} cards go "
        "with your hand or your melds.",
    ),
    "mille:reason.poor-pile": Plural(
        "count",
        "The pile is not worth taking: only {count} of its {size} cards goes with your hand "
        "or your melds.",
        "The pile is not worth taking: only {count} of its {size} cards go with your hand "
        "or your melds.",
    ),
    "mille:reason.against.burden-pile-none": (
        "A pile of cards you cannot meld is a burden: none of its cards goes with your hand "
        "or your melds."
    ),
    "mille:reason.poor-pile-none": (
        "The pile is not worth taking: none of its cards goes with your hand or your melds."
    ),
    "mille:reason.against.leaves-rich-pile": (
        "The stock leaves a rich pile: {count} of its {size} cards go with your hand or your melds."
    ),
    "mille:reason.rich-pile-together": (
        "Take the pile when it is rich: {count} of its {size} cards go with your hand, your "
        "melds or each other."
    ),
    "mille:reason.against.leaves-rich-pile-together": (
        "The stock leaves a rich pile: {count} of its {size} cards go with your hand, your "
        "melds or each other."
    ),
    "mille:reason.shed": (
        "Get rid of the Q♠ and the J♦: {card:the} counts {points} against you if {who} goes out "
        "while you hold it."
    ),
    "mille:reason.against.keeps-queen-jack": Plural(
        "count",
        "Discarding {discard:the} keeps {card:the} in your hand, {points} against you if "
        "{who} goes out, and {who} has only {count} card left.",
        "Discarding {discard:the} keeps {card:the} in your hand, {points} against you if "
        "{who} goes out, and {who} has only {count} cards left.",
    ),
    "mille:reason.natural": (
        "Go out natural: no 2 used as a wild, so your melds can score double."
    ),
    "mille:reason.natural-discard": (
        "Go out natural: discard {card:the} rather than use it as a wild, so your melds can "
        "score double."
    ),
    "mille:reason.safe-discard": (
        "Discard a card {who} cannot use: {card:the} goes with none of the cards {who} took "
        "from the pile."
    ),
    "mille:reason.against.feeds": (
        "Discarding {card:the} feeds {who}: {who} took a pair of that rank from the pile and "
        "can take the pile with it."
    ),
    "mille:reason.against.meld-first": (
        "Discarding {card:the} now ends your turn with a meld still in your hand: lay it "
        "down first, and the discard takes you out."
    ),
    "mille:reason.against.wild-two": (
        "A wild 2 gives up the doubling: going out natural doubles your melds."
    ),
    "mille:reason.but.lays-points": (
        "But it lays {points} points on the table now, which no longer count against you if "
        "{who} goes out first."
    ),
    "mille:reason.but.close": Plural(
        "count",
        "But {who} has only {count} card left and may go out next turn: going out now "
        "matters more.",
        "But {who} has only {count} cards left and may go out next turn: going out now "
        "matters more.",
    ),
}

_IDEAS: dict[str, str | Plural] = {
    # each idea in a few words, for a hint that names no card (``reasons.ideas``)
    "mille:idea.rich-pile": "take the pile when it is rich",
    "mille:idea.poor-pile": "leave a pile you cannot meld",
    "mille:idea.shed": "get rid of the Q♠ and the J♦",
    "mille:idea.natural": "go out natural",
    "mille:idea.safe-discard": "discard a card your opponent cannot use",
}

_REFUSED: dict[str, str | Plural] = {
    # what a bot is not given to work with (``levels``: ArgumentError)
    "mille:bot.not-to-move": "there is no move to choose: this seat is not to move in this view",
    "mille:bot.nobody-to-move": "there is no move to choose: nobody is to move in this view",
    "mille:bot.budget": "a budget is a whole number of simulations, not {given}",
    "mille:bot.budget-low": "a budget is at least one simulation, not {given}",
    "mille:bot.level": "unknown Mille bot level {given}: choose basic or expert",
}

REASONS = register(
    Catalog("mille", {**_MOVES, **_BASIC, **_EXPERT, **_LESSONS, **_IDEAS, **_REFUSED})
)
"""The bots' reasons, in the ``mille`` catalog."""


_JUDGEMENT: dict[str, str | Plural] = {
    # the expert's one measure (``measure.py``)
    "mille:measure": "the chance to win the hand",
    "mille:measure.defined": (
        "The chance to win the hand: the cards you cannot see (North's hand and the "
        "stock) are dealt again many times, in every way that fits what you have "
        "seen; each deal is played out from here to the end of the hand; the share of "
        "those deals you end with a higher score for the hand than North is your "
        "chance to win the hand (a tie counts as half a win)."
    ),
}

JUDGEMENT = register(Catalog("mille", _JUDGEMENT))
"""The judgement's measure, in the ``mille`` catalog."""
