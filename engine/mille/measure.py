"""What the expert's judgement measures in Mille, in the learner's words (``mille:measure*``).

One measure for the Coach, the review and the strategy exercises: **the chance to win the
hand**, the share of simulated deals of the cards the mover cannot see, each played out
to the end of the hand, that the mover ends ahead on the hand's score (a tie counts
half). ``said`` names a move as a phrase the judgement's sentences can hold.
"""

from __future__ import annotations

from ..messages import Message
from .bots import messages as bot_messages
from .bots.search import plan_of
from .bots.words import move_said

__all__ = ["MEASURE", "WORDS", "said"]

MEASURE = "mille:measure"
"""The measure's name (its definition is ``mille:measure.defined``)."""

WORDS = bot_messages.JUDGEMENT
"""The measure's words (in ``bots/messages.py``), in the ``mille`` catalog."""


def said(move: str) -> Message:
    """A move as a phrase: ``discarding the 5♦``."""
    return move_said(plan_of(move), gerund=True)
