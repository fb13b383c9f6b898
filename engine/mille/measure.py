"""What the expert's judgement measures in Mille, in the learner's words (``mille:measure*``).

One measure for the Coach, the review and the strategy exercises: **the chance to win the
hand**, the share of simulated deals of the cards the mover cannot see, each played out
to the end of the hand, that the mover ends ahead on the hand's score (a tie counts
half). ``said`` names a move as a phrase the judgement's sentences can hold.
"""

from __future__ import annotations

from ..messages import Catalog, Message, register
from .bots.search import plan_of
from .bots.words import move_said

__all__ = ["MEASURE", "WORDS", "said"]

MEASURE = "mille:measure"
"""The measure's name (its definition is ``mille:measure.defined``)."""

WORDS = register(
    Catalog(
        "mille",
        {
            "mille:measure": "the chance to win the hand",
            "mille:measure.defined": (
                "The chance to win the hand: the cards you cannot see (North's hand and the "
                "stock) are dealt again many times, in every way that fits what you have "
                "seen; each deal is played out from here to the end of the hand; the share of "
                "those deals you end with a higher score for the hand than North is your "
                "chance to win the hand (a tie counts as half a win)."
            ),
        },
    )
)
"""The measure's words, added to the ``mille`` catalog."""


def said(move: str) -> Message:
    """A move as a phrase: ``discarding the 5♦``."""
    return move_said(plan_of(move), gerund=True)
