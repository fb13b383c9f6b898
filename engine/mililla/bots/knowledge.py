"""What one seat knows of the others' Mililla hands, read from the plays of the round.

A seat that does not follow suit shows it has none of the suit led (``mililla.follow``),
and one that neither follows nor trumps while an opponent wins shows it has no trump
(``mililla.beat``). :func:`voids_of` reads those voids from the round's plays (a view
holds them), :func:`note_play` adds what one more card shows; the rules of thumb, the
expert's deals and its reading of the other seats' plays all start from them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..state import State
from ..tables import SUIT

__all__ = ["note_play", "voids_of"]


def note_play(voids: list[int], state: State, card: int) -> None:
    """Record what playing ``card`` now (before it is applied) shows about the mover's hand."""
    trick = state.trick
    if not trick:
        return
    led = state.led
    suit = SUIT[card]
    if suit == led:
        return
    seat: int = state.to_move  # type: ignore[assignment]
    voids[seat] |= 1 << led  # mililla.follow: not following shows none of the suit led
    trump = state.trump
    win = state.win_card
    if (state.win_seat ^ seat) & 1 and suit != trump and SUIT[win] != trump:
        voids[seat] |= 1 << trump  # mililla.beat: an opponent winning and no trump played


def voids_of(
    plays: Sequence[int], seats: Sequence[int], trump: int, higher: Sequence[int]
) -> list[int]:
    """The suits (4-bit masks) each seat has shown to be out of, from this round's plays.

    ``higher`` is the rank order's table (``state.higher``): for each card, the cards of
    its suit that beat it.
    """
    voids = [0, 0, 0, 0]
    led = win = win_seat = 0
    for k, (card, seat) in enumerate(zip(plays, seats, strict=True)):
        suit = SUIT[card]
        if k % 4 == 0:
            led, win, win_seat = suit, card, seat
            continue
        if suit != led:
            voids[seat] |= 1 << led
            if (win_seat ^ seat) & 1 and suit != trump and SUIT[win] != trump:
                voids[seat] |= 1 << trump
        if suit == SUIT[win]:
            if (higher[win] >> card) & 1:
                win, win_seat = card, seat
        elif suit == trump:
            win, win_seat = card, seat  # mililla.trick: a trump beats the suit led
    return voids
