"""The tutorial's notebooks run under nbval in French and in Spanish (issue 27), as ``make
test`` runs them in English: each language's run is one nbval of ``tutorial/`` in a process
whose kernels speak it from their start (``CARDSCHOOL_LANGUAGE``), over a class database of
its own. The plugin :mod:`nbval_states` keeps what the widgets said: every page's speaking
widgets speak the language, with the words of its catalogs.

One run takes about 14 s of CPU; on one process it costs less than with ``-n 2`` (each
xdist worker starts its own pytest), and ``make test`` keeps its other worker busy meanwhile.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from nbval_states import STATES_VAR, texts

import cardschool.widgets.classroom.messages  # noqa: F401 - its catalog, the switch's with it
from cardschool.engine import languages
from cardschool.engine.languages import ENV_VAR, SOURCE
from cardschool.engine.messages import Message, message, render
from cardschool.widgets.classroom.db import ENV_VAR as DB_VAR

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "tutorial"
NOTEBOOKS = sorted(
    path.relative_to(ROOT).as_posix()
    for path in TUTORIAL.rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts
)
SWITCH = message("table:language.label")  # every speaking widget's switch is named so
CLASS_PAGE = "tutorial/class.ipynb"
JOIN_HOW = message("classroom:join-how")  # the class page's first sentence


def said_in(language: str, said: Message) -> str:
    """A catalog sentence in ``language``."""
    languages.speak(language)
    try:
        return render(said)
    finally:
        languages.speak(SOURCE)


def run_in(language: str, folder: Path) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """nbval over ``tutorial/`` with every kernel speaking ``language``: the finished process
    and what each notebook's widgets said (:mod:`nbval_states`)."""
    states = folder / "states.json"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("PYTEST_")  # this run's xdist worker is not the child's
    }
    env |= {
        ENV_VAR: language,
        DB_VAR: str(folder / "class.db"),
        STATES_VAR: str(states),
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(Path(__file__).parent), env.get("PYTHONPATH")])
        ),
    }
    command = [
        *(sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env"),
        *("-p", "no:cacheprovider", "-p", "nbval_states", "-q", "tutorial"),
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    said = json.loads(states.read_text(encoding="utf-8")) if states.exists() else {}
    return done, said


@pytest.mark.parametrize("language", ["fr", "es"])
def test_every_notebook_runs_and_speaks_the_language(language: str, tmp_path: Path):
    """Every cell of every tutorial notebook runs; every page's speaking widgets say they speak
    ``language``, their switch named in it; the class page says its first sentence in it."""
    done, said = run_in(language, tmp_path)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout, done.stdout[-2000:]

    assert sorted(said) == NOTEBOOKS  # each notebook's widgets were read
    label = said_in(language, SWITCH)
    assert label != said_in(SOURCE, SWITCH)
    for notebook, heard in said.items():
        spoken = {(speech.get("lang"), speech.get("label")) for speech in heard["speech"]}
        assert spoken == {(language, label)}, f"{notebook} speaks {spoken}"

    [first] = texts(said_in(language, JOIN_HOW))  # its spaces as the page's words have them
    assert first != said_in(SOURCE, JOIN_HOW)
    assert any(first in text for text in said[CLASS_PAGE]["texts"]), said[CLASS_PAGE]["texts"]
