"""The ``basic`` Mille player: a club player's rules of thumb, fast enough for rollouts.

The rules are split by concern: ``estimates`` (settings, shared estimates and the
discard) and this module: the draw, then after the draw melds and going out, and the
whole policy. Go out whenever the hand allows it (``mille.go-out``), with no wild if
possible (``mille.score.naturals``); else meld every natural triple and add every card
that fits an own meld, the highest rank first; keep the 2s for the end of the hand, when
cards caught in hand cost their value; then discard. Each decision returns the move as a
model :data:`Plan` and a :class:`Why`: the facts the rule of thumb weighed, which
``words`` turns into a sentence for the learner.
"""

from __future__ import annotations

from typing import Any

from ..legality import first_two_takeable, meld_fits
from ..tables import NATURAL_RANKS, RANK, VALUE
from .estimates import BASIC, Style, Why, discard_plan, estimated_margin, pressure
from .model import (
    ADD,
    DISCARD,
    DRAW_PHASE,
    FACES_OF_RANK,
    MELD,
    OVER,
    PILE,
    STOCK,
    TAKE,
    Plan,
    Table,
)

__all__ = [
    "ROLLOUT_LIMIT",
    "draw_plan",
    "exit_plan",
    "going_out",
    "meld_phase_plan",
    "pile_gain",
    "plan_for",
    "rollout",
]


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


def _natural_at(t: Table, seat: int, rank: int) -> tuple[Plan, Why]:
    """The natural meld or addition of the seat's cards of ``rank``."""
    faces = tuple(t.faces(seat, rank))
    if t.melded[seat][rank]:
        return (ADD, faces, rank), Why("add", {"rank": rank, "faces": faces})
    # three naturals always make a meld (min_naturals is at most 3)
    return (MELD, faces, rank), Why("meld", {"rank": rank, "faces": faces})


def _wild_need(t: Table, rank: int, n: int) -> int | None:
    """The 2s needed to meld ``n`` natural cards of ``rank`` (None if it cannot be done)."""
    need = max(0, 3 - n)
    return need if meld_fits(t.rules, rank, n, need) else None


def _wild_home(t: Table, seat: int, new_ranks: list[int]) -> int | None:
    """A meld of another rank that can take spare 2s as wilds, else None."""
    if t.rules.wilds_at_most_naturals:
        return None
    for rank in NATURAL_RANKS:
        if t.has_meld(seat, rank) or rank in new_ranks:
            return rank
    return None


def going_out(t: Table, seat: int) -> tuple[list[tuple[int, int, int]], int | None] | None:
    """A way to empty the hand this turn, keeping at most one card to discard.

    Returns the melds to make after the natural ones, as (rank, naturals, 2s as wilds),
    and the card to discard last (None if the last meld goes out); None when the hand
    cannot be emptied. A way that uses no wild (``mille.score.naturals``) comes first,
    then the one that throws away the cheapest card.
    """
    exit_ = exit_plan(t, seat, t.rank_count[seat])
    if exit_ is None:
        return None
    melds, out = exit_
    return melds, _kept_card(t, seat, out)


def _kept_card(t: Table, seat: int, out: int | None) -> int | None:
    """The card of rank ``out`` to discard last: a 2 of the highest value, else the cheapest."""
    if out is None:
        return None
    faces = t.faces(seat, out)
    return faces[0] if out == 2 else faces[-1]


def exit_plan(
    t: Table, seat: int, counts: list[int]
) -> tuple[list[tuple[int, int, int]], int | None] | None:
    """``going_out`` on a hand given as counts per rank; the rank of the card kept to discard."""
    melded = t.melded[seat]
    twos = counts[2]
    left: dict[int, int] = {}  # the natural cards no natural meld or addition can place
    lowest = -2  # the 2s these need at least, leaving one single out
    for r in NATURAL_RANKS:
        n = counts[r]
        if n and n < 3 and not melded[r]:
            left[r] = n
            lowest += 1 if n == 2 else 2
            if lowest > twos:
                return None
    needs = (0, _wild_need(t, 3, 1), _wild_need(t, 3, 2))  # the same for all natural ranks
    best: tuple[tuple[bool, int], list[tuple[int, int, int]], int | None] | None = None
    options: list[int | None] = [None, *left]
    if twos:
        options.append(2)
    for out in options:
        cost = 0 if out is None else 20 if out == 2 else min(_CHEAPEST[out], 15)
        if best is not None and (False, cost) >= best[0]:
            continue  # this way cannot beat the best one found
        spare = twos - 1 if out == 2 else twos
        melds: list[tuple[int, int, int]] = []
        need_total = 0
        for rank, n in left.items():
            if rank == out:
                n -= 1
                if not n:
                    continue
            need = needs[n]
            if need is None:
                break
            melds.append((rank, n, need))
            need_total += need
        else:
            if need_total > spare:
                continue
            extra = spare - need_total
            if extra:
                if melded[2] or extra >= 3:
                    melds.append((2, extra, 0))
                else:
                    home = _wild_home(t, seat, [m[0] for m in melds])
                    if home is None:
                        continue
                    melds.append((home, 0, extra))
                    need_total += extra
            key = (need_total > 0, cost)  # 2s used as wilds last (mille.score.naturals)
            if best is None or key < best[0]:
                best = (key, melds, out)
    if best is None:
        return None
    return best[1], best[2]


_CHEAPEST = {rank: 5 if rank < 10 else 15 if rank == 14 else 10 for rank in range(3, 15)}


def _wild_step(t: Table, seat: int, rank: int, naturals: int, wilds: int) -> Plan:
    """A meld or addition of ``naturals`` cards of ``rank`` with ``wilds`` 2s."""
    faces = tuple(t.faces(seat, rank)[:naturals]) if rank != 2 else ()
    twos = tuple(t.faces(seat, 2)[: wilds if rank != 2 else naturals])
    kind = ADD if t.has_meld(seat, rank) else MELD
    return (kind, faces + twos, rank)


def _out_step(t: Table, seat: int, natural: int) -> tuple[Plan, Why] | None:
    """The next step of going out this turn, if the hand can be emptied (``mille.go-out``).

    ``natural`` is the rank of the next natural meld or addition (0: none).
    """
    exit_ = exit_plan(t, seat, t.rank_count[seat])  # going_out(), without a call per turn
    if exit_ is None:
        return None
    melds, out = exit_
    last = _kept_card(t, seat, out)
    if natural:
        plan, why = _natural_at(t, seat, natural)
        why.facts["out"] = last
        why.code += "-out"
        return plan, why
    if melds:
        rank, naturals, wilds = melds[0]
        plan = _wild_step(t, seat, rank, naturals, wilds)
        return plan, Why("wild-out", {"rank": rank, "faces": plan[1], "out": last})
    if last is not None:
        return (DISCARD, (last,), 0), Why("discard-out", {"card": last})
    return None


def meld_phase_plan(t: Table, style: Style = BASIC) -> tuple[Plan, Why]:
    """After the draw: go out if the hand allows, meld naturals, use 2s late, then discard."""
    seat = t.to_move
    counts = t.rank_count[seat]
    melded = t.melded[seat]
    twos = counts[2]
    # one pass for two questions: the first natural meld or addition (_natural_step), and
    # the 2s the natural cards it leaves need at least to go out (exit_plan's first loop)
    natural = 0
    lowest = -2
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if n:
            if n >= 3 or melded[rank]:
                if not natural:
                    natural = rank
            else:
                lowest += 1 if n == 2 else 2
    if lowest <= twos:  # else exit_plan finds no way out
        step = _out_step(t, seat, natural)
        if step is not None:
            return step
    if natural:
        return _natural_at(t, seat, natural)
    p = pressure(t, seat)
    if twos:
        late = p >= style.wild_pressure
        # early, a pair takes a 2 only if worth early_wild_pair: never above two of the best
        pairs = (
            [r for r in NATURAL_RANKS if counts[r] == 2 and not melded[r]]
            if late or style.early_wild_pair <= _BEST_PAIR
            else []
        )
        if pairs and meld_fits(t.rules, pairs[0], 2, 1):  # the same for all natural ranks
            hand = t.hands[seat]
            worth = {r: sum([v * hand[f] for f, v in _FACE_VALUES[r]]) for r in pairs}
            if not late:
                pairs = [r for r in pairs if worth[r] >= style.early_wild_pair]
            if pairs:
                rank = max(pairs, key=lambda r: (worth[r], r))
                plan = _wild_step(t, seat, rank, 2, 1)
                facts = {"rank": rank, "faces": plan[1], "pressure": p, "worth": worth[rank]}
                return plan, Why("wild-pair", facts)
        if late and (t.has_meld(seat, 2) or twos >= 3):
            plan = _wild_step(t, seat, 2, twos, 0)
            return plan, Why("twos", {"faces": plan[1], "pressure": p})
    return discard_plan(t, style, p)


_FACE_VALUES = tuple(tuple((f, VALUE[f]) for f in faces) for faces in FACES_OF_RANK)
"""Each rank's faces with their values."""
_BEST_PAIR = 2 * max(VALUE)
"""What the best pair of the deck is worth."""
