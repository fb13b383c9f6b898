"""A table's review of a finished deal, run one decision at a time between clicks.

:class:`TableReview` belongs to one :class:`~cardschool.widgets.game_table.GameTable`. The
learner asks for it (the Review button, or the one in the end-of-deal panel): it steps
``engine.review.review_steps`` through :meth:`TableWidget.later` on the kernel's event loop,
one decision per step, redrawing the progress each time, so the table answers clicks
meanwhile (no threads). Once done, its panel lists the moments; a click on one opens the
replay of the deal at the position the move was played from, told with the move and the
expert's (Forward shows the move). A review is
of one deal of one session: when the session moves on (a new deal, an undo), it is dropped.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cardschool.engine.judgement import DEALS
from cardschool.engine.messages import Message as Said
from cardschool.engine.messages import message
from cardschool.engine.replay import Replay
from cardschool.engine.review import Progress, Review, review_steps
from cardschool.engine.session import Session, SessionError

from . import coach_messages  # noqa: F401  (the review panel's words)
from .coach import Key
from .intents import ReviewIntent
from .state import Message, ReviewMoment, ReviewPanel
from .table import _sentence

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["TableReview", "deal_to_review"]


def deal_to_review(session: Session) -> int:
    """The deal a review is of: the one just finished (SessionError while one is played)."""
    replay = Replay(session)
    if len(replay.frames) == 1 and replay.deal > 0:
        replay = Replay(session, replay.deal - 1)  # just dealt: the last one
    if not replay.frames[-1].game.deal_over:
        raise SessionError(message("coach:review-later", deal=session.spec.deal_word))
    return replay.deal


class TableReview:
    """One table's review: idle, running (a generator stepped later), or done."""

    def __init__(self, table: GameTable, *, deals: int | None = None) -> None:
        self._table = table
        self._deals = deals
        self._forget()

    def _forget(self) -> None:
        self._key: tuple[Key, int] | None = None  # the session at its step, and the deal
        self._steps: Generator[Progress, None, Review] | None = None
        self._progress = Progress(0, 0)
        self._result: Review | None = None
        self._shown = True

    def _current(self) -> bool:
        """True when the review is still of the table's session as it stands."""
        session = self._table.session
        if self._key is None or self._key[0] != Key(session, len(session.steps)):
            self._forget()
            return False
        return True

    @property
    def deals(self) -> int:
        """The judgement's simulated deals on this table (the Coach's too)."""
        return DEALS if self._deals is None else self._deals

    @property
    def result(self) -> Review | None:
        """The finished review, or None (not asked for, still running, or dropped)."""
        return self._result if self._current() else None

    @property
    def running(self) -> bool:
        """True while decisions are still being looked at."""
        return self._current() and self._result is None

    def panel(self) -> ReviewPanel | None:
        """What the table shows of the review (None when there is none)."""
        if not self._current():
            return None
        done = self._result
        if done is None:
            return ReviewPanel(self._progress.done, self._progress.total, shown=self._shown)
        moments = tuple(
            ReviewMoment(
                m.position,
                m.played_words,
                _sentence(m.expert_words),
                " ".join(self.words(said) for said in m.reasons),
                self.words(m.figures_said),
            )
            for m in done.moments
        )
        summary = self.words(done.summary_said)
        return ReviewPanel(done.decisions, done.decisions, summary, moments, self._shown)

    def words(self, said: Said) -> str:
        """A sentence of the review in words: the one place it turns messages into text
        (the table's names and reader)."""
        return self._table.words(said)

    def on_intent(self, intent: ReviewIntent) -> None:
        """Run or show the review, hide it, or open the replay at one of its moments."""
        match intent.go:
            case "open":
                self._shown = True
                if not self._current():
                    self._start()
            case "close":
                self._shown = False
            case _:  # "moment"
                self._open_moment(intent.moment)
                return
        self._table.refresh()

    def _start(self) -> None:
        session = self._table.session
        deal = deal_to_review(session)
        options: dict[str, Any] = {} if self._deals is None else {"deals": self._deals}
        options["budget"] = session.budget  # the table's expert, as the coach
        self._steps = review_steps(session, deal, self._table.seat, **options)
        self._key = (Key(session, len(session.steps)), deal)
        self._progress = next(self._steps)  # counting the decisions is quick
        self._table.later(self._tick, 0)

    def _tick(self) -> None:
        """One decision of the review; then the next one later, or the moments."""
        if not self._current() or self._steps is None:
            return
        try:
            self._progress = next(self._steps)
        except StopIteration as stop:
            self._result = stop.value
            self._steps = None
        else:
            self._table.later(self._tick, 0)
        self._table.refresh()

    def _open_moment(self, index: int | None) -> None:
        result = self.result
        if result is None:
            raise SessionError(message("coach:review-none"))
        if index is None or not 0 <= index < len(result.moments):
            raise SessionError(message("coach:review-no-moment", moment=repr(index)))
        assert self._key is not None
        moment = result.moments[index]
        # the move itself, told with both moves (Back: the position it was played from): the
        # review's "Move 12" opens the replay's "Move 12 of 40" (moves shown, as it counts)
        note = Message(moment.note, kind="announce")
        self._table.replays.show(self._key[1], moment.position + 1, note=note)
