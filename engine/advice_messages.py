"""The words of the expert's judgement (``advice:*``) and of the reasons around it (``reason:*``).

Catalogs of their own, kept beside the generic modules they speak for (``advice.py``,
``reasons.py``, ``review.py`` and the widgets that show them): the sentences check reads
any ``<topic>_messages.py`` as a catalog.
"""

from __future__ import annotations

from .messages import Catalog, Plural, register

__all__ = ["REASON", "WORDS"]

WORDS = register(
    Catalog(
        "advice",
        {
            "advice:move": "{text}",
            "advice:figure": (
                "Played out on {deals} deals of the cards you cannot see, {measure} with "
                "this move is about {value}% (give or take {error})."
            ),
            "advice:only": "It is the only choice here.",
            "advice:clear": (
                "Every other move does clearly worse: the next best, {other}, is about "
                "{value}%. On the same deals, the move advised wins about {gap} more deals "
                "in 100 than {other} (give or take {spread}): more than chance could give."
            ),
            "advice:about": (
                "About as good: {other}, about {value}%; the sample cannot tell them apart."
            ),
            "advice:about.more": Plural(
                "rest",
                "About as good: {other}, about {value}%, and one more move; the sample cannot "
                "tell them apart.",
                "About as good: {other}, about {value}%, and {rest} more moves; the sample "
                "cannot tell them apart.",
            ),
            "advice:thumb": (
                "About as good: {other}, about {value}%; the sample cannot tell them apart, "
                "so the rule of thumb decides."
            ),
            "advice:thumb.more": Plural(
                "rest",
                "About as good: {other}, about {value}%, and one more move; the sample cannot "
                "tell them apart, so the rule of thumb decides.",
                "About as good: {other}, about {value}%, and {rest} more moves; the sample "
                "cannot tell them apart, so the rule of thumb decides.",
            ),
            "advice:idea": (
                "About as good: {other}, about {value}%; the sample cannot tell them apart, "
                "so the lesson's idea decides."
            ),
            "advice:idea.more": Plural(
                "rest",
                "About as good: {other}, about {value}%, and one more move; the sample cannot "
                "tell them apart, so the lesson's idea decides.",
                "About as good: {other}, about {value}%, and {rest} more moves; the sample "
                "cannot tell them apart, so the lesson's idea decides.",
            ),
            "advice:behind": (
                "The next best, {other}, about {value}%, is a little worse, but not clearly: "
                "on the same deals, the move advised wins about {gap} more deals in 100 "
                "(give or take {spread})."
            ),
            "advice:review": (
                "Played out on the same {deals} deals of the cards you could not see, "
                "{measure} is about {better}% with the expert's move and about {played}% "
                "with yours. On those deals the expert's move wins about {gap} more in 100 "
                "(give or take {spread}): clearly better."
            ),
            "advice:exercise": (
                "on the same {deals} deals of the cards you cannot see, {measure} is about "
                "{better}% with {best} and about {played}% with yours: on those deals, "
                "{best} wins about {gap} more in 100 (give or take {spread})."
            ),
            "advice:measure": "the chance to win",
            "advice:nobody": "There is no move to advise here: nobody is to move.",
            "advice:deals": "A judgement needs a whole number of deals, 2 or more, not {deals}.",
            "advice:review-seat": "There is no seat {seat} to review.",
            "advice:moves": "A judgement weighs some of the legal moves, not {moves}.",
        },
    )
)
"""The judgement's sentences: the figures of the advice, the review and the exercises."""


REASON = register(
    Catalog(
        "reason",
        {
            "reason:best-right": (
                "{move:cap} is what the expert prefers: it wins clearly more often than any "
                "other move on the same simulated deals."
            ),
            "reason:best-right-because": "{move:cap} is what the expert prefers. {because}",
            "reason:best-wrong": "{move:cap} is legal, but the expert prefers {best}.",
            "reason:best-wrong-because": (
                "{because} {move:cap} is legal, but the expert prefers {best}."
            ),
            "reason:best-wrong-figures": (
                "{move:cap} is legal, but the expert prefers {best}: {figures}"
            ),
            "reason:best-wrong-figures-because": (
                "{because} {move:cap} is legal, but the expert prefers {best}: {figures}"
            ),
            "reason:hint": "The lesson's ideas that may apply here: {ideas}.",
            "reason:then": "{first} {rest}",
            "reason:ideas-then": "{first}; {rest}",
            "reason:none": "None of the lesson's ideas speaks to this move.",
            "reason:but-figures": (
                "But here the expert finds it better all the same, on the figures of the "
                "simulated deals."
            ),
        },
    )
)
"""The generic sentences around a game's reasons (a right try in a best-move exercise)."""
