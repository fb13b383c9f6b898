"""The English words of the generic messages (sessions, reviews, the expert's judgement).

Each entry is a whole sentence with named placeholders, keyed by its message id; a
sentence about a seat has a second-person form under ``id#you`` (see ``messages``).
"""

from __future__ import annotations

from .messages import Catalog, Plural, register

__all__ = ["CODE", "REVIEW", "SESSION"]

SESSION = register(
    Catalog(
        "session",
        {
            "session:match-over": "The match is over.",
            "session:deal-over": "The deal is over: start the next one.",
            "session:deal-playing": "The deal is still being played.",
            "session:not-their-turn": "It is {to_move}'s turn, not {who}'s.",
            "session:not-their-turn#you": "It is {to_move}'s turn, not yours.",
            "session:bot-to-move": "Wait: {who} (a bot) is to move.",
            "session:bot-to-move#you": "Wait: you (a bot) are to move.",
            "session:no-seat": "There is no seat {seat}: seats are 0 to {last}.",
            "session:nothing-to-undo": "There is nothing to undo.",
            "session:nothing-to-redo": "There is nothing to redo.",
        },
    )
)
"""Sentences a session says when it refuses a request."""

REVIEW = register(
    Catalog(
        "review",
        {
            "review:expert": "The expert",
            "review:summary": Plural(
                "count", "{count} moment to look at", "{count} moments to look at"
            ),
            "review:summary.none": (
                "No moment to look at: the expert found no clearly better move."
            ),
            "review:moment": "{played}. {better} instead. {reason} {figures}",
            "review:note": "Your move here: {played}; {expert:low}.",
            "review:note.you": "Your move here: {played:low}; {expert:low}.",
            "review:thumb-agrees": "The rule of thumb agrees: {reason}",
            "review:thumb-played": (
                "The rule of thumb would have played your move, but played out to the end "
                "the expert's move does clearly better."
            ),
            "review:thumb-neither": (
                "The rule of thumb would have played neither; the simulations decide."
            ),
        },
    )
)
"""Sentences of the review of a finished deal (``review``)."""

CODE = register(
    Catalog(
        "code",
        {
            "code:space": (
                "Deal code {code} has a space inside: a code is one word, like {examples}."
            ),
            "code:check": (
                "Deal code {code} does not check: a character of its last part (after the "
                "second dash) is mistyped or missing. Copy the code again."
            ),
            "code:variant": "{name}: {value}",
            "code:bots.random": "Random bots",
            "code:bots.expert": "Expert bots",
            "code:rules": "not the rulebook's rules: {rules}",
            "code:list": "{first}; {rest}",
            "code:rules.shown": "Not the rulebook's rules: {rules}.",
            "code:about": (
                "Deal code {code}: the same code gives everyone the same deal, with the "
                "rulebook's rules."
            ),
            "code:about.variants": (
                "Deal code {code}: the same code gives everyone the same deal. Its last part "
                "changes the rules: {rules}."
            ),
        },
    )
)
"""Sentences about deal codes: why one is refused, what its variants change."""
