"""The ``basic`` Mille player: a club player's rules of thumb, fast enough for rollouts.

The rules are split by concern: ``estimates`` (settings and shared estimates), this
module (the draw, and the whole policy), ``melds`` (melds and going out) and
``discard`` (the discard). Each decision returns the move as a model :data:`Plan`
and a :class:`Why`: the facts the rule of thumb weighed, which ``words`` turns into
a sentence for the learner.
"""

from __future__ import annotations

from typing import Any

from ..legality import first_two_takeable
from ..tables import RANK, VALUE
from .estimates import BASIC, Style, Why, estimated_margin, pressure
from .melds import meld_phase_plan
from .model import DRAW_PHASE, OVER, PILE, STOCK, TAKE, Plan, Table

__all__ = ["ROLLOUT_LIMIT", "draw_plan", "pile_gain", "plan_for", "rollout"]

ROLLOUT_LIMIT = 3000
"""A bound on the moves of one rollout (a hand always ends long before)."""


# -- the draw ----------------------------------------------------------------------------


def _pile_pair(t: Table, seat: int) -> tuple[int, ...]:
    rank = RANK[t.pile[-1]]
    if rank == 2:
        return tuple(t.faces(seat, 2)[:2])
    naturals = t.faces(seat, rank)
    if len(naturals) >= 2:
        return tuple(naturals[:2])
    return (naturals[0], t.faces(seat, 2)[0])


def pile_gain(t: Table, seat: int, pair: tuple[int, ...], style: Style) -> dict[str, Any]:
    """Weigh taking the pile: the meld it gives at once, what of the rest fits, the junk."""
    top = t.pile[-1]
    rank = RANK[top]
    rest = t.pile[:-1]
    counts = t.rank_count[seat][:]
    for f in pair:
        counts[RANK[f]] -= 1
    for f in rest:
        counts[RANK[f]] += 1
    p = pressure(t, seat)
    fits, junk, twos = [], [], []
    for f in rest:
        r = RANK[f]
        if r == 2:
            twos.append(f)
        elif r == rank or t.has_meld(seat, r) or counts[r] >= 3:
            fits.append(f)
        else:
            junk.append(f)
    meld_points = VALUE[top] + sum(VALUE[f] for f in pair)
    fit_points = sum(VALUE[f] for f in fits) + sum(VALUE[f] for f in twos) // 2
    junk_points = sum(VALUE[f] for f in junk)
    gain = meld_points + fit_points - style.junk_weight * p * junk_points
    gain += 0.5 * len(rest) * (1 - p)
    return {
        "gain": gain,
        "meld_points": meld_points,
        "fits": fits,
        "twos": twos,
        "junk": junk,
        "junk_points": junk_points,
        "size": len(t.pile),
        "pressure": p,
    }


def draw_plan(t: Table, style: Style = BASIC) -> tuple[Plan, Why]:
    """Take the turned-up 2, take the pile when it pays, else draw from the stock."""
    seat = t.to_move
    counts = t.rank_count[seat]
    top = t.pile[-1] if t.pile else None
    if (
        t.first_turn
        and top is not None
        and RANK[top] == 2
        and first_two_takeable(t.rules, counts[2])
    ):  # mille.draw.first-two
        return (TAKE, (top,), 2), Why("take-two", {"card": top})
    if top is not None and t.can_take_pile(seat):
        pair = _pile_pair(t, seat)
        weighed = pile_gain(t, seat, pair, style)
        weighed["pair"] = pair
        weighed["top"] = top
        take = (PILE, pair, RANK[top])
        if t.stock_ends_hand():  # mille.draw.stock-empty: leaving the pile ends the hand
            margin = estimated_margin(t, seat)
            weighed["margin"] = margin
            if weighed["gain"] <= 0 and margin > 0:
                return (STOCK, (), 0), Why("end-hand", weighed)
            return take, Why("take-pile-last", weighed)
        if weighed["gain"] > 0:
            return take, Why("take-pile", weighed)
        return (STOCK, (), 0), Why("leave-pile", weighed)
    return (STOCK, (), 0), Why("stock", {"top": top, "stock": len(t.stock)})


# -- the whole policy --------------------------------------------------------------------


def plan_for(t: Table, style: Style = BASIC) -> tuple[Plan, Why]:
    """The move the rules of thumb choose for the seat to move, and what they weighed."""
    if t.phase is DRAW_PHASE:
        return draw_plan(t, style)
    return meld_phase_plan(t, style)


def rollout(t: Table, styles: tuple[Style, Style] = (BASIC, BASIC)) -> int:
    """Play the hand to its end, each seat following its style; return the moves played."""
    moves = 0
    apply = t.apply
    can_take_pile = t.can_take_pile
    while t.phase is not OVER and moves < ROLLOUT_LIMIT:
        # plan_for(), written out: this loop plays every simulated move
        if t.phase is not DRAW_PHASE:
            apply(meld_phase_plan(t, styles[t.to_move])[0])
        elif t.first_turn or can_take_pile(t.to_move):
            apply(draw_plan(t, styles[t.to_move])[0])
        else:
            apply(_FROM_STOCK)  # draw_plan's only choice: no turned-up 2, no pile to take
        moves += 1
    return moves


_FROM_STOCK: Plan = (STOCK, (), 0)
