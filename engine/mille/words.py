"""Sentences about Mille moves and events, as messages: narration and the public log.

``narration`` says what a legal move is about to do as a :class:`Message` (its words are in
``messages.CATALOG``); ``describe`` renders it with some seat names.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import Message, Seat, message, render
from .legality import NEW, Verdict, stock_refills
from .messages import Face, Faces, Meld, Rank, meld_words
from .moves import MoveKind
from .rules import Rules
from .state import State

__all__ = ["SEAT_NAMES", "describe", "meld_words", "narration"]

SEAT_NAMES: tuple[str, str] = ("South", "North")
"""The names of seats 0 and 1: the public log's, and narration's unless given others."""


def narration(st: State, rules: Rules, verdict: Verdict) -> Message:
    """What a legal move is about to do (it is not yet played), as a message."""
    seat = st.to_move
    assert seat is not None
    who = Seat(seat)
    faces = tuple(verdict.faces)
    out = ".out" if verdict.ends else ""
    match verdict.kind:
        case MoveKind.STOCK:
            if st.stock:
                return message("mille:narrate.stock", who=who)
            if stock_refills(rules, len(st.pile)):
                return message("mille:narrate.refill", who=who)
            return message("mille:narrate.leave", who=who)
        case MoveKind.PILE:
            top = st.pile[-1]
            cards = message("mille:cards", count=len(st.pile))
            meld = Meld((top, *faces), verdict.rank)
            kind = "pile" if verdict.target == NEW else "pile-add"
            return message(
                f"mille:narrate.{kind}{out}",
                who=who,
                cards=cards,
                shown=Faces(faces),
                meld=meld,
                rank=Rank(verdict.rank),
            )
        case MoveKind.TAKE:
            return message("mille:narrate.take", who=who, card=Face(faces[0]))
        case MoveKind.MELD:
            shown, meld = Faces(faces), Meld(faces, verdict.rank)
            return message(f"mille:narrate.meld{out}", who=who, shown=shown, meld=meld)
        case MoveKind.ADD:
            shown, rank = Faces(faces), Rank(verdict.rank)
            return message(f"mille:narrate.add{out}", who=who, shown=shown, rank=rank)
        case _:
            return message(f"mille:narrate.discard{out}", who=who, card=Face(faces[0]))


def describe(st: State, rules: Rules, verdict: Verdict, names: Sequence[str]) -> str:
    """Say with these seat names what a legal move is about to do (it is not yet played)."""
    return render(narration(st, rules, verdict), names)
