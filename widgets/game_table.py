"""A card table over a :class:`~cardschool.engine.session.Session`, shared by both games.

:class:`GameTable` is the part of a game table that does not depend on the game: it
turns checked intents into session calls (a move, undo, redo, a new deal or a deal
code, the next deal, the hint and coach panels); the bots move one at a time through
:meth:`TableWidget.later`, at the table's speed, ``busy`` meanwhile (``pacing``,
``pacing.py``). What the
learner sees is :func:`~cardschool.widgets.picture.picture` of the session, the learner's
seat and the table's :class:`~cardschool.widgets.picture.Marks` (its title, panels,
message, the game's own marks): a pure function, drawn with the game's parts
(``parts``). Its other concerns are collaborators it holds, each with its own state and
a small interface over the table's public face: the questions asked first
(``questions``, ``asking.py``), the replay (``replays``, ``replaying.py``), the listeners
(``told``, ``listening.py``), the save kept in the browser (``keeper``, ``keeping.py``),
the status line (``status``, ``status.py``), the coach and the review; the sessions it
deals next come from ``dealing.py``. Each game's table (``widgets/<game>/table.py``,
named by the registry ``games.py``) turns the game's clicks into moves and keeps the
game's own marks.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import traitlets

from cardschool.engine.errors import IllegalMoveError
from cardschool.engine.games import game_spec
from cardschool.engine.languages import SOURCE
from cardschool.engine.messages import Message, Seat, message, render
from cardschool.engine.replay import Replay
from cardschool.engine.session import HUMAN, Session, Step

from .asking import TableQuestions
from .coach import TableCoach
from .dealing import at_level, next_match
from .intents import Intent
from .keeping import TableKeeper
from .listening import Listener, TableListeners
from .pacing import TablePacing
from .picture import Marks, Parts, is_busy, picture, told
from .replaying import TableReplays
from .review import TableReview
from .state import Message as Line
from .state import TableState
from .status import SAID_LENGTH, StatusLine
from .table import TableError, TableWidget

__all__ = ["SAID_LENGTH", "GameTable"]

log = logging.getLogger(__name__)


class GameTable(TableWidget):
    """One learner's seat at a game over a Session: clicks become moves, bots move in turn."""

    kind: ClassVar[str] = ""
    """The name of the game this table plays (its registry key), set by each game's table."""
    parts: ClassVar[type[Parts]] = Parts
    """The game's parts of the picture (the hand, the buttons, the board...)."""

    WHEN_BUSY = frozenset({"speed", "new-deal", "confirm", "resume"})
    """A new deal (confirmed) or a save coming back may come while the bots move; all else waits."""

    KEEPER: ClassVar[type[TableKeeper]] = TableKeeper
    """What keeps the table's game in the browser (a shared table's seat keeps no deal)."""
    PACING: ClassVar[type[TablePacing]] = TablePacing
    """What paces the table's play (a shared table's: the other seats' moves from the server)."""

    kept = traitlets.Dict().tag(sync=True)
    """``{"name", "save"}``: the game as the browser keeps it (``saves.py``), after each redraw."""

    def __init__(
        self,
        session: Session,
        *,
        seat: int | None = None,
        hints: bool = False,
        speed: int | None = None,
        title: str | Message = "",
        **kwargs: Any,
    ) -> None:
        if not isinstance(session, Session) or session.kind != self.kind:
            raise ValueError(f"a {type(self).__name__} needs a {self.kind} Session")
        if seat is None:
            if HUMAN not in session.seats:
                raise TableError(message("table:no-human-seat"))
            seat = session.seats.index(HUMAN)
        seats = len(session.seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise TableError(message("table:no-seat", seat=repr(seat), last=seats - 1))
        self._session, self._seat = session, seat  # before the widget: words() reads them
        super().__init__(**kwargs)
        if speed is not None:
            self.speed = speed
        self._title = title
        self._hints_open = bool(hints)
        self.status = StatusLine()
        """What the status line tells since the learner's last move (``status.py``)."""
        self._typed_code: str | None = None
        self.questions = TableQuestions(self)
        """The question asked before a match in progress is lost (``asking.py``)."""
        self.replays = TableReplays(self)
        """The replay of a deal, when one is open (``replaying.py``)."""
        self.told = TableListeners(type(self).__name__)
        """The listeners and what they were told (``listening.py``)."""
        self.keeper = self.KEEPER(self)
        """The save kept in the browser, and one being taken back (``keeping.py``)."""
        self.review = TableReview(self)
        """The review of the last finished deal (the Review button; ``widgets/review.py``)."""
        self.coach = TableCoach(self)
        """The coach: on until turned off, its advice for each of the learner's turns."""
        self.pacing = self.PACING(self)
        """The pace of play: a session starting or jumping, the bots' steps (``pacing.py``)."""
        self._start()

    # ------------------------------------------------------------ the public face

    @property
    def session(self) -> Session:
        """The session being played (replaced by a new deal or a deal code)."""
        return self._session

    @property
    def seat(self) -> int:
        """The learner's seat, drawn at the bottom."""
        return self._seat

    @property
    def busy(self) -> bool:
        """True while bots are moving (or a finished trick is on show): clicks wait."""
        return is_busy(self._session, self._marks(), self.parts)

    @property
    def typed_code(self) -> str | None:
        """The deal code typed for this table (a change of bot level deals it again), or None."""
        return self._typed_code

    @typed_code.setter
    def typed_code(self, code: str | None) -> None:
        self._typed_code = code or None

    @property
    def title(self) -> str:
        """The table's heading as given (empty: the game's name), in the language spoken now
        when it was given as a message."""
        return self.words(self._title) if isinstance(self._title, Message) else self._title

    @property
    def source_title(self) -> str:
        """The table's heading in the school's own language: the same whatever the page speaks
        (the browser keeps the table's save under it)."""
        given = self._title
        return render(given, language=SOURCE) if isinstance(given, Message) else given

    @property
    def hints_open(self) -> bool:
        """True when the hint panel is open."""
        return self._hints_open

    @hints_open.setter
    def hints_open(self, shown: bool) -> None:
        self._hints_open = bool(shown)

    # ------------------------------------------------------------ the collaborators' faces

    @property
    def replay(self) -> Replay | None:
        """The replay on show, or None."""
        return self.replays.replay

    @property
    def listeners(self) -> list[Listener]:
        """Called as ``listener(event, detail)`` for what a class record counts."""
        return self.told.listeners

    def words(self, said: Message) -> str:
        """The one place this table turns a message into words: the session's seat names,
        told to the learner's seat (in the second person when it is about them)."""
        return render(said, self._session.names, reader=self._seat)

    def refuse(self, said: Message, *, rule: str | None = None) -> None:
        """Show why a click was refused; a refusal by a rule is told to the listeners."""
        if rule is not None:
            self.told.tell("refused", rule)
        super().refuse(said, rule=rule)

    @property
    def checking_save(self) -> object | None:
        """The save being replayed a slice at a time (the table waits), or None."""
        return self.keeper.checking_save

    def waiting_for(self) -> Message:
        """While a save is checked, a click is told so (else the table's usual words)."""
        if self.checking_save is not None:
            return message("table:busy.save")
        return super().waiting_for()

    def safely(self, act: Callable[[], None]) -> None:
        """Run ``act`` as an intent is run: a refusal or an error ends as a message."""
        self._guarded(act)

    def say(self, said: Message | Line) -> None:
        """Start the message area with an announcement (the bots' next moves follow it) and
        redraw; a line already in words (a class membership's) is shown as it is."""
        if isinstance(said, Line):
            self.status.start(said)
        else:

            def again() -> Line:  # said again in the language spoken now
                return Line(self.words(said), kind="announce")

            self.status.start(again(), again)
        self.refresh()

    def set_session(self, session: Session, *, code: str | None = None) -> None:
        """Play another session of the same game at this table (``code``: the code typed)."""
        if not isinstance(session, Session) or session.kind != self.kind:
            game = game_spec(self.kind).title
            raise TableError(message("table:plays-another", game=game, kind=self.kind))
        if len(session.seats) != len(self._session.seats):
            raise TableError(message("table:seats-differ"))
        self.cancel_later()
        self._session = session
        self._typed_code = code
        self._start()

    def new_deal(self, code: str | None = None) -> None:
        """A new match at this table: same seats and variants, a new seed, or a deal code's."""
        if code:
            self.questions.checked_code(code)
        self.set_session(next_match(self._session, code), code=code or None)

    def set_levels(self, level: str) -> None:
        """Let every bot seat play at ``level``: the typed deal code again, else a new deal."""
        self.set_session(at_level(self._session, level, self._typed_code), code=self._typed_code)

    def redraw_words(self) -> None:
        """The page speaks another language: the front end's words, the picture and the
        kept game's words again (the game, its panels and the status line stay)."""
        super().redraw_words()
        self.status.respeak()
        if self.state.get("game"):
            self.refresh()

    def refresh(self) -> None:
        """Draw the table as the session stands now (or the replay's frame, if one is open).

        The picture and the save go to the browser in one message.
        """
        with self.hold_sync():
            self.show(self.table_state())
            self.keeper.keep()

    def table_state(self) -> TableState:
        """The learner's picture: of the session now, or of the replay's frame."""
        marks = self._marks()
        if self.replays.replay is None:
            state = picture(self._session, self._seat, marks, self.parts)
            state = dataclasses.replace(state, coach=self.coach.panel())
        else:
            state = self.replays.frame(marks)
        panel = self.review.panel()
        return state if panel is None else dataclasses.replace(state, review=panel)

    def _marks(self) -> Marks:
        """What this table adds to the session's position, as the picture takes it."""
        return Marks(
            title=self.title,
            hints_open=self._hints_open,
            message=self.status.message,
            stuck=self.pacing.stuck,
            game=self._game_marks(),
            confirm=self.questions.confirm,
            code_error=self.questions.code_error,
            checking=self.checking_save is not None,
        )

    # ------------------------------------------------------------ intents

    def on_intent(self, intent: Intent) -> None:
        """Act on one checked intent from the browser, then redraw (refusals change nothing)."""
        self.questions.code_error = ""  # shown until the next click
        if self.questions.confirm is not None and intent.type != "confirm":
            self.questions.answer(False)  # doing something else is a no
        if self.replays.replay is not None and intent.type not in (
            "replay",
            "new-deal",
            "review",
            "confirm",
            "resume",
        ):
            raise TableError(message("table:replay-on-show"))
        match intent.type:
            case "card":
                self._my_turn_or_refuse()
                self._on_card(intent.card, intent.index)
            case "select":
                self._my_turn_or_refuse()
                self._on_select(intent.cards)
            case "action":
                self._my_turn_or_refuse()
                self._on_action(intent.action)
            case "hint":
                self._hints_open = not self._hints_open
                if self._hints_open:
                    self.told.tell("hint", None)
                self.refresh()
            case "coach":
                self.coach.toggle()
                if self.coach.on:
                    self.told.tell("coach", None)
            case "undo":
                before = self._session.steps
                self._session.undo()
                self._changed()
                self.pacing.say_undone(before[len(self._session.steps) :])
            case "redo":
                self._session.redo()
                self._changed()
            case "new-deal":
                self.questions.ask_new_deal(intent.code)
            case "confirm":
                self.questions.answer(intent.answer)
            case "next":
                if self._session.match_over:
                    self.new_deal(None)
                else:
                    self._session.next_deal()
                    self._changed()
            case "replay":
                self.replays.go(intent.go)
            case "review":
                self.review.on_intent(intent)
            case "resume":  # once, as the page starts: a link's deal or the browser's save
                self.keeper.resume(intent)
            case other:
                raise TableError(message("table:unknown-intent", intent=repr(other)))

    def _my_turn(self) -> bool:
        """True when the learner's seat is to move (never while a replay is on show)."""
        return self.replays.replay is None and self._session.to_move == self._seat

    def _my_turn_or_refuse(self) -> None:
        """Refuse a move-like intent unless the learner's seat is to move."""
        session = self._session
        if session.to_move is None:
            if session.match_over:
                raise TableError(message("table:over", what=session.spec.word("match")))
            raise TableError(message("table:deal-over-next"))
        if session.to_move != self._seat:
            raise TableError(message("table:not-your-turn", to_move=Seat(session.to_move)))

    def _play(self, move: str) -> Step:
        """The learner's move: the session checks it; then the bots may go on."""
        session, seat = self._session, self._seat
        before = session.view(seat)
        step = session.play(move, seat)
        self.status.clear()

        def again() -> Line:  # the move's narration said again in the language spoken now
            said = step.said
            now = (
                step if said is None else dataclasses.replace(step, text=told(session, seat, said))
            )
            return Line(self.parts.own_move_words(session, seat, before, now), step.rule)

        self.status.add(again(), again)
        self._moved(step)
        self._advance()
        return step

    # ------------------------------------------------------------ pacing (``pacing.py``)

    def _start(self) -> None:
        """A session was just put on the table: forget the old one's marks, announce, go on."""
        self.pacing.start()

    def _changed(self) -> None:
        """The session jumped (undo, redo, next deal): clear marks and go on from there."""
        self.pacing.jumped()

    def _advance(self) -> None:
        """Redraw; while a bot is to move (or a trick is on show), take the next step later."""
        self.pacing.go_on()

    # ------------------------------------------------------------ what each game does

    def _holding(self) -> bool:
        """True while the game's own marks keep something on show before play goes on."""
        return self.parts.holds(self._marks())

    def _game_marks(self) -> Any:
        """The game's own marks, as its parts read them (``Marks.game``); None: none."""
        return None

    def _release(self) -> None:
        """The pause is over: gather what the game's own marks kept on show."""

    def _reset(self) -> None:
        """Forget the game's per-decision marks (the cards picked, anything on show)."""

    def _moved(self, step: Step) -> None:
        """A move was just made (by anyone): note what must be shown or announced."""

    def _on_card(self, card: str, index: int | None) -> None:
        raise NotImplementedError

    def _on_select(self, cards: Sequence[str]) -> None:
        raise TableError(message("table:nothing-to-select"))

    def _on_action(self, name: str) -> None:
        session, seat = self._session, self._seat
        actions = self.parts.actions(session, seat, session.view(seat), self._marks())
        if name not in actions:
            raise TableError(message("table:no-button", name=repr(name)))
        action, move = actions[name]
        if move is None or not action.legal:
            if action.rule is None:  # the picture's words for the button, or "not now"
                raise TableError(action.why or message("table:not-now", label=action.label))
            raise IllegalMoveError(action.rule, action.why or action.label)
        self._play(move)
