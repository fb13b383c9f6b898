"""The Mililla bot levels above ``random``: ``basic`` and ``expert``, and ``make_bot``."""

from __future__ import annotations

import random
from typing import Any

from ...errors import ArgumentError
from ...messages import message
from ...protocol import Bot, Choice
from ..game import Game
from ..tables import CARDS
from .knowledge import voids_of
from .policy import Tag, pick
from .search import Plan, evaluate
from .words import basic_reason, expert_reason

__all__ = ["DEFAULT_BUDGET", "LEVELS", "BasicBot", "ExpertBot", "make_bot"]

LEVELS = ("basic", "expert")
"""The levels this package makes (``random`` is generic, in engine/bots.py)."""
DEFAULT_BUDGET = 450
"""The expert's simulated endings per decision when no budget is given."""


def _rebuild(view: dict[str, Any], rng: random.Random) -> Game:
    if not isinstance(view, dict) or view.get("game") != "mililla":
        raise ArgumentError(message("mililla:bot.not-a-view"))
    if view.get("to_move") != view.get("seat") or not view.get("legal"):
        raise ArgumentError(message("mililla:bot.not-to-move"))
    return Game.from_view(view, rng)


class BasicBot:
    """The ``basic`` level: the rules of thumb a club player would teach."""

    level = "basic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick a card by the rules of thumb, with the reason in plain words."""
        game = _rebuild(view, rng)
        state = game.state
        voids = voids_of(state.plays, state.play_seats, state.trump, state.higher)
        card, tag = pick(state, voids)
        return Choice(str(CARDS[card]), basic_reason(game, card, tag))


class ExpertBot:
    """The ``expert`` level: Monte Carlo over the deals that fit what the seat has seen."""

    level = "expert"

    def __init__(self, budget: int = DEFAULT_BUDGET, plan: Plan | None = None) -> None:
        self.budget = budget
        self.plan = plan or Plan()

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick the card that did best in simulated endings, saying what they found."""
        game = _rebuild(view, rng)
        cards = [move.index for move in game.legal_moves()]
        if len(cards) == 1:
            return Choice(str(CARDS[cards[0]]), basic_reason(game, cards[0], Tag.ONLY))
        ranked, _deals = evaluate(view, game, cards, self.budget, rng, self.plan)
        state = game.state
        thumb = pick(state, voids_of(state.plays, state.play_seats, state.trump, state.higher))
        return Choice(str(CARDS[ranked[0].card]), expert_reason(game, ranked, thumb))


def make_bot(level: str, budget: int | None = None) -> Bot:
    """A Mililla bot of ``level`` ("basic" or "expert"); ``budget`` bounds the expert."""
    if level == "basic":
        return BasicBot()
    if level == "expert":
        if budget is None:
            budget = DEFAULT_BUDGET
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ArgumentError(message("mililla:bot.budget", given=repr(budget)))
        return ExpertBot(budget)
    said = message("mililla:bot.level", given=repr(level), levels=", ".join(LEVELS))
    raise ArgumentError(said)
