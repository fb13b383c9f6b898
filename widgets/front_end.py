"""The table's front end, joined from plain ES modules and style sheets without a bundler.

The browser side of a table is written as files that stay plain ES modules:

* ``static/core.js`` builds a table out of its regions, one module each in ``static/table/``
  (the bar, the seats, the felt, the hand, the status line, the side column, the
  breakdown...), and draws each region again when its part of the state changed;
  ``static/core.css`` imports one sheet per region from ``static/table/`` (``@import``);
* ``<game>/table.js``, in each game's folder of the widgets (the registry's names,
  :data:`cardschool.engine.games.GAMES`), begins with ``import {...} from
  "../static/core.js";`` and registers its parts of the regions (``games.<game> = {...}``);
  ``<game>/table.css`` styles them;
* ``static/<add-on>.js`` (``ADDONS``: ``review.js``) has the same shape, but adds a panel
  every table draws (``panels.push({...})``); every table joins it after the core.

anywidget loads a widget's ``_esm`` from a blob URL, where a relative import cannot work, so
:func:`front_end` joins the files into one module and one sheet: ``static/dom.js`` (the one
element builder, ``h``, shared by every front end), the regions the core imports (each
after the regions it imports), the core, then each add-on and game module inside a block of
its own (its top-level names stay its own). Every import is dropped, since the names it
brings are in scope, and so is every ``export`` word but the core's. The sheet is the core's
with each ``@import`` replaced by the sheet it names, then the keeper's, the add-ons' and the
game's. Each table class names
its game (``TableWidget.GAME_MODULE``); the join finds its files by the game's folder and
knows no game. The other widgets (the exercise, the landing page, the class page) are joined
by :func:`join_with_storage`: ``dom.js``, ``storage.js``, ``language.js`` (the language
switch, which keeps the learner's choice), then the widget's module. A table joins
``storage.js`` and ``language.js`` in front of its regions (its bar draws the switch).
Files are read once per process.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

from cardschool.engine.games import GAMES

__all__ = [
    "STATIC",
    "exercise_front_end",
    "front_end",
    "game_modules",
    "join_with_storage",
    "with_storage",
]

WIDGETS = Path(__file__).parent
"""The widgets' folder: ``static/`` and a folder per game."""
STATIC = WIDGETS / "static"
"""The folder of the front-end files every table shares."""
GAME_FILE = "table"
"""The name of a game's module and sheet in its folder (``<game>/table.js``, ``.css``)."""

CORE = "core"
"""The module every table's front end starts with."""
KEEPER = "saves"
"""The add-on every table joins right after the core, with ``storage.js`` (which it uses)."""
ADDONS = ("review",)
"""Modules every table joins after the keeper, before its game's (they add to ``panels``)."""
DOM = "dom"
"""The module of the element builder ``h``, joined in front of every front end."""
LANGUAGE = "language"
"""The module of the language switch (``static/language.js``, with ``language.css``), joined
after ``storage.js`` in every front end."""

_IMPORT = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"([^"]+)";[ \t]*\n', re.M)
_ANY_IMPORT = re.compile(r"^\s*(import|export)\b", re.M)
_EXPORT = re.compile(r"^export\s+", re.M)
_TOP_NAME = re.compile(r"^(?:export\s+)?(?:const|let|var|function|class)\s+(\w+)", re.M)
_SHEET_IMPORT = re.compile(r'^@import url\("([\w/-]+\.css)"\);\n', re.M)


@cache
def _read(path: Path) -> str:
    """One front-end file, read once."""
    return path.read_text(encoding="utf-8")


def _label(path: Path) -> str:
    """A file's name in the joined text and in errors: its path under the widgets' folder."""
    return path.relative_to(WIDGETS).as_posix()


def game_file(name: str, suffix: str) -> Path:
    """The front-end file of the game called ``name``: ``<name>/table<suffix>``."""
    return WIDGETS / name / f"{GAME_FILE}{suffix}"


def game_modules() -> tuple[str, ...]:
    """The games of the registry that have a front end of their own (``<game>/table.js``)."""
    return tuple(name for name in GAMES if game_file(name, ".js").is_file())


def _from_core(path: Path) -> str:
    """How a module beside ``path`` names the core in its import (``../static/core.js``)."""
    where = os.path.relpath(STATIC / f"{CORE}.js", path.parent).replace(os.sep, "/")
    return where if where.startswith(".") else f"./{where}"


def _block(path: Path) -> str:
    """An add-on or game module's text, its import from the core dropped, in a block."""
    text = _read(path)
    imports = _IMPORT.findall(text)
    text = _IMPORT.sub("", text)
    if imports != [_from_core(path)] or _ANY_IMPORT.search(text):
        raise ValueError(
            f"{_label(path)} must import once from {_from_core(path)} and nothing else, and "
            "export nothing: it is joined after the core, without a bundler"
        )
    return f"// ---- {_label(path)}\n{{\n{text.rstrip()}\n}}\n"


def _regions(path: Path, done: list[Path]) -> None:
    """Add the region modules ``path`` imports to ``done``, each after those it imports."""
    for spec in _IMPORT.findall(_read(path)):
        target = (path.parent / spec).resolve()
        if target in _shared_modules():
            continue
        if target.parent != (STATIC / "table").resolve() or not target.is_file():
            raise ValueError(
                f"{_label(path)} may import from dom.js, language.js and static/table/ only: {spec}"
            )
        if target not in done:
            _regions(target, done)
            done.append(target)


def _core() -> str:
    """The regions the core imports, then the core: imports dropped, the regions' exports too.

    Raises ValueError for a name declared at the top of two of these files: they share one
    scope once joined.
    """
    core = STATIC / f"{CORE}.js"
    _without_dom_import(_read(core), _label(core))
    regions: list[Path] = []
    _regions(core, regions)
    owner: dict[str, str] = {}
    for path in (*_shared_modules(), *regions, core):
        for name in _TOP_NAME.findall(_read(path)):
            if name in owner:
                raise ValueError(f"{name} is declared in {owner[name]} and {_label(path)}")
            owner[name] = _label(path)
    parts = [f"// ---- {_label(p)}\n{_EXPORT.sub('', _IMPORT.sub('', _read(p)))}" for p in regions]
    return "".join(parts) + f"// ---- {_label(core)}\n{_IMPORT.sub('', _read(core))}"


@cache
def front_end(*games: str) -> tuple[str, str]:
    """The ES module and the style sheet of a table: the core, then each of ``games``.

    ``games`` are names of the registry's games (``<game>/table.js`` and ``<game>/table.css``
    in the game's folder); none at all means every game with a front end, for a table that
    may be shown the state of any game. Raises ValueError for a game without its module or
    one that does not have the shape above.
    """
    found = game_modules()
    names = games or found
    for name in names:
        if name not in found:
            raise ValueError(f"no game module {name!r}: no {_label(game_file(name, '.js'))}")
    modules = [STATIC / f"{name}.js" for name in ADDONS] + [game_file(n, ".js") for n in names]
    esm = f"{_dom()}{_shared()}{_core()}{_keeper()}" + "".join(_block(p) for p in modules)
    sheets = [STATIC / f"{name}.css" for name in (KEEPER, *ADDONS, LANGUAGE)]
    games_sheets = [game_file(name, ".css") for name in names]
    css = "\n".join([_core_sheet(), *(_read(path) for path in [*sheets, *games_sheets])])
    return esm, css


def _core_sheet() -> str:
    """``static/core.css`` with each of its ``@import`` lines replaced by the sheet it names
    (ValueError for an ``@import`` of another form, which the join would leave behind)."""
    core = STATIC / f"{CORE}.css"
    text = _SHEET_IMPORT.sub(lambda m: _read(core.parent / m[1]), _read(core))
    if "@import" in text:
        raise ValueError(f'{_label(core)} may import sheets only as @import url("table/x.css");')
    return text


def _keeper() -> str:
    """The keeper, in a block of its own: imports dropped (``storage.js`` is joined in front
    of the core, :func:`_shared`)."""
    addon = _read(STATIC / f"{KEEPER}.js")
    imports = sorted(_IMPORT.findall(addon))
    addon = _IMPORT.sub("", addon)
    if imports != ["./core.js", "./storage.js"] or _ANY_IMPORT.search(addon):
        raise ValueError(f"static/{KEEPER}.js may import from ./core.js and ./storage.js only")
    return f"// ---- static/{KEEPER}.js\n{{\n{addon.rstrip()}\n}}\n"


def _shared() -> str:
    """``storage.js`` and ``language.js``, their imports and ``export`` words dropped: for
    the modules joined after them (a table's bar draws the language switch)."""
    storage = _EXPORT.sub("", _read(STATIC / "storage.js"))
    return f"// ---- static/storage.js\n{storage}\n{_language()}"


def _language() -> str:
    """``static/language.js``, its imports (of ``dom.js`` and ``storage.js``) and its
    ``export`` words dropped."""
    where = f"static/{LANGUAGE}.js"
    text = _without_dom_import(_read(STATIC / f"{LANGUAGE}.js"), where)
    text, found = _FROM_STORAGE.subn("", text)
    if found != 1 or _ANY_IMPORT.search(_EXPORT.sub("", text)):
        raise ValueError(f'{where} may import from "./dom.js" and "./storage.js" only')
    return f"// ---- {where}\n{_EXPORT.sub('', text)}"


def _dom() -> str:
    """``static/dom.js``, its ``export`` word dropped: ``h`` for the modules joined after it."""
    return f"// ---- static/{DOM}.js\n{_EXPORT.sub('', _read(STATIC / f'{DOM}.js'))}"


_FROM_DOM = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./dom\.js";[ \t]*\n', re.M)
_FROM_STORAGE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./storage\.js";[ \t]*\n', re.M)
_FROM_LANGUAGE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./language\.js";[ \t]*\n', re.M)


def _shared_modules() -> tuple[Path, ...]:
    """The modules joined in front of a table's regions, which the regions may import from."""
    return tuple((STATIC / f"{name}.js").resolve() for name in (DOM, "storage", LANGUAGE))


def _without_dom_import(text: str, where: str) -> str:
    """A module's text without its one import from ``./dom.js`` (ValueError if it has none)."""
    text, found = _FROM_DOM.subn("", text)
    if found != 1:
        raise ValueError(f'{where} must import once from "./dom.js"')
    return text


def join_with_storage(module: Path, sheet: Path, label: str) -> tuple[str, str]:
    """The ES module and style sheet of a widget that keeps things in the browser.

    ``dom.js``, ``storage.js`` and ``language.js`` (their ``export`` words dropped), then
    ``module`` (its imports from ``./dom.js``, ``./storage.js`` and ``./language.js``
    dropped, the names being in scope: it imports from one of the last two at least), and
    the text of ``sheet`` then the language switch's; ``label`` names the module in the
    joined text and in errors.
    """
    widget = _without_dom_import(_read(module), label)
    widget, found = _FROM_STORAGE.subn("", widget)
    widget, speaks = _FROM_LANGUAGE.subn("", widget)
    if found > 1 or speaks > 1 or found + speaks == 0:  # the language keeps through storage
        raise ValueError(f'{label} must import once from "./storage.js" or "./language.js"')
    esm = f"{_dom()}{_shared()}// ---- {label}\n{widget}"
    return esm, _read(sheet) + "\n" + _read(STATIC / f"{LANGUAGE}.css")


@cache
def exercise_front_end() -> tuple[str, str]:
    """The ES module and style sheet of the exercise widget (:func:`with_storage`)."""
    return with_storage("exercise")


@cache
def with_storage(name: str) -> tuple[str, str]:
    """The ES module and style sheet of a widget of ``static/``: ``static/<name>.js`` joined
    after ``dom.js`` and ``storage.js`` (:func:`join_with_storage`), ``static/<name>.css``."""
    return join_with_storage(STATIC / f"{name}.js", STATIC / f"{name}.css", f"static/{name}.js")
