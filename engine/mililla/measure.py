"""What the expert's judgement measures in Mililla, in the learner's words (``mililla:measure*``).

One measure for the Coach, the review and the strategy exercises: **the chance to win the
round**, the share of simulated deals of the cards the mover cannot see, each played out
to the end of the round, in which the mover's team takes more than 35 of the round's 70
points (35 each counts half). ``said`` names a move as a phrase the judgement's sentences
can hold.
"""

from __future__ import annotations

from ..messages import Catalog, Message, message, register
from .messages import Card
from .moves import Move

__all__ = ["MEASURE", "WORDS", "said"]

MEASURE = "mililla:measure"
"""The measure's name (its definition is ``mililla:measure.defined``)."""

WORDS = register(
    Catalog(
        "mililla",
        {
            "mililla:measure": "the chance to win the round",
            "mililla:measure.defined": (
                "The chance to win the round: the cards you cannot see are dealt again many "
                "times among the other three players, in every way that fits what you have "
                "seen; each deal is played out from here to the end of the round; the share "
                "of those deals in which your team takes more than 35 of the round's 70 "
                "points is your chance to win the round (35 each counts as half a win)."
            ),
            "mililla:measure.move": "playing {card}",
        },
    )
)
"""The measure's words, added to the ``mililla`` catalog."""


def said(move: str) -> Message:
    """A move as a phrase: ``playing the Ace of coins``."""
    return message("mililla:measure.move", card=Card(Move.parse(move).card.index))
