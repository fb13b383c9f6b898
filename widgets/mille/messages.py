"""The English words of Mille's table: its status lines and breakdown titles.

They join the ``mille`` catalog (``cardschool.engine.mille.messages``); a sentence about a
seat has its second-person form under ``id#you``.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register
from cardschool.engine.mille import messages as _engine  # noqa: F401  (the catalog's words first)

__all__ = ["STATUS"]

STATUS = register(
    Catalog(
        "mille",
        {
            "mille:status.drew": "{said}: {card:the} ({card}).",
            "mille:status.goes-out": "{who} goes out",
            "mille:status.goes-out#you": "You go out",
            "mille:status.wins-match": "{who} wins the match",
            "mille:status.wins-match#you": "You win the match",
            "mille:status.wins-match-skunk": "{who} wins the match with a skunk!",
            "mille:status.wins-match-skunk#you": "You win the match with a skunk!",
            "mille:status.wins-hand": "{who} wins the hand, {high} to {low}",
            "mille:status.wins-hand#you": "You win the hand, {high} to {low}",
        },
    )
)
"""Mille's table sentences, in the ``mille`` catalog."""
