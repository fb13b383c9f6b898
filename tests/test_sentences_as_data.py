"""Every sentence a person reads is a message: no English is built outside the catalogs.

A learner or a teacher reads explanations, refusals, narration, hints, the coach, the
review, scores, status lines and errors; each is made from a message id and its parameters
and put into words by one renderer (``engine/messages.py``), so that a translation is one
more catalog. This check reads the source of ``engine/`` and ``widgets/`` and fails naming
each line that writes a sentence (three words or more) anywhere else than

* a catalog of words (a ``messages.py`` or ``<topic>_messages.py``, the rulebook's
  entries, ``engine/catalog.py``),
* a docstring or a comment,
* what only a developer reads: a log line, a ``warnings.warn``, an ``assert`` and the
  errors of a programming mistake (``TypeError``, ``KeyError``...), and the tools of
  exercise authors and developers listed in :data:`FOR_DEVELOPERS`,
* markup and styles (HTML, SVG and CSS text), which carry no words of their own here.

The front end holds no sentence either: the string and template literals of the widgets'
JavaScript (``widgets/**/*.js`` but the static-site build's) may not hold three words or
more, outside comments, CSS class lists and selectors, and the developers' console lines.
Python sends the words it places (a table's ``labels``, see ``TableWidget.front_words``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "widgets")
CATALOGS = {"messages.py", "catalog.py", "rulebook.py"}
"""File names that hold words: every sentence of its namespace, by message id (and any
``<topic>_messages.py``, a catalog kept beside the generic module it speaks for)."""
FOR_DEVELOPERS = {
    "widgets/site": "the static-site build, run by whoever builds the site",
    "widgets/classroom/migrations": "database migrations, run by whoever hosts a class",
    "engine/exercises/load.py": "the exercise-file checker: its errors are for authors",
    "engine/exercises/check.py": "the exercise-file checker: its errors are for authors",
    "engine/exercises/coverage.py": "the authors' report of which rules the exercises teach",
    "engine/exercises/__main__.py": "the authors' command line",
    "engine/exercises/order.py": "the authors' check that the path teaches before it asks",
    "engine/learning_path.py": "the path file's checker: its errors are for authors",
    "engine/tournament.py": "the developers' tournament of bots (make tournament)",
    "widgets/front_end.py": "the join of the front end's files: its patterns and errors are for us",
    "widgets/server_log.py": "the kernel's log lines, read by whoever hosts the server",
    "widgets/language_files.py": "the translators' tool (make translations)",
}
"""Modules (or folders) whose every sentence is read only by developers and authors."""
PROGRAMMING_ERRORS = {
    "TypeError",
    "KeyError",
    "AttributeError",
    "NotImplementedError",
    "AssertionError",
    "RuntimeError",
    "IndexError",
    "LookupError",
}
"""Errors that mean the code is wrong, never something a person did: their words are for us."""
FOR_AUTHORS = {"PositionTextError", "ExerciseFileError", "PathError"}
"""Errors of texts only exercise authors write (position texts, exercise and path files)."""
LOGGERS = re.compile(r"^_?(log|logger|LOG|LOGGER|server_log)$")
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "log", "warn"}
WORD = re.compile(r"[A-Za-z]{2,}")
MARKUP = re.compile(r"<[a-zA-Z/!]|[a-z-]+:\s*[^;{}]+;|^\s*[.#]?[a-z-]+\s*\{")
"""HTML or SVG tags, and CSS declarations or rules."""


def _for_developers(rel: str) -> bool:
    return any(rel == place or rel.startswith(place + "/") for place in FOR_DEVELOPERS)


def _sources() -> list[Path]:
    return [
        path
        for layer in LAYERS
        for path in sorted((ROOT / layer).rglob("*.py"))
        if path.name not in CATALOGS
        and not path.name.endswith("_messages.py")
        and "__pycache__" not in path.parts
        and not _for_developers(path.relative_to(ROOT).as_posix())
    ]


def _words_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _is_sentence(text: str) -> bool:
    return " " in text.strip() and len(WORD.findall(text)) >= 3 and not MARKUP.search(text)


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """The ids of nodes whose strings are for developers, or docstrings, or parts of one."""
    exempt: set[int] = set()

    def under(node: ast.AST) -> None:
        exempt.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            under(node)  # a docstring, or a bare string documenting an attribute
        elif isinstance(node, ast.Assert):
            under(node)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            call = node.exc
            name = call.func if isinstance(call, ast.Call) else call
            if isinstance(name, ast.Name) and name.id in PROGRAMMING_ERRORS | FOR_AUTHORS:
                under(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            named = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
            if node.func.attr in LOG_CALLS and (LOGGERS.match(named) or named == "warnings"):
                under(node)
        elif isinstance(node, ast.JoinedStr):
            exempt.update(id(value) for value in node.values)
    return exempt


def sentences_in(path: Path) -> list[str]:
    """Each line of ``path`` that writes a sentence outside the catalogs, as ``file:line: text``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = _exempt_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        text = _words_of(node)
        if text is not None and _is_sentence(text):
            rel = path.relative_to(ROOT).as_posix()
            found.append(f"{rel}:{node.lineno}: {text[:70]!r}")  # type: ignore[attr-defined]
    return found


# ------------------------------------------------------------ the front end's JavaScript

CLASS_LIST = re.compile(r"^[\s,]*[a-z{][\w{}-]*(?:[\s,]+[a-z{][\w{}-]*)*[\s,]*$")
"""CSS class names (``cs-btn cs-ghost``) or a selector list (``input, select, textarea``)."""
_COMPOUND = r'(?:[.#][\w-]+|\[[\w-]+(?:=\s*"[\w -]*")?\])+'
_COMPLEX = rf"{_COMPOUND}(?:\s*[>+~]?\s*{_COMPOUND})*"
SELECTOR = re.compile(rf"^\s*{_COMPLEX}(?:\s*,\s*{_COMPLEX})*\s*$")
"""A CSS selector of classes, ids and attributes (``.cs-bar [data-action="coach"]``)."""
CONSOLE = re.compile(r"console\.\w+\(\s*$")
"""A literal that opens a ``console.warn(...)`` line: its words are for developers."""
_JS_NAME = re.compile(r"[A-Za-z_$][\w$]*|\d[\w.]*")
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"", "return", "typeof", "case", "in", "of", "void"}
"""What a ``/`` that starts a regular expression literal may follow (else it divides)."""


def js_literals(text: str) -> list[tuple[int, str]]:
    """Each string and template literal of a JavaScript text, outside comments and regular
    expressions, as ``(offset, text)``: a template's ``${...}`` parts are written ``{}``."""
    found: list[tuple[int, str]] = []
    templates: list[tuple[int, list[str]]] = []  # the templates being read: start, chunks
    depths: list[int] = []  # for each ${...} open: the braces open inside it
    n, i, before = len(text), 0, ""

    def template(k: int) -> int:
        """Read a template's text from ``k`` to its end or its next ``${``: the index after."""
        chunk: list[str] = []
        while k < n:
            if text[k] == "\\":
                chunk.append(text[k : k + 2])
                k += 2
            elif text[k] == "`":
                start, chunks = templates.pop()
                found.append((start, "{}".join([*chunks, "".join(chunk)])))
                return k + 1
            elif text.startswith("${", k):
                templates[-1][1].append("".join(chunk))
                depths.append(0)
                return k + 2
            else:
                chunk.append(text[k])
                k += 1
        return k

    while i < n:
        c = text[i]
        if c == "}" and depths and depths[-1] == 0:  # back into the template's text
            depths.pop()
            i, before = template(i + 1), "x"
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "'\"":
            k, chunk = i + 1, []
            while k < n and text[k] not in (c, "\n"):
                step = 2 if text[k] == "\\" else 1
                chunk.append(text[k : k + step])
                k += step
            found.append((i, "".join(chunk)))
            i, before = k + 1, "x"
        elif c == "`":
            templates.append((i, []))
            i, before = template(i + 1), "x"
        elif c == "/" and before in _REGEX_AFTER:  # a regular expression: no words of ours
            k, in_class = i + 1, False
            while k < n and text[k] != "\n" and (in_class or text[k] != "/"):
                in_class = (in_class or text[k] == "[") and text[k] != "]"
                k += 2 if text[k] == "\\" else 1
            i = k + 1
            while i < n and text[i].isalpha():
                i += 1
            before = "x"
        elif name := _JS_NAME.match(text, i):
            before = name.group() if name.group() in _REGEX_AFTER else "x"
            i = name.end()
        else:
            if depths and c in "{}":
                depths[-1] += 1 if c == "{" else -1
            before = "x" if c in ")]" else c
            i += 1
    return found


def _js_sources() -> list[Path]:
    return [
        path
        for path in sorted((ROOT / "widgets").rglob("*.js"))
        if not _for_developers(path.relative_to(ROOT).as_posix())
    ]


def js_sentences_in(path: Path) -> list[str]:
    """Each literal of a JavaScript file that writes a sentence, as ``file:line: text``."""
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(ROOT).as_posix()
    found = []
    for offset, words in js_literals(text):
        line_start = text.rfind("\n", 0, offset) + 1
        if (
            CONSOLE.search(text[line_start:offset])
            or CLASS_LIST.match(words)
            or SELECTOR.match(words)
        ):
            continue
        if _is_sentence(words):
            line = text.count("\n", 0, offset) + 1
            found.append(f"{rel}:{line}: {words[:70]!r}")
    return found


def test_the_front_end_holds_no_sentence() -> None:
    """No front-end file writes a sentence of its own."""
    found = [line for path in _js_sources() for line in js_sentences_in(path)]
    assert not found, f"{len(found)} sentences in the front end:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ('h("p", { text: "No move to make now." });', True),
        ("const label = `Discard pile: ${n} cards`;", True),
        ("x = 'a' + `Trick: ${plays.join(\"; \")} won by them`;", True),
        ('h("p", { text: say("hints-none") });', False),
        ("// a comment says what this does, in words", False),
        ("/* a comment of several words */ x = 1;", False),
        ('h("a", { class: "cs-btn cs-ghost cs-rules" });', False),
        ('el.matches("input, select, textarea");', False),
        ("console.warn(`cardschool: could not draw ${name}`);", False),
        ("const ok = /^(\\.\\.\\/)*[a-z0-9-]+ is a path$/.test(link);", False),
        ("const half = width / 2; const s = 'x'; const t = 'y' / 2;", False),
    ],
)
def test_the_js_scanner_sees_a_sentence(tmp_path: Path, source: str, caught: bool) -> None:
    """Each kind of sentence is seen in JavaScript, each exempt literal passed over."""
    path = ROOT / "tests" / f"_planted_{tmp_path.name}.js"
    path.write_text(source + "\n", encoding="utf-8")
    try:
        assert bool(js_sentences_in(path)) is caught
    finally:
        path.unlink()


def test_every_sentence_comes_from_a_catalog() -> None:
    """No module of the engine or the widgets writes a sentence of its own."""
    found = [line for path in _sources() for line in sentences_in(path)]
    assert not found, f"{len(found)} sentences outside the catalogs:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ('refuse("that card is not in your hand")', True),
        ('refuse(f"{card} is not in your hand")', True),
        ('raise SavedGameError("the save is not JSON")', True),
        ('"""A docstring says what this does."""', False),
        ('log.warning("the browser sent %s twice", intent)', False),
        ('raise TypeError("a seat is a whole number")', False),
        ('raise PositionTextError(f"line {n} is not a key and a value")', False),
        ('STYLE = "display: flex; gap: 4px;"', False),
        ('svg = f"<text x=\\"{x}\\">held by the dealer</text>"', False),
        ('key = "mille:narrate.stock"', False),
    ],
)
def test_the_scanner_sees_a_sentence(tmp_path: Path, source: str, caught: bool) -> None:
    """Each kind of sentence is seen and each kind of exempt string is passed over."""
    path = ROOT / "tests" / f"_planted_{tmp_path.name}.py"
    path.write_text(source + "\n", encoding="utf-8")
    try:
        assert bool(sentences_in(path)) is caught
    finally:
        path.unlink()
