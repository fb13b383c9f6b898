"""Mililla's English catalog: its sentences as whole templates, and how its cards read.

Narration has three forms per sentence (see ``cardschool.engine.messages``): the third
person (``"{who} leads {card}"``), the second person (``#you``) and what a seat would do
(``#would``, the review's "The expert would ...").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Catalog, Plural, register
from .moves import SEAT_NAMES
from .tables import CARDS, SUITS

__all__ = ["CATALOG", "Card", "Suit"]


@dataclass(frozen=True, slots=True)
class Card:
    """A card in a sentence: ``{card}`` is ``the 4 of cups``, ``{card:name}`` ``4 of cups``,
    ``{card:rank}`` ``4``."""

    index: int


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit in a sentence: ``{suit}`` is ``cups``, ``{suit:one}`` is ``cup``."""

    index: int


def _word(value: object, spec: str) -> str:
    """How Mililla's own values read in English."""
    match value:
        case Card(index):
            card = CARDS[index]
            if spec == "name":
                return card.name
            return card.rank.noun if spec == "rank" else card.the
        case Suit(index):
            suit = SUITS[index]
            return suit.singular if spec == "one" else suit.noun
    return format(value, spec)


def _three(key: str, third: str, you: str, would: str) -> dict[str, str | Plural]:
    return {key: third, f"{key}#you": you, f"{key}#would": would}


_NARRATION: dict[str, str | Plural] = {
    **_three(
        "mililla.narrate.lead",
        "{who} leads {card}",
        "You lead {card}",
        "{who} would lead {card}",
    ),
    **_three(
        "mililla.narrate.sevens",
        "{who} plays {card}: only 7s of unopened suits were left",
        "You play {card}: only 7s of unopened suits were left",
        "{who} would play {card}: only 7s of unopened suits were left",
    ),
    **_three(
        "mililla.narrate.follow-partner",
        "{who} follows suit with {card}; the partner is winning",
        "You follow suit with {card}; the partner is winning",
        "{who} would follow suit with {card}; the partner is winning",
    ),
    **_three(
        "mililla.narrate.follow-trumped",
        "{who} follows suit with {card}; the trick has been trumped",
        "You follow suit with {card}; the trick has been trumped",
        "{who} would follow suit with {card}; the trick has been trumped",
    ),
    **_three(
        "mililla.narrate.follow-low",
        "{who} follows suit with {card}, unable to beat {win}",
        "You follow suit with {card}, unable to beat {win}",
        "{who} would follow suit with {card}, unable to beat {win}",
    ),
    **_three(
        "mililla.narrate.beat",
        "{who} beats {win} with {card}",
        "You beat {win} with {card}",
        "{who} would beat {win} with {card}",
    ),
    **_three(
        "mililla.narrate.trump",
        "{who} trumps with {card}: no {led} left, and the opponents were winning",
        "You trump with {card}: no {led} left, and the opponents were winning",
        "{who} would trump with {card}: no {led} left, and the opponents were winning",
    ),
    **_three(
        "mililla.narrate.overtrump",
        "{who} overtrumps with {card}: no {led} left, and the opponents were winning",
        "You overtrump with {card}: no {led} left, and the opponents were winning",
        "{who} would overtrump with {card}: no {led} left, and the opponents were winning",
    ),
    **_three(
        "mililla.narrate.free-partner",
        "{who} plays {card}: no {led} left, and the partner is winning",
        "You play {card}: no {led} left, and the partner is winning",
        "{who} would play {card}: no {led} left, and the partner is winning",
    ),
    **_three(
        "mililla.narrate.free",
        "{who} plays {card}: no {led} left",
        "You play {card}: no {led} left",
        "{who} would play {card}: no {led} left",
    ),
    **_three(
        "mililla.narrate.free-low",
        "{who} plays {card}: no {led} left and no trump to beat {win}",
        "You play {card}: no {led} left and no trump to beat {win}",
        "{who} would play {card}: no {led} left and no trump to beat {win}",
    ),
}
"""Narration: a legal card about to be played (``words.narrate_card``)."""

CATALOG = register(Catalog("mililla", {**_NARRATION}, word=_word, seats=SEAT_NAMES))
"""Mililla's English sentences, registered under the namespace ``mililla``."""
