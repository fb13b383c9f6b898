"""Listing every distinct legal Mille move, from the predicates of ``legality``.

Cards of one rank and one value are interchangeable, so the list holds one move per
distinct choice, its cards picked from the hand in showing order; it never enumerates
subsets of identical cards. Moves are immutable, so they and the moves of each rank are
memoised: a hand that changed by one card reuses what the other ranks already listed.
"""

from __future__ import annotations

from itertools import product

from ..cards import FrenchRank
from .legality import can_take_pile, first_two_takeable, meld_fits, stock_refills, wild_room
from .moves import Move, MoveKind
from .rules import Rules
from .state import Phase, State
from .tables import CARDS, KIND, KIND_FACES, KINDS_OF_RANK, POSITION, RANK, SORTED_FACES, TWOS

__all__ = ["legal_moves"]

_RANKS = {rank: FrenchRank(rank) for rank in range(2, 15)}
_ORDER = POSITION.__getitem__


_KINDS = tuple(MoveKind)
_PILE, _TAKE, _MELD, _ADD, _DISCARD = (
    _KINDS.index(kind)
    for kind in (MoveKind.PILE, MoveKind.TAKE, MoveKind.MELD, MoveKind.ADD, MoveKind.DISCARD)
)
_MADE: dict[tuple[int, ...], Move] = {}
"""Moves already built, by kind, rank, meld number and faces: moves are immutable values."""


def _mk(code: int, faces: list[int], rank: int = 0, which: int = 1) -> Move:
    key = (code, rank, which, *faces)
    move = _MADE.get(key)
    if move is None:
        if len(_MADE) > 100_000:
            _MADE.clear()
        cards = tuple([CARDS[f] for f in faces])
        move = Move._trusted(_KINDS[code], cards, _RANKS[rank] if code == _ADD else None, which)
        _MADE[key] = move
    return move


def legal_moves(st: State, rules: Rules) -> list[Move]:
    """Every distinct legal move: one per choice, interchangeable cards counted once."""
    if st.phase is Phase.DRAW:
        return _draw_moves(st, rules)
    if st.phase is Phase.MELD:
        return _meld_moves(st, rules)
    return []


def _held_by_kind(hand: list[int]) -> list[list[int]]:
    """The faces held, repeats included, grouped by kind and in showing order."""
    held: list[list[int]] = [[] for _ in KIND_FACES]
    for face in SORTED_FACES:
        count = hand[face]
        if count:
            group = held[KIND[face]]
            group.append(face)
            if count == 2:
                group.append(face)
    return held


def _draw_moves(st: State, rules: Rules) -> list[Move]:
    seat = st.to_move
    assert seat is not None
    hand = st.hands[seat]
    top = st.pile[-1]
    rank = RANK[top]
    twos = [f for f in TWOS for _ in range(hand[f])]
    moves = []
    able = can_take_pile(st, rules, seat)
    if st.stock or able or stock_refills(rules, len(st.pile)):
        moves.append(Move._trusted(MoveKind.STOCK, ()))
    if able:
        if rank == 2:
            moves.append(_mk(_PILE, twos[:2]))
        else:
            held_all = _held_by_kind(hand)
            held = [held_all[k] for k in KINDS_OF_RANK[rank] if held_all[k]]
            if meld_fits(rules, rank, 3, 0):
                for i, first in enumerate(held):
                    if len(first) >= 2:
                        moves.append(_mk(_PILE, first[:2]))
                    for second in held[i + 1 :]:
                        pair = sorted([first[0], second[0]], key=_ORDER)
                        moves.append(_mk(_PILE, pair))
            if rules.pile_pair_may_use_wild and twos and meld_fits(rules, rank, 2, 1):
                for first in held:
                    moves.append(_mk(_PILE, [first[0], twos[0]]))
    if st.first_turn and rank == 2 and first_two_takeable(rules, len(twos)):
        moves.append(_mk(_TAKE, [top]))
    return moves


def _choices(held: list[list[int]]) -> list[list[int]]:
    """Every distinct choice of natural cards of one rank (none included), in showing order."""
    if len(held) == 1:
        group = held[0]
        return [group[:n] for n in range(len(group) + 1)]
    return [
        sorted([f for h, n in zip(held, counts, strict=True) for f in h[:n]], key=_ORDER)
        for counts in product(*(range(len(h) + 1) for h in held))
    ]


_RANK_MOVES: dict[tuple[object, ...], list[Move]] = {}
"""The meld and add moves of one rank, by everything they depend on (a memo)."""


def _meld_moves(st: State, rules: Rules) -> list[Move]:
    seat = st.to_move
    assert seat is not None
    melds = st.melds[seat]
    held_all = _held_by_kind(st.hands[seat])
    twos = tuple(held_all[KIND[TWOS[0]]])
    own_by_rank: dict[int, list[tuple[int, int, int]]] = {}
    for meld in melds:
        mine = own_by_rank.setdefault(meld.rank, [])
        mine.append((len(mine) + 1, meld.naturals, meld.wilds))
    ranks = {RANK[group[0]] for group in held_all if group}
    if twos:
        ranks.update(own_by_rank)
    variant = (rules.min_naturals, rules.wilds_at_most_naturals, rules.many_melds_per_rank)
    moves: list[Move] = []
    for rank in sorted(ranks, key=lambda r: (r == 2, -r)):
        groups = tuple(tuple(held_all[k]) for k in KINDS_OF_RANK[rank])
        own = tuple(own_by_rank.get(rank, ()))
        key = (rank, groups, twos, own, variant)
        found = _RANK_MOVES.get(key)
        if found is None:
            if len(_RANK_MOVES) > 50_000:
                _RANK_MOVES.clear()
            found = _RANK_MOVES[key] = _rank_moves(rules, rank, groups, twos, own)
        moves.extend(found)
    for held in held_all:
        if held:
            moves.append(_mk(_DISCARD, held[:1]))
    return moves


def _rank_moves(
    rules: Rules,
    rank: int,
    groups: tuple[tuple[int, ...], ...],
    twos: tuple[int, ...],
    own: tuple[tuple[int, int, int], ...],
) -> list[Move]:
    """Every distinct meld or add of one rank: ``own`` lists (number, naturals, wilds)."""
    w = len(twos)
    prefixes = [list(twos[:j]) for j in range(w + 1)]
    moves: list[Move] = []
    add = moves.append
    if rank == 2:
        for which, _naturals, _wilds in own:
            for j in range(1, w + 1):
                add(_mk(_ADD, prefixes[j], 2, which))
        if not own or rules.many_melds_per_rank:
            for j in range(3, w + 1):
                add(_mk(_MELD, prefixes[j]))
        return moves
    if len(groups) == 1:
        choices = [list(groups[0][:n]) for n in range(len(groups[0]) + 1)]
    else:
        choices = _choices([list(g) for g in groups])
    for which, naturals, wilds in own:
        for nat in choices:
            most = wild_room(rules, rank, naturals + len(nat), wilds, w)
            for j in range(0 if nat else 1, most + 1):
                add(_mk(_ADD, nat + prefixes[j], rank, which))
    if not own or rules.many_melds_per_rank:
        for nat in choices:
            if len(nat) + w < 3:
                continue
            most = wild_room(rules, rank, len(nat), 0, w)
            for j in range(max(0, 3 - len(nat)), most + 1):
                add(_mk(_MELD, nat + prefixes[j]))
    return moves
