"""The message layer: ids and parameters rendered by one renderer, per person and number."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardschool.engine.messages import (
    Catalog,
    Message,
    Plural,
    Seat,
    catalog_of,
    message,
    register,
    render,
)

TOY = register(
    Catalog(
        "toy",
        {
            "toy:draw": "{who} draws {count} from the stock",
            "toy:draw#you": "You draw {count} from the stock",
            "toy:draw#would": "{who} would draw {count} from the stock",
            "toy:cards": Plural("count", "{count} card", "{count} cards"),
            "toy:play": "{who} plays {card:long}, worth {share:.0%}",
            "toy:play#you": "You play {card:long}, worth {share:.0%}",
            "toy:told": "{who} says: {said}",
            "toy:told#you": "You say: {said}",
        },
        word=lambda value, spec: f"the card {value}" if spec == "long" else str(value),
        seats=("West", "East"),
    )
)


@dataclass(frozen=True)
class Card:
    """A toy game's own value: formatted by its catalog's ``word``."""

    number: int

    def __str__(self) -> str:
        return str(self.number)


def test_a_message_is_a_frozen_value_with_named_parameters():
    said = message("toy:draw", who=Seat(0), count=2)
    assert said == Message("toy:draw", (("who", Seat(0)), ("count", 2)))
    assert said.get("count") == 2 and said.get("nothing") is None
    assert said.subject == Seat(0)
    assert hash(said) == hash(message("toy:draw", who=Seat(0), count=2))


def test_third_person_with_the_catalogs_own_seat_names():
    assert render(message("toy:draw", who=Seat(1), count=2)) == "East draws 2 from the stock"


def test_second_person_is_its_own_sentence_for_the_seat_named_you():
    said = message("toy:draw", who=Seat(0), count=2)
    assert render(said, ("You", "Bot")) == "You draw 2 from the stock"
    assert render(said, ("Ann", "Bob"), reader=0) == "You draw 2 from the stock"
    assert render(said, ("Ann", "You")) == "Ann draws 2 from the stock"


def test_the_would_form_tells_what_the_seat_would_do():
    said = message("toy:draw", who=Seat(0), count=1)
    names = ("The expert", "Bot")
    assert render(said, names, form="would") == "The expert would draw 1 from the stock"


def test_plural_forms_are_chosen_by_the_number():
    assert render(message("toy:cards", count=1)) == "1 card"
    assert render(message("toy:cards", count=3)) == "3 cards"


def test_a_catalogs_own_values_and_numbers_are_formatted_by_the_placeholder():
    said = message("toy:play", who=Seat(1), card=Card(7), share=0.526)
    assert render(said) == "East plays the card 7, worth 53%"
    assert render(said, ("Ann", "You")) == "You play the card 7, worth 53%"


def test_a_message_inside_a_message_is_rendered_with_the_same_names():
    inner = message("toy:cards", count=2)
    said = message("toy:told", who=Seat(0), said=inner)
    assert render(said, ("You", "Bot")) == "You say: 2 cards"
    assert str(said) == "West says: 2 cards"


def test_unknown_ids_and_namespaces_are_refused_by_name():
    with pytest.raises(KeyError, match=r"toy catalog has no message 'toy:nothing'"):
        render(message("toy:nothing"))
    with pytest.raises(KeyError, match=r"no catalog holds the message 'nowhere:x'"):
        catalog_of("nowhere:x")


def test_the_generic_catalog_is_found_by_its_namespace():
    assert render(message("session:match-over")) == "The match is over."


def test_a_second_catalog_of_a_namespace_adds_its_entries():
    register(Catalog("toy", {"toy:more": "{who} has {count:d} more"}))
    said = message("toy:more", who=Seat(1), count=2)
    assert render(said) == "East has 2 more"
    assert render(message("toy:cards", count=1)) == "1 card"  # the first catalog's entries stay


def test_the_exercises_star_count_renders_without_the_widgets():
    """``exercise:stars`` is the engine's: a fresh interpreter that never imports the widgets
    renders it (the generic catalogs bring the exercises' words)."""
    import subprocess
    import sys

    code = (
        "from cardschool.engine.messages import message, render\n"
        "import sys\n"
        "print(render(message('exercise:stars', count=1)), render(message('exercise:stars', "
        "count=3)), any(m.startswith('cardschool.widgets') for m in sys.modules), sep='|')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "1 star|3 stars|False"


def test_a_second_sentence_under_an_id_is_refused_and_the_first_kept() -> None:
    register(Catalog("toy", {"toy:twice": "Said once."}))
    register(Catalog("toy", {"toy:twice": "Said once."}))  # the same again: no harm
    with pytest.raises(ValueError, match="toy:twice"):
        register(Catalog("toy", {"toy:twice": "Said another way."}))
    assert render(message("toy:twice")) == "Said once."
