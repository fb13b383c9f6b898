"""The Mililla match: the public contract (``GameLike``) over the state in state.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from ..cards import SpanishCard, SpanishSuit
from ..errors import InvalidMoveError
from ..explanation import Explanation
from ..protocol import DEAL_OVER_MOVE
from .moves import MOVES, SEAT_NAMES, Move, Phase, team_name
from .rules import DEFAULT_RULES, Rules
from .state import NEXT, Core
from .tables import CARDS, bits
from .words import explain_card, narrate_card

__all__ = ["Game", "new_game"]

_PLAY = Phase.PLAY


def _card_index(move: object) -> int:
    """The card index of a Move, a SpanishCard or a move's text; raise InvalidMoveError."""
    if type(move) is Move:
        return move.index
    if isinstance(move, SpanishCard):
        return move.index
    if isinstance(move, str):
        return Move.parse(move).index
    raise InvalidMoveError(f"a Mililla move is a Move, a card or text like 'HC', not {move!r}")


def _is_next(move: object) -> bool:
    return isinstance(move, str) and move.strip().lower() == DEAL_OVER_MOVE


class Game(Core):
    """A Mililla match for four players in two teams, round after round until one wins."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable
    kind = "mililla"
    seats = 4

    def __init__(self, seed: int = 0, rules: Rules = DEFAULT_RULES) -> None:
        """A new match: the first dealer, every shuffle and cut come from ``seed``."""
        self._init_core(rules, seed)
        self._choose_first_dealer()
        self._shuffle_and_deal()

    # -- the state, read-only ---------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to play now; None between rounds and when the match is over."""
        return self._to_move

    @property
    def phase(self) -> Phase:
        """PLAY, ROUND_OVER or MATCH_OVER."""
        return self._phase

    @property
    def deal_over(self) -> bool:
        """True once the round has been scored (waiting for ``next_deal()``, or match over)."""
        return self._phase is not _PLAY

    @property
    def match_over(self) -> bool:
        """True when a team has won the match."""
        return self._phase is Phase.MATCH_OVER

    @property
    def history(self) -> list[str]:
        """Every card played since the start position, as text, ``"next"`` between rounds."""
        return [DEAL_OVER_MOVE if m == NEXT else str(CARDS[m]) for m in self._moves]

    @property
    def round(self) -> int:
        """The number of the round being played (or just scored), from 1."""
        return self._round

    @property
    def dealer(self) -> int:
        """The dealer's seat this round."""
        return self._dealer

    @property
    def trump_card(self) -> SpanishCard:
        """The card turned face up at the deal (``mililla.deal``)."""
        return CARDS[self._trump_card]

    @property
    def trump(self) -> SpanishSuit:
        """The trump suit this round."""
        return CARDS[self._trump_card].suit

    @property
    def scores(self) -> tuple[int, int]:
        """The game scores of team 0 (seats 0 and 2) and team 1 (seats 1 and 3)."""
        return (self._scores[0], self._scores[1])

    @property
    def winner(self) -> int | None:
        """The team that won the match (0 or 1), or None."""
        return self._winner

    def hand(self, seat: int) -> list[SpanishCard]:
        """The cards a seat holds, by suit and strongest first (for tests and tools)."""
        return [CARDS[i] for i in sorted(bits(self._hands[seat]), key=self._order.sort_key)]

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every card the seat to move may play (``mililla.lead`` ... ``mililla.free``)."""
        if self._phase is not _PLAY:
            return []
        mask = (self._legal or self._decide())[0]
        moves = []
        while mask:
            low = mask & -mask
            moves.append(MOVES[low.bit_length() - 1])
            mask ^= low
        return moves

    def play(self, move: Move | SpanishCard | str) -> None:
        """Play a card (a Move, a SpanishCard or text like ``"HC"``); illegal: unchanged."""
        if type(move) is Move:
            card = move.index
        elif _is_next(move):
            self.next_deal()
            return
        else:
            card = _card_index(move)
        if self._phase is not _PLAY:
            self.explain(MOVES[card]).raise_if_illegal()
        legal = self._legal or self._decide()
        if not (legal[0] >> card) & 1:
            self.explain(MOVES[card]).raise_if_illegal()
            raise AssertionError("explain() and legal_moves() disagree")  # pragma: no cover
        self._apply(card)

    def explain(self, move: Move | SpanishCard | str) -> Explanation:
        """Why the seat to move may or may not play this card, naming the deciding rule."""
        if _is_next(move):
            if self._phase is Phase.ROUND_OVER:
                return Explanation(True, "mililla.dealer", "The round is over: deal the next one")
            return self._phase_refusal() or Explanation(
                False, "mililla.round.score", "The round is still being played"
            )
        card = _card_index(move)
        refusal = self._phase_refusal()
        if refusal is not None:
            return refusal
        return explain_card(self, card)

    def _phase_refusal(self) -> Explanation | None:
        if self._phase is Phase.ROUND_OVER:
            return Explanation(
                False, "mililla.round.score", "The round is over: deal the next round first"
            )
        if self._phase is Phase.MATCH_OVER:
            return Explanation(
                False,
                "mililla.game.end",
                f"The match is over: {team_name(self._winner or 0)} won",
            )
        return None

    def narrate(
        self, move: Move | SpanishCard | str, names: Sequence[str] | None = None
    ) -> Explanation:
        """A third-person sentence about a legal card about to be played; illegal: raises."""
        names = _check_names(names)
        if _is_next(move):
            self.explain(move).raise_if_illegal()
            return Explanation(
                True, "mililla.dealer", f"{names[(self._dealer + self._step) % 4]} deals"
            )
        card = _card_index(move)
        self.explain(MOVES[card]).raise_if_illegal()
        return narrate_card(self, card, names)

    def next_deal(self) -> None:
        """Leave the scored round: the deal passes on and the next round is dealt."""
        if self._phase is not Phase.ROUND_OVER:
            self.explain(DEAL_OVER_MOVE).raise_if_illegal()
        self._next_round()

    next_round = next_deal

    # -- results --------------------------------------------------------------------------

    def deal_result(self) -> dict[str, Any] | None:
        """The scoring of the last finished round (JSON-ready), or None before the first."""
        if not self._results:
            return None
        return _copy_result(self._results[-1])

    def round_results(self) -> list[dict[str, Any]]:
        """The scoring of every finished round so far, oldest first."""
        return [_copy_result(result) for result in self._results]

    def match_result(self) -> dict[str, Any] | None:
        """The final scores, the winning team and its seats once the match is over, else None."""
        if self._winner is None:
            return None
        return {
            "totals": list(self._scores),
            "winner": self._winner,
            "winning_seats": [self._winner, self._winner + 2],
            "winners": team_name(self._winner),
            "rounds": self._round,
            "rule": "mililla.game.end",
        }

    # -- copies, saving, positions, views ---------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (a few list copies: cheap enough for bots)."""
        copy = object.__new__(type(self))
        copy._copy_core(self)
        return copy

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.seed == other.seed
            and self._start_text == other._start_text
            and self._moves == other._moves
        )

    def __repr__(self) -> str:
        turn = "" if self._to_move is None else f", {SEAT_NAMES[self._to_move]} to play"
        return (
            f"<mililla.Game seed={self.seed} round {self._round}, {self._phase.value}{turn}, "
            f"scores {self._scores[0]}-{self._scores[1]}>"
        )

    def to_json(self) -> str:
        """A versioned JSON text: seed, rules, start position (or null) and the moves."""
        from .saving import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Replay a saved game; raise SavedGameError naming the problem if it is bad."""
        from .saving import game_from_json

        return game_from_json(cls, text)

    def position(self) -> str:
        """The round so far as readable text that ``Game.from_position`` reads back."""
        from .position import write_position

        return write_position(self)

    @classmethod
    def from_position(cls, text: str, rules: Rules = DEFAULT_RULES, seed: int = 0) -> Self:
        """A match set up from readable text (see position.py); later rounds come from seed."""
        from .position import read_position

        return read_position(cls, text, rules, seed)

    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready: all that ``seat`` may know (its own hand only), and nothing more."""
        from .view import make_view

        return make_view(self, seat)

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> Self:
        """A full game consistent with a seat's view, the hidden cards dealt at random."""
        from .view import game_from_view

        return game_from_view(cls, view, rng)

    def _repr_html_(self) -> str:
        """The position as preformatted text in a notebook."""
        import html

        return f"<pre>{html.escape(self.position())}</pre>"


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    """A copy the caller may change: its lists and dicts are copied too."""
    return {
        key: list(value)
        if isinstance(value, list)
        else dict(value)
        if isinstance(value, dict)
        else value
        for key, value in result.items()
    }


def _check_names(names: Sequence[str] | None) -> Sequence[str]:
    if names is None:
        return SEAT_NAMES
    if isinstance(names, str) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must be four seat names, not {names!r}")
    return names


def new_game(seed: int, rules: Rules = DEFAULT_RULES) -> Game:
    """A new Mililla match; the first dealer, every shuffle and cut come from ``seed``."""
    return Game(seed, rules)
