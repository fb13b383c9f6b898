"""A learner's session over either game: seats, bots one move at a time, undo, save.

A :class:`Session` holds a game and says who sits where: each seat is ``"human"`` or a
bot level. Bots move only when asked (:meth:`Session.step`), one move at a time, so a
table can show each move; the session stops at every human decision. Every move is
kept as a narrated :class:`Step`, so the hand can be undone, redone, replayed, saved
and shared as a deal code.

The session trusts nothing it is handed: a move out of turn, for a bot's seat, or
breaking a rule is refused with a clear error and changes nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from . import dealcode
from .advice import Advice, advise
from .bots import make_bot
from .errors import SavedGameError
from .explanation import Explanation
from .games import game_spec, read_save
from .hints import Hint
from .messages import Seat, message, render
from .protocol import DEAL_OVER_MOVE, LEVELS, Bot, Choice, GameLike, ViewLike
from .replay import Replay

__all__ = ["HUMAN", "Session", "SessionError", "Step", "new_game"]

HUMAN = "human"
"""The seat kind of a person at the table; the others are bot levels."""

SESSION_FORMAT = "cardschool-session"
SESSION_VERSION = 1
LEARNER_NAME = "You"
"""The name of seat 0 at a learner's table unless names are given."""


SEEDS: random.Random = random.SystemRandom()
"""Where a new deal's seed comes from when none is given (a test may put a seeded one here)."""


class SessionError(ValueError):
    """A request the session cannot take now (out of turn, a bot's seat, nothing to undo)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move as it happened: its number, who made it, the move and the narration."""

    ply: int
    seat: int | None
    by: str
    move: str
    text: str
    rule: str | None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


def new_game(kind: str, seed: int, rules: Any = None) -> GameLike:
    """A new match of the game called ``kind`` from a seed and optional rules."""
    spec = game_spec(kind)
    return spec.new_game(seed, rules if rules is not None else spec.default_rules())


class Session:
    """A game with its seats (human or bot), its narrated moves, undo/redo and save/load."""

    def __init__(
        self,
        game: GameLike,
        seats: Sequence[str] | None = None,
        *,
        names: Sequence[str] | None = None,
        bot_seed: int = 0,
        budget: int | None = None,
    ) -> None:
        spec = game_spec(game.kind)
        seats = tuple(seats) if seats is not None else (HUMAN,) + ("basic",) * (game.seats - 1)
        if len(seats) != game.seats:
            raise ValueError(f"{game.kind} has {game.seats} seats, not {len(seats)}")
        for kind in seats:
            if kind != HUMAN and kind not in LEVELS:
                raise ValueError(f"a seat is 'human' or one of {', '.join(LEVELS)}, not {kind!r}")
        names = tuple(names) if names is not None else (LEARNER_NAME, *spec.seat_names[1:])
        if len(names) != game.seats or not all(isinstance(n, str) and n for n in names):
            raise ValueError(f"give {game.seats} non-empty seat names")
        self.spec = spec
        """What the session's game is (seats, names, words, bots): its registry entry."""
        self.kind: str = spec.name
        """The name of the session's game."""
        self.seats: tuple[str, ...] = seats
        self.names: tuple[str, ...] = names
        self.bot_seed = bot_seed
        self.budget = budget
        self._start = game.clone()
        self._game = game.clone()
        self._steps: list[Step] = []
        self._redo: list[list[Step]] = []
        self._bots: dict[str, Bot] = {}
        self._checkpoints: list[tuple[int, GameLike]] = []
        self._views: dict[int, ViewLike] = {}  # by seat, for the position now (see view())

    # -- making one -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        kind: str,
        seed: int | None = None,
        rules: Any = None,
        seats: Sequence[str] | None = None,
        **options: Any,
    ) -> Session:
        """A session on a new deal; a missing seed is drawn at random (and fits a short code)."""
        if seed is None:
            seed = SEEDS.randrange(32**dealcode.SEED_DIGITS)
        return cls(new_game(kind, seed, rules), seats, bot_seed=seed, **options)

    @classmethod
    def from_code(cls, code: str, seats: Sequence[str] | None = None, **options: Any) -> Session:
        """A session on the deal a code names (``MIL-7K3Q``); a bad code raises SavedGameError.

        Without ``seats``, seat 0 is a person's and the bots play at the code's level.
        """
        deal = dealcode.read(code)
        spec = game_spec(deal.game)
        rules = dealcode.rules_from_variants(spec.rules_type, deal.variants)
        if seats is None:
            seats = (HUMAN,) + (deal.level,) * (spec.seats - 1)
        return cls(new_game(deal.game, deal.seed, rules), seats, bot_seed=deal.seed, **options)

    @property
    def level(self) -> str:
        """The bots' level when every bot seat plays at one that a code can carry, else Basic."""
        levels = {kind for kind in self.seats if kind != HUMAN}
        level = levels.pop() if len(levels) == 1 else "basic"
        return level if level in dealcode.CODE_LEVELS else "basic"

    @property
    def code(self) -> str:
        """The deal code of this session's match: the same seed, variants and bots anywhere."""
        return dealcode.encode(self.kind, self._start.seed, self._start.rules, self.level)

    @property
    def variant_words(self) -> str:
        """The deal's bots and variants in words when not the default (``""`` otherwise)."""
        return dealcode.describe(self.kind, self._start.rules, self.level)

    # -- what is going on -------------------------------------------------------------

    def start_game(self) -> GameLike:
        """A copy of the game as the session started it, before any move."""
        return self._start.clone()

    def replay(self, deal: int | None = None) -> Replay:
        """Replay a deal of this session (the current or last one by default), step by step."""
        return Replay(self, deal)

    def hints(self) -> list[Hint]:
        """Every option of the seat to move, with its rule and reason (the game's grouping)."""
        return self.spec.hints(self._game)

    def legal_moves(self) -> list[Any]:
        """Every legal move of the seat to move (empty when nobody is to move)."""
        return self._game.legal_moves()

    def explain(self, move: Any) -> Explanation:
        """Why ``move`` is allowed or refused for the seat to move, with its rule id.

        A widget asks the session, never the game, which holds every hidden card.
        """
        return self._game.explain(move)

    @property
    def game(self) -> GameLike:
        """A copy of the game as it stands (changing it does not change the session)."""
        return self._game.clone()

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None between deals and after the match."""
        return self._game.to_move

    @property
    def bot_to_move(self) -> bool:
        """True when a bot's seat is to move (call :meth:`step`)."""
        seat = self._game.to_move
        return seat is not None and self.seats[seat] != HUMAN

    @property
    def human_to_move(self) -> bool:
        """True when a person's seat is to move."""
        seat = self._game.to_move
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def deal_over(self) -> bool:
        """True when a hand or round has been scored and waits for :meth:`next_deal`."""
        return self._game.deal_over

    @property
    def match_over(self) -> bool:
        """True when the match has a winner."""
        return self._game.match_over

    @property
    def steps(self) -> list[Step]:
        """Every move of the session so far, narrated, oldest first."""
        return list(self._steps)

    def view(self, seat: int) -> ViewLike:
        """What ``seat`` may know now: the game's typed view for that seat.

        Views are frozen values: each seat's is made once per position (a table draws it,
        narrates the move made and checks a click from it), forgotten at every move.
        """
        self._check_seat(seat)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._game.view(seat)
        return view

    # -- moving -----------------------------------------------------------------------

    def play(self, move: Any, seat: int | None = None) -> Step:
        """A person's move for the seat to move (``seat`` must be it, if given).

        Raises SessionError out of turn or for a bot's seat, IllegalMoveError or
        InvalidMoveError for a move the rules refuse; nothing changes then.
        """
        to_move = self._game.to_move
        if to_move is None:
            raise SessionError(self._nobody_to_move())
        if seat is not None:
            self._check_seat(seat)
            if seat != to_move:
                said = message("session:not-their-turn", to_move=Seat(to_move), who=Seat(seat))
                raise SessionError(render(said, self.names))
        if self.seats[to_move] != HUMAN:
            said = message("session:bot-to-move", who=Seat(to_move))
            raise SessionError(render(said, self.names))
        self._game.explain(move).raise_if_illegal()  # a refused move changes nothing
        narration = self._game.narrate(move, self.names)
        checkpoint = (len(self._steps), self._game.clone())
        self._views = {}
        self._game.play(move)
        self._checkpoints.append(checkpoint)
        self._redo = []
        return self._record(to_move, HUMAN, self._last_move(), narration)

    def step(self) -> Step | None:
        """Let the bot to move make one move; None when no bot is to move."""
        seat = self._game.to_move
        if seat is None or self.seats[seat] == HUMAN:
            return None
        choice = self._choose(seat, self.seats[seat])
        narration = self._game.narrate(choice.move, self.names)
        self._views = {}
        self._game.play(choice.move)
        return self._record(seat, self.seats[seat], self._last_move(), narration)

    def run_bots(self, limit: int = 10_000) -> list[Step]:
        """Step bots until a person is to move or the deal is over (at most ``limit`` moves)."""
        played = []
        while len(played) < limit and (step := self.step()) is not None:
            played.append(step)
        return played

    def next_deal(self) -> Step:
        """Deal the next hand or round once the last one has been scored."""
        if not self._game.deal_over or self._game.match_over:
            over = "session:match-over" if self._game.match_over else "session:deal-playing"
            raise SessionError(render(message(over)))
        checkpoint = (len(self._steps), self._game.clone())
        self._views = {}
        self._game.next_deal()
        self._checkpoints.append(checkpoint)
        self._redo = []
        dealer = self.names[self._game.dealer]
        text = f"A new deal: {dealer} deals."
        step = Step(len(self._steps), None, HUMAN, DEAL_OVER_MOVE, text, self.spec.next_deal_rule)
        self._steps.append(step)
        return step

    # -- undo and redo ----------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """True when there is an earlier human decision to go back to."""
        return bool(self._checkpoints)

    @property
    def can_redo(self) -> bool:
        """True when an undone decision can be played again."""
        return bool(self._redo)

    def undo(self) -> None:
        """Go back to the last human decision, taking back the bots' moves after it too."""
        if not self._checkpoints:
            raise SessionError(render(message("session:nothing-to-undo")))
        index, game = self._checkpoints.pop()
        self._redo.append(self._steps[index:])
        del self._steps[index:]
        self._game = game
        self._views = {}

    def redo(self) -> None:
        """Play again what the last undo took back, exactly as it was played."""
        if not self._redo:
            raise SessionError(render(message("session:nothing-to-redo")))
        chunk = self._redo.pop()
        kept = self._redo
        for step in chunk:
            self._apply(step.move, step.by)
        self._redo = kept

    def _apply(self, move: str, by: str) -> None:
        """Play a recorded move again: a new deal, a person's move or a bot's move."""
        if move == DEAL_OVER_MOVE:
            self.next_deal()
        elif by == HUMAN:
            self.play(move)
        else:
            seat = self._game.to_move
            if seat is None or self.seats[seat] != by:
                raise SessionError(f"a {by} bot's move {move!r} where no {by} bot is to move")
            narration = self._game.narrate(move, self.names)
            self._views = {}
            self._game.play(move)
            self._record(seat, by, self._last_move(), narration)

    # -- the coach --------------------------------------------------------------------

    def coach(self) -> Advice:
        """The expert's advice for the seat to move: the one judgement (``advice.advise``)
        the Coach panel, the review and the strategy exercises give, with the lesson's
        reasons and the figures in the game's one measure (``.move``, ``.text()``)."""
        if self._game.to_move is None:
            raise SessionError(self._nobody_to_move())
        return advise(self._game)

    # -- saving -----------------------------------------------------------------------

    def to_json(self) -> str:
        """The session as versioned JSON: game (kind, rules, seed, moves), seats, names."""
        return json.dumps(
            {
                "format": SESSION_FORMAT,
                "version": SESSION_VERSION,
                "seats": list(self.seats),
                "names": list(self.names),
                "bot_seed": self.bot_seed,
                "budget": self.budget,
                "start": json.loads(self._start.to_json()),
                "steps": [asdict(step) for step in self._steps],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read a saved session; raise SavedGameError naming the problem if it is bad."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise SavedGameError(f"saved session: not JSON ({error})") from None
        _check(isinstance(data, dict), "not a JSON object")
        _check(data.get("format") == SESSION_FORMAT, f"format should be {SESSION_FORMAT!r}")
        _check(data.get("version") == SESSION_VERSION, f"version should be {SESSION_VERSION}")
        start, steps = data.get("start"), data.get("steps")
        _check(isinstance(start, dict), "'start' should be a saved game")
        _check(isinstance(steps, list), "'steps' should be a list")
        game = read_save(json.dumps(start))
        try:
            session = cls(
                game,
                data.get("seats"),
                names=data.get("names"),
                bot_seed=data.get("bot_seed", 0),
                budget=data.get("budget"),
            )
        except (TypeError, ValueError) as error:
            raise SavedGameError(f"saved session: {error}") from None
        _check(isinstance(session.bot_seed, int), "'bot_seed' should be a whole number")
        _check(
            session.budget is None or isinstance(session.budget, int), "'budget' should be a number"
        )
        for number, step in enumerate(steps):
            _check(
                isinstance(step, dict)
                and isinstance(step.get("move"), str)
                and step.get("by") in (HUMAN, *LEVELS),
                f"step {number} should have a 'move' text and who made it ('by')",
            )
            try:
                session._apply(step["move"], step["by"])
            except ValueError as error:
                raise SavedGameError(f"saved session: step {number}: {error}") from None
        return session

    def looking_at(self, game: GameLike, ply: int) -> Session:
        """This session's seats and first ``ply`` steps around ``game`` (a replay's frame).

        The copy is for looking at: it has no undo or redo, and ``game`` should be the
        position those steps lead to (``Replay.current.game``).
        """
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self._steps):
            raise IndexError(f"there is no step {ply!r}: this session has {len(self._steps)}")
        copy = Session(game, self.seats, names=self.names, bot_seed=self.bot_seed)
        copy._start = self._start.clone()
        copy._steps = self._steps[:ply]
        return copy

    # -- helpers ----------------------------------------------------------------------

    def _choose(self, seat: int, level: str) -> Choice:
        bot = self._bots.get(level)
        if bot is None:
            bot = self._bots[level] = make_bot(self.kind, level, self.budget)
        rng = random.Random(f"{self.bot_seed}/{level}/{len(self._steps)}")
        return bot.choose(self.view(seat).to_dict(), rng)

    def _record(self, seat: int, by: str, move: str, narration: Any) -> Step:
        # the narration is rendered with the session's names: "You draw" for the learner
        step = Step(len(self._steps), seat, by, move, narration.text, narration.rule)
        self._steps.append(step)
        return step

    def _last_move(self) -> str:
        return str(self._game.history[-1])

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            said = message("session:no-seat", seat=repr(seat), last=len(self.seats) - 1)
            raise SessionError(render(said))

    def _nobody_to_move(self) -> str:
        if self._game.match_over:
            return render(message("session:match-over"))
        return render(message("session:deal-over"))


def _check(condition: bool, problem: str) -> None:
    if not condition:
        raise SavedGameError(f"saved session: {problem}")
