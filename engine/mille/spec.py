"""Mille as the generic code sees it: its entry in the registry of games."""

from __future__ import annotations

from ..cards import FrenchCard, FrenchSuit, french_deck
from ..spec import GameSpec, Outcomes
from .bots import make_bot
from .bots.search import MEASURE, choice, simulate
from .game import Game, new_game
from .goals import GOALS
from .hints import hints
from .measure import MEASURE as NAMED
from .measure import said
from .moves import Move
from .reasons import reasons
from .rulebook import RULEBOOK
from .rules import Rules
from .words import SEAT_NAMES

__all__ = ["SPEC"]

SPEC = GameSpec(
    name="mille",
    title=Game.title,
    seat_names=SEAT_NAMES,
    rules_type=Rules,
    move_type=Move,
    new_game=new_game,
    game_type=Game,
    card_type=FrenchCard,
    suits=FrenchSuit,
    deck=french_deck,
    code_prefix="MIL",
    code_variants=(
        ("low_cut_deals", (False, True)),
        ("pile_pair_may_use_wild", (False, True)),
        ("first_two_any", (False, True)),
        ("reshuffle_when_stock_empty", (False, True)),
        ("min_naturals", (1, 2)),
        ("wilds_at_most_naturals", (False, True)),
        ("many_melds_per_rank", (False, True)),
        ("doubling_caps_at_two", (False, True)),
        ("target", (1200, 500, 800, 1000, 1500, 2000)),
        ("skunk_below", (600, 250, 400, 500, 750, 1000)),
    ),
    side_word="player",
    next_deal_rule="mille.next-dealer",
    deal_won_by="scores",
    make_bot=make_bot,
    hints=hints,
    goals=GOALS,
    outcomes=Outcomes(MEASURE, simulate, choice, batched=True, named=NAMED, said=said),
    rulebook=RULEBOOK,
    reasons=reasons,
    measure_rules=("mille.score.hand",),
)
"""Mille: two players, two decks with 2s wild, hands to 1,200 points."""
