"""The Mille rules of thumb: their settings, the estimates they share, and the discard.

Every function of the rules of thumb (``estimates``, ``policy``) looks at the table from
the side of the seat to move and reads only what that seat may know: its own hand, both
players' melds, the pile, the opponent's publicly known cards and the sizes of the
opponent's hand and of the stock. The opponent's hidden cards and the order of the stock
are never read, so a rollout played with these rules does not cheat either.

Which card to discard is ranked here too, since the expert and the reading of the
opponent share that ranking: keep pairs and 2s, let a lone card go, the one least likely
to be paired again and least likely to hand the opponent the pile (``mille.draw.pile``):
the opponent needs two natural cards of its rank, which it is unlikely to hold if it has
melded that rank or just let such a card go by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..tables import RANK, VALUE
from .model import DISCARD, FACES_BY_VALUE, Plan, Table

__all__ = [
    "AVERAGE_CARD",
    "BASIC",
    "SHARP",
    "Style",
    "Why",
    "danger",
    "discard_facts",
    "discard_plan",
    "discard_ranking",
    "estimated_margin",
    "hidden_share",
    "pressure",
    "seen_counts",
]


AVERAGE_CARD = 11
"""The average value of a card of the deck (570 points over 52 faces), for estimates."""


@dataclass(frozen=True, slots=True)
class Style:
    """The settings of the rules of thumb (see :data:`BASIC` for what each one means)."""

    name: str
    early_wild_pair: int = 1000
    """Put a 2 on a pair at once if the pair is worth at least this many points."""
    wild_pressure: float = 0.6
    """From this pressure on, 2s are put to use on pairs and melds."""
    junk_weight: float = 1.0
    """How much the cards of the pile that fit nothing count against taking it."""
    keep_two: float = 35.0
    """How much a 2 is worth keeping in hand (it makes a meld of any pair)."""
    keep_pair: float = 10.0
    """How much one card of a pair is worth keeping, on top of its value."""
    live_weight: float = 1.5
    """How much each unseen card of its rank helps a single card to stay in hand."""
    feed_weight: float = 1.0
    """How much the risk of handing the opponent the pile counts against a discard."""


BASIC = Style("basic")
"""A club player's rules: meld what you can, take a pile that gives a meld, keep pairs and
2s, use the 2s when the hand is about to end, discard the card least likely to feed the
pile to the opponent, go out as soon as you can."""


SHARP = Style("sharp", keep_pair=25.0, live_weight=0.0, early_wild_pair=60)
"""The expert's own instincts, tuned in simulated matches against :data:`BASIC`: hold on
to pairs harder, and put a 2 on a pair worth 60 points or more (a Queen of spades) at
once rather than risk being caught with it."""


@dataclass(slots=True)
class Why:
    """What a decision weighed: a short code for the kind of reason, and its facts."""

    code: str
    facts: dict[str, Any] = field(default_factory=dict)


# -- shared estimates ------------------------------------------------------------------


def pressure(t: Table, seat: int) -> float:
    """How likely the hand is to end soon, 0 to 1: cards left in hand may then be caught."""
    opponent = t.sizes[1 - seat]
    stock = len(t.stock)
    p = 0.2
    if opponent <= 2:
        p = 0.9
    elif opponent <= 4:
        p = 0.6
    elif opponent <= 7:
        p = 0.35
    if stock <= 4:
        p = max(p, 0.95)
    elif stock <= 12:
        p = max(p, 0.6)
    return p


def seen_counts(t: Table, seat: int) -> list[int]:
    """How many cards of each rank the seat can see: own hand, melds, pile, known cards."""
    mine, melds, pile, known = t.rank_count[seat], t.meld_ranks, t.pile_ranks, t.known[1 - seat]
    return [mine[r] + melds[r] + pile[r] + known[r] for r in range(15)]


def danger(t: Table, seat: int, rank: int, seen: list[int], share: float | None = None) -> float:
    """The chance that the opponent holds two cards of ``rank`` to take the pile with it.

    ``share`` is the part of the unseen cards that sits in the opponent's hand rather
    than in the stock (computed here if not given).
    """
    opponent = 1 - seat
    known = t.known[opponent][rank]
    if known >= 2:
        return 1.0
    if share is None:
        share = hidden_share(t, seat)
    expected = max(0, 8 - seen[rank]) * share
    if known == 1:
        return 1.0 - math.exp(-expected)
    return 1.0 - math.exp(-expected) * (1.0 + expected)


def hidden_share(t: Table, seat: int) -> float:
    """The part of the cards the seat cannot see that is in the opponent's hand."""
    opponent = 1 - seat
    hidden = t.sizes[opponent] - sum(t.known[opponent])
    pool = hidden + len(t.stock)
    return hidden / pool if pool else 0.0


def estimated_margin(t: Table, seat: int) -> float:
    """The seat's score minus the opponent's if the hand ended now, hidden cards averaged."""
    opponent = 1 - seat
    theirs = sum(t.meld_val[opponent]) - AVERAGE_CARD * t.sizes[opponent]
    mine = sum(t.meld_val[seat]) - t.values[seat]
    return mine - theirs


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
