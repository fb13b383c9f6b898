"""The languages the school speaks, and the translations the message layer reads.

Every catalog's English entries are the source. A package that registers a catalog keeps
its translations in its own ``locale/`` folder, one gettext file per language
(``locale/fr.po``, compiled to ``locale/fr.mo`` beside it): each entry's message id is its
context (``msgctxt``), its English words the ``msgid``, so a sentence changed in English
reads as stale until its translation is looked at again. At run time only the standard
library's :mod:`gettext` reads the compiled files (the static site stays small); Babel
writes and compiles them (``make translations``: ``cardschool.widgets.language_files``).

A process speaks English until a page's browser says otherwise (:func:`speak`), or the
language the environment variable ``CARDSCHOOL_LANGUAGE`` names (``fr``, ``es``, ``en``),
read once as this module is imported: a kernel then speaks it without a browser (the
notebooks run under nbval in each language), and a server's pages open in it before the
browser's choice arrives (which still wins). A value the school does not speak is ignored
with a logged warning, and English kept.

    >>> from cardschool.engine.languages import LANGUAGES, speak, spoken
    >>> LANGUAGES
    ('en', 'fr', 'es')
    >>> spoken()
    'en'
"""

from __future__ import annotations

import gettext
import logging
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from importlib import resources
from typing import Any

__all__ = [
    "ENV_VAR",
    "LANGUAGES",
    "LOCALE",
    "PLURAL_FORMS",
    "SOURCE",
    "Translations",
    "homes",
    "speak",
    "spoken",
    "spoken_words",
    "translations",
]

SOURCE = "en"
"""The language the catalogs are written in."""

LANGUAGES = (SOURCE, "fr", "es")
"""The languages a learner can choose, the source first."""

PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
}
"""Each translation's plural rule as gettext writes it (French says 0 and 1 alike)."""

LOCALE = "locale"
"""The folder, in a package that registers catalogs, holding that package's translations."""


ENV_VAR = "CARDSCHOOL_LANGUAGE"
"""The environment variable naming the language a process speaks from its start."""

log = logging.getLogger(__name__)


def _first_language(environ: Mapping[str, str]) -> str:
    """The language ``environ`` asks a process to speak from its start (:data:`ENV_VAR`),
    else the source; a language the school does not speak is logged and set aside."""
    asked = environ.get(ENV_VAR, "").strip().lower()
    if not asked:
        return SOURCE
    if asked not in LANGUAGES:
        log.warning(
            "%s=%r is not a language the school speaks (%s): speaking %s",
            ENV_VAR,
            asked,
            ", ".join(LANGUAGES),
            SOURCE,
        )
        return SOURCE
    return asked


_SPOKEN = [_first_language(os.environ)]
_HOMES: dict[str, str] = {}


def spoken() -> str:
    """The language sentences are rendered in now (this process serves one page's reader)."""
    return _SPOKEN[0]


def speak(language: str) -> str:
    """Render every sentence from now on in ``language`` (one of :data:`LANGUAGES`: a page
    checks a language the browser asks for, and refuses another, before it calls this)."""
    if language not in LANGUAGES:
        raise LookupError(f"the school speaks {', '.join(LANGUAGES)}, not {language!r}")
    _SPOKEN[0] = language
    return language


def note_home(message_id: str, package: str) -> None:
    """Remember which package wrote the entry ``message_id`` (its translations live there)."""
    _HOMES[message_id] = package


def homes() -> dict[str, str]:
    """Each registered entry's package, by message id."""
    return dict(_HOMES)


@dataclass(frozen=True)
class Translations:
    """One language's compiled translations, from every package that has them."""

    language: str
    books: tuple[gettext.GNUTranslations, ...]

    def text(self, message_id: str, english: str) -> str | None:
        """The translation of the entry ``message_id`` (English ``english``), or None."""
        for book in self.books:
            said = book.pgettext(message_id, english)
            if said != english:
                return said
        return None

    def plural(self, message_id: str, one: str, other: str, number: int) -> str | None:
        """The translated form of a plural entry for ``number``, or None."""
        for book in self.books:
            said = book.npgettext(message_id, one, other, number)
            if said not in (one, other):
                return said
        return None


def _books(language: str) -> Iterator[gettext.GNUTranslations]:
    for package in sorted(set(_HOMES.values())):
        compiled = resources.files(package) / LOCALE / f"{language}.mo"
        if compiled.is_file():
            with compiled.open("rb") as stream:
                yield gettext.GNUTranslations(stream)


@lru_cache(maxsize=len(LANGUAGES))
def _translations(language: str, known: int) -> Translations:
    return Translations(language, tuple(_books(language)))


def translations(language: str) -> Translations:
    """The compiled translations into ``language`` of every catalog registered so far."""
    return _translations(language, len(_HOMES))


def spoken_words(
    say: Callable[[Any, object, str], str], tables: Mapping[str, Any]
) -> dict[str, Callable[[object, str], str]]:
    """Each language's way of saying a catalog's own values: ``say`` reading that language's
    word ``tables`` (a game's ``speech`` module gives both)."""
    return {language: partial(say, words) for language, words in tables.items()}
