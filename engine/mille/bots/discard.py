"""The Mille rules of thumb, part 3: which card to discard.

Keep pairs and 2s, let a lone card go, the one least likely to be paired again and
least likely to hand the opponent the pile (``mille.draw.pile``): the opponent needs two
natural cards of its rank, which it is unlikely to hold if it has melded that rank or
just let such a card go by.
"""

from __future__ import annotations

import math
from typing import Any

from ..tables import RANK, VALUE
from .estimates import BASIC, Style, Why, danger, pressure, seen_counts
from .model import DISCARD, FACES_BY_VALUE, Plan, Table

__all__ = ["discard_facts", "discard_plan", "discard_ranking"]


def _opponent_passes(t: Table) -> tuple[set[int], set[int]]:
    """Ranks the opponent recently let go by on the pile, and ranks it recently discarded.

    In the mover's meld phase the pile's top card came from the opponent, the one under
    it from the mover (and the opponent drew from the stock with it on top), and so on.
    """
    pile = t.pile
    passed = {RANK[f] for f in pile[-2:-7:-2]}  # the 2nd, 4th and 6th cards from the top
    thrown = {RANK[f] for f in pile[-1:-6:-2]}  # the 1st, 3rd and 5th
    return passed, thrown


def discard_ranking(t: Table, seat: int, style: Style = BASIC) -> list[tuple[float, int]]:
    """Each kind of card in hand with its discard score, best to let go first.

    The score weighs what holding the card costs if the hand ends (its value times the
    pressure) against what it may still bring (a pair, a 2, unseen cards of its rank)
    and against the risk of handing the opponent the pile (``danger``).
    """
    return [(-minus_score, face) for minus_score, _, face in sorted(_discard_keys(t, seat, style))]


_VALUE_GROUPS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (value, tuple(f for f in faces if VALUE[f] == value))
        for value in sorted({VALUE[f] for f in faces}, reverse=True)
    )
    for faces in FACES_BY_VALUE
)
"""Each rank's faces grouped by value, high value first: one discard is scored per group."""


def _discard_keys(
    t: Table, seat: int, style: Style, p: float | None = None
) -> list[tuple[float, int, int]]:
    """Each kind of card in hand as (minus its discard score, minus its value, its face).

    The smallest key is the card to let go first: the best score, then the most valuable.
    """
    counts = t.rank_count[seat]
    hand = t.hands[seat]
    if p is None:
        p = pressure(t, seat)
    pile = t.pile
    # _opponent_passes() and hidden_share(), written out (as rank bits): this runs in
    # every simulated turn
    recent = pile[-6:]
    if len(recent) < 6:  # a short pile: "no card" (52) below it
        recent = [52] * (6 - len(recent)) + recent
    sixth, fifth, fourth, third, second, top = recent
    passed = _RANK_BIT[second] | _RANK_BIT[fourth] | _RANK_BIT[sixth]
    thrown = _RANK_BIT[top] | _RANK_BIT[third] | _RANK_BIT[fifth]
    pile_points = 10 + 0.7 * t.pile_points
    opponent = 1 - seat
    melded = t.melded[opponent]
    known = t.known[opponent]
    hidden = t.sizes[opponent] - sum(known)
    pool = hidden + len(t.stock)
    share = hidden / pool if pool else 0.0
    meld_ranks, pile_ranks = t.meld_ranks, t.pile_ranks
    feed_weight = style.feed_weight
    keep_two, keep_pair, live_weight = style.keep_two, style.keep_pair, style.live_weight
    exp = math.exp
    ranked = []
    for rank, groups in _RANK_GROUPS:
        n = counts[rank]
        if not n:
            continue
        # seen_counts() and danger(), written out likewise
        k = known[rank]
        unseen = 8 - (n + meld_ranks[rank] + pile_ranks[rank] + k)
        if unseen < 0:
            unseen = 0
        if k >= 2:
            risk = 1.0
        elif k:
            risk = 1.0 - exp(-(unseen * share))
        else:
            expected = unseen * share
            risk = 1.0 - exp(-expected) * (1.0 + expected)
        if melded[rank] and rank != 2:
            risk *= 0.3  # it would have added its cards of that rank to its meld
        if (passed >> rank) & 1:
            risk *= 0.3
        elif (thrown >> rank) & 1:
            risk *= 0.6
        risk *= feed_weight
        if rank == 2:
            keep = keep_two
            paired = False
        elif n >= 2:
            keep = keep_pair
            paired = True
        else:
            keep = live_weight * unseen
            paired = False
        for value, faces in groups:
            for f in faces:  # the first face of this value in hand
                if hand[f]:
                    held = keep + value if paired else keep
                    score = value * p - held - risk * (2 * value + pile_points)
                    ranked.append((-score, -value, f))
                    break
    return ranked


_RANK_BIT = (*(1 << RANK[f] for f in range(52)), 0)
"""Each face's rank as a bit; no bit for 52, "no card"."""
_RANK_GROUPS = tuple((rank, _VALUE_GROUPS[rank]) for rank in range(2, 15))
"""Each rank, 2 to Ace, with its faces grouped by value."""


def discard_facts(t: Table, seat: int, face: int) -> dict[str, Any]:
    """What the seat can tell about one card it may discard, for the sentence."""
    rank = RANK[face]
    seen = seen_counts(t, seat)
    passed, thrown = _opponent_passes(t)
    opponent = 1 - seat
    return {
        "card": face,
        "rank": rank,
        "count": t.rank_count[seat][rank],
        "seen": seen[rank],
        "risk": danger(t, seat, rank, seen),
        "passed": rank in passed,
        "thrown": rank in thrown,
        "opponent_meld": rank != 2 and t.has_meld(opponent, rank),
        "pressure": pressure(t, seat),
    }


def discard_plan(t: Table, style: Style = BASIC, p: float | None = None) -> tuple[Plan, Why]:
    """Let go of the card the rules of thumb value least (see ``discard_ranking``).

    ``p`` is the mover's ``pressure``, if the caller has it already.
    """
    face = min(_discard_keys(t, t.to_move, style, p))[2]
    return (DISCARD, (face,), 0), Why("discard", {"card": face})
