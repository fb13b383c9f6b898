"""Mille's taking of the pile reads right for one card and for several, in each language."""

from __future__ import annotations

import pytest

from cardschool.engine.languages import SOURCE, speak
from cardschool.engine.messages import Seat, message, render
from cardschool.engine.mille.messages import Faces, Meld
from cardschool.engine.mille.tables import face_of


def _taken(language: str, count: int) -> str:
    """The narration of North taking a pile of ``count`` cards with a pair of 9s."""
    pair = (face_of("9H"), face_of("9C"))
    said = message(
        "mille:narrate.pile",
        who=Seat(1),
        cards=message("mille:cards", count=count),
        shown=Faces(pair),
        meld=Meld((face_of("9D"), *pair), 9),
    )
    speak(language)
    try:
        return render(said)
    finally:
        speak(SOURCE)


@pytest.mark.parametrize("count", [1, 4])
def test_french_takes_the_pile_without_de_before_a_count(count: int) -> None:
    said = _taken("fr", count)
    assert "de 1 carte" not in said and "la défausse (" in said, said
    assert ("(1 carte)" if count == 1 else "(4 cartes)") in said


def test_spanish_says_the_pile_of_one_card_and_of_several() -> None:
    assert "la pila de 1 carta con" in _taken("es", 1)
    assert "la pila de 4 cartas con" in _taken("es", 4)
