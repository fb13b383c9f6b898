"""Each game's own values read in French and Spanish while that language is spoken.

Cards, ranks, suits, counts, melds, lists of cards and seats are said by the game's
``speech`` module (the catalog's ``spoken_words`` and ``spoken_seats``), whatever the
sentence around them; English reads as it always did once English is spoken again.
"""

from __future__ import annotations

import re

import pytest

from cardschool.engine import languages
from cardschool.engine.messages import YOU, Seat, message, render
from cardschool.engine.mililla import messages as mililla
from cardschool.engine.mililla.tables import CARDS as SPANISH_DECK
from cardschool.engine.mililla.tables import index_of
from cardschool.engine.mille import messages as mille
from cardschool.engine.mille.tables import CARDS as FRENCH_DECK
from cardschool.engine.mille.tables import face_of

SPOKEN = tuple(language for language in languages.LANGUAGES if language != languages.SOURCE)


@pytest.fixture
def speak():
    """Speak a language for the test (``speak("fr")``); English again after it."""
    yield languages.speak
    languages.speak(languages.SOURCE)


def _face(text: str) -> mille.Face:
    return mille.Face(face_of(text))


def _faces(*texts: str) -> tuple[int, ...]:
    return tuple(face_of(text) for text in texts)


def _card(text: str) -> mililla.Card:
    return mililla.Card(index_of(text))


def _cards(*texts: str) -> mililla.Cards:
    return mililla.Cards(tuple(index_of(text) for text in texts))


MILLE_WORDS = [
    # value, spec, French, Spanish
    (_face("QS"), "", "Q♠", "Q♠"),
    (_face("QS"), "the", "la dame de pique", "la reina de picas"),
    (_face("10S"), "the", "le 10 de pique", "el 10 de picas"),
    (_face("AH"), "the", "l'as de cœur", "el as de corazones"),
    (_face("JD"), "the", "le valet de carreau", "la jota de diamantes"),
    (_face("KC"), "the", "le roi de trèfle", "el rey de tréboles"),
    (_face("AH"), "The", "L'as de cœur", "El as de corazones"),
    (_face("QS"), "The", "La dame de pique", "La reina de picas"),
    (mille.Faces(_faces("9H", "9C", "2S")), "", "9♥ 9♣ 2♠", "9♥ 9♣ 2♠"),
    (mille.Rank(9), "plural", "neuf", "nueves"),
    (mille.Rank(13), "plural", "rois", "reyes"),
    (mille.Rank(6), "", "six", "seises"),
    (mille.Rank(12), "one", "dame", "reina"),
    (mille.Rank(10), "one", "dix", "diez"),
    (mille.Rank(9), "digits", "9", "9"),
    (mille.Rank(14), "digits", "as", "ases"),
    (mille.Rank(2), "plural", "2", "2"),
    (mille.Count(1), "", "une", "una"),
    (mille.Count(3), "", "trois", "tres"),
    (mille.Count(16), "", "seize", "dieciséis"),
    (mille.Count(20), "", "20", "20"),
    (mille.Meld(_faces("9H", "9C", "9S"), 9), "", "trois neuf", "tres nueves"),
    (
        mille.Meld(_faces("KS", "KH", "2C"), 13),
        "",
        "deux rois et un 2 joker",
        "dos reyes y un 2 comodín",
    ),
    (
        mille.Meld(_faces("QS", "2H", "2C"), 12),
        "",
        "une dame et deux 2 jokers",
        "una reina y dos 2 comodines",
    ),
    (mille.Meld(_faces("2S"), 9), "", "un 2 joker", "un 2 comodín"),
    (mille.Meld(_faces("2S", "2H", "2D"), 2), "", "trois 2", "tres 2"),
    # the forms only a translation asks (spoken_specs): articles, contractions, elisions
    (_face("QS"), "the-sym", "la Q♠", "la Q♠"),
    (_face("10S"), "the-sym", "le 10♠", "el 10♠"),
    (_face("AH"), "the-sym", "l'A♥", "el A♥"),
    (_face("JD"), "the-sym", "le J♦", "la J♦"),
    (_face("QS"), "of-the-sym", "de la Q♠", "de la Q♠"),
    (_face("10S"), "of-the-sym", "du 10♠", "del 10♠"),
    (_face("AH"), "of-the-sym", "de l'A♥", "del A♥"),
    (_face("10S"), "of-the", "du 10 de pique", "del 10 de picas"),
    (_face("QS"), "of-the", "de la dame de pique", "de la reina de picas"),
    (_face("AH"), "of-the", "de l'as de cœur", "del as de corazones"),
    (_face("10S"), "to-the", "au 10 de pique", "al 10 de picas"),
    (_face("QS"), "to-the", "à la dame de pique", "a la reina de picas"),
    (_face("AH"), "to-the", "à l'as de cœur", "al as de corazones"),
    (mille.Faces(_faces("QS")), "the-sym", "la Q♠", "la Q♠"),
    (mille.Faces(_faces("10S")), "of-the-sym", "du 10♠", "del 10♠"),
    (mille.Faces(_faces("9H", "9C")), "the-sym", "9♥ 9♣", "9♥ 9♣"),
    (mille.Rank(12), "a", "une dame", "una reina"),
    (mille.Rank(13), "a", "un roi", "un rey"),
    (mille.Rank(11), "a", "un valet", "una jota"),
    (mille.Rank(14), "a", "un as", "un as"),
    (mille.Rank(14), "of", "d'as", "de ases"),
    (mille.Rank(12), "of", "de dames", "de reinas"),
    (mille.Rank(8), "of", "de huit", "de ochos"),
]

MILILLA_WORDS = [
    (_card("4C"), "", "le 4 de coupes", "el 4 de copas"),
    (_card("AO"), "", "l'as de deniers", "el as de oros"),
    (_card("HE"), "", "le cavalier d'épées", "el caballo de espadas"),
    (_card("JO"), "", "le valet de deniers", "la sota de oros"),
    (_card("KB"), "", "le roi de bâtons", "el rey de bastos"),
    (_card("JO"), "cap", "Le valet de deniers", "La sota de oros"),
    (_card("AE"), "cap", "L'as d'épées", "El as de espadas"),
    (_card("HE"), "name", "cavalier d'épées", "caballo de espadas"),
    (_card("4C"), "suit", "coupes", "copas"),
    (_card("HC"), "rank", "cavalier", "caballo"),
    (mililla.Suit(0), "", "deniers", "oros"),
    (mililla.Suit(2), "one", "épée", "espada"),
    (mililla.Suits((1, 2, 3)), "", "coupes, épées et bâtons", "copas, espadas y bastos"),
    (
        _cards("4C", "HC"),
        "same-suit",
        "le 4 et le cavalier de coupes",
        "el 4 y el caballo de copas",
    ),
    (_cards("AE", "JE"), "same-suit", "l'as et le valet d'épées", "el as y la sota de espadas"),
    (_cards("4C", "5C", "7C"), "or-the", "le 4, le 5 ou le 7", "el 4, el 5 o el 7"),
    (_cards("4C", "JC"), "or-the", "le 4 ou le valet", "el 4 o la sota"),
    (_cards("HC", "KC"), "or-ranks", "cavalier ou roi", "caballo o rey"),
    # the forms only a translation asks (spoken_specs): contractions and elisions
    (_card("4C"), "of", "du 4 de coupes", "del 4 de copas"),
    (_card("AE"), "of", "de l'as d'épées", "del as de espadas"),
    (_card("JO"), "of", "du valet de deniers", "de la sota de oros"),
    (_card("KB"), "to", "au roi de bâtons", "al rey de bastos"),
    (_card("JO"), "to", "au valet de deniers", "a la sota de oros"),
    (_card("AE"), "to", "à l'as d'épées", "al as de espadas"),
    (_card("AE"), "suit-of", "d'épées", "de espadas"),
    (_card("4C"), "suit-of", "de coupes", "de copas"),
    (mililla.Suit(2), "of", "d'épées", "de espadas"),
    (mililla.Suit(1), "of", "de coupes", "de copas"),
    (mililla.Suit(2), "one-of", "d'épée", "de espada"),
    (mililla.Suit(0), "one-of", "de denier", "de oro"),
]


@pytest.mark.parametrize(("value", "spec", "french", "spanish"), MILLE_WORDS)
def test_mille_values_read_in_french_and_spanish(value, spec, french, spanish):
    words = mille.CATALOG.spoken_words
    assert (words["fr"](value, spec), words["es"](value, spec)) == (french, spanish)


@pytest.mark.parametrize(("value", "spec", "french", "spanish"), MILILLA_WORDS)
def test_mililla_values_read_in_french_and_spanish(value, spec, french, spanish):
    words = mililla.CATALOG.spoken_words
    assert (words["fr"](value, spec), words["es"](value, spec)) == (french, spanish)


ENGLISH = re.compile(
    r"\b(the|of|and|or|wild|Aces?|Kings?|Queens?|Jacks?|Horses?|spades|hearts|diamonds|"
    r"clubs|coins?|cups?|swords?|nines?|tens?|threes?|one|two|three)\b"
)
"""An English word in what should be French or Spanish."""


def _every_mille_value():
    for face in range(len(FRENCH_DECK)):
        for spec in ("", "the", "The", *mille.CATALOG.spoken_specs - {"a", "of"}):
            yield mille.Face(face), spec
    twos = tuple(face for face, card in enumerate(FRENCH_DECK) if int(card.rank) == 2)
    for rank in range(2, 15):
        for spec in ("", "plural", "one", "digits", "a", "of"):
            yield mille.Rank(rank), spec
        naturals = tuple(face for face, card in enumerate(FRENCH_DECK) if int(card.rank) == rank)
        for meld in (naturals[:3], naturals[:1] + twos[:2], naturals[:2] + twos[:1]):
            yield mille.Meld(meld, rank), ""
    for number in range(17):
        yield mille.Count(number), ""


def _every_mililla_value():
    for index in range(len(SPANISH_DECK)):
        for spec in ("", "cap", "name", "suit", "rank", *mililla.CATALOG.spoken_specs - {"one-of"}):
            yield mililla.Card(index), spec
    for suit in range(4):
        for spec in ("", "one", "of", "one-of"):
            yield mililla.Suit(suit), spec
    yield mililla.Suits((0, 1, 2, 3)), ""
    for suit in range(4):
        whole = tuple(range(10 * suit, 10 * suit + 10))
        for spec in ("same-suit", "or-the", "or-ranks"):
            yield mililla.Cards(whole), spec


@pytest.mark.parametrize("language", SPOKEN)
@pytest.mark.parametrize(
    ("catalog", "values"),
    [(mille.CATALOG, _every_mille_value), (mililla.CATALOG, _every_mililla_value)],
    ids=["mille", "mililla"],
)
def test_every_card_rank_and_suit_reads_without_english(catalog, values, language):
    """Every card of the deck, rank, suit and count, in every spec the catalogs use, has its
    words in each spoken language: none is empty or English."""
    word = catalog.spoken_words[language]
    english = [
        (value, spec, said)
        for value, spec in values()
        if not (said := word(value, spec)) or ENGLISH.search(said)
    ]
    assert not english


@pytest.mark.parametrize("catalog", [mille.CATALOG, mililla.CATALOG], ids=["mille", "mililla"])
def test_every_seat_and_the_learner_are_named_in_each_language(catalog):
    for language in SPOKEN:
        named = catalog.spoken_seats[language]
        assert set(named) == {*catalog.seats, YOU}
        assert not set(named.values()) & {*catalog.seats, YOU}
    assert set(catalog.spoken_words) == set(SPOKEN)


MILLE_SAID = [
    # a real message, the names of the seats, its French and Spanish words
    (
        message("mille:goal.worth", card=_face("AH"), value=15),
        (),
        "L'as de cœur",
        "El as de corazones",
    ),
    (
        message(
            "mille:reason.against.keeps-queen-jack",
            discard=_face("9H"),
            card=_face("QS"),
            points=100,
            who=Seat(1),
            count=1,
        ),
        ("You", "North"),
        "la dame de pique",
        "la reina de picas",
    ),
    (
        message(
            "mille:narrate.meld",
            who=Seat(1),
            shown=mille.Faces(_faces("KS", "KH", "2C")),
            meld=mille.Meld(_faces("KS", "KH", "2C"), 13),
        ),
        (),
        "deux rois et un 2 joker",
        "dos reyes y un 2 comodín",
    ),
    (message("mille:narrate.stock", who=Seat(1)), (), "Nord", "Norte"),
    (message("mille:narrate.stock", who=Seat(0)), (), "Sud", "Sur"),
    (
        message("mille:explain.how-many", n=3, count=mille.Count(3), rank=mille.Rank(9)),
        (),
        "trois neuf",
        "tres nueves",
    ),
]

MILILLA_SAID = [
    (
        message("mililla:narrate.lead", who=Seat(1), card=_card("4C")),
        (),
        "le 4 de coupes",
        "el 4 de copas",
    ),
    (
        message("mililla:narrate.lead", who=Seat(3), card=_card("AO")),
        (),
        "l'as de deniers",
        "Oeste",
    ),
    (
        message(
            "mililla:explain.must-follow-beat",
            held=_cards("4C", "HC"),
            win=_card("AO"),
            beaters=_cards("4C", "5C", "JC"),
        ),
        (),
        "le 4 et le cavalier de coupes",
        "el 4, el 5 o la sota",
    ),
    (
        message(
            "mililla:explain.must-beat-or",
            win=_card("AO"),
            beater=_card("HE"),
            more=_cards("HE", "KE"),
        ),
        (),
        "cavalier d'épées",
        "caballo o rey",
    ),
    (
        message("mililla:explain.sevens-note", suits=mililla.Suits((1, 2, 3))),
        (),
        "coupes, épées et bâtons",
        "copas, espadas y bastos",
    ),
    (message("mililla:goal.trump", card=_card("JO")), (), "le valet de deniers", "oros"),
    (
        message("mililla:position.wrong-leader", number=2, leader=Seat(2), seat=Seat(0)),
        ("South", "East", YOU, "West"),
        "vous",
        "tú",
    ),
    (message("mililla:team", a=Seat(1), b=Seat(3)), (), "Est", "Oeste"),
]


@pytest.mark.parametrize(("said", "names", "french", "spanish"), MILLE_SAID + MILILLA_SAID)
def test_real_sentences_say_the_games_values_in_the_spoken_language(
    speak, said, names, french, spanish
):
    """Whatever the sentence around them (translated yet or not), the values inside it are
    said in the language spoken; English again after it."""
    english = render(said, names)
    speak("fr")
    assert french in render(said, names)
    speak("es")
    assert spanish in render(said, names)
    speak("en")
    assert render(said, names) == english


SPOKEN_SPECS_SAID = [
    # a real message whose translation asks its values for a form English never needs,
    # the seats' names, and its whole French and Spanish sentence
    (
        message("mille:narrate.discard", who=Seat(1), card=_face("QS")),
        ("South", "North"),
        "Nord se défausse de la Q♠",
        "Norte se descarta de la Q♠",
    ),
    (
        message("mille:narrate.discard", who=Seat(1), card=_face("10S")),
        ("South", "North"),
        "Nord se défausse du 10♠",
        "Norte se descarta del 10♠",
    ),
    (
        message("mille:explain.discard", card=_face("AH")),
        (),
        "Défaussez l'A♥ pour terminer votre tour",
        "Descártate del A♥ para terminar tu turno",
    ),
    (
        message(
            "mille:narrate.add",
            who=Seat(1),
            shown=mille.Faces(_faces("AS")),
            rank=mille.Rank(14),
        ),
        ("South", "North"),
        "Nord ajoute A♠ à la combinaison d'as",
        "Norte añade A♠ a la combinación de ases",
    ),
    (
        message("mille:explain.how-many", n=1, count=mille.Count(1), rank=mille.Rank(12)),
        (),
        "une dame",
        "una reina",
    ),
    (
        message("mille:coach.do.discard", shown=mille.Faces(_faces("QS")), rank=mille.Rank(12)),
        (),
        "Défaussez la Q♠",
        "Descártate de la Q♠",
    ),
    (
        message("mille:explain.only-one", card=_face("QS")),
        (),
        "Vous n'avez qu'un exemplaire de la Q♠",
        "Solo tienes un ejemplar de la Q♠",
    ),
    (
        message("mililla:explain.none", suit=mililla.Suit(2)),
        (),
        "pas d'épées",
        "ninguna carta de espadas",
    ),
    (
        message("mililla:explain.partner-follow", led=mililla.Suit(2)),
        (),
        "votre partenaire gagne le pli\u00a0: n'importe quelle carte d'épées convient",
        "tu compañero va ganando: vale cualquier carta de espadas",
    ),
    (
        message("mililla:explain.trumped-follow", win=_card("2O"), led=mililla.Suit(2)),
        (),
        "un adversaire a coupé avec le 2 de deniers\u00a0; fournir ne bat jamais un atout, donc "
        "n'importe quelle carte d'épées convient",
        "un rival ha fallado con el 2 de oros; asistir nunca monta sobre un triunfo, así que vale "
        "cualquier carta de espadas",
    ),
    (
        message("mililla:coach.give-points", points=10, card=_card("AE")),
        (),
        "donc donnez à votre équipe les 10 points de l'as d'épées",
        "así que dale a tu equipo los 10 puntos del as de espadas",
    ),
    (
        message("mililla:coach.give-points", points=2, card=_card("JO")),
        (),
        "donc donnez à votre équipe les 2 points du valet de deniers",
        "así que dale a tu equipo los 2 puntos de la sota de oros",
    ),
]


@pytest.mark.parametrize(("said", "names", "french", "spanish"), SPOKEN_SPECS_SAID)
def test_translations_say_articles_contracted_and_elided(speak, said, names, french, spanish):
    """A translation asking its values for an article, a contraction or an elision (the
    catalog's ``spoken_specs``) reads as the language says it: never ``du dame``, ``de
    épées`` or ``el reina``, nor the English it falls back to."""
    english = render(said, names)
    speak("fr")
    assert render(said, names) == french
    speak("es")
    assert render(said, names) == spanish
    speak("en")
    assert render(said, names) == english


def test_english_reads_as_it_did(speak):
    """The catalogs' English words are unchanged by the French and Spanish ones."""
    speak("fr")
    render(message("mililla:narrate.lead", who=Seat(1), card=_card("4C")))
    speak("en")
    assert render(message("mililla:narrate.lead", who=Seat(1), card=_card("4C"))) == (
        "East leads the 4 of cups"
    )
    held = message("mililla:explain.must-follow", held=_cards("4C", "HC"), win=_card("AO"))
    assert render(held) == "you must follow suit: you hold the 4 and the Horse of cups"
    assert render(message("mille:goal.worth", card=_face("QS"), value=10)) == (
        "The Queen of spades is worth 10"
    )
    meld = mille.Meld(_faces("KS", "KH", "2C"), 13)
    shown = mille.Faces(_faces("KS", "KH", "2C"))
    assert render(message("mille:narrate.meld", who=Seat(1), shown=shown, meld=meld)) == (
        "North melds K♠ K♥ 2♣ (two Kings and a wild 2)"
    )


def test_a_persons_name_stays_as_typed(speak):
    speak("fr")
    assert "Ann" in render(message("mille:narrate.stock", who=Seat(1)), ("You", "Ann"))
