"""Cards: text forms round-trip, names read well, decks are complete."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardschool.engine.cards import (
    FrenchCard,
    FrenchRank,
    FrenchSuit,
    Hand,
    SpanishCard,
    SpanishRank,
    SpanishSuit,
    french_deck,
    parse_cards,
    spanish_deck,
)
from cardschool.engine.errors import InvalidMoveError


def test_french_deck_has_52_distinct_cards_with_unique_indexes():
    deck = french_deck()
    assert len(set(deck)) == 52
    assert sorted(card.index for card in deck) == list(range(52))


def test_spanish_deck_has_40_cards_of_ten_ranks_in_four_suits():
    deck = spanish_deck()
    assert len(set(deck)) == 40
    assert {card.rank for card in deck} == set(SpanishRank)
    assert {card.suit for card in deck} == set(SpanishSuit)
    assert sorted(card.index for card in deck) == list(range(40))


@given(st.sampled_from(french_deck()))
def test_french_text_round_trips(card):
    assert FrenchCard.parse(str(card)) is card
    assert FrenchCard.parse(str(card).lower()) is card
    assert eval(repr(card)) == card  # the repr is the call that builds it


@given(st.sampled_from(spanish_deck()))
def test_spanish_text_round_trips(card):
    assert SpanishCard.parse(str(card)) is card
    assert SpanishCard.parse(f"  {str(card).lower()} ") is card
    assert eval(repr(card)) == card


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("QS", "Queen of spades"),
        ("10H", "10 of hearts"),
        ("TH", "10 of hearts"),
        ("2C", "2 of clubs"),
        ("JD", "Jack of diamonds"),
        ("A♠", "Ace of spades"),
    ],
)
def test_french_names(text, name):
    assert FrenchCard.parse(text).name == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("KO", "King of coins"),
        ("HC", "Horse of cups"),
        ("JE", "Jack of swords"),
        ("7B", "7 of clubs"),
        ("AO", "Ace of coins"),
    ],
)
def test_spanish_names(text, name):
    assert SpanishCard.parse(text).name == name


@pytest.mark.parametrize("text", ["", "1S", "QX", "10", "KO", "Q S S", "11H"])
def test_unreadable_french_cards_raise_invalid_move(text):
    with pytest.raises(InvalidMoveError):
        FrenchCard.parse(text)


@pytest.mark.parametrize("text", ["QS", "8C", "KS", "HH", "", "7"])
def test_unreadable_spanish_cards_raise_invalid_move(text):
    with pytest.raises(InvalidMoveError):
        SpanishCard.parse(text)


def test_non_text_is_refused_clearly():
    with pytest.raises(InvalidMoveError, match="text"):
        FrenchCard.parse(12)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="text"):
        parse_cards(None, SpanishCard)  # type: ignore[arg-type]


def test_ranks_and_suits_speak_english():
    assert FrenchRank.parse("q") is FrenchRank.QUEEN
    assert FrenchRank.SIX.plural == "6s"
    assert FrenchRank.QUEEN.plural == "Queens"
    assert FrenchRank.NINE.plural == "9s"
    assert FrenchSuit.HEARTS.symbol == "♥" and FrenchSuit.HEARTS.is_red
    assert SpanishRank.HORSE.spanish == "Caballo"
    assert SpanishSuit.SWORDS.spanish == "espadas"
    assert SpanishSuit.CUPS.singular == "cup"


def test_hands_read_and_print_text():
    hand = Hand.french("QS, 10h 2C")
    assert str(hand) == "QS 10H 2C"
    assert len(hand) == 3
    assert [card.name for card in Hand.spanish("KO HC")] == ["King of coins", "Horse of cups"]


def test_a_rank_or_card_that_does_not_read_is_refused_with_a_message():
    with pytest.raises(InvalidMoveError) as error:
        FrenchRank.parse("X")
    assert error.value.said.id == "cards:not-a-rank.french"
    assert str(error.value) == "'X' is not a rank: use A K Q J 10 9 8 7 6 5 4 3 2"
    with pytest.raises(InvalidMoveError, match="is not a Spanish rank: use K H J 7"):
        SpanishRank.parse("Q")
    with pytest.raises(InvalidMoveError) as error:
        SpanishCard.parse("QS")
    assert error.value.said.id == "cards:not-a-card"
    assert str(error.value).startswith("'QS' is not a card: write rank (K H J 7")
