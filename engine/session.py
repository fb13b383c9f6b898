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

import random
from collections.abc import Sequence
from typing import Any

from . import dealcode, saving
from .advice import Advice, advise
from .bots import make_bot
from .errors import Told
from .explanation import Explanation
from .games import game_spec, new_game, read_save
from .hints import Hint
from .messages import YOU, Message, Seat, message, render
from .on_state import FieldOf
from .protocol import DEAL_OVER_MOVE, LEVELS, Bot, Choice, GameLike, ViewLike
from .replay import Replay, Step

__all__ = ["HUMAN", "Session", "SessionError", "Step", "new_game"]

HUMAN = saving.HUMAN
"""The seat kind of a person at the table; the others are bot levels."""

LEARNER_NAME = YOU
"""The name of seat 0 at a learner's table unless names are given."""


SEEDS: random.Random = random.SystemRandom()
"""Where a new deal's seed comes from when none is given (a test may put a seeded one here)."""


class SessionError(Told, ValueError):
    """A request the session cannot take now (out of turn, a bot's seat, nothing to undo), or
    seats it cannot take: ``.said`` is its message; ``str()`` says it with the seat names
    of the session that refused (``names``), as its learner reads it ("not yours")."""

    def __init__(self, said: Message | str, names: Sequence[str] = ()) -> None:
        super().__init__(said, tuple(names))
        self.names = tuple(names)

    def __str__(self) -> str:
        return render(self.said, self.names)


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
            said = message("session:seat-count", game=game.kind, seats=game.seats, given=len(seats))
            raise SessionError(said)
        for kind in seats:
            if kind != HUMAN and kind not in LEVELS:
                levels = ", ".join(LEVELS)
                raise SessionError(message("session:seat-kind", levels=levels, kind=repr(kind)))
        names = tuple(names) if names is not None else (LEARNER_NAME, *spec.seat_names[1:])
        if len(names) != game.seats or not all(isinstance(n, str) and n for n in names):
            raise SessionError(message("session:seat-names", seats=game.seats))
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

    @property
    def variants_said(self) -> Message | None:
        """The deal's bots and variants as a message when not the default (None otherwise)."""
        return dealcode.described(self.kind, self._start.rules, self.level)

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

    to_move = FieldOf("_game")
    """The seat to move, or None between deals and after the match."""

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

    deal_over = FieldOf("_game")
    """True when a hand or round has been scored and waits for :meth:`next_deal`."""

    match_over = FieldOf("_game")
    """True when the match has a winner."""

    @property
    def steps(self) -> list[Step]:
        """Every move of the session so far, narrated, oldest first."""
        return list(self._steps)

    def words(self, said: Message) -> str:
        """A message in words with this session's seat names ("You" for its learner)."""
        return render(said, self.names)

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
                raise SessionError(said, self.names)
        if self.seats[to_move] != HUMAN:
            raise SessionError(message("session:bot-to-move", who=Seat(to_move)), self.names)
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
            raise SessionError(message(over))
        checkpoint = (len(self._steps), self._game.clone())
        self._views = {}
        self._game.next_deal()
        self._checkpoints.append(checkpoint)
        self._redo = []
        said = message("session:new-deal", dealer=Seat(self._game.dealer))
        text = self.words(said)
        rule = self.spec.next_deal_rule
        step = Step(len(self._steps), None, HUMAN, DEAL_OVER_MOVE, text, rule, said)
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
            raise SessionError(message("session:nothing-to-undo"))
        index, game = self._checkpoints.pop()
        self._redo.append(self._steps[index:])
        del self._steps[index:]
        self._game = game
        self._views = {}

    def redo(self) -> None:
        """Play again what the last undo took back, exactly as it was played."""
        if not self._redo:
            raise SessionError(message("session:nothing-to-redo"))
        chunk = self._redo.pop()
        kept = self._redo
        for step in chunk:
            self.apply(step.move, step.by)
        self._redo = kept

    def apply(self, move: str, by: str) -> None:
        """Play a recorded move again (a saved step): a new deal, a person's move or a bot's
        move (``by``: its level), refused with an error when it cannot be played now."""
        if move == DEAL_OVER_MOVE:
            self.next_deal()
        elif by == HUMAN:
            self.play(move)
        else:
            seat = self._game.to_move
            if seat is None or self.seats[seat] != by:
                raise SessionError(message("session:no-bot-to-move", level=by, move=repr(move)))
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
        return saving.write_session(self)

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read a saved session; raise SavedGameError naming the problem if it is bad."""
        return saving.read_session(cls, text, read_save)

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
        said = getattr(narration, "message", None)
        step = Step(len(self._steps), seat, by, move, narration.text, narration.rule, said)
        self._steps.append(step)
        return step

    def _last_move(self) -> str:
        return str(self._game.history[-1])

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            said = message("session:no-seat", seat=repr(seat), last=len(self.seats) - 1)
            raise SessionError(said)

    def _nobody_to_move(self) -> Message:
        if self._game.match_over:
            return message("session:match-over")
        return message("session:deal-over")
