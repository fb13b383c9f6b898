"""The widgets' registry names each game's parts, and a game table is made of collaborators.

Every game of the engine's registry has its parts in the widgets' (``widgets/games.py``):
a table class playing that game, its picture parts, its board, its front end, its lesson
parts; the generic lookups (``table_for``, ``parts_of``, ``board_type``) go through it.
A game table's concerns (questions, replays, listeners, the kept save, the status line)
are objects it holds, each reading only the table's public face.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardschool.engine.games import GAMES
from cardschool.engine.session import Session
from cardschool.widgets import table_for
from cardschool.widgets.game_table import GameTable
from cardschool.widgets.games import TABLES, TableParts, register, table_class, table_parts
from cardschool.widgets.lessons import all_demos
from cardschool.widgets.picture import parts_of
from cardschool.widgets.state import board_type

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
COLLABORATORS = ("asking.py", "replaying.py", "listening.py", "keeping.py", "status.py")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_has_its_parts_in_the_widgets_registry(name):
    parts = table_parts(name)
    assert isinstance(parts, TableParts) and parts.name == name
    assert issubclass(parts.table, GameTable) and parts.table.kind == name
    assert table_class(name) is parts.table and parts_of(name) is parts.picture
    assert board_type(name) is parts.board and parts.front_end
    assert all(demo.game == name for demo in parts.demos)
    seats = ["human"] + ["random"] * (GAMES[name].seats - 1)
    table = table_for(Session.new(name, seed=1, seats=seats), speed=0)
    assert isinstance(table, parts.table) and table.state["game"] == name


def test_the_registry_lists_the_engines_games_and_refuses_others():
    assert sorted(TABLES) == sorted(GAMES)
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        table_parts("poker")
    with pytest.raises(ValueError, match="unknown game"):
        register(
            TableParts(table=type("Poker", (GameTable,), {"kind": "poker"}), board=object, verbs={})
        )
    assert set(all_demos()) == {demo.name for parts in TABLES.values() for demo in parts.demos}


@pytest.mark.parametrize("module", COLLABORATORS)
def test_a_collaborator_reads_only_the_tables_public_face(module):
    tree = ast.parse((WIDGETS / module).read_text())
    private = [
        f"{module}:{node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and isinstance(node.value, ast.Attribute | ast.Name)
        and getattr(node.value, "attr", getattr(node.value, "id", "")) in ("_table", "table")
    ]
    assert not private, "a table's private attribute read from outside:\n" + "\n".join(private)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_table_holds_its_collaborators_and_mixes_none_in(name):
    seats = ["human"] + ["random"] * (GAMES[name].seats - 1)
    table = table_for(Session.new(name, seed=1, seats=seats), speed=0)
    for part in ("questions", "replays", "told", "keeper", "status", "coach", "review"):
        assert getattr(table, part) is not None, part
    mixed = {cls.__module__.rsplit(".", 1)[-1] for cls in type(table).__mro__}
    assert not mixed & {module.removesuffix(".py") for module in COLLABORATORS}
