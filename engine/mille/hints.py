"""Mille's hints: every legal move, grouped, with its effect on the mover's score."""

from __future__ import annotations

from ..hints import Hint
from .game import Game
from .rules import card_value

__all__ = ["GROUPS", "hints"]

GROUPS = {
    "stock": "Draw",
    "pile": "Draw",
    "take": "Draw",
    "meld": "Meld",
    "add": "Add to a meld",
    "discard": "Discard",
}
"""The hint group of each kind of Mille move, by the word its text starts with."""


def hints(game: Game) -> list[Hint]:
    """Every legal move of the seat to move, grouped, with its effect if the hand ended now."""
    if game.to_move is None:
        return []
    view = game.view(game.to_move)
    pile = view.pile
    found = []
    for move in game.legal_moves():
        why = game.explain(move)
        word = str(move).split()[0]
        values = [card_value(card) for card in move.cards]
        if word in ("meld", "add"):
            effect: int | None = 2 * sum(values)  # from minus in hand to plus on the table
        elif word == "discard":
            effect = sum(values)  # no longer counts against you
        elif word == "pile":
            effect = card_value(pile[-1]) + 2 * sum(values) - sum(map(card_value, pile[:-1]))
        elif word == "take":
            effect = -sum(values)
        else:
            effect = 0 if view.stock_size == 0 else None
        found.append(Hint(str(move), True, why.rule, why.text, GROUPS[word], effect))
    return found
