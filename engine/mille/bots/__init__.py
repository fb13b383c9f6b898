"""Mille bots: ``basic`` (a club player's rules of thumb) and ``expert`` (Monte Carlo).

A bot is given one seat's view in its JSON form (``game.view(seat).to_dict()``), never
the game. The modules, by what they are:

* ``levels``: the two bots and ``make_bot``;
* ``model``: a small, fast model of one hand (:class:`~.model.Table`), sharing the
  engine's predicates for melds and the pile (``legality``) and its meld doublings;
* ``knowledge``: what one seat knows, read from its view, and deals of what it cannot see;
* ``estimates``, ``policy``, ``melds``, ``discard``: the rules of thumb;
* ``infer``: deals that fit the opponent's last discards;
* ``search``: the expert's Monte Carlo search;
* ``words``: the sentences that say why a bot chose its move.

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
