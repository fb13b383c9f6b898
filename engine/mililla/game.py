"""The Mililla match: the public contract (``GameLike``) over the State of state.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from ..cards import SpanishCard, SpanishSuit
from ..errors import ArgumentError, InvalidMoveError
from ..explanation import Explanation
from ..messages import Seat, message, render
from ..on_state import GameOnState
from ..protocol import DEAL_OVER_MOVE
from .listing import legal_moves
from .moves import MOVES, SEAT_NAMES, Move
from .position import read_position, write_position
from .rules import DEFAULT_RULES, Rules
from .sampling import state_from_view
from .scoring import match_result
from .state import NEXT, Phase, State
from .tables import CARDS, TEXTS, bits
from .turns import apply, choose_first_dealer, next_deal, shuffle_and_deal
from .view import View, make_view
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
    raise InvalidMoveError(message("mililla:move.kind", given=repr(move)))


def _is_next(move: object) -> bool:
    return isinstance(move, str) and move.strip().lower() == DEAL_OVER_MOVE


class Game(GameOnState):
    """A Mililla match for four players in two teams, round after round until one wins."""

    __slots__ = ("state",)
    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable
    kind = "mililla"
    title = "Mililla"
    rules_type = Rules
    seats = 4

    def __init__(self, seed: int = 0, rules: Rules = DEFAULT_RULES) -> None:
        """A new match: the first dealer, every shuffle and cut come from ``seed``."""
        state = State(rules, seed)
        choose_first_dealer(state)
        shuffle_and_deal(state)
        self.state = state
        """The match's state: public fields for the engine's modules (see state.py)."""

    @classmethod
    def _of(cls, state: State) -> Self:
        game = object.__new__(cls)
        game.state = state
        return game

    # -- the state, read-only ---------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The variant settings of the match."""
        return self.state.rules

    @property
    def seed(self) -> int:
        """The seed every shuffle and cut of the match comes from."""
        return self.state.seed

    @property
    def deal_over(self) -> bool:
        """True once the round has been scored (waiting for ``next_deal()``, or match over)."""
        return self.state.phase is not _PLAY

    @property
    def history(self) -> list[str]:
        """Every card played since the start position, as text, ``"next"`` between rounds."""
        return [DEAL_OVER_MOVE if m == NEXT else TEXTS[m] for m in self.state.moves]

    @property
    def trump_card(self) -> SpanishCard:
        """The card turned face up at the deal (``mililla.deal``)."""
        return CARDS[self.state.trump_card]

    @property
    def trump(self) -> SpanishSuit:
        """The trump suit this round."""
        return CARDS[self.state.trump_card].suit

    @property
    def totals(self) -> tuple[int, int]:
        """The match totals (game scores) of team 0 (seats 0 and 2) and team 1 (seats 1 and 3)."""
        return self.state.totals

    @property
    def winner(self) -> int | None:
        """The team that won the match (0 or 1), or None."""
        return self.state.winner

    def hand(self, seat: int) -> list[SpanishCard]:
        """The cards a seat holds, by suit and strongest first (for tests and tools)."""
        state = self.state
        return [CARDS[i] for i in sorted(bits(state.hands[seat]), key=state.order.sort_key)]

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every card the seat to move may play (``mililla.lead`` ... ``mililla.free``)."""
        return legal_moves(self.state)

    def play(self, move: Move | SpanishCard | str) -> None:
        """Play a card (a Move, a SpanishCard or text like ``"HC"``); illegal: unchanged."""
        if type(move) is Move:
            card = move.index
        elif _is_next(move):
            self.next_deal()
            return
        else:
            card = _card_index(move)
        state = self.state
        if state.phase is not _PLAY:
            self.explain(MOVES[card]).raise_if_illegal()
        legal = state.legal or state.decide()
        if not (legal[0] >> card) & 1:
            self.explain(MOVES[card]).raise_if_illegal()
            raise AssertionError("explain() and legal_moves() disagree")  # pragma: no cover
        apply(state, card)

    def explain(self, move: Move | SpanishCard | str) -> Explanation:
        """Why the seat to move may or may not play this card, naming the deciding rule."""
        if _is_next(move):
            if self.state.phase is Phase.ROUND_OVER:
                said = message("mililla:explain.next-round")
                return Explanation(True, "mililla.dealer", message=said)
            return self._phase_refusal() or Explanation(
                False, "mililla.round.score", message=message("mililla:explain.round-playing")
            )
        card = _card_index(move)
        refusal = self._phase_refusal()
        if refusal is not None:
            return refusal
        return explain_card(self.state, card)

    def _phase_refusal(self) -> Explanation | None:
        phase = self.state.phase
        if phase is Phase.ROUND_OVER:
            said = message("mililla:explain.round-over")
            return Explanation(False, "mililla.round.score", message=said)
        if phase is Phase.MATCH_OVER:
            winner = self.state.winner or 0
            team = message("mililla:team", a=Seat(winner), b=Seat(winner + 2))
            said = message("mililla:explain.game-over", team=team)
            return Explanation(False, "mililla.game.end", message=said)
        return None

    def narrate(
        self, move: Move | SpanishCard | str, names: Sequence[str] | None = None
    ) -> Explanation:
        """A third-person sentence about a legal card about to be played; illegal: raises."""
        names = _check_names(names)
        state = self.state
        if _is_next(move):
            self.explain(move).raise_if_illegal()
            said = message("mililla:narrate.deals", who=Seat((state.dealer + state.step) % 4))
            return Explanation(True, "mililla.dealer", render(said, names), said)
        card = _card_index(move)
        self.explain(MOVES[card]).raise_if_illegal()
        return narrate_card(state, card, names)

    def next_deal(self) -> None:
        """Leave the scored round: the deal passes on and the next round is dealt."""
        if self.state.phase is not Phase.ROUND_OVER:
            self.explain(DEAL_OVER_MOVE).raise_if_illegal()
        next_deal(self.state)

    # -- results --------------------------------------------------------------------------

    def deal_result(self) -> dict[str, Any] | None:
        """The scoring of the last finished round (JSON-ready), or None before the first.

        ``"scores"`` is what each team scored with the round (the bonus included),
        ``"totals"`` the match totals after it and ``"totals_before"`` those before it.
        """
        results = self.state.results
        return results[-1].to_dict() if results else None

    def round_results(self) -> list[dict[str, Any]]:
        """The scoring of every finished round so far, oldest first."""
        return [result.to_dict() for result in self.state.results]

    def match_result(self) -> dict[str, Any] | None:
        """The final totals, the winning team and its seats once the match is over, else None."""
        result = match_result(self.state)
        return None if result is None else result.to_dict()

    # -- copies, saving, positions, views ---------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (a few list copies: cheap enough for bots)."""
        copy = object.__new__(type(self))
        copy.state = self.state.clone()
        return copy

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        mine, theirs = self.state, other.state
        return (
            mine.rules == theirs.rules
            and mine.seed == theirs.seed
            and mine.start_text == theirs.start_text
            and mine.moves == theirs.moves
        )

    def __repr__(self) -> str:
        state = self.state
        turn = "" if state.to_move is None else f", {SEAT_NAMES[state.to_move]} to play"
        return (
            f"<mililla.Game seed={state.seed} round {state.deal_number}, {state.phase.value}"
            f"{turn}, totals {state.totals[0]}-{state.totals[1]}>"
        )

    def start_text(self) -> str | None:
        """The text ``from_position`` read to start the match; None for the seed's deal."""
        return self.state.start_text

    def position(self) -> str:
        """The round so far as readable text that ``Game.from_position`` reads back."""
        return write_position(self.state)

    @classmethod
    def from_position(cls, text: str, rules: Rules = DEFAULT_RULES, seed: int = 0) -> Self:
        """A match set up from readable text (position.py); ``+N`` cards are dealt from seed."""
        return cls._of(read_position(text, rules, seed))

    def view(self, seat: int) -> View:
        """All that ``seat`` may know (its own hand only), and nothing more; ``to_dict()``."""
        return make_view(self.state, seat)

    @classmethod
    def from_view(cls, view: View | dict[str, Any], rng: random.Random) -> Self:
        """A full game consistent with a seat's view (or its dict), hidden cards at random."""
        data = view.to_dict() if isinstance(view, View) else view
        return cls._of(state_from_view(data, rng))

    def _repr_html_(self) -> str:
        """The table as the seat to move sees it (seat 0 when nobody is to move)."""
        seat = self.state.to_move
        return self.view(0 if seat is None else seat)._repr_html_()


def _check_names(names: Sequence[str] | None) -> Sequence[str]:
    if names is None:
        return SEAT_NAMES
    if isinstance(names, str) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ArgumentError(message("mililla:game.names", given=repr(names)))
    return names


def new_game(seed: int, rules: Rules = DEFAULT_RULES) -> Game:
    """A new Mililla match; the first dealer, every shuffle and cut come from ``seed``."""
    return Game(seed, rules)
