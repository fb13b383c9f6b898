"""The Mililla rules of thumb's estimates: what beats a card, what a card is worth keeping.

Every function here reads only what the seat to move may know (its hand, the cards still
out, the voids the others have shown), so the ``basic`` policy built on them never
cheats. They run in every simulated card of the expert's search, so each is a few mask
operations.
"""

from __future__ import annotations

from ..state import State
from ..tables import POINTS, SUIT, SUIT_MASK

__all__ = [
    "beaters_of",
    "can_beat",
    "cheapest_to_lose",
    "is_boss",
    "keep_value",
    "most_to_give",
]


def beaters_of(state: State, win: int) -> int:
    """The cards (as a mask) that would beat ``win`` in the current trick."""
    trump = state.trump
    if SUIT[win] == trump:
        return state.higher[win]
    return state.higher[win] | SUIT_MASK[trump]


def is_boss(state: State, card: int, others: int) -> bool:
    """True when no card still out (``others``) of the card's suit ranks above it."""
    return not state.higher[card] & others


def keep_value(state: State, card: int, others: int) -> int:
    """How much a card is worth keeping to win a later trick (trumps and sure winners)."""
    if SUIT[card] == state.trump:
        return 10 + state.order.strength[card] // 2
    if is_boss(state, card, others):
        return 8
    return 0


# The rules of thumb compare cards by small keys (points, keep value, suit length,
# strength). They run in every simulated card, so each key is one int whose order is
# the order of the tuple it stands for: (a, b) as a * 16 + b when 0 <= b < 16.


def can_beat(
    state: State, card: int, led: int, opponents: tuple[int, ...], others: int, voids: list[int]
) -> bool:
    """Might one of ``opponents`` beat ``card`` (winning the trick) with a card still out?"""
    higher_out = state.higher[card] & others
    trump = state.trump
    trumps_out = others & SUIT_MASK[trump]
    if not higher_out and not trumps_out:
        return False
    led_out = others & SUIT_MASK[led]
    is_trump = SUIT[card] == trump
    for seat in opponents:
        void = voids[seat]
        if (void >> trump) & 1:
            if not is_trump and higher_out and not (void >> led) & 1:
                return True
            continue
        out_of_led = (void >> led) & 1 or not led_out
        if is_trump:
            if higher_out and (led == trump or out_of_led):
                return True
        elif (higher_out and not (void >> led) & 1) or (trumps_out and out_of_led):
            return True
    return False


def most_to_give(state: State, cards: list[int], others: int) -> int:
    """The card worth most to give away: its points against its keep value, then the weaker."""
    trump, strength, higher = state.trump, state.order.strength, state.higher
    best = card = -(1 << 20)
    for c in cards:
        # keep_value(), written out
        keep = 10 + strength[c] // 2 if SUIT[c] == trump else 0 if higher[c] & others else 8
        key = (POINTS[c] * 2 - keep) * 16 - strength[c]  # (points * 2 - keep, -strength)
        if key > best:
            best, card = key, c
    return card


def cheapest_to_lose(state: State, cards: list[int], hand: int, others: int) -> int:
    """The card that costs least to lose: points and keep value, the shorter suit, the weaker."""
    trump, strength, higher = state.trump, state.order.strength, state.higher
    best = card = 1 << 30
    for c in cards:
        suit = SUIT[c]  # keep_value(), written out:
        keep = 10 + strength[c] // 2 if suit == trump else 0 if higher[c] & others else 8
        length = (hand & SUIT_MASK[suit]).bit_count()
        key = ((POINTS[c] * 3 + keep) * 16 + length) * 16 + strength[c]
        if key < best:
            best, card = key, c
    return card
