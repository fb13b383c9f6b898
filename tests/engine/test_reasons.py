"""The strategy lessons' ideas, worked out from the position (issue 24 items 4 and 5).

Each reason has a named position (the strategy exercises' positions, read by id, and a few
of our own), and the idea it must find for one move there. The feedback of a strategy
exercise names the idea before the figures, a right try after a wrong one says what made
it right, and every exercise of the path comes at or after the lessons it needs.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from cardschool.engine.advice import advise
from cardschool.engine.exercises.answers import game_of, judge
from cardschool.engine.exercises.load import load_file
from cardschool.engine.exercises.order import check_order, untaught
from cardschool.engine.games import game_spec
from cardschool.engine.learning_path import load_path
from cardschool.engine.messages import catalog_of, render
from cardschool.engine.reasons import against, lesson_reasons
from cardschool.engine.session import Session

TUTORIAL = Path(__file__).resolve().parents[2] / "tutorial"


def exercise(game: str, ident: str):
    """A strategy exercise of the shipped files, by id."""
    for path in sorted((TUTORIAL / "exercises" / game).glob("*.toml")):
        for found in load_file(path):
            if found.id == ident:
                return found
    raise LookupError(ident)


def ids(game, move: str, *, chosen: bool = False) -> list[str]:
    """The reasons' message ids for a move of the seat to move."""
    return [said.id for said in lesson_reasons(game, move, chosen=chosen)]


# (game, named position, move, the idea's message id)
POSITIONS = [
    ("mililla", "mililla.strategy.trumps.keep-the-jack", "6O", "mililla:reason.keep-top-trump"),
    (
        "mililla",
        "mililla.strategy.trumps.keep-the-jack",
        "JO",
        "mililla:reason.against.spends-high-trump",
    ),
    ("mililla", "mililla.strategy.trumps.keep-the-jack", "JO", "mililla:reason.take-points"),
    ("mililla", "mililla.strategy.lead.cups", "6C", "mililla:reason.afford-to-lose"),
    ("mililla", "mililla.strategy.lead.cups", "AC", "mililla:reason.to-partner"),
    ("mililla", "mililla.strategy.lead.cups", "7B", "mililla:reason.against.leads-points"),
    (
        "mililla",
        "mililla.strategy.lead.keep-the-boss",
        "JB",
        "mililla:reason.against.leads-sure-winner",
    ),
    ("mililla", "mililla.strategy.sevens.to-partner", "7B", "mililla:reason.seven-to-partner"),
    ("mililla", "mililla.strategy.sevens.to-partner", "HC", "mililla:reason.points-to-partner"),
    ("mililla", "mililla.strategy.sevens.not-to-them", "5B", "mililla:reason.keep-seven"),
    ("mililla", "mililla.strategy.sevens.not-to-them", "7O", "mililla:reason.against.gives-seven"),
    ("mille", "mille.strategy.discard.queen", "discard QS", "mille:reason.shed"),
    ("mille", "mille.strategy.discard.jack", "discard JD", "mille:reason.shed"),
    (
        "mille",
        "mille.strategy.discard.queen",
        "discard 8H",
        "mille:reason.against.keeps-queen-jack",
    ),
    ("mille", "mille.strategy.natural.out", "meld 9H 9D 9C", "mille:reason.natural"),
    ("mille", "mille.strategy.natural.out", "discard 2D", "mille:reason.against.meld-first"),
    ("mille", "mille.discard.best", "discard 4C", "mille:reason.safe-discard"),
    ("mille", "mille.discard.best", "discard 8H", "mille:reason.against.feeds"),
    ("mille", "mille.strategy.natural.out", "meld 9H 9D 2D", "mille:reason.against.wild-two"),
    ("mille", "mille.strategy.pile.rich", "pile 9H 9C", "mille:reason.rich-pile-together"),
    (
        "mille",
        "mille.strategy.pile.rich",
        "stock",
        "mille:reason.against.leaves-rich-pile-together",
    ),
]


@pytest.mark.parametrize(("kind", "position", "move", "idea"), POSITIONS)
def test_each_reason_is_found_in_its_position(kind, position, move, idea):
    game = game_of(exercise(kind, position))
    assert idea in ids(game, move)
    assert all(render(said) for said in lesson_reasons(game, move, chosen=True))


POOR_PILE = """
to move: South
phase: draw
South hand: 9H 9C 5D 4H 7S 8D 3S 6H
North hand: +9
pile: KH 4C 9S
"""


def test_a_poor_pile_is_a_burden_and_the_stock_is_advised():
    spec = game_spec("mille")
    game = spec.game_type.from_position(POOR_PILE, spec.default_rules(), 0)
    assert ids(game, "pile 9H 9C") == ["mille:reason.against.burden-pile"]
    assert ids(game, "stock") == ["mille:reason.poor-pile"]


PILE_OF_KINGS_AND_ACES = """
to move: South
phase: draw
South hand: 9H 9C 5D 4H 7S 8D 3S 6H
North hand: +9
pile: KH KS KC AH AS AD 9S
"""
"""Issue 24: a pile whose Kings and Aces go with each other only (South holds none), its
top 9 with South's pair: the lesson said "7 of its 7 cards go with your hand or your
melds"."""


def test_a_pile_rich_by_its_own_sets_is_not_said_to_go_with_the_hand():
    spec = game_spec("mille")
    game = spec.game_type.from_position(PILE_OF_KINGS_AND_ACES, spec.default_rules(), 0)
    assert ids(game, "pile 9H 9C") == ["mille:reason.rich-pile-together"]
    assert ids(game, "stock") == ["mille:reason.against.leaves-rich-pile-together"]
    for move in ("pile 9H 9C", "stock"):
        words = render(lesson_reasons(game, move, chosen=True)[0])
        assert "7 of its 7 cards go with your hand, your melds or each other." in words
        assert "go with your hand or your melds" not in words
    # with a King in hand, the Kings go with the hand, the Aces still with each other only
    kings = PILE_OF_KINGS_AND_ACES.replace("3S 6H", "3S KD")
    game = spec.game_type.from_position(kings, spec.default_rules(), 0)
    assert ids(game, "pile 9H 9C") == ["mille:reason.rich-pile-together"]
    # a rich pile whose cards all go with the hand: its words are unchanged
    held = PILE_OF_KINGS_AND_ACES.replace("3S 6H", "KD AC").replace("KC AH AS AD 9S", "AH 9S")
    game = spec.game_type.from_position(held, spec.default_rules(), 0)
    assert ids(game, "pile 9H 9C") == ["mille:reason.rich-pile"]
    words = render(lesson_reasons(game, "pile 9H 9C", chosen=True)[0])
    assert "3 of its 4 cards go with your hand or your melds." in words


def test_a_low_trump_is_as_good_as_a_high_one_that_is_not_the_top():
    """The keep-the-Jack position with the Jack of coins at West: South's 7 is high, not top."""
    spec = game_spec("mililla")
    swapped = exercise("mililla", "mililla.strategy.trumps.keep-the-jack").position
    for old, new in (
        ("trump JO", "trump 6O"),
        ("South: JO 6O JC", "South: 7O 6O JC"),
        ("West: 7O 5O", "West: JO 5O"),
    ):
        swapped = swapped.replace(old, new)
    game = spec.game_type.from_position(swapped, spec.default_rules(), 0)
    assert "mililla:reason.low-trump" in ids(game, "6O")
    assert "mililla:reason.keep-top-trump" not in ids(game, "6O")
    assert ids(game, "7O") == ["mililla:reason.against.spends-high-trump"]


def test_the_reasons_read_the_position_not_the_moves_text():
    """The same discard, the opponent far from going out: the Q♠ is not a worry yet."""
    spec = game_spec("mille")
    far = exercise("mille", "mille.strategy.discard.queen").position.replace(
        "North hand: +3", "North hand: +9"
    )
    game = spec.game_type.from_position(far, spec.default_rules(), 0)
    assert ids(game, "discard 8H") == []


def test_a_but_is_said_only_of_the_experts_own_choice():
    game = game_of(exercise("mille", "mille.strategy.natural.out"))
    assert "mille:reason.but.close" in ids(game, "meld 9H 9D 2D", chosen=True)
    assert "mille:reason.but.close" not in ids(game, "meld 9H 9D 2D")
    words = render(lesson_reasons(game, "meld 9H 9D 2D", chosen=True)[-1])
    assert "may go out next turn" in words
    assert against(lesson_reasons(game, "meld 9H 9D 2D", chosen=False)[0])


def test_a_two_discarded_to_go_out_goes_out_natural():
    """The 2 discarded once the 9s are down takes the learner out natural; discarded before
    them, it left a meld in hand (the lesson's "discard the 2" said of a try refused)."""
    game = game_of(exercise("mille", "mille.strategy.natural.out"))
    assert "mille:reason.natural-discard" not in ids(game, "discard 2D")
    game.play("meld 9H 9D 9C")
    assert ids(game, "discard 2D") == ["mille:reason.natural-discard"]


def test_the_discard_exercise_names_the_idea_it_turns_on():
    """Discarding the 8♥ to North, who took the 8♣ and 8♦, was refused with figures only."""
    task = exercise("mille", "mille.discard.best")
    wrong, right = judge(task, "discard 8H"), judge(task, "discard 4C")
    assert wrong.text.startswith("Discard a card North cannot use: the 4 of clubs goes with none")
    assert "Discarding the 8 of hearts feeds North" in wrong.text
    assert right.right and "Discard a card North cannot use" in right.text


# -- the feedback of an exercise: the idea, then the figures; a right try says why --------

SEQUENCES = [
    ("mililla", "mililla.strategy.sevens.not-to-them", "7O", "5B", "Don't give a 7 away"),
    ("mililla", "mililla.strategy.lead.cups", "6C", "AC", "Lead to your partner"),
    ("mille", "mille.strategy.natural.out", "meld 9H 9D 2D", "meld 9H 9D 9C", "Go out natural"),
    ("mille", "mille.strategy.discard.queen", "discard 8H", "discard QS", "Get rid of the Q♠"),
]


@pytest.mark.parametrize(("kind", "ident", "wrong", "right", "idea"), SEQUENCES)
def test_a_wrong_then_a_right_try_each_name_the_idea(kind, ident, wrong, right, idea):
    task = exercise(kind, ident)
    refused = judge(task, wrong)
    assert not refused.right
    assert refused.text.startswith(idea)  # the reason first, then the figures
    assert refused.text.index(idea) < refused.text.index("%")
    accepted = judge(task, right)
    assert accepted.right
    assert idea in accepted.text and "is what the expert prefers" in accepted.text
    assert "any card is fine" not in accepted.text and "fine" not in accepted.text


def test_a_trick_won_after_a_card_refused_says_what_beats_what():
    """Mililla lesson 3 exercise 2: '2C does not win', then not 'any cup is fine'."""
    task = exercise("mililla", "mililla.trick.win-it")
    assert "does not win" in judge(task, "2C").text
    right = judge(task, "KC")
    assert right.right and "fine" not in right.text
    assert right.text == (
        "The King of cups wins the trick as things stand: it beats the 4 of cups, the card "
        "winning before it."
    )


# -- the path: an exercise asks only what its lesson or an earlier one has taught ---------


def test_every_exercise_of_the_path_comes_after_what_it_asks():
    assert check_order(TUTORIAL / "path.toml") == []


def test_a_best_move_exercise_needs_the_lesson_of_the_measure():
    """The exercise that asked which card wins the round sat in lesson 2 (following)."""
    path = load_path(TUTORIAL / "path.toml")
    taught = {rule for step in path.of_game("mililla")[:2] for rule in step.teaches}
    moved = exercise("mililla", "mililla.follow.best")
    assert untaught(moved, taught) == ["mililla.round.score"]
    shown = {
        e.id
        for step in path.of_game("mililla")[:4]
        for _f, es in path.shown(step.notebook)
        for e in es
    }
    assert moved.id not in shown


# -- the Coach names the idea beside its figures ------------------------------------------


def test_the_coach_names_the_lessons_idea():
    game = game_of(exercise("mille", "mille.strategy.discard.queen"))
    session = Session(game, ["human", "basic"])
    said = session.coach()
    assert said.move == "discard QS"
    assert said.text().startswith(
        "Get rid of the Q♠ and the J♦: the Queen of spades counts 100 against you if North goes "
        "out while you hold it."
    )
    # the one judgement: the session's coach is the Coach panel's, the review's, the exercises'
    assert said == advise(game)


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_every_idea_of_a_game_has_its_sentence(kind):
    """Each idea a game declares (``reasons.IDEAS``) is a catalog message, and every
    ``<game>:reason.*`` message is one of its ideas (or a form of one)."""
    module = importlib.import_module(f"cardschool.engine.{kind}.reasons")
    entries = catalog_of(f"{kind}:reason.x").entries
    ours = {key for key in entries if key.startswith(f"{kind}:reason.")}
    for idea in module.IDEAS:
        assert ours & {f"{kind}:reason.{p}{idea}" for p in ("", "against.", "but.")}, idea
    for key in ours:
        assert any(key.rsplit(".", 1)[-1].startswith(idea) for idea in module.IDEAS), key


PATH_FILE = """
[[game]]
name = "mililla"
title = "Mililla"

[[game.step]]
notebook = "mililla/following.ipynb"
title.en = "Following suit and beating"
title.fr = "Fournir et monter"
title.es = "Asistir y montar"
teaches = ["mililla.follow", "mililla.beat"]
exercises = ["exercises/mililla/early.toml"]
"""


def test_the_checkers_command_line_checks_the_paths_order(tmp_path, capsys):
    """``check tutorial/exercises`` finds the path beside the folder and its order problems."""
    from cardschool.engine.exercises.__main__ import _order, main

    (tmp_path / "path.toml").write_text(PATH_FILE)
    early = tmp_path / "exercises" / "mililla" / "early.toml"
    early.parent.mkdir(parents=True)
    trumps = (TUTORIAL / "exercises" / "mililla" / "strategy-trumps.toml").read_text()
    early.write_text(trumps[trumps.index('[[exercise]]\nid = "mililla.follow.best"') :])
    assert main(["check", str(tmp_path / "exercises")]) == 1
    said = capsys.readouterr().out
    assert "mililla.follow.best: shown in mililla/following.ipynb" in said
    assert "mililla.round.score" in said
    assert _order([str(TUTORIAL / "exercises")]) == []


def test_the_experts_choice_against_a_lesson_says_why_all_the_same():
    """With three tricks left a sure winner may be cashed (the game's own "but"); with no
    such reason of the game's, the figures are named as the reason."""
    boss = game_of(exercise("mililla", "mililla.strategy.lead.keep-the-boss"))
    assert ids(boss, "JB", chosen=True) == [
        "mililla:reason.against.leads-sure-winner",
        "mililla:reason.but.last-tricks",
    ]
    cups = game_of(exercise("mililla", "mililla.strategy.lead.cups"))
    assert ids(cups, "7B", chosen=True) == [
        "mililla:reason.against.leads-points",
        "reason:but-figures",
    ]
    assert ids(cups, "7B") == ["mililla:reason.against.leads-points"]


FIRST_TURN = """
to move: South
phase: meld
South hand: 4H 4D 2H 9C 9S 7D 8C JS 3C 6D 5S
North hand: +11
pile: KD
"""


def test_a_wild_2_far_from_the_end_says_what_it_gains():
    """The issue's first turn: 'Meld 4♥ 4♦ 2♥' beside a hint that a wild 2 gives up the
    doubling: the advice says so, and what the meld gains all the same."""
    spec = game_spec("mille")
    game = spec.game_type.from_position(FIRST_TURN, spec.default_rules(), 0)
    assert ids(game, "meld 4H 4D 2H", chosen=True) == [
        "mille:reason.against.wild-two",
        "mille:reason.but.lays-points",
    ]
    assert ids(game, "meld 4H 4D 2H") == ["mille:reason.against.wild-two"]


def test_a_forced_move_is_advised_with_no_idea():
    """The stock as the only draw: the Coach says it is the only choice, not that the pile
    is poor; the idea itself still reads its pile ("none of its cards")."""
    from cardschool.engine.advice import advise_view

    spec = game_spec("mille")
    forced = FIRST_TURN.replace("phase: meld", "phase: draw")
    game = spec.game_type.from_position(forced, spec.default_rules(), 0)
    assert [str(m) for m in game.legal_moves()] == ["stock"]
    assert ids(game, "stock") == ["mille:reason.poor-pile-none"]
    advice = advise_view("mille", game.view(0).to_dict())
    assert advice.reasons == () and "pile" not in advice.text()


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_every_move_of_random_deals_gets_its_reasons_in_words(kind):
    """The Coach asks for reasons at every decision: none may fail or leave a placeholder."""
    import random

    from cardschool.engine.reasons import view_reasons

    spec = game_spec(kind)
    for seed in range(3):
        game = spec.new_game(seed, spec.default_rules())
        rng = random.Random(seed)
        for _step in range(150):
            if game.match_over or game.deal_over:
                break
            view = game.view(game.to_move).to_dict()
            moves = list(dict.fromkeys(str(m) for m in game.legal_moves()))
            for move in moves:
                for said in view_reasons(kind, view, move, chosen=True):
                    words = render(said)
                    assert words and "{" not in words and words.endswith("."), words
            game.play(rng.choice(moves))


def test_the_ideas_of_a_position_name_no_card():
    """``reasons.ideas``: what a hint may say, the ideas some legal move follows, in a few
    words each; a position whose moves follow none has none."""
    from cardschool.engine.reasons import ideas

    game = game_of(exercise("mille", "mille.strategy.natural.out"))
    assert render(ideas(game)) == "The lesson's ideas that may apply here: go out natural."
    lead = render(ideas(game_of(exercise("mililla", "mililla.strategy.lead.cups"))))
    assert "lead a card you can afford to lose" in lead and "cups" not in lead
    discard = render(ideas(game_of(exercise("mille", "mille.discard.best"))))
    assert discard == (
        "The lesson's ideas that may apply here: discard a card your opponent cannot use."
    )
    assert ideas(game_of(exercise("mille", "mille.strategy.discard.queen"))) is not None
    melded = game_of(exercise("mille", "mille.strategy.natural.out"))
    melded.play("meld 9H 9D 9C")
    melded.play("discard 2D")  # out: nobody to move, no idea
    assert ideas(melded) is None


UNSURE_SEVEN = """
round 1
dealer South
trump JO
scores 0 0
South: 2O KC HC 5C KB
East: 7C 7E 6E 3E 6B
North: 6C JB 7B 5B 2B AB
West: 7O 5O 3C 5E HB 4B
trick East: 4O KO HO 6O
trick North: HE AE 2E KE
trick East: 3O 3B AO JO
trick South: JC 2C 4C AC
trick South: JE 4E
"""
"""North to play on South's Jack of swords, which the King or the Horse of swords still
out could beat: a 7 given there may be lost."""

LEAD_AND_KEEP = """
round 1
dealer West
trump 4O
scores 0 0
South: 2O AO 7C 5C 4C AC 2E AE
East: JO 6O 3O JC 6C 2C 6E 3E
North: 7O 5O HC JE 4E HB 5B 3B
West: KO HO 4O KC 3C KB 4B AB
trick South: HE 5E KE 7E
trick North: 2B JB 6B 7B
"""
"""West leads holding the King of coins, the top trump: a low trump goes, the King stays."""


@pytest.mark.parametrize(
    ("text", "move", "idea"),
    [
        (UNSURE_SEVEN, "7B", "mililla:reason.against.gives-seven-unsure"),
        (LEAD_AND_KEEP, "4B", "mililla:reason.afford-to-lose-keep"),
        (LEAD_AND_KEEP, "4O", "mililla:reason.against.leads-trump"),
    ],
)
def test_a_seven_on_a_trick_not_yet_safe_and_a_lead_that_keeps_the_sure_winner(text, move, idea):
    spec = game_spec("mililla")
    game = spec.game_type.from_position(text, spec.default_rules(), 0)
    assert idea in ids(game, move)


# -- the misfires a newcomer's walk found, each a named position ------------------------

CUPS_ARE_TRUMPS = """
round 1
dealer West
trump 2C
scores 0 0
South: 4C 3C 5O 6O AO KE HE 2E 3B 4B
East: JC 5C KO HO 4E 5E 6E 5B 6B 7B
North: HC KC 7C JO 7O 7E JB KB HB 2O
West: 6C AC 2C 3O 4O JE 3E AE 2B AB
"""
"""South leads the first trick with cups trumps: the Coach once said the 4 of cups was
"your cheapest card" to lose."""


def test_a_trump_is_not_the_card_you_can_afford_to_lose():
    spec = game_spec("mililla")
    game = spec.game_type.from_position(CUPS_ARE_TRUMPS, spec.default_rules(), 0)
    assert ids(game, "4C") == ["mililla:reason.against.leads-trump"]
    words = render(lesson_reasons(game, "4C", chosen=False)[0])
    assert "the 4 of cups gives up a trump" in words and "the 2 of swords" in words
    assert ids(game, "2E") == ["mililla:reason.afford-to-lose"]
    assert "cheapest" in render(lesson_reasons(game, "2E", chosen=False)[0])


def test_a_trick_your_partner_is_sure_to_win_is_not_one_you_do_not_win():
    """North's 7 of coins wins the trick for sure: a card given to it is not "the card you
    can best afford to lose" on a trick you lose; on West's trumped trick it is."""
    game = game_of(exercise("mililla", "mililla.strategy.sevens.to-partner"))
    assert "mililla:reason.cheapest" not in ids(game, "6C")
    spec = game_spec("mililla")
    text = exercise("mililla", "mililla.strategy.sevens.not-to-them").position
    text = text.replace("South: 7O 7B 5B", "South: AO 6B 5B").replace("West: AO 6B", "West: 7O 7B")
    lost = spec.game_type.from_position(text, spec.default_rules(), 0)
    assert ids(lost, "5B") == ["mililla:reason.cheapest"]


NOTHING_MELDED = """
to move: South
phase: meld
South hand: 9H 9C 9D 2D 5S 7C 8H KD
North hand: +8
pile: 3D
"""
"""South has melded nothing yet and holds eight cards: the Coach once said "Go out natural"
here, with no melds to double and going out far away."""


def test_go_out_natural_only_when_going_out_is_in_reach():
    spec = game_spec("mille")
    game = spec.game_type.from_position(NOTHING_MELDED, spec.default_rules(), 0)
    assert "mille:reason.natural" not in ids(game, "meld 9H 9C 9D")
    assert "mille:reason.natural-discard" not in ids(game, "discard 2D")
    near = game_of(exercise("mille", "mille.strategy.natural.out"))  # two melds, four cards
    assert "mille:reason.natural" in ids(near, "meld 9H 9D 9C")


def _sweep(kind: str, seeds: int = 6):
    """(view, move, reason ids) for every legal move of random deals' decisions."""
    import random

    from cardschool.engine.reasons import view_reasons

    spec = game_spec(kind)
    for seed in range(seeds):
        game = spec.new_game(40 + seed, spec.default_rules())
        rng = random.Random(seed)
        while not (game.match_over or game.deal_over):
            view = game.view(game.to_move).to_dict()
            moves = list(dict.fromkeys(str(m) for m in game.legal_moves()))
            for move in moves:
                yield view, move, [r.id for r in view_reasons(kind, view, move, chosen=True)]
            game.play(rng.choice(moves))


def test_no_mililla_reason_calls_a_trump_the_card_to_lose():
    """The siblings of the 4-of-cups misfire, over random deals: the cheapest card to lead or
    to give is never a trump while a card of another suit could go instead."""
    from cardschool.engine.mililla.reasons import _Table
    from cardschool.engine.mililla.tables import POINTS, SUIT, index_of

    checked = 0
    for view, move, found in _sweep("mililla"):
        trump = SUIT[index_of(view["trump_card"])]
        card = index_of(move)
        if SUIT[card] != trump:
            continue
        if view["trick"]:
            legal = [index_of(c) for c in view["legal"]]
            side = [c for c in legal if SUIT[c] != trump and POINTS[c] <= POINTS[card]]
            assert not side or "mililla:reason.cheapest" not in found, (view, move)
        else:  # a lead: a trump is the card to lose only when every other card is sure
            ideas = {"mililla:reason.afford-to-lose", "mililla:reason.afford-to-lose-keep"}
            table = _Table(view)
            losers = [c for c in table.hand if SUIT[c] != trump and not table.sure(c)]
            assert not (ideas & set(found) and losers), (view, move, found)
        checked += 1
    assert checked > 50


def test_go_out_natural_is_said_only_with_melds_on_the_table():
    """The siblings of the "Go out natural" misfire, over random deals."""
    checked = 0
    for view, move, found in _sweep("mille"):
        if {"mille:reason.natural", "mille:reason.natural-discard"} & set(found):
            assert view["players"][view["seat"]]["melds"], (view, move)
            checked += 1
    assert checked >= 1


def test_lead_to_your_partner_only_when_the_partner_may_trump():
    """The lesson-2 lead: North has shown no cups, so the Ace of cups goes to North's trumps;
    had North also shown no coins (trumps), there is no trump to bring the points home."""
    from cardschool.engine.mililla.reasons import reasons

    game = game_of(exercise("mililla", "mililla.strategy.lead.cups"))
    view = game.view(0).to_dict()
    assert "mililla:reason.to-partner" in [r.id for r in reasons(view, "AC")]
    for play in view["played"]:  # North's coin on the first trick, made a club
        if play["trick"] == 1 and play["seat"] == 2:
            play["card"] = "4B"
    assert "mililla:reason.to-partner" not in [r.id for r in reasons(view, "AC")]


# -- the lesson teaches the idea each of its exercises turns on ----------------------------

TAUGHT = [
    ("mililla", "mililla.strategy.lead.cups", "to-partner", "Lead to your partner: when"),
    ("mililla", "mililla.strategy.lead.keep-the-boss", "to-partner", "Lead to your partner"),
    ("mililla", "mililla.follow.best", "points-to-partner", "any card with points: give it"),
    ("mille", "mille.discard.best", "safe-discard", "discard a card North cannot use"),
    ("mille", "mille.strategy.natural.out", "natural", "lay the natural meld down first"),
]


def _prose(kind: str) -> str:
    cells = json.loads((TUTORIAL / kind / "strategy.ipynb").read_text(encoding="utf-8"))["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


@pytest.mark.parametrize(("kind", "ident", "idea", "words"), TAUGHT)
def test_the_strategy_lesson_teaches_the_idea_its_exercise_names(kind, ident, idea, words):
    """The leading exercises' answers said "Lead to your partner", the Mille discard one
    named no idea at all, and neither was in the lesson before its exercises."""
    task = exercise(kind, ident)
    right = next(m for m in game_of(task).legal_moves() if judge(task, str(m)).right)
    said = ids(game_of(task), str(right), chosen=True)
    assert any(i.rsplit(".", 1)[-1].startswith(idea) for i in said), said
    assert words in _prose(kind)
    assert "**give or take**" in _prose(kind)  # the word every figure is said with
