"""The widgets' registry of games: the one place in ``widgets/`` that lists them.

    >>> from cardschool.widgets.games import table_parts
    >>> table_parts("mililla").table.__name__
    'MilillaTable'

It maps a game's name (a key of ``cardschool.engine.games.GAMES``) to its parts in this
layer (:class:`~cardschool.widgets.table_parts.TableParts`): the table class, the picture
parts, the board, the front end and the lesson parts, each declared once in the game's
folder (``widgets/<game>/``). The engine never names a widget; a third game is its folders
(``engine/<game>/``, ``widgets/<game>/``) and one more entry here (or :func:`register`).
"""

from __future__ import annotations

from cardschool.engine.messages import message

from . import mililla, mille
from .game_table import GameTable
from .intents import TableError
from .table_parts import TableParts

__all__ = ["TABLES", "TableParts", "register", "table_class", "table_parts"]

TABLES: dict[str, TableParts] = {}
"""Every game's parts, by the game's name."""


def register(parts: TableParts) -> TableParts:
    """Add a game's parts to the registry (ValueError unless the engine knows the game)."""
    from cardschool.engine.games import game_spec

    spec = game_spec(parts.name)  # ValueError naming the games for an unknown one
    if not isinstance(parts.table, type) or not issubclass(parts.table, GameTable):
        raise TableError(message("table:not-a-table", name=parts.name))
    TABLES[spec.name] = parts
    return parts


for _parts in (mille.PARTS, mililla.PARTS):
    register(_parts)


def table_parts(game: object) -> TableParts:
    """The parts of the game called ``game``; ValueError naming the games for anything else."""
    parts = TABLES.get(game) if isinstance(game, str) else None
    if parts is None:
        games = " or ".join(TABLES)  # the games' names, as the registry keys them
        raise TableError(message("table:unknown-game", game=repr(game), games=games))
    return parts


def table_class(game: object) -> type[GameTable]:
    """The table class of the game called ``game``."""
    return table_parts(game).table
