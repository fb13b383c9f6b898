"""The table's front end, joined from the files in ``static/`` without a bundler.

The browser side of a table is written as plain ES modules and style sheets:

* ``static/core.js`` draws what every game's table has and calls hooks for the rest (they
  are described at its top); ``static/core.css`` styles it;
* ``static/<game>.js``, one per game, begins with ``import {...} from "./core.js";`` and
  registers its hooks (``games.<game> = {...}``); ``static/<game>.css`` styles its parts.
* ``static/<add-on>.js`` (``ADDONS``: ``review.js``) has the same shape, but adds a panel
  every table draws (``panels.push({...})``); every table joins it after the core.

anywidget loads a widget's ``_esm`` from a blob URL, where a relative import cannot work, so
:func:`front_end` joins the files into one module and one sheet: ``static/dom.js`` (the one
element builder, ``h``, shared by every front end), the core, then each add-on and game
module inside a block of its own (its top-level names stay its own) with its import from the
core dropped, since the core's names are in scope there. Such a module imports nothing else
and exports nothing. Each table class names its game module (``TableWidget.GAME_MODULE``);
the join knows no game. The other widgets (the exercise, the landing page, the class page)
are joined by :func:`join_with_storage`: ``dom.js``, ``storage.js``, then the widget's module.
Files are read once per process.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = [
    "STATIC",
    "exercise_front_end",
    "front_end",
    "game_modules",
    "join_with_storage",
    "with_storage",
]

STATIC = Path(__file__).parent / "static"
"""The folder of the front-end files."""

CORE = "core"
"""The module every table's front end starts with."""
KEEPER = "saves"
"""The add-on every table joins right after the core, with ``storage.js`` (which it uses)."""
ADDONS = ("review",)
"""Modules every table joins after the keeper, before its game's (they add to ``panels``)."""
DOM = "dom"
"""The module of the element builder ``h``, joined in front of every front end."""
NOT_GAMES = (CORE, DOM, "exercise", "storage", "landing", KEEPER, *ADDONS)
"""The modules in ``static/`` that are not game modules: the core, the element builder, the
add-ons, the exercise's, the landing page's."""

_FROM_CORE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./core\.js";[ \t]*\n', re.M)
_FROM_DOM = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./dom\.js";[ \t]*\n', re.M)
_ANY_IMPORT = re.compile(r"^\s*(import|export)\b", re.M)


@cache
def _read(path: Path) -> str:
    """One front-end file, read once."""
    return path.read_text(encoding="utf-8")


def game_modules() -> tuple[str, ...]:
    """The names of the game modules in ``static/`` (every ``.js`` file but the core's)."""
    return tuple(sorted(path.stem for path in STATIC.glob("*.js") if path.stem not in NOT_GAMES))


def _game_module(name: str) -> str:
    """A game module's text, its import from the core dropped, in a block of its own."""
    text, found = _FROM_CORE.subn("", _read(STATIC / f"{name}.js"))
    if found != 1 or _ANY_IMPORT.search(text):
        raise ValueError(
            f"static/{name}.js must import once from ./core.js and nothing else, and export "
            "nothing: it is joined after the core, without a bundler"
        )
    return f"// ---- static/{name}.js\n{{\n{text.rstrip()}\n}}\n"


@cache
def front_end(*games: str) -> tuple[str, str]:
    """The ES module and the style sheet of a table: the core, then each of ``games``.

    ``games`` are game module names (``"mille"``: ``static/mille.js`` and
    ``static/mille.css``); none at all means every game module in ``static/``, for a table
    that may be shown the state of any game. Raises ValueError for a module that is not
    there or does not have the shape above.
    """
    found = game_modules()
    names = games or found
    for name in names:
        if name not in found:
            raise ValueError(f"no game module {name!r} in {STATIC}")
    core = _without_dom_import(_read(STATIC / f"{CORE}.js"), f"static/{CORE}.js")
    esm = f"{_dom()}// ---- static/{CORE}.js\n{core}{_keeper()}"
    esm += "".join(_game_module(name) for name in (*ADDONS, *names))
    css = "\n".join(_read(STATIC / f"{name}.css") for name in (CORE, *ADDONS, *names))
    return esm, css


def _keeper() -> str:
    """``storage.js`` and the keeper, in a block of their own: exports and imports dropped."""
    storage = _EXPORT.sub("", _read(STATIC / "storage.js"))
    addon = _FROM_CORE.sub("", _FROM_STORAGE.sub("", _read(STATIC / f"{KEEPER}.js")))
    if _ANY_IMPORT.search(addon):
        raise ValueError(f"static/{KEEPER}.js may import from ./core.js and ./storage.js only")
    return f"// ---- static/storage.js, static/{KEEPER}.js\n{{\n{storage}\n{addon.rstrip()}\n}}\n"


_FROM_STORAGE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./storage\.js";[ \t]*\n', re.M)
_EXPORT = re.compile(r"^export\s+", re.M)


def _dom() -> str:
    """``static/dom.js``, its ``export`` word dropped: ``h`` for the modules joined after it."""
    return f"// ---- static/{DOM}.js\n{_EXPORT.sub('', _read(STATIC / f'{DOM}.js'))}"


def _without_dom_import(text: str, where: str) -> str:
    """A module's text without its one import from ``./dom.js`` (ValueError if it has none)."""
    text, found = _FROM_DOM.subn("", text)
    if found != 1:
        raise ValueError(f'{where} must import once from "./dom.js"')
    return text


def join_with_storage(module: Path, sheet: Path, label: str) -> tuple[str, str]:
    """The ES module and style sheet of a widget that keeps things in the browser.

    ``dom.js`` and ``storage.js`` (their ``export`` words dropped), then ``module`` (its
    imports from ``./dom.js`` and ``./storage.js`` dropped, the names being in scope), and
    the text of ``sheet``; ``label`` names the module in the joined text and in errors.
    """
    widget = _without_dom_import(_read(module), label)
    widget, found = _FROM_STORAGE.subn("", widget)
    if found != 1:
        raise ValueError(f'{label} must import once from "./storage.js"')
    storage = _EXPORT.sub("", _read(STATIC / "storage.js"))
    esm = f"{_dom()}// ---- static/storage.js\n{storage}\n// ---- {label}\n{widget}"
    return esm, _read(sheet)


@cache
def exercise_front_end() -> tuple[str, str]:
    """The ES module and style sheet of the exercise widget (:func:`with_storage`)."""
    return with_storage("exercise")


@cache
def with_storage(name: str) -> tuple[str, str]:
    """The ES module and style sheet of a widget of ``static/``: ``static/<name>.js`` joined
    after ``dom.js`` and ``storage.js`` (:func:`join_with_storage`), ``static/<name>.css``."""
    return join_with_storage(STATIC / f"{name}.js", STATIC / f"{name}.css", f"static/{name}.js")
