"""Mililla's hints: every card in the hand, legal or not, in the order the hand is shown."""

from __future__ import annotations

from ..hints import Hint
from .game import Game

__all__ = ["hints"]


def hints(game: Game) -> list[Hint]:
    """Every card of the seat to move with the rule that allows or forbids playing it."""
    if game.to_move is None:
        return []
    found = []
    for card in game.hand(game.to_move):
        why = game.explain(card)
        found.append(Hint(str(card), why.legal, why.rule, why, "Play"))
    return found
