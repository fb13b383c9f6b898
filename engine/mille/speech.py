"""How Mille's own values read in French and Spanish: cards, ranks, counts, melds and seats.

The sentences are translated in ``locale/``; the values inside them are said here, and
``messages.CATALOG`` reads these words (``spoken_words``, ``spoken_seats``) while French or
Spanish is spoken, its English ``_word`` otherwise. Each placeholder keeps its English role:

* ``{card}`` and ``{shown}``: the symbols, in every language (``Q♠``, ``9♥ 9♣ 2♠``);
* ``{card:the}``: the card with its article (``la dame de pique``, ``l'as de cœur``,
  ``la reina de picas``), ``{card:The}`` the same with a capital; ``{card:of-the}`` after
  ``of``, ``{card:to-the}`` after ``to``, contracted where the language contracts them
  (``du 10 de pique``, ``de l'as de cœur``, ``au 10 de pique``; ``del 10 de picas``,
  ``a la reina de picas``); ``{card:the-sym}`` the symbols with the rank's article (``la
  Q♠``, ``l'A♥``, ``el 10♠``), ``{card:of-the-sym}`` the same after ``of`` (``de la Q♠``,
  ``du 10♠``, ``del 10♠``); ``{shown:the-sym}`` and ``{shown:of-the-sym}`` the same for
  one card's symbols (several keep no article);
* ``{rank:plural}`` (and ``{rank}``): the rank's plural, no article (``neuf``, ``dames``;
  ``nueves``, ``reinas``); ``{rank:one}`` one card of it (``neuf``, ``dame``);
  ``{rank:digits}`` the plural as the cards print it (``9``, ``dames``; ``9``, ``reinas``);
  ``{rank:a}`` one card of it with its article (``une dame``, ``un as``; ``una reina``);
  ``{rank:of}`` the plural after ``of``, elided where the language elides it (``de dames``,
  ``d'as``; ``de ases``);
* ``{count}``: a small count of cards in words (``une``, ``trois``; ``una``, ``tres``);
* ``{meld}``: what some meld cards are (``trois neuf``, ``deux rois et un 2 joker``;
  ``tres nueves``, ``dos reyes y un 2 comodín``).

    >>> from cardschool.engine.mille.messages import Face, Meld
    >>> from cardschool.engine.mille.tables import face_of
    >>> french(Face(face_of("QS")), "the"), spanish(Face(face_of("AH")), "The")
    ('la dame de pique', 'El as de corazones')
    >>> french(Meld((face_of("KS"), face_of("KH"), face_of("2C")), 13), "")
    'deux rois et un 2 joker'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import FrenchCard, FrenchSuit, speak_deck
from ..languages import spoken_words
from ..messages import YOU
from . import messages
from .tables import CARDS, RANK, SYM, symbols

__all__ = [
    "FRENCH",
    "SPANISH",
    "SPOKEN_SEATS",
    "SPOKEN_SPECS",
    "SPOKEN_WORDS",
    "RankWords",
    "Words",
    "deck_said",
    "french",
    "said",
    "spanish",
]


class RankWords(NamedTuple):
    """How one rank reads in a language."""

    the: str
    """Its definite article as written before it (``le ``, ``la ``, ``l'``, ``el ``)."""
    a: str
    """Its indefinite article for one card (``un ``, ``une ``, ``una ``)."""
    card: str
    """Its name in a card's name (``10``, ``dame``)."""
    one: str
    """One card of it (``dix``, ``dame``)."""
    plural: str
    """Cards of it (``dix``, ``dames``; ``dieces``, ``reinas``)."""
    digits: str
    """Cards of it as the cards print it (``10``, ``dames``)."""


@dataclass(frozen=True)
class Words:
    """One language's words for Mille's values."""

    ranks: Mapping[int, RankWords]
    """Each rank's words, by its number (2 to 14, the Ace)."""
    suits: Mapping[FrenchSuit, str]
    """Each suit as a card's name says it after ``of``."""
    of: str
    """The word between a card's rank and its suit."""
    counts: tuple[str, ...]
    """Small counts of cards (0 to 16) in words; larger ones are written in digits."""
    and_: str
    """The word joining the naturals and the wild 2s of a meld."""
    wild: str
    """One wild 2."""
    wilds: str
    """Wild 2s, after their count."""
    of_the: Mapping[str, str]
    """``of`` and each definite article, contracted (``le `` is ``du ``; ``el `` is ``del ``)."""
    to_the: Mapping[str, str]
    """``to`` and each definite article, contracted (``le `` is ``au ``; ``el `` is ``al ``)."""
    of_vowel: str
    """``of`` before a vowel (``d'``: ``d'as``)."""


FRENCH = Words(
    ranks={
        14: RankWords("l'", "un ", "as", "as", "as", "as"),
        13: RankWords("le ", "un ", "roi", "roi", "rois", "rois"),
        12: RankWords("la ", "une ", "dame", "dame", "dames", "dames"),
        11: RankWords("le ", "un ", "valet", "valet", "valets", "valets"),
        10: RankWords("le ", "un ", "10", "dix", "dix", "10"),
        9: RankWords("le ", "un ", "9", "neuf", "neuf", "9"),
        8: RankWords("le ", "un ", "8", "huit", "huit", "8"),
        7: RankWords("le ", "un ", "7", "sept", "sept", "7"),
        6: RankWords("le ", "un ", "6", "six", "six", "6"),
        5: RankWords("le ", "un ", "5", "cinq", "cinq", "5"),
        4: RankWords("le ", "un ", "4", "quatre", "quatre", "4"),
        3: RankWords("le ", "un ", "3", "trois", "trois", "3"),
        2: RankWords("le ", "un ", "2", "2", "2", "2"),
    },
    suits={
        FrenchSuit.SPADES: "pique",
        FrenchSuit.HEARTS: "cœur",
        FrenchSuit.DIAMONDS: "carreau",
        FrenchSuit.CLUBS: "trèfle",
    },
    of="de",
    counts=(
        "zéro",
        "une",
        "deux",
        "trois",
        "quatre",
        "cinq",
        "six",
        "sept",
        "huit",
        "neuf",
        "dix",
        "onze",
        "douze",
        "treize",
        "quatorze",
        "quinze",
        "seize",
    ),
    and_="et",
    wild="un 2 joker",
    wilds="2 jokers",
    of_the={"le ": "du ", "la ": "de la ", "l'": "de l'"},
    to_the={"le ": "au ", "la ": "à la ", "l'": "à l'"},
    of_vowel="d'",
)
"""Mille's values in French: ``la dame de pique``, ``trois neuf``, ``un 2 joker``."""

SPANISH = Words(
    ranks={
        14: RankWords("el ", "un ", "as", "as", "ases", "ases"),
        13: RankWords("el ", "un ", "rey", "rey", "reyes", "reyes"),
        12: RankWords("la ", "una ", "reina", "reina", "reinas", "reinas"),
        11: RankWords("la ", "una ", "jota", "jota", "jotas", "jotas"),
        10: RankWords("el ", "un ", "10", "diez", "dieces", "10"),
        9: RankWords("el ", "un ", "9", "nueve", "nueves", "9"),
        8: RankWords("el ", "un ", "8", "ocho", "ochos", "8"),
        7: RankWords("el ", "un ", "7", "siete", "sietes", "7"),
        6: RankWords("el ", "un ", "6", "seis", "seises", "6"),
        5: RankWords("el ", "un ", "5", "cinco", "cincos", "5"),
        4: RankWords("el ", "un ", "4", "cuatro", "cuatros", "4"),
        3: RankWords("el ", "un ", "3", "tres", "treses", "3"),
        2: RankWords("el ", "un ", "2", "2", "2", "2"),
    },
    suits={
        FrenchSuit.SPADES: "picas",
        FrenchSuit.HEARTS: "corazones",
        FrenchSuit.DIAMONDS: "diamantes",
        FrenchSuit.CLUBS: "tréboles",
    },
    of="de",
    counts=(
        "cero",
        "una",
        "dos",
        "tres",
        "cuatro",
        "cinco",
        "seis",
        "siete",
        "ocho",
        "nueve",
        "diez",
        "once",
        "doce",
        "trece",
        "catorce",
        "quince",
        "dieciséis",
    ),
    and_="y",  # never before an i- word here ("y un", "y dos"), so never "e"
    wild="un 2 comodín",
    wilds="2 comodines",
    of_the={"el ": "del ", "la ": "de la "},
    to_the={"el ": "al ", "la ": "a la "},
    of_vowel="de ",
)
"""Mille's values in Spanish: ``la reina de picas``, ``tres nueves``, ``un 2 comodín``."""


def _count(words: Words, number: int) -> str:
    """A small count of cards in words (``trois``); larger ones as digits."""
    return words.counts[number] if 0 <= number < len(words.counts) else str(number)


def _how_many(words: Words, number: int, rank: int) -> str:
    """Some cards of one rank: ``une dame``, ``trois neuf``, ``dos reyes``."""
    named = words.ranks[rank]
    if number == 1:
        return named.a + named.one
    return f"{_count(words, number)} {named.plural}"


def _meld(words: Words, faces: tuple[int, ...], rank: int) -> str:
    """What some meld cards are: ``trois neuf``, ``deux rois et un 2 joker``."""
    if rank == 2:  # a meld of 2s (mille.wild): they are its rank, not wild
        return f"{_count(words, len(faces))} {words.ranks[2].plural}"
    wild = sum(1 for face in faces if RANK[face] == 2)
    natural = len(faces) - wild
    parts = [_how_many(words, natural, rank)] if natural else []
    if wild:
        parts.append(words.wild if wild == 1 else f"{_count(words, wild)} {words.wilds}")
    return f" {words.and_} ".join(parts)


def _the(words: Words, face: int) -> str:
    """A card with its article: ``la dame de pique``, ``l'as de cœur``."""
    card = CARDS[face]
    named = words.ranks[int(card.rank)]
    return f"{named.the}{named.card} {words.of} {words.suits[card.suit]}"


_VOWELS = tuple("aeiouéèêAEIOUÉ")


def _article(words: Words, face: int, spec: str) -> str:
    """A card's definite article, after ``of`` or ``to`` for the specs that ask it (``du ``,
    ``de la ``, ``au ``; ``del ``, ``al ``), or alone (``la ``)."""
    the = words.ranks[RANK[face]].the
    if spec.startswith("of-"):
        return words.of_the[the]
    return words.to_the[the] if spec.startswith("to-") else the


def _card(words: Words, face: int, spec: str) -> str:
    """A card with its article, the form ``spec`` asks (see the module)."""
    if spec == "The":  # at the start of a sentence
        the = _the(words, face)
        return the[:1].upper() + the[1:]
    if spec in ("the-sym", "of-the-sym"):
        return _article(words, face, spec) + SYM[face]
    if spec in ("of-the", "to-the"):
        the = words.ranks[RANK[face]].the
        return _article(words, face, spec) + _the(words, face)[len(the) :]
    if spec == "name":  # without its article: a picture's label
        return _the(words, face)[len(words.ranks[RANK[face]].the) :]
    return _the(words, face) if spec == "the" else SYM[face]


def _rank(words: Words, rank: int, spec: str) -> str:
    """A rank, the form ``spec`` asks (see the module)."""
    named = words.ranks[rank]
    if spec == "digits":
        return named.digits
    if spec == "a":
        return named.a + named.one
    if spec == "of":
        vowel = named.plural.startswith(_VOWELS)
        return (words.of_vowel if vowel else f"{words.of} ") + named.plural
    return named.one if spec == "one" else named.plural


def said(words: Words, value: object, spec: str) -> str:
    """How one of Mille's values reads in the language of ``words`` (see the module)."""
    match value:
        case messages.Face(face):
            return _card(words, face, spec)
        case messages.Faces(faces):
            if len(faces) == 1 and spec in ("the-sym", "of-the-sym"):  # one card: its article
                return _card(words, faces[0], spec)
            return symbols(faces)
        case messages.Rank(rank):
            return _rank(words, rank, spec)
        case messages.Meld(faces, rank):
            return _meld(words, tuple(faces), rank)
        case messages.Count(number):
            return _count(words, number)
    return format(value, spec)


SPOKEN_SPECS = frozenset({"the-sym", "of-the-sym", "of-the", "to-the", "a", "of"})
"""The forms a translation may ask of Mille's values beyond the English ones (the module's
list): the catalog's ``spoken_specs``."""

SPOKEN_WORDS = spoken_words(said, {"fr": FRENCH, "es": SPANISH})
"""Mille's values in each language but English (the catalog's ``spoken_words``)."""


def deck_said(words: Words, value: object, spec: str) -> str:
    """A French card or suit named alone, in the language of ``words``: ``dame de pique``,
    with ``the`` ``la dame de pique``; a suit as a card's name says it (``pique``)."""
    if isinstance(value, FrenchSuit):
        return words.suits[value]
    if isinstance(value, FrenchCard):
        return _card(words, value.index, "the" if spec == "the" else "name")
    return format(value, spec)


speak_deck((FrenchCard, FrenchSuit), spoken_words(deck_said, {"fr": FRENCH, "es": SPANISH}))

french, spanish = SPOKEN_WORDS["fr"], SPOKEN_WORDS["es"]
"""How one of Mille's values reads in French, in Spanish."""

SPOKEN_SEATS = {
    "fr": {"South": "Sud", "North": "Nord", YOU: "vous"},
    "es": {"South": "Sur", "North": "Norte", YOU: "tú"},
}
"""Mille's seats, and the learner's, in each language but English (``spoken_seats``)."""
