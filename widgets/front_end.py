"""The table's front end, joined from the files in ``static/`` without a bundler.

The browser side of a table is written as plain ES modules and style sheets:

* ``static/core.js`` draws what every game's table has and calls hooks for the rest (they
  are described at its top); ``static/core.css`` styles it;
* ``static/<game>.js``, one per game, begins with ``import {...} from "./core.js";`` and
  registers its hooks (``games.<game> = {...}``); ``static/<game>.css`` styles its parts.
* ``static/<add-on>.js`` (``ADDONS``: ``review.js``) has the same shape, but adds a panel
  every table draws (``panels.push({...})``); every table joins it after the core.

anywidget loads a widget's ``_esm`` from a blob URL, where a relative import cannot work, so
:func:`front_end` joins the files into one module and one sheet: the core first, then each
add-on and game module inside a block of its own (its top-level names stay its own) with
its import from the core dropped, since the core's names are in scope there. Such a module
imports nothing else and exports nothing. Each table class names its game module
(``TableWidget.GAME_MODULE``); the join knows no game. Files are read once per process.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["STATIC", "exercise_front_end", "front_end", "game_modules", "with_storage"]

STATIC = Path(__file__).parent / "static"
"""The folder of the front-end files."""

CORE = "core"
"""The module every table's front end starts with."""
KEEPER = "saves"
"""The add-on every table joins right after the core, with ``storage.js`` (which it uses)."""
ADDONS = ("review",)
"""Modules every table joins after the keeper, before its game's (they add to ``panels``)."""
NOT_GAMES = (CORE, "exercise", "storage", "landing", KEEPER, *ADDONS)
"""The modules in ``static/`` that are not game modules: the core, the add-ons, the exercise's,
the landing page's."""

_FROM_CORE = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./core\.js";[ \t]*\n', re.M)
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
    esm = f"// ---- static/{CORE}.js\n{_read(STATIC / f'{CORE}.js')}{_keeper()}"
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


@cache
def exercise_front_end() -> tuple[str, str]:
    """The ES module and style sheet of the exercise widget: ``storage.js`` then ``exercise.js``.

    ``storage.js`` (the one module that keeps things in the browser) loses its ``export``
    words; ``exercise.js`` loses its import from it, the names being in scope.
    """
    storage = _EXPORT.sub("", _read(STATIC / "storage.js"))
    widget, found = _FROM_STORAGE.subn("", _read(STATIC / "exercise.js"))
    if found != 1:
        raise ValueError('static/exercise.js must import once from "./storage.js"')
    esm = f"// ---- static/storage.js\n{storage}\n// ---- static/exercise.js\n{widget}"
    return esm, _read(STATIC / "exercise.css")


@cache
def with_storage(name: str) -> tuple[str, str]:
    """The ES module and style sheet of a widget that keeps things in the browser.

    ``storage.js`` then ``static/<name>.js`` (its import from ``./storage.js`` dropped), and
    ``static/<name>.css``: the same join as :func:`exercise_front_end`, for another widget.
    """
    storage = _EXPORT.sub("", _read(STATIC / "storage.js"))
    widget, found = _FROM_STORAGE.subn("", _read(STATIC / f"{name}.js"))
    if found != 1:
        raise ValueError(f'static/{name}.js must import once from "./storage.js"')
    esm = f"// ---- static/storage.js\n{storage}\n// ---- static/{name}.js\n{widget}"
    return esm, _read(STATIC / f"{name}.css")
