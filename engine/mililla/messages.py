"""Mililla's English catalog: its sentences as whole templates, and how its cards read.

Narration has three forms per sentence (see ``cardschool.engine.messages``): the third
person (``"{who} leads {card}"``), the second person (``#you``) and what a seat would do
(``#would``, the review's "The expert would ...").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Catalog, Interned, Plural, register, value_named
from .moves import SEAT_NAMES
from .tables import CARDS, SUITS

__all__ = ["CATALOG", "Card", "Cards", "Suit", "Suits"]


class Card(Interned):
    """A card in a sentence: ``{card}`` is ``the 4 of cups``, ``{card:name}`` ``4 of cups``,
    ``{card:rank}`` ``4``, ``{card:suit}`` ``cups``, ``{card:cap}`` ``The 4 of cups``."""

    __slots__ = ()
    __match_args__ = ("index",)
    index = value_named("Its number.")


class Suit(Interned):
    """A suit in a sentence: ``{suit}`` is ``cups``, ``{suit:one}`` is ``cup``."""

    __slots__ = ()
    __match_args__ = ("index",)
    index = value_named("Its number.")


@dataclass(frozen=True, slots=True)
class Cards:
    """Some cards in a sentence, in their order: ``{cards:same-suit}`` is ``the 4 and the
    Horse of cups``, ``{cards:or-the}`` ``the 4, the 5 or the 7``, ``{cards:or-ranks}``
    ``Horse or King``."""

    indexes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Suits:
    """Some suits in a sentence: ``cups, swords and clubs``."""

    indexes: tuple[int, ...]


def _listed(words: list[str], last: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (or ``or``)."""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _cards_word(indexes: tuple[int, ...], spec: str) -> str:
    cards = [CARDS[i] for i in indexes]
    if spec == "or-ranks":
        return " or ".join(card.rank.noun for card in cards)
    ranks = [f"the {card.rank.noun}" for card in cards]
    if spec == "or-the":
        return _listed(ranks, "or")
    return f"{_listed(ranks, 'and')} of {cards[0].suit.noun}"  # same-suit


def _word(value: object, spec: str) -> str:
    """How Mililla's own values read in English."""
    match value:
        case Card(index):
            card = CARDS[index]
            if spec == "name":
                return card.name
            if spec == "cap":
                return card.the[:1].upper() + card.the[1:]
            if spec == "suit":
                return card.suit.noun
            return card.rank.noun if spec == "rank" else card.the
        case Suit(index):
            suit = SUITS[index]
            return suit.singular if spec == "one" else suit.noun
        case Cards(indexes):
            return _cards_word(indexes, spec)
        case Suits(indexes):
            return _listed([SUITS[i].noun for i in indexes], "and")
    return format(value, spec)


def _three(key: str, third: str, you: str, would: str) -> dict[str, str | Plural]:
    return {key: third, f"{key}#you": you, f"{key}#would": would}


_NARRATION: dict[str, str | Plural] = {
    **_three(
        "mililla:narrate.lead",
        "{who} leads {card}",
        "You lead {card}",
        "{who} would lead {card}",
    ),
    **_three(
        "mililla:narrate.sevens",
        "{who} plays {card}: only 7s of unopened suits were left",
        "You play {card}: only 7s of unopened suits were left",
        "{who} would play {card}: only 7s of unopened suits were left",
    ),
    **_three(
        "mililla:narrate.follow-partner",
        "{who} follows suit with {card}; the partner is winning",
        "You follow suit with {card}; the partner is winning",
        "{who} would follow suit with {card}; the partner is winning",
    ),
    **_three(
        "mililla:narrate.follow-trumped",
        "{who} follows suit with {card}; the trick has been trumped",
        "You follow suit with {card}; the trick has been trumped",
        "{who} would follow suit with {card}; the trick has been trumped",
    ),
    **_three(
        "mililla:narrate.follow-low",
        "{who} follows suit with {card}, unable to beat {win}",
        "You follow suit with {card}, unable to beat {win}",
        "{who} would follow suit with {card}, unable to beat {win}",
    ),
    **_three(
        "mililla:narrate.beat",
        "{who} beats {win} with {card}",
        "You beat {win} with {card}",
        "{who} would beat {win} with {card}",
    ),
    **_three(
        "mililla:narrate.trump",
        "{who} trumps with {card}: no {led} left, and the opponents were winning",
        "You trump with {card}: no {led} left, and the opponents were winning",
        "{who} would trump with {card}: no {led} left, and the opponents were winning",
    ),
    **_three(
        "mililla:narrate.overtrump",
        "{who} overtrumps with {card}: no {led} left, and the opponents were winning",
        "You overtrump with {card}: no {led} left, and the opponents were winning",
        "{who} would overtrump with {card}: no {led} left, and the opponents were winning",
    ),
    **_three(
        "mililla:narrate.free-partner",
        "{who} plays {card}: no {led} left, and the partner is winning",
        "You play {card}: no {led} left, and the partner is winning",
        "{who} would play {card}: no {led} left, and the partner is winning",
    ),
    **_three(
        "mililla:narrate.free",
        "{who} plays {card}: no {led} left",
        "You play {card}: no {led} left",
        "{who} would play {card}: no {led} left",
    ),
    **_three(
        "mililla:narrate.free-low",
        "{who} plays {card}: no {led} left and no trump to beat {win}",
        "You play {card}: no {led} left and no trump to beat {win}",
        "{who} would play {card}: no {led} left and no trump to beat {win}",
    ),
}
"""Narration: a legal card about to be played (``words.narrate_card``)."""

_EXPLAINED: dict[str, str | Plural] = {
    "mililla:explain": "{text:cap}",
    "mililla:explain.noted": "{note:cap}; {text}",
    "mililla:explain.next-round": "The round is over: deal the next one",
    "mililla:explain.round-playing": "The round is still being played",
    "mililla:explain.round-over": "The round is over: deal the next round first",
    "mililla:explain.game-over": "The game is over: {team} won",
    "mililla:narrate.deals": "{who} deals",
    "mililla:narrate.deals#you": "You deal",
    "mililla:narrate.deals#would": "{who} would deal",
    "mililla:explain.played": (
        "{card:cap} has already been played: you play only cards from your own hand"
    ),
    "mililla:explain.not-held": "You do not hold {card}: you play only cards from your own hand",
    "mililla:explain.lead": "You lead the trick: any card may be led",
    "mililla:explain.lead-seven": "You lead the trick: any card may be led, even a 7",
    "mililla:explain.lead-first": "You lead the first trick of the round: any card may be led",
    "mililla:explain.lead-first-seven": (
        "You lead the first trick of the round: any card may be led, even a 7"
    ),
    "mililla:explain.only-sevens": (
        "Every card you hold is a 7 whose suit is not open yet, so you may play any of them"
    ),
    "mililla:explain.seven-waits": (
        "{card:cap} cannot be played yet: a 7 waits until a card of its suit has been "
        "played, and {opened}"
    ),
    "mililla:explain.seven-waits-earlier": (
        "{card:cap} cannot be played yet: a 7 waits until a card of its suit has been "
        "played in an earlier trick, and {opened}"
    ),
    "mililla:explain.unopened-earlier": "no {suit:one} was played in an earlier trick",
    "mililla:explain.unopened": "no {suit:one} has been played this round",
    "mililla:explain.unopened-earlier-faceup": (
        "no {suit:one} was played in an earlier trick; the face-up card does not count"
    ),
    "mililla:explain.unopened-faceup": (
        "no {suit:one} has been played this round; the face-up card does not count"
    ),
    "mililla:explain.first": "{text:cap}. {then}",
    "mililla:explain.seven-also": (
        "Besides, {card} must wait: a 7 waits until a card of its suit has been played, "
        "and {opened}"
    ),
    "mililla:explain.seven-note": "your 7 of {suit} must wait ({opened})",
    "mililla:explain.sevens-note": (
        "your 7s of {suits} must wait (none of their suits has been opened)"
    ),
    "mililla:explain.must-follow": "you must follow suit: you hold {held:same-suit}",
    "mililla:explain.must-follow-beat": (
        "you must follow suit: you hold {held:same-suit}; an opponent is winning with {win}, "
        "so you must beat it with {beaters:or-the}"
    ),
    "mililla:explain.partner-follow": "your partner is winning: any {led:one} is fine",
    "mililla:explain.trumped-follow": (
        "an opponent has trumped with {win}; following suit never beats a trump, so any "
        "{led:one} is fine"
    ),
    "mililla:explain.cannot-beat-follow": (
        "an opponent is winning with {win} and none of your {led} beats it: any {led:one} is fine"
    ),
    "mililla:explain.beats": "an opponent is winning with {win}; {card} beats it, as you must",
    "mililla:explain.must-beat": (
        "an opponent is winning with {win}; your {beater:name} beats it, so you must play it"
    ),
    "mililla:explain.must-beat-or": (
        "an opponent is winning with {win}; your {beater:name} beats it, so you must play "
        "it or your {more:or-ranks}"
    ),
    "mililla:explain.none": "no {suit}",
    "mililla:explain.none-other": "no other {suit}",
    "mililla:explain.overtrump": (
        "you have {none} and the opponents are winning with {win}, so you must overtrump: "
        "{card} does"
    ),
    "mililla:explain.trump": (
        "you have {none} and the opponents are winning, so you must trump: {card} does"
    ),
    "mililla:explain.must-overtrump": (
        "you have {none}; the opponents are winning with {win}, so you must overtrump: you "
        "hold {held:same-suit}"
    ),
    "mililla:explain.must-trump": (
        "you have {none}; the opponents are winning, so you must trump: you hold {held:same-suit}"
    ),
    "mililla:explain.partner-free": (
        "your partner is winning and you have {none}: any card is fine"
    ),
    "mililla:explain.free": "you have {none}: any card is fine",
    "mililla:explain.no-trumps": ("you have {none} and {no_trump} to trump with: any card is fine"),
    "mililla:explain.low-trumps": (
        "you have {none} and no {trump:one} that beats {win}: any card is fine"
    ),
}
"""Explanations: why the seat to move may or may not play a card (``words.explain_card``)."""

_LOG: dict[str, str | Plural] = {
    "mililla:team": "{a} and {b}",
    "mililla:team#you.a": "you and {b}",
    "mililla:team#you.b": "{a} and you",
    "mililla:log.deal": (
        "Round {round}: {cutter} cuts and {who} deals ten cards each; {card} is turned up: "
        "{card:suit} are trumps"
    ),
    "mililla:log.deal#you": (
        "Round {round}: {cutter} cuts and you deal ten cards each; {card} is turned up: "
        "{card:suit} are trumps"
    ),
    "mililla:log.deal#you.cutter": (
        "Round {round}: you cut and {who} deals ten cards each; {card} is turned up: "
        "{card:suit} are trumps"
    ),
    "mililla:log.bonus-added": Plural(
        "points",
        "{team:cap} add {points} point for the face-up {card:name}",
        "{team:cap} add {points} points for the face-up {card:name}",
    ),
    "mililla:log.bonus-held-round": (
        "The bonus of {points} for the face-up {card:name} is held back until the round is over"
    ),
    "mililla:log.bonus-held": (
        "The bonus of {points} for the face-up {card:name} is held back since it would bring "
        "them to {target}: it counts only at 35 to 35"
    ),
    "mililla:log.earlier": (
        "{cards} cards were played in {tricks} earlier tricks (their order is not given): "
        "{team0} took {t0} of them ({p0} points), {team1} {t1} ({p1} points)"
    ),
    "mililla:log.trick": "{who} wins the trick with {card}: {points} points",
    "mililla:log.trick#you": "You win the trick with {card}: {points} points",
    "mililla:log.round-score": ("{team0:cap} take {p0} points, {team1} {p1}: {team} score {score}"),
    "mililla:log.round-nobody": "{team0:cap} take {p0} points, {team1} {p1}: nobody scores",
    "mililla:log.held-added": "The held bonus of {points} for {team} is now added",
    "mililla:log.held-dropped": "The held bonus of {points} for {team} is dropped",
    "mililla:log.wins-game": "{team:cap} win the game, {high} to {low}",
}
"""The public log's events, in the third person (``view.public_log``)."""

_VARIANTS = {
    "mililla:variant.traditional_rank.true": (
        "cards rank the old way: 7, Ace, King, Horse, Jack, then 6 down to 2"
    ),
    "mililla:variant.traditional_rank.false": "cards rank King down to Ace, as the rulebook says",
    "mililla:variant.clockwise.true": "play and the deal go clockwise",
    "mililla:variant.clockwise.false": "play and the deal go anticlockwise",
    "mililla:variant.bonus_after_round.true": "the dealer's bonus is always added after the round",
    "mililla:variant.bonus_after_round.false": "the dealer's bonus counts as the rulebook says",
    "mililla:variant.seven_rule.default": "a 7 waits until its suit has been played",
    "mililla:variant.seven_rule.earlier-tricks": (
        "a 7 waits until its suit was played in an earlier trick"
    ),
    "mililla:variant.seven_rule.off": "a 7 may be played at any time",
    "mililla:variant.target": "the match is played to {value} points",
}
"""The deal-code variants in plain words (``dealcode.variant_message``)."""

_LABELS = {
    # mililla.points: a team's points are its cards' points plus one for each trick it took
    "mililla:label.round-points": "Points this round (cards, and 1 a trick)",
}
"""The labels of the table's panels that are the game's own."""

_HINTS: dict[str, str | Plural] = {
    "mililla:word.deal": "round",
    "mililla:word.match": "game",  # mililla.game.end: "game" throughout, never "match"
    "mililla:hint.group.play": "Play",
}
"""The game's words for a deal and for what its target ends (``GameSpec.word``), and the
hints' one group name (``hints``)."""

CATALOG = register(
    Catalog(
        "mililla",
        {**_NARRATION, **_EXPLAINED, **_LOG, **_VARIANTS, **_LABELS, **_HINTS},
        word=_word,
        seats=SEAT_NAMES,
    )
)
"""Mililla's English sentences, registered under the namespace ``mililla``."""
