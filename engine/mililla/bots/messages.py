"""The English words of the Mililla bots' reasons, added to the ``mililla`` catalog.

A reason is ``"{order}: {because}."``: the order (``Play the 4 of cups``) and the clause
that gives the rule of thumb's reason, each a message, so the expert can quote a rule of
thumb's reason on its own ("The rule of thumb prefers ... because ...").
"""

from __future__ import annotations

from ...messages import Catalog, Plural, register
from .. import messages as _narration  # noqa: F401  (the mililla catalog's words and seats first)

__all__ = ["NOISE", "REASONS"]

NOISE = "the simulations cannot tell them apart"
"""Said whenever a card's figures shown beside the advice are as good as the advised card's."""

_ORDERS: dict[str, str | Plural] = {
    "mililla:coach.reason": "{order}: {because}.",
    "mililla:coach.play": "Play {card}",
    "mililla:coach.lead": "Lead {card}",
    "mililla:coach.lead-trump": "Lead {card}, the highest trump left",
    "mililla:coach.take": "Take the trick with {card}",
    "mililla:coach.take-forced": "Take the trick with {card} (as {rule} requires)",
}

_CLAUSES: dict[str, str | Plural] = {
    "mililla:coach.only": "it is the only card you may play. {why} ({rule})",
    "mililla:coach.lead-boss": "it is {highest}, and {past}, so it should win the trick",
    "mililla:coach.highest-trump": "the highest trump left",
    "mililla:coach.highest": "the highest {suit:one} left",
    "mililla:coach.gone": Plural("count", "one {suit:one} has gone", "{count} {suit} have gone"),
    "mililla:coach.none-gone": "no {suit:one} has been played yet",
    "mililla:coach.draw-trumps": (
        "you hold {mine} trumps and {out} still out: drawing them protects your other cards"
    ),
    "mililla:coach.others": Plural("count", "one other is", "{count} others are"),
    "mililla:coach.no-others": "no others are",
    "mililla:coach.to-partner": (
        "your partner has shown to have no {suit}, so can trump it; the card is {worth}"
    ),
    "mililla:coach.worth": Plural("points", "worth {points} point", "worth {points} points"),
    "mililla:coach.worth-nothing": "worth nothing",
    "mililla:coach.lead-low": (
        "no card of yours is sure to win the trick, so lead the one that costs least to "
        "lose, {worth} (you hold {length})"
    ),
    "mililla:coach.length": Plural("count", "one {suit:one}", "{count} {suit}"),
    "mililla:coach.no-length": "no {suit}",
    "mililla:coach.smear": "your partner is winning the trick with {win} and {sure}, {give}",
    "mililla:coach.play-last": "you play last",
    "mililla:coach.nobody-after": "nobody after you can beat it",
    "mililla:coach.give-points": "so give your team the {points} points of {card}",
    "mililla:coach.keep-points": "but your cards with points are worth more kept for later tricks",
    "mililla:coach.no-points": "but you have no card with points to give",
    "mililla:coach.overtake": (
        "an opponent after you could still beat your partner's {win:name}, but {card} is "
        "{highest}, so the trick is safe"
    ),
    "mililla:coach.protect": (
        "your partner is winning with {win} for now, but an opponent after you may still "
        "beat it, so give a card {worth}"
    ),
    "mililla:coach.win-last": "you play last, so it wins the {points} points of the trick",
    "mililla:coach.win-safe": "it beats {win} and nobody after you can beat it",
    "mililla:coach.beat-cheap": (
        "you must beat {win} ({rule}), and {card} is the cheapest card that does; it may "
        "still be beaten"
    ),
    "mililla:coach.duck": "{where} ({rule}), so give the cheapest card, {worth}",
    "mililla:coach.void": "you have no {led} and cannot beat {win}",
    "mililla:coach.cannot-beat": "you cannot beat {win}",
}

_EXPERT: dict[str, str | Plural] = {
    "mililla:coach.expert": (
        "Play {card}: in {runs} simulated endings with it (the cards you cannot see dealt at "
        "random in ways that fit what you have seen, then played out by rules of thumb) your "
        "team took {points:.1f} of the 70 points on average and won {rate:.0%} of the "
        "rounds{beside}{worst}{thumb}."
    ),
    "mililla:coach.beside": "; with {card}, the next best, {points:.1f} points ({rate:.0%} won)",
    "mililla:coach.beside-noise": (
        "; with {card}, the next best, {points:.1f} points ({rate:.0%} won): "
        + NOISE
        + ", so either will do"
    ),
    "mililla:coach.beside-rounds": (
        "; with {card}, the next best, {points:.1f} points ({rate:.0%} won), winning a few "
        "more rounds but fewer points: the expert plays for points"
    ),
    "mililla:coach.worst": ", and with {card} only {points:.1f} ({rate:.0%})",
    "mililla:coach.overruled": (
        ". The rule of thumb would play {card}; the simulations overrule it by {gap:.1f} points"
    ),
    "mililla:coach.prefers": ". The rule of thumb prefers {card} because {because}",
    "mililla:coach.prefers-noise": (
        ". " + NOISE.capitalize() + "; the rule of thumb prefers {card} because {because}"
    ),
}

_LESSONS: dict[str, str | Plural] = {
    # the strategy lesson's ideas (``mililla/reasons.py``), each a sentence of its own
    "mililla:reason.keep-top-trump": (
        "Keep the top trump: {card} wins the trick as well, and {high}, the "
        "highest trump left, stays in your hand for the trick that matters."
    ),
    "mililla:reason.low-trump": (
        "A low trump that wins is as good as a high one: {card} takes the trick and "
        "{high} stays in your hand."
    ),
    "mililla:reason.against.spends-high-trump": (
        "{card:cap} spends a high trump where {low} would win the trick too."
    ),
    "mililla:reason.afford-to-lose": Plural(
        "points",
        "Lead a card you can afford to lose: {card}, worth {points} point, is your "
        "cheapest card not sure to win.",
        "Lead a card you can afford to lose: {card}, worth {points} points, is your "
        "cheapest card not sure to win.",
    ),
    "mililla:reason.afford-to-lose-keep": Plural(
        "points",
        "Lead a card you can afford to lose: {card} is worth {points} point, and {kept}, "
        "sure to win, stays for later, when it can catch points.",
        "Lead a card you can afford to lose: {card} is worth {points} points, and {kept}, "
        "sure to win, stays for later, when it can catch points.",
    ),
    "mililla:reason.against.leads-sure-winner": (
        "Leading {card}, a card sure to win, uses it now: the lesson keeps the sure "
        "winners for later, when they can catch points."
    ),
    "mililla:reason.but.last-tricks": Plural(
        "count",
        "But only one trick is left: the time to cash a sure winner has come.",
        "But only {count} tricks are left: the time to cash a sure winner has come.",
    ),
    "mililla:reason.against.leads-points": (
        "Leading {card} risks its {points} points: it is not sure to win the trick."
    ),
    "mililla:reason.seven-to-partner": (
        "Give your 7 to a trick your partner is sure to win: {card} adds 5 points for your team."
    ),
    "mililla:reason.points-to-partner": Plural(
        "points",
        "Give your points to a trick your partner is sure to win: {card} adds {points} "
        "point for your team.",
        "Give your points to a trick your partner is sure to win: {card} adds {points} "
        "points for your team.",
    ),
    "mililla:reason.to-partner": (
        "Lead to your partner: {who} has shown to have no {card:suit} and can trump "
        "{card}, bringing its {points} points to your team."
    ),
    "mililla:reason.keep-seven": (
        "Don't give a 7 away: {card} goes on this trick and {seven} stays for a "
        "trick your team wins."
    ),
    "mililla:reason.against.gives-seven": (
        "{card:cap} gives 5 points to {who}, who is winning the trick."
    ),
    "mililla:reason.against.gives-seven-unsure": (
        "{card:cap} gives 5 points to a trick your partner may still lose."
    ),
    "mililla:reason.take-points": Plural(
        "points",
        "Take the trick's point: nobody after you can beat {card}.",
        "Take the trick's {points} points: nobody after you can beat {card}.",
    ),
    "mililla:reason.cheapest": Plural(
        "points",
        "You do not win this trick, so give the card you can best afford to lose: "
        "{card}, worth {points} point.",
        "You do not win this trick, so give the card you can best afford to lose: "
        "{card}, worth {points} points.",
    ),
}

_IDEAS: dict[str, str | Plural] = {
    # each idea in a few words, for a hint that names no card (``reasons.ideas``)
    "mililla:idea.afford-to-lose": "lead a card you can afford to lose",
    "mililla:idea.cheapest": "give a trick you do not win the card you can best afford to lose",
    "mililla:idea.keep-seven": "don't give a 7 away",
    "mililla:idea.keep-top-trump": "keep the top trump",
    "mililla:idea.low-trump": "a low trump that wins is as good as a high one",
    "mililla:idea.points-to-partner": "give your points to a trick your partner is sure to win",
    "mililla:idea.seven-to-partner": "give your 7 to a trick your partner is sure to win",
    "mililla:idea.take-points": "take the points when nobody after you can beat your card",
    "mililla:idea.to-partner": "lead to your partner's trumps",
}

_REFUSALS = {
    "mililla:bot.not-a-view": "a Mililla bot needs a Mililla seat's view (game.view(seat))",
    "mililla:bot.not-to-move": (
        "there is no move to choose: this seat is not to move in this view"
    ),
    "mililla:bot.budget": "the expert's budget must be a whole number >= 1, not {given}",
    "mililla:bot.level": "unknown Mililla bot level {given}: choose one of {levels}",
}
"""The refusals of a bot's level, budget or view (``levels``)."""

REASONS = register(
    Catalog("mililla", {**_ORDERS, **_CLAUSES, **_EXPERT, **_LESSONS, **_IDEAS, **_REFUSALS})
)
"""The bots' reasons, in the ``mililla`` catalog."""


_JUDGEMENT: dict[str, str | Plural] = {
    # the expert's one measure (``measure.py``) and the lesson ideas added for issue 24
    "mililla:measure": "the chance to win the round",
    "mililla:measure.defined": (
        "The chance to win the round: the cards you cannot see are dealt again many "
        "times among the other three players, in every way that fits what you have "
        "seen; each deal is played out from here to the end of the round; the share "
        "of those deals in which your team takes more than 35 of the round's 70 "
        "points is your chance to win the round (35 each counts as half a win)."
    ),
    "mililla:measure.move": "playing {card}",
    "mililla:reason.against.leads-trump": (
        "Leading {card} gives up a trump, which could take a trick of any other suit "
        "later: {other}, a card of another suit not sure to win, is the one you can "
        "better afford to lose."
    ),
}

JUDGEMENT = register(Catalog("mililla", _JUDGEMENT))
"""The judgement's measure and the ideas of issue 24, in the ``mililla`` catalog."""
