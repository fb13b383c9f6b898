"""Deals of the cards one seat cannot see that fit what it has seen, and states built on them.

``Game.from_view`` and the expert bot deal the hidden cards among the other seats at
random, keeping every public fact: the hand sizes, the face-up card with the dealer, and
what each seat's past plays showed it cannot hold (``forbidden_cards``).
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import InvalidMoveError, SavedGameError
from .hidden import deal_hidden, forbidden_cards
from .position import read_position, write_position
from .rules import Rules
from .state import State
from .tables import DECK_MASK, bits, index_of

__all__ = ["deal_hidden", "forbidden_cards", "state_from_view"]


def _mask(texts: list[str], what: str) -> int:
    mask = 0
    try:
        for text in texts:
            mask |= 1 << index_of(text)
    except (InvalidMoveError, TypeError) as error:
        raise SavedGameError(f"view {what}: {error}") from None
    return mask


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
        earlier = view.get("earlier")
        earlier_mask = _mask(earlier["cards"], "earlier cards") if earlier else 0
        earlier_tricks = (earlier["tricks"][0], earlier["tricks"][1]) if earlier else (0, 0)
        earlier_points = (earlier["points"][0], earlier["points"][1]) if earlier else (0, 0)
        to_move = view["to_move"]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SavedGameError(f"the view is incomplete or malformed: {error!r}") from None
    if seat == dealer:
        held = 0
    hidden = DECK_MASK & ~own & ~played & ~earlier_mask & ~held
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
    scratch.earlier = earlier_mask
    scratch.earlier_tricks, scratch.earlier_points = earlier_tricks, earlier_points
    scratch.to_move = to_move
    return read_position(write_position(scratch), rules, rng.getrandbits(32))
