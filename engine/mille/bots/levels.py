"""The two Mille bot levels: ``basic`` (a club player's rules of thumb) and ``expert``.

Both are given one seat's view (its JSON form), never the game. They rebuild a full game
with ``Game.from_view`` to list the legal moves and to name the rule behind the move they
pick, and plan on :class:`~.knowledge.Knowledge`, read from the same view. The
``expert`` plays many endings of the hand from deals of the hidden cards consistent with
the view (see ``search``), so what it cannot see is guessed, never read.
"""

from __future__ import annotations

import random
from typing import Any

from ...errors import ArgumentError
from ...messages import message, render
from ...protocol import Bot, Choice
from ..game import Game
from ..moves import Move
from ..tables import face_of
from .estimates import BASIC, SHARP, Style, Why, discard_ranking
from .knowledge import Knowledge
from .model import DISCARD, STOCK, Plan, Table, plan_text
from .policy import plan_for
from .search import candidates, choose_outcome, search
from .words import basic_said, expert_reason, forced_reason

__all__ = ["DEFAULT_BUDGET", "BasicBot", "ExpertBot", "make_bot"]

DEFAULT_BUDGET = 100
"""Simulated endings per expert decision. 100, not the 300 of before issue 24.7: a third
of the work, and over the tournament's 100 duplicate deals against ``basic`` no weaker
(win rate 0.64 [0.59, 0.69] against 0.61 [0.56, 0.67] at 300), so a class of 30 can
play the expert on two cores (``bench_mille_bots``, ``bench_class``)."""


def _legal(game: Game, view: dict[str, Any]) -> list[Move]:
    if view.get("to_move") != view.get("seat"):
        raise ArgumentError(message("mille:bot.not-to-move"))
    moves = game.legal_moves()
    if not moves:
        raise ArgumentError(message("mille:bot.nobody-to-move"))
    return moves


def _as_move(plan: Plan, legal: list[Move]) -> Move | None:
    move = Move.parse(plan_text(plan))
    return move if move in legal else None


def _fallback(table: Table, legal: list[Move]) -> tuple[Plan, Why]:
    """A safe legal move if the rules of thumb ever propose one the engine refuses."""
    texts = {str(m) for m in legal}
    if "stock" in texts:
        return (STOCK, (), 0), Why("stock", {"top": table.pile[-1] if table.pile else None})
    for _, face in discard_ranking(table, table.to_move):
        plan = (DISCARD, (face,), 0)
        if plan_text(plan) in texts:
            return plan, Why("discard", {"card": face})
    first = legal[0]
    faces = tuple(face_of(str(card)) for card in first.cards)
    return (first.kind, faces, int(first.rank or 0)), Why("fallback", {})


def _basic(
    view: dict[str, Any], rng: random.Random, style: Style = BASIC
) -> tuple[Game, list[Move], Knowledge, Table, Plan, Why, Move]:
    """The rules of thumb's decision, with everything the expert builds on."""
    game = Game.from_view(view, rng)
    legal = _legal(game, view)
    knowledge = Knowledge(view)
    table = knowledge.sample(rng)  # the rules of thumb never read the sampled hidden cards
    plan, why = plan_for(table, style)
    move = _as_move(plan, legal)
    if move is None:
        plan, why = _fallback(table, legal)
        move = Move.parse(plan_text(plan))
    return game, legal, knowledge, table, plan, why, move


def _basic_text(
    game: Game, table: Table, plan: Plan, why: Why, move: Move, legal: list[Move]
) -> str:
    explanation = game.explain(move)
    if why.code == "fallback":
        return forced_reason(explanation.rule, explanation.text)
    return render(basic_said(table, plan, why, explanation.rule, only=len(legal) == 1))


class BasicBot:
    """The ``basic`` level: a club player's rules of thumb, well under 5 ms a move."""

    level = "basic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Pick the move the rules of thumb prefer, with the facts that decided it."""
        game, legal, _, table, plan, why, move = _basic(view, rng)
        return Choice(str(move), _basic_text(game, table, plan, why, move, legal))


class ExpertBot:
    """The ``expert`` level: Monte Carlo over the hidden cards, ``budget`` endings a move."""

    level = "expert"

    def __init__(self, budget: int | None = None, style: Style = SHARP) -> None:
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)):
            raise ArgumentError(message("mille:bot.budget", given=repr(budget)))
        if budget is not None and budget < 1:
            raise ArgumentError(message("mille:bot.budget-low", given=str(budget)))
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.style = style
        """The rules of thumb the expert starts from, and plays by in its simulations."""

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """Simulate the candidate moves to the end of the hand; play the one that wins most."""
        game, legal, knowledge, table, plan, why, move = _basic(view, rng, self.style)
        plans = [p for p in candidates(table, plan) if _as_move(p, legal) is not None]
        if why.code == "fallback" or len(plans) < 2:
            return Choice(str(move), _basic_text(game, table, plan, why, move, legal))
        outcomes = search(knowledge, plans, self.budget, rng, self.style)
        chosen, rival = choose_outcome(outcomes)
        chosen_move = Move.parse(plan_text(chosen.plan))
        rule = game.explain(chosen_move).rule
        agree = _basic_text(game, table, plan, why, move, legal) if chosen.plan == plan else None
        return Choice(str(chosen_move), expert_reason(chosen, rival, outcomes[0], rule, agree))


def make_bot(level: str, budget: int | None = None) -> Bot:
    """A Mille bot of a level: ``basic`` or ``expert`` (``budget``: simulations a move)."""
    if level == "basic":
        return BasicBot()
    if level == "expert":
        return ExpertBot(budget)
    raise ArgumentError(message("mille:bot.level", given=repr(level)))
