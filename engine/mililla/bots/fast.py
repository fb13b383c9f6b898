"""Faster equivalents of two engine helpers the expert calls in its inner loops.

``cards_in(mask)`` lists a mask's card indexes as ``tables.bits`` does (lowest first),
from one lookup per suit instead of one step per card. ``deal_hidden`` shares hidden
cards among seats exactly as ``hidden.deal_hidden`` does, drawing the very same random
numbers in the same order (one ``shuffle`` per attempt, then one ``random()`` per card,
as ``random.choices`` with weights draws them), so a seeded search deals the same hands;
tests/engine/mililla/test_mililla_expert_speed.py checks both against the originals.
"""

from __future__ import annotations

import random

from ..hidden import _match_hidden

__all__ = ["Dealer", "cards_in", "deal_hidden"]

_SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(10 * suit + j for j in range(10) if (m >> j) & 1) for m in range(1024))
    for suit in range(4)
)
"""For each suit and each 10-bit set of its places, the card indexes, lowest first."""
_COINS, _CUPS, _SWORDS, _CLUBS = _SUIT_CARDS


def cards_in(mask: int) -> list[int]:
    """The card indexes in a 40-bit mask, lowest first (``tables.bits``, faster)."""
    return [
        *_COINS[mask & 1023],
        *_CUPS[(mask >> 10) & 1023],
        *_SWORDS[(mask >> 20) & 1023],
        *_CLUBS[mask >> 30],
    ]


class Dealer:
    """Deals of the same hidden cards into the same room, again and again (``deal_hidden``)."""

    __slots__ = ("cards", "fits", "forbidden", "room", "seats")

    def __init__(self, cards: list[int], room: dict[int, int], forbidden: list[int]) -> None:
        self.cards = list(cards)
        self.room = dict(room)
        self.forbidden = list(forbidden)
        self.seats = list(room)
        # how many seats may take each card: the order in which cards are placed
        self.fits = {c: sum(1 for s in self.seats if not (forbidden[s] >> c) & 1) for c in cards}

    def deal(self, rng: random.Random) -> dict[int, int]:
        """One deal: ``hidden.deal_hidden(cards, room, forbidden, rng)``, the same draws."""
        seats, room, forbidden = self.seats, self.room, self.forbidden
        draw = rng.random
        for _attempt in range(30):
            left = [0, 0, 0, 0]
            for s in seats:
                left[s] = room[s]
            hands = [0, 0, 0, 0]
            order = list(self.cards)
            rng.shuffle(order)
            order.sort(key=self.fits.__getitem__)
            for card in order:
                total = 0
                cumulative: list[tuple[int, int]] = []
                for s in seats:
                    n = left[s]
                    if n and not (forbidden[s] >> card) & 1:
                        total += n
                        cumulative.append((total, s))
                if not cumulative:
                    break
                # random.choices(seats, weights): one draw, the first running total above it
                at = draw() * float(total)
                seat = cumulative[-1][1]
                for running, s in cumulative[:-1]:
                    if at < running:
                        seat = s
                        break
                hands[seat] |= 1 << card
                left[seat] -= 1
            else:
                return {s: hands[s] for s in seats}
        # thirty unlucky attempts: the original's augmenting paths, from the same rng state
        return _match_hidden(list(self.cards), room, forbidden, rng)


def deal_hidden(
    cards: list[int], room: dict[int, int], forbidden: list[int], rng: random.Random
) -> dict[int, int]:
    """``hidden.deal_hidden`` with the same draws and result, in fewer steps."""
    return Dealer(cards, room, forbidden).deal(rng)
