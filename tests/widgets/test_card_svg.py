"""Card pictures: well-formed, accessible, safe to inline, and every card distinct."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardschool.engine.cards import (
    FrenchCard,
    FrenchSuit,
    Hand,
    SpanishCard,
    SpanishRank,
    SpanishSuit,
    french_deck,
    spanish_deck,
)
from cardschool.engine.svg import card_back_svg, card_svg, hand_svg, suit_svg

SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [*french_deck(), *spanish_deck()]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def shape_only(svg: str) -> str:
    """The picture with every colour removed: what is left is shape."""
    return re.sub(r'\s(fill|stroke)="[^"]*"', "", svg)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_well_formed_and_named(card):
    root = parse(card_svg(card))
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name
    assert root.get("viewBox") == "0 0 100 140"
    assert (root.get("width"), root.get("height")) == ("70", "98")


def test_width_scales_the_picture_and_bad_widths_are_refused():
    root = parse(card_svg(FrenchCard.parse("QS"), width=120))
    assert (root.get("width"), root.get("height")) == ("120", "168")
    for bad in (0, -5, 7.5, True, "70"):
        with pytest.raises(ValueError, match="width"):
            card_svg(FrenchCard.parse("QS"), width=bad)


def test_only_cards_are_drawn():
    with pytest.raises(TypeError, match="FrenchCard or SpanishCard"):
        card_svg("QS")
    with pytest.raises(TypeError):
        hand_svg(["QS"])


def test_pictures_are_safe_to_inline_many_times():
    page = "<div>" + "".join(card_svg(card) for card in ALL_CARDS) + card_back_svg() + "</div>"
    root = parse(page)  # one well-formed document
    assert len(root) == len(ALL_CARDS) + 1
    assert not any(el.get("id") for el in root.iter())
    banned = {SVG + tag for tag in ("defs", "style", "script", "use", "image", "foreignObject")}
    assert not any(el.tag in banned for el in root.iter())
    assert "href" not in page and "url(" not in page


@pytest.mark.parametrize("deck", [french_deck(), spanish_deck()], ids=["french", "spanish"])
def test_every_face_differs_from_every_other(deck):
    pictures = [card_svg(card) for card in deck]
    assert len(set(pictures)) == len(deck)


def test_spanish_suits_differ_by_shape_not_colour_alone():
    for rank in SpanishRank:
        shapes = {shape_only(card_svg(SpanishCard(rank, suit))) for suit in SpanishSuit}
        assert len(shapes) == 4, rank


def test_french_suits_differ_by_shape_and_colour():
    for text in ("A", "7", "K"):
        cards = [FrenchCard.parse(text + suit.value) for suit in FrenchSuit]
        assert len({shape_only(card_svg(c)) for c in cards}) == 4
        for card in cards:
            assert ("#c8102e" in card_svg(card)) is card.is_red


def test_spanish_courts_are_distinct_figures_with_their_letter():
    for suit in SpanishSuit:
        courts = {rank: card_svg(SpanishCard(rank, suit)) for rank in SpanishRank if rank >= 10}
        assert len({shape_only(svg) for svg in courts.values()}) == 3
        for rank, svg in courts.items():
            letters = [el.text for el in parse(svg).iter(SVG + "text")]
            assert letters == [rank.text, rank.text]  # top-left and turned bottom-right


def test_number_cards_show_one_pip_per_point():
    for card in Hand.french("2H 5S 9D 10C"):
        root = parse(card_svg(card))
        pips = [g for g in root.iter(SVG + "g") if "scale(0.18)" in (g.get("transform") or "")]
        assert len(pips) == int(card.rank)


def test_back_and_suits():
    back = parse(card_back_svg(width=50))
    assert back.get("aria-label") == "Back of a card" and back.get("width") == "50"
    for suit in [*FrenchSuit, *SpanishSuit]:
        root = parse(suit_svg(suit))
        assert root.get("aria-label") == suit.noun
    with pytest.raises(TypeError):
        suit_svg("S")


def test_hand_is_a_row_of_overlapping_cards():
    hand = Hand.spanish("KO HC JE 7B")
    root = parse(hand_svg(hand.cards, width=70, overlap=0.5))
    assert root.get("aria-label") == ", ".join(card.name for card in hand)
    assert root.get("width") == str(round(70 * (1 + 3 * 0.5)))
    assert len([g for g in root if g.tag == SVG + "g"]) == 4
    wider = parse(hand_svg(hand.cards, overlap=0))
    assert int(wider.get("width")) == 4 * 70
    empty = parse(hand_svg([]))
    assert empty.get("aria-label") == "No cards"
    for bad in (-0.1, 0.95, "0.5", True):
        with pytest.raises(ValueError, match="overlap"):
            hand_svg(hand.cards, overlap=bad)


def test_cards_and_hands_show_themselves_in_a_notebook():
    assert parse(FrenchCard.parse("QS")._repr_svg_()).get("aria-label") == "Queen of spades"
    assert "Horse of cups" in Hand.spanish("HC 7E")._repr_svg_()
