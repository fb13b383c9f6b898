"""Mille bots: ``basic`` (a club player's rules of thumb) and ``expert`` (Monte Carlo).

A bot is given one seat's view in its JSON form (``game.view(seat).to_dict()``), never
the game.

Its modules have one role each, the same in every game's bots: the list is in
``cardschool.engine.bots``.

Mille's ``knowledge`` also deals the hidden cards to fit the opponent's last discards;
its ``estimates`` rank the discards; its ``model`` is a :class:`~.model.Table`.

    >>> from cardschool.engine import mille
    >>> import random
    >>> game = mille.new_game(seed=7)
    >>> view = game.view(game.to_move).to_dict()
    >>> choice = make_bot("basic").choose(view, random.Random(1))
    >>> game.explain(choice.move).legal
    True
"""

from .levels import DEFAULT_BUDGET, BasicBot, ExpertBot, make_bot

__all__ = ["DEFAULT_BUDGET", "BasicBot", "ExpertBot", "make_bot"]
