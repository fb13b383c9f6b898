"""The words of a table's coach and review panels (``coach:*``): a catalog of its own.

The sentences check reads any ``<topic>_messages.py`` as a catalog; ``widgets/coach.py``
and ``widgets/review.py`` say these ids, each widget turning them into words in one place
(its ``words`` method).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

__all__ = ["WORDS"]

WORDS = register(
    Catalog(
        "coach",
        {
            "coach:thinking": "The coach is thinking about your move…",
            "coach:waiting": "The coach will advise when it is your turn.",
            "coach:failed": "The coach cannot help right now ({error}).",
            "coach:review-later": "The review comes once the {deal} is over.",
            "coach:review-none": "There is no finished review to look at.",
            "coach:review-no-moment": "The review has no moment {moment}.",
        },
    )
)
"""The coach's and the review panel's sentences."""
