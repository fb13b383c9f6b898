"""Position texts an author writes: hidden hands (+N), earlier tricks as a played set."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mililla_kit import D1, position_text

from cardschool.engine import SavedGameError, mililla
from cardschool.engine.mililla import position

SEATS = ("South", "East", "North", "West")
VARIANTS = [
    mililla.Rules(),
    mililla.Rules(traditional_rank=True),
    mililla.Rules(clockwise=True),
    mililla.Rules(seven_rule="earlier-tricks"),
    mililla.Rules(seven_rule="off", traditional_rank=True),
]

# South to play third to the third trick: North led the 3 of clubs, West played the Ace
# (the lowest club), so West holds no club above the 3. East holds no coins.
EXERCISE = """
round 1
dealer West
trump 5O
scores 12 7
played: 7E KE 3E AE 6C 4C JC KC
tricks 1 1
points 13 5
South: KO HO JO 7C 6E 5E 4B 2B
East: +8
North: +7
West: +7
trick North: 3B AB
void East: O
"""


def hand(game: mililla.Game, seat: int) -> set[str]:
    """A seat's cards as a set of texts."""
    return {str(card) for card in game.hand(seat)}


def words(text: str) -> list[str]:
    """The words of a text: card lists written as in a position."""
    return text.split()


def test_the_docstring_example_is_the_exercise_and_reads():
    doc = position.__doc__ or ""
    example = doc[doc.index("    # Mililla position: South") : doc.index("The full form")]
    game = mililla.Game.from_position(textwrap.dedent(example))
    assert game.position() == mililla.Game.from_position(EXERCISE).position()


def test_an_author_writes_the_learners_hand_the_trick_and_what_was_played():
    game = mililla.Game.from_position(EXERCISE)
    view = game.view(0)
    assert game.to_move == 0 and game.deal_number == 1 and game.dealer == 3
    assert [str(c) for c in view.hand] == words("KO HO JO 7C 6E 5E 4B 2B")
    assert view.hand_sizes == (8, 8, 7, 7)
    assert [str(p.card) for p in view.trick] == ["3B", "AB"]
    assert {str(m) for m in game.legal_moves()} == {"4B", "2B"}  # mililla.beat: above the 3
    assert (view.tricks, view.points, view.totals) == ((1, 1), (13, 5), (12, 7))
    assert view.earlier is not None and len(view.earlier.cards) == 8
    assert [p.trick for p in view.played] == [3, 3]
    assert str(view.face_up) == "5O" and "5O" in hand(game, 3)  # the dealer's face-up card
    assert not any(card.endswith("O") for card in hand(game, 1))  # void East: O
    higher_clubs = {"KB", "HB", "JB", "7B", "6B", "5B"}
    assert not hand(game, 3) & higher_clubs  # West did not beat the 3 of clubs
    rng = random.Random(0)
    while not game.deal_over:
        game.play(rng.choice(game.legal_moves()))
    result = game.deal_result()
    assert result is not None and result["total"] == 70 and sum(result["tricks"]) == 10


def test_a_hand_may_be_plus_n_alone_or_cards_and_plus_n():
    text = EXERCISE.replace("South: KO HO JO 7C 6E 5E 4B 2B", "South: KO HO +6")
    game = mililla.Game.from_position(text, seed=4)
    assert {"KO", "HO"} <= hand(game, 0) and len(hand(game, 0)) == 8
    at_start = D1.replace("East: JC 5C KO HO 4E 5E 6E 5B 6B 7B", "East: +10")
    at_start = at_start.replace("North: 4C HC KC 7C JO 7O 7E JB KB HB", "North: +10")
    game = mililla.Game.from_position(at_start, seed=2)
    both = "JC 5C KO HO 4E 5E 6E 5B 6B 7B 4C HC KC 7C JO 7O 7E JB KB HB"
    assert hand(game, 1) | hand(game, 2) == set(words(both))


def test_the_same_seed_gives_the_same_game_and_other_seeds_the_same_learners_view():
    games = [mililla.Game.from_position(EXERCISE, seed=seed) for seed in range(12)]
    assert mililla.Game.from_position(EXERCISE, seed=5) == games[5]
    assert mililla.Game.from_position(EXERCISE, seed=5).position() == games[5].position()
    assert all(game.view(0) == games[0].view(0) for game in games)
    assert len({game.position() for game in games}) > 1  # the hidden cards differ
    assert all(hand(game, 0) == hand(games[0], 0) for game in games)


def test_the_existing_format_reads_as_before_and_round_trips():
    game = mililla.Game.from_position(D1)
    assert "played" not in game.position() and game.state.earlier == 0
    rng = random.Random(3)
    for _ in range(13):
        game.play(rng.choice(game.legal_moves()))
    text = game.position()
    assert mililla.Game.from_position(text, seed=99).position() == text


def test_a_position_with_a_played_set_is_written_back_in_full_and_saved():
    game = mililla.Game.from_position(EXERCISE, seed=7)
    text = game.position()
    assert "played: " in text and "tricks 1 1" in text and "+" not in text
    assert mililla.Game.from_position(text, seed=1).position() == text
    rng = random.Random(1)
    while not game.match_over and len(game.history) < 60:
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    again = mililla.Game.from_json(game.to_json())
    assert again == game and again.view(0) == game.view(0)


def test_a_played_set_with_nobody_in_the_trick_names_the_next_leader():
    text = EXERCISE.replace("trick North: 3B AB", "trick North:")
    text = text.replace("North: +7", "North: +8").replace("West: +7", "West: +8")
    game = mililla.Game.from_position(text)
    assert game.to_move == 2 and len(game.legal_moves()) == 8
    assert game.position().rstrip().endswith("trick North:")
    assert mililla.Game.from_position(game.position()).position() == game.position()


def _swap(old: str, new: str):
    return lambda text: text.replace(old, new)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_swap("South: KO", "South: 7E KO"), "7E appears twice"),
        (_swap("6C 4C", "3B 4C"), "3B appears twice"),
        (_swap("played: 7E KE", "played: 7E 7E"), "twice in the played set"),
        (_swap("East: +8", "East: +9"), "too few cards left to deal"),
        (_swap("East: +8", "East: KB +6"), "every seat is dealt 10, less the 2"),
        (_swap("East: +8", "East: +7"), "East holds and played 7 cards"),
        (lambda t: t.replace(" 5E 4B", " 4B").replace("3B AB\n", "3B AB 5E\n"), "cannot play 5E"),
        (_swap("points 13 5", "points 13 6"), "add up to 19"),
        (_swap("tricks 1 1", "tricks 2 1"), "make 3 tricks, but the played set holds 2"),
        (_swap("tricks 1 1\npoints 13 5", "tricks 2 0\npoints 13 5"), "0 with no trick"),
        (_swap("points 13 5", "points 17 1"), "no 4 of the played cards hold 16 card points"),
        (_swap("tricks 1 1", ""), "give a 'tricks A B' line"),
        (_swap("points 13 5", ""), "give a 'points A B' line"),
        (_swap("points 13 5", "points 13"), "needs two numbers"),
        (_swap("played: 7E KE", "played: KE"), "7 cards played"),
        (_swap("trick North: 3B AB", ""), "say who leads after the played tricks"),
        (_swap("void East: O", "void East: X"), "'X' is not a suit"),
        (_swap("void East: O", "void South: B"), "South is said to hold no clubs"),
        (_swap("East: +8", "East: +2 +6"), "give one '+N' count"),
        (_swap("East: +8", "East: +x"), "is not a whole number"),
        (_swap("void East: O", "void East: O C E B"), "no deal of the 21 hidden cards"),
        (_swap("trump 5O", "trump KO"), "the face-up KO must be in the dealer's"),
        (_swap("round 1", "round 0"), "line 2: the round number must be 1 or more"),
        (_swap("played: 7E", "played 7E QX"), "is not a card"),
        (_swap("tricks 1 1\npoints 13 5", "tricks 0 2\npoints 0 18"), "took none of"),
    ],
)
def test_malformed_positions_are_refused_with_the_line_and_the_reason(change, words):
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_position(change(EXERCISE))
    assert words in str(raised.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (D1.replace("East: JC 5C KO HO 4E 5E 6E 5B 6B 7B", "East: +9"), "East holds and played 9"),
        (D1 + "tricks 1 0\n", "there is none"),
        (D1 + "trick South: 2C\ntrick East:\n", "only the last trick may be unfinished"),
        (position_text(D1, "South: 2C JC KC 6C", "West:"), "must be led by North"),
        (D1.replace("West: 6C AC 2O", "West: 6C AC"), "missing: 2O"),
    ],
)
def test_malformed_full_positions_are_refused(text, words):
    with pytest.raises(SavedGameError) as raised:
        mililla.Game.from_position(text)
    assert words in str(raised.value)


def learners_text(view: mililla.View) -> str:
    """What an author would write for this view: the learner's hand, +N for the others."""
    in_trick = {str(p.card) for p in view.trick}
    earlier = [str(p.card) for p in view.played if str(p.card) not in in_trick]
    lines = [
        f"round {view.deal_number}",
        f"dealer {SEATS[view.dealer]}",
        f"trump {view.trump_card}",
        f"scores {view.totals_before[0]} {view.totals_before[1]}",
        f"played: {' '.join(earlier) or '-'}",
        f"tricks {view.tricks[0]} {view.tricks[1]}",
        f"points {view.points[0]} {view.points[1]}",
    ]
    for seat in range(4):
        if seat == view.seat:
            lines.append(f"{SEATS[seat]}: {' '.join(map(str, view.hand)) or '-'}")
        else:
            lines.append(f"{SEATS[seat]}: +{view.hand_sizes[seat]}")
    cards = " ".join(str(p.card) for p in view.trick)
    lines.append(f"trick {SEATS[view.leader or 0]}: {cards}")
    return "\n".join(lines) + "\n"


def facts(view: mililla.View) -> dict[str, object]:
    """The learner's view but for how earlier tricks are recorded (in order, or as a set)."""
    data = view.to_dict()
    earlier = data.pop("earlier")
    played = set(earlier["cards"] if earlier else ())
    played |= {p["card"] for p in data.pop("played")}
    for key in ("log", "last_trick"):
        data.pop(key)
    return data | {"played": played}


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(VARIANTS),
    steps=st.integers(0, 39),
    fill=st.integers(0, 2**16),
)
def test_writing_the_learners_view_and_reading_it_back_keeps_the_view(seed, rules, steps, fill):
    game = mililla.new_game(seed, rules)
    rng = random.Random(seed)
    for _ in range(steps):
        game.play(rng.choice(game.legal_moves()))
    learner = game.to_move
    assert learner is not None
    view = game.view(learner)
    again = mililla.Game.from_position(learners_text(view), rules, fill)
    assert again.legal_moves() == game.legal_moves()
    assert facts(again.view(learner)) == facts(view)


def test_hidden_cards_never_break_what_the_text_says_on_any_seed():
    higher_clubs = {"KB", "HB", "JB", "7B", "6B", "5B"}
    for seed in range(30):
        game = mililla.Game.from_position(EXERCISE, seed=seed)
        assert not any(card.endswith("O") for card in hand(game, 1))  # void East: O
        assert not hand(game, 3) & higher_clubs  # mililla.beat: West could not beat 3B
        assert "5O" in hand(game, 3)  # the face-up card stays the dealer's


def test_a_played_set_may_be_followed_by_tricks_written_out():
    text = """
        dealer West
        trump 2O
        played: 2C JC 4C 6C
        tricks 1 0
        points 2 0
        South: 3C 5O 6O AO KE HE 2E 3B
        East: +8
        North: +8
        West: +8
        trick North: KC HC AC 7C
        trick North:
    """
    game = mililla.Game.from_position(textwrap.dedent(text), seed=3)
    view = game.view(0)
    assert game.to_move == 2 and view.tricks == (2, 0) and view.points == (17, 0)
    assert [p.trick for p in view.played] == [2, 2, 2, 2]
    assert view.last_trick is not None and view.last_trick.winner == 2
    assert len(view.log) == 2 + 4 + 1  # the deal, the played set, four cards, the winner


def test_a_view_of_a_position_with_a_played_set_reads_back_and_fills_again():
    game = mililla.Game.from_position(EXERCISE, seed=2)
    for seat in range(4):
        view = game.view(seat)
        assert mililla.View.from_dict(view.to_dict()) == view
        for seed in range(3):
            filled = mililla.Game.from_view(view, random.Random(seed))
            assert filled.view(seat) == view


def test_the_readme_example_reads_as_it_says():
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    start = readme.index('mililla.Game.from_position("""') + len('mililla.Game.from_position("""')
    text = readme[start : readme.index('""", seed=1)', start)]
    game = mililla.Game.from_position(text, seed=1)
    assert [str(move) for move in game.legal_moves()] == ["4B", "2B"]
