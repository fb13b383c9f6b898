"""The bots' small, fast model of a round: a board to play on, and exact play of the end.

:class:`Board` is the part of a round that play needs (hands, the trick, who leads, the
points taken), played forward with :meth:`Board.play` and back with :meth:`Board.undo`,
so a search never copies a game. Its legal cards come from ``legality.decide``, the same
function the game uses, so the search cannot play a card the rules forbid.

:func:`solve` gives the points a team takes from the rest of the round when all four
seats play perfectly with every card in view (``double dummy``): the team to maximise
picks its best card, the other its worst for them. The expert uses it on each simulated
deal once few tricks are left; the ceiling experiment in tests/benchmarks uses it too.

:func:`cards_in` lists a mask's cards as ``tables.bits`` does, one lookup per suit.
"""

from __future__ import annotations

from ..legality import DECIDE_READS, decide
from ..state import State
from ..tables import POINTS, SUIT
from ..turns import add_to_trick

__all__ = ["Board", "cards_in", "solve", "solve_each"]

_SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(10 * suit + j for j in range(10) if (m >> j) & 1) for m in range(1024))
    for suit in range(4)
)
"""For each suit and each 10-bit set of its places, the card indexes, lowest first."""
_COINS, _CUPS, _SWORDS, _CLUBS = _SUIT_CARDS


def cards_in(mask: int) -> list[int]:
    """The card indexes in a 40-bit mask, lowest first (``tables.bits``, faster)."""
    return [
        *_COINS[mask & 1023],
        *_CUPS[(mask >> 10) & 1023],
        *_SWORDS[(mask >> 20) & 1023],
        *_CLUBS[mask >> 30],
    ]


_SUIT_BIT = tuple(1 << SUIT[card] for card in range(40))
"""Each card's suit as a 4-bit set."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_FROM_STATE = (
    "played", "order", "higher", "seven", "step", "trump", "to_move", "leader",
    "led", "win_card", "win_seat", "suits_now", "suits_before",
)  # fmt: skip
"""The fields a board takes as they are from the game's state (ints and shared tables)."""
_SHARED = (*_FROM_STATE, "left")


class Board:
    """A round in play, reduced to what playing cards needs; play and undo in place.

    Its fields have the names and meanings of the same fields of ``State`` (state.py),
    so ``legality.decide``, ``turns.add_to_trick`` and the basic policy read both alike.
    """

    __slots__ = (*DECIDE_READS, "_stack", "leader", "left", "order", "played", "points", "step")

    def __init__(self, state: State) -> None:
        """A board at the same point of the round as ``state`` (hands copied)."""
        for name in _FROM_STATE:
            setattr(self, name, getattr(state, name))
        self.hands = list(state.hands)
        """Each seat's cards now, as masks."""
        self.trick = list(state.trick)
        """The cards of the current trick, the leader's first."""
        self.points = list(state.points)
        """The points each team has taken so far this round."""
        self.left = sum(h.bit_count() for h in self.hands)
        """The cards not yet played."""
        self._stack: list[tuple[int, ...]] = []

    def clone(self) -> Board:
        """An independent copy at the same point (its undo history starts empty)."""
        copy = object.__new__(Board)
        for name in _SHARED:
            setattr(copy, name, getattr(self, name))
        copy.hands = self.hands[:]
        copy.trick = self.trick[:]
        copy.points = self.points[:]
        copy._stack = []
        return copy

    def restart(self, hands: list[int], leader: int) -> None:
        """Go back to the start of the round, with these hands and this leader."""
        self.hands = list(hands)
        self.played = 0
        self.to_move = self.leader = leader
        self.trick = []
        self.led = self.win_card = self.win_seat = 0
        self.suits_now = self.suits_before = 0
        self.points = [0, 0]
        self.left = sum(h.bit_count() for h in hands)
        self._stack = []

    decide = decide  # type: ignore[assignment]
    """``legality.decide`` for the seat to move (not kept: the board changes in place).

    The function itself, bound as a method: the board is the state it reads.
    """

    def hand(self, seat: int) -> int:
        """A seat's cards as a mask."""
        return self.hands[seat]

    def legal(self) -> int:
        """The cards the seat to move may play, as a mask (``legality.decide``)."""
        return decide(self)[0]  # type: ignore[arg-type]

    def play(self, card: int) -> None:
        """Play a legal card of the seat to move (not checked), keeping what ``undo`` needs."""
        self._stack.append(
            (self.to_move, card, self.led, self.win_card, self.win_seat, self.suits_now,
             self.suits_before, self.leader)
        )  # fmt: skip
        trick = self.trick  # the list the card joins (``advance`` starts a new one when full)
        self.advance(card)
        if len(trick) == 4:
            self._stack.append(tuple(trick))

    def advance(self, card: int) -> None:
        """``play`` without keeping what ``undo`` needs: for endings played straight out."""
        seat: int = self.to_move  # type: ignore[assignment]
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        self.suits_now |= _SUIT_BIT[card]
        self.left -= 1
        trick = self.trick
        add_to_trick(self, seat, card)  # mililla.trick, as the game plays it
        if len(trick) < 4:
            self.to_move = (seat + self.step) & 3
            return
        winner = self.win_seat
        self.points[winner & 1] += (
            POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]] + 1
        )  # mililla.points: the cards' points and one for the trick
        self.trick = []
        self.suits_before = self.suits_now
        self.leader = self.to_move = winner  # mililla.lead: the winner leads next

    def undo(self) -> None:
        """Take back the last card played."""
        top = self._stack.pop()
        if len(top) == 4:  # a finished trick: put it back on the table
            trick = list(top)
            self.points[self.win_seat & 1] -= sum(POINTS[c] for c in trick) + 1
            self.trick = trick
            top = self._stack.pop()
        seat, card, led, win_card, win_seat, suits_now, suits_before, leader = top
        self.trick.pop()
        self.hands[seat] |= 1 << card
        self.played ^= 1 << card
        self.to_move = seat
        self.led = led
        self.win_card = win_card
        self.win_seat = win_seat
        self.suits_now = suits_now
        self.suits_before = suits_before
        self.leader = leader
        self.left += 1


class _Search:
    """One alpha-beta search for a team, with a table of positions at trick starts."""

    __slots__ = ("board", "nodes", "table", "team")

    def __init__(self, board: Board, team: int) -> None:
        self.board = board
        self.team = team
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def value(self, alpha: int, beta: int) -> int:
        """The team's points from the rest of the round under perfect play by all."""
        board = self.board
        if not board.left:
            return 0
        self.nodes += 1
        key = None
        if not board.trick:
            hands = board.hands
            key = (hands[0], hands[1], hands[2], hands[3], board.to_move)  # type: ignore[assignment]
            known = self.table.get(key)  # type: ignore[arg-type]
            if known is not None:
                score, kind = known
                if kind == _EXACT:
                    return score
                if kind == _LOWER and score >= beta:
                    return score
                if kind == _UPPER and score <= alpha:
                    return score
        team = self.team
        before = board.points[team]
        maximise = (board.to_move & 1) == team  # type: ignore[operator]
        start_alpha, start_beta = alpha, beta
        best = -1 if maximise else 999
        for card in _order(board, maximise):
            board.play(card)
            score = (
                board.points[team]
                - before
                + self.value(
                    alpha - board.points[team] + before, beta - board.points[team] + before
                )
            )
            board.undo()
            if maximise:
                if score > best:
                    best = score
                    if best > alpha:
                        alpha = best
            elif score < best:
                best = score
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            if best <= start_alpha:
                kind = _UPPER
            elif best >= start_beta:
                kind = _LOWER
            else:
                kind = _EXACT
            self.table[key] = (best, kind)  # type: ignore[index]
        return best


def _order(board: Board, maximise: bool) -> list[int]:
    """The legal cards, the likelier good ones first (alpha-beta cuts sooner)."""
    cards = cards_in(board.legal())
    if len(cards) > 1:
        strength = board.higher
        cards.sort(key=lambda c: (POINTS[c], -strength[c].bit_count()), reverse=True)
    return cards


def solve(board: Board, team: int) -> int:
    """The points ``team`` takes from the rest of the round when all play perfectly."""
    return _Search(board, team).value(-1, 71)


def solve_each(board: Board, cards: list[int]) -> list[int]:
    """For each legal card of the seat to move, the points its team takes from here on.

    The points are those of the whole round: already taken plus what perfect play by all
    four seats, every hand in view, brings after the card.
    """
    team = board.to_move & 1
    search = _Search(board, team)
    out = []
    for card in cards:
        board.play(card)
        out.append(board.points[team] + search.value(-1, 71))
        board.undo()
    return out
