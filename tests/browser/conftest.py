"""Browser-test fixtures: Voilà servers started by the tests, headless Chromium, the console.

* ``voila_app``: Voilà serving ``tutorial/`` (the app, with its ``voila.json``).
* ``voila_harness``: a second Voilà serving ``tests/browser/harness/``, whose notebook
  shows the table with hand-written states (no engine needed).
* ``jupyterlab``: JupyterLab on a temporary folder holding one notebook, ``table.ipynb``,
  that shows a Mille practice table (a teacher's notebook, not the app).
* ``browser``: Debian's Chromium, headless, offline-friendly flags; skipped if missing.
* ``page``: a fresh 1280x900 page; ``console``: its errors (the template's offline
  font request aside); ``artifacts``: the git-ignored folder for screenshots.

The servers are session-scoped: ``tests/conftest.py`` keeps every browser test that takes
``voila_app`` on one xdist worker, so one app server serves them all; a worker that runs a
harness file starts a harness server of its own (it preheats no kernel). A test file
that starts Voilà on ``tutorial/`` itself passes :data:`NO_PREHEAT` unless its pages are
the preheated ones: eight kernels filled for nothing slow every other test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from browser_support import (
    ARTIFACTS,
    HARNESS,
    TUTORIAL,
    ConsoleLog,
    jupyterlab_server,
    voila_server,
)

# The harness module sits next to its notebook (Voilà runs the notebook in that folder);
# the tests import the same hand-written states from there.
sys.path.insert(0, str(HARNESS))


@pytest.fixture(scope="session")
def class_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The class database of the app's Voilà server: a file in a temporary folder."""
    return tmp_path_factory.mktemp("class") / "class.db"


@pytest.fixture(scope="session")
def voila_app(class_db: Path) -> Iterator[str]:
    """Base URL of a Voilà server on ``tutorial/`` (its class records in ``class_db``)."""
    with (
        mock.patch.dict(os.environ, {"CARDSCHOOL_DB": str(class_db)}),
        voila_server(TUTORIAL) as url,
    ):
        yield url


@pytest.fixture(scope="session")
def voila_harness() -> Iterator[str]:
    """Base URL of a Voilà server on the harness folder (tracebacks shown: it is a test)."""
    options = (
        "--VoilaConfiguration.show_tracebacks=True",
        "--VoilaConfiguration.template=cardschool",
    )
    with voila_server(HARNESS, *options) as url:
        yield url


TABLE_CELL = """\
from cardschool.engine.session import Session
from cardschool.widgets import MilleTable
MilleTable(Session.new("mille", seed=3, seats=["human", "random"]))"""


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of JupyterLab on a folder with ``table.ipynb`` (one cell: a Mille table)."""
    import nbformat

    folder = tmp_path_factory.mktemp("lab")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(TABLE_CELL)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, folder / "table.ipynb")
    with jupyterlab_server(folder) as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page in its own context, laptop-sized."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def console(page: Any) -> ConsoleLog:
    """The page's console errors, collected from the start."""
    return ConsoleLog().attach(page)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Folder for screenshots and logs (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
