"""Mille's English catalog: its sentences as whole templates, and how its cards read.

Narration has three forms per sentence (see ``cardschool.engine.messages``): the third
person (``"{who} draws from the stock"``), the second person (``#you``) and what a seat
would do (``#would``, the review's "The expert would ...").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import FrenchRank
from ..messages import Catalog, Interned, Plural, register, value_named
from ..spec import rulebook_catalog
from .rulebook import RULEBOOK
from .speech import SPOKEN_SEATS, SPOKEN_SPECS, SPOKEN_WORDS
from .tables import CARDS, RANK, SYM, count_word, how_many, plural, symbols

__all__ = ["CATALOG", "RULEBOOK_WORDS", "Count", "Face", "Faces", "Meld", "Rank", "meld_words"]


class Face(Interned):
    """One card face in a sentence: ``{card}`` is ``5♦``, ``{card:the}`` ``the 5 of diamonds``."""

    __slots__ = ()
    __match_args__ = ("face",)
    face = value_named("Its number.")


@dataclass(frozen=True, slots=True)
class Faces:
    """Some card faces in a sentence, in their order: ``9♥ 9♣ 2♠``."""

    faces: tuple[int, ...]


class Rank(Interned):
    """A rank in a sentence: ``{rank:plural}`` is ``nines``, ``{rank:one}`` is ``nine``,
    ``{rank:digits}`` ``9s``."""

    __slots__ = ()
    __match_args__ = ("rank",)
    rank = value_named("Its number.")


class Count(Interned):
    """A small count in words: ``three``; larger ones as digits."""

    __slots__ = ()
    __match_args__ = ("number",)
    number = value_named("Its number.")


@dataclass(frozen=True, slots=True)
class Meld:
    """What some meld cards are, in words: ``three nines``, ``two Kings and a wild 2``."""

    faces: tuple[int, ...]
    rank: int


def meld_words(faces: Sequence[int], rank: int) -> str:
    """What some meld cards are, in words: ``three nines``, ``two Kings and a wild 2``."""
    if rank == 2:
        return f"{count_word(len(faces))} 2s"
    wild = sum(1 for f in faces if RANK[f] == 2)
    natural = len(faces) - wild
    text = how_many(natural, rank) if natural else ""
    if wild:
        twos = "a wild 2" if wild == 1 else f"{count_word(wild)} wild 2s"
        text = f"{text} and {twos}" if text else twos
    return text


def rank_one(rank: int) -> str:
    """One card of a rank in words: ``nine``, ``King``, ``six``."""
    word = plural(rank)
    return word[:-2] if rank == 6 else word[:-1]


def _word(value: object, spec: str) -> str:
    """How Mille's own values read in English."""
    match value:
        case Face(face):
            if spec == "The":  # at the start of a sentence
                the = CARDS[face].the
                return the[:1].upper() + the[1:]
            return CARDS[face].the if spec == "the" else SYM[face]
        case Faces(faces):
            return symbols(faces)
        case Rank(rank):
            if spec == "digits":
                return FrenchRank(rank).plural
            return rank_one(rank) if spec == "one" else plural(rank)
        case Meld(faces, rank):
            return meld_words(faces, rank)
        case Count(number):
            return count_word(number)
    return format(value, spec)


_NARRATION: dict[str, str | Plural] = {
    "mille:narrate.stock": "{who} draws from the stock",
    "mille:narrate.stock#you": "You draw from the stock",
    "mille:narrate.stock#would": "{who} would draw from the stock",
    "mille:narrate.refill": (
        "{who} finds the stock empty: the pile under its top card is shuffled into a new "
        "stock, and {who} draws from it"
    ),
    "mille:narrate.refill#you": (
        "You find the stock empty: the pile under its top card is shuffled into a new "
        "stock, and you draw from it"
    ),
    "mille:narrate.refill#would": (
        "{who} would find the stock empty: the pile under its top card is shuffled into a "
        "new stock, and would draw from it"
    ),
    "mille:narrate.leave": "{who} leaves the pile, and with the stock empty the hand ends",
    "mille:narrate.leave#you": "You leave the pile, and with the stock empty the hand ends",
    "mille:narrate.leave#would": (
        "{who} would leave the pile, and with the stock empty the hand ends"
    ),
    "mille:cards": Plural("count", "{count} card", "{count} cards"),
    "mille:narrate.pile": "{who} takes the pile of {cards} with {shown} and melds {meld}",
    "mille:narrate.pile#you": "You take the pile of {cards} with {shown} and meld {meld}",
    "mille:narrate.pile#would": (
        "{who} would take the pile of {cards} with {shown} and meld {meld}"
    ),
    "mille:narrate.pile.out": (
        "{who} takes the pile of {cards} with {shown} and melds {meld} and goes out"
    ),
    "mille:narrate.pile.out#you": (
        "You take the pile of {cards} with {shown} and meld {meld} and go out"
    ),
    "mille:narrate.pile.out#would": (
        "{who} would take the pile of {cards} with {shown} and meld {meld} and go out"
    ),
    "mille:narrate.pile-add": (
        "{who} takes the pile of {cards} with {shown} and adds {meld} to the meld of {rank:plural}"
    ),
    "mille:narrate.pile-add#you": (
        "You take the pile of {cards} with {shown} and add {meld} to the meld of {rank:plural}"
    ),
    "mille:narrate.pile-add#would": (
        "{who} would take the pile of {cards} with {shown} and add {meld} to the meld of "
        "{rank:plural}"
    ),
    "mille:narrate.pile-add.out": (
        "{who} takes the pile of {cards} with {shown} and adds {meld} to the meld of "
        "{rank:plural} and goes out"
    ),
    "mille:narrate.pile-add.out#you": (
        "You take the pile of {cards} with {shown} and add {meld} to the meld of "
        "{rank:plural} and go out"
    ),
    "mille:narrate.pile-add.out#would": (
        "{who} would take the pile of {cards} with {shown} and add {meld} to the meld of "
        "{rank:plural} and go out"
    ),
    "mille:narrate.take": "{who} takes the turned-up {card} into hand",
    "mille:narrate.take#you": "You take the turned-up {card} into hand",
    "mille:narrate.take#would": "{who} would take the turned-up {card} into hand",
    "mille:narrate.meld": "{who} melds {shown} ({meld})",
    "mille:narrate.meld#you": "You meld {shown} ({meld})",
    "mille:narrate.meld#would": "{who} would meld {shown} ({meld})",
    "mille:narrate.meld.out": "{who} melds {shown} ({meld}) and goes out",
    "mille:narrate.meld.out#you": "You meld {shown} ({meld}) and go out",
    "mille:narrate.meld.out#would": "{who} would meld {shown} ({meld}) and go out",
    "mille:narrate.add": "{who} adds {shown} to the meld of {rank:plural}",
    "mille:narrate.add#you": "You add {shown} to the meld of {rank:plural}",
    "mille:narrate.add#would": "{who} would add {shown} to the meld of {rank:plural}",
    "mille:narrate.add.out": "{who} adds {shown} to the meld of {rank:plural} and goes out",
    "mille:narrate.add.out#you": "You add {shown} to the meld of {rank:plural} and go out",
    "mille:narrate.add.out#would": (
        "{who} would add {shown} to the meld of {rank:plural} and go out"
    ),
    "mille:narrate.discard": "{who} discards the {card}",
    "mille:narrate.discard#you": "You discard the {card}",
    "mille:narrate.discard#would": "{who} would discard the {card}",
    "mille:narrate.discard.out": "{who} discards the last card, the {card}, and goes out",
    "mille:narrate.discard.out#you": "You discard the last card, the {card}, and go out",
    "mille:narrate.discard.out#would": (
        "{who} would discard the last card, the {card}, and go out"
    ),
}
"""Narration: what a legal move is about to do (``words.describe``)."""

_EXPLAINED: dict[str, str | Plural] = {
    "mille:explain.out": "{said}; with no cards left you go out",
    "mille:explain.not-held": "You don't hold the {card}",
    "mille:explain.only-one": "You hold only one {card}",
    "mille:explain.none-of-rank": "You hold no {rank:plural}",
    "mille:explain.one-of-rank": "You hold only one {rank:one}",
    "mille:explain.pile-two-needs": (
        "a 2 on top of the pile can be taken only with two other 2s from your hand"
    ),
    "mille:explain.pile-needs-wild": (
        "taking the pile needs two natural {rank:plural} from your hand, or one and a 2"
    ),
    "mille:explain.pile-needs": (
        "taking the pile needs two natural {rank:plural} (not 2s) from your hand"
    ),
    "mille:explain.too-few-naturals": (
        "A meld of {rank:plural} must hold at least {least} natural {rank:plural} "
        "(min_naturals={number}); this one would hold {count}"
    ),
    "mille:explain.too-many-wilds": (
        "A meld may hold no more 2s than natural cards (wilds_at_most_naturals); this one "
        "would hold {wilds} 2s and {naturals}"
    ),
    "mille:explain.hand-over": "This hand is over; the next hand starts once the scores are in",
    "mille:explain.match-over": "The match is over: no more moves are played",
    "mille:explain.stock": "Draw the top card of the stock",
    "mille:explain.refill": (
        "The stock is empty: the pile under its top card is shuffled into a new stock "
        "(reshuffle_when_stock_empty), and you draw its top card"
    ),
    "mille:explain.stock-empty": (
        "The stock is empty: if you don't take the pile, the hand ends and nobody goes out"
    ),
    "mille:explain.draw-first": "Draw first: a turn is one draw, then melds, then one discard",
    "mille:explain.draw-first-meld": (
        "Draw first: take the top card of the stock or the whole pile; melds come after"
    ),
    "mille:explain.missing-pile": "{missing}: {needs}",
    "mille:explain.pile-not-twos": (
        "A 2 on top of the pile ({top}) can be taken only with two other 2s, and {pair} are "
        "not both 2s"
    ),
    "mille:explain.no-match-wild": (
        "Your {pair} don't match the {top} on top: taking the pile needs two natural "
        "{rank:plural}, or one and a 2"
    ),
    "mille:explain.no-match-two": (
        "Your {pair} don't match the {top} on top: a 2 is wild, and taking the pile needs "
        "two natural {rank:plural}"
    ),
    "mille:explain.no-match": (
        "Your {pair} don't match the {top} on top: taking the pile needs two natural {rank:plural}"
    ),
    "mille:explain.pile-meld": (
        "Your {pair} match the {top} on top: take the pile and meld the {three}"
    ),
    "mille:explain.pile-join": (
        "Your {pair} match the {top} on top: take the pile, and the {three} join your meld "
        "of {rank:plural}"
    ),
    "mille:explain.three-wild": "{top} {pair}",
    "mille:explain.three": "three {rank:plural}",
    "mille:explain.take-first-turn": (
        "Only on the first turn of a hand may a turned-up 2 be taken into hand"
    ),
    "mille:explain.take-not-two": (
        "Only a turned-up 2 may be taken into hand: the turned-up card is the {top}"
    ),
    "mille:explain.take-not-top": (
        "Only the turned-up card may be taken into hand: it is the {top}, not the {card}"
    ),
    "mille:explain.take-holding-two": (
        "You hold a 2 ({held}), so you may not take the turned-up {top} into hand"
    ),
    "mille:explain.take-holding-twos": (
        "You hold a 2 ({held}), so you may not take the turned-up {top} into hand; with two "
        "2s you may take the pile instead"
    ),
    "mille:explain.take": (
        "On the first turn you may take the turned-up {top} into hand as your draw"
    ),
    "mille:explain.discard-not-held": ("You don't hold the {card}: you discard from your own hand"),
    "mille:explain.discard-out": "Discard your last card, the {card}, and go out",
    "mille:explain.discard": "Discard the {card} to end your turn",
    "mille:explain.drawn": ("A turn has one draw, and you have drawn already: now meld or discard"),
    "mille:explain.meld-not-held": "{missing}: melds are laid from your own hand",
    "mille:explain.one-rank": (
        "A meld is all of one rank (2s aside): the {first} and the {second} differ"
    ),
    "mille:explain.joins": "You already have a meld of {rank:plural}, so {shown} join it",
    "mille:explain.twos-only": "Only 2s can join a meld of 2s; {shown} cannot",
    "mille:explain.wrong-rank": (
        "A meld of {rank:plural} takes only {rank:plural} and 2s; {shown} cannot join it"
    ),
    "mille:explain.one-per-rank": (
        "A player has one meld of each rank: there is no meld of {rank:plural} number {which}"
    ),
    "mille:explain.not-own": (
        "You may add cards only to your own melds and you have no meld of {rank:plural}"
    ),
    "mille:explain.not-own-which": (
        "You may add cards only to your own melds and you have no meld of {rank:plural} "
        "number {which}"
    ),
    "mille:explain.not-own-theirs": (
        "You may add cards only to your own melds, not your opponent's, and you have no "
        "meld of {rank:plural}"
    ),
    "mille:explain.not-own-theirs-which": (
        "You may add cards only to your own melds, not your opponent's, and you have no "
        "meld of {rank:plural} number {which}"
    ),
    "mille:explain.add": "Add {shown} to your meld of {rank:plural}",
    "mille:explain.too-short": Plural(
        "n",
        "A meld needs at least three cards of one rank; {shown} is {count}",
        "A meld needs at least three cards of one rank; {shown} are {count}",
    ),
    "mille:explain.twos-meld": "Meld {shown}: a meld of 2s alone is natural",
    "mille:explain.meld": "Meld {shown}: {naturals}",
    "mille:explain.meld-wild": "Meld {shown}: {naturals}, with {wilds} wild",
    "mille:explain.how-many": Plural("n", "one {rank:one}", "{count} {rank:plural}"),
}
"""Explanations and refusals: why a move is legal or not (``legality.judge``)."""

_LOG: dict[str, str | Plural] = {
    "mille:log.cut-again": "Both cut {rank:plural}: they cut again",
    "mille:log.cut": "{south} cuts the {a} and {north} the {b}: the higher card deals, so {deals}",
    "mille:log.cut#you.south": (
        "You cut the {a} and {north} the {b}: the higher card deals, so {deals}"
    ),
    "mille:log.cut#you.north": (
        "{south} cuts the {a} and you the {b}: the higher card deals, so {deals}"
    ),
    "mille:log.cut-low": (
        "{south} cuts the {a} and {north} the {b}: the lower card deals, so {deals}"
    ),
    "mille:log.cut-low#you.south": (
        "You cut the {a} and {north} the {b}: the lower card deals, so {deals}"
    ),
    "mille:log.cut-low#you.north": (
        "{south} cuts the {a} and you the {b}: the lower card deals, so {deals}"
    ),
    "mille:log.deals-first": "{who} deals first",
    "mille:log.deals-first#you": "you deal first",
    "mille:log.deal": (
        "Hand {hand}: {who} deals fifteen cards each and turns up the {card}; {first} plays first"
    ),
    "mille:log.deal#you": (
        "Hand {hand}: you deal fifteen cards each and turn up the {card}; {first} plays first"
    ),
    "mille:log.deal#you.first": (
        "Hand {hand}: {who} deals fifteen cards each and turns up the {card}; you play first"
    ),
    "mille:log.next-dealer": "The deal alternates: {who} deals hand {hand}",
    "mille:log.next-dealer#you": "The deal alternates: you deal hand {hand}",
    "mille:log.stock-empty": "The stock is empty and {who} cannot take the pile: the hand ends",
    "mille:log.stock-empty#you": "The stock is empty and you cannot take the pile: the hand ends",
    "mille:log.goes-out": "{who} has no cards left and goes out",
    "mille:log.goes-out#you": "You have no cards left and go out",
    "mille:log.announce": Plural(
        "n", "{who} is down to one card", "{who} is down to {count} cards"
    ),
    "mille:log.announce#you": Plural(
        "n", "You are down to one card", "You are down to {count} cards"
    ),
    "mille:log.hand-scores": "Hand {hand} scores: {south} {s}, {north} {n}; totals {t0} to {t1}",
    "mille:log.hand-scores#you.south": (
        "Hand {hand} scores: you {s}, {north} {n}; totals {t0} to {t1}"
    ),
    "mille:log.hand-scores#you.north": (
        "Hand {hand} scores: {south} {s}, you {n}; totals {t0} to {t1}"
    ),
    "mille:log.level": "The totals are level at {total}: another hand",
    "mille:log.wins-match": "{who} wins the match, {high} to {low}",
    "mille:log.wins-match#you": "You win the match, {high} to {low}",
    "mille:log.skunk": (
        "{who} wins the match, {high} to {low}: a skunk, the loser being under {limit}"
    ),
    "mille:log.skunk#you": (
        "You win the match, {high} to {low}: a skunk, the loser being under {limit}"
    ),
}
"""The public log's events, in the third person, and for the reader the seat it names
(``#you``, ``#you.<parameter>``)."""

_VARIANTS = {
    "mille:variant.low_cut_deals.true": "the lower card of the cut deals first",
    "mille:variant.low_cut_deals.false": "the higher card of the cut deals first",
    "mille:variant.pile_pair_may_use_wild.true": (
        "one natural card and a 2 are enough to take the pile"
    ),
    "mille:variant.pile_pair_may_use_wild.false": "taking the pile needs two natural cards",
    "mille:variant.first_two_any.true": "the turned-up 2 may be taken whatever 2s you hold",
    "mille:variant.first_two_any.false": "the turned-up 2 is taken as the rulebook says",
    "mille:variant.reshuffle_when_stock_empty.true": (
        "when the stock runs out, the pile under its top card becomes a new stock"
    ),
    "mille:variant.reshuffle_when_stock_empty.false": "the hand ends when the stock runs out",
    "mille:variant.min_naturals": Plural(
        "value",
        "a meld of a rank other than 2 needs at least {value} natural card",
        "a meld of a rank other than 2 needs at least {value} natural cards",
    ),
    "mille:variant.wilds_at_most_naturals.true": "a meld holds no more 2s than natural cards",
    "mille:variant.wilds_at_most_naturals.false": "a meld may hold more 2s than natural cards",
    "mille:variant.many_melds_per_rank.true": "you may have several melds of one rank",
    "mille:variant.many_melds_per_rank.false": "one meld per rank",
    "mille:variant.doubling_caps_at_two.true": "the two doublings do not multiply: double at most",
    "mille:variant.doubling_caps_at_two.false": "the two doublings multiply",
    "mille:variant.target": "the match is played to {value:,} points",
    "mille:variant.skunk_below": "a loser under {value:,} points is skunked",
}
"""The deal-code variants in plain words (``dealcode.variant_message``)."""

_DOUBLINGS: dict[str, str | Plural] = {
    "mille:doubling.natural-meld": "all eight {rank:plural} with no wild: double",
    "mille:doubling.stack": ("going out natural doubles it again: the doublings multiply"),
    "mille:doubling.stack.capped": (
        "going out natural adds nothing more: double at most (doubling_caps_at_two)"
    ),
    "mille:doubling.naturals": "went out natural: double",
}
"""Why a meld's value is doubled (or, capped, not doubled again), by the last part of the rule
(``results.doubling_message``)."""

_GOALS: dict[str, str | Plural] = {
    "mille:goal.not-pile": "{move} is allowed, but the goal is to take the pile",
    "mille:goal.not-two": "{move} is allowed, but the goal is to take the turned-up 2",
    "mille:goal.not-meld": "{move} is allowed, but the goal is to meld",
    "mille:goal.not-out": "After {move} you still hold cards: not out yet",
    "mille:goal.first-player": "{who} deals, so the opponent plays first",
    "mille:goal.worth": "{card:The} is worth {value}",
    "mille:goal.cut": "{south} cuts {a:the} and {north} {b:the}: the higher card deals",
    "mille:goal.cut-low": "{south} cuts {a:the} and {north} {b:the}: the lower card deals",
    "mille:goal.copies": "Two decks are shuffled together: {card:the} is there {count} times",
    "mille:goal.announced": "{said}: it is announced",
    "mille:goal.not-announced": "After {move} you hold {left} cards: nothing is announced",
    "mille:goal.skunk": "The loser has {low}: under 600",
    "mille:goal.no-skunk": "The loser has {low}: not under 600",
    "mille:goal.winner": "The totals are {t0} to {t1}: the higher total wins",
    "mille:score.meld": "meld {cards}: {value}",
    "mille:score.in-hand": "left in hand, {cards}: minus",
    "mille:score.went-out": "went out: the hand ended",
    "mille:score.wild": "a 2 used as a wild (in the {cards}): no doubling",
    "mille:score.stock-out": "the stock ran out: nobody went out",
}
"""The exercises' answers and goal refusals (``goals.py``)."""

_HINTS: dict[str, str | Plural] = {
    "mille:word.deal": "hand",
    "mille:word.match": "match",
    "mille:hint.group.draw": "Draw",
    "mille:hint.group.meld": "Meld",
    "mille:hint.group.add": "Add to a meld",
    "mille:hint.group.discard": "Discard",
    "mille:hint.wild-note": (
        "Using a 2 as a wild gives up the doubling of your melds for going out natural "
        "(mille.score.naturals)."
    ),
}
"""The game's words for a deal and a match (``GameSpec.word``), the hints' group names and the
note on a first 2 used as a wild (``hints``)."""

_PICTURE: dict[str, str | Plural] = {
    "mille:drawing.heading": (
        "Mille, hand {hand} (dealer {dealer}) · {word} {totals} · target {target}"
    ),
    "mille:drawing.totals": "totals",
    "mille:drawing.totals.both": "{south} {t0}, {north} {t1}",
    "mille:drawing.hand": "{who}'s hand: {cards}",
    "mille:drawing.hand.yours": "{who}'s hand (yours): {cards}",
    "mille:drawing.hand.end": "{who}'s hand at the end: {cards}",
    "mille:drawing.known": "known to hold (taken from the pile)",
    "mille:drawing.stock": "Stock: {cards}",
    "mille:drawing.pile": "Discard pile: {cards}, top card last",
    "mille:drawing.empty": "empty",
    "mille:drawing.melds": "{who}'s melds",
    "mille:drawing.melds.none": "none yet",
    "mille:drawing.meld": "{rank:plural} ({value})",
    "mille:drawing.rank": "{rank:plural}",
    "mille:drawing.match-over": "The match is over: {who} wins",
    "mille:drawing.match-over.skunk": "The match is over: {who} wins with a skunk",
    "mille:drawing.hand-over": "Hand {hand} is over: {south} {s:+d}, {north} {n:+d}",
    "mille:drawing.draw": "{who} draws from the stock or takes the pile",
    "mille:drawing.meld-phase": "{who} melds, then discards",
    "mille:drawing.to-move": "{who} is to move",
    "mille:drawing.nobody": "Nobody is to move",
    "mille:drawing.last": "Last: {said}",
}
"""The words of a position's picture (``drawing.view_html``): labels, heading and status."""

_DEMOS: dict[str, str | Plural] = {
    "mille:demo.draw-pile": "The 9♠ is on top of the pile.",
    "mille:demo.pile-of-two": "A 2 is on top of the pile.",
    "mille:demo.first-two": "The first turn of a hand: a 2 was turned up.",
    "mille:demo.turn-order": "You have not drawn yet.",
    "mille:demo.melds": "You have drawn; now you may meld.",
    "mille:demo.twos": "Three 2s in hand.",
    "mille:demo.own-melds": "You have a meld of Kings; North has a meld of 7s.",
    "mille:demo.discard": "Melding done: end the turn.",
    "mille:demo.go-out": "One card left.",
}
"""The captions of the rule demonstrations (``demos.py``), by demonstration name."""

_REFUSED: dict[str, str | Plural] = {
    # moves.py: a move's text that cannot be read (InvalidMoveError)
    "mille:move.grammar": "stock, pile 9H 9C, take 2C, meld 9H 9C 2S, add K KD 2S or discard QS",
    "mille:move.empty": "an empty move: write one of {grammar}",
    "mille:move.unknown": "{word} is not a Mille move: write one of {grammar}",
    "mille:move.not-text": "a move must be text like 'discard QS', not {given}",
    "mille:move.count": "{kind} takes {need}, not {got}: write it like {example}",
    "mille:move.count.least": "{kind} takes at least {need}, not {got}: write it like {example}",
    "mille:move.need.0": "no card",
    "mille:move.need.1": "one card",
    "mille:move.need.2": "two cards",
    "mille:move.rank-after-add": "write a meld's rank after add, like {example}",
    "mille:move.which": "a meld number must be 1 or more, not {which}",
    "mille:move.which-not-add": "only add names one of several melds",
    "mille:move.add-needs": "add needs a rank and cards: write it like add K KD 2S",
    "mille:move.add-rank": (
        "{word} is not a rank: after add write the meld's rank, like add K KD 2S"
    ),
    "mille:move.add-which": "{word}: after # write a meld number, like K#2",
    # game.py
    "mille:game.not-a-move": "not a Mille move: {given}",
    "mille:game.rules": "rules must be a mille.Rules, not {given}",
    "mille:game.seat": "a Mille seat is 0 (South) or 1 (North), not {given}",
    "mille:game.two-names": "give two names, for seats 0 and 1",
    "mille:game.no-next-hand": "The match is over: there is no next hand",
    "mille:game.hand-on": (
        "This hand is still being played: it ends when a player goes out or the stock runs out"
    ),
    # rules.py (ArgumentError)
    "mille:rules.yes-no": "Rules.{name} must be true or false, not {given}",
    "mille:rules.number": "Rules.{name} must be a whole number from {low} to {high}, not {given}",
    # view.py and sampling.py: a view's JSON form that is not a Mille view (SavedGameError)
    "mille:view.not-mille": "not a Mille view",
    "mille:view.broken": "not a Mille view: {given}",
    "mille:view.seat": "not a Mille view: a seat is 0 or 1",
    "mille:view.players": "not a Mille view: its players must be seats 0 and 1, in order",
    "mille:view.hand-size": "not a Mille view: the hand and its size differ",
    "mille:view.range": "not a Mille view: a deal number or a size is out of range",
    "mille:view.card-thrice": "the view shows a card more than twice",
    "mille:view.sizes": "the view's hand and stock sizes do not add up to 104 cards",
    # goals.py: a task that does not fit its position or its ``about`` (TaskError)
    "mille:goal.task.card": "{question} needs a card to ask about: {error}",
    "mille:goal.task.cut": "cut needs South's card then North's, like 'QS 9H'",
    "mille:goal.task.cut-equal": "cut needs two cards of different ranks: equal ranks cut again",
    "mille:goal.task.announced": "announced needs a position where someone is to move",
    "mille:goal.task.match-over": "this question needs a position where the match is over",
    "mille:goal.task.choose": "a choose task needs a position where someone is to move",
    "mille:goal.task.lay-off-about": "lay-off takes no about",
    "mille:goal.task.lay-off-phase": "lay-off needs a position after the draw (phase: meld)",
    "mille:goal.task.worth": "worth needs a number of points to ask about, like about = '10'",
    "mille:goal.task.score": "a score task needs a finished hand (phase: hand-over)",
}
"""Refusals: moves that cannot be read, values the engine does not take, views that are
not Mille's and exercise tasks that do not fit their position (``{given}``: what was given,
as written)."""

CATALOG = register(
    Catalog(
        "mille",
        {
            **_NARRATION,
            **_EXPLAINED,
            **_LOG,
            **_VARIANTS,
            **_HINTS,
            **_DOUBLINGS,
            **_GOALS,
            **_PICTURE,
            **_DEMOS,
            **_REFUSED,
        },
        word=_word,
        spoken_words=SPOKEN_WORDS,
        spoken_specs=SPOKEN_SPECS,
        spoken_seats=SPOKEN_SEATS,
        seats=("South", "North"),
    )
)
"""Mille's English sentences, registered under the namespace ``mille``."""

RULEBOOK_WORDS = register(rulebook_catalog(RULEBOOK))
"""Mille's rulebook in words (``rulebook:<rule id>.title``, ``.text``, ``.section``): its
entries said through the message layer, so that they are translated here like its sentences."""
