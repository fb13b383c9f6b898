"""The front end's choice of the page's language (``widgets/static/language.js``), in Node.

Its order: the page's ``?lang=xx``, else the choice kept in the browser (storage.js, kind
``settings``, name ``language``), else the first of ``navigator.languages`` whose primary
subtag the school speaks, else English. The browser sends what it chose to Python as an
intent; a ``?lang=`` link's choice is kept for the next pages, and a switch on a page opened
by such a link names the new language in the address (a reload keeps it).
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from cardschool.engine.languages import LANGUAGES
from cardschool.widgets.front_end import STATIC
from cardschool.widgets.speaking import LANGUAGE_NAMES

NODE = shutil.which("node")
KEY = "cardschool/v1/settings/language"

BROWSER = """
const [held, search, preferred] = JSON.parse(process.argv[1]);
const kept = new Map(Object.entries(held));
const sent = [];
globalThis.window = {
  location: { pathname: "/voila/render/mille/practice.ipynb", search,
    get href() { return `http://school.test${this.pathname}${this.search}`; } },
  localStorage: {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
  },
  history: {
    state: null,
    replaceState: (_s, _t, url) => { window.location.search = new URL(url).search; },
  },
};
globalThis.navigator = { languages: preferred, language: preferred[0] };
const language = await import(process.argv[2]);
const speech = JSON.parse(process.argv[3]);
const model = { get: (name) => (name === "speech" ? speech : null) };
const done = () => console.log(JSON.stringify({
  sent, search: window.location.search, kept: kept.has(KEY) ? JSON.parse(kept.get(KEY)) : null,
}));
"""


def run(script: str, *, held=None, search="", preferred=("en-US",), lang="en") -> dict:
    """What ``script`` (after :data:`BROWSER`) leaves: the intents sent, the address's query
    and the language kept in the browser."""
    choices = [[code, name] for code, name in LANGUAGE_NAMES.items()]
    speech = {"lang": lang, "label": "Language", "choices": choices}
    done = subprocess.run(
        [
            NODE,
            "--input-type=module",
            "-e",
            BROWSER.replace("KEY", json.dumps(KEY)) + script + "\ndone();",
            json.dumps([held or {}, search, list(preferred)]),
            (STATIC / "language.js").as_uri(),
            json.dumps(speech),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


pytestmark = pytest.mark.skipif(NODE is None, reason="node runs the language module")

ASK = "language.askLanguage(model, (intent) => sent.push(intent));"


@pytest.mark.parametrize(
    ("search", "stored", "preferred", "wanted"),
    [
        ("?lang=fr", "es", ["es-ES"], "fr"),  # the link first
        ("?deal=MIL-7K3Q&lang=ES", "fr", ["fr"], "es"),  # in any case, among other fields
        ("?lang=de", "es", ["fr-CA"], "es"),  # a language not spoken: the kept choice
        ("", "es", ["fr-CA"], "es"),  # the kept choice before the browser's
        ("", None, ["de-DE", "fr-CA", "es"], "fr"),  # the first the school speaks
        ("", "klingon", ["pt-BR", "es-MX"], "es"),  # a damaged kept choice is passed over
        ("", None, ["de", "pt"], "en"),  # none: English
        ("", None, [], "en"),
    ],
)
def test_the_page_asks_for_the_link_then_the_kept_then_the_browsers_language(
    search: str, stored: str | None, preferred: list[str], wanted: str
) -> None:
    held = {} if stored is None else {KEY: json.dumps(stored)}
    said = run(ASK, held=held, search=search, preferred=preferred, lang="xx")
    assert said["sent"] == [{"type": "language", "lang": wanted}]


def test_the_choice_in_order_as_a_pure_function() -> None:
    said = run("""
      const codes = ["en", "fr", "es"];
      const c = (o) => language.chooseLanguage({ codes, ...o });
      sent.push(c({ query: "?lang=es", stored: "fr", preferred: ["fr"] }),
        c({ stored: "fr", preferred: ["es"] }), c({ preferred: ["es-419", "fr"] }), c({}),
        c({ query: "?lang", stored: 42, preferred: "fr" }));
    """)
    assert said["sent"] == ["es", "fr", "es", "en", "en"]
    assert LANGUAGES == ("en", "fr", "es")


def test_nothing_is_sent_when_python_speaks_the_language_already() -> None:
    assert run(ASK, preferred=["en-GB"], lang="en")["sent"] == []


def test_a_links_language_is_kept_for_the_next_pages() -> None:
    said = run(ASK, search="?lang=es", lang="en")
    assert said["kept"] == "es" and said["search"] == "?lang=es"
    assert run(ASK, preferred=["fr"], lang="en")["kept"] is None  # a preference is not a choice


def test_choosing_keeps_the_choice_and_a_links_address_names_it() -> None:
    said = run('language.keepLanguage("es");', search="?deal=MIL-7K3Q&lang=fr")
    assert said["kept"] == "es"
    assert said["search"] == "?deal=MIL-7K3Q&lang=es"  # a reload asks for Spanish
    plain = run('language.keepLanguage("fr");', search="?deal=MIL-7K3Q")
    assert plain["kept"] == "fr" and plain["search"] == "?deal=MIL-7K3Q"


PAGE = """
const heard = [];
globalThis.document = {
  documentElement: { lang: "en", dataset: {} },
  dispatchEvent: (event) => heard.push(event.type),
};
"""
SHOWN = "sent.push(document.documentElement.lang, heard);"


@pytest.mark.parametrize(("search", "preferred"), [("?lang=fr", ["es"]), ("", ["fr-CA"])])
def test_the_page_shows_the_language_it_asks_for_before_python_answers(
    search: str, preferred: list[str]
) -> None:
    said = run(PAGE + ASK + SHOWN, search=search, preferred=preferred, lang="en")
    # <html lang> at once (the prose cells follow it), every switch told (the event)
    assert said["sent"] == [{"type": "language", "lang": "fr"}, "fr", ["cs-language-asked"]]


def test_a_page_python_speaks_already_shows_its_language_too() -> None:
    said = run(PAGE + ASK + SHOWN, preferred=["es-MX"], lang="es")
    assert said["sent"] == ["es", ["cs-language-asked"]]
