"""The Mililla bots: legal, deterministic, blind to hidden cards, and with checkable reasons."""

from __future__ import annotations

import random

import pytest
from mililla_kit import D1, after

from cardschool.engine import mililla, tournament
from cardschool.engine.bots import make_bot as make_any_bot
from cardschool.engine.mililla import bots
from cardschool.engine.mililla.bots.knowledge import voids_of
from cardschool.engine.mililla.bots.model import Board, solve_each
from cardschool.engine.mililla.bots.policy import Tag, pick
from cardschool.engine.rulebook import RULES

SMALL = 24
"""An expert budget small enough for fast tests (simulated endings per decision)."""

# South deals and holds the face-up 2 of coins; East leads. After East's 2 of cups,
# North's King of cups (the highest cup) and West's 3 of cups, South plays last.
SMEAR_DEAL = """
dealer South
trump 2O
South: 2O AC 4C 3E 4E 5E 3B 4B 5B 6B
East: 2C 3O 4O 5O 6O 2E 6E 2B AB JB
North: KC HC 7O JO HO KO 7E JE HE KE
West: 3C 5C 6C 7C JC AO AE HB KB 7B
"""


def positions(count: int, seed: int) -> list[mililla.Game]:
    """Games stopped at seeded moments of their first round, some seat to move."""
    rng = random.Random(seed)
    games = []
    for number in range(count):
        game = mililla.new_game(seed * 1000 + number)
        for _ in range(rng.randrange(40)):
            game.play(rng.choice(game.legal_moves()))
        games.append(game)
    return games


def choose(level: str, game: mililla.Game, seed: int = 0, budget: int = SMALL):
    view = game.view(game.to_move).to_dict()
    return bots.make_bot(level, budget).choose(view, random.Random(seed))


@pytest.mark.parametrize("level", ["basic", "expert"])
def test_every_choice_is_legal_with_a_reason_naming_the_card(level):
    for game in positions(30 if level == "basic" else 12, seed=1):
        choice = choose(level, game)
        legal = [str(move) for move in game.legal_moves()]
        assert choice.move in legal
        card = mililla.Move.parse(choice.move).card
        assert card.name in choice.reason and len(choice.reason) > 30


@pytest.mark.parametrize("level", ["basic", "expert"])
def test_same_view_and_seed_give_the_same_choice(level):
    for game in positions(6, seed=2):
        view = game.view(game.to_move).to_dict()
        first = choose(level, game, seed=9)
        again = bots.make_bot(level, SMALL).choose(view, random.Random(9))
        assert first == again


@pytest.mark.parametrize("level", ["basic", "expert"])
def test_no_peeking_reshuffled_hidden_cards_do_not_change_the_choice(level):
    for game in positions(6, seed=3):
        seat = game.to_move
        view = game.view(seat).to_dict()
        choices = set()
        deals = set()
        for k in range(4):
            other = mililla.Game.from_view(view, random.Random(100 + k))
            assert other.view(seat).to_dict() == view
            deals.add(tuple(str(other.hand(s)) for s in range(4)))
            bot = bots.make_bot(level, SMALL)
            choices.add(bot.choose(other.view(seat).to_dict(), random.Random(5)))
        assert len(choices) == 1
        if sum(view["hand_sizes"]) - len(view["hand"]) > 2:
            assert len(deals) > 1  # the hidden cards really were dealt differently


def test_the_rules_of_thumb_read_no_hidden_card():
    """The basic policy gives the same card in every full deal that fits the seat's view."""
    for game in positions(12, seed=4):
        seat = game.to_move
        view = game.view(seat).to_dict()
        picked = set()
        deals = set()
        for k in range(5):
            world = mililla.Game.from_view(view, random.Random(k))
            deals.add(tuple(str(world.hand(s)) for s in range(4)))
            state = world.state
            voids = voids_of(state.plays, state.play_seats, state.trump, state.higher)
            picked.add(pick(state, voids)[0])
        assert len(picked) == 1
        if sum(view["hand_sizes"]) - len(view["hand"]) > 2:
            assert len(deals) > 1  # the hidden cards really were dealt differently


def test_basic_does_not_depend_on_the_random_generator():
    for game in positions(10, seed=5):
        view = game.view(game.to_move).to_dict()
        basic = bots.make_bot("basic", None)
        assert len({basic.choose(view, random.Random(k)).move for k in range(4)}) == 1


def test_basic_smears_the_ace_when_the_partner_surely_wins():
    game = after(SMEAR_DEAL, "East: 2C KC 3C")
    choice = choose("basic", game)
    assert choice.move == "AC"
    assert "partner is winning the trick with the King of cups" in choice.reason
    assert "you play last" in choice.reason and "4 points" in choice.reason


def test_expert_also_gives_the_partner_the_ace():
    game = after(SMEAR_DEAL, "East: 2C KC 3C")
    choice = choose("expert", game, budget=40)
    assert choice.move == "AC"
    assert "simulated endings" in choice.reason and "4 of cups" in choice.reason


def test_basic_leads_the_highest_card_left_of_a_side_suit():
    game = after(D1)  # South leads; the King of swords is South's, coins are trumps
    choice = choose("basic", game)
    assert choice.move == "KE"
    assert "highest sword left" in choice.reason


def test_basic_takes_the_trick_cheaply_when_it_must_beat():
    # East leads the 2 of cups; North has only cups above it, so must beat
    game = after(SMEAR_DEAL, "East: 2C")
    choice = choose("basic", game)
    assert {str(c) for c in game.view(2).legal} == {"KC", "HC"}
    assert choice.move == "KC"  # the King cannot be beaten
    assert "nobody after you can beat it" in choice.reason


def test_a_forced_card_names_the_rule_that_forces_it():
    forced = [g for g in positions(40, seed=6) if len(g.legal_moves()) == 1]
    assert forced
    for game in forced[:8]:
        for level in ("basic", "expert"):
            choice = choose(level, game)
            rule = game.explain(choice.move).rule
            assert rule in RULES and f"({rule})" in choice.reason
            assert "only card you may play" in choice.reason


def test_tags_cover_the_rules_of_thumb_over_playouts():
    seen = set()
    for game in positions(60, seed=7):
        while not game.deal_over:
            state = game.state
            voids = voids_of(state.plays, state.play_seats, state.trump, state.higher)
            card, tag = pick(state, voids)
            seen.add(tag)
            game.play(mililla.tables.CARDS[card])
    assert seen >= {Tag.ONLY, Tag.LEAD_BOSS, Tag.LEAD_LOW, Tag.SMEAR, Tag.WIN_SAFE, Tag.DUCK}


def test_expert_reason_reports_the_simulations_its_budget_allows():
    game = next(g for g in positions(20, seed=8) if len(g.legal_moves()) >= 3)
    candidates = len(game.legal_moves())
    choice = choose("expert", game, budget=60)
    assert f"in {60 // candidates} simulated endings" in choice.reason
    assert "% of the rounds" in choice.reason and "next best" in choice.reason


@pytest.mark.parametrize(
    "rules",
    [
        mililla.Rules(traditional_rank=True),
        mililla.Rules(clockwise=True, seven_rule="off"),
        mililla.Rules(seven_rule="earlier-tricks", bonus_after_round=True),
    ],
)
def test_bots_play_legal_cards_under_variant_rules(rules):
    rng = random.Random(12)
    for number in range(3):
        game = mililla.new_game(number, rules)
        seats = ["basic", "expert", "basic", "random"]
        while not game.deal_over:
            seat = game.to_move
            bot = make_any_bot("mililla", seats[seat], 12)
            choice = bot.choose(game.view(seat).to_dict(), random.Random(rng.random()))
            assert choice.move in {str(m) for m in game.legal_moves()}
            game.play(choice.move)
        assert sum(game.deal_result()["points"]) == mililla.ROUND_POINTS


def test_a_view_where_the_seat_is_not_to_move_is_refused_and_left_alone():
    game = positions(1, seed=9)[0]
    other = (game.to_move + 1) % 4
    view = game.view(other).to_dict()
    before = repr(view)
    for level in ("basic", "expert"):
        with pytest.raises(ValueError, match="not to move"):
            bots.make_bot(level, SMALL).choose(view, random.Random(0))
    assert repr(view) == before
    with pytest.raises(ValueError, match="Mililla seat's view"):
        bots.make_bot("basic", None).choose({"game": "mille"}, random.Random(0))


def test_make_bot_levels_and_budgets():
    assert make_any_bot("mililla", "basic").level == "basic"
    expert = make_any_bot("mililla", "expert", 50)
    assert expert.level == "expert" and expert.budget == 50
    assert bots.make_bot("expert", None).budget == bots.DEFAULT_BUDGET
    for bad in (0, -3, 2.5, True, "10"):
        with pytest.raises(ValueError, match="budget"):
            bots.make_bot("expert", bad)
    with pytest.raises(ValueError, match="unknown Mililla bot level"):
        bots.make_bot("random", None)


def test_basic_beats_random_in_a_small_duplicate_match():
    summary = tournament.run("mililla", "basic", "random", deals=20, seed=1)
    assert summary.win_rate >= 0.6 and summary.mean_margin > 5


def _perfect_play_points(game: mililla.Game, team: int) -> int:
    """The team's points at the end of the round by plain minimax over the engine itself."""
    if game.phase is not mililla.Phase.PLAY:
        return game.view(0).points[team]
    results = []
    for move in game.legal_moves():
        after_move = game.clone()
        after_move.play(move)
        results.append(_perfect_play_points(after_move, team))
    return max(results) if game.to_move % 2 == team else min(results)


@pytest.mark.parametrize("seed", range(8))
def test_the_endgame_solver_agrees_with_plain_minimax_over_the_engine(seed):
    rng = random.Random(seed)
    game = mililla.new_game(seed)
    cards_left = 6 + seed % 4  # some positions mid-trick, some at a trick's start
    while sum(game.view(0).hand_sizes) > cards_left:
        game.play(rng.choice(game.legal_moves()))
    before = game.to_json()
    legal = game.legal_moves()
    team = game.to_move % 2
    expected = []
    for move in legal:
        after_move = game.clone()
        after_move.play(move)
        expected.append(_perfect_play_points(after_move, team))
    assert solve_each(Board(game.state), [move.index for move in legal]) == expected
    assert game.to_json() == before  # the solver works on its own board, never the game
