"""The Mille bots: legal, deterministic, blind to hidden cards, and saying why.

Positions come from seeded games (bots of every level playing each other, some under
rule variants) and from readable position texts for the rules of thumb.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from mille_helpers import game_at

from cardschool.engine import mille
from cardschool.engine.bots import RandomBot, make_bot
from cardschool.engine.mille.bots import DEFAULT_BUDGET, BasicBot, ExpertBot
from cardschool.engine.mille.bots import make_bot as mille_make_bot
from cardschool.engine.mille.bots.estimates import SHARP
from cardschool.engine.mille.bots.knowledge import Knowledge
from cardschool.engine.mille.bots.model import Table
from cardschool.engine.mille.bots.policy import plan_for
from cardschool.engine.mille.bots.search import candidates, search
from cardschool.engine.mille.tables import RANK, SYM, face_of
from cardschool.engine.rulebook import RULES
from cardschool.engine.tournament import run

SMALL = 24
"""An expert budget small enough for tests (the default is ``DEFAULT_BUDGET``)."""

VARIANTS = [
    mille.Rules(),
    mille.Rules(pile_pair_may_use_wild=True, first_two_any=True),
    mille.Rules(min_naturals=2, wilds_at_most_naturals=True),
    mille.Rules(many_melds_per_rank=True, reshuffle_when_stock_empty=True),
]


def positions(count: int, seed: int, every: int = 1) -> list[mille.Game]:
    """Games at ``count`` seeded positions where someone is to move, from mixed play."""
    found: list[mille.Game] = []
    players = [RandomBot(), BasicBot()]
    number = 0
    while len(found) < count:
        rules = VARIANTS[number % len(VARIANTS)]
        game = mille.new_game(seed + number, rules)
        rng = random.Random(seed + number)
        levels = (players[number % 2], players[(number // 2) % 2])
        ply = 0
        while not game.deal_over and len(found) < count:
            if ply % every == 0:
                found.append(game.clone())
            seat = game.to_move
            game.play(levels[seat].choose(game.view(seat).to_dict(), rng).move)
            ply += 1
        number += 1
    return found


def cards_of(move: str) -> list[str]:
    """The card symbols a move names, as the reasons print them (``9♥``)."""
    return [SYM[card.index] for card in mille.Move.parse(move).cards]


def assert_reason_fits(move: str, reason: str) -> None:
    """A reason is a sentence that names the move's cards (or its kind) and a real rule."""
    assert reason and reason[0].isupper() and reason.endswith(".")
    word = move.split()[0]
    if word in ("stock", "pile"):
        assert word in reason.lower()
    for card in cards_of(move):
        assert card in reason, (move, reason)
    ids = re.findall(r"\((mille\.[a-z.-]+)\)", reason)
    assert ids and all(rule in RULES for rule in ids), reason


# -- legal moves ------------------------------------------------------------------------


def test_basic_plays_a_legal_move_in_every_position():
    bot = make_bot("mille", "basic")
    for number, game in enumerate(positions(400, seed=11)):
        view = game.view(game.to_move).to_dict()
        choice = bot.choose(view, random.Random(number))
        assert game.explain(choice.move).legal, (choice, game.position())
        assert_reason_fits(choice.move, choice.reason)


def test_expert_plays_a_legal_move_in_every_position():
    bot = make_bot("mille", "expert", SMALL)
    for number, game in enumerate(positions(30, seed=500, every=5)):
        view = game.view(game.to_move).to_dict()
        choice = bot.choose(view, random.Random(number))
        assert game.explain(choice.move).legal, (choice, game.position())
        assert_reason_fits(choice.move, choice.reason)


def test_whole_hands_between_the_levels_finish():
    bots = [make_bot("mille", "basic"), make_bot("mille", "expert", 12)]
    for seed, rules in enumerate(VARIANTS):
        game = mille.new_game(900 + seed, rules)
        rng = random.Random(seed)
        while not game.deal_over:
            seat = game.to_move
            game.play(bots[seat].choose(game.view(seat).to_dict(), rng).move)
        assert game.deal_result()["ended"] in ("went-out", "stock-empty")


def test_a_bot_refuses_a_view_where_its_seat_is_not_to_move():
    game = mille.new_game(4)
    seat = game.to_move
    for bot in (BasicBot(), ExpertBot(SMALL)):
        with pytest.raises(ValueError, match="not to move"):
            bot.choose(game.view(1 - seat).to_dict(), random.Random(0))


def test_expert_budget_must_be_a_positive_whole_number():
    assert ExpertBot().budget == DEFAULT_BUDGET
    for bad in (0, -3, 2.5, True, "100"):
        with pytest.raises(ValueError, match="budget"):
            ExpertBot(bad)  # type: ignore[arg-type]


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="basic or expert"):
        mille_make_bot("grandmaster", None)


# -- determinism ------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["basic", "expert"])
def test_same_view_and_seed_give_the_same_choice(level):
    bot = make_bot("mille", level, SMALL)
    for number, game in enumerate(positions(12, seed=77, every=4)):
        view = game.view(game.to_move).to_dict()
        first = bot.choose(view, random.Random(number))
        fresh = make_bot("mille", level, SMALL)
        again = fresh.choose(game.view(game.to_move).to_dict(), random.Random(number))
        assert first == again


# -- the no-peeking test -----------------------------------------------------------------


@pytest.mark.parametrize("level", ["basic", "expert"])
def test_choice_ignores_how_the_hidden_cards_lie(level):
    """Reshuffle what the seat cannot see, in ways consistent with its view: same choice."""
    bot = make_bot("mille", level, SMALL)
    checked = 0
    for number, game in enumerate(positions(60, seed=300, every=6)):
        seat = game.to_move
        view = game.view(seat).to_dict()
        expected = bot.choose(view, random.Random(42))
        moved = False
        for k in range(4):
            other = mille.Game.from_view(view, random.Random(1000 * number + k))
            assert other.view(seat).to_dict() == view
            moved |= other.hand(1 - seat) != game.hand(1 - seat) or other.position() != (
                game.position()
            )
            assert bot.choose(other.view(seat).to_dict(), random.Random(42)) == expected
        checked += moved
    assert checked >= 8  # the hidden cards really were dealt differently


def test_the_view_a_bot_gets_hides_the_opponent_hand_and_the_stock():
    game = mille.new_game(21)
    seat = game.to_move
    text = repr(game.view(seat).to_dict())
    hidden = [str(card) for card in game.hand(1 - seat)]
    mine = {str(card) for card in game.hand(seat)}
    pile = {str(card) for card in game.view(seat).pile}
    unseen = [card for card in hidden if card not in mine and card not in pile]
    assert unseen and not any(f"'{card}'" in text for card in unseen)


# -- the rules of thumb, on readable positions ---------------------------------------------


def choose_basic(text: str) -> tuple[str, str]:
    game = game_at(text)
    choice = BasicBot().choose(game.view(game.to_move).to_dict(), random.Random(0))
    return choice.move, choice.reason


def test_basic_takes_a_pile_that_gives_a_meld():
    move, reason = choose_basic(
        """
        to move: South
        South hand: 9H 9C KD 5S 4C 7D 8H JS QH 3C 6D 10S AH
        North hand: +13
        pile: ... 4D 9S
        stock: 60
        """
    )
    assert move == "pile 9H 9C"
    assert "9♠" in reason and "(mille.draw.pile)" in reason


def test_basic_draws_from_the_stock_without_a_pair():
    move, reason = choose_basic(
        """
        to move: South
        South hand: 9H KC KD 5S 4C 7D 8H JS QH 3C 6D 10S AH
        North hand: +13
        pile: ... 4D 9S
        stock: 60
        """
    )
    assert move == "stock"
    assert "only one" in reason and "(mille.draw.stock)" in reason


def test_basic_melds_a_natural_triple():
    move, reason = choose_basic(
        """
        to move: South
        phase: meld
        South hand: KH KC KD 5S 4C 7D 8H JS QH 3C 6D 10S AH 2C
        North hand: +13
        pile: ... 4D
        stock: 60
        """
    )
    assert move == "meld KH KD KC"
    assert "three Kings worth 30 points" in reason


def test_basic_keeps_its_pair_and_its_two_and_lets_a_lone_card_go():
    move, reason = choose_basic(
        """
        to move: South
        phase: meld
        South hand: KH KC 7D 7H 5S 2C
        South melds: 9H 9C 9S
        North hand: +10
        North melds: 5H 5D 5C
        pile: ... 4D
        stock: 60
        """
    )
    assert move == "discard 5S"
    assert "melded fives" in reason and "(mille.discard)" in reason


def test_basic_goes_out_when_its_hand_allows():
    move, reason = choose_basic(
        """
        to move: South
        phase: meld
        South hand: 7H 7C 7D 4S
        South melds: 9H 9C 9S
        North hand: +10
        pile: ... 4D
        stock: 60
        """
    )
    assert move == "meld 7H 7D 7C"
    assert "discard the 4♠ and go out" in reason


def test_basic_uses_a_two_when_the_opponent_is_about_to_go_out():
    move, reason = choose_basic(
        """
        to move: South
        phase: meld
        South hand: QH QC 2D 8S 6C 3H
        South melds: 9H 9C 9S
        North hand: +2
        North melds: KH KC KD | 5H 5D 5C
        pile: ... 4D
        stock: 40
        """
    )
    assert move == "meld QH QC 2D"
    assert "down to two cards" in reason


# -- strength -----------------------------------------------------------------------------


def test_basic_beats_random_over_a_small_duplicate_match():
    summary = run("mille", "basic", "random", deals=20, seed=5)
    assert summary.win_rate >= 0.75, summary


def test_expert_reason_reports_its_simulations():
    game = game_at(
        """
        to move: South
        phase: meld
        South hand: QS QH 2D 8S 6C 3H JD 10C
        South melds: 9H 9C 9S
        North hand: +8
        North melds: KH KC KD
        pile: ... 4D
        stock: 50
        """
    )
    choice = ExpertBot(40).choose(game.view(0).to_dict(), random.Random(3))
    assert game.explain(choice.move).legal
    assert re.search(
        r"won \d+% of \d+ simulated endings|Played to the end of the hand \d+ times", choice.reason
    ), choice.reason
    assert_reason_fits(choice.move, choice.reason)


# -- the bots' fast model keeps the rules as the engine does ------------------------------


def table_from_position(game: mille.Game) -> Table:
    """The bots' model of a game, read from the game's position text only."""
    lines = {}
    for line in game.position().splitlines():
        key, _, value = line.partition(":")
        lines[key.strip().lower()] = value.split()
    t = Table(game.rules)
    for seat, name in enumerate(("south", "north")):
        t.give(seat, [face_of(c) for c in lines[f"{name} hand"]])
        for c in lines[f"{name} known"]:
            t.known[seat][RANK[face_of(c)]] += 1
        melds = " ".join(lines[f"{name} melds"]).split("|")
        for meld in filter(str.strip, melds):
            faces = [face_of(c) for c in meld.split()]
            natural = [RANK[f] for f in faces if RANK[f] != 2]
            t.lay(seat, natural[0] if natural else 2, faces)
    t.set_pile([face_of(c) for c in lines["pile"]])
    t.stock = [face_of(c) for c in lines["stock"]][::-1]
    t.to_move = {"south": 0, "north": 1}[lines["to move"][0].lower()]
    t.phase = mille.Phase(lines["phase"][0])
    t.first_turn = lines["first turn"] == ["yes"]
    return t


def test_the_model_plays_a_hand_exactly_as_the_engine_does():
    """Moves of every kind (random and basic), every variant: same cards, same scores."""
    for number in range(24):
        rules = VARIANTS[number % 3]  # the reshuffle variant shuffles with another generator
        game = mille.new_game(40 + number, rules)
        rng = random.Random(number)
        basic = BasicBot()
        while not game.deal_over:
            t = table_from_position(game)
            seat = game.to_move
            if rng.random() < 0.5:
                move = basic.choose(game.view(seat).to_dict(), rng).move
            else:
                move = str(rng.choice(game.legal_moves()))
            parsed = mille.Move.parse(move)
            faces = tuple(card.index for card in parsed.cards)
            rank = int(parsed.rank) if parsed.rank else max((RANK[f] for f in faces), default=0)
            t.apply((parsed.kind, faces, rank))
            game.play(move)
            if game.deal_over:
                assert [t.score(0), t.score(1)] == game.deal_result()["scores"]
                assert t.went_out == game.deal_result()["went_out"]
            else:
                again = table_from_position(game)
                assert (t.hands, t.pile, t.stock) == (again.hands, again.pile, again.stock)
                assert (t.pile_ranks, t.pile_points, t.meld_ranks) == (
                    again.pile_ranks,
                    again.pile_points,
                    again.meld_ranks,
                )
                assert (t.to_move, t.phase, t.meld_val) == (
                    again.to_move,
                    again.phase,
                    again.meld_val,
                )


SHORT_STOCK = """
    to move: South
    South hand: +11
    North hand: +11
    pile: ... 9S
    stock: 3
    """
PILE_VARIANTS = [
    mille.Rules(),
    mille.Rules(pile_pair_may_use_wild=True),
    mille.Rules(pile_pair_may_use_wild=True, min_naturals=2),
    mille.Rules(pile_pair_may_use_wild=True, min_naturals=3),
    mille.Rules(pile_pair_may_use_wild=True, wilds_at_most_naturals=True),
    mille.Rules(min_naturals=3, first_two_any=True, reshuffle_when_stock_empty=True),
]


def test_the_model_may_take_the_pile_or_end_the_hand_exactly_when_the_engine_does():
    """In every draw of random hands: the model's pile and stock predicates are the engine's.

    Each hand starts with a short stock, so that draws from an empty one are met often.
    """
    checked = ended = 0
    for number in range(36):
        rules = PILE_VARIANTS[number % len(PILE_VARIANTS)]
        game = game_at(SHORT_STOCK, rules, seed=70 + number)
        rng = random.Random(number)
        while not game.deal_over:
            if game.phase is mille.Phase.DRAW:
                t = table_from_position(game)
                kinds = {move.kind for move in game.legal_moves()}
                assert t.can_take_pile(game.to_move) == (mille.MoveKind.PILE in kinds)
                after = game.clone()
                after.play("stock")  # always legal when the hand goes on (mille.draw.stock-empty)
                assert t.stock_ends_hand() == after.deal_over
                checked += 1
                ended += after.deal_over
            game.play(rng.choice(game.legal_moves()))
    assert checked > 200 and ended > 5


def test_no_clock_can_change_the_experts_choice(monkeypatch):
    """The search reads no clock: with every clock of ``time`` refusing to answer, each
    seeded position gets the same move and the same figures as with the clocks."""
    views = []
    for game in positions(40, seed=77, every=3):
        views.append(game.view(game.to_move).to_dict())
    bot = ExpertBot(60)
    expected = [bot.choose(view, random.Random(k)) for k, view in enumerate(views)]

    def no_clock() -> float:
        raise AssertionError("the expert read a clock")

    for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time"):
        monkeypatch.setattr(time, name, no_clock)
    got = [bot.choose(view, random.Random(k)) for k, view in enumerate(views)]
    assert got == expected
    assert len({c.move for c in expected}) > 5  # real decisions, not one move again
    game = game_at(
        """
        to move: South
        phase: meld
        South hand: QS QH 2D 8S 6C 3H JD 10C
        North hand: +8
        pile: ... 4D
        stock: 50
        """
    )
    knowledge = Knowledge(game.view(0).to_dict())
    table = knowledge.sample(random.Random(0))
    plans = candidates(table, plan_for(table, SHARP)[0])
    full = search(knowledge, plans, 60, random.Random(1), SHARP)
    assert full[0].runs > 0 and sum(o.runs for o in full) >= 60
