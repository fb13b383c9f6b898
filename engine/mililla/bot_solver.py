"""Exact play of the last tricks with every hand known: a small board and its alpha-beta.

:class:`Board` is the part of a round that play needs (hands, the trick, who leads, the
points taken), played forward with :meth:`Board.play` and back with :meth:`Board.undo`,
so a search never copies a game. Its legal cards come from ``legality.decide``, the same
function the game uses, so the search cannot play a card the rules forbid.

:func:`solve` gives the points a team takes from the rest of the round when all four
seats play perfectly with every card in view (``double dummy``): the team to maximise
picks its best card, the other its worst for them. The expert uses it on each simulated
deal once few tricks are left; the ceiling experiment in tests/benchmarks uses it too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .legality import decide
from .state import add_to_trick
from .tables import POINTS, SUIT, bits

if TYPE_CHECKING:
    from .state import Core

__all__ = ["Board", "solve", "solve_each"]

_EXACT, _LOWER, _UPPER = 0, 1, 2
_FROM_STATE = (
    "_played", "_order", "_higher", "_seven", "_step", "_trump", "_to_move", "_leader",
    "_led", "_win_card", "_win_seat", "_suits_now", "_suits_before",
)  # fmt: skip
"""The fields a board takes as they are from the game's state (ints and shared tables)."""
_SHARED = (*_FROM_STATE, "left")


class Board:
    """A round in play, reduced to what playing cards needs; play and undo in place."""

    __slots__ = (
        "_hands",
        "_higher",
        "_leader",
        "_led",
        "_order",
        "_played",
        "_seven",
        "_stack",
        "_step",
        "_suits_before",
        "_suits_now",
        "_to_move",
        "_trick",
        "_trump",
        "_win_card",
        "_win_seat",
        "left",
        "points",
    )

    def __init__(self, state: Core) -> None:
        """A board at the same point of the round as ``state`` (hands copied)."""
        for name in _FROM_STATE:
            setattr(self, name, getattr(state, name))
        self._hands = list(state._hands)
        self._trick = list(state._trick)
        self.points = list(state._points)
        """The points each team has taken so far this round."""
        self.left = sum(h.bit_count() for h in self._hands)
        """The cards not yet played."""
        self._stack: list[tuple[int, ...]] = []

    def clone(self) -> Board:
        """An independent copy at the same point (its undo history starts empty)."""
        copy = object.__new__(Board)
        for name in _SHARED:
            setattr(copy, name, getattr(self, name))
        copy._hands = self._hands[:]
        copy._trick = self._trick[:]
        copy.points = self.points[:]
        copy._stack = []
        return copy

    def restart(self, hands: list[int], leader: int) -> None:
        """Go back to the start of the round, with these hands and this leader."""
        self._hands = list(hands)
        self._played = 0
        self._to_move = self._leader = leader
        self._trick = []
        self._led = self._win_card = self._win_seat = 0
        self._suits_now = self._suits_before = 0
        self.points = [0, 0]
        self.left = sum(h.bit_count() for h in hands)
        self._stack = []

    def _decide(self) -> tuple[int, object, int]:
        return decide(self)  # type: ignore[arg-type]

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return self._to_move  # type: ignore[return-value]

    @property
    def trick(self) -> list[int]:
        """The cards on the table in the current trick."""
        return self._trick

    def hand(self, seat: int) -> int:
        """A seat's cards as a mask."""
        return self._hands[seat]

    def legal(self) -> int:
        """The cards the seat to move may play, as a mask (``legality.decide``)."""
        return decide(self)[0]  # type: ignore[arg-type]

    def play(self, card: int) -> None:
        """Play a legal card of the seat to move (not checked)."""
        seat: int = self._to_move  # type: ignore[assignment]
        self._stack.append(
            (seat, card, self._led, self._win_card, self._win_seat, self._suits_now,
             self._suits_before, self._leader)
        )  # fmt: skip
        self._hands[seat] ^= 1 << card
        self._played |= 1 << card
        self._suits_now |= 1 << SUIT[card]
        self.left -= 1
        trick = self._trick
        add_to_trick(self, seat, card)  # mililla.trick, as the game plays it
        if len(trick) < 4:
            self._to_move = (seat + self._step) & 3
            return
        winner = self._win_seat
        self.points[winner & 1] += (
            POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]] + 1
        )  # mililla.points: the cards' points and one for the trick
        self._stack.append(tuple(trick))
        self._trick = []
        self._suits_before = self._suits_now
        self._leader = self._to_move = winner  # mililla.lead: the winner leads next

    def undo(self) -> None:
        """Take back the last card played."""
        top = self._stack.pop()
        if len(top) == 4:  # a finished trick: put it back on the table
            trick = list(top)
            self.points[self._win_seat & 1] -= sum(POINTS[c] for c in trick) + 1
            self._trick = trick
            top = self._stack.pop()
        seat, card, led, win_card, win_seat, suits_now, suits_before, leader = top
        self._trick.pop()
        self._hands[seat] |= 1 << card
        self._played ^= 1 << card
        self._to_move = seat
        self._led = led
        self._win_card = win_card
        self._win_seat = win_seat
        self._suits_now = suits_now
        self._suits_before = suits_before
        self._leader = leader
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
        if not board._trick:
            hands = board._hands
            key = (hands[0], hands[1], hands[2], hands[3], board._to_move)  # type: ignore[assignment]
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
        maximise = (board._to_move & 1) == team  # type: ignore[operator]
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
    cards = bits(board.legal())
    if len(cards) > 1:
        strength = board._higher
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
