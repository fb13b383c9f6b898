"""Explanations, narration, moves and rules objects: the words and values of Mililla."""

from __future__ import annotations

import pytest
from mililla_kit import D1, D3, after

from cardschool.engine import IllegalMoveError, InvalidMoveError, SpanishCard, mililla
from cardschool.engine.cards import spanish_deck


def test_explain_answers_for_every_card_of_the_deck():
    game = after(D1, "South: 2C JC")
    hand = set(game.hand(2))
    for card in spanish_deck():
        why = game.explain(card)
        assert why.rule.startswith("mililla.")
        assert str(card) not in why.text  # cards are named in words, not codes
        if card not in hand:
            assert not why.legal and why.rule == "mililla.deal"
    assert game.explain("KO").text == (
        "You do not hold the King of coins: you play only cards from your own hand"
    )
    assert game.explain("JC").text == (
        "The Jack of cups has already been played: you play only cards from your own hand"
    )


def test_explain_names_combined_rules_in_order_seven_follow_beat():
    text = after(D3, "South: KE 4E JE").explain("6C").text
    assert text.index("7 of coins must wait") < text.index("no swords") < text.index("trump")
    text = after(D1, "South: 2C JC").explain("JO").text
    assert text == (
        "You must follow suit: you hold the 4, the 7, the Horse and the King of cups; "
        "an opponent is winning with the Jack of cups, so you must beat it with the Horse "
        "or the King"
    )


def test_explain_takes_moves_cards_and_text_alike():
    game = after(D1, "South: 2C JC")
    card = SpanishCard.parse("HC")
    assert game.explain("HC") == game.explain(card) == game.explain(mililla.Move(card))
    assert game.explain("play hc") == game.explain("HC")
    with pytest.raises(InvalidMoveError):
        game.explain("QS")


def test_narrate_third_person_with_the_rule():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E")
    said = game.narrate("JO")
    assert said.legal and said.rule == "mililla.beat"
    assert (
        said.text
        == "North trumps with the Jack of coins: no swords left, and the opponents were winning"
    )
    said = game.narrate("JO", names=["Ana", "Ben", "Cris", "Dani"])
    assert said.text.startswith("Cris trumps")
    assert after(D1).narrate("KE").text == "South leads the King of swords"
    assert (
        after(D1, "South: 2C JC").narrate("HC").text
        == "North beats the Jack of cups with the Horse of cups"
    )
    with pytest.raises(IllegalMoveError):
        game.narrate("KB")
    with pytest.raises(ValueError):
        game.narrate("JO", names=["only one"])


def test_narrate_follow_and_free():
    game = after(D1, "South: KE 4E 7E JE", "South: 2E 6E JO")
    said = game.narrate("AE")
    assert (said.rule, said.text) == (
        "mililla.follow",
        "West follows suit with the Ace of swords; the trick has been trumped",
    )
    said = after(D1, "South: KE 4E 7E JE", "South: HE 5E").narrate("KB")
    assert said.rule == "mililla.free" and "the partner is winning" in said.text


def test_move_text_round_trip_and_repr():
    move = mililla.Move.parse("hc")
    assert str(move) == "HC" and move.card == SpanishCard.parse("HC")
    assert repr(move) == "Move.parse('HC')"
    assert mililla.Move.parse("play 7E") == mililla.Move.parse(" 7e ")
    assert mililla.Move.parse(str(move)) == move
    assert hash(move) == hash(mililla.Move(SpanishCard.parse("HC")))
    for bad in ("play", "HC 4C", "ZZ", "", "play HC now"):
        with pytest.raises(InvalidMoveError):
            mililla.Move.parse(bad)
    with pytest.raises(InvalidMoveError):
        mililla.Move.parse(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        mililla.Move("HC")  # type: ignore[arg-type]


def test_rules_defaults_and_dict_round_trip():
    rules = mililla.Rules()
    assert (rules.traditional_rank, rules.clockwise, rules.bonus_after_round) == (
        False,
        False,
        False,
    )
    assert (rules.seven_rule, rules.target) == ("default", 35)
    custom = mililla.Rules(traditional_rank=True, seven_rule="earlier-tricks", target=50)
    assert mililla.Rules.from_dict(custom.to_dict()) == custom
    assert mililla.Rules.from_dict({}) == rules
    assert "seven_rule='earlier-tricks'" in custom.describe()
    with pytest.raises(AttributeError):
        custom.target = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"seven_rule": "sometimes"}, "seven_rule must be one of"),
        ({"clockwise": "yes"}, "clockwise must be True or False"),
        ({"target": 0}, "target must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"colour": "red"}, "unknown Mililla rule setting(s): colour"),
    ],
)
def test_rules_bad_settings_are_clear_errors(settings, words):
    with pytest.raises(ValueError) as raised:
        mililla.Rules.from_dict(settings)
    assert words in str(raised.value)


def test_rules_from_dict_needs_a_dict():
    with pytest.raises(ValueError):
        mililla.Rules.from_dict(["target"])


def test_every_message_id_the_engine_names_is_in_the_catalog():
    """Each id a Mililla module names (whole, or by its helper's short form) has words."""
    import re
    from pathlib import Path

    from cardschool.engine.messages import catalog_of
    from cardschool.engine.mililla import bots  # noqa: F401  (the bots' words too)
    from cardschool.engine.mililla.demos import DEMOS

    engine = Path(mililla.__file__).parent
    short = {  # a module's helper that adds the id's prefix: its pattern and that prefix
        "position.py": (r'_said\(\s*"([a-z0-9-]+)"', "mililla:position."),
        "drawing.py": (r'_(?:text|words)\(\s*"([a-z0-9-]+)"', "mililla:drawing."),
    }
    named = set()
    for path in [*engine.glob("*.py"), *engine.glob("bots/*.py")]:
        source = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'"(mililla:[a-z0-9.-]+[a-z0-9])"', source))
        if path.name in short:
            pattern, prefix = short[path.name]
            named |= {prefix + what for what in re.findall(pattern, source)}
    named |= {f"mililla:demo.{demo.name}" for demo in DEMOS}
    missing = sorted(
        id for id in named if id not in catalog_of("mililla:").entries and not id.endswith(".")
    )
    assert not missing


def test_refusals_are_messages_with_the_same_words():
    """A refusal carries its sentence as a message (``.said``); ``str`` renders it."""
    from cardschool.engine.errors import ArgumentError, PositionTextError

    with pytest.raises(InvalidMoveError) as typo:
        mililla.Move.parse("play H C")
    assert typo.value.said.id == "mililla:move.not-a-move"
    assert str(typo.value) == (
        "'play H C' is not a Mililla move: write the card to play, like HC or 7E (or 'play HC')"
    )
    with pytest.raises(ArgumentError) as setting:
        mililla.Rules(target=0)
    assert setting.value.said.id == "mililla:rules.target"
    assert isinstance(setting.value, ValueError)
    with pytest.raises(PositionTextError) as text:
        mililla.Game.from_position(D1.replace("dealer West", "dealer Nobody"))
    assert text.value.said.id == "mililla:position.not-a-seat"
    assert str(text.value) == "'Nobody' is not a seat: use South, East, North or West"


def test_the_coachs_noise_clause_goes_on_in_small_letters_after_its_semicolon():
    from cardschool.engine.messages import message, render
    from cardschool.engine.mililla.messages import Card

    said = render(message("mililla:coach.prefers-noise", card=Card(0), because="it is low"))
    assert "; the rule of thumb prefers " in said and "; The" not in said, said
