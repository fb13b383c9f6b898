"""Tables of both games two of the learner's moves before the end of a deal, for the review's
browser test (``test_review_browser.py``).

Each deal was played to its end in Python (the learner's seat at random, seeded); the
session is then loaded again from the deal code and its moves, less the last ones from the
learner's second-last decision on, as a saved session would be. The test plays the two
moves in the browser, finishes the deal, runs the review and opens one of its moments.
"""

from __future__ import annotations

import json
import random

from cardschool.engine.mille import Game
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable
from cardschool.widgets.game_table import GameTable
from cardschool.widgets.review import TableReview

BUDGET = 60
"""The expert's budget and the judgement's deals: a short review for a test."""
DEALS = {"mille": 4, "mililla": 5}
"""The seed of each game's deal: its learner's last two moves are easy to click (Mille:
draw from the stock, then discard) and its review has moments."""


WILDS = """
to move: South
phase: meld
South hand: 9H 9C 2D 2S 5D 5C QS
North hand: +15
pile: 4D 3C
"""
"""A Mille meld turn with many ways to use two 2s: the hint groups have long tails."""


def finished(name: str, seed: int) -> Session:
    """A deal played to its end: the learner's seat at random, the bots by rules of thumb."""
    seats = ("human",) + ("basic",) * (1 if name == "mille" else 3)
    session = Session.new(name, seed=seed, seats=seats, budget=BUDGET)
    rng = random.Random(seed)
    while not session.deal_over:
        if session.human_to_move:
            session.play(str(rng.choice(session.legal_moves())))
        else:
            session.step()
    return session


def two_before_the_end(name: str) -> tuple[Session, list[str]]:
    """The session two learner's moves before the end of its deal, and those two moves."""
    done = finished(name, DEALS[name])
    mine = [step for step in done.steps if step.seat == 0]
    saved = json.loads(done.to_json())
    saved["steps"] = saved["steps"][: mine[-2].ply]
    return Session.from_json(json.dumps(saved)), [step.move for step in mine[-2:]]


def review_table(name: str) -> GameTable:
    """The table of ``two_before_the_end``, the bots without delay, a short review."""
    session, _moves = two_before_the_end(name)
    cls = MilleTable if name == "mille" else MilillaTable
    table = cls(session, speed=0)
    table.review = TableReview(table, deals=BUDGET)
    return table


def hints_table() -> MilleTable:
    """A Mille table at ``WILDS``, the hints open, a quick expert for the coach."""
    session = Session(Game.from_position(WILDS), ["human", "random"], budget=BUDGET)
    return MilleTable(session, hints=True, speed=0)
