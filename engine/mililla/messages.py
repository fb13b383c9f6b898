"""Mililla's English catalog: its sentences as whole templates, and how its cards read.

Narration has three forms per sentence (see ``cardschool.engine.messages``): the third
person (``"{who} leads {card}"``), the second person (``#you``) and what a seat would do
(``#would``, the review's "The expert would ...").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Catalog, Interned, Plural, register, value_named
from ..spec import rulebook_catalog
from .moves import SEAT_NAMES
from .rulebook import RULEBOOK
from .speech import SPOKEN_SEATS, SPOKEN_SPECS, SPOKEN_WORDS
from .tables import CARDS, SUITS

__all__ = ["CATALOG", "RULEBOOK_WORDS", "Card", "Cards", "Suit", "Suits"]


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

_GOALS: dict[str, str | Plural] = {
    # a play goal met, and what made it so (a right try says why, never "any card")
    "mililla:goal.beats": (
        "{card:cap} wins the trick as things stand: it beats {win}, the card winning before it."
    ),
    "mililla:goal.leads": "{card:cap} leads the trick, so it wins it as things stand.",
    # a play goal missed
    "mililla:goal.not-winning": "{card:cap} does not win the trick: {win} would still win",
    "mililla:goal.nothing-to-beat": "You lead: there is no card to beat yet",
    "mililla:goal.not-beating": "{card:cap} does not beat {win}",
    # the answers to questions
    "mililla:goal.highest-so-far": "{card:cap} is the highest card in the trick so far",
    "mililla:goal.trick-won": "{who} played the highest trump or the highest card of the suit led",
    "mililla:goal.partner": "Partners sit opposite: {who} plays with {partner}",
    "mililla:goal.next-player": "Play goes to the right: after {who} comes {after}",
    "mililla:goal.leader": "{who} deals, so the player on the dealer's right leads",
    "mililla:goal.trump": "The dealer's last card, {card}, is face up: {card:suit} are trumps",
    "mililla:goal.points": "{card:cap} is worth {points}",
    "mililla:goal.higher": "{high:cap} ranks above {low} (King, Horse, Jack, 7 ... 2, Ace)",
    "mililla:goal.match-winner": "The totals are {t0} to {t1}: {winners} reached the target",
    "mililla:goal.deck": "The Spanish deck has four suits of ten cards: {count} cards",
    # the bonus of the face-up card, by its status at the deal (``bonus_at_deal``)
    "mililla:goal.bonus.added": (
        "The face-up card is {card}, worth {points}: the bonus is added to the dealer's team"
    ),
    "mililla:goal.bonus.held": (
        "The face-up card is {card}, worth {points}: the bonus is held back until the round ends"
    ),
    "mililla:goal.bonus.dropped": (
        "The face-up card is {card}, worth {points}: the bonus is dropped"
    ),
    "mililla:goal.bonus.none": "The face-up card is {card}, worth {points}: there is no bonus",
    # the lines of a round's score
    "mililla:score.card-points": "card points taken: {points}",
    "mililla:score.tricks": "tricks taken, one point each: {tricks}",
    "mililla:score.excess": "{points} in the round: the excess over 35",
    "mililla:score.bonus": "the dealer's bonus for the face-up {card}",
    # a question that does not fit the exercise's position (for its author)
    "mililla:goal.task.mover": "this question needs a position where someone is to play",
    "mililla:goal.task.trick": "trick-winner needs a trick: play at least one card",
    "mililla:goal.task.start": "first-leader needs a position before the first card of the round",
    "mililla:goal.task.card": "card-points needs a card to ask about: {error}",
    "mililla:goal.task.suit-pair": "higher needs two cards of one suit: {error}",
    "mililla:goal.task.two-cards": "higher needs two different cards of one suit, like 'AC 7C'",
    "mililla:goal.task.match-over": "match-winner needs a position where the match is over",
    "mililla:goal.task.score": "a score task needs a finished round (all ten tricks)",
}
"""The exercises' feedback, answers and score lines (``goals``)."""

_DEMOS = {
    "mililla:demo.lead": "You lead the first trick.",
    "mililla:demo.follow-partner": "Your partner North led the King of cups.",
    "mililla:demo.beat-in-suit": "West is winning the trick with the Horse of cups.",
    "mililla:demo.beat-by-trumping": "You have no cups; West is winning. Coins are trumps.",
    "mililla:demo.seven": "No sword has been played yet this round.",
    "mililla:demo.free": "No cups and no trumps: the other cards are all free.",
    "mililla:demo.trumped-follow": "West trumped the cups North led.",
}
"""The lessons' demonstrations: one sentence about each position (``demos``)."""

_DRAWING: dict[str, str | Plural] = {
    "mililla:drawing.title": "Mililla, round {round} · {seat}'s view",
    "mililla:drawing.cards": Plural("count", "{count} card", "{count} cards"),
    "mililla:drawing.you": "(you)",
    "mililla:drawing.dealer": "· dealer",
    "mililla:drawing.to-play": "to play",
    "mililla:drawing.holds": "holds",
    "mililla:drawing.face-up": "the face-up card",
    "mililla:drawing.may-play": "you may play it",
    "mililla:drawing.may-not-play": "you may not play it now",
    "mililla:drawing.no-cards": "no cards",
    "mililla:drawing.no-cards-yet": "no cards yet",
    "mililla:drawing.last-trick": "Last trick: {who} won {points} points",
    "mililla:drawing.held-by": "held by {who}, the dealer",
    "mililla:drawing.turned-up": "turned up at the deal",
    "mililla:drawing.trumps": "Trumps:",
    "mililla:drawing.your-team": "{team} (your team)",
    "mililla:drawing.tricks": "tricks",
    "mililla:drawing.points": "points this round",
    "mililla:drawing.totals": "totals (to {target})",
    "mililla:drawing.game-over": "The game is over: {team} won, {high} to {low}.",
    "mililla:drawing.round-over": (
        "The round is over: {team0} scored {p0}, {team1} {p1}; the next round is dealt next."
    ),
    "mililla:drawing.your-turn-play": "Your turn: play one of the bright cards.",
    "mililla:drawing.your-turn": "Your turn.",
    "mililla:drawing.to-move": "{who} to play.",
}
"""The words of a view's picture (``drawing.view_html``)."""

_REFUSALS = {
    "mililla:move.not-a-card": "a Mililla move holds a Spanish card, not {given}",
    "mililla:move.not-text": "a move must be given as text, not {kind}",
    "mililla:move.not-a-move": (
        "{text} is not a Mililla move: write the card to play, like HC or 7E (or 'play HC')"
    ),
    "mililla:move.kind": "a Mililla move is a Move, a card or text like 'HC', not {given}",
    "mililla:game.names": "names must be four seat names, not {given}",
    "mililla:rules.flag": "Rules.{name} must be True or False, not {given}",
    "mililla:rules.seven-rule": "Rules.seven_rule must be one of {known}, not {given}",
    "mililla:rules.target": "Rules.target must be a whole number of at least 1, not {given}",
    "mililla:what-if.twice": "a card appears twice in the hand, the trick and earlier tricks",
    "mililla:what-if.sizes": "give at least one card in hand and at most three in the trick",
    "mililla:what-if.no-suit": "{given} names no suit: use O, C, E or B",
    "mililla:view.seat": "a Mililla seat is 0, 1, 2 or 3, not {given}",
    "mililla:view.bad-seat": "the view names seat {seat}: seats are 0 to 3",
    "mililla:view.hand-sizes": "the view's hand sizes do not fit its hand",
    "mililla:view.not-mililla": "not a Mililla view",
    "mililla:view.malformed": "the view is incomplete or malformed: {error}",
    "mililla:view.unseen": "the view's hand sizes do not match the cards not yet seen",
    "mililla:view.no-deal": "no deal of the hidden cards fits this view",
    "mililla:view.cards.hand": "view hand: {error}",
    "mililla:view.cards.played": "view played cards: {error}",
    "mililla:view.cards.earlier": "view earlier cards: {error}",
}
"""The refusals of a move, a setting or a view that the engine does not take."""

_POSITION = {
    # a position text an exercise author wrote that does not read (``position``)
    "mililla:position.line": "line {line}",
    "mililla:position.whole": "the position",
    "mililla:position.field": "{where}: {key}",
    "mililla:position.at": "{where}: {error}",
    "mililla:position.team0": "team South-North",
    "mililla:position.team1": "team East-West",
    "mililla:position.not-text": "a position must be text, not {kind}",
    "mililla:position.not-a-seat": "{word} is not a seat: use South, East, North or West",
    "mililla:position.twice": "{where}: {key} is given twice",
    "mililla:position.not-a-suit": "{where}: {letter} is not a suit: use O, C, E or B",
    "mililla:position.hand-twice": "{where}: {seat}'s hand is given twice",
    "mililla:position.one-count": "{where}: give one '+N' count, not {counts}",
    "mililla:position.negative-count": "{where}: '+N' needs a count of 0 or more",
    "mililla:position.unknown-line": (
        "{where}: {word} is not part of a Mililla position (round, dealer, trump, scores, "
        "played, tricks, points, a seat's hand, a trick or a void)"
    ),
    "mililla:position.not-a-number": "{where}: {word} is not a whole number",
    "mililla:position.pair": "{where}: {key} needs two numbers: team South-North, team East-West",
    "mililla:position.played-twice": "{where}: {card} appears twice in the played set",
    "mililla:position.counts-nothing": (
        "{where}: {key} counts the tricks of the 'played' set, and there is none "
        "(written-out tricks count themselves)"
    ),
    "mililla:position.whole-tricks": (
        "{where}: {count} cards played: earlier tricks are whole tricks of four cards, "
        "and at least one trick is left to play"
    ),
    "mililla:position.needs-line": (
        "{where}: with a played set, give a '{key} A B' line: the {key} each team took in "
        "those tricks"
    ),
    "mililla:position.tricks-count": (
        "tricks {a} {b} make {total} tricks, but the played set holds {held} ({count} cards)"
    ),
    "mililla:position.points-sum": (
        "points {a} {b} add up to {total}, but the played cards hold {worth} points "
        "and {tricks} tricks one each: {due} (mililla.points)"
    ),
    "mililla:position.points-least": (
        "{where}: {team} took {tricks} tricks, so their points must be at least {tricks} "
        "(one per trick), and 0 with no trick"
    ),
    "mililla:position.points-split": (
        "no {cards} of the played cards hold {worth} card points, so {team} cannot "
        "have taken {points} points in {tricks} tricks (mililla.points)"
    ),
    "mililla:position.who-leads": (
        "{where}: say who leads after the played tricks: 'trick SEAT:' (with the cards of the "
        "trick in progress, if any)"
    ),
    "mililla:position.cannot-lead": (
        "{seat} cannot lead the next trick: {team} took none of the played tricks, "
        "and the winner of a trick leads the next (mililla.lead)"
    ),
    "mililla:position.no-line": "the position has no {key} line",
    "mililla:position.no-hand": "the position gives no hand for {seats}",
    "mililla:position.round": "{where}: the round number must be 1 or more",
    "mililla:position.scores": (
        "{where}: game scores must be from 0 to {top}: a match ends between rounds"
    ),
    "mililla:position.trump": "{where}: 'trump' must name the one face-up card",
    "mililla:position.face-up": (
        "{where}: the face-up {card} must be in the dealer's ({seat}) hand or played by the dealer"
    ),
    "mililla:position.in-played": "the played set on {where}",
    "mililla:position.in-hand": "{seat}'s hand on line {line}",
    "mililla:position.in-trick": "the trick on line {line}",
    "mililla:position.in-face-up": "the face-up card",
    "mililla:position.card-twice": "{card} appears twice ({first} and {second})",
    "mililla:position.void-held": (
        "{seat} is said to hold no {suit} but holds {card} (line {line})"
    ),
    "mililla:position.trick-size": "line {line}: a trick has at most four cards",
    "mililla:position.unfinished": "line {line}: only the last trick may be unfinished",
    "mililla:position.missing": (
        "every one of the 40 cards must be placed; missing: {cards} (or give a hand '+N' "
        "more cards from the rest)"
    ),
    "mililla:position.too-few": (
        "too few cards left to deal: the '+N' counts on lines {lines} ask for {asked} cards, "
        "but only {left} are written nowhere"
    ),
    "mililla:position.dealt": (
        "line {line}: {seat} holds and played {count} cards in all ('+N' included); every "
        "seat is dealt 10"
    ),
    "mililla:position.dealt-less": (
        "line {line}: {seat} holds and played {count} cards in all ('+N' included); every "
        "seat is dealt 10, less the {done} it played in the earlier tricks"
    ),
    "mililla:position.no-fit": (
        "no deal of the {count} hidden cards fits the text: what the written tricks show a "
        "seat cannot hold (it did not follow or did not beat) and the void lines leave too "
        "few cards for some '+N'"
    ),
    "mililla:position.empty-trick": "line {line}: a trick needs at least one card",
    "mililla:position.wrong-leader": (
        "trick {number} must be led by {leader} (mililla.lead), not {seat}"
    ),
    "mililla:position.cannot-play": "{seat} cannot play {card}: {why} ({rule})",
}
"""The refusals of a position text, for the exercise's author (``position``)."""

CATALOG = register(
    Catalog(
        "mililla",
        {
            **_NARRATION,
            **_EXPLAINED,
            **_LOG,
            **_VARIANTS,
            **_LABELS,
            **_HINTS,
            **_GOALS,
            **_DEMOS,
            **_DRAWING,
            **_REFUSALS,
            **_POSITION,
        },
        word=_word,
        spoken_words=SPOKEN_WORDS,
        spoken_specs=SPOKEN_SPECS,
        spoken_seats=SPOKEN_SEATS,
        seats=SEAT_NAMES,
    )
)
"""Mililla's English sentences, registered under the namespace ``mililla``."""

RULEBOOK_WORDS = register(rulebook_catalog(RULEBOOK))
"""Mililla's rulebook in words (``rulebook:<rule id>.title``, ``.text``, ``.section``): its
entries said through the message layer, so that they are translated here like its sentences."""
