"""Deals of the cards one seat cannot see that fit what it has seen, and states built on them.

``Game.from_view`` and the expert bot deal the hidden cards among the other seats at
random, keeping every public fact: the hand sizes, the face-up card with the dealer, and
what each seat's past plays showed it cannot hold (``forbidden_cards``).
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import InvalidMoveError, SavedGameError
from .legality import BLOCKABLE, SEVEN_MODES
from .position import read_position, write_position
from .rules import Rules
from .state import State
from .tables import DECK_MASK, ORDERS, SUIT, SUIT_MASK, bits, index_of

__all__ = ["deal_hidden", "forbidden_cards", "state_from_view"]


def _mask(texts: list[str], what: str) -> int:
    mask = 0
    try:
        for text in texts:
            mask |= 1 << index_of(text)
    except (InvalidMoveError, TypeError) as error:
        raise SavedGameError(f"view {what}: {error}") from None
    return mask


def forbidden_cards(view: dict[str, Any], rules: Rules) -> list[int]:
    """For each seat, cards it cannot hold: what its past plays would have made illegal."""
    higher = ORDERS[rules.traditional_rank].higher
    seven = SEVEN_MODES[rules.seven_rule]
    trump = SUIT[index_of(view["trump_card"])]
    forbidden = [0, 0, 0, 0]
    opened_now = opened_before = 0
    led = win = win_seat = 0
    for k, entry in enumerate(view["played"]):
        seat, card = entry["seat"], index_of(entry["card"])
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


def state_from_view(view: dict[str, Any], rng: random.Random) -> State:
    """A full match state that ``view`` could come from, the cards it cannot see at random."""
    if not isinstance(view, dict) or view.get("game") != "mililla":
        raise SavedGameError("not a Mililla view")
    try:
        rules = Rules.from_dict(view["rules"])
        seat = view["seat"]
        own = _mask(view["hand"], "hand")
        played = _mask([p["card"] for p in view["played"]], "played cards")
        dealer = view["dealer"]
        face_up = view["face_up"]
        held = 0 if face_up is None else 1 << index_of(face_up)
        sizes = view["hand_sizes"]
        forbidden = forbidden_cards(view, rules)
        deal = view["deal"]
        trump_card = index_of(view["trump_card"])
        before = view["totals_before"]
        before = (before[0], before[1])
        plays = [index_of(p["card"]) for p in view["played"]]
        seats = [p["seat"] for p in view["played"]]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SavedGameError(f"the view is incomplete or malformed: {error!r}") from None
    if seat == dealer:
        held = 0
    hidden = DECK_MASK & ~own & ~played & ~held
    room = {s: sizes[s] - (1 if s == dealer and held else 0) for s in range(4) if s != seat}
    if sum(room.values()) != hidden.bit_count() or min(room.values(), default=0) < 0:
        raise SavedGameError("the view's hand sizes do not match the cards not yet seen")
    hands = deal_hidden(bits(hidden), room, forbidden, rng)
    hands[seat] = own
    if held:
        hands[dealer] |= held
    scratch = State(rules, 0)
    scratch.deal_number = deal
    scratch.dealer = dealer
    scratch.trump_card = trump_card
    scratch.totals_before = before
    scratch.hands = [hands[s] for s in range(4)]
    scratch.plays = plays
    scratch.play_seats = seats
    return read_position(write_position(scratch), rules, rng.getrandbits(32))
