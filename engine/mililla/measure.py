"""What the expert's judgement measures in Mililla, in the learner's words (``mililla:measure*``).

One measure for the Coach, the review and the strategy exercises: **the chance to win the
round**, the share of simulated deals of the cards the mover cannot see, each played out
to the end of the round, in which the mover's team takes more than 35 of the round's 70
points (35 each counts half). ``said`` names a move as a phrase the judgement's sentences
can hold.
"""

from __future__ import annotations

from ..messages import Message, message
from .bots import messages as bot_messages
from .messages import Card
from .moves import Move

__all__ = ["MEASURE", "WORDS", "said"]

MEASURE = "mililla:measure"
"""The measure's name (its definition is ``mililla:measure.defined``)."""

WORDS = bot_messages.JUDGEMENT
"""The measure's words (in ``bots/messages.py``), in the ``mililla`` catalog."""


def said(move: str) -> Message:
    """A move as a phrase: ``playing the Ace of coins``."""
    return message("mililla:measure.move", card=Card(Move.parse(move).card.index))
