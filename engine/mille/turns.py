"""Carrying out Mille: the cut and the deal, judged moves, the end of a hand, the next deal.

Every function here changes a ``State`` in place and logs public events; none decides
legality (that is ``legality.judge``), so none can fail half-way.
"""

from __future__ import annotations

import random

from ..messages import Message, Seat, message
from .legality import NEW, Verdict, must_end_now, stock_refills
from .messages import Count, Face, Rank
from .moves import MoveKind
from .rules import Rules
from .scoring import deal_result, match_result
from .state import Chance, Event, Meld, Phase, State
from .tables import FACES, RANK
from .words import narration

__all__ = ["apply", "cut_for_dealer", "deal", "log", "next_deal", "start_turn"]


def log(st: State, seat: int | None, said: Message, rule: str) -> None:
    """Record a public event: who, what happened (as a message, rendered when read), and
    the rule behind it."""
    st.log.append(Event(seat, said, rule))


def _full_deck() -> list[int]:
    return [face for face in FACES for _ in range(2)]  # mille.deck


def cut_for_dealer(st: State, rules: Rules, rng: random.Random) -> int:
    """Each player cuts a card; the higher rank deals first (``mille.cut``)."""
    deck = _full_deck()
    while True:
        south, north = rng.sample(deck, 2)
        if RANK[south] != RANK[north]:
            break
        log(st, None, message("mille:log.cut-again", rank=Rank(RANK[south])), "mille.cut")
    high = 0 if RANK[south] > RANK[north] else 1
    dealer = 1 - high if rules.low_cut_deals else high
    cut = message(
        "mille:log.cut-low" if rules.low_cut_deals else "mille:log.cut",
        south=Seat(0),
        north=Seat(1),
        a=Face(south),
        b=Face(north),
        deals=message("mille:log.deals-first", who=Seat(dealer)),
    )
    log(st, dealer, cut, "mille.cut")
    return dealer


def deal(st: State, rng: random.Random) -> None:
    """Shuffle, cut and deal a hand for ``st.dealer`` (``mille.deal``)."""
    deck = _full_deck()
    rng.shuffle(deck)
    cut = rng.randint(5, len(deck) - 5)
    deck = deck[cut:] + deck[:cut]
    dealer = st.dealer
    first = 1 - dealer
    st.hands = [[0] * 52, [0] * 52]
    st.known = [[0] * 52, [0] * 52]
    st.sizes = [0, 0]
    st.melds = [[], []]
    for i in range(30):  # one at a time, the dealer's opponent first
        st.give(first if i % 2 == 0 else dealer, [deck[i]])
    st.pile = [deck[30]]
    st.stock = deck[31:][::-1]
    st.phase = Phase.DRAW
    st.to_move = first
    st.first_turn = True
    st.went_out = None
    st.ended = None
    dealt = message(
        "mille:log.deal",
        hand=st.deal_number,
        who=Seat(dealer),
        card=Face(deck[30]),
        first=Seat(first),
    )
    log(st, dealer, dealt, "mille.deal")


def next_deal(st: State, rules: Rules, chance: Chance) -> None:
    """Add the hand to the totals and deal the next one, the deal alternating."""
    assert st.last_result is not None
    st.start_totals = list(st.last_result["totals"])
    st.deal_number += 1
    st.dealer = 1 - st.dealer
    st.log = []
    said = message("mille:log.next-dealer", who=Seat(st.dealer), hand=st.deal_number)
    log(st, st.dealer, said, "mille.next-dealer")
    deal(st, chance.rng())


def start_turn(st: State, rules: Rules, seat: int) -> None:
    """Give the turn to a player; an empty stock they cannot get past ends the hand."""
    st.to_move = seat
    st.phase = Phase.DRAW
    if must_end_now(st, rules):  # mille.draw.stock-empty
        said = message("mille:log.stock-empty", who=Seat(seat))
        log(st, seat, said, "mille.draw.stock-empty")
        _end_deal(st, rules, "stock-empty", None)


def apply(st: State, rules: Rules, chance: Chance, verdict: Verdict) -> None:
    """Carry out a move that ``judge`` found legal."""
    seat = st.to_move
    assert seat is not None and verdict.legal
    log(st, seat, narration(st, rules, verdict), verdict.rule)
    before = st.sizes[seat]
    st.first_turn = False
    faces = verdict.faces
    kind = verdict.kind
    if kind is MoveKind.STOCK:
        if not st.stock and stock_refills(rules, len(st.pile)):
            top = st.pile.pop()
            chance.rng().shuffle(st.pile)  # mille.draw.stock-empty, variant
            st.stock, st.pile = st.pile, [top]
        if not st.stock:
            _end_deal(st, rules, "stock-empty", None)
            return
        st.give(seat, [st.stock.pop()])
        st.phase = Phase.MELD
        return
    if kind is MoveKind.PILE:
        pile = st.pile
        st.pile = []
        st.remove(seat, faces)
        _lay(st, seat, verdict, [pile[-1], *faces])  # mille.draw.pile.meld
        rest = pile[:-1]
        st.give(seat, rest)
        known = st.known[seat]
        for face in rest:
            known[face] += 1
        st.phase = Phase.MELD
    elif kind is MoveKind.TAKE:
        st.pile.pop()
        st.give(seat, faces)
        st.known[seat][faces[0]] += 1
        st.phase = Phase.MELD
    elif kind is MoveKind.DISCARD:
        st.remove(seat, faces)
        st.pile.append(faces[0])
    else:
        st.remove(seat, faces)
        _lay(st, seat, verdict, faces)
    after = st.sizes[seat]
    if after == 0:  # mille.go-out
        log(st, seat, message("mille:log.goes-out", who=Seat(seat)), "mille.go-out")
        _end_deal(st, rules, "went-out", seat)
        return
    if before > 2 >= after:  # mille.announce
        down = message("mille:log.announce", who=Seat(seat), n=after, count=Count(after))
        log(st, seat, down, "mille.announce")
    if kind is MoveKind.DISCARD:
        start_turn(st, rules, 1 - seat)


def _lay(st: State, seat: int, verdict: Verdict, faces: list[int]) -> None:
    if verdict.target == NEW:
        st.melds[seat].append(Meld(verdict.rank, list(faces)))
    else:
        st.melds[seat][verdict.target].extend(list(faces))


def _end_deal(st: State, rules: Rules, how: str, went_out: int | None) -> None:
    st.ended = how
    st.went_out = went_out
    st.to_move = None
    result = deal_result(st, rules)
    st.last_result = result
    s, n = result["scores"]
    t0, t1 = result["totals"]
    scored = message(
        "mille:log.hand-scores",
        hand=st.deal_number,
        south=Seat(0),
        north=Seat(1),
        s=s,
        n=n,
        t0=t0,
        t1=t1,
    )
    log(st, None, scored, "mille.score.hand")
    final = match_result(result["totals"], rules, st.deal_number)
    if final is None:
        st.phase = Phase.HAND_OVER
        if t0 == t1 and t0 >= rules.target:
            log(st, None, message("mille:log.level", total=t0), "mille.game.end")
        return
    st.phase = Phase.MATCH_OVER
    won = message(
        "mille:log.skunk" if final["skunk"] else "mille:log.wins-match",
        who=Seat(final["winner"]),
        high=max(t0, t1),
        low=min(t0, t1),
        limit=rules.skunk_below,
    )
    log(st, final["winner"], won, final["rule"])
