"""Listing every legal Mililla move, from the one decision of ``legality``.

The seat to move may play the cards of the mask ``legality.decide`` gives (``mililla.lead``
... ``mililla.free``); the list holds one move per card, in card order, and is empty when
nobody is to play (between rounds and once the match is over).
"""

from __future__ import annotations

from .moves import MOVES, Move
from .state import Phase, State

__all__ = ["legal_moves"]

_PLAY = Phase.PLAY


def legal_moves(state: State) -> list[Move]:
    """Every card the seat to move may play, as moves in card order."""
    if state.phase is not _PLAY:
        return []
    mask = (state.legal or state.decide())[0]
    moves = []
    while mask:
        low = mask & -mask
        moves.append(MOVES[low.bit_length() - 1])
        mask ^= low
    return moves
