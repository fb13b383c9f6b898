"""The Mililla bots above ``random``: ``basic`` (rules of thumb) and ``expert`` (Monte Carlo).

Its modules have one role each, the same in every game's bots: the list is in
``cardschool.engine.bots``.

Mililla's ``knowledge`` is the suits each seat has shown to be out of; its ``model`` is a
board with an exact alpha-beta for the last tricks (``solve``).

Both levels are given one seat's view (its JSON form), never the game. They rebuild a
full game with ``Game.from_view(view, rng)``: the basic bot to read the trick and list
its legal cards (its rules of thumb read only the seat's own hand and public facts, so
the cards dealt at random to the other seats cannot change its choice); the expert to
simulate many deals that fit the view (see search.py).

``make_bot("expert", budget=300)``: ``budget`` is the number of simulated endings per
decision (one per candidate card per simulated deal).
"""

from .levels import DEFAULT_BUDGET, LEVELS, BasicBot, ExpertBot, make_bot

__all__ = ["DEFAULT_BUDGET", "LEVELS", "BasicBot", "ExpertBot", "make_bot"]
