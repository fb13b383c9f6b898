"""How Mililla's own values read in French and Spanish: cards, suits, lists of them, seats.

The sentences are translated in ``locale/``; the values inside them are said here, and
``messages.CATALOG`` reads these words (``spoken_words``, ``spoken_seats``) while French or
Spanish is spoken, its English ``_word`` otherwise. Each placeholder keeps its English role:

* ``{card}``: the card with its article (``le 4 de coupes``, ``l'as de deniers``,
  ``le cavalier d'épées``; ``el 4 de copas``, ``la sota de oros``), ``{card:cap}`` the same
  with a capital, ``{card:name}`` without the article (``4 de coupes``), ``{card:suit}`` its
  suit (``coupes``, ``copas``) and ``{card:rank}`` its rank (``cavalier``, ``caballo``);
* ``{card:of}``: the card after ``of``, ``{card:to}`` after ``to``, contracted where the
  language contracts them (``du 4 de coupes``, ``de l'as d'épées``, ``au roi de bâtons``;
  ``del 4 de copas``, ``de la sota de oros``, ``al rey de bastos``); ``{card:suit-of}`` its
  suit after ``of`` (``d'épées``, ``de copas``);
* ``{suit}``: a suit, no article (``épées``, ``espadas``); ``{suit:one}`` one card of it
  (``épée``, ``espada``); ``{suit:of}`` and ``{suit:one-of}`` the same after ``of``, elided
  where the language elides it (``d'épées``, ``de coupes``, ``d'épée``; ``de espadas``);
  ``{suits}`` several (``coupes, épées et bâtons``);
* ``{cards:same-suit}``: ``le 4 et le cavalier de coupes``; ``{cards:or-the}``: ``le 4, le 5
  ou le 7``; ``{cards:or-ranks}``: ``cavalier ou roi`` (``caballo o rey``).

    >>> from cardschool.engine.mililla.messages import Card, Cards
    >>> from cardschool.engine.mililla.tables import index_of
    >>> french(Card(index_of("HE")), ""), spanish(Card(index_of("JO")), "cap")
    ("le cavalier d'épées", 'La sota de oros')
    >>> french(Cards((index_of("4C"), index_of("HC"))), "same-suit")
    'le 4 et le cavalier de coupes'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import SpanishCard, SpanishRank, SpanishSuit, speak_deck
from ..languages import spoken_words
from ..messages import YOU
from . import messages
from .tables import CARDS, SUITS

__all__ = [
    "FRENCH",
    "SPANISH",
    "SPOKEN_SEATS",
    "SPOKEN_SPECS",
    "SPOKEN_WORDS",
    "RankWords",
    "SuitWords",
    "Words",
    "deck_said",
    "french",
    "said",
    "spanish",
]


class RankWords(NamedTuple):
    """How one rank reads in a language."""

    the: str
    """Its definite article as written before it (``le ``, ``l'``, ``la ``)."""
    noun: str
    """Its name (``4``, ``cavalier``, ``sota``)."""


class SuitWords(NamedTuple):
    """How one suit reads in a language."""

    plural: str
    """The suit (``coupes``, ``copas``)."""
    one: str
    """One card of it (``coupe``, ``copa``)."""
    of: str
    """The suit after a card's rank, ``of`` elided where the language elides it
    (``de coupes``, ``d'épées``, ``de espadas``)."""


@dataclass(frozen=True)
class Words:
    """One language's words for Mililla's values."""

    ranks: Mapping[SpanishRank, RankWords]
    """Each rank's words."""
    suits: Mapping[SpanishSuit, SuitWords]
    """Each suit's words."""
    and_: str
    """The word before the last of a list of cards or suits (``et``, ``y``)."""
    or_: str
    """The word before the last of a choice of cards or ranks (``ou``, ``o``)."""
    of_the: Mapping[str, str]
    """``of`` and each definite article, contracted (``le `` is ``du ``; ``el `` is ``del ``)."""
    to_the: Mapping[str, str]
    """``to`` and each definite article, contracted (``le `` is ``au ``; ``el `` is ``al ``)."""


FRENCH = Words(
    ranks={
        SpanishRank.ACE: RankWords("l'", "as"),
        SpanishRank.TWO: RankWords("le ", "2"),
        SpanishRank.THREE: RankWords("le ", "3"),
        SpanishRank.FOUR: RankWords("le ", "4"),
        SpanishRank.FIVE: RankWords("le ", "5"),
        SpanishRank.SIX: RankWords("le ", "6"),
        SpanishRank.SEVEN: RankWords("le ", "7"),
        SpanishRank.JACK: RankWords("le ", "valet"),
        SpanishRank.HORSE: RankWords("le ", "cavalier"),
        SpanishRank.KING: RankWords("le ", "roi"),
    },
    suits={
        SpanishSuit.COINS: SuitWords("deniers", "denier", "de deniers"),
        SpanishSuit.CUPS: SuitWords("coupes", "coupe", "de coupes"),
        SpanishSuit.SWORDS: SuitWords("épées", "épée", "d'épées"),
        SpanishSuit.CLUBS: SuitWords("bâtons", "bâton", "de bâtons"),
    },
    and_="et",
    or_="ou",
    of_the={"le ": "du ", "la ": "de la ", "l'": "de l'"},
    to_the={"le ": "au ", "la ": "à la ", "l'": "à l'"},
)
"""Mililla's values in French: ``le 4 de coupes``, ``l'as de deniers``, ``le cavalier d'épées``."""

SPANISH = Words(
    ranks={
        SpanishRank.ACE: RankWords("el ", "as"),
        SpanishRank.TWO: RankWords("el ", "2"),
        SpanishRank.THREE: RankWords("el ", "3"),
        SpanishRank.FOUR: RankWords("el ", "4"),
        SpanishRank.FIVE: RankWords("el ", "5"),
        SpanishRank.SIX: RankWords("el ", "6"),
        SpanishRank.SEVEN: RankWords("el ", "7"),
        SpanishRank.JACK: RankWords("la ", "sota"),
        SpanishRank.HORSE: RankWords("el ", "caballo"),
        SpanishRank.KING: RankWords("el ", "rey"),
    },
    suits={
        SpanishSuit.COINS: SuitWords("oros", "oro", "de oros"),
        SpanishSuit.CUPS: SuitWords("copas", "copa", "de copas"),
        SpanishSuit.SWORDS: SuitWords("espadas", "espada", "de espadas"),
        SpanishSuit.CLUBS: SuitWords("bastos", "basto", "de bastos"),
    },
    # "y" and "o" stay: no rank or suit here starts with the i- or o- sound that makes
    # them "e" and "u" (a list's next word is an article, a rank or a suit)
    and_="y",
    or_="o",
    of_the={"el ": "del ", "la ": "de la "},
    to_the={"el ": "al ", "la ": "a la "},
)
"""Mililla's values in Spanish: ``el 4 de copas``, ``la sota de oros``, ``el as de espadas``."""


def _listed(words: list[str], last: str) -> str:
    """``a``, ``a et b``, ``a, b et c`` (or ``ou``; ``y``, ``o``)."""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _name(words: Words, index: int) -> str:
    """A card without its article: ``4 de coupes``, ``cavalier d'épées``."""
    card = CARDS[index]
    return f"{words.ranks[card.rank].noun} {words.suits[card.suit].of}"


def _cards(words: Words, indexes: tuple[int, ...], spec: str) -> str:
    """Some cards: one suit's (``le 4 et le cavalier de coupes``), or a choice of them."""
    ranks = [words.ranks[CARDS[i].rank] for i in indexes]
    if spec == "or-ranks":
        return f" {words.or_} ".join(rank.noun for rank in ranks)
    named = [rank.the + rank.noun for rank in ranks]
    if spec == "or-the":
        return _listed(named, words.or_)
    return f"{_listed(named, words.and_)} {words.suits[CARDS[indexes[0]].suit].of}"  # same-suit


def said(words: Words, value: object, spec: str) -> str:
    """How one of Mililla's values reads in the language of ``words`` (see the module)."""
    match value:
        case messages.Card(index):
            card = CARDS[index]
            if spec == "name":
                return _name(words, index)
            if spec == "suit":
                return words.suits[card.suit].plural
            if spec == "rank":
                return words.ranks[card.rank].noun
            if spec == "suit-of":
                return words.suits[card.suit].of
            if spec in ("of", "to"):
                the = words.ranks[card.rank].the
                after = words.of_the if spec == "of" else words.to_the
                return after[the] + _name(words, index)
            the = words.ranks[card.rank].the + _name(words, index)
            return the[:1].upper() + the[1:] if spec == "cap" else the
        case messages.Suit(index):
            suit = words.suits[SUITS[index]]
            if spec == "of":
                return suit.of
            if spec == "one-of":  # "of" as the suit's own words have it: d'épée
                return suit.of[: len(suit.of) - len(suit.plural)] + suit.one
            return suit.one if spec == "one" else suit.plural
        case messages.Cards(indexes):
            return _cards(words, indexes, spec)
        case messages.Suits(indexes):
            return _listed([words.suits[SUITS[i]].plural for i in indexes], words.and_)
    return format(value, spec)


SPOKEN_SPECS = frozenset({"of", "to", "suit-of", "one-of"})
"""The forms a translation may ask of Mililla's values beyond the English ones (the module's
list): the catalog's ``spoken_specs``."""

SPOKEN_WORDS = spoken_words(said, {"fr": FRENCH, "es": SPANISH})
"""Mililla's values in each language but English (the catalog's ``spoken_words``)."""


def deck_said(words: Words, value: object, spec: str) -> str:
    """A Spanish card or suit named alone, in the language of ``words``: ``sota de oros``,
    with ``the`` ``la sota de oros``; a suit as ``{suit}`` says it (``oros``)."""
    if isinstance(value, SpanishSuit):
        return words.suits[value].plural
    if isinstance(value, SpanishCard):
        return said(words, messages.Card(value.index), "" if spec == "the" else "name")
    return format(value, spec)


speak_deck((SpanishCard, SpanishSuit), spoken_words(deck_said, {"fr": FRENCH, "es": SPANISH}))

french, spanish = SPOKEN_WORDS["fr"], SPOKEN_WORDS["es"]
"""How one of Mililla's values reads in French, in Spanish."""

SPOKEN_SEATS = {
    "fr": {"South": "Sud", "East": "Est", "North": "Nord", "West": "Ouest", YOU: "vous"},
    "es": {"South": "Sur", "East": "Este", "North": "Norte", "West": "Oeste", YOU: "tú"},
}
"""Mililla's seats, and the learner's, in each language but English (``spoken_seats``)."""
