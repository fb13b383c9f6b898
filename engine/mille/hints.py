"""Mille's hints: every legal move, grouped, with its effect on the mover's score.

Within a group the moves come by that effect, the largest first (the engine's own
reckoning of the move, were the hand to end right after it); a move using a 2 as a wild
says that it gives up the doubling for going out natural (``mille.score.naturals``).
"""

from __future__ import annotations

from ..cards import FrenchRank
from ..hints import Hint
from ..messages import message, render
from .game import Game
from .moves import Move
from .rules import card_value
from .view import View

__all__ = ["GROUPS", "WILD_NOTE", "hints"]

GROUPS = {
    "stock": message("mille:hint.group.draw"),
    "pile": message("mille:hint.group.draw"),
    "take": message("mille:hint.group.draw"),
    "meld": message("mille:hint.group.meld"),
    "add": message("mille:hint.group.add"),
    "discard": message("mille:hint.group.discard"),
}
"""The hint group of each kind of Mille move, by the word its text starts with (a message:
its name is rendered when the hints are listed)."""

WILD_NOTE = message("mille:hint.wild-note")
"""Said of a move that would be the mover's first 2 used as a wild this hand."""


def _uses_a_wild(view: View, move: Move, word: str) -> bool:
    """True when ``move`` puts a 2 down as a wild and the mover has used none so far."""
    twos = sum(1 for card in move.cards if card.rank is FrenchRank.TWO)
    if not twos or word not in ("meld", "add", "pile"):
        return False
    if word == "add":
        wild = move.rank is not FrenchRank.TWO
    elif word == "pile":  # the pile's top card names the meld's rank
        wild = bool(view.pile) and view.pile[-1].rank is not FrenchRank.TWO
    else:
        wild = twos < len(move.cards)
    # mille.score.naturals: once a 2 has stood in as a wild, the doubling is gone already
    already = any(meld.wilds for meld in view.players[view.seat].melds)
    return wild and not already


def hints(game: Game) -> list[Hint]:
    """Every legal move of the seat to move, grouped, the largest effect first in each group."""
    if game.to_move is None:
        return []
    view = game.view(game.to_move)
    pile = view.pile
    found = []
    named: dict[str, str] = {}  # each group's name, rendered once
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
        note = render(WILD_NOTE) if _uses_a_wild(view, move, word) else ""
        group = named.get(word) or named.setdefault(word, render(GROUPS[word]))
        found.append(Hint(str(move), True, why.rule, why, group, effect, note))
    groups = list(dict.fromkeys(hint.group for hint in found))
    order = {id(hint): place for place, hint in enumerate(found)}
    return sorted(
        found,
        key=lambda h: (
            groups.index(h.group),
            h.effect is None,
            -(h.effect or 0),
            order[id(h)],
        ),
    )
