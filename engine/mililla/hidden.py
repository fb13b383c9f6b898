"""Which cards a seat cannot hold after what it played, and deals of hidden cards that fit.

``forbidden_cards`` reads a seat's view, ``forbidden_by_plays`` a list of plays; both
apply the rules backwards (``mililla.follow``, ``mililla.beat``, ``mililla.seven``).
``deal_hidden`` shares cards among seats, sizes kept and those cards avoided. Position
texts (position.py) and views (sampling.py) fill their hidden hands with them.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import SavedGameError
from .legality import BLOCKABLE, SEVEN_MODES
from .rules import Rules
from .tables import DECK_MASK, ORDERS, SUIT, SUIT_MASK, index_of

__all__ = ["deal_hidden", "forbidden_by_plays", "forbidden_cards"]


def forbidden_cards(view: dict[str, Any], rules: Rules) -> list[int]:
    """For each seat, cards it cannot hold: what its past plays would have made illegal."""
    earlier = view.get("earlier")
    opened = 0
    for text in earlier["cards"] if earlier else ():
        opened |= 1 << SUIT[index_of(text)]
    plays = [(entry["seat"], index_of(entry["card"])) for entry in view["played"]]
    return forbidden_by_plays(plays, SUIT[index_of(view["trump_card"])], rules, opened)


def forbidden_by_plays(
    plays: list[tuple[int, int]], trump: int, rules: Rules, opened: int = 0
) -> list[int]:
    """For each seat, cards it cannot hold after these (seat, card) plays, whole tricks first.

    ``opened`` holds the suits (4 bits) played before the first of them, in tricks whose
    order is not known (a position's ``played`` set).
    """
    higher = ORDERS[rules.traditional_rank].higher
    seven = SEVEN_MODES[rules.seven_rule]
    forbidden = [0, 0, 0, 0]
    opened_now = opened_before = opened
    led = win = win_seat = 0
    for k, (seat, card) in enumerate(plays):
        if k % 4 == 0:
            opened_before = opened_now
            led, win, win_seat = SUIT[card], card, seat
        else:
            blockable = (BLOCKABLE[opened_now], BLOCKABLE[opened_before], 0)[seven]
            if (blockable >> card) & 1:  # mililla.seven: only blocked 7s were left
                forbidden[seat] |= DECK_MASK & ~blockable
            else:
                opponent = (win_seat ^ seat) & 1
                if SUIT[card] != led:  # mililla.follow: none of the suit led
                    forbidden[seat] |= SUIT_MASK[led] & ~blockable
                    if opponent:  # mililla.beat: no trump that beats, unless it trumped
                        beating = SUIT_MASK[trump]
                        if SUIT[win] == trump:
                            beating &= higher[win]
                        if not (beating >> card) & 1:
                            forbidden[seat] |= beating & ~blockable
                elif opponent and SUIT[win] == led and not (higher[win] >> card) & 1:
                    forbidden[seat] |= higher[win] & ~blockable  # mililla.beat: nothing higher
            if SUIT[card] == SUIT[win]:
                if (higher[win] >> card) & 1:
                    win, win_seat = card, seat
            elif SUIT[card] == trump:
                win, win_seat = card, seat
        opened_now |= 1 << SUIT[card]
    return forbidden


def deal_hidden(
    cards: list[int], room: dict[int, int], forbidden: list[int], rng: random.Random
) -> dict[int, int]:
    """Share the hidden cards among the other seats: sizes kept, known voids respected."""
    for _attempt in range(30):
        left = dict(room)
        hands = dict.fromkeys(room, 0)
        order = list(cards)
        rng.shuffle(order)
        order.sort(key=lambda c: sum(1 for s in room if not (forbidden[s] >> c) & 1))
        for card in order:
            seats = [s for s in room if left[s] and not (forbidden[s] >> card) & 1]
            if not seats:
                break
            seat = rng.choices(seats, weights=[left[s] for s in seats])[0]
            hands[seat] |= 1 << card
            left[seat] -= 1
        else:
            return hands
    return _match_hidden(cards, room, forbidden, rng)


def _match_hidden(
    cards: list[int], room: dict[int, int], forbidden: list[int], rng: random.Random
) -> dict[int, int]:
    """The same by augmenting paths: finds a deal whenever one exists."""
    slots = [s for s in room for _ in range(room[s])]
    rng.shuffle(slots)
    owner: list[int | None] = [None] * len(slots)

    def place(card: int, seen: set[int]) -> bool:
        for k, seat in enumerate(slots):
            if k in seen or (forbidden[seat] >> card) & 1:
                continue
            seen.add(k)
            holder = owner[k]
            if holder is None or place(holder, seen):
                owner[k] = card
                return True
        return False

    for card in cards:
        if not place(card, set()):
            raise SavedGameError("no deal of the hidden cards fits this view")
    hands = dict.fromkeys(room, 0)
    for k, card in enumerate(owner):
        if card is not None:
            hands[slots[k]] |= 1 << card
    return hands
