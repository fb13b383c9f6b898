"""The expert's judgement (``engine/judgement.py``): the clearly best move, from the mover's
view only, on paired simulations; and the exercises' ``best`` play goal built on it."""

import random
import time

import pytest

from cardschool.engine.exercises import Play, answers, judge, load_text
from cardschool.engine.exercises.answers import NO_CLEAR_BEST
from cardschool.engine.exercises.check import check_text
from cardschool.engine.games import GAMES, game_spec
from cardschool.engine.judgement import BATCH, DEALS, FIRST_LOOK, MARGIN, Z, clear_best
from cardschool.engine.messages import render

# South discards to end its turn. North holds only the 8C and 8D, and South knows it (they
# came from the pile): discarding the 8H lets North take the pile, meld the 8s and go out
# with the 3D. The 4C is safe.
MILLE_NEEDS = """
to move: South
phase: meld
South hand: 8H 4C
South melds: KH KS KC | 9S 9D 9H
North hand: 8C 8D
North known: 8C 8D
North melds: 5H 5S 5C
pile: 3D
"""
# South is far ahead and keeps one low card whichever it discards: the 4H and the 6D are
# worth the same here.
MILLE_EQUAL = """
to move: South
phase: meld
South hand: 4H 6D
South melds: KH KS KC | 9S 9D 9H | AH AD AC
North hand: +6
pile: 3D
"""
# Coins are trumps; East leads the 4 of coins and North has played the Jack of trumps.
# South must follow with a coin: the Ace takes the trick and wins the round, the 6 loses it.
MILILLA_FORCED = """
dealer North
trump JO
South: 6O AO
East: 5O
North: AB
West: 6C
trick West: 3C KC KO 2C
trick East: KB 6B 3B 4B
trick East: 3E KE 4E 7E
trick North: HB 5B 7C 2B
trick North: JB 3O HO 7B
trick South: 5E HE 2E AC
trick East: AE JE 7O 6E
trick West: 4C HC 2O JC
trick East: 4O JO 5C
"""
# South's team has the round whichever club South plays.
MILILLA_EQUAL = """
dealer North
trump KO
South: HC JC
East: 7C AB
North: 7O
West: AE
trick West: 3E 7E JE KE
trick North: KC 3C 5C 2C
trick North: KO 2O HO 3O
trick North: JO 4C 5O 2E
trick North: 5E HE 2B 6E
trick West: 4B 5B KB AO
trick North: 4O 6C 7B 3B
trick North: 6O 6B JB HB
trick North: AC 4E
"""


def game_at(name: str, text: str, seed: int = 0):
    spec = game_spec(name)
    return spec.game_type.from_position(text, spec.default_rules(), seed)


@pytest.mark.parametrize(
    ("name", "text", "best"),
    [("mille", MILLE_NEEDS, "discard 4C"), ("mililla", MILILLA_FORCED, "AO")],
)
def test_a_clearly_best_move_is_clear(name, text, best):
    judgement = clear_best(game_at(name, text))
    assert judgement.clear
    assert judgement.best == best
    assert judgement.seat == 0
    assert judgement.measure == game_spec(name).outcomes.measure
    assert judgement.deals >= 100
    for other in judgement.moves[1:]:
        assert other.lead >= MARGIN and other.lead > Z * other.lead_error
        assert other.clearly_worse
    assert judgement.moves[0].lead == 0.0


@pytest.mark.parametrize(("name", "text"), [("mille", MILLE_EQUAL), ("mililla", MILILLA_EQUAL)])
def test_equivalent_moves_are_not_clear(name, text):
    judgement = clear_best(game_at(name, text))
    assert len(judgement.moves) == 2
    assert not judgement.clear
    assert not judgement.moves[1].clearly_worse


def test_every_legal_move_is_judged_the_best_first():
    game = game_at("mille", MILLE_NEEDS)
    judgement = clear_best(game, deals=20)
    assert sorted(m.move for m in judgement.moves) == sorted(str(m) for m in game.legal_moves())
    values = [m.value for m in judgement.moves]
    assert values == sorted(values, reverse=True)
    assert judgement.value_of("discard 8H") is judgement.moves[1]
    assert judgement.value_of("discard QS") is None


@pytest.mark.parametrize(("name", "text"), [("mille", MILLE_EQUAL), ("mililla", MILILLA_EQUAL)])
def test_the_same_seed_gives_the_same_judgement(name, text):
    game = game_at(name, text)
    assert clear_best(game, seed=3, deals=40) == clear_best(game, seed=3, deals=40)


def test_another_seed_draws_other_deals():
    game = game_at("mille", MILLE_EQUAL)
    one, two = (clear_best(game, seed=seed, deals=40) for seed in (1, 2))
    assert [m.value for m in one.moves] != [m.value for m in two.moves] or one.best != two.best


@pytest.mark.parametrize("name", sorted(GAMES))
def test_it_never_reads_the_hidden_cards(name):
    """Two games that give the mover the same view, with other hidden cards, judge alike."""
    spec = game_spec(name)
    game = spec.new_game(5, spec.default_rules())
    bot = spec.make_bot("basic", None)
    rng = random.Random(5)
    for _ in range(9):
        game.play(bot.choose(game.view(game.to_move).to_dict(), rng).move)
    seat = game.to_move
    view = game.view(seat).to_dict()
    one = spec.game_type.from_view(view, random.Random(1))
    two = spec.game_type.from_view(view, random.Random(2))
    assert one.view(seat).to_dict() == two.view(seat).to_dict() == view
    assert one.position() != two.position()  # the hidden cards differ
    assert clear_best(one, deals=30) == clear_best(two, deals=30) == clear_best(game, deals=30)


def test_a_forced_move_is_not_called_clear():
    game = game_at("mililla", MILILLA_FORCED)
    game.play("AO")
    while game.to_move is not None and len(game.legal_moves()) > 1:
        game.play(game.legal_moves()[0])
    assert game.to_move is not None, "the position should leave the mover one card, not end"
    judgement = clear_best(game)
    assert judgement.forced and not judgement.clear and judgement.deals == 0


def test_bad_arguments():
    game = game_at("mille", MILLE_NEEDS)
    with pytest.raises(ValueError, match="not to move"):
        clear_best(game, 1)
    with pytest.raises(ValueError, match="deals"):
        clear_best(game, deals=1)


@pytest.mark.parametrize(("name", "text"), [("mille", MILLE_NEEDS), ("mililla", MILILLA_FORCED)])
def test_one_judgement_is_fast_enough_for_the_checker(name, text):
    game = game_at(name, text)
    start = time.perf_counter()
    clear_best(game)
    assert time.perf_counter() - start < 2.0


BATCHED = sorted(name for name, spec in GAMES.items() if spec.outcomes.batched)


@pytest.mark.parametrize("name", BATCHED)
def test_batches_of_deals_are_the_deals_of_one_run(name):
    """Stopping early only leaves out deals: the first ones are those of a full run."""
    game = game_at(name, MILLE_NEEDS)
    view = game.view(0).to_dict()
    moves = [str(move) for move in game.legal_moves()]
    simulate = game_spec(name).outcomes.simulate
    whole = simulate(view, moves, 30, random.Random(4))
    rng = random.Random(4)
    assert simulate(view, moves, 20, rng) + simulate(view, moves, 10, rng) == whole


@pytest.mark.parametrize(("text", "clear"), [(MILLE_NEEDS, True), (MILLE_EQUAL, False)])
def test_a_settled_judgement_stops_early_with_the_full_runs_verdict(text, clear):
    game = game_at("mille", text)
    full, early = clear_best(game, early=False), clear_best(game)
    assert full.deals == DEALS and FIRST_LOOK <= early.deals < DEALS
    assert (early.deals - FIRST_LOOK) % BATCH == 0
    assert early.clear == full.clear == clear and early.best == full.best
    first = clear_best(game, deals=early.deals, early=False)
    assert early == first  # the same deals as a run of that length, judged alike


def test_a_game_whose_deals_come_in_one_run_never_stops_early():
    assert "mille" in BATCHED and "mililla" not in BATCHED
    assert clear_best(game_at("mililla", MILILLA_EQUAL)).deals == DEALS


def test_moves_far_behind_are_left_out_and_the_verdict_is_the_full_runs():
    """A meld turn with many moves (the costly kind): the ones far behind are judged on
    the deals they were played on, stay clearly worse, and the verdict is unchanged."""
    spec = game_spec("mille")
    game, rng = spec.new_game(23, spec.default_rules()), random.Random(23)
    while not (game.view(0).phase.value == "meld" and 12 <= len(game.legal_moves()) <= 20):
        game.play(rng.choice(list(game.legal_moves())))
    full, early = clear_best(game, deals=200, early=False), clear_best(game, deals=200)
    behind = [m for m in early.moves if m.deals < early.deals]
    assert behind and all(m.deals >= FIRST_LOOK and m.clearly_worse for m in behind)
    assert early.clear == full.clear and (not full.clear or early.best == full.best)
    assert sum(m.deals for m in early.moves) < sum(m.deals for m in full.moves)


# -- the exercises' best goal ----------------------------------------------------------------


def best_exercise(name: str, text: str, rules: str, id: str = "t.best") -> str:
    return (
        f'[[exercise]]\nid = "{id}"\ngame = "{name}"\nrules = ["{rules}"]\n'
        'prompt.en = "Play the best move."\nprompt.fr = "Jouez le meilleur coup."\n'
        'prompt.es = "Haz la mejor jugada."\ntask = "play"\ngoal = "best"\n'
        f'position = """{text}"""\n'
    )


def test_a_best_goal_exercise_answers_with_the_judgement():
    text = best_exercise("mille", MILLE_NEEDS, "mille.discard")
    (exercise,) = load_text(text)
    assert exercise.task == Play("best")
    assert answers(exercise) == ("discard 4C",)
    right = judge(exercise, "discard 4C")
    assert right.right
    wrong = judge(exercise, "discard 8H")
    assert not wrong.right
    assert "the expert prefers discarding the 4♣" in wrong.text
    assert "the chance to win the hand is about" in wrong.text and "%" in wrong.text
    assert check_text(text, "t.toml") == (1, [])


def test_a_best_goal_exercise_in_mililla():
    text = best_exercise("mililla", MILILLA_FORCED, "mililla.follow")
    (exercise,) = load_text(text)
    assert answers(exercise) == ("AO",)
    assert not judge(exercise, "6O").right


@pytest.mark.parametrize(
    ("name", "text", "rule"),
    [("mille", MILLE_EQUAL, "mille.discard"), ("mililla", MILILLA_EQUAL, "mililla.follow")],
)
def test_the_checker_reports_a_best_goal_without_a_clear_best(name, text, rule):
    exercise_text = best_exercise(name, text, rule)
    count, problems = check_text(exercise_text, "t.toml")
    assert count == 1
    assert len(problems) == 1
    assert render(NO_CLEAR_BEST) in problems[0].message
    assert problems[0].id == "t.best" and problems[0].line == 2
    (exercise,) = load_text(exercise_text)
    assert answers(exercise) == ()
    assert judge(exercise, str(game_at(name, text).legal_moves()[0])).text == render(NO_CLEAR_BEST)


def test_a_move_interchangeable_with_the_best_is_right_too():
    """Mille lists one move per choice; the same discard with a card of the same kind counts."""
    position = MILLE_NEEDS.replace("South hand: 8H 4C", "South hand: 8H 4C 4D")
    (exercise,) = load_text(best_exercise("mille", position, "mille.discard"))
    best = answers(exercise)
    assert len(best) == 1 and best[0].startswith("discard 4")
    assert judge(exercise, "discard 4C").right and judge(exercise, "discard 4D").right
    assert not judge(exercise, "discard 8H").right
