"""The Mille rules of thumb, part 3: which card to discard.

Keep pairs and 2s, let a lone card go, the one least likely to be paired again and
least likely to hand the opponent the pile (``mille.draw.pile``): the opponent needs two
natural cards of its rank, which it is unlikely to hold if it has melded that rank or
just let such a card go by.
"""

from __future__ import annotations

import math
from typing import Any

from .bot_estimates import BASIC, Style, Why, danger, hidden_share, pressure, seen_counts
from .bot_model import DISCARD, FACES_BY_VALUE, Plan, Table
from .tables import RANK, VALUE

__all__ = ["discard_facts", "discard_plan", "discard_ranking"]


def _opponent_passes(t: Table) -> tuple[set[int], set[int]]:
    """Ranks the opponent recently let go by on the pile, and ranks it recently discarded.

    In the mover's meld phase the pile's top card came from the opponent, the one under
    it from the mover (and the opponent drew from the stock with it on top), and so on.
    """
    pile = t.pile
    passed = {RANK[pile[-k]] for k in (2, 4, 6) if k <= len(pile)}
    thrown = {RANK[pile[-k]] for k in (1, 3, 5) if k <= len(pile)}
    return passed, thrown


def discard_ranking(t: Table, seat: int, style: Style = BASIC) -> list[tuple[float, int]]:
    """Each kind of card in hand with its discard score, best to let go first.

    The score weighs what holding the card costs if the hand ends (its value times the
    pressure) against what it may still bring (a pair, a 2, unseen cards of its rank)
    and against the risk of handing the opponent the pile (``danger``).
    """
    ranked = _discard_scores(t, seat, style)
    ranked.sort(key=_discard_order)
    return ranked


def _discard_order(item: tuple[float, int]) -> tuple[float, int, int]:
    return (-item[0], -VALUE[item[1]], item[1])


def _discard_scores(t: Table, seat: int, style: Style) -> list[tuple[float, int]]:
    counts = t.rank_count[seat]
    hand = t.hands[seat]
    p = pressure(t, seat)
    seen = seen_counts(t, seat)
    passed, thrown = _opponent_passes(t)
    pile_points = 10 + 0.7 * t.pile_points
    opponent = 1 - seat
    melded = t.melded[opponent]
    known = t.known[opponent]
    share = hidden_share(t, seat)
    feed_weight = style.feed_weight
    keep_two, keep_pair, live_weight = style.keep_two, style.keep_pair, style.live_weight
    exp = math.exp
    ranked = []
    for rank in range(2, 15):
        n = counts[rank]
        if not n:
            continue
        if known[rank] >= 2:  # danger(), written out: this runs in every simulated turn
            risk = 1.0
        else:
            expected = max(0, 8 - seen[rank]) * share
            risk = 1.0 - exp(-expected) * (1.0 if known[rank] else 1.0 + expected)
        if rank != 2 and melded[rank]:
            risk *= 0.3  # it would have added its cards of that rank to its meld
        if rank in passed:
            risk *= 0.3
        elif rank in thrown:
            risk *= 0.6
        risk *= feed_weight
        if rank == 2:
            keep = keep_two
        elif n >= 2:
            keep = keep_pair
        else:
            keep = live_weight * max(0, 8 - seen[rank])
        last_value = -1
        for f in FACES_BY_VALUE[rank]:
            if not hand[f]:
                continue
            value = VALUE[f]
            if value == last_value:
                continue
            last_value = value
            held = keep + value if rank != 2 and n >= 2 else keep
            ranked.append((value * p - held - risk * (2 * value + pile_points), f))
    return ranked


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


def discard_plan(t: Table, style: Style = BASIC) -> tuple[Plan, Why]:
    """Let go of the card the rules of thumb value least (see ``discard_ranking``)."""
    face = min(_discard_scores(t, t.to_move, style), key=_discard_order)[1]
    return (DISCARD, (face,), 0), Why("discard", {"card": face})
