"""A small, fast model of one Mille hand for the bots to plan on and to play out.

The engine's ``Game`` is built for teaching: every move is judged, narrated and logged.
A bot that plays thousands of moves per decision needs less: :class:`Table` keeps
counts per card face and per rank, applies moves that are already known to be legal,
and scores the hand when it ends. It follows the rules of the rulebook for one hand
(``mille.turn`` to ``mille.score.stack``), with one simplification: each player has at
most one meld per rank (two melds of a rank, possible only with the variant
``many_melds_per_rank``, are counted as one).

The model keeps no copy of the rules: whether the pile may be taken, whether the stock
is made again from the pile and what a meld scores are the engine's own functions
(``legality.pile_takeable``, ``legality.stock_refills``, ``scoring.meld_factor``), called
on the model's counts; the tests play whole hands on both and compare.

What one seat knows, and the deals of what it cannot see, are in knowledge.py.
"""

from __future__ import annotations

import random

from ..legality import pile_takeable, stock_refills
from ..moves import MoveKind
from ..rules import Rules
from ..scoring import meld_factor
from ..state import Phase
from ..tables import RANK, TEXT, VALUE

__all__ = [
    "ADD",
    "DISCARD",
    "FACES_BY_VALUE",
    "FACES_OF_RANK",
    "MELD",
    "PILE",
    "STOCK",
    "TAKE",
    "TWO_FACES",
    "Plan",
    "Table",
    "plan_text",
]

STOCK = MoveKind.STOCK
PILE = MoveKind.PILE
TAKE = MoveKind.TAKE
MELD = MoveKind.MELD
ADD = MoveKind.ADD
DISCARD = MoveKind.DISCARD
DRAW_PHASE = Phase.DRAW
MELD_PHASE = Phase.MELD
OVER = Phase.HAND_OVER

Plan = tuple[MoveKind, tuple[int, ...], int]
"""A move in the model: its kind, the hand cards it uses (face indices) and a rank."""

FACES_OF_RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(52) if RANK[f] == rank) for rank in range(15)
)
"""The four faces of each rank (index 2 to 14)."""
TWO_FACES = FACES_OF_RANK[2]
FACES_BY_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(faces, key=lambda f: (-VALUE[f], f))) for faces in FACES_OF_RANK
)
"""The four faces of each rank, the most valuable first (the Q♠ before other Queens)."""
_RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J"}


def plan_text(plan: Plan) -> str:
    """The engine's text form of a model move (``meld 9H 9C 2S``, ``add K KD``)."""
    kind, faces, rank = plan
    words = [kind.value]
    if kind is ADD:
        words.append(_RANK_TEXT.get(rank, str(rank)))
    words.extend(TEXT[f] for f in faces)
    return " ".join(words)


class Table:
    """One Mille hand in play, every card placed; moves are applied without checks."""

    __slots__ = (
        "first_turn",
        "hands",
        "known",
        "meld_nat",
        "meld_ranks",
        "meld_val",
        "meld_wild",
        "melded",
        "phase",
        "pile",
        "pile_points",
        "pile_ranks",
        "rank_count",
        "rules",
        "seed",
        "sizes",
        "stock",
        "to_move",
        "values",
        "went_out",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.hands: list[list[int]] = [[0] * 52, [0] * 52]
        self.rank_count: list[list[int]] = [[0] * 15, [0] * 15]
        """Cards of each rank in each hand (index 2 counts the 2s)."""
        self.sizes = [0, 0]
        self.values = [0, 0]
        """The points each hand holds (what it would cost if the hand ended now)."""
        self.known: list[list[int]] = [[0] * 15, [0] * 15]
        """Cards of each rank each player is publicly known to hold (from the pile)."""
        self.meld_nat: list[list[int]] = [[0] * 15, [0] * 15]
        self.meld_wild: list[list[int]] = [[0] * 15, [0] * 15]
        self.meld_val: list[list[int]] = [[0] * 15, [0] * 15]
        self.melded: list[list[int]] = [[0] * 15, [0] * 15]
        """How many cards each player's meld of each rank holds (0: no such meld)."""
        self.pile: list[int] = []
        """The discard pile, its top card last (replace it with ``set_pile`` only)."""
        self.pile_ranks = [0] * 15
        """How many cards of each rank the pile holds."""
        self.pile_points = 0
        """What the cards of the pile are worth."""
        self.meld_ranks = [0] * 15
        """How many cards of each rank lie in the melds of both players (2s by their rank)."""
        self.stock: list[int] = []
        self.to_move = 0
        self.phase = DRAW_PHASE
        self.first_turn = False
        self.went_out: int | None = None
        self.seed: int | None = None
        """None: the stock is in order, its top card last. Otherwise the stock is in no
        order, and each draw picks a card from it by this small random generator (cheaper
        than shuffling the whole stock for every simulated deal)."""

    def clone(self) -> Table:
        """An independent copy (the rules object is shared: it is frozen)."""
        t = Table.__new__(Table)
        t.rules = self.rules
        t.hands = [self.hands[0][:], self.hands[1][:]]
        t.rank_count = [self.rank_count[0][:], self.rank_count[1][:]]
        t.sizes = self.sizes[:]
        t.values = self.values[:]
        t.known = [self.known[0][:], self.known[1][:]]
        t.meld_nat = [self.meld_nat[0][:], self.meld_nat[1][:]]
        t.meld_wild = [self.meld_wild[0][:], self.meld_wild[1][:]]
        t.meld_val = [self.meld_val[0][:], self.meld_val[1][:]]
        t.melded = [self.melded[0][:], self.melded[1][:]]
        t.pile = self.pile[:]
        t.pile_ranks = self.pile_ranks[:]
        t.pile_points = self.pile_points
        t.meld_ranks = self.meld_ranks[:]
        t.stock = self.stock[:]
        t.to_move = self.to_move
        t.phase = self.phase
        t.first_turn = self.first_turn
        t.went_out = self.went_out
        t.seed = self.seed
        return t

    # -- hands and melds ---------------------------------------------------------------

    def give(self, seat: int, faces: list[int] | tuple[int, ...]) -> None:
        """Put cards into a hand."""
        hand, counts = self.hands[seat], self.rank_count[seat]
        value = 0
        for f in faces:
            hand[f] += 1
            counts[RANK[f]] += 1
            value += VALUE[f]
        self.values[seat] += value
        self.sizes[seat] += len(faces)

    def remove(self, seat: int, faces: list[int] | tuple[int, ...]) -> None:
        """Take cards out of a hand; public knowledge of that rank shrinks to match."""
        hand, counts, known = self.hands[seat], self.rank_count[seat], self.known[seat]
        value = 0
        for f in faces:
            hand[f] -= 1
            r = RANK[f]
            n = counts[r] = counts[r] - 1
            if known[r] > n:
                known[r] = n
            value += VALUE[f]
        self.values[seat] -= value
        self.sizes[seat] -= len(faces)

    def lay(self, seat: int, rank: int, faces: list[int] | tuple[int, ...]) -> None:
        """Put cards (already out of the hand) on the seat's meld of ``rank``."""
        nat, wild, val = self.meld_nat[seat], self.meld_wild[seat], self.meld_val[seat]
        seen = self.meld_ranks
        for f in faces:
            if RANK[f] == rank:
                nat[rank] += 1
            else:
                wild[rank] += 1
            val[rank] += VALUE[f]
            seen[RANK[f]] += 1
        self.melded[seat][rank] += len(faces)

    def set_pile(self, faces: list[int]) -> None:
        """Replace the discard pile (its top card last), keeping its counts in step."""
        self.pile = faces
        self.pile_ranks = ranks = [0] * 15
        for f in faces:
            ranks[RANK[f]] += 1
        self.pile_points = sum(VALUE[f] for f in faces)

    def has_meld(self, seat: int, rank: int) -> bool:
        """Whether the seat has a meld of this rank on the table."""
        return self.melded[seat][rank] > 0

    def faces(self, seat: int, rank: int) -> list[int]:
        """The seat's cards of one rank, repeats included, high value first."""
        hand = self.hands[seat]
        found = []
        for f in FACES_BY_VALUE[rank]:
            n = hand[f]
            if n:
                found.append(f)
                if n > 1:  # two decks: a face may be held twice
                    found.extend([f] * (n - 1))
        return found

    def can_take_pile(self, seat: int) -> bool:
        """Whether the seat holds what taking the pile needs (``mille.draw.pile``)."""
        if not self.pile:
            return False
        rank = RANK[self.pile[-1]]
        counts = self.rank_count[seat]
        return pile_takeable(self.rules, rank, counts[rank], counts[2])

    def stock_ends_hand(self) -> bool:
        """A draw from the empty stock ends the hand (``mille.draw.stock-empty``)."""
        return not self.stock and not stock_refills(self.rules, len(self.pile))

    # -- moves -------------------------------------------------------------------------

    def apply(self, plan: Plan) -> None:
        """Carry out a move that is legal here (the model does not check it)."""
        kind, faces, rank = plan
        seat = self.to_move
        self.first_turn = False
        if kind is DISCARD:
            card = faces[0]
            self.hands[seat][card] -= 1  # remove(), written out for the one card
            r = RANK[card]
            counts = self.rank_count[seat]
            n = counts[r] = counts[r] - 1
            known = self.known[seat]
            if known[r] > n:
                known[r] = n
            value = VALUE[card]
            self.values[seat] -= value
            self.sizes[seat] -= 1
            self.pile.append(card)
            self.pile_ranks[r] += 1
            self.pile_points += value
            if self.sizes[seat] == 0:  # mille.go-out
                self._end(seat)
                return
            self.to_move = seat = 1 - seat
            self.phase = DRAW_PHASE
            if not self.stock and self.stock_ends_hand() and not self.can_take_pile(seat):
                self._end(None)  # mille.draw.stock-empty
            return
        if kind is STOCK:
            stock = self.stock
            if not stock:
                if not self.stock_ends_hand():  # mille.draw.stock-empty, reshuffle variant
                    top = self.pile.pop()
                    stock = self.stock = self.pile
                    self.set_pile([top])
                    if self.seed is None:
                        random.Random(len(stock)).shuffle(stock)
                else:
                    self._end(None)
                    return
            if self.seed is None:
                card = stock.pop()
            else:
                self.seed = seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
                i = (seed >> 8) % len(stock)
                card = stock[i]
                stock[i] = stock[-1]
                stock.pop()
            self.hands[seat][card] += 1  # give(), written out for the one card
            self.rank_count[seat][RANK[card]] += 1
            self.values[seat] += VALUE[card]
            self.sizes[seat] += 1
            self.phase = MELD_PHASE
            return
        if kind is PILE:
            pile = self.pile
            self.set_pile([])
            top = pile.pop()
            self.remove(seat, faces)
            self.lay(seat, RANK[top], (top, *faces))  # mille.draw.pile.meld
            self.give(seat, pile)
            known = self.known[seat]
            for f in pile:
                known[RANK[f]] += 1
            self.phase = MELD_PHASE
        elif kind is TAKE:
            self.set_pile(self.pile[:-1])
            self.give(seat, faces)
            self.known[seat][2] += 1
            self.phase = MELD_PHASE
        else:
            self.remove(seat, faces)
            self.lay(seat, rank, faces)
        if self.sizes[seat] == 0:  # mille.go-out
            self._end(seat)

    def _end(self, went_out: int | None) -> None:
        self.went_out = went_out
        self.phase = OVER

    # -- scoring -----------------------------------------------------------------------

    def score(self, seat: int) -> int:
        """The seat's score for the hand as it stands (``mille.score.hand``)."""
        nat, wild, val = self.meld_nat[seat], self.meld_wild[seat], self.meld_val[seat]
        natural_out = self.went_out == seat and not any(wild)  # mille.score.naturals
        rules = self.rules
        total = 0
        for rank in range(2, 15):
            value = val[rank]
            if value:
                total += value * meld_factor(rules, nat[rank], wild[rank], natural_out)
        return total - self.values[seat]

    def margin(self, seat: int) -> int:
        """The seat's score minus the opponent's."""
        return self.score(seat) - self.score(1 - seat)
