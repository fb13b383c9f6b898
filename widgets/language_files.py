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

The notebooks of ``tutorial/`` are translated the same way, one source per text: each
English markdown cell (tagged ``lang-en``) is an entry of ``tutorial/locale/<language>.po``
(context: ``<notebook path under tutorial/>#<cell id>``; msgid: the cell's Markdown), and
``extract`` also writes, right after each English cell, one generated cell per language
(tagged ``lang-fr``, ``lang-es``; metadata ``cardschool.generated_from``: the English cell's
id) holding its translation, or the English while it has none or a stale one. Generated
cells are written again every time: translators edit the ``.po`` files, never the cells.
The pages show the cells of the language they speak only (the ``celltag_lang-*`` classes
nbconvert gives them, hidden by ``voila_template/languages.css``).
"""

from __future__ import annotations

import hashlib
import importlib
import io
import json
import sys
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any

from ..engine.languages import LANGUAGES, LOCALE, PLURAL_FORMS, SOURCE, homes
from ..engine.messages import Plural, catalog_of

if TYPE_CHECKING:  # Babel is the translators' tool, imported only when it runs
    from babel.messages.catalog import Catalog as Book

__all__ = [
    "CATALOG_MODULES",
    "GENERATED",
    "TUTORIAL",
    "NotebookCatalog",
    "PackageCatalog",
    "compiled",
    "english_cells",
    "english_entries",
    "has_words",
    "is_generated",
    "is_source",
    "language_tag",
    "load_every_catalog",
    "main",
    "notebook_catalogs",
    "notebook_paths",
    "package_catalogs",
    "tutorial_files",
    "written_notebook",
    "written_notebooks_po",
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


def _read(place: PackageCatalog | NotebookCatalog) -> Book:
    from babel.messages.catalog import Catalog as Book
    from babel.messages.pofile import read_po

    if place.po.is_file():
        with place.po.open("rb") as stream:
            return read_po(stream, locale=place.language)
    return Book(locale=place.language)


def written_po(place: PackageCatalog) -> bytes:
    """The ``.po`` file for ``place`` brought up to date with the English entries."""
    from babel.messages.pofile import write_po

    before = _read(place)
    book = _new_book(place.language, f"# cardschool: {place.package} in {place.language}")
    for key, entry in sorted(english_entries(place.package).items()):
        if not has_words(entry):
            continue  # "{text}": nothing to translate
        english: str | tuple[str, str] = (
            (entry.one, entry.other) if isinstance(entry, Plural) else entry
        )
        translation, fuzzy = _kept(before, english, key)
        book.add(english, translation, context=key, flags=("fuzzy",) if fuzzy else ())
    out = io.BytesIO()
    write_po(out, book, width=100, omit_header=False)  # in message ids' order
    return out.getvalue()


def _new_book(language: str, header: str) -> Book:
    """An empty translation file for ``language``, its header the same every time."""
    from babel.messages.catalog import Catalog as Book

    book = Book(
        locale=language,
        project="cardschool",
        version="1",
        msgid_bugs_address="",
        last_translator="cardschool",
        language_team="cardschool",
        header_comment=header,
        creation_date=FIXED_DATE,  # the same file every time it is written from the same words
        revision_date=FIXED_DATE,
    )
    book.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]  # ours, not CLDR's
    return book


def _kept(
    before: Book, english: str | tuple[str, str], key: str
) -> tuple[str | tuple[str, ...], bool]:
    """The translation ``before`` holds for ``english`` in context ``key``, and whether it is
    stale (fuzzy): written for other English words, or marked so by its translator."""
    old = before.get(english, context=key)
    fuzzy = False
    translation: str | tuple[str, ...] = "" if isinstance(english, str) else ("", "")
    if old is None:  # the English changed: keep the old words, marked stale
        old = next((m for m in before if m.context == key and m.id), None)
        fuzzy = old is not None and _said(old.string)
    if old is not None and _said(old.string):
        translation = _shaped(old.string, english)
        fuzzy = fuzzy or old.fuzzy
    return translation, fuzzy


def _shaped(string: str | tuple[str, ...], english: str | tuple[str, str]) -> str | tuple[str, ...]:
    """Old words in the shape the English has now: a sentence that became a plural entry
    keeps its words as every form (stale, for its translator), and the other way round."""
    if isinstance(english, str):
        return string if isinstance(string, str) else next((s for s in string if s), "")
    return (string, string) if isinstance(string, str) else string


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


TUTORIAL = Path(__file__).resolve().parents[1] / "tutorial"
"""The notebooks' folder of the checkout (beside ``widgets/``)."""

GENERATED = "cardschool"
"""The metadata key of a generated cell: ``{"generated_from": <the English cell's id>,
"language": <its language>, "translated": <False while it shows the English>}``."""

ID_LENGTH = 64
"""The longest cell id nbformat allows."""


def language_tag(language: str) -> str:
    """The tag of a markdown cell written in ``language`` (``lang-fr``); a page's class for it
    is ``celltag_lang-fr``."""
    return f"lang-{language}"


@dataclass(frozen=True)
class NotebookCatalog:
    """The notebooks' translation file for one language."""

    language: str
    root: Path = TUTORIAL

    @property
    def folder(self) -> Path:
        """The notebooks' ``locale/`` folder."""
        return self.root / LOCALE

    @property
    def po(self) -> Path:
        """The translation file."""
        return self.folder / f"{self.language}.po"


def notebook_catalogs(root: Path = TUTORIAL) -> list[NotebookCatalog]:
    """The notebooks' translation file of every language but the source."""
    return [NotebookCatalog(language, root) for language in LANGUAGES if language != SOURCE]


def notebook_paths(root: Path = TUTORIAL) -> list[Path]:
    """Every notebook under ``root``, in their paths' order (checkpoints left out)."""
    return sorted(p for p in root.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def is_generated(cell: dict[str, Any]) -> bool:
    """Whether a cell is a translation this tool wrote (by its metadata or its tag)."""
    metadata = cell.get("metadata", {})
    others = {language_tag(language) for language in LANGUAGES if language != SOURCE}
    return GENERATED in metadata or bool(others & set(metadata.get("tags", [])))


def is_source(cell: dict[str, Any]) -> bool:
    """Whether a cell is English prose to translate: a markdown cell with words, not generated."""
    return (
        cell.get("cell_type") == "markdown" and not is_generated(cell) and bool(_text(cell).strip())
    )


def _notebook(path: Path, where: str) -> dict[str, Any]:
    """The notebook at ``path``, every cell with an id (nbformat 4.5): a cell without one is
    given one made from its place and words, the same on every run until it is written."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook.get("cells", [])
    if all("id" in cell for cell in cells):
        return notebook
    notebook["nbformat_minor"] = max(notebook.get("nbformat_minor", 0), 5)
    taken = {cell["id"] for cell in cells if "id" in cell}
    for number, cell in enumerate(cells):
        if "id" not in cell:
            seed = f"{where}\n{number}\n{_text(cell)}"
            made = hashlib.sha256(seed.encode()).hexdigest()[:8]
            while made in taken:
                made = hashlib.sha256(made.encode()).hexdigest()[:8]
            cell["id"] = made
            taken.add(made)
    return notebook


def english_cells(root: Path = TUTORIAL) -> Iterator[tuple[str, str]]:
    """(context, Markdown) of every English markdown cell of the notebooks under ``root``, in
    reading order; the context is ``<notebook path under root>#<cell id>``."""
    for path in notebook_paths(root):
        where = path.relative_to(root).as_posix()
        for cell in _notebook(path, where)["cells"]:
            if is_source(cell):
                yield f"{where}#{cell['id']}", _text(cell)


def written_notebooks_po(place: NotebookCatalog) -> bytes:
    """The notebooks' ``.po`` file for ``place`` brought up to date with their English cells."""
    from babel.messages.pofile import write_po

    before = _read(place)
    header = (
        f"# cardschool: the notebooks of tutorial/ in {place.language}, one entry per English\n"
        "# markdown cell (context: notebook#cell id). Translate the Markdown, keeping its\n"
        "# links, `rule ids`, card codes and **marks**; `make translations` writes it into\n"
        "# the notebook, after the English cell."
    )
    book = _new_book(place.language, header)
    for key, english in english_cells(place.root):
        translation, fuzzy = _kept(before, english, key)
        book.add(english, translation, context=key, flags=("fuzzy",) if fuzzy else ())
    out = io.BytesIO()
    write_po(out, book, width=100, omit_header=False, sort_output=False)  # in reading order
    return out.getvalue()


def _shown(book: Book, key: str, english: str) -> str | None:
    """The translation a page shows for an English cell: None while it has none, or a stale
    one (fuzzy, as in the compiled files)."""
    found = book.get(english, context=key)
    if found is None or found.fuzzy or not isinstance(found.string, str) or not found.string:
        return None
    return found.string


def _generated(cell: dict[str, Any], language: str, translation: str | None) -> dict[str, Any]:
    """The cell written after the English cell ``cell``: its translation in ``language``, or
    its English while there is none."""
    suffix = f"-{language}"
    return {
        "cell_type": "markdown",
        "id": cell["id"][: ID_LENGTH - len(suffix)] + suffix,
        "metadata": {
            GENERATED: {
                "generated_from": cell["id"],
                "language": language,
                "translated": translation is not None,
            },
            "editable": False,  # written from tutorial/locale/<language>.po: edit that file
            "tags": [language_tag(language)],
        },
        "source": (_text(cell) if translation is None else translation).splitlines(keepends=True),
    }


def written_notebook(path: Path, books: dict[str, Book], root: Path = TUTORIAL) -> str:
    """The notebook at ``path`` with, after each English markdown cell (tagged ``lang-en``),
    one generated cell per language of ``books`` (its translation file), in their order."""
    where = path.relative_to(root).as_posix()
    notebook = _notebook(path, where)
    cells: list[dict[str, Any]] = []
    for cell in notebook.get("cells", []):
        if is_generated(cell):
            continue  # written again below, from the translation files
        cells.append(cell)
        if not is_source(cell):
            continue
        tags = cell.setdefault("metadata", {}).setdefault("tags", [])
        if language_tag(SOURCE) not in tags:
            tags.append(language_tag(SOURCE))
        key = f"{where}#{cell['id']}"
        for language, book in books.items():
            cells.append(_generated(cell, language, _shown(book, key, _text(cell))))
    ids = [cell["id"] for cell in cells]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{where}: two cells have the same id ({sorted(ids)})")
    notebook["cells"] = cells
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"  # as nbformat writes


def tutorial_files(
    root: Path = TUTORIAL, languages: Collection[str] = LANGUAGES
) -> dict[Path, bytes]:
    """Every file of the notebooks' translations as it should read: the ``.po`` file of each
    language of ``languages`` (each other language's file as it is) and every notebook."""
    from babel.messages.pofile import read_po

    files: dict[Path, bytes] = {}
    books: dict[str, Book] = {}
    for place in notebook_catalogs(root):
        if place.language in languages:
            files[place.po] = written_notebooks_po(place)
            books[place.language] = read_po(io.BytesIO(files[place.po]), locale=place.language)
        else:
            books[place.language] = _read(place)
    for path in notebook_paths(root):
        files[path] = written_notebook(path, books, root).encode()
    return files


def _notebooks_status(place: NotebookCatalog) -> str:
    """How much of the notebooks ``place`` has translated, and how many English words are left."""
    book = _read(place)
    done = total = words = 0
    for key, english in english_cells(place.root):
        total += 1
        if _shown(book, key, english) is None:
            words += len(english.split())
        else:
            done += 1
    return (
        f"{'tutorial (notebooks)':40} {place.language}  {done:4} of {total:4} translated, "
        f"{words} English words to go"
    )


def main(argv: list[str]) -> int:
    """``extract`` (write the .po files, and the notebooks' translated cells), ``compile``
    (the .mo files) or ``status``, of every language or of those named after the command
    (``extract fr``)."""
    command = argv[0] if argv else "status"
    if command not in ("extract", "compile", "status"):
        print(f"unknown command {command!r}: extract, compile or status", file=sys.stderr)
        return 2
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
    if command == "extract":
        for path, data in tutorial_files(TUTORIAL, chosen).items():
            if not path.is_file() or path.read_bytes() != data:  # a file unchanged keeps its date
                path.parent.mkdir(exist_ok=True)
                path.write_bytes(data)
                print(f"wrote {path.relative_to(TUTORIAL.parent)}")
    elif command == "status":
        for notebooks in notebook_catalogs():
            if notebooks.language in chosen:
                print(_notebooks_status(notebooks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
