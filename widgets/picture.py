"""The table picture as a pure function: ``picture(session, seat, marks) -> TableState``.

What a game table shows its learner depends on two things only: the session's position as
the learner's seat may know it (``session.view(seat)``, and for the seat to move
``session.legal_moves()``, ``session.explain(move)``, ``session.hints()``), and the few
:class:`Marks` the table adds to it (its title, the open panels, the message of the
moment, the game's own marks: cards picked, something still on show). :func:`picture`
reads nothing else and changes nothing: the same inputs give the same state, so a replay's
frame is the picture of another session (``live.looking_at(...)``, see
:func:`replay_picture`), never a borrowed table.

What differs from game to game (the hand, the buttons, the board, the prompt...) is a
game's :class:`Parts`: class methods over the same inputs, in the game's folder
(``widgets/<game>/picture.py``), which the widgets' registry names (:func:`parts_of`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardschool.engine.hints import Hint as EngineHint
from cardschool.engine.messages import NOBODY, YOU, message, render, seat_label
from cardschool.engine.messages import Message as Said
from cardschool.engine.messages import Seat as SeatOf

from . import messages as _messages  # noqa: F401  (the tables' generic sentences)
from .codebox import code_box
from .state import (
    Action,
    Coach,
    Confirm,
    HandCard,
    Hint,
    LogEntry,
    Message,
    ReplayBar,
    Result,
    Scores,
    Seat,
    TableState,
)

if TYPE_CHECKING:
    from cardschool.engine.replay import Replay
    from cardschool.engine.session import Session, Step

__all__ = [
    "LOG_LENGTH",
    "POSITIONS",
    "Marks",
    "Parts",
    "coach_panel",
    "fold_hints",
    "is_busy",
    "parts_of",
    "picture",
    "replay_picture",
    "told",
]

POSITIONS = {2: ("south", "north"), 4: ("south", "east", "north", "west")}
"""Where each seat is drawn, counted from the learner's seat (always "south")."""
LOG_LENGTH = 80
"""How many log entries the state carries (the newest)."""


@dataclass(frozen=True, slots=True)
class Marks:
    """What a table adds to the session's position: everything but the game itself."""

    title: str = ""
    """The table's heading (may be "")."""
    hints_open: bool = False
    """The hint panel is open (it lists moves only on the learner's turn)."""
    coach: tuple[int, Coach] | None = None
    """The coach's advice and how many steps the session had when it was given: shown
    while the session is still at that step and the learner is to move."""
    message: Message | None = None
    """The sentence of the moment."""
    stuck: bool = False
    """A bot failed to move: nothing moves until an undo or a new deal."""
    game: Any = None
    """The game table's own marks, read by the game's parts only (the cards picked, what
    stays on show before play goes on), or None; while they hold something on show
    (:meth:`Parts.holds`) the table is busy and shows no result."""
    code_error: str = ""
    """Why the last deal code typed was refused (shown next to the code box), or ""."""
    confirm: Confirm | None = None
    """A question the learner is asked before the table acts (a new deal in mid-match)."""
    checking: bool = False
    """A saved game coming back is being replayed (``saves.py``): clicks wait."""


def is_busy(session: Session, marks: Marks, parts: type[Parts]) -> bool:
    """True while bots are moving, something is on show or a save is being checked (clicks
    wait), unless stuck."""
    return not marks.stuck and (marks.checking or parts.holds(marks) or session.bot_to_move)


def coach_panel(session: Session, seat: int, marks: Marks) -> Coach | None:
    """The coach's advice, while it is still about the decision of ``seat`` on the table."""
    if marks.coach is None or session.to_move != seat:
        return None
    ply, coach = marks.coach
    return coach if ply == len(session.steps) else None


def told(session: Session, seat: int, said: Said) -> str:
    """An engine sentence (a public log's event) with the session's seat names, told to
    ``seat``: in the second person where it is about the learner named "You"."""
    names = session.names
    return render(said, names, reader=seat if names[seat] == YOU else NOBODY)


def fold_hints(hints: tuple[Hint, ...], shown: int | None) -> tuple[Hint, ...]:
    """The hints with all but the first ``shown`` of each group folded (None: none folded)."""
    if shown is None:
        return hints
    seen: dict[str, int] = {}
    folded = []
    for hint in hints:
        seen[hint.group] = seen.get(hint.group, 0) + 1
        folded.append(dataclasses.replace(hint, more=True) if seen[hint.group] > shown else hint)
    return tuple(folded)


class Parts:
    """One game's parts of the picture: pure class methods over the session, seat, view, marks.

    A game's table names its parts (``parts = <Game>Picture``); :func:`picture` calls them
    and puts the state together. The defaults here suit a game without buttons.
    """

    seat_type: type[Seat] = Seat
    """The game's seat in the state (a subclass of :class:`Seat` with the game's own fields)."""
    card_type: type[HandCard] = HandCard
    """The game's hand card in the state (a :class:`HandCard`, or a subclass of it)."""
    hints_shown: int | None = None
    """How many hints of a group show before the rest fold behind "N more" (None: all)."""

    @classmethod
    def wait_reason(cls, session: Session) -> str:
        """Why the learner's hand cannot be played now: the deal or match is over, or whose turn."""
        if session.to_move is None:
            over = session.spec.word("match" if session.match_over else "deal")
            return render(message("table:over", what=over))
        return render(message("table:wait", who=SeatOf(session.to_move)), session.names)

    @classmethod
    def hand(
        cls, session: Session, seat: int, view: Any, marks: Marks, playable: bool
    ) -> tuple[HandCard, ...]:
        """The learner's hand, each card with what a click on it would do (``playable``:
        the learner is to move and nothing waits)."""
        raise NotImplementedError

    @classmethod
    def actions(
        cls, session: Session, seat: int, view: Any, marks: Marks
    ) -> dict[str, tuple[Action, str | None]]:
        """The game's buttons on the learner's turn: name -> (button, the move it plays)."""
        return {}

    @classmethod
    def board(cls, session: Session, seat: int, view: Any, marks: Marks) -> Any:
        """The middle of the table: the game's board (the ``table`` part of the state)."""
        raise NotImplementedError

    @classmethod
    def seat_facts(cls, view: Any, which: int) -> dict[str, Any]:
        """``hand_size``, note and the game's own fields (its ``seat_type``'s) of seat ``which``."""
        raise NotImplementedError

    @classmethod
    def scores(cls, session: Session, seat: int, view: Any) -> Scores:
        """The score panel, one column per player or team."""
        raise NotImplementedError

    @classmethod
    def prompt(cls, session: Session, seat: int, view: Any, marks: Marks, mine: bool) -> str:
        """What the learner should do now (``mine``: the learner's seat is to move)."""
        raise NotImplementedError

    @classmethod
    def log(cls, session: Session, seat: int, view: Any) -> list[LogEntry]:
        """The narrated log of the view, with the session's names."""
        return [LogEntry(told(session, seat, e.said), e.rule, e.seat) for e in view.log]

    @classmethod
    def result(cls, session: Session, seat: int, view: Any) -> Result | None:
        """The breakdown of the deal just scored (and of the match, once it is won)."""
        raise NotImplementedError

    @classmethod
    def hint(cls, hint: EngineHint) -> Hint:
        """One line of the hint panel, from one of the engine's hints."""
        raise NotImplementedError

    @classmethod
    def move_words(cls, move: str) -> str:
        """A move in words, for the coach panel: ``Meld 9♥ 9♣ 2♠``."""
        return move

    @classmethod
    def just_finished(cls, view: Any) -> Any:
        """The game's own marks right after the move that led to ``view`` (what stays on
        show before play goes on), or None: a replay's frame shows them (``Marks.game``)."""
        return None

    @classmethod
    def holds(cls, marks: Marks) -> bool:
        """True while the game's own marks keep something on show before play goes on."""
        return False

    @classmethod
    def own_move_words(cls, session: Session, seat: int, before: Any, step: Step) -> str:
        """What the status line tells the learner about their own move (``before``: the view
        just before it), in the second person: ``You take the pile of 3 cards...``."""
        return step.text  # the session told it with its names, the learner as "You"

    @classmethod
    def deal_just_started(cls, view: Any) -> bool:
        """True when no card has been played yet in this deal."""
        return False

    @classmethod
    def deal_message(cls, session: Session, seat: int, view: Any) -> Message | None:
        """What is announced when a deal starts (the trump and a bonus, in a trick game)."""
        return None


def parts_of(game: str) -> type[Parts]:
    """The picture parts of the game called ``game``, as the widgets' registry names them."""
    from .games import table_parts  # the games' folders import this module

    return table_parts(game).picture


def picture(
    session: Session, seat: int, marks: Marks, parts: type[Parts] | None = None
) -> TableState:
    """The table state ``seat`` is shown: the session's position as that seat may know it,
    with the table's ``marks``; ``parts``: the game's (by default, through the registry).

    Pure: it reads its arguments only and changes none of them.
    """
    parts = parts or parts_of(session.kind)
    view = session.view(seat)
    mine = session.to_move == seat
    busy = is_busy(session, marks, parts)
    playable = mine and not busy
    actions = parts.actions(session, seat, view, marks) if playable else {}
    hand = parts.hand(session, seat, view, marks, playable)
    log = parts.log(session, seat, view)
    hints = None
    if marks.hints_open:  # every legal move of the learner and why (nothing while others move)
        hints = tuple(parts.hint(h) for h in session.hints() if h.legal) if playable else ()
        hints = fold_hints(hints, parts.hints_shown)
    shows_result = session.deal_over and not parts.holds(marks)
    scores = parts.scores(session, seat, view)
    caption = message(
        "table:scores-caption", match=session.spec.word("match"), target=scores.target
    )
    return TableState(
        game=session.kind,
        seat=seat,
        seats=_seats(session, seat, view, parts),
        hand=hand,
        table=parts.board(session, seat, view, marks),
        scores=dataclasses.replace(scores, caption=render(caption)),
        busy=busy,
        title=_titled(marks.title, session.variant_words),
        prompt=parts.prompt(session, seat, view, marks, mine),
        actions=tuple(action for action, _move in actions.values()),
        message=marks.message,
        hints=hints,
        hints_title=render(message("table:hints-count", count=len(hints))) if hints else "",
        coach=coach_panel(session, seat, marks),
        log=tuple(log[-LOG_LENGTH:]),
        log_first=max(1, len(log) - LOG_LENGTH + 1),
        result=parts.result(session, seat, view) if shows_result else None,
        code=session.code,
        can_undo=session.can_undo and not busy,
        can_redo=session.can_redo and not busy,
        confirm=marks.confirm,
        codebox=code_box(session.kind, session.code, marks.code_error),
    )


def _titled(title: str, words: str) -> str:
    """The table's title with the deal's bots and variants in words when not the default."""
    if not words:
        return title
    return f"{title} ({words})" if title else words


def _seats(session: Session, seat: int, view: Any, parts: type[Parts]) -> tuple[Seat, ...]:
    """Every seat as everybody sees it, placed around the learner's seat."""
    places = POSITIONS[len(session.seats)]
    return tuple(
        parts.seat_type(
            seat=which,
            name=seat_label(session.names[which]),
            kind=session.seats[which],  # type: ignore[arg-type]
            position=places[(which - seat) % len(places)],  # type: ignore[arg-type]
            dealer=view.dealer == which,
            to_move=session.to_move == which,
            **parts.seat_facts(view, which),
        )
        for which in range(len(session.seats))
    )


def replay_picture(
    live: Session,
    replay: Replay,
    seat: int,
    marks: Marks,
    *,
    current: bool = True,
    parts: type[Parts] | None = None,
) -> TableState:
    """The picture of a replay's frame of ``live`` (``current``: a replay of the deal being
    played, not the last one): nothing in it can be played, and a finished deal shows
    every hand. ``live`` is only looked at.
    """
    parts = parts or parts_of(live.kind)
    frame = live.looking_at(replay.current.game, replay.ply)
    step = replay.current.step
    # the frame shows no selection, hints or coach: they wait for the replay to close; what
    # the live table keeps on show after a move (a finished trick) is on show here too
    shown = parts.just_finished(frame.view(seat)) if step is not None else None
    quiet = dataclasses.replace(marks, game=shown, hints_open=False, coach=None)
    state = picture(frame, seat, quiet, parts)
    text = step.text if step is not None else render(message("table:replay.dealt"))
    rule = step.rule if step is not None else None
    why = render(message("table:replay-on-show"))
    which = "this" if current else "last"
    seats, seen = state.seats, ""
    if replay.frames[-1].game.deal_over:  # a finished deal: every hand may be shown
        game, seen = replay.current.game, "-open"
        seats = tuple(
            s
            if s.seat == seat
            else dataclasses.replace(s, open=tuple(str(card) for card in game.hand(s.seat)))
            for s in seats
        )
    return dataclasses.replace(
        state,
        busy=False,
        seats=seats,
        prompt=render(message(f"table:replay.{which}{seen}")),
        hand=tuple(dataclasses.replace(c, legal=False, why=why, rule=None) for c in state.hand),
        actions=(),
        message=Message(text, rule),
        hints=None,
        coach=None,
        result=None,
        can_undo=False,
        can_redo=False,
        replay=ReplayBar(replay.position, steps=len(replay.frames) - 1),
    )
