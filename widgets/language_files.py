"""The translation files, written and compiled with Babel (a tool for authors, never run by a page).

``python -m cardschool.widgets.language_files extract`` writes, for every package that
registers catalogs, ``locale/<language>.po`` with one entry per message (context: the
message id; msgid: its English words; a plural entry with both English forms), keeping
each translation already written: one whose English has changed since is marked fuzzy
(stale) for its translator to look at again. ``compile`` writes each ``.mo`` beside its
``.po`` (fuzzy entries left out, so a stale translation is never shown). ``status`` prints
how much of each language is translated. A language named after the command
(``extract fr``) limits it to that language's files. The check in the test suite reads
the same files.
"""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING

from ..engine.languages import LANGUAGES, LOCALE, PLURAL_FORMS, SOURCE, homes
from ..engine.messages import Plural, catalog_of

if TYPE_CHECKING:  # Babel is the translators' tool, imported only when it runs
    from babel.messages.catalog import Catalog as Book

__all__ = [
    "CATALOG_MODULES",
    "PackageCatalog",
    "compiled",
    "english_entries",
    "has_words",
    "load_every_catalog",
    "main",
    "package_catalogs",
    "written_po",
]

ROOTS = ("cardschool.engine", "cardschool.widgets")
"""The packages whose modules register catalogs."""

FIXED_DATE = datetime(2026, 12, 4, tzinfo=UTC)
"""The date written in every file's header (a date that changed would make every file new)."""

CATALOG_MODULES = ("catalog.py", "messages.py", "_messages.py")
"""How the file of a module holding a catalog's entries is named (by its end)."""


def load_every_catalog() -> None:
    """Import every module that registers a catalog, so that every entry is known."""
    for root in ROOTS:
        top = Path(importlib.import_module(root).__file__ or "").parent
        for path in sorted(top.rglob("*.py")):
            if path.name.endswith(CATALOG_MODULES):
                parts = path.relative_to(top).with_suffix("").parts
                importlib.import_module(".".join((root, *parts)))


def english_entries(package: str) -> dict[str, str | Plural]:
    """The English entries the package ``package`` registered, by message id."""
    return {key: catalog_of(key).entries[key] for key, home in homes().items() if home == package}


@dataclass(frozen=True)
class PackageCatalog:
    """One package's translation file for one language."""

    package: str
    language: str

    @property
    def folder(self) -> Path:
        """The package's ``locale/`` folder."""
        top = Path(importlib.import_module(self.package).__file__ or "").parent
        return top / LOCALE

    @property
    def po(self) -> Path:
        """The translation file."""
        return self.folder / f"{self.language}.po"

    @property
    def mo(self) -> Path:
        """Its compiled form, read at run time."""
        return self.folder / f"{self.language}.mo"


def package_catalogs() -> Iterator[PackageCatalog]:
    """Every package's translation file, for every language but the source."""
    load_every_catalog()
    for package in sorted(set(homes().values())):
        for language in LANGUAGES:
            if language != SOURCE:
                yield PackageCatalog(package, language)


def _read(place: PackageCatalog) -> Book:
    from babel.messages.catalog import Catalog as Book
    from babel.messages.pofile import read_po

    if place.po.is_file():
        with place.po.open("rb") as stream:
            return read_po(stream, locale=place.language)
    return Book(locale=place.language)


def written_po(place: PackageCatalog) -> bytes:
    """The ``.po`` file for ``place`` brought up to date with the English entries."""
    from babel.messages.catalog import Catalog as Book
    from babel.messages.pofile import write_po

    before = _read(place)
    book = Book(
        locale=place.language,
        project="cardschool",
        version="1",
        msgid_bugs_address="",
        last_translator="cardschool",
        language_team="cardschool",
        header_comment=f"# cardschool: {place.package} in {place.language}",
        creation_date=FIXED_DATE,  # the same file every time it is written from the same words
        revision_date=FIXED_DATE,
    )
    book.mime_headers = [("Plural-Forms", PLURAL_FORMS[place.language])]  # ours, not CLDR's
    for key, entry in sorted(english_entries(place.package).items()):
        if not has_words(entry):
            continue  # "{text}": nothing to translate
        english: str | tuple[str, str] = (
            (entry.one, entry.other) if isinstance(entry, Plural) else entry
        )
        old = before.get(english, context=key)
        fuzzy = False
        translation: str | tuple[str, ...] = "" if isinstance(english, str) else ("", "")
        if old is None:  # the English changed: keep the old words, marked stale
            old = next((m for m in before if m.context == key and m.id), None)
            fuzzy = old is not None and _said(old.string)
        if old is not None and _said(old.string):
            translation = old.string
            fuzzy = fuzzy or old.fuzzy
        book.add(english, translation, context=key, flags=("fuzzy",) if fuzzy else ())
    out = io.BytesIO()
    write_po(out, book, width=100, omit_header=False)  # in message ids' order
    return out.getvalue()


def has_words(entry: str | Plural) -> bool:
    """Whether an entry has words of its own outside its placeholders."""
    text = f"{entry.one} {entry.other}" if isinstance(entry, Plural) else entry
    return any(part.strip() for part, *_ in Formatter().parse(text))


def _said(string: str | tuple[str, ...]) -> bool:
    return any(string) if isinstance(string, tuple) else bool(string)


def compiled(place: PackageCatalog) -> bytes:
    """The ``.mo`` form of ``place``'s ``.po`` file (fuzzy translations left out)."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, _read(place), use_fuzzy=False)
    return out.getvalue()


def main(argv: list[str]) -> int:
    """``extract`` (write the .po files), ``compile`` (the .mo files) or ``status``, of
    every language or of those named after the command (``extract fr``)."""
    command = argv[0] if argv else "status"
    chosen = set(argv[1:]) or set(LANGUAGES)
    for place in package_catalogs():
        if place.language not in chosen:
            continue
        if command == "extract":
            place.folder.mkdir(exist_ok=True)
            place.po.write_bytes(written_po(place))
        elif command == "compile" and place.po.is_file():
            place.mo.write_bytes(compiled(place))
        elif command == "status":
            book = _read(place)
            done = sum(1 for m in book if m.id and _said(m.string) and not m.fuzzy)
            total = sum(map(has_words, english_entries(place.package).values()))
            print(f"{place.package:40} {place.language}  {done:4} of {total:4} translated")
        elif command not in ("extract", "compile", "status"):
            print(f"unknown command {command!r}: extract, compile or status", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
