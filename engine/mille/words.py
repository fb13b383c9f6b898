"""Third-person sentences about Mille moves and events, for narration and the public log."""

from __future__ import annotations

from collections.abc import Sequence

from .legality import NEW, Verdict, stock_refills
from .moves import MoveKind
from .rules import Rules
from .state import State
from .tables import RANK, SYM, count_word, how_many, plural, symbols

__all__ = ["SEAT_NAMES", "describe", "meld_words"]

SEAT_NAMES: tuple[str, str] = ("South", "North")
"""The names of seats 0 and 1: the public log's, and narration's unless given others."""


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


def describe(st: State, rules: Rules, verdict: Verdict, names: Sequence[str]) -> str:
    """Say in the third person what a legal move is about to do (it is not yet played)."""
    seat = st.to_move
    assert seat is not None
    who = names[seat]
    faces = verdict.faces
    shown = symbols(faces)
    match verdict.kind:
        case MoveKind.STOCK:
            if st.stock:
                text = f"{who} draws from the stock"
            elif stock_refills(rules, len(st.pile)):
                text = (
                    f"{who} finds the stock empty: the pile under its top card is shuffled "
                    f"into a new stock, and {who} draws from it"
                )
            else:
                text = f"{who} leaves the pile, and with the stock empty the hand ends"
        case MoveKind.PILE:
            top = st.pile[-1]
            size = len(st.pile)
            cards = f"{size} card" if size == 1 else f"{size} cards"
            three = meld_words([top, *faces], verdict.rank)
            if verdict.target == NEW:
                text = f"{who} takes the pile of {cards} with {shown} and melds {three}"
            else:
                text = (
                    f"{who} takes the pile of {cards} with {shown} and adds {three} "
                    f"to the meld of {plural(verdict.rank)}"
                )
        case MoveKind.TAKE:
            text = f"{who} takes the turned-up {SYM[faces[0]]} into hand"
        case MoveKind.MELD:
            text = f"{who} melds {shown} ({meld_words(faces, verdict.rank)})"
        case MoveKind.ADD:
            text = f"{who} adds {shown} to the meld of {plural(verdict.rank)}"
        case _:
            if verdict.ends:
                return f"{who} discards the last card, the {SYM[faces[0]]}, and goes out"
            text = f"{who} discards the {SYM[faces[0]]}"
    if verdict.ends:
        text += " and goes out"
    return text
