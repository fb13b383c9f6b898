"""Hints for the seat to move: every option with the rule that allows or forbids it.

For Mililla every card in the hand is listed, legal or not, with its reason. For Mille
the legal moves are grouped as a learner thinks of them (the draw choices, the melds
that can be made now, the cards that can join an own meld, the discards), each with its
effect on the score if the hand ended right after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .protocol import GameLike

__all__ = ["GROUPS", "Hint", "hints"]

GROUPS = {
    "stock": "Draw",
    "pile": "Draw",
    "take": "Draw",
    "meld": "Meld",
    "add": "Add to a meld",
    "discard": "Discard",
}
"""The hint group of each kind of Mille move, by the word its text starts with."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One option: the move, whether it is legal, the deciding rule and why, its group.

    ``effect`` is the change to the mover's score if the deal ended right after the move
    (Mille only; None where it cannot be known, like a card drawn blind from the stock).
    """

    move: str
    legal: bool
    rule: str
    text: str
    group: str
    effect: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "move": self.move,
            "legal": self.legal,
            "rule": self.rule,
            "text": self.text,
            "group": self.group,
            "effect": self.effect,
        }


def hints(game: GameLike) -> list[Hint]:
    """Every option of the seat to move with its explanation; empty when nobody is to move."""
    if game.to_move is None:
        return []
    if game.kind == "mililla":
        return _mililla_hints(game)
    return _mille_hints(game)


def _mililla_hints(game: GameLike) -> list[Hint]:
    """Every card in the hand, legal or not, in the order the hand is shown."""
    hand = game.view(game.to_move)["hand"]
    found = []
    for card in hand:
        why = game.explain(card)
        found.append(Hint(card, why.legal, why.rule, why.text, "Play"))
    return found


def _mille_hints(game: GameLike) -> list[Hint]:
    """Every legal Mille move, grouped, with its effect on the score."""
    from .mille import card_value

    view = game.view(game.to_move)
    pile = list(view.pile)
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
