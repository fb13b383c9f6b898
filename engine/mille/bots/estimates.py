"""The Mille rules of thumb, part 1: their settings, and the estimates they share.

Every function of the rules of thumb (``estimates``, ``melds``, ``discard``,
``policy``) looks at the table from the side of the seat to move and reads only what
that seat may know: its own hand, both players' melds, the pile, the opponent's publicly
known cards and the sizes of the opponent's hand and of the stock. The opponent's
hidden cards and the order of the stock are never read, so a rollout played with these
rules does not cheat either.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .model import Table

__all__ = [
    "AVERAGE_CARD",
    "BASIC",
    "SHARP",
    "Style",
    "Why",
    "danger",
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
