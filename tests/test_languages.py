"""The translations: files current with the English, placeholders and plurals kept, rendered.

Each package that registers catalogs keeps ``locale/<language>.po`` (and its compiled
``.mo``) beside them; ``make translations`` writes both from the English entries.
"""

from __future__ import annotations

from pathlib import Path
from string import Formatter

import pytest
from babel.messages.pofile import read_po

from cardschool.engine import languages
from cardschool.engine.messages import Plural, catalog_of, message, render
from cardschool.widgets.language_files import (
    PackageCatalog,
    compiled,
    english_entries,
    notebook_catalogs,
    package_catalogs,
    written_po,
)

PLACES = list(package_catalogs())


def fields(text: str) -> set[str]:
    """The placeholders of a sentence, with their format specs (``{share:.0%}``)."""
    return {f"{name}:{spec}" for _, name, spec, _ in Formatter().parse(text) if name is not None}


def fitting(said: set[str], english: set[str], key: str) -> bool:
    """Whether a translation's placeholders fit the English ones: the same names, each with
    an English spec or one of the forms the catalog's own values have in every language
    (``spoken_specs``: ``{rank:a}`` where French needs ``une dame``)."""
    names = {field.partition(":")[0] for field in english}
    if {field.partition(":")[0] for field in said} != names:
        return False
    extra = catalog_of(key).spoken_specs
    return all(field in english or field.partition(":")[2] in extra for field in said)


def _book(place: PackageCatalog):
    with place.po.open("rb") as stream:
        return read_po(stream, locale=place.language)


@pytest.fixture
def in_french():
    """Sentences rendered in French for the test, English again after it."""
    languages.speak("fr")
    yield
    languages.speak(languages.SOURCE)


def test_every_package_with_catalogs_has_a_file_per_language() -> None:
    """Each translation file exists, and both files of each language are there."""
    assert {place.language for place in PLACES} == set(languages.LANGUAGES) - {"en"}
    missing = [str(place.po) for place in PLACES if not place.po.is_file()]
    assert not missing, "run `make translations`: no file " + ", ".join(missing)


@pytest.mark.parametrize("place", PLACES, ids=lambda p: f"{p.package}-{p.language}")
def test_translation_file_is_current_with_the_english(place: PackageCatalog) -> None:
    """A message added, removed or changed in English is in the file as it now reads."""
    assert place.po.read_bytes() == written_po(place), (
        f"{place.po} is behind the catalogs' English: run `make translations`"
    )


@pytest.mark.parametrize("place", PLACES, ids=lambda p: f"{p.package}-{p.language}")
def test_compiled_file_is_compiled_from_its_translation_file(place: PackageCatalog) -> None:
    """The ``.mo`` read at run time says what the ``.po`` says."""
    assert place.mo.read_bytes() == compiled(place), f"{place.mo} is stale: `make translations`"


@pytest.mark.parametrize("place", PLACES, ids=lambda p: f"{p.package}-{p.language}")
def test_translations_keep_every_placeholder(place: PackageCatalog) -> None:
    """A translated sentence has the same placeholders as its English (each plural form those
    of the English forms together), each with its English spec or one of its catalog's
    ``spoken_specs``, and as many plural forms as its language has."""
    english = english_entries(place.package)
    wrong = []
    for entry in _book(place):
        if not entry.id or not entry.string:
            continue
        source = english[entry.context]
        if isinstance(source, Plural):
            assert isinstance(entry.string, tuple)
            assert len(entry.string) == _plural_count(place.language), entry.context
            wanted = fields(source.one) | fields(source.other)
            said = [fields(form) for form in entry.string if form]
            names = {field.partition(":")[0] for field in wanted}
            if any(not {f.partition(":")[0] for f in form} <= names for form in said) or (
                said and not fitting(set().union(*said), wanted, entry.context)
            ):
                wrong.append(entry.context)
        elif not fitting(fields(entry.string), fields(source), entry.context):
            wrong.append(entry.context)
    assert not wrong, f"{place.po}: placeholders differ from the English in " + ", ".join(wrong)


def _plural_count(language: str) -> int:
    return int(languages.PLURAL_FORMS[language].split(";")[0].split("=")[1])


@pytest.mark.parametrize(
    "po",
    [place.po for place in PLACES] + [place.po for place in notebook_catalogs()],
    ids=lambda po: "/".join(po.parts[-4:]),
)
def test_nothing_is_untranslated_or_stale(po: Path) -> None:
    """Every entry of every translation file (the catalogs' and the notebooks') is translated,
    and none is stale (fuzzy: its English changed since): a sentence added or changed in
    English fails here until it is translated (``make translations``, then the .po files)."""
    with po.open("rb") as stream:
        book = read_po(stream)
    left = [e.context for e in book if e.id and (e.fuzzy or not _said(e.string))]
    assert not left, f"{po}: untranslated or stale: " + ", ".join(left)


def _said(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def test_english_is_the_catalogs_own_words() -> None:
    """In English a sentence reads as its catalog writes it."""
    assert render(message("session:match-over")) == "The match is over."


def test_a_language_not_spoken_is_refused_and_changes_nothing() -> None:
    """Asking for another language is refused by name; the language stays what it was."""
    with pytest.raises(LookupError, match="not 'de'"):
        languages.speak("de")
    assert languages.spoken() == "en"


def test_an_untranslated_sentence_reads_in_english(in_french: None) -> None:
    """A sentence nobody has translated yet is still said, in English, rather than lost."""
    from cardschool.engine.messages import Catalog, register

    register(Catalog("untranslated-test", {"untranslated-test:new": "A sentence just written."}))
    assert render(message("untranslated-test:new")) == "A sentence just written."


def english_entries_of(key: str) -> str:
    """The English words of the entry ``key``."""
    for place in PLACES:
        found = english_entries(place.package).get(key)
        if found is not None:
            return found  # type: ignore[return-value]
    raise KeyError(key)


def test_a_translated_sentence_reads_in_its_language(in_french: None) -> None:
    """A sentence with a French translation is said in French while French is spoken, and
    in English again once English is."""
    key, french = next(
        (
            (e.context, e.string)
            for place in PLACES
            if place.language == "fr"
            for e in _book(place)
            if e.id and isinstance(e.string, str) and e.string and not e.fuzzy and not fields(e.id)
        ),
        (None, None),
    )
    if key is None:
        pytest.skip("no French sentence yet")
    assert render(message(key)) == french
    languages.speak("en")
    assert render(message(key)) == english_entries_of(key)


@pytest.mark.parametrize(
    ("language", "number", "spec", "written"),
    [
        ("fr", 1200, "", "1\u202f200"),
        ("fr", 0.45, ".0%", "45\u202f%"),
        ("fr", 2.5, ".1f", "2,5"),
        ("fr", 999, "", "999"),
        ("es", 1200, "", "1200"),
        ("es", 12000, "", "12.000"),
        ("es", 0.45, ".0%", "45\u00a0%"),
        ("es", -3, "+d", "-3"),
    ],
)
def test_numbers_are_written_the_languages_way(
    language: str, number: float, spec: str, written: str
) -> None:
    """Inside a sentence a number reads as its language writes it (1 200 points in French,
    12.000 in Spanish, a decimal comma, a space before %); English keeps Python's way."""
    from cardschool.engine.messages import Catalog, register

    register(Catalog("numbers-test", {"numbers-test:n": f"{{n:{spec}}}"}), replacing=True)
    said = message("numbers-test:n", n=number)
    languages.speak(language)
    try:
        assert render(said) == written
    finally:
        languages.speak("en")
    assert render(said) == format(number, spec)


def test_a_translation_that_does_not_fit_its_values_reads_in_english(
    in_french: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translation asking a form its values do not have is never shown broken (nor does
    it stop the page): the sentence is said in English."""
    from cardschool.engine import messages
    from cardschool.engine.messages import Catalog, register

    register(Catalog("unfit-test", {"unfit-test:n": "{n} cards."}))

    class Unfit:
        def text(self, key: str, english: str) -> str:
            return "{n:zz} cartes."

    monkeypatch.setattr(messages, "translations", lambda language: Unfit())
    assert render(message("unfit-test:n", n=3)) == "3 cards."


def test_a_generic_sentence_names_seats_in_the_readers_language(in_french: None) -> None:
    """A sentence of the generic catalogs names a game's seats as that game does in the
    spoken language ("Sud", not "South"), and a person's name as typed."""
    from cardschool.engine.messages import Seat, catalog_of

    catalog_of("mililla:anything")  # the games' catalogs, with their seat names
    dealer = message("session:new-deal", dealer=Seat(0))
    assert "Sud" in render(dealer, ("South", "North")) and "South" not in render(
        dealer, ("South", "North")
    )
    assert "Ana" in render(dealer, ("Ana", "North"))


def test_a_tables_seats_are_labelled_in_the_readers_language(in_french: None) -> None:
    """The seats drawn on a table are named in the spoken language ("Vous", "Nord")."""
    from cardschool.engine.session import Session
    from cardschool.widgets import MilleTable

    table = MilleTable(Session.new("mille", 3), speed=0)
    assert [seat["name"] for seat in table.state["seats"]] == ["Vous", "Nord"]
