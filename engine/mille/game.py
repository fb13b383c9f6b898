"""The Mille match: ``Game`` keeps the contract of ``cardschool.engine.protocol.GameLike``."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from ..cards import FrenchCard
from ..errors import ArgumentError, IllegalMoveError, InvalidMoveError
from ..explanation import Explanation
from ..messages import message, render
from ..on_state import GameOnState
from ..protocol import DEAL_OVER_MOVE, check_seed
from .legality import Verdict, judge
from .listing import legal_moves
from .moves import Move
from .position import format_position, parse_position
from .rules import Rules
from .sampling import state_from_view
from .scoring import match_result
from .state import Chance, Phase, State, expand
from .tables import CARDS
from .turns import apply, cut_for_dealer, deal, next_deal
from .view import View, totals_now, view_of
from .words import SEAT_NAMES, narration

__all__ = ["Game", "new_game"]

DEFAULT_RULES = Rules()
"""The rulebook's defaults, with no variant."""


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise ArgumentError(message("mille:game.rules", given=type(rules).__name__))
    return rules


class Game(GameOnState):
    """A whole match of Mille between seats 0 (South) and 1 (North), hand after hand."""

    kind = "mille"
    title = "Mille"
    rules_type = Rules
    seats = 2

    def __init__(self, seed: int = 0, rules: Rules = DEFAULT_RULES) -> None:
        state = State()
        rng = random.Random(check_seed(seed))
        state.dealer = cut_for_dealer(state, _check_rules(rules), rng)
        deal(state, rng)
        self._setup(seed, rules, state, rng, None)

    def _setup(
        self, seed: int, rules: Rules, state: State, rng: random.Random | None, start: str | None
    ) -> None:
        self.seed = seed
        self._rules = rules
        self.state = state
        self._chance = Chance(rng)
        self._start = start
        self._start_state: State | None = None
        self._history: list[str] = []

    @classmethod
    def _make(
        cls, seed: int, rules: Rules, state: State, rng: random.Random | None, start: str | None
    ) -> Game:
        game = cls.__new__(cls)
        game._setup(seed, rules, state, rng, start)
        return game

    # -- where the match stands ---------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The variants in play."""
        return self._rules

    @property
    def deal_over(self) -> bool:
        """True once the hand has been scored (also when that ended the match)."""
        return self.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)

    @property
    def history(self) -> list[str]:
        """Every move played from the start, as text, with ``"next"`` between hands."""
        return list(self._history)

    @property
    def totals(self) -> list[int]:
        """Running totals of seats 0 and 1, counting this hand once it is scored."""
        return totals_now(self.state)

    def hand(self, seat: int) -> list[FrenchCard]:
        """A player's hand in showing order (all of it: use ``view`` for what a seat sees)."""
        return [CARDS[f] for f in expand(self.state.hands[self._seat(seat)])]

    @staticmethod
    def _seat(seat: object) -> int:
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ArgumentError(message("mille:game.seat", given=repr(seat)))
        return seat  # type: ignore[return-value]

    # -- moves --------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move now (one per choice; empty when nobody is to move)."""
        return legal_moves(self.state, self._rules)

    def _judge(self, move: Move | str) -> tuple[Move, Verdict]:
        parsed = Move.parse(move) if isinstance(move, str) else move
        if not isinstance(parsed, Move):
            raise InvalidMoveError(message("mille:game.not-a-move", given=repr(move)))
        return parsed, judge(self.state, self._rules, parsed)

    def explain(self, move: Move | str) -> Explanation:
        """Why a move, legal or not, is allowed or refused: the rule and the actual cards."""
        _, verdict = self._judge(move)
        return Explanation(verdict.legal, verdict.rule, message=verdict.message)

    def play(self, move: Move | str) -> None:
        """Play a legal move; an illegal or unreadable one raises and changes nothing."""
        parsed, verdict = self._judge(move)
        if not verdict.legal:
            raise IllegalMoveError(verdict.rule, verdict.said)
        apply(self.state, self._rules, self._chance, verdict)
        self._history.append(str(parsed))

    def narrate(self, move: Move | str, names: Sequence[str] | None = None) -> Explanation:
        """A third-person sentence about a legal move about to be played (illegal: raises)."""
        names = SEAT_NAMES if names is None else tuple(names)
        if len(names) != 2:
            raise ArgumentError(message("mille:game.two-names"))
        _, verdict = self._judge(move)
        if not verdict.legal:
            raise IllegalMoveError(verdict.rule, verdict.said)
        said = narration(self.state, self._rules, verdict)
        return Explanation(True, verdict.rule, render(said, names), said)

    def next_deal(self) -> None:
        """Leave the scored hand and deal the next one (``mille.next-dealer``)."""
        phase = self.state.phase
        if phase is Phase.MATCH_OVER:
            raise IllegalMoveError("mille.game.end", message("mille:game.no-next-hand"))
        if phase is not Phase.HAND_OVER:
            # mille.go-out: a hand ends only when a player goes out or the stock runs out
            raise IllegalMoveError("mille.go-out", message("mille:game.hand-on"))
        next_deal(self.state, self._rules, self._chance)
        self._history.append(DEAL_OVER_MOVE)

    # -- results and views ----------------------------------------------------------------

    def deal_result(self) -> dict[str, Any] | None:
        """The breakdown of the last scored hand (JSON-ready), or None before the first."""
        result = self.state.last_result
        return None if result is None else json.loads(json.dumps(result))

    def match_result(self) -> dict[str, Any] | None:
        """Totals, winner and skunk once the match is over, else None."""
        if self.state.phase is not Phase.MATCH_OVER:
            return None
        return match_result(self.totals, self._rules, self.state.deal_number)

    def view(self, seat: int) -> View:
        """All that ``seat`` may know, never hidden cards or the stock order (a typed ``View``)."""
        return view_of(self.state, self._rules, self._seat(seat))

    @classmethod
    def from_view(cls, view: View | dict[str, Any], rng: random.Random) -> Game:
        """A full game agreeing with a view or its dict, hidden cards dealt at random by ``rng``."""
        state, rules = state_from_view(view.to_dict() if isinstance(view, View) else view, rng)
        seed = rng.getrandbits(32)
        game = cls._make(seed, rules, state, random.Random(seed), None)
        game._start_state = state.clone()
        return game

    # -- positions, copies and saved games ------------------------------------------------

    @classmethod
    def from_position(cls, text: str, rules: Rules = DEFAULT_RULES, seed: int = 0) -> Game:
        """Set up a position from readable text (see ``mille.position``); SavedGameError if bad."""
        state, rng = parse_position(text, _check_rules(rules), check_seed(seed))
        return cls._make(seed, rules, state, rng, text)

    def position(self) -> str:
        """The current position as text, every card written out (``from_position`` reads it)."""
        return format_position(self.state)

    def clone(self) -> Game:
        """An independent copy, random generator included."""
        game = self._make(self.seed, self._rules, self.state.clone(), None, self._start)
        game._chance = self._chance.copy()
        game._start_state = self._start_state
        game._history = self._history.copy()
        return game

    def start_text(self) -> str | None:
        """The text of the start position, written out once (a game made from a seat's view
        keeps its state); None for the seed's deal."""
        if self._start is None and self._start_state is not None:
            self._start = format_position(self._start_state)
        return self._start

    def _repr_html_(self) -> str:
        """The position as the seat to move sees it (seat 0 when nobody is to move)."""
        seat = self.state.to_move
        return self.view(0 if seat is None else seat)._repr_html_()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_json() == other.to_json() and self.position() == other.position()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        st = self.state
        who = "" if st.to_move is None else f", {SEAT_NAMES[st.to_move]} to move"
        return f"<mille.Game seed={self.seed} hand {st.deal_number}, {st.phase.value}{who}>"


def new_game(seed: int, rules: Rules = DEFAULT_RULES) -> Game:
    """A new match: the cut for the first dealer and every shuffle come from ``seed``."""
    return Game(seed, rules)
