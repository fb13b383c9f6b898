"""Fixed facts about the 52 card faces, indexed by ``FrenchCard.index``, and words for them.

The engine keeps hands as counts per card face (every face exists twice, ``mille.deck``),
so these tables turn an index into its rank, value, text and *kind*: cards of one rank
and one value are interchangeable in play (all 2s alike; the Jack of diamonds and the
Queen of spades differ from the other Jacks and Queens, ``mille.values``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import FrenchCard, french_deck
from .rules import card_value

__all__ = [
    "CARDS",
    "FACES",
    "KIND",
    "KINDS_OF_RANK",
    "KIND_FACES",
    "NATURAL_RANKS",
    "POSITION",
    "RANK",
    "SORTED_FACES",
    "SYM",
    "TEXT",
    "TWOS",
    "VALUE",
    "count_word",
    "face_of",
    "faces_of",
    "plural",
    "sort_key",
    "symbols",
]

CARDS: tuple[FrenchCard, ...] = tuple(french_deck())
"""The 52 faces, so that ``CARDS[card.index] is card``."""
FACES = range(len(CARDS))
RANK: tuple[int, ...] = tuple(int(card.rank) for card in CARDS)
VALUE: tuple[int, ...] = tuple(card_value(card) for card in CARDS)
TEXT: tuple[str, ...] = tuple(str(card) for card in CARDS)
SYM: tuple[str, ...] = tuple(card.symbol_text for card in CARDS)
NATURAL_RANKS: tuple[int, ...] = tuple(range(14, 2, -1))
"""Ranks that are never wild, high to low: A K Q J 10 ... 3."""


def sort_key(face: int) -> tuple[int, int]:
    """Order for showing cards: by rank high to low, 2s last, then suit (♠ ♥ ♦ ♣)."""
    rank = RANK[face]
    return (0 if rank == 2 else -rank, face)


SORTED_FACES: tuple[int, ...] = tuple(sorted(FACES, key=sort_key))
POSITION: tuple[int, ...] = tuple(SORTED_FACES.index(f) for f in FACES)
"""Each face's place in showing order, for sorting quickly."""
_FACE_BY_ID = {id(card): card.index for card in CARDS}


def faces_of(cards: Iterable[FrenchCard]) -> list[int]:
    """The face indices of some cards (fast for the interned cards of ``cards.parse``)."""
    try:
        return [_FACE_BY_ID[id(card)] for card in cards]
    except KeyError:  # a card built by hand rather than parsed: look it up the slow way
        return [card.index for card in cards]


_FACE_BY_TEXT = {text: face for face, text in enumerate(TEXT)}


def face_of(text: str) -> int:
    """The face index of a card's text form (fast for the canonical ``QS``; else parsed)."""
    face = _FACE_BY_TEXT.get(text)
    return FrenchCard.parse(text).index if face is None else face


TWOS: tuple[int, ...] = tuple(f for f in SORTED_FACES if RANK[f] == 2)

_kind_ids: dict[tuple[int, int], int] = {}
for _face in SORTED_FACES:
    _kind_ids.setdefault((RANK[_face], VALUE[_face]), len(_kind_ids))
KIND: tuple[int, ...] = tuple(_kind_ids[(RANK[f], VALUE[f])] for f in FACES)
"""The interchangeability class of each face: same rank and same value."""
KIND_FACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in SORTED_FACES if KIND[f] == kind) for kind in range(len(_kind_ids))
)
KINDS_OF_RANK: dict[int, tuple[int, ...]] = {
    rank: tuple(k for k in range(len(KIND_FACES)) if RANK[KIND_FACES[k][0]] == rank)
    for rank in range(2, 15)
}

_NUMBERS = [
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
]
_PLURALS = {
    14: "Aces",
    13: "Kings",
    12: "Queens",
    11: "Jacks",
    10: "tens",
    9: "nines",
    8: "eights",
    7: "sevens",
    6: "sixes",
    5: "fives",
    4: "fours",
    3: "threes",
    2: "2s",
}


def count_word(n: int) -> str:
    """A small count in words (``three``); larger ones as digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(rank: int) -> str:
    """A rank's plural in a sentence: ``nines``, ``Kings``, ``2s``."""
    return _PLURALS[rank]


def how_many(n: int, rank: int) -> str:
    """A count of cards of a rank in words: ``one nine``, ``two Kings``, ``one six``."""
    if n != 1:
        return f"{count_word(n)} {plural(rank)}"
    word = plural(rank)
    return "one " + (word[:-2] if word.endswith("xes") else word[:-1])


def symbols(faces: Iterable[int]) -> str:
    """Faces as printed on card corners, in the given order: ``9♥ 9♣ 2♠``."""
    return " ".join(map(SYM.__getitem__, faces))


def sorted_faces(faces: Sequence[int]) -> list[int]:
    """Faces in showing order (see ``sort_key``)."""
    return sorted(faces, key=sort_key)
