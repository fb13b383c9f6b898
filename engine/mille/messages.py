"""Mille's English catalog: its sentences as whole templates, and how its cards read.

Narration has three forms per sentence (see ``cardschool.engine.messages``): the third
person (``"{who} draws from the stock"``), the second person (``#you``) and what a seat
would do (``#would``, the review's "The expert would ...").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..messages import Catalog, Plural, register
from .tables import RANK, SYM, count_word, how_many, plural, symbols

__all__ = ["CATALOG", "Count", "Face", "Faces", "Meld", "Rank", "meld_words"]


@dataclass(frozen=True, slots=True)
class Face:
    """One card face in a sentence: ``5♦``."""

    face: int


@dataclass(frozen=True, slots=True)
class Faces:
    """Some card faces in a sentence, in their order: ``9♥ 9♣ 2♠``."""

    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank in a sentence: ``{rank:plural}`` is ``nines``, ``{rank:one}`` is ``nine``."""

    rank: int


@dataclass(frozen=True, slots=True)
class Count:
    """A small count in words: ``three``; larger ones as digits."""

    number: int


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
            return SYM[face]
        case Faces(faces):
            return symbols(faces)
        case Rank(rank):
            return rank_one(rank) if spec == "one" else plural(rank)
        case Meld(faces, rank):
            return meld_words(faces, rank)
        case Count(number):
            return count_word(number)
    return format(value, spec)


_NARRATION: dict[str, str | Plural] = {
    "mille.narrate.stock": "{who} draws from the stock",
    "mille.narrate.stock#you": "You draw from the stock",
    "mille.narrate.stock#would": "{who} would draw from the stock",
    "mille.narrate.refill": (
        "{who} finds the stock empty: the pile under its top card is shuffled into a new "
        "stock, and {who} draws from it"
    ),
    "mille.narrate.refill#you": (
        "You find the stock empty: the pile under its top card is shuffled into a new "
        "stock, and you draw from it"
    ),
    "mille.narrate.refill#would": (
        "{who} would find the stock empty: the pile under its top card is shuffled into a "
        "new stock, and would draw from it"
    ),
    "mille.narrate.leave": "{who} leaves the pile, and with the stock empty the hand ends",
    "mille.narrate.leave#you": "You leave the pile, and with the stock empty the hand ends",
    "mille.narrate.leave#would": (
        "{who} would leave the pile, and with the stock empty the hand ends"
    ),
    "mille.cards": Plural("count", "{count} card", "{count} cards"),
    "mille.narrate.pile": "{who} takes the pile of {cards} with {shown} and melds {meld}",
    "mille.narrate.pile#you": "You take the pile of {cards} with {shown} and meld {meld}",
    "mille.narrate.pile#would": (
        "{who} would take the pile of {cards} with {shown} and meld {meld}"
    ),
    "mille.narrate.pile.out": (
        "{who} takes the pile of {cards} with {shown} and melds {meld} and goes out"
    ),
    "mille.narrate.pile.out#you": (
        "You take the pile of {cards} with {shown} and meld {meld} and go out"
    ),
    "mille.narrate.pile.out#would": (
        "{who} would take the pile of {cards} with {shown} and meld {meld} and go out"
    ),
    "mille.narrate.pile-add": (
        "{who} takes the pile of {cards} with {shown} and adds {meld} to the meld of {rank:plural}"
    ),
    "mille.narrate.pile-add#you": (
        "You take the pile of {cards} with {shown} and add {meld} to the meld of {rank:plural}"
    ),
    "mille.narrate.pile-add#would": (
        "{who} would take the pile of {cards} with {shown} and add {meld} to the meld of "
        "{rank:plural}"
    ),
    "mille.narrate.pile-add.out": (
        "{who} takes the pile of {cards} with {shown} and adds {meld} to the meld of "
        "{rank:plural} and goes out"
    ),
    "mille.narrate.pile-add.out#you": (
        "You take the pile of {cards} with {shown} and add {meld} to the meld of "
        "{rank:plural} and go out"
    ),
    "mille.narrate.pile-add.out#would": (
        "{who} would take the pile of {cards} with {shown} and add {meld} to the meld of "
        "{rank:plural} and go out"
    ),
    "mille.narrate.take": "{who} takes the turned-up {card} into hand",
    "mille.narrate.take#you": "You take the turned-up {card} into hand",
    "mille.narrate.take#would": "{who} would take the turned-up {card} into hand",
    "mille.narrate.meld": "{who} melds {shown} ({meld})",
    "mille.narrate.meld#you": "You meld {shown} ({meld})",
    "mille.narrate.meld#would": "{who} would meld {shown} ({meld})",
    "mille.narrate.meld.out": "{who} melds {shown} ({meld}) and goes out",
    "mille.narrate.meld.out#you": "You meld {shown} ({meld}) and go out",
    "mille.narrate.meld.out#would": "{who} would meld {shown} ({meld}) and go out",
    "mille.narrate.add": "{who} adds {shown} to the meld of {rank:plural}",
    "mille.narrate.add#you": "You add {shown} to the meld of {rank:plural}",
    "mille.narrate.add#would": "{who} would add {shown} to the meld of {rank:plural}",
    "mille.narrate.add.out": "{who} adds {shown} to the meld of {rank:plural} and goes out",
    "mille.narrate.add.out#you": "You add {shown} to the meld of {rank:plural} and go out",
    "mille.narrate.add.out#would": (
        "{who} would add {shown} to the meld of {rank:plural} and go out"
    ),
    "mille.narrate.discard": "{who} discards the {card}",
    "mille.narrate.discard#you": "You discard the {card}",
    "mille.narrate.discard#would": "{who} would discard the {card}",
    "mille.narrate.discard.out": "{who} discards the last card, the {card}, and goes out",
    "mille.narrate.discard.out#you": "You discard the last card, the {card}, and go out",
    "mille.narrate.discard.out#would": (
        "{who} would discard the last card, the {card}, and go out"
    ),
}
"""Narration: what a legal move is about to do (``words.describe``)."""

CATALOG = register(Catalog("mille", {**_NARRATION}, word=_word, seats=("South", "North")))
"""Mille's English sentences, registered under the namespace ``mille``."""
