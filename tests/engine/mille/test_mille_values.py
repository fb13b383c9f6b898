"""Mille moves and rules objects: text forms, round trips and clear errors."""

from __future__ import annotations

import pytest

from cardschool.engine import mille
from cardschool.engine.cards import FrenchCard, FrenchRank, FrenchSuit
from cardschool.engine.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from cardschool.engine.messages import Message, message, render


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("stock", "stock"),
        ("STOCK", "stock"),
        ("pile 9c 9h", "pile 9H 9C"),
        ("take 2c", "take 2C"),
        ("meld 2S 9H 9C", "meld 9H 9C 2S"),
        ("meld, 10h, th, 2d", "meld 10H 10H 2D"),
        ("add k kd 2s", "add K KD 2S"),
        ("add 10#2 10c", "add 10#2 10C"),
        ("add K#1 KD", "add K KD"),
        ("discard qs", "discard QS"),
        ("discard Q♠", "discard QS"),
    ],
)
def test_move_text_round_trips(text, canonical):
    move = mille.Move.parse(text)
    assert str(move) == canonical
    assert mille.Move.parse(str(move)) == move
    assert repr(move) == f"Move.parse({canonical!r})"
    assert eval(repr(move), {"Move": mille.Move}) == move


def test_moves_are_frozen_hashable_values():
    a = mille.Move.parse("meld 9H 9C 2S")
    b = mille.Move.meld("2S", "9C", FrenchCard.parse("9H"))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.kind is mille.MoveKind.MELD and a.rank is None
    with pytest.raises(AttributeError):
        a.kind = mille.MoveKind.ADD  # type: ignore[misc]
    add = mille.Move.add("K", "KD", which=2)
    assert add.rank is FrenchRank.KING and add.which == 2 and str(add) == "add K#2 KD"
    assert mille.Move.stock() == mille.Move.parse("stock")
    assert mille.Move.take("2C") == mille.Move.parse("take 2C")
    assert mille.Move.discard("QS") == mille.Move.parse("discard QS")
    assert mille.Move.pile("9H", "9C") == mille.Move.parse("pile 9C 9H")
    built = FrenchCard(FrenchRank.NINE, FrenchSuit.HEARTS)  # not the interned card
    assert mille.Move.discard(built) == mille.Move.parse("discard 9H")
    game = mille.new_game(3)
    assert game.explain(mille.Move.discard(built)) == game.explain("discard 9H")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("draw", "not a Mille move"),
        ("stock 9H", "no card"),
        ("pile 9H", "two cards"),
        ("pile 9H 9C 9D", "two cards"),
        ("take", "one card"),
        ("meld", "at least one card"),
        ("meld 9X", "not a card"),
        ("add", "rank"),
        ("add KD", "not a rank"),
        ("add K", "at least one card"),
        ("add K#x KD", "meld number"),
        ("add K#0 KD", "1 or more"),
        ("discard", "one card"),
        ("discard QS QH", "one card"),
    ],
)
def test_unreadable_moves_say_why(text, words):
    with pytest.raises(InvalidMoveError) as error:
        mille.Move.parse(text)
    assert words in str(error.value)


def test_unreadable_move_leaves_the_game_unchanged():
    game = mille.new_game(2)
    before = game.to_json(), game.position()
    for bad in ("draw", "pile 9H", 42, None):
        with pytest.raises(InvalidMoveError):
            game.play(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            game.explain(bad)  # type: ignore[arg-type]
    assert (game.to_json(), game.position()) == before


def test_rules_defaults_follow_the_rulebook():
    rules = mille.Rules()
    assert rules.target == 1200 and rules.skunk_below == 600 and rules.min_naturals == 1
    assert not any(
        getattr(rules, name)
        for name in (
            "low_cut_deals",
            "pile_pair_may_use_wild",
            "first_two_any",
            "reshuffle_when_stock_empty",
            "wilds_at_most_naturals",
            "many_melds_per_rank",
            "doubling_caps_at_two",
        )
    )
    assert rules.changes() == {}


def test_rules_dict_round_trip_and_clear_errors():
    rules = mille.Rules(min_naturals=2, many_melds_per_rank=True, target=2000)
    assert mille.Rules.from_dict(rules.to_dict()) == rules
    assert rules.changes() == {"min_naturals": 2, "many_melds_per_rank": True, "target": 2000}
    assert mille.Rules.from_dict({"target": 500}) == mille.Rules(target=500)
    with pytest.raises(ValueError, match="unknown Mille rule variant"):
        mille.Rules.from_dict({"trumps": True})
    with pytest.raises(ValueError, match="min_naturals"):
        mille.Rules.from_dict({"min_naturals": 0})
    with pytest.raises(ValueError, match="true or false"):
        mille.Rules(first_two_any="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        mille.Rules(target=True)
    with pytest.raises(ValueError, match="dict"):
        mille.Rules.from_dict([])  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        rules.target = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("make", "kind", "said", "words"),
    [
        (lambda: mille.Move.parse(""), InvalidMoveError, "mille:move.empty", "an empty move"),
        (lambda: mille.Move.parse("pile 9H"), InvalidMoveError, "mille:move.count", "pile takes"),
        (lambda: mille.new_game(1).view(2), ArgumentError, "mille:game.seat", "not 2"),
        (lambda: mille.Rules(target=0), ArgumentError, "mille:rules.number", "Rules.target"),
        (lambda: mille.new_game(1).next_deal(), IllegalMoveError, "mille:game.hand-on", "still"),
        (lambda: mille.new_game(1).play("discard QS"), IllegalMoveError, "mille:", "Draw first"),
    ],
)
def test_refusals_carry_their_sentence_as_a_message(make, kind, said, words):
    """A refusal a person may read is a Told error: its message has an id of the mille
    catalog, and its words (``str``) are that message rendered."""
    with pytest.raises(kind) as error:
        make()
    assert error.value.said.id.startswith(said)
    assert words in render(error.value.said) and words in str(error.value)


def test_programming_mistakes_stay_plain_errors():
    with pytest.raises(TypeError, match="MoveKind"):
        mille.Move("stock")  # type: ignore[arg-type]


def test_a_task_that_does_not_fit_is_a_task_error_with_a_message():
    """An exercise's ``about`` that the question cannot read is refused in a message (the
    exercise checker shows it to the author); the card's own refusal is nested in it."""
    from cardschool.engine.exercises.answers import TaskError
    from cardschool.engine.mille.goals import GOALS

    card_value = dict(GOALS.questions)["card-value"]
    with pytest.raises(TaskError) as error:
        card_value(mille.new_game(1), "9X")
    said = error.value.said
    assert said.id == "mille:goal.task.card" and isinstance(said.get("error"), Message)
    assert str(error.value).startswith("card-value needs a card to ask about: ")


def test_demo_captions_come_from_the_catalog():
    from cardschool.engine.mille.demos import DEMOS

    for demo in DEMOS:
        assert demo.caption == message(f"mille:demo.{demo.name}")  # said in the page's language
