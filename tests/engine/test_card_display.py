"""Cards and hands shown in a notebook: inline SVG with a name, never an image without one."""

from __future__ import annotations

import re

from cardschool.engine.cards import FrenchCard, Hand, SpanishCard


def test_cards_and_hands_show_as_named_inline_pictures():
    shown = [
        FrenchCard.parse("QS")._repr_html_(),
        SpanishCard.parse("KO")._repr_html_(),
        Hand.french("9H 9C 2S")._repr_html_(),
    ]
    for html in shown:
        assert html.startswith("<svg") and 'role="img"' in html
        assert re.search(r'aria-label="[^"]+"', html)
    assert 'aria-label="9 of hearts, 9 of clubs, 2 of spades"' in shown[2]
