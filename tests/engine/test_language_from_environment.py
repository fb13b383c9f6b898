"""A process speaks the language ``CARDSCHOOL_LANGUAGE`` names from its start, without a
browser (issue 27: the notebooks run under nbval in each language); a language the school does
not speak is set aside with a logged warning, and a browser's choice still wins afterwards."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardschool.engine import languages
from cardschool.engine.languages import ENV_VAR, SOURCE
from cardschool.engine.messages import message, render

SCRIPT = """
import json
from cardschool.engine.languages import speak, spoken
from cardschool.engine.messages import message, render

first = spoken(), render(message("cards:none"))
speak("en")  # what a page does when its browser's choice arrives
print(json.dumps([*first, spoken(), render(message("cards:none"))]))
"""


def started_with(value: str | None) -> tuple[list[str], str]:
    """What a fresh process with ``CARDSCHOOL_LANGUAGE=value`` (None: unset) speaks at first,
    then after a browser asks for English: ``[language, sentence, language, sentence]``; and
    what it wrote on standard error."""
    env = {key: item for key, item in os.environ.items() if key != ENV_VAR}
    if value is not None:
        env[ENV_VAR] = value
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def said_in(language: str) -> str:
    """The catalog sentence the script renders, in ``language``."""
    languages.speak(language)
    try:
        return render(message("cards:none"))
    finally:
        languages.speak(SOURCE)


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_process_speaks_the_language_of_the_variable_until_a_browser_chooses(language: str):
    """With the variable set, the first sentences are in its language (not the English); the
    browser's choice, when it comes, wins."""
    said, errors = started_with(language)
    english = said_in(SOURCE)
    assert said_in(language) != english
    assert said == [language, said_in(language), SOURCE, english]
    assert errors == ""


@pytest.mark.parametrize("value", ["de", "french"])
def test_a_language_the_school_does_not_speak_is_set_aside_with_a_warning(value: str):
    """An unknown value leaves the process in English, and the log says why."""
    said, errors = started_with(value)
    assert said[:2] == [SOURCE, said_in(SOURCE)]
    assert ENV_VAR in errors and repr(value) in errors


def test_without_the_variable_a_process_speaks_english():
    """Unset, the variable changes nothing: English, and no warning."""
    said, errors = started_with(None)
    assert said[:2] == [SOURCE, said_in(SOURCE)]
    assert errors == ""
