"""Mililla's hints: every card in the hand, legal or not, in the order the hand is shown."""

from __future__ import annotations

from ..hints import Hint
from ..messages import message, render
from .game import Game

__all__ = ["PLAY", "hints"]

PLAY = message("mililla:hint.group.play")
"""The one hint group: every card in the hand is a card to play."""


def hints(game: Game) -> list[Hint]:
    """Every card of the seat to move with the rule that allows or forbids playing it."""
    if game.to_move is None:
        return []
    found = []
    group = render(PLAY)
    for card in game.hand(game.to_move):
        why = game.explain(card)
        found.append(Hint(str(card), why.legal, why.rule, why, group))
    return found
