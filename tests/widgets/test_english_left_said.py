"""Issue 27: the English once left on French and Spanish pages, said in the page's language.

The path's lesson titles (the landing page, a lesson's links), card names (each picture's
label, the lessons' tables, the exercises' cards, a table's hand), the practice page's
level and title, the scoring lesson's headers, and the board's dates and CSV headers.
"""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cardschool.engine.cards import FrenchCard, FrenchSuit, Hand, SpanishCard, SpanishSuit
from cardschool.engine.languages import SOURCE, speak
from cardschool.engine.learning_path import load_path
from cardschool.engine.messages import message, render
from cardschool.engine.session import Session
from cardschool.engine.svg import card_svg, hand_svg, suit_svg
from cardschool.widgets import MilillaTable, MilleTable, practice
from cardschool.widgets.classroom.board import CSV_COLUMNS, Board, Cell, board_csv
from cardschool.widgets.classroom.teacher import _replay_choice
from cardschool.widgets.exercise_screen import tries
from cardschool.widgets.landing import LandingWidget
from cardschool.widgets.learning import PathView
from cardschool.widgets.lessons import demo, group_words, move_words
from cardschool.widgets.mille.lessons import score_demo
from cardschool.widgets.speaking import choose

PATH = load_path(Path(__file__).parents[2] / "tutorial" / "path.toml")
NB = "\u00a0"
SPANISH_SUITS = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
FRENCH_SUITS = {"O": "deniers", "C": "coupes", "E": "épées", "B": "bâtons"}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test starts and ends in English, whatever it chose."""
    speak(SOURCE)
    yield
    choose(SOURCE)


@pytest.mark.parametrize(
    ("language", "drawing", "following"),
    [
        ("en", "A turn: drawing and the pile", "Following suit and beating"),
        ("fr", f"Le tour{NB}: la pioche et la défausse", "Fournir et monter"),
        ("es", "Un turno: robar y la pila", "Asistir y montar"),
    ],
)
def test_the_paths_titles_are_said_in_the_page_language(language, drawing, following) -> None:
    speak(language)
    assert PATH.step("mille/drawing.ipynb").title == drawing
    assert PATH.step("mille/drawing.ipynb").titles[language] == drawing
    links = html.unescape(PathView(PATH).links("mille/cards.ipynb"))
    assert drawing in links  # the "next" link
    games = LandingWidget(PATH).state["games"]
    titles = [step["title"] for game in games for step in game["steps"]]
    assert following in titles and len(titles) == len(PATH.steps)
    english = {step.titles["en"] for step in PATH.steps}
    assert language == "en" or not english & set(titles)


@pytest.mark.parametrize(
    ("language", "queen", "jack", "hearts", "cups"),
    [
        ("en", "Queen of spades", "Jack of coins", "hearts", "cups"),
        ("fr", "dame de pique", "valet de deniers", "cœur", "coupes"),
        ("es", "reina de picas", "sota de oros", "corazones", "copas"),
    ],
)
def test_a_card_picture_is_named_in_the_page_language(language, queen, jack, hearts, cups) -> None:
    speak(language)
    assert f'aria-label="{queen}"' in card_svg(FrenchCard.parse("QS"))
    jack_of_coins = SpanishCard.parse("JO")
    assert f'aria-label="{jack}, ' in hand_svg([jack_of_coins, SpanishCard.parse("7E")])
    assert f'aria-label="{hearts}"' in suit_svg(FrenchSuit.HEARTS)
    assert f'aria-label="{cups}"' in suit_svg(SpanishSuit.CUPS)


def test_a_tables_card_pictures_and_hand_follow_a_switch() -> None:
    table = MilleTable(Session.new("mille", seed=3, seats=["human", "random"]))
    assert 'aria-label="Queen of spades"' in table.faces["QS"]
    held = [card["card"] for card in table.state["hand"]]
    choose("fr")
    assert 'aria-label="dame de pique"' in table.faces["QS"]
    assert 'aria-label="cœur"' in table.faces["suit:H"]
    names = [card["name"] for card in table.state["hand"]]
    assert names == [render(FrenchCard.parse(card).said) for card in held]
    assert all(" de " in name and " of " not in name for name in names)
    choose("es")
    assert 'aria-label="reina de picas"' in table.faces["QS"]
    choose(SOURCE)
    assert 'aria-label="Queen of spades"' in table.faces["QS"]


def test_an_exercises_card_pictures_follow_a_switch() -> None:
    box = PathView(PATH).exercises("mille/melds.ipynb").children[0]
    assert 'aria-label="Queen of spades"' in box.faces["QS"]
    choose("es")
    assert 'aria-label="reina de picas"' in box.faces["QS"]
    labels = re.findall(r'aria-label="([^"]*)"', box.picture)  # the position's cards
    assert any(" de " in label for label in labels)
    assert not any(" of " in label for label in labels)


def test_a_lessons_cards_on_a_page_are_drawn_again_in_its_language(monkeypatch) -> None:
    shown: list = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    Hand.spanish("JO 7E")._ipython_display_()  # as a lesson's cell shows it
    SpanishCard.parse("HC")._ipython_display_()
    hand, horse = shown
    assert 'aria-label="Jack of coins, 7 of swords"' in hand.html
    choose("fr")
    assert 'aria-label="valet de deniers, 7 d\'épées"' in hand.html
    assert 'aria-label="cavalier de coupes"' in horse.html
    choose("es")
    assert 'aria-label="sota de oros, 7 de espadas"' in hand.html


def test_a_mililla_tables_trumps_and_hand_are_named_in_the_page_language() -> None:
    table = MilillaTable(Session.new("mililla", seed=21, seats=["human"] + ["random"] * 3))
    english = table.state["table"]["trump"]["name"]
    assert english in ("coins", "cups", "swords", "clubs")
    choose("es")
    suit = table.state["table"]["trump"]["suit"]
    assert table.state["table"]["trump"]["name"] == SPANISH_SUITS[suit]
    assert all(" of " not in card["name"] for card in table.state["hand"])
    choose("fr")
    assert table.state["table"]["trump"]["name"] == FRENCH_SUITS[suit]
    still = table.session.game.view(0).still_html()  # a lesson's picture of a position
    assert f"<b>{FRENCH_SUITS[suit]}</b>" in still
    # its seats named in French too (a Spanish walk read "lo que ve South" on an exercise)
    assert all(f">{name}<" in still for name in ("Sud", "Nord", "Est", "Ouest"))
    assert not any(name in still for name in ("South", "North", "East", "West"))


def test_the_learners_card_in_the_trick_is_said_in_the_second_person() -> None:
    table = MilillaTable(Session.new("mililla", seed=21, seats=["human"] + ["random"] * 3))
    choose("fr")
    labels = table.labels
    assert labels["mililla:front.played-you"] == "Vous avez joué {card}"
    assert labels["mililla:front.played"] == "{name} a joué {card}"
    choose("es")
    assert table.labels["mililla:front.played-winning-you"] == "Jugaste {card} (va ganando)"


def test_a_spanish_percentage_is_written_as_spanish_writes_it() -> None:
    speak("es")
    said = render(message("advice:about", other="robar", value=55))
    assert f"55{NB}%" in said and "55%" not in said


@pytest.mark.parametrize(
    ("language", "pile", "any_of", "key"),
    [
        (
            "fr",
            "prendre toute la défausse avec le 9 de cœur et le 9 de trèfle",
            "défausser, au choix, le 9 de cœur, la dame de pique",
            f"<code>QS</code> se lit «{NB}dame de pique{NB}»",
        ),
        (
            "es",
            "tomar la pila entera con el 9 de corazones y el 9 de tréboles",
            "descartar cualquiera de estas: el 9 de corazones, la reina de picas",
            "<code>QS</code> se lee «reina de picas»",
        ),
    ],
)
def test_the_lessons_tables_name_cards_in_the_page_language(language, pile, any_of, key) -> None:
    speak(language)
    assert move_words("pile 9H 9C", "mille") == (pile, ["9H", "9C"])
    assert group_words(["discard 9H", "discard QS"], "mille").endswith(any_of)
    page = demo("discard")._repr_html_()
    assert key in page and " of " not in html.unescape(page).split("<table>")[0]
    caption = {
        "fr": "Le 9♠ est sur le dessus de la défausse.",
        "es": "El 9♠ está encima de la pila.",
    }
    assert f"<p>{caption[language]}</p>" in demo("draw-pile")._repr_html_()


@pytest.mark.parametrize(
    ("language", "play", "mark"),
    [
        ("en", "Play the Ace of hearts", "Mark the Jack of coins"),
        ("fr", "Jouer l'as de cœur", "Marquer le valet de deniers"),
        ("es", "Jugar el as de corazones", "Marcar la sota de oros"),
    ],
)
def test_an_exercises_cards_are_named_in_the_page_language(language, play, mark) -> None:
    speak(language)
    assert render(tries("mille", "play", ["AH"], [], None)["cards"]["AH"]) == play
    assert render(tries("mililla", "choose", ["JO"], [], None)["cards"]["JO"]) == mark


def test_the_practice_pages_level_and_title_follow_a_switch() -> None:
    page = practice("mille")
    assert (page.level.description, page.table.state["title"]) == ("Bots:", "Mille: practice")
    choose("fr")
    assert page.level.description == f"Robots{NB}:"
    assert page.table.state["title"] == f"Mille{NB}: entraînement"
    choose("es")
    assert (page.level.description, page.table.state["title"]) == ("Bots:", "Mille: práctica")
    assert page.level.value == "basic"


def test_the_scoring_lessons_headers_are_said_in_the_page_language() -> None:
    heads = "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>"
    speak("fr")
    assert heads.format("joueur", "cartes", "valeur", "doublements", "points") in (
        score_demo()._repr_html_()
    )
    speak("es")
    assert heads.format("jugador", "cartas", "valor", "dobles", "puntos") in (
        score_demo()._repr_html_()
    )


@pytest.mark.parametrize(
    ("language", "when"),
    [("en", "4 Dec 09:05 UTC"), ("fr", "4 déc. à 09:05 UTC"), ("es", "4 dic., 09:05 UTC")],
)
def test_the_replay_lists_dates_name_the_month_in_the_page_language(language, when) -> None:
    speak(language)
    won = message("classroom:board.result.won")
    said = render(_replay_choice("Ann", "MLA-1", won, datetime(2026, 12, 4, 9, 5, tzinfo=UTC)))
    assert said.startswith("Ann · MLA-1 · ") and said.endswith(f" · {when}")
    months = {render(message(f"classroom:month.{n}")) for n in range(1, 13)}
    assert len(months) == 12


@pytest.mark.parametrize(
    ("language", "first", "yes"),
    [("en", "class", "yes"), ("fr", "classe", "oui"), ("es", "clase", "sí")],
)
def test_the_boards_csv_headers_are_said_in_the_page_language(language, first, yes) -> None:
    speak(language)
    board = Board("Year 7", "K7RT2Q", [(1, "Ann")], [(1, "deal", "MLA-1")], {(1, 1): Cell(tries=1)})
    head, row = list(csv.reader(io.StringIO(board_csv(board))))
    assert head[0] == first and len(head) == len(set(head)) == len(CSV_COLUMNS) == len(row)
    assert row[CSV_COLUMNS.index("done")] == yes and row[:2] == ["Year 7", "K7RT2Q"]
    speak(SOURCE)
    english = next(csv.reader(io.StringIO(board_csv(board))))
    assert english[3] == "student" and (language == "en") == (head == english)
