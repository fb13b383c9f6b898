"""The English words of Mililla's table: its status lines.

They join the ``mililla`` catalog (``cardschool.engine.mililla.messages``); a sentence about
a seat has its second-person form under ``id#you``.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register
from cardschool.engine.mililla import messages as _engine  # noqa: F401  (the catalog's words first)

__all__ = ["STATUS"]

STATUS = register(
    Catalog(
        "mililla",
        {
            "mililla:status.game-over": "The game is over.",
            "mililla:status.round-over": (
                "The round is over: see the score, then go on to the next round."
            ),
            "mililla:status.lead": "Your lead: play any card.",
            "mililla:status.follow": "Your turn: {led} were led. Click the card to play.",
            "mililla:status.takes-trick": "{who} takes the trick.",
            "mililla:status.takes-trick#you": "You take the trick.",
            "mililla:status.deals": (
                "{who} deals: {card} is turned up, so {card:suit} are trumps."
            ),
            "mililla:status.deals#you": (
                "You deal: {card} is turned up, so {card:suit} are trumps."
            ),
            "mililla:status.wins-trick": "{who} wins the trick with {card}: {points} points.",
            "mililla:status.wins-trick#you": "You win the trick with {card}: {points} points.",
        },
    )
)
"""Mililla's table sentences, in the ``mililla`` catalog."""
