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

from collections.abc import Callable
from functools import partial
from typing import Any

from ..messages import Message, message, render
from .messages import Count, Face, Faces, Rank
from .moves import Move, MoveKind
from .rules import Rules
from .state import Phase, State
from .tables import KIND_FACES, KINDS_OF_RANK, RANK, TWOS, faces_of

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
    """A judged move: legal or not, the rule, the sentence (a message, built from its raw
    parts and rendered only when read), and the plan when legal."""

    __slots__ = (
        "_id",
        "_params",
        "_said",
        "ends",
        "faces",
        "kind",
        "legal",
        "out",
        "rank",
        "rule",
        "target",
    )

    def __init__(
        self, legal: bool, rule: str, said: str | Message, params: dict[str, Any] | None = None
    ) -> None:
        self.legal = legal
        self.rule = rule
        if type(said) is str:  # a message id and its parameters: the message is built on read
            self._id, self._params, self._said = said, params, None
        else:
            self._id, self._params, self._said = "", None, said
        self.out = False
        self.kind = MoveKind.STOCK
        self.faces: list[int] = []
        self.target = NEW
        self.rank = 0
        self.ends = False

    def plan(self, kind: MoveKind, faces: list[int], rank: int = 0, target: int = NEW) -> Verdict:
        """Attach what a legal move does: its kind, hand cards, meld rank and target meld."""
        self.kind, self.faces, self.rank, self.target = kind, faces, rank, target
        return self

    @property
    def said(self) -> Message:
        """The sentence to the mover as a message, built once when first read."""
        said = self._said
        if said is None:
            params = self._params or {}
            # a parameter given as a function (a nested sentence) is built now
            said = Message(
                self._id, tuple((k, v() if callable(v) else v) for k, v in params.items())
            )
            if self.out:  # mille.go-out: the move ends the hand
                said = message("mille:explain.out", said=said)
            self._said = said
        return said

    def message(self) -> Message:
        """The sentence as a message (what a lazy explanation calls when it is read)."""
        return self.said

    @property
    def text(self) -> str:
        """The sentence to the mover, in words."""
        return render(self.said)


def _no(rule: str, said: str | Message, **params: Any) -> Verdict:
    return Verdict(False, rule, said, params)


def _ok(rule: str, said: str | Message, **params: Any) -> Verdict:
    return Verdict(True, rule, said, params)


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


def _missing(hand: list[int], faces: list[int]) -> Message | None:
    need: dict[int, int] = {}
    for face in faces:
        need[face] = need.get(face, 0) + 1
    for face, n in need.items():
        if hand[face] < n:
            if hand[face] == 0:
                return message("mille:explain.not-held", card=Face(face))
            return message("mille:explain.only-one", card=Face(face))
    return None


def rule_of_pile(rank: int) -> str:
    """The rule that says what taking a pile with a card of ``rank`` on top needs."""
    return "mille.draw.pile.two" if rank == 2 else "mille.draw.pile"


def pile_needs(rules: Rules, rank: int) -> Message:
    """What taking the pile needs, in words: the condition of ``mille.draw.pile``."""
    if rank == 2:  # mille.draw.pile.two
        return message("mille:explain.pile-two-needs")
    if rules.pile_pair_may_use_wild:
        return message("mille:explain.pile-needs-wild", rank=Rank(rank))
    return message("mille:explain.pile-needs", rank=Rank(rank))


def _how_many(n: int, rank: int) -> Message:
    """``one nine``, ``two Kings``."""
    return message("mille:explain.how-many", n=n, count=Count(n), rank=Rank(rank))


def _meld_problem(rules: Rules, rank: int, naturals: int, wilds: int) -> Message | None:
    if meld_fits(rules, rank, naturals, wilds):
        return None
    if naturals < rules.min_naturals:
        return message(
            "mille:explain.too-few-naturals",
            rank=Rank(rank),
            least=Count(rules.min_naturals),
            number=rules.min_naturals,
            count=Count(naturals),
        )
    return message(
        "mille:explain.too-many-wilds", wilds=Count(wilds), naturals=_how_many(naturals, rank)
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
            return _no(rule, "mille:explain.hand-over")
        case _:
            return _no("mille.game.end", "mille:explain.match-over")


def _judge_draw(st: State, rules: Rules, move: Move) -> Verdict:
    seat = st.to_move
    assert seat is not None
    kind = move.kind
    if kind is MoveKind.STOCK:
        if st.stock:
            return _ok("mille.draw.stock", "mille:explain.stock").plan(kind, [])
        if stock_refills(rules, len(st.pile)):
            said = "mille:explain.refill"
        else:
            said = "mille:explain.stock-empty"
        return _ok("mille.draw.stock-empty", said).plan(kind, [])
    if kind is MoveKind.PILE:
        return _judge_pile(st, rules, move, seat)
    if kind is MoveKind.TAKE:
        return _judge_take(st, rules, move, seat)
    if kind is MoveKind.DISCARD:
        return _no("mille.turn", "mille:explain.draw-first")
    return _no("mille.turn", "mille:explain.draw-first-meld")


def _judge_pile(st: State, rules: Rules, move: Move, seat: int) -> Verdict:
    hand = st.hands[seat]
    faces = faces_of(move.cards)
    top = st.pile[-1]  # a player to draw always has a pile (mille.deal, mille.discard)
    rank = RANK[top]
    missing = _missing(hand, faces)
    if missing:  # mille.draw.pile: the pair comes from the hand, as the rule says
        kinds = TWOS if rank == 2 else [f for k in KINDS_OF_RANK[rank] for f in KIND_FACES[k]]
        held = sum(hand[f] for f in kinds)
        if held < 2:  # not two cards of the top's rank to take it with: say so, not a card
            which = "one-of-rank" if held else "none-of-rank"
            missing = message(f"mille:explain.{which}", rank=Rank(rank))
        needs = pile_needs(rules, rank)
        return _no(
            rule_of_pile(rank), message("mille:explain.missing-pile", missing=missing, needs=needs)
        )
    pair = Faces(tuple(faces))
    shown = Face(top)
    if rank == 2:  # mille.draw.pile.two
        if RANK[faces[0]] != 2 or RANK[faces[1]] != 2:
            said = message("mille:explain.pile-not-twos", top=shown, pair=pair)
            return _no("mille.draw.pile.two", said)
        rule, naturals, wilds = "mille.draw.pile.two", 3, 0
    else:
        naturals = 1 + sum(1 for f in faces if RANK[f] == rank)
        wilds = sum(1 for f in faces if RANK[f] == 2)
        rule = "mille.draw.pile"
        if naturals < 2 or naturals + wilds != 3 or (wilds and not rules.pile_pair_may_use_wild):
            if rules.pile_pair_may_use_wild:
                key = "no-match-wild"
            elif wilds == 1 and naturals == 2:
                key = "no-match-two"
            else:
                key = "no-match"
            said = message(f"mille:explain.{key}", pair=pair, top=shown, rank=Rank(rank))
            return _no(rule, said)
        problem = _meld_problem(rules, rank, naturals, wilds)
        if problem:
            return _no("mille.meld.set", problem)
    own = st.melds_of(seat, rank)
    target = own[0] if own and not rules.many_melds_per_rank else NEW
    left = st.sizes[seat] - 2 + len(st.pile) - 1
    if wilds:
        three = message("mille:explain.three-wild", top=shown, pair=pair)
    else:
        three = message("mille:explain.three", rank=Rank(rank))
    if target == NEW:
        verdict = _ok(rule, "mille:explain.pile-meld", pair=pair, top=shown, three=three)
    else:
        rule = "mille.draw.pile.meld"
        verdict = _ok(
            rule, "mille:explain.pile-join", pair=pair, top=shown, three=three, rank=Rank(rank)
        )
    verdict.plan(MoveKind.PILE, faces, rank, target)
    verdict.ends = verdict.out = left == 0
    return verdict


def _judge_take(st: State, rules: Rules, move: Move, seat: int) -> Verdict:
    rule = "mille.draw.first-two"
    top = st.pile[-1]
    if not st.first_turn:
        return _no(rule, message("mille:explain.take-first-turn"))
    if RANK[top] != 2:
        return _no(rule, message("mille:explain.take-not-two", top=Face(top)))
    face = faces_of(move.cards)[0]
    if face != top:
        return _no(rule, message("mille:explain.take-not-top", top=Face(top), card=Face(face)))
    held = [f for f in TWOS for _ in range(st.hands[seat][f])]
    if not first_two_takeable(rules, len(held)):
        key = "take-holding-twos" if len(held) >= 2 else "take-holding-two"
        said = message(f"mille:explain.{key}", held=Faces(tuple(held)), top=Face(top))
        return _no(rule, said)
    return _ok(rule, "mille:explain.take", top=Face(top)).plan(MoveKind.TAKE, [top], 2)


def _judge_meld_phase(st: State, rules: Rules, move: Move) -> Verdict:
    seat = st.to_move
    assert seat is not None
    kind = move.kind
    hand = st.hands[seat]
    if kind is MoveKind.DISCARD:
        face = faces_of(move.cards)[0]
        if not hand[face]:
            said = message("mille:explain.discard-not-held", card=Face(face))
            return _no("mille.discard", said)
        if st.sizes[seat] == 1:
            said = "mille:explain.discard-out"
            verdict = _ok("mille.go-out", said, card=Face(face)).plan(kind, [face])
            verdict.ends = True
            return verdict
        return _ok("mille.discard", "mille:explain.discard", card=Face(face)).plan(kind, [face])
    if kind in (MoveKind.MELD, MoveKind.ADD):
        return _judge_meld(st, rules, move, seat)
    return _no("mille.turn", "mille:explain.drawn")


def _judge_meld(st: State, rules: Rules, move: Move, seat: int) -> Verdict:
    faces = faces_of(move.cards)
    missing = _missing(st.hands[seat], faces)
    if missing:
        return _no("mille.meld.own", message("mille:explain.meld-not-held", missing=missing))
    naturals = [f for f in faces if RANK[f] != 2]
    ranks = sorted({RANK[f] for f in naturals}, reverse=True)
    if len(ranks) > 1:
        a = next(f for f in naturals if RANK[f] == ranks[0])
        b = next(f for f in naturals if RANK[f] == ranks[1])
        said = message("mille:explain.one-rank", first=Face(a), second=Face(b))
        return _no("mille.meld.set", said)
    rank = ranks[0] if ranks else 2
    shown = partial(Faces, tuple(faces))  # built only when a sentence is
    own = st.melds_of(seat, rank)
    if move.kind is MoveKind.MELD:
        if not own or rules.many_melds_per_rank:
            return _judge_new_meld(st, rules, faces, rank, seat, shown)
        target, rule = own[0], "mille.meld.one-per-rank"
        said, params = "mille:explain.joins", {"rank": Rank(rank), "shown": shown}
    else:
        assert move.rank is not None
        wanted = int(move.rank)
        if rank != wanted and (naturals or wanted == 2):
            if wanted == 2:
                return _no("mille.meld.twos", message("mille:explain.twos-only", shown=shown()))
            said = message("mille:explain.wrong-rank", rank=Rank(wanted), shown=shown())
            return _no("mille.meld.set", said)
        rank = wanted
        own = st.melds_of(seat, rank)
        if move.which > len(own):
            if own and not rules.many_melds_per_rank:
                said = message("mille:explain.one-per-rank", rank=Rank(rank), which=move.which)
                return _no("mille.meld.one-per-rank", said)
            key = "not-own-theirs" if st.melds_of(1 - seat, rank) else "not-own"
            if own:
                key += "-which"
            said = message(f"mille:explain.{key}", rank=Rank(rank), which=move.which)
            return _no("mille.meld.own", said)
        target = own[move.which - 1]
        rule = "mille.meld.twos" if rank == 2 else "mille.meld.own"
        said, params = "mille:explain.add", {"shown": shown, "rank": Rank(rank)}
    meld = st.melds[seat][target]
    wild = 0 if rank == 2 else len(faces) - len(naturals)
    problem = _meld_problem(rules, rank, meld.naturals + len(faces) - wild, meld.wilds + wild)
    if problem:
        return _no("mille.meld.set", problem)
    return _finish_meld(st, seat, Verdict(True, rule, said, params), faces, rank, target)


def _judge_new_meld(
    st: State, rules: Rules, faces: list[int], rank: int, seat: int, shown: Callable[[], Faces]
) -> Verdict:
    if len(faces) < 3:
        count = len(faces)
        said = message("mille:explain.too-short", n=count, count=Count(count), shown=shown())
        return _no("mille.meld.set", said)
    if rank == 2:
        verdict = _ok("mille.meld.twos", "mille:explain.twos-meld", shown=shown)
        return _finish_meld(st, seat, verdict, faces, 2, NEW)
    wilds = [f for f in faces if RANK[f] == 2]
    problem = _meld_problem(rules, rank, len(faces) - len(wilds), len(wilds))
    if problem:
        return _no("mille.meld.set", problem)
    naturals = partial(_how_many, len(faces) - len(wilds), rank)
    if wilds:
        verdict = _ok(
            "mille.meld.set",
            "mille:explain.meld-wild",
            shown=shown,
            naturals=naturals,
            wilds=partial(Faces, tuple(wilds)),
        )
    else:
        verdict = _ok("mille.meld.set", "mille:explain.meld", shown=shown, naturals=naturals)
    return _finish_meld(st, seat, verdict, faces, rank, NEW)


def _finish_meld(
    st: State, seat: int, verdict: Verdict, faces: list[int], rank: int, target: int
) -> Verdict:
    kind = MoveKind.MELD if target == NEW else MoveKind.ADD
    verdict.plan(kind, faces, rank, target)
    if st.sizes[seat] == len(faces):  # mille.go-out
        verdict.rule = "mille.go-out"
        verdict.ends = verdict.out = True
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
