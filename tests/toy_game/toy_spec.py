"""Duel's entry in the engine's registry: its hints, bots, goals, rulebook and ``SPEC``.

What ``engine/<game>/spec.py`` (with ``hints.py``, ``bots/``, ``goals.py``, ``rulebook.py``)
declares for a real game, in one module over ``toy_engine``.
"""

from __future__ import annotations

import random
from typing import Any

from toy_engine import DECK, NAME, SEAT_NAMES, Game, Move, Rules, View, new_game

from cardschool.engine.cards import FrenchCard, FrenchSuit
from cardschool.engine.goals import Goals, Line
from cardschool.engine.hints import Hint
from cardschool.engine.protocol import Choice
from cardschool.engine.spec import Entry, GameSpec, Outcomes


def hints(game: Game) -> list[Hint]:
    """Every card of the seat to move, each legal."""
    moves = game.legal_moves()
    return [Hint(str(m), True, "duel.play", game.explain(m).text, "Play") for m in moves]


class StrongestBot:
    """The basic and expert levels: play the card that wins most often."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: dict[str, Any], rng: random.Random) -> Choice:
        """The highest card (the lowest with low_wins)."""
        seen = View.from_dict(view)
        best = seen.hand[0] if seen.rules.low_wins else seen.hand[-1]
        return Choice(best.text, "The card most likely to win the deal.")


def make_bot(level: str, budget: int | None = None) -> StrongestBot:
    """A bot above the random level."""
    return StrongestBot(level)


def simulate(
    view: dict[str, Any], moves: list[str], deals: int, rng: random.Random
) -> list[list[float]]:
    """For each deal of the hidden card, whether each move wins the deal (1) or not (0)."""
    outcomes = []
    for _ in range(deals):
        game = Game.from_view(view, rng)
        seat, row = game.to_move, []
        for move in moves:
            copy = game.clone()
            copy.play(move)
            while copy.to_move is not None:
                copy.play(copy.legal_moves()[0])
            row.append(float(copy.deal_result()["scores"][seat]))
        outcomes.append(row)
    return outcomes


def _score(game: Game, seat: int) -> list[Line]:
    return [Line("duel.higher", "Deals won", game.deal_result()["scores"][seat])]


GOALS = Goals(
    play=(),
    questions=(),
    tries=lambda game: [str(move) for move in game.legal_moves()],
    cards=None,
    score=_score,
)
RULEBOOK = (
    Entry("duel.deal", "The deal", "Each seat is dealt two of the four cards.", "Play"),
    Entry("duel.turn", "Turns", "The seat after the dealer plays first.", "Play"),
    Entry("duel.play", "Playing", "Play any card of your hand.", "Play"),
    Entry("duel.higher", "Winning", "The higher card wins the deal.", "Scoring"),
    Entry("duel.next", "Next deal", "The other seat deals next.", "Scoring"),
    Entry("duel.match", "The match", "The first to win the target wins.", "Scoring"),
)
SPEC = GameSpec(
    name=NAME,
    title=Game.title,
    seat_names=SEAT_NAMES,
    rules_type=Rules,
    move_type=Move,
    new_game=new_game,
    game_type=Game,
    card_type=FrenchCard,
    suits=FrenchSuit,
    deck=lambda: list(DECK),
    code_prefix="DUE",
    code_variants=(("target", (2, 3)), ("low_wins", (False, True))),
    side_word="player",
    next_deal_rule="duel.next",
    deal_won_by="scores",
    make_bot=make_bot,
    hints=hints,
    goals=GOALS,
    outcomes=Outcomes("the deal won", simulate),
    rulebook=RULEBOOK,
)
"""Duel as the generic code sees it: its entry for the engine's registry."""
