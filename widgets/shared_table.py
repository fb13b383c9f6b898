"""A seat at a shared table (issue 29): the learner's game table, the others' moves from the server.

:func:`shared_table` builds the game's own table (``games.py``: its picture, hints, coach,
review and replay, all the learner's own, in this kernel) over a
:class:`~cardschool.engine.session.Session` of the table's deal, which the served app's
kernel reads from the class server (``Tables.deal_code``: never sent to a browser). Every
seat of that session is a person's: no bot plays here. The class, made once per game by
:func:`shared_class`, is the game's table with :class:`SharedSeat` in front of it:

* the learner's move (a click, checked by the rules here as at any table) goes to the
  server with its number (``Tables.play``), and is played on the table only once the
  server keeps it; refused, the server's sentence is shown and nothing changes;
* the other seats' moves (persons' and the server's bots') come back from
  ``Tables.moves_since``: a thread waits for them (a long poll) and hands them to the
  kernel's event loop, where they are played through the rules one at a time, at the
  table's speed, as the bots' moves are at a practice table (:class:`SharedPacing`). A move
  that does not replay is a bug: the table reads the whole deal again from the server;
* the learner's hints, coach questions and refused moves are counted here and sent with
  their next move (:attr:`SharedSeat.unsent`), so that the record of a class's table's
  deal, which the server makes, carries them as a practice deal's does;
* there is no undo, no redo, no new deal and no deal code to type: the deal is the
  table's, and every player has seen each move (the refusal says so). The deal code is not
  on show while the deal is played (it gives every hand), and nothing of the deal is kept
  in the browser (:class:`SharedKeeper`): the seat's token is, by the page (``together.py``);
* the coach is the learner's own, unless the table's creator switched it off for everyone
  (the view's ``coach``, issue 29.2): then a click on it is refused, saying so, an open
  coach panel is closed and the Coach button hidden (the widget's class
  :data:`NO_COACH_CLASS`);
* the seats the bots play while their players are away are said on the table. This seat
  reads the table (which tells the server its player is there) only while its page is
  heard from (:meth:`SharedSeat.heard`, the page's heartbeat): a page whose connection is
  lost lets the server's bots take the seat over, until it comes back.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from cardschool.engine.errors import Told
from cardschool.engine.games import game_spec
from cardschool.engine.messages import NOBODY, Message, Seat, message, render, seat_word
from cardschool.engine.protocol import LEVELS
from cardschool.engine.session import HUMAN, LEARNER_NAME, Session, Step

from . import together_messages  # noqa: F401  (the shared tables' sentences)
from .classroom import table_messages  # noqa: F401  (the no-undo sentence)
from .classroom.basics import StoreError
from .classroom.joined import Joined
from .classroom.seat_counts import SeatCounts
from .game_table import GameTable
from .games import table_class
from .intents import Intent, IntentError, ResumeIntent, TableError
from .keeping import WORDS, TableKeeper
from .pacing import TablePacing
from .picture import Marks, told
from .state import Message as Line
from .state import TableState

if TYPE_CHECKING:
    from .classroom.table_client import PlayedMove, Tables

__all__ = [
    "POLL_WAIT",
    "SharedKeeper",
    "SharedPacing",
    "SharedSeat",
    "shared_class",
    "shared_table",
]

log = logging.getLogger(__name__)

POLL_WAIT = 10.0
"""How long one long poll waits for the next move, in seconds (the server answers at once
when there is one)."""
AWAY_S = 15.0
"""A page that has not been heard from for this long is gone (its connection lost): the
seat stops reading the table, so the server's bots take the seat over after its wait."""
VIEW_EVERY = 4.0
"""How often the listening thread reads the table's view (who the bots play; it also tells
the server this seat is still there), in seconds."""
RETRY_S = 2.0
"""How long the listening thread waits after the server did not answer."""
SHARED_CLASS = "cs-shared-table"
"""The class of a shared seat's widget: its bar shows no undo, redo, new deal or code box."""
NO_COACH_CLASS = "cs-no-coach"
"""The class of a shared seat's widget while the table's coach is off: no Coach button."""
NO_LOCAL_DEAL = frozenset({"undo", "redo", "new-deal", "next"})
"""Intents a shared table refuses: the deal is the table's."""


class SharedKeeper(TableKeeper):
    """A shared seat keeps nothing of the deal in the browser: its save would hold the deal
    code (every hand). Its name still lets one tab only play the seat (``saves.js``)."""

    def keep(self) -> None:
        """Publish the seat's name, without a save."""
        table = self._table
        words = {key: table.words(message(id)) for key, id in WORDS.items()}
        name = f"shared/{getattr(table, 'table_code', '')}/{table.seat}"
        table.kept = {"name": name, "save": None, "words": words}

    def resume(self, intent: ResumeIntent) -> None:
        """A shared seat goes on with the table's deal: no save or deal link replaces it."""


class SharedPacing(TablePacing):
    """The pace of a shared seat: the other seats' moves, as they come from the server, one
    at a time at the table's speed (where a practice table's bots would move)."""

    def _tick(self) -> None:
        """One step: gather a trick on show, or play the next move that came in."""
        table: SharedSeat = self._table  # type: ignore[assignment]
        if table._holding():  # the pause is over: what was on show is gathered
            table._release()
            self.go_on()
            return
        if not table.play_next_arrived():
            table.refresh()
            return
        self.go_on()


class SharedSeat(GameTable):
    """The learner's seat at a shared table: put in front of a game's table class
    (:func:`shared_class`); its moves go through the class server's table (``tables``)."""

    KEEPER = SharedKeeper
    PACING = SharedPacing
    tables: Tables
    table_code: str
    token: str
    _arrived: list[PlayedMove]
    _bots_play: frozenset[int]
    _bot_seats: frozenset[int]
    _seats: tuple[tuple[int, str], ...]
    _level: str
    _wait: float
    _stop: threading.Event
    unsent: SeatCounts

    def __init__(
        self, session: Session, *, tables: Tables, code: str, token: str, **options: Any
    ) -> None:
        self.tables, self.table_code, self.token = tables, code, token
        self._arrived = []
        self._bots_play = frozenset()
        self._bot_seats = frozenset()
        self._seats = ()
        self._level = ""
        self._wait = 0.0
        self._over_said = False
        self._coach_allowed = True
        self._creator = False
        self._stop = threading.Event()
        self._listening: threading.Thread | None = None
        self._heard: float | None = None
        self.seats_changed: list[Callable[[], None]] = []
        """Called when who sits where changes, or the deal ends (the page's form says them)."""
        self.unsent = SeatCounts()
        """The player's hints, coach and refused moves since their last move kept: sent with
        their next move, for the class's record of the deal (``seat_counts.py``)."""
        super().__init__(session, **options)
        self.listeners.append(self._count)
        # the browser's class membership records nothing here (``joined.py``): a practice
        # record would carry the deal's code while it is played (every hand); a class's
        # table is recorded for its students by the server (``class_tables.record_deal``)
        Joined.attached(self, None)
        self.add_class(SHARED_CLASS)
        # said once, under the moves that follow (an announcement would stay on top)
        no_undo = message("table:shared.no-undo-why")
        self.status.add(Line(self.words(no_undo)), lambda: Line(self.words(no_undo)))
        self.refresh()

    # ------------------------------------------------------------ what is drawn

    def table_state(self) -> TableState:
        """The learner's picture, without undo, redo, a next deal, or a deal code while the deal
        is played."""
        state = super().table_state()
        over = self.session.deal_over
        result = state.result
        if result is not None:  # one deal: no next one at this table
            result = dataclasses.replace(result, next=None)
        # the seats the server's bots play now are drawn as bots of the table's level (the
        # session here counts every seat a person's); a classmate's turn is waited for
        bots = self._bot_seats | self._bots_play
        level = self._level if self._level in LEVELS else None
        free = {n for n, who in self._seats if who == "free"}  # nobody took it yet
        seats = tuple(
            dataclasses.replace(seat, kind=level)
            if level and seat.seat in bots
            else dataclasses.replace(seat, kind="free")
            if seat.seat in free
            else seat
            for seat in state.seats
        )
        prompt = state.prompt
        to_move = self.session.to_move
        if (
            not over
            and isinstance(to_move, int)
            and to_move != self.seat
            and to_move not in bots
            and not self._arrived
        ):
            if dict(self._seats).get(to_move) == "free":  # nobody took it yet
                said = message("table:shared.waiting-free", who=Seat(to_move), wait=self.wait_shown)
            else:
                said = message("table:shared.waiting-person", who=Seat(to_move))
            prompt = self.words(said)
        return dataclasses.replace(
            state,
            seats=seats,
            prompt=prompt,
            result=result,
            code=state.code if over else "",
            codebox=None,
            can_undo=False,
            can_redo=False,
        )

    def _marks(self) -> Marks:
        """The table's marks; while moves that came in wait to be shown, clicks wait too."""
        marks = super()._marks()
        return dataclasses.replace(marks, checking=marks.checking or bool(self._arrived))

    def waiting_for(self) -> Message:
        """A click while others' moves are shown is told so."""
        if self._arrived:
            return message("table:shared.busy")
        return super().waiting_for()

    @property
    def bots_play(self) -> frozenset[int]:
        """The persons' seats the server's bots play now, their players being away."""
        return self._bots_play

    @property
    def seats_now(self) -> tuple[tuple[int, str], ...]:
        """Who sits where, as the server said last: ``(seat, who)``, who being "you",
        "person", "bot", "free" (kept for a person nobody took yet), "open" (the same, the
        bots playing it since nobody came) or "away" (the bots play it, its player gone)."""
        return self._seats

    @property
    def coach_allowed(self) -> bool:
        """Whether the table lets its players open their coach (its creator may switch it)."""
        return self._coach_allowed

    @property
    def creator(self) -> bool:
        """Whether the learner opened the table (and may switch its coach)."""
        return self._creator

    @property
    def wait_shown(self) -> int:
        """How long, in whole seconds, a person's seat waits before the server's bots play it."""
        return round(self._wait)

    # ------------------------------------------------------------ the learner's moves

    def _check_against_state(self, intent: Intent) -> None:
        """An undo or a redo is refused with the reason, before "nothing to undo"."""
        if intent.type in ("undo", "redo"):
            raise IntentError(message("classroom:table.no-undo"))
        super()._check_against_state(intent)

    def on_intent(self, intent: Intent) -> None:
        """Act on a checked intent; undo, redo, a new deal or the next deal are refused."""
        if intent.type in ("undo", "redo"):
            raise TableError(message("classroom:table.no-undo"))
        if intent.type in NO_LOCAL_DEAL:
            raise TableError(message("table:shared.no-new-deal"))
        if intent.type == "coach" and not self._coach_allowed and not self.coach.on:
            raise TableError(message("table:shared.no-coach"))
        super().on_intent(intent)

    def _play(self, move: str) -> Step:
        """The learner's move: checked by the rules here, then sent to the server; played
        on the table once the server keeps it (refused: its sentence, nothing changed)."""
        session = self.session
        session.explain(move).raise_if_illegal()  # the rules' own refusal, with its rule id
        number = len(session.steps) + 1
        try:
            kept = self.tables.play(self.table_code, self.token, number, str(move), self.unsent)
        except (Told, StoreError) as error:  # the server's sentence (TableRefused, ServerDown)
            said = getattr(error, "said", None)
            raise TableError(said if isinstance(said, Message) else message("table:oops")) from None
        self.unsent = SeatCounts()  # the server keeps them with the move
        return super()._play(kept)

    def _count(self, event: str, detail: Any) -> None:
        """A listener of this table: the player's hints, coach and refused moves counted."""
        self.unsent = self.unsent.noted(event, detail)

    # ------------------------------------------------------------ the others' moves

    def arrive(self, moves: Sequence[PlayedMove]) -> None:
        """Moves read from the server: played on the table one at a time, in their order."""
        known = {m.number for m in self._arrived}
        fresh = [m for m in moves if m.number > len(self.session.steps) and m.number not in known]
        if not fresh:
            return
        idle = not self._arrived
        self._arrived = sorted([*self._arrived, *fresh], key=lambda m: m.number)
        if idle and not self._holding():
            self.later(self.pacing._tick, 0)  # type: ignore[attr-defined]
        elif idle:
            self.refresh()

    def play_next_arrived(self) -> bool:
        """Play the next move that came in (False: none waits). One that is not the next
        of the deal, or that the rules refuse, is a bug: the deal is read again."""
        while self._arrived and self._arrived[0].number <= len(self.session.steps):
            self._arrived.pop(0)  # played already (the learner's own, come back)
        if not self._arrived:
            return False
        played = self._arrived.pop(0)
        session, learner = self.session, self.seat
        if played.number != len(session.steps) + 1:
            self.resync()
            return True
        try:
            step = session.play(played.move, played.seat)
        except (Told, ValueError):
            log.exception("a shared table's move %s did not replay", played.number)
            self.resync()
            return True

        def again() -> Line | None:  # told to the session's names, as the log tells it
            if step.said is None:
                return None
            return Line(told(session, learner, step.said), step.rule, "info")

        def for_you() -> Line:  # the seat named as the others see it: not "You meld..."
            what = step.text
            if step.said is not None:
                what = render(step.said, session.spec.seat_names, reader=NOBODY)
            said = message("table:shared.bot-played-yours", move=what)
            return Line(self.words(said), step.rule, "info")

        if played.seat != learner:
            self.status.add(Line(step.text, step.rule, "info"), again)
        else:  # a bot played the learner's seat while they were away
            self.status.clear()
            self.status.add(for_you(), for_you)
        self._moved(step)
        return True

    def _moved(self, step: Step) -> None:
        """A move was made; the deal's last one is told to the page's form at once."""
        super()._moved(step)
        if self.session.deal_over and not self._over_said:
            self._over_said = True
            for follow in list(self.seats_changed):
                follow()

    def resync(self) -> None:
        """Read the whole deal again from the server (its moves replayed through the rules)."""
        self._arrived = []
        session = shared_session(self.tables, self.table_code, self.token, self.seat)
        self.set_session(session)
        self.say(message("table:shared.read-again"))

    def coach_seen(self, allowed: bool) -> None:
        """The table's creator let the players open their coach or not: switched off, an
        open coach panel is closed and the Coach button hidden (said when it changes)."""
        if allowed == self._coach_allowed:
            return
        self._coach_allowed = allowed
        for follow in list(self.seats_changed):
            follow()
        if allowed:
            self.remove_class(NO_COACH_CLASS)
            self._announce(message("table:shared.coach-on"))
        else:
            self.add_class(NO_COACH_CLASS)
            self._announce(message("table:shared.no-coach"))
            if self.coach.on:
                self.coach.toggle()  # closes the panel and redraws
                return
        self.refresh()

    def seats_seen(self, view: dict[str, Any]) -> None:
        """The table's view from the server: who the bots play now (said when it changes)
        and whether the coach is allowed."""
        seats = view.get("seats") if isinstance(view, dict) else None
        if not isinstance(seats, list):
            return
        self._creator = view.get("creator") is True
        self.coach_seen(view.get("coach") is not False)
        now = frozenset(
            s["number"]
            for s in seats
            if isinstance(s, dict) and s.get("kind") == HUMAN and s.get("bots_play") is True
        )
        now -= {self.seat}
        level, wait = view.get("level"), view.get("wait")
        self._level = level if isinstance(level, str) else ""
        self._wait = float(wait) if isinstance(wait, int | float) else 0.0
        bot_seats = frozenset(
            s["number"] for s in seats if isinstance(s, dict) and s.get("kind") != HUMAN
        )
        sitting = tuple(_who_sits(s, self.seat) for s in seats if isinstance(s, dict))
        over = bool(self.session.deal_over)  # as shown here (the server may be moves ahead)
        if (now, bot_seats, sitting, over) == (
            self._bots_play,
            self._bot_seats,
            self._seats,
            self._over_said,
        ):
            return
        before = dict(self._seats)
        self._bots_play, self._bot_seats, self._seats = now, bot_seats, sitting
        self._over_said = over
        for which, who in sitting:
            said = _seat_news(which, before.get(which), who, self.wait_shown)
            if said is not None:
                self._announce(said)
        self.refresh()
        for follow in list(self.seats_changed):
            follow()

    def _announce(self, said: Message) -> None:
        """Add an announcement to the status line (said again in another language)."""

        def again() -> Line:
            return Line(self.words(said), kind="announce")

        self.status.add(again(), again)

    def catch_up(self, wait: float = 0.0) -> None:
        """Read the moves made since the table's last and its view now, and play them (a
        test's or a page's direct call; the listening thread does the same on its own)."""

        def act() -> None:
            after = len(self.session.steps) + len(self._arrived)
            moves = self.tables.moves_since(self.table_code, self.token, after, wait=wait)
            self.arrive(moves)
            self.seats_seen(self.tables.view(self.table_code, self.token))

        self.safely(act)

    # ------------------------------------------------------------ listening

    def heard(self) -> None:
        """The page is there (its heartbeat, ``together.js``): from the first one on, the
        seat reads the table only while the page has been heard within :data:`AWAY_S`."""
        self._heard = time.monotonic()

    @property
    def present(self) -> bool:
        """True while the seat's page is there (always, for a table no page beats for)."""
        return self._heard is None or time.monotonic() - self._heard <= AWAY_S

    def listen(self) -> bool:
        """Wait for the others' moves on a thread, played on the kernel's event loop as they
        come (False: no event loop runs here, call :meth:`catch_up` instead)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self._listening is None:
            self._listening = threading.Thread(
                target=self._listen, args=(loop,), name=f"table-{self.table_code}", daemon=True
            )
            self._listening.start()
        return True

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """The listening thread: long polls for moves, a view every few seconds."""
        after = len(self.session.steps)
        viewed = 0.0
        while not self._stop.is_set():
            if not self.present:  # the page is gone: the server's bots will play the seat
                self._stop.wait(RETRY_S)
                continue
            try:
                if time.monotonic() - viewed >= VIEW_EVERY:
                    view = self.tables.view(self.table_code, self.token)
                    viewed = time.monotonic()
                    self._hand_over(loop, lambda v=view: self.seats_seen(v))
                    if view.get("over") and after >= view.get("next", 1) - 1:
                        return  # the deal is over and every move is here: nothing will come
                moves = self.tables.moves_since(self.table_code, self.token, after, wait=POLL_WAIT)
            except (Told, StoreError, OSError, ValueError) as error:
                log.info("the shared table %s could not be read: %s", self.table_code, error)
                self._stop.wait(RETRY_S)
                continue
            except Exception:
                log.exception("the shared table %s could not be read", self.table_code)
                self._stop.wait(RETRY_S)
                continue
            if moves:
                after = max(after, *(m.number for m in moves))
                self._hand_over(loop, lambda got=moves: self.arrive(got))

    def _hand_over(self, loop: asyncio.AbstractEventLoop, act: Callable[[], None]) -> None:
        """Run ``act`` on the kernel's event loop, guarded like a click."""
        if self._stop.is_set():
            return
        try:
            loop.call_soon_threadsafe(self.safely, act)
        except RuntimeError:  # the loop is closed: the kernel is ending
            self._stop.set()

    def stop_listening(self) -> None:
        """Stop the listening thread (it ends after its poll)."""
        self._stop.set()

    def close(self) -> None:
        """Stop listening, then close the widget."""
        self.stop_listening()
        super().close()


def _seat_news(which: int, was: str | None, now: str, wait: int) -> Message | None:
    """What the players are told when who plays the seat ``which`` changes from ``was``
    (None: the table's first view) to ``now`` (see ``SharedSeat.seats_now``), or None."""
    if was == now:
        return None
    who = Seat(which)
    if now == "away":  # its player gone: the bots keep it for them
        return message("table:shared.bot-plays", who=who)
    if now in ("free", "open") and was in ("person", "away"):  # its player left the table
        return message(f"table:shared.left-{now}", who=who, wait=wait)
    if now == "open":  # nobody sat there since: the bots play it until someone does
        return message("table:shared.bots-keep-free", who=who)
    if now == "person" and was == "away":
        return message("table:shared.back", who=who)
    if now == "person" and was in ("free", "open"):
        return message("table:shared.taken", who=who)
    if now == "free" and was == "open":  # the class seats a late student: it waits again
        return message("table:shared.free-again", who=who, wait=wait)
    return None


def _who_sits(seat: dict[str, Any], mine: int) -> tuple[int, str]:
    """One seat of the server's view: its number and who plays it (see ``seats_now``)."""
    number = seat.get("number")
    number = number if type(number) is int else -1
    if number == mine:
        return number, "you"
    if seat.get("kind") != HUMAN:
        return number, "bot"
    if not seat.get("taken"):  # kept for a person nobody took yet
        return number, "open" if seat.get("bots_play") is True else "free"
    return number, "away" if seat.get("bots_play") is True else "person"


@cache
def shared_class(kind: str) -> type[GameTable]:
    """The table class of a seat at a shared table of the game ``kind``: :class:`SharedSeat`
    in front of the game's table (made once per game)."""
    base = table_class(kind)
    return type(f"Shared{base.__name__}", (SharedSeat, base), {"__doc__": SharedSeat.__doc__})


def shared_session(tables: Tables, code: str, token: str, seat: int) -> Session:
    """The table's deal as the seat ``seat`` plays it: every seat a person's (the learner's
    named "You"), the moves made so far replayed through the rules."""
    deal = tables.deal_code(code, token)
    from cardschool.engine import dealcode

    kind = dealcode.read(deal).game
    spec = game_spec(kind)
    names = [*spec.seat_names]
    names[seat] = LEARNER_NAME
    session = Session.from_code(deal, (HUMAN,) * spec.seats, names=names)
    for played in tables.moves_since(code, token, 0):
        session.play(played.move, played.seat)
    return session


def shared_table(tables: Tables, code: str, token: str, **options: Any) -> GameTable:
    """The learner's seat at the shared table ``code`` (``token``: the seat's), its deal read
    from the server; ``options`` go to the table (``hints=True``, ``speed=400``...)."""
    view = tables.view(code, token)
    seat = view["seat"]
    session = shared_session(tables, code, token, seat)
    spec = session.spec
    options.setdefault("title", message("table:shared.title", game=spec.title, code=code))
    cls = shared_class(session.kind)
    table = cls(session, seat=seat, tables=tables, code=code, token=token, **options)
    assert isinstance(table, SharedSeat)
    table.seats_seen(view)
    away = _played_while_away(view.get("moves"), seat)
    if away:
        table._announce(message("table:shared.bots-played-yours", count=away))
        table.refresh()
    table.listen()
    return table


def seated_line(table: SharedSeat, code: str) -> str:
    """Where the learner sits at the table ``code`` and, in a team game, who plays with
    them, in words."""
    names = table.session.spec.seat_names
    line = render(message("table:together.seated", code=code, who=Seat(table.seat)), names)
    seats = table.table_state().seats
    mine = next((getattr(s, "team", None) for s in seats if s.seat == table.seat), None)
    partners = [
        seat_word(names[s.seat])
        for s in seats
        if mine is not None and getattr(s, "team", None) == mine and s.seat != table.seat
    ]
    if partners:
        line += " " + render(message("table:together.team", seats=", ".join(partners)))
    return line


def _played_while_away(moves: object, seat: int) -> int:
    """How many of the seat's last moves (those since its player's own last one) a bot
    chose: the server's ``moves`` of a table's view."""
    count = 0
    for move in reversed(moves if isinstance(moves, list) else []):
        if not isinstance(move, dict) or move.get("seat") != seat:
            continue
        if move.get("by") == HUMAN:
            break
        count += 1
    return count
