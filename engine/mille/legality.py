"""The one place where Mille decides legality: ``judge`` any move, and the predicates.

``judge`` answers for any move, legal or not, with the deciding rule id, a sentence to
the mover naming the actual cards, and (when legal) the plan ``turns.apply`` carries out.
``listing.legal_moves`` lists one move per distinct choice from the same predicates
(``can_take_pile``, ``meld_fits``, ``wild_room``); the tests check that they always agree.

The predicates on counts (``meld_fits``, ``pile_takeable``, ``stock_refills``,
``first_two_takeable``) are the rules themselves, cheap enough for the bots' model of a
hand (``bots.model``) to call in every simulated move: the model keeps no copy of them.
"""

from __future__ import annotations

from .moves import Move, MoveKind
from .rules import Rules
from .state import Phase, State
from .tables import (
    KIND_FACES,
    KINDS_OF_RANK,
    RANK,
    SYM,
    TWOS,
    count_word,
    faces_of,
    how_many,
    plural,
    symbols,
)

__all__ = [
    "NEW",
    "Verdict",
    "can_take_pile",
    "first_two_takeable",
    "judge",
    "meld_fits",
    "must_end_now",
    "pile_takeable",
    "stock_refills",
    "wild_room",
]

NEW = -1
"""A plan's target when the cards start a new meld."""


class Verdict:
    """A judged move: legal or not, the rule, the sentence, and the plan when legal."""

    __slots__ = ("ends", "faces", "kind", "legal", "rank", "rule", "target", "text")

    def __init__(self, legal: bool, rule: str, text: str) -> None:
        self.legal = legal
        self.rule = rule
        self.text = text
        self.kind = MoveKind.STOCK
        self.faces: list[int] = []
        self.target = NEW
        self.rank = 0
        self.ends = False

    def plan(self, kind: MoveKind, faces: list[int], rank: int = 0, target: int = NEW) -> Verdict:
        """Attach what a legal move does: its kind, hand cards, meld rank and target meld."""
        self.kind, self.faces, self.rank, self.target = kind, faces, rank, target
        return self


def _no(rule: str, text: str) -> Verdict:
    return Verdict(False, rule, text)


def meld_fits(rules: Rules, rank: int, naturals: int, wilds: int) -> bool:
    """Whether a meld holding these cards keeps the meld rules (``mille.meld.set``)."""
    if rank == 2:
        return True
    if naturals < rules.min_naturals:
        return False
    return not (rules.wilds_at_most_naturals and wilds > naturals)


def pile_takeable(rules: Rules, rank: int, naturals: int, twos: int) -> bool:
    """Whether a hand may take a pile whose top card is of ``rank`` (``mille.draw.pile``).

    ``naturals`` counts the hand's cards of that rank and ``twos`` its 2s (for a 2 on
    top, ``naturals`` is not read: ``mille.draw.pile.two`` asks for two other 2s).
    """
    if rank == 2:  # mille.draw.pile.two
        return twos >= 2
    if naturals >= 2:
        return meld_fits(rules, rank, 3, 0)
    return (
        rules.pile_pair_may_use_wild
        and naturals == 1
        and twos >= 1
        and meld_fits(rules, rank, 2, 1)
    )


def stock_refills(rules: Rules, pile_size: int) -> bool:
    """Whether an empty stock is made again from the pile under its top card.

    Only with the variant ``reshuffle_when_stock_empty`` (``mille.draw.stock-empty``), and
    only if the pile holds more than its top card.
    """
    return rules.reshuffle_when_stock_empty and pile_size > 1


def first_two_takeable(rules: Rules, twos: int) -> bool:
    """Whether a hand holding ``twos`` 2s may take a turned-up 2 (``mille.draw.first-two``)."""
    return twos == 0 or rules.first_two_any


def can_take_pile(st: State, rules: Rules, seat: int) -> bool:
    """Whether the player holds what taking the pile needs (``mille.draw.pile``)."""
    if not st.pile:
        return False
    hand = st.hands[seat]
    rank = RANK[st.pile[-1]]
    twos = sum(hand[f] for f in TWOS)
    naturals = 0 if rank == 2 else sum(hand[f] for k in KINDS_OF_RANK[rank] for f in KIND_FACES[k])
    return pile_takeable(rules, rank, naturals, twos)


def must_end_now(st: State, rules: Rules) -> bool:
    """The player to draw faces an empty stock and has no move (``mille.draw.stock-empty``)."""
    if st.phase is not Phase.DRAW or st.stock or st.to_move is None:
        return False
    if stock_refills(rules, len(st.pile)):
        return False
    return not can_take_pile(st, rules, st.to_move)


def _missing(hand: list[int], faces: list[int]) -> str | None:
    need: dict[int, int] = {}
    for face in faces:
        need[face] = need.get(face, 0) + 1
    for face, n in need.items():
        if hand[face] < n:
            if hand[face] == 0:
                return f"You don't hold the {SYM[face]}"
            return f"You hold only one {SYM[face]}"
    return None


def rule_of_pile(rank: int) -> str:
    """The rule that says what taking a pile with a card of ``rank`` on top needs."""
    return "mille.draw.pile.two" if rank == 2 else "mille.draw.pile"


def pile_needs(rules: Rules, rank: int) -> str:
    """What taking the pile needs, in words: the condition of ``mille.draw.pile``."""
    if rank == 2:  # mille.draw.pile.two
        return "a 2 on top of the pile can be taken only with two other 2s from your hand"
    if rules.pile_pair_may_use_wild:
        return f"taking the pile needs two natural {plural(rank)} from your hand, or one and a 2"
    return f"taking the pile needs two natural {plural(rank)} (not 2s) from your hand"


def _meld_problem(rules: Rules, rank: int, naturals: int, wilds: int) -> str | None:
    if meld_fits(rules, rank, naturals, wilds):
        return None
    if naturals < rules.min_naturals:
        return (
            f"A meld of {plural(rank)} must hold at least {count_word(rules.min_naturals)} "
            f"natural {plural(rank)} (min_naturals={rules.min_naturals}); this one would "
            f"hold {count_word(naturals)}"
        )
    return (
        f"A meld may hold no more 2s than natural cards (wilds_at_most_naturals); this one "
        f"would hold {count_word(wilds)} 2s and {how_many(naturals, rank)}"
    )


def judge(st: State, rules: Rules, move: Move) -> Verdict:
    """Decide any move for the player to move: legal or not, why, and what it does."""
    match st.phase:
        case Phase.DRAW:
            return _judge_draw(st, rules, move)
        case Phase.MELD:
            return _judge_meld_phase(st, rules, move)
        case Phase.HAND_OVER:
            rule = "mille.go-out" if st.ended == "went-out" else "mille.draw.stock-empty"
            return _no(rule, "This hand is over; the next hand starts once the scores are in")
        case _:
            return _no("mille.game.end", "The match is over: no more moves are played")


def _judge_draw(st: State, rules: Rules, move: Move) -> Verdict:
    seat = st.to_move
    assert seat is not None
    kind = move.kind
    if kind is MoveKind.STOCK:
        if st.stock:
            return Verdict(True, "mille.draw.stock", "Draw the top card of the stock").plan(
                kind, []
            )
        if stock_refills(rules, len(st.pile)):
            text = (
                "The stock is empty: the pile under its top card is shuffled into a new "
                "stock (reshuffle_when_stock_empty), and you draw its top card"
            )
        else:
            text = (
                "The stock is empty: if you don't take the pile, the hand ends and nobody goes out"
            )
        return Verdict(True, "mille.draw.stock-empty", text).plan(kind, [])
    if kind is MoveKind.PILE:
        return _judge_pile(st, rules, move, seat)
    if kind is MoveKind.TAKE:
        return _judge_take(st, rules, move, seat)
    if kind is MoveKind.DISCARD:
        return _no("mille.turn", "Draw first: a turn is one draw, then melds, then one discard")
    return _no(
        "mille.turn",
        "Draw first: take the top card of the stock or the whole pile; melds come after",
    )


def _judge_pile(st: State, rules: Rules, move: Move, seat: int) -> Verdict:
    hand = st.hands[seat]
    faces = faces_of(move.cards)
    top = st.pile[-1]  # a player to draw always has a pile (mille.deal, mille.discard)
    rank = RANK[top]
    missing = _missing(hand, faces)
    if missing:  # mille.draw.pile: the pair comes from the hand, as the rule says
        return _no(rule_of_pile(rank), f"{missing}: {pile_needs(rules, rank)}")
    pair = symbols(faces)
    if rank == 2:  # mille.draw.pile.two
        if RANK[faces[0]] != 2 or RANK[faces[1]] != 2:
            return _no(
                "mille.draw.pile.two",
                f"A 2 on top of the pile ({SYM[top]}) can be taken only with two other 2s, "
                f"and {pair} are not both 2s",
            )
        rule, naturals, wilds = "mille.draw.pile.two", 3, 0
    else:
        naturals = 1 + sum(1 for f in faces if RANK[f] == rank)
        wilds = sum(1 for f in faces if RANK[f] == 2)
        rule = "mille.draw.pile"
        if naturals < 2 or naturals + wilds != 3 or (wilds and not rules.pile_pair_may_use_wild):
            if rules.pile_pair_may_use_wild:
                why = f"taking the pile needs two natural {plural(rank)}, or one and a 2"
            elif wilds == 1 and naturals == 2:
                why = f"a 2 is wild, and taking the pile needs two natural {plural(rank)}"
            else:
                why = f"taking the pile needs two natural {plural(rank)}"
            return _no(rule, f"Your {pair} don't match the {SYM[top]} on top: {why}")
        problem = _meld_problem(rules, rank, naturals, wilds)
        if problem:
            return _no("mille.meld.set", problem)
    own = st.melds_of(seat, rank)
    target = own[0] if own and not rules.many_melds_per_rank else NEW
    left = st.sizes[seat] - 2 + len(st.pile) - 1
    three = f"{SYM[top]} {pair}" if wilds else f"three {plural(rank)}"
    if target == NEW:
        text = f"Your {pair} match the {SYM[top]} on top: take the pile and meld the {three}"
    else:
        text = (
            f"Your {pair} match the {SYM[top]} on top: take the pile, and the {three} join "
            f"your meld of {plural(rank)}"
        )
        rule = "mille.draw.pile.meld"
    if left == 0:
        text += "; with no cards left you go out"
    verdict = Verdict(True, rule, text).plan(MoveKind.PILE, faces, rank, target)
    verdict.ends = left == 0
    return verdict


def _judge_take(st: State, rules: Rules, move: Move, seat: int) -> Verdict:
    rule = "mille.draw.first-two"
    top = st.pile[-1]
    if not st.first_turn:
        return _no(rule, "Only on the first turn of a hand may a turned-up 2 be taken into hand")
    if RANK[top] != 2:
        return _no(
            rule, f"Only a turned-up 2 may be taken into hand: the turned-up card is the {SYM[top]}"
        )
    face = faces_of(move.cards)[0]
    if face != top:
        return _no(
            rule,
            f"Only the turned-up card may be taken into hand: it is the {SYM[top]}, "
            f"not the {SYM[face]}",
        )
    held = [f for f in TWOS for _ in range(st.hands[seat][f])]
    if not first_two_takeable(rules, len(held)):
        extra = "; with two 2s you may take the pile instead" if len(held) >= 2 else ""
        return _no(
            rule,
            f"You hold a 2 ({symbols(held)}), so you may not take the turned-up "
            f"{SYM[top]} into hand{extra}",
        )
    text = f"On the first turn you may take the turned-up {SYM[top]} into hand as your draw"
    return Verdict(True, rule, text).plan(MoveKind.TAKE, [top], 2)


def _judge_meld_phase(st: State, rules: Rules, move: Move) -> Verdict:
    seat = st.to_move
    assert seat is not None
    kind = move.kind
    hand = st.hands[seat]
    if kind is MoveKind.DISCARD:
        face = faces_of(move.cards)[0]
        if not hand[face]:
            return _no(
                "mille.discard", f"You don't hold the {SYM[face]}: you discard from your own hand"
            )
        if st.sizes[seat] == 1:
            text = f"Discard your last card, the {SYM[face]}, and go out"
            verdict = Verdict(True, "mille.go-out", text).plan(kind, [face])
            verdict.ends = True
            return verdict
        text = f"Discard the {SYM[face]} to end your turn"
        return Verdict(True, "mille.discard", text).plan(kind, [face])
    if kind in (MoveKind.MELD, MoveKind.ADD):
        return _judge_meld(st, rules, move, seat)
    return _no("mille.turn", "A turn has one draw, and you have drawn already: now meld or discard")


def _judge_meld(st: State, rules: Rules, move: Move, seat: int) -> Verdict:
    faces = faces_of(move.cards)
    missing = _missing(st.hands[seat], faces)
    if missing:
        return _no("mille.meld.own", missing + ": melds are laid from your own hand")
    naturals = [f for f in faces if RANK[f] != 2]
    ranks = sorted({RANK[f] for f in naturals}, reverse=True)
    if len(ranks) > 1:
        a = next(f for f in naturals if RANK[f] == ranks[0])
        b = next(f for f in naturals if RANK[f] == ranks[1])
        return _no(
            "mille.meld.set",
            f"A meld is all of one rank (2s aside): the {SYM[a]} and the {SYM[b]} differ",
        )
    rank = ranks[0] if ranks else 2
    shown = symbols(faces)
    own = st.melds_of(seat, rank)
    if move.kind is MoveKind.MELD:
        if not own or rules.many_melds_per_rank:
            return _judge_new_meld(st, rules, faces, rank, seat, shown)
        target, rule = own[0], "mille.meld.one-per-rank"
        text = f"You already have a meld of {plural(rank)}, so {shown} join it"
    else:
        assert move.rank is not None
        wanted = int(move.rank)
        if rank != wanted and (naturals or wanted == 2):
            if wanted == 2:
                return _no("mille.meld.twos", f"Only 2s can join a meld of 2s; {shown} cannot")
            return _no(
                "mille.meld.set",
                f"A meld of {plural(wanted)} takes only {plural(wanted)} and 2s; {shown} cannot "
                "join it",
            )
        rank = wanted
        own = st.melds_of(seat, rank)
        if move.which > len(own):
            if own and not rules.many_melds_per_rank:
                return _no(
                    "mille.meld.one-per-rank",
                    f"A player has one meld of each rank: there is no meld of {plural(rank)} "
                    f"number {move.which}",
                )
            what = f"meld of {plural(rank)}" + (f" number {move.which}" if own else "")
            theirs = ", not your opponent's," if st.melds_of(1 - seat, rank) else ""
            return _no(
                "mille.meld.own",
                f"You may add cards only to your own melds{theirs} and you have no {what}",
            )
        target = own[move.which - 1]
        rule = "mille.meld.twos" if rank == 2 else "mille.meld.own"
        text = f"Add {shown} to your meld of {plural(rank)}"
    meld = st.melds[seat][target]
    wild = 0 if rank == 2 else len(faces) - len(naturals)
    problem = _meld_problem(rules, rank, meld.naturals + len(faces) - wild, meld.wilds + wild)
    if problem:
        return _no("mille.meld.set", problem)
    return _finish_meld(st, seat, Verdict(True, rule, text), faces, rank, target)


def _judge_new_meld(
    st: State, rules: Rules, faces: list[int], rank: int, seat: int, shown: str
) -> Verdict:
    if len(faces) < 3:
        return _no(
            "mille.meld.set",
            f"A meld needs at least three cards of one rank; {shown} "
            f"{'is' if len(faces) == 1 else 'are'} {count_word(len(faces))}",
        )
    if rank == 2:
        text = f"Meld {shown}: a meld of 2s alone is natural"
        return _finish_meld(st, seat, Verdict(True, "mille.meld.twos", text), faces, 2, NEW)
    wilds = [f for f in faces if RANK[f] == 2]
    problem = _meld_problem(rules, rank, len(faces) - len(wilds), len(wilds))
    if problem:
        return _no("mille.meld.set", problem)
    text = f"Meld {shown}: {how_many(len(faces) - len(wilds), rank)}"
    if wilds:
        text += f", with {symbols(wilds)} wild"
    return _finish_meld(st, seat, Verdict(True, "mille.meld.set", text), faces, rank, NEW)


def _finish_meld(
    st: State, seat: int, verdict: Verdict, faces: list[int], rank: int, target: int
) -> Verdict:
    kind = MoveKind.MELD if target == NEW else MoveKind.ADD
    verdict.plan(kind, faces, rank, target)
    if st.sizes[seat] == len(faces):  # mille.go-out
        verdict.rule = "mille.go-out"
        verdict.text += "; with no cards left you go out"
        verdict.ends = True
    return verdict


def wild_room(rules: Rules, rank: int, naturals: int, wilds: int, available: int) -> int:
    """How many of ``available`` more 2s a meld may take and keep ``meld_fits`` (-1: none).

    More 2s never mend a meld, so this is the largest ``j`` with
    ``meld_fits(rules, rank, naturals, wilds + j)``, found without trying each one.
    """
    if not meld_fits(rules, rank, naturals, wilds):
        return -1
    if rank == 2 or not rules.wilds_at_most_naturals:
        return available
    return min(available, naturals - wilds)
