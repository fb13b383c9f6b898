"""A deal's record, from the session the kernel played, and the watch on a deal not ended.

:func:`deal_record` makes the record of a deal (won, lost or tied when the kernel ended it;
``playing`` or ``gave up`` before). :class:`DealWatch` is what a table's recorder counts of
the deal on the table (issue 26.8): refused moves, hints and coach uses, carried across a
kernel restart from the store's ``playing`` record, written quietly while it is played.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from cardschool.engine.session import DEAL_OVER_MOVE, HUMAN

from .record_in import RecordIn

__all__ = ["PLAYING_S", "DealWatch", "deal_record", "outcome", "own_moves", "session_record"]


def own_moves(session: Any) -> int:
    """How many moves the learner's seats have made in ``session`` (the end of a deal aside)."""
    return sum(1 for step in session.steps if step.by == HUMAN and step.move != DEAL_OVER_MOVE)


def deal_record(
    table: Any,
    counts: Counter[str],
    hints: int,
    coach: int,
    seconds: int,
    replayed: int = 0,
    *,
    session: Any = None,
    result: str | None = None,
) -> RecordIn:
    """The record of the deal that just ended at ``table``, from its session (the kernel's).

    ``replayed`` is how many of the learner's moves the session held when it came onto the
    table (a save from the browser, replayed by the kernel): they count as moves, not live.
    ``session`` is the deal's session when it is no longer the table's (a deal given up);
    ``result`` is ``playing`` or ``gave up`` for a deal the kernel has not ended.
    """
    session = table.session if session is None else session
    score = None
    if result is None:
        result, score = outcome(session, table.seat)
    moves = own_moves(session)
    return session_record(
        session,
        result=result,
        score=score,
        seconds=seconds,
        illegal=dict(counts),
        hints=hints,
        coach=coach,
        live=max(0, moves - replayed),
    )


def session_record(
    session: Any,
    *,
    result: str,
    score: int | None,
    seconds: int,
    illegal: dict[str, int],
    hints: int,
    coach: int,
    live: int,
    **uid: str,
) -> RecordIn:
    """A deal's record from its ``session`` (its code, save and the learner's moves) and what
    was counted of it: the kernel's record and the class server's replay make it alike."""
    return RecordIn(
        kind="deal",
        target=session.code,
        result=result,
        score=score,
        seconds=seconds,
        illegal=illegal,
        hints=hints,
        coach=coach,
        save=session.to_json(),
        moves=own_moves(session),
        live=live,
        **uid,
    )


def outcome(session: Any, seat: int) -> tuple[str, int | None]:
    """How an ended deal went for ``seat``: won, lost or tied, and its score (the kernel's
    record and the class server's replay of a deal sent to it say it alike)."""
    result = session.game.deal_result() or {}
    scores = list(result.get(session.spec.deal_won_by) or [])
    side = seat % len(scores) if scores else 0
    mine = scores[side] if scores else None
    others = [score for place, score in enumerate(scores) if place != side]
    if mine is None or not others:
        outcome = "tied"
    elif mine > max(others):
        outcome = "won"
    elif mine == max(others):
        outcome = "tied"
    else:
        outcome = "lost"
    return outcome, int(mine) if isinstance(mine, int | float) else None


PLAYING_S = 20.0
"""How often, at most, moves alone write a deal's ``playing`` record (the first one at once)."""


class DealWatch:
    """What one table's recorder counts of the deal on the table (issue 26.8).

    Its refused moves, hints and coach uses start from the store's ``playing`` record of
    the same deal, if any (kept by a kernel before this one), so a restart loses no count.
    """

    def __init__(self, recorder: Any, table: Any) -> None:
        self.recorder, self.table = recorder, table
        self.counts: Counter[str] = Counter()
        self.used = {"hint": 0, "coach": 0}
        self.session: Any = None
        self.began(table.session)

    def began(self, session: Any, *, carry: bool = True) -> None:
        """A session came onto the table (a new deal, or a save from the browser); ``carry``:
        go on from the counts of the store's ``playing`` record of that deal."""
        self.session = session
        self.ended = False
        self.counts.clear()
        self.used.update(hint=0, coach=0)
        self.started = time.monotonic()
        self.replayed = own_moves(session)  # a restored save's moves were not seen live
        self.before_s = self.before_live = 0
        self.written_moves = -1
        self.written_at = 0.0
        kept = self.recorder.kept_record("deal", session.code) if carry else None
        if kept is not None and kept.result == "playing":  # a kernel before this one's counts
            self.counts.update(json.loads(kept.illegal or "{}"))
            self.used.update(hint=kept.hints or 0, coach=kept.coach or 0)
            self.before_s = kept.seconds or 0
            self.before_live = min(kept.live or 0, self.replayed)

    def record(self, result: str | None = None) -> RecordIn:
        """The deal's record now: ``result`` (playing, gave up) or how the kernel ended it."""
        seconds = self.before_s + round(time.monotonic() - self.started)
        return deal_record(
            self.table,
            self.counts,
            self.used["hint"],
            self.used["coach"],
            seconds,
            self.replayed - self.before_live,
            session=self.session,
            result=result,
        )

    def in_progress(self) -> bool:
        """True when the deal has work to show and no end the kernel recorded."""
        if self.ended or self.session.deal_over:
            return False
        return own_moves(self.session) > 0 or bool(self.counts) or any(self.used.values())

    def goes_on_in(self, session: Any) -> bool:
        """True when ``session`` is this deal going on (the same deal code with the learner's
        moves so far: the browser's save restored), not another deal or a start again."""
        return session.code == self.session.code and own_moves(session) >= own_moves(self.session)

    def note(self, result: str = "playing", *, moves_only: bool = False) -> None:
        """Write the deal's ``playing`` (or ``gave up``) record, quietly; moves alone write
        at most every :data:`PLAYING_S` (and only when the learner moved since), or every
        ``moves_per_post`` moves for a class server that counts the moves it saw played."""
        if not self.in_progress():
            return
        moves = own_moves(self.session)
        now = time.monotonic()
        every = getattr(self.recorder.store, "moves_per_post", None)
        due = every is not None and moves - max(self.written_moves, 0) >= every
        if moves_only and (
            moves == self.written_moves
            or (self.written_moves > 0 and now - self.written_at < PLAYING_S and not due)
        ):
            return
        self.written_moves, self.written_at = moves, now
        self.recorder.quietly(self.record(result))
