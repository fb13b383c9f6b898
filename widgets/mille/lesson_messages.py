"""Mille's lesson words: its written moves in words, and the scoring lesson's lines.

They join the ``mille`` catalog. A move's verb has three forms: alone (``mille:lesson.verb.
stock``), with the cards it names (``....cards``) and for a choice among single cards
(``....any``), as the generic lessons (``widgets/lessons.py``) ask for them.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register
from cardschool.engine.mille import messages as _engine  # noqa: F401  (the catalog's words first)

__all__ = ["LESSON_WORDS"]


LESSON_WORDS = register(
    Catalog(
        "mille",
        {
            # the verb first, the cards where English puts them ("take the 9 of hearts into
            # your hand"); ``.any``: one card of a choice of single cards
            "mille:lesson.verb.stock": "draw the top card of the stock",
            "mille:lesson.verb.stock.cards": "draw {cards} from the top of the stock",
            "mille:lesson.verb.stock.any": "draw any one of {cards} from the top of the stock",
            "mille:lesson.verb.pile": "take the whole pile",
            "mille:lesson.verb.pile.cards": "take the whole pile with {cards}",
            "mille:lesson.verb.pile.any": "take the whole pile with any one of {cards}",
            "mille:lesson.verb.take": "take a card into your hand",
            "mille:lesson.verb.take.cards": "take {cards} into your hand",
            "mille:lesson.verb.take.any": "take any one of {cards} into your hand",
            "mille:lesson.verb.meld": "lay down a meld",
            "mille:lesson.verb.meld.cards": "lay down {cards} as a meld",
            "mille:lesson.verb.meld.any": "lay down any one of {cards} as a meld",
            "mille:lesson.verb.add": "add to a meld",
            "mille:lesson.verb.add.cards": "add {cards} to a meld",
            "mille:lesson.verb.add.any": "add any one of {cards} to a meld",
            "mille:lesson.verb.discard": "discard",
            "mille:lesson.verb.discard.cards": "discard {cards}",
            "mille:lesson.verb.discard.any": "discard any of {cards}",
            # the scoring lesson: a finished hand, meld by meld
            "mille:lesson.score.in-hand": "in hand",
            "mille:lesson.score.who": "{who}",
            "mille:lesson.score.who#you": "You",
            "mille:lesson.score.total#you": "You: score of the hand",
            "mille:lesson.score.total": "{who}: score of the hand",
            "mille:lesson.score.head.player": "player",
            "mille:lesson.score.head.cards": "cards",
            "mille:lesson.score.head.value": "value",
            "mille:lesson.score.head.doublings": "doublings",
            "mille:lesson.score.head.points": "points",
        },
    )
)
"""Mille's words for its written moves and its scoring lesson."""
