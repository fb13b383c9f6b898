"""The expert's faster helpers give exactly what the engine's own helpers give."""

from __future__ import annotations

import random

from cardschool.engine.mililla.bots.model import cards_in
from cardschool.engine.mililla.bots.search import deal_hidden
from cardschool.engine.mililla.sampling import deal_hidden as reference_deal
from cardschool.engine.mililla.tables import DECK_MASK, SUIT_MASK, bits


def test_cards_in_lists_a_mask_as_bits_does() -> None:
    """Every size of hand, every suit, the empty and the full deck: the same list."""
    rng = random.Random(5)
    masks = [0, DECK_MASK, *SUIT_MASK, 1, 1 << 39]
    masks += [sum(1 << c for c in rng.sample(range(40), rng.randint(1, 40))) for _ in range(3000)]
    for mask in masks:
        assert cards_in(mask) == bits(mask)


def _case(rng: random.Random) -> tuple[list[int], dict[int, int], list[int]]:
    """Hidden cards, the room of three seats and voids that may make deals hard to find."""
    seat = rng.randrange(4)
    hidden = rng.sample(range(40), rng.randint(1, 30))
    room: dict[int, int] = {s: 0 for s in range(4) if s != seat}
    for _ in hidden:
        room[rng.choice(list(room))] += 1
    forbidden = [0, 0, 0, 0]
    for s in room:
        for suit in rng.sample(range(4), rng.choice((0, 0, 1, 1, 2))):
            forbidden[s] |= SUIT_MASK[suit]
    return hidden, room, forbidden


def test_deal_hidden_deals_the_same_hands_from_the_same_draws() -> None:
    """Same result and the generator left in the same state, voids or none, deal or none."""
    rng = random.Random(7)
    dealt = refused = 0
    for k in range(1000):
        hidden, room, forbidden = _case(rng)
        ours, theirs = random.Random(k), random.Random(k)
        try:
            expected = reference_deal(list(hidden), dict(room), list(forbidden), theirs)
        except ValueError as error:
            refused += 1
            try:
                deal_hidden(list(hidden), dict(room), list(forbidden), ours)
            except ValueError as same:
                assert str(same) == str(error)
                assert ours.getstate() == theirs.getstate()  # thirty attempts drawn alike
            else:
                raise AssertionError("the fast deal found a deal the reference refused") from None
            continue
        got = deal_hidden(list(hidden), dict(room), list(forbidden), ours)
        assert got == expected and list(got) == list(expected)
        assert ours.getstate() == theirs.getstate()
        dealt += 1
    assert dealt > 500 and refused > 50  # both paths were exercised
