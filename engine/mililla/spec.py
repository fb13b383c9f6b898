"""Mililla as the generic code sees it: its entry in the registry of games."""

from __future__ import annotations

from ..cards import SpanishCard, SpanishSuit, spanish_deck
from ..spec import GameSpec, Outcomes
from .bots import make_bot
from .bots.search import MEASURE, simulate
from .game import Game, new_game
from .goals import GOALS
from .hints import hints
from .measure import MEASURE as NAMED
from .measure import said
from .moves import SEAT_NAMES, Move
from .reasons import reasons
from .rulebook import RULEBOOK
from .rules import Rules

__all__ = ["SPEC"]

SPEC = GameSpec(
    name="mililla",
    title=Game.title,
    seat_names=SEAT_NAMES,
    rules_type=Rules,
    move_type=Move,
    new_game=new_game,
    game_type=Game,
    card_type=SpanishCard,
    suits=SpanishSuit,
    deck=spanish_deck,
    code_prefix="MLA",
    code_variants=(
        ("traditional_rank", (False, True)),
        ("clockwise", (False, True)),
        ("bonus_after_round", (False, True)),
        ("seven_rule", ("default", "earlier-tricks", "off")),
        ("target", (35, 15, 25, 50)),
    ),
    side_word="team",
    next_deal_rule="mililla.dealer",
    deal_won_by="points",
    make_bot=make_bot,
    hints=hints,
    goals=GOALS,
    outcomes=Outcomes(MEASURE, simulate, named=NAMED, said=said),
    rulebook=RULEBOOK,
    reasons=reasons,
    measure_rules=("mililla.round.score",),
)
"""Mililla: four players in two teams, the 40-card Spanish deck, rounds to 35 points."""
