"""A Mille table and a Mililla table on one page, over real sessions, for the browser tests.

Each table class joins the core with its own game module, so the page holds two style
sheets, each with a copy of the core: the Mililla one, loaded last, must not undo the
Mille rules (``test_two_games.py``). The Mille table is at a position where a 2 may join
either of the learner's two melds, so both melds become buttons.
"""

from __future__ import annotations

from cardschool.engine.mille import Game
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable

TWO_MELDS = """
to move: South
phase: meld
South hand: 9H 5D QS 2C 4H
South melds: KH KS KC | 7H 7S 7D
North melds: QH QS QD
North hand: +12
pile: 3C
"""
MILILLA_CODE = "MLA-0042"  # the learner leads the first trick


def mille_table() -> MilleTable:
    """South to meld, with melds of Kings and 7s; North a random bot."""
    return MilleTable(Session(Game.from_position(TWO_MELDS), ["human", "random"]))


def mililla_table() -> MilillaTable:
    """A Mililla deal where the learner leads."""
    seats = ["human", "random", "random", "random"]
    return MilillaTable(Session.from_code(MILILLA_CODE, seats=seats), speed=0)
