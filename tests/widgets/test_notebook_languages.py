"""The notebooks' prose in three languages, from one source per text (issue 27.3).

Each English markdown cell of ``tutorial/`` is an entry of ``tutorial/locale/<language>.po``;
``make translations`` writes after it one generated cell per language (its translation, or
the English while it has none). The files on disk are what the writer writes; the pages
show the cells of their language only (``widgets/voila_template/languages.css``).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po, write_po

from cardschool.engine.languages import LANGUAGES, SOURCE
from cardschool.widgets.language_files import (
    GENERATED,
    TUTORIAL,
    is_generated,
    is_source,
    language_tag,
    notebook_paths,
    tutorial_files,
)
from cardschool.widgets.site.build import copy_contents
from cardschool.widgets.site.pages import LANGUAGE_CELLS, self_contained

OTHERS = [language for language in LANGUAGES if language != SOURCE]


def cells_of(path: Path) -> list[dict[str, Any]]:
    """The cells of the notebook at ``path``."""
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict[str, Any]) -> str:
    """A cell's source as one text."""
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def written(root: Path) -> dict[Path, bytes]:
    """Run the writer on ``root`` (a tutorial's folder): its files, as written."""
    files = tutorial_files(root)
    for path, data in files.items():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    return files


def test_every_notebook_is_current_with_its_translation_files():
    """Running the writer changes nothing: every notebook's generated cells say what the
    ``.po`` files say, and the ``.po`` files hold every English cell as it now reads."""
    stale = [
        path.relative_to(TUTORIAL.parent).as_posix()
        for path, data in tutorial_files().items()
        if not path.is_file() or path.read_bytes() != data
    ]
    assert stale == [], (
        f"not current with tutorial/locale/*.po: {', '.join(stale)}: run `make translations`"
    )


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.relative_to(TUTORIAL).as_posix())
def test_each_english_cell_is_followed_by_one_cell_per_language(path: Path):
    """Right after each English markdown cell (tagged ``lang-en``): one French, then one
    Spanish cell generated from it, and no generated cell anywhere else."""
    cells = cells_of(path)
    sources = [n for n, cell in enumerate(cells) if is_source(cell)]
    assert sources, f"{path.name} has no prose"
    for n in sources:
        english = cells[n]
        assert language_tag(SOURCE) in english["metadata"]["tags"]
        siblings = cells[n + 1 : n + 1 + len(OTHERS)]
        assert [cell["metadata"]["tags"] for cell in siblings] == [
            [language_tag(language)] for language in OTHERS
        ], f"{path.name}: cell {english['id']}"
        for language, cell in zip(OTHERS, siblings, strict=True):
            assert cell["cell_type"] == "markdown"
            assert cell["metadata"][GENERATED]["generated_from"] == english["id"]
            assert cell["metadata"][GENERATED]["language"] == language
            if not cell["metadata"][GENERATED]["translated"]:
                assert text(cell) == text(english)
    generated = [n for n, cell in enumerate(cells) if is_generated(cell)]
    assert len(generated) == len(OTHERS) * len(sources)


def notebook(*cells: dict[str, Any], minor: int = 5) -> str:
    """A notebook's file holding ``cells``."""
    return json.dumps(
        {"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": minor}, indent=1
    )


def translate(po: Path, context: str, words: str) -> None:
    """Write ``words`` as the translation of the entry ``context`` in ``po`` (a translator)."""
    book = read_po(po.open("rb"), locale=po.stem)
    next(m for m in book if m.context == context).string = words
    out = io.BytesIO()
    write_po(out, book, width=100, omit_header=False, sort_output=False)
    po.write_bytes(out.getvalue())


def test_the_writer_keeps_the_english_and_writes_each_translation_after_it(tmp_path):
    """A notebook without cell ids is given ids; each English cell gets its generated
    cells (the English while untranslated), then the translation a translator wrote; an
    English cell changed makes its translation stale (kept in the file, not shown); a
    second run changes nothing; code cells and empty markdown cells are left alone."""
    lesson = tmp_path / "game" / "lesson.ipynb"
    lesson.parent.mkdir()
    english = {"cell_type": "markdown", "metadata": {"x": 1}, "source": ["# Cards\n", "Hi."]}
    code = {"cell_type": "code", "metadata": {}, "source": "1 + 1", "outputs": []}
    code["execution_count"] = None
    empty = {"cell_type": "markdown", "metadata": {}, "source": []}
    lesson.write_text(notebook(english, code, empty, minor=4), encoding="utf-8")

    files = written(tmp_path)
    assert set(files) == {lesson, tmp_path / "locale" / "fr.po", tmp_path / "locale" / "es.po"}
    cells = cells_of(lesson)
    assert [c["cell_type"] for c in cells] == ["markdown"] * 3 + ["code", "markdown"]
    first = cells[0]
    assert first["source"] == english["source"] and first["metadata"]["x"] == 1
    assert first["metadata"]["tags"] == ["lang-en"] and first["id"]
    assert [c["id"] for c in cells[1:3]] == [f"{first['id']}-fr", f"{first['id']}-es"]
    assert [text(c) for c in cells[1:3]] == ["# Cards\nHi."] * 2
    assert cells[4] == {**empty, "id": cells[4]["id"]}  # no words: nothing to translate
    assert json.loads(lesson.read_text())["nbformat_minor"] == 5
    context = f"game/lesson.ipynb#{first['id']}"
    book = read_po((tmp_path / "locale" / "fr.po").open("rb"), locale="fr")
    assert book.get("# Cards\nHi.", context=context) is not None

    translate(tmp_path / "locale" / "fr.po", context, "# Cartes\nSalut.")
    written(tmp_path)
    cells = cells_of(lesson)
    assert text(cells[1]) == "# Cartes\nSalut." and cells[1]["metadata"][GENERATED]["translated"]
    assert text(cells[2]) == "# Cards\nHi." and not cells[2]["metadata"][GENERATED]["translated"]
    assert len(cells) == 5  # written again, not added again
    assert tutorial_files(tmp_path) == {p: p.read_bytes() for p in files}  # a second run

    cells[0]["source"] = ["# Cards\n", "Hello."]  # the author changes the English
    lesson.write_text(notebook(*cells), encoding="utf-8")
    written(tmp_path)
    cells = cells_of(lesson)
    assert [text(c) for c in cells[:3]] == ["# Cards\nHello."] * 3  # stale: the English shows
    book = read_po((tmp_path / "locale" / "fr.po").open("rb"), locale="fr")
    stale = book.get("# Cards\nHello.", context=context)
    assert stale.fuzzy and stale.string == "# Cartes\nSalut."  # kept for its translator


def test_nbconvert_gives_the_cells_the_classes_the_stylesheet_hides(tmp_path):
    """The lab template (Voilà's, voici's) puts ``celltag_<tag>`` on a markdown cell's
    rendered Markdown; the stylesheet hides each language's class but the page's."""
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter(template_name="lab").from_filename(str(TUTORIAL / "mille/cards.ipynb"))
    for language in LANGUAGES:
        assert f"celltag_{language_tag(language)}" in page
    css = LANGUAGE_CELLS.read_text()
    for language in OTHERS:
        assert f'html:not([lang|="{language}"]) .celltag_lang-{language}' in css
        assert f'html[lang|="{language}"] .celltag_lang-en' in css
    template = (LANGUAGE_CELLS.parent / "index.html.j2").read_text()
    assert '{% include "languages.css" %}' in template


def test_the_static_sites_pages_get_the_same_stylesheet_and_no_translation_file(tmp_path):
    """voici builds the site's pages with Voilà's own template: the build adds the app's
    stylesheet of language cells to each page; the ``.po`` files stay out of the site."""
    page = tmp_path / "voici" / "render" / "mille" / "cards.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html><head><title>x</title></head><body></body></html>")
    self_contained(tmp_path)
    assert LANGUAGE_CELLS.read_text() in page.read_text().split("</head>")[0]
    copy_contents(tmp_path / "content")
    assert (TUTORIAL / "locale" / "fr.po").is_file()
    assert not (tmp_path / "content" / "locale").exists()
    assert (tmp_path / "content" / "mille" / "cards.ipynb").is_file()
