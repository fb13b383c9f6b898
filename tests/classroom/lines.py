"""Deals played by bots in every seat, as a browser sends them to the class server (issue 28).

The learner's seat is played by a Basic bot too (cheap and deterministic), the other seats by
the bots at the code's level, so a test gets a real line of a deal code: every move in order,
with the result and score the deal ends on.
"""

from __future__ import annotations

from typing import Any

from cardschool.engine.session import Session
from cardschool.widgets.classroom.deals import outcome


def bots_session(code: str, *, learner_moves: int | None = None) -> Session:
    """The deal ``code`` played by Basic bots in every seat: to its end, or until the
    learner's seat has made ``learner_moves`` moves and is to move again (or the end)."""
    bots = Session.from_code(code).seats[1:]  # at the code's level
    session = Session.from_code(code, seats=("basic", *bots))
    while not session.deal_over:
        mine = sum(1 for step in session.steps if step.seat == 0)
        if learner_moves is not None and mine >= learner_moves and session.to_move == 0:
            break
        session.step()
    return session


def played(code: str, *, learner_moves: int | None = None, **fields: Any) -> dict[str, Any]:
    """What a browser posts for the deal ``code`` played by bots (see :func:`bots_session`):
    ``code`` and ``moves``, with ``result`` and ``score`` when the deal is over; ``fields``
    added (``uid``, ``seen``, ``hints``...)."""
    session = bots_session(code, learner_moves=learner_moves)
    sent: dict[str, Any] = {"code": code, "moves": [step.move for step in session.steps]}
    if session.deal_over:
        sent["result"], sent["score"] = outcome(session, 0)
    return {**sent, **fields}
