"""Mille bots: ``basic`` (a club player's rules of thumb) and ``expert`` (Monte Carlo).

A bot is given one seat's view in its JSON form (``game.view(seat).to_dict()``), never
the game.

The modules, one role each, the same in every game's bots:

* ``levels``: the bot levels above ``random`` and ``make_bot``;
* ``knowledge``: what one seat knows of the hidden hands, read from its view alone;
* ``estimates``: the settings and estimates the rules of thumb share;
* ``policy``: the ``basic`` rules of thumb, fast enough to play whole deals out;
* ``model``: the bots' small, fast model of a deal, to plan on and to play out;
* ``search``: the expert's Monte Carlo search over the deals the seat cannot tell apart;
* ``words`` and ``messages``: the sentences that say why a bot chose its move, and their
  catalog.

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
