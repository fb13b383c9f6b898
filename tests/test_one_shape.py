"""The house has one shape: generic code never asks which game it serves.

The registries (``engine/games.py``, ``widgets/games.py``) are the only places that list
the games; everything that knows one game lives in that game's folder of its layer
(``engine/<game>/``, ``widgets/<game>/``). Every other module of ``engine/`` and
``widgets/`` is *generic* (``widgets/classroom/`` and ``widgets/site/`` included), and these
checks read its source. Each fails naming the lines to fix when a generic module

* imports a game package (``from .mille import ...``, ``from ..mililla_table import ...``),
* spells a game's name or a ``"<game>."`` rule id in its code: a string, a name, a
  front-end line (Python, JS and CSS; docstrings and comments may speak of the games),

and when a module is in one game's folder of a layer but not in the other's. The engine
never imports nor names the widgets.

A check that still fails while the house moves into this shape is marked
``xfail(strict=True)`` with what still offends: once it passes, the mark must go.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

from cardschool.engine import dealcode
from cardschool.engine.games import GAMES, game_spec, spec_for_prefix
from cardschool.engine.protocol import GameLike, ViewLike
from cardschool.engine.session import Session, new_game

ROOT = Path(__file__).resolve().parent.parent
GAME_NAMES = tuple(GAMES)
LAYERS = ("engine", "widgets")
REGISTRIES = {"engine/games.py", "widgets/games.py"}
SOURCE = {".py", ".js", ".css"}
MODULES = {".py", ".js"}
"""What counts as a module when two games' folders are compared."""
SPELLS_A_GAME = re.compile(rf"(?<![a-z])({'|'.join(GAME_NAMES)})(?![a-z])", re.IGNORECASE)
"""A game's name as a word of its own: ``mille``, ``Mililla``, ``mille.turn``, ``mille_table``
(an underscore or a dot ends the word), not ``millennium``."""


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _generic(layer: str) -> list[Path]:
    """Every source file of a layer outside its game folders and registry."""
    base = ROOT / layer
    return [
        path
        for path in sorted(base.rglob("*"))
        if path.suffix in SOURCE
        and "__pycache__" not in path.parts
        and path.relative_to(base).parts[0] not in GAME_NAMES
        and _rel(path) not in REGISTRIES
    ]


GENERIC = [path for layer in LAYERS for path in _generic(layer)]
GENERIC_PY = [path for path in GENERIC if path.suffix == ".py"]

STILL_IMPORTS: dict[str, str] = {}
"""Generic modules known to import a game package today, and what they import it for."""
STILL_SPELLS: dict[str, str] = {}
"""Generic modules known to spell a game's name today, and where."""
STILL_UNPAIRED: dict[str, str] = {}
"""Layers whose two game folders do not hold the same modules today."""
ENGINE_NAMES_WIDGETS: dict[str, str] = {}
"""Engine modules that know a widget today."""


def _known(path: Path, known: dict[str, str], what: str) -> pytest.ParameterSet:
    """A path as a test parameter, expected to fail while it is in ``known``."""
    rel = _rel(path)
    marks = [pytest.mark.xfail(strict=True, reason=f"{what}: {known[rel]}")] if rel in known else []
    return pytest.param(path, id=rel, marks=marks)


def _docstrings(tree: ast.Module) -> set[tuple[int, int]]:
    """Where each bare string statement starts: module, class, function and attribute
    docstrings (prose about the games, not code)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else []:
            if (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                found.add((statement.lineno, statement.col_offset))
    return found


def _spelled_in_python(text: str, where: str) -> list[str]:
    """The strings (docstrings aside) and names of Python source that spell a game."""
    prose = _docstrings(ast.parse(text))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        spelled = (token.type == tokenize.STRING and token.start not in prose) or (
            token.type == tokenize.NAME
        )
        if spelled and SPELLS_A_GAME.search(token.string.replace("_", " ")):
            found.append(f"{where}:{token.start[0]}: {token.line.strip()}")
    return found


def _spelled_in_front_end(text: str, where: str) -> list[str]:
    """The lines of JS or CSS source that spell a game, comments aside."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = re.sub(r"(^|\s)//.*", "", line)
        if SPELLS_A_GAME.search(code):
            found.append(f"{where}:{number}: {line.strip()}")
    return found


def _spelled(path: Path) -> list[str]:
    """Where a generic source file spells a game."""
    read = _spelled_in_python if path.suffix == ".py" else _spelled_in_front_end
    return read(path.read_text(encoding="utf-8"), _rel(path))


def _imported(text: str) -> list[tuple[int, str]]:
    """Every module Python source imports (relative ones with their dots), by line."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def _games_imported(text: str, where: str) -> list[str]:
    """The imports of Python source that reach a game's own module."""
    return [
        f"{where}:{line}: {module}"
        for line, module in _imported(text)
        if any(SPELLS_A_GAME.fullmatch(part.split("_")[0]) for part in module.split("."))
    ]


@pytest.mark.parametrize(
    "path", [_known(p, STILL_IMPORTS, "imports a game package") for p in GENERIC_PY]
)
def test_no_generic_module_imports_a_game_package(path):
    games = _games_imported(path.read_text(encoding="utf-8"), _rel(path))
    assert not games, "generic code imports a game's own module:\n" + "\n".join(games)


@pytest.mark.parametrize("path", [_known(p, STILL_SPELLS, "spells a game") for p in GENERIC])
def test_no_generic_module_spells_a_game_or_its_rule_ids(path):
    spelled = _spelled(path)
    assert not spelled, "generic code names a game:\n" + "\n".join(spelled)


def _modules(folder: Path) -> set[str]:
    """The modules of a game's folder, by their path inside it."""
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.suffix in MODULES and "__pycache__" not in path.parts
    }


@pytest.mark.parametrize(
    "layer",
    [
        pytest.param(
            layer,
            marks=[pytest.mark.xfail(strict=True, reason=STILL_UNPAIRED[layer])]
            if layer in STILL_UNPAIRED
            else [],
        )
        for layer in LAYERS
    ],
)
def test_each_game_folder_of_a_layer_holds_the_same_modules(layer):
    folders = {name: ROOT / layer / name for name in GAME_NAMES}
    assert all(folder.is_dir() for folder in folders.values()), f"{layer} lacks a game folder"
    every = set().union(*(_modules(folder) for folder in folders.values()))
    lacking = {
        name: sorted(every - _modules(folder))
        for name, folder in folders.items()
        if every - _modules(folder)
    }
    assert not lacking, f"modules in one game's folder of {layer}/ only: {lacking}"


ENGINE = [
    path for path in sorted((ROOT / "engine").rglob("*.py")) if "__pycache__" not in path.parts
]


@pytest.mark.parametrize(
    "path", [_known(p, ENGINE_NAMES_WIDGETS, "knows the widgets") for p in ENGINE]
)
def test_the_engine_never_imports_nor_names_the_widgets(path):
    text = path.read_text(encoding="utf-8")
    prose = _docstrings(ast.parse(text))
    imports = [module for _line, module in _imported(text) if "widgets" in module.split(".")]
    strings = [
        f"{token.start[0]}: {token.string}"
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.STRING
        and token.start not in prose
        and "cardschool.widgets" in token.string
    ]
    assert not imports and not strings, f"{_rel(path)} knows the widgets: {imports + strings}"


def test_the_checks_find_a_planted_offence_and_let_prose_be():
    """Each scanner finds what it looks for, so that a check reading nothing cannot pass."""
    name = GAME_NAMES[0]
    python = (
        f'"""Docstrings may say {name}."""\n'
        f"from ..{name}_table import Table  # a comment may say {name}\n"
        f"import cardschool.engine.{name}.view\n"
        f"from . import {name}\n"
        "from .table import Table\n"
        f'RULE = "{name}.turn"\n'
        f"def {name}_result() -> None:\n"
        f'    """Docstrings may say {name}."""\n'
        f'    return f"{{RULE}} {name.title()}"\n'
        'MILLENNIUM = "a millennium"\n'
    )
    assert [line.split(":")[1] for line in _games_imported(python, "x")] == ["2", "3", "4"]
    assert [line.split(":")[1] for line in _spelled_in_python(python, "x")] == [
        "2",
        "3",
        "4",
        "6",
        "7",
        "9",
    ]
    front_end = (
        f"/* the {name} table\n   spans lines */\n"
        f"import {{ draw }} from './{name}/table.js';  // {name}\n"
        f"if (s.game === '{name}') {{}}\n"
        "const url = 'http://x/y';\n"
        f".cs-{name}-meld {{ color: red; }}\n"
    )
    assert [line.split(":")[1] for line in _spelled_in_front_end(front_end, "x")] == [
        "3",
        "4",
        "6",
    ]


def test_the_checks_read_the_project():
    """The lists of files are not empty, and a game's own files do spell it."""
    assert GENERIC_PY and ENGINE and all(p.suffix in SOURCE for p in GENERIC)
    assert not any(p.relative_to(ROOT).parts[1] in GAME_NAMES for p in GENERIC)
    assert {"engine/session.py", "engine/dealcode.py", "widgets/table.py"} <= set(
        map(_rel, GENERIC)
    )
    for name in GAME_NAMES:
        assert _spelled(ROOT / "engine" / name / "spec.py")
    assert _games_imported((ROOT / "engine" / "games.py").read_text(), "engine/games.py")


def test_the_registry_lists_every_game_package():
    packages = sorted(p.parent.name for p in (ROOT / "engine").glob("*/spec.py"))
    assert sorted(GAMES) == packages
    for name, spec in GAMES.items():
        assert spec.name == name and spec.title and spec.seats == len(spec.seat_names)
        assert spec_for_prefix(spec.code_prefix) is spec


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_spec_answers_what_generic_code_asks(name):
    spec = game_spec(name)
    game = new_game(name, 5)
    assert isinstance(game, spec.game_type) and game.seats == spec.seats
    assert isinstance(game, GameLike) and isinstance(game.view(0), ViewLike)
    assert game.view(0).to_dict()["game"] == name and "<svg" in game.view(0)._repr_html_()
    assert isinstance(game.rules, spec.rules_type)
    assert all(isinstance(move, spec.move_type) for move in game.legal_moves())
    assert len(set(spec.deck())) == len(spec.deck()) and {c.suit for c in spec.deck()} == set(
        spec.suits
    )
    for field, values in spec.code_variants:
        assert getattr(spec.default_rules(), field) == values[0]
    hints = spec.hints(game)
    assert {h.move for h in hints if h.legal} == {str(m) for m in game.legal_moves()}
    session = Session(game)
    assert session.names[1:] == spec.seat_names[1:]
    assert dealcode.decode(session.code)[0] == name


def test_an_unknown_game_is_refused_with_the_games_named():
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        game_spec("poker")
    with pytest.raises(ValueError, match=" or ".join(GAME_NAMES)):
        new_game("poker", 1)


def test_session_offers_the_seat_to_moves_moves_and_explanations():
    session = Session.new("mililla", seed=9, seats=("human",) * 4)
    moves = session.legal_moves()
    assert moves and [str(m) for m in moves] == [str(m) for m in session.game.legal_moves()]
    for hint in session.hints():
        why = session.explain(hint.move)
        assert (why.legal, why.rule) == (hint.legal, hint.rule)


SHARED_MODULES = {
    "rules",  # Rules: the variants, and the fixed facts of the rules
    "rulebook",  # the complete rules, one entry per rule id
    "moves",  # Move: the text form of a move
    "tables",  # precomputed card tables
    "state",  # State: public fields, cheap clone
    "legality",  # the one decision behind legal_moves and explain
    "listing",  # every distinct legal move of the seat to move
    "turns",  # carrying out the deal, a judged move, the end of a deal, the next deal
    "scoring",  # deal scores and match totals
    "results",  # a deal's and the match's results as typed records
    "words",  # the sentences about moves
    "messages",  # the game's catalog of sentences
    "speech",  # the game's own values (cards, ranks, suits, seats) in French and Spanish
    "view",  # View: what one seat may know, typed, drawing itself
    "drawing",  # a view's picture
    "sampling",  # dealing the cards a seat cannot see, consistent with its view
    "position",  # readable position text
    "saving",  # the game's part of the save format (engine/saving.py holds the rest)
    "game",  # Game and new_game
    "hints",  # the spec's hints grouping
    "goals",  # exercises: play goals, questions and score lines
    "demos",  # the lessons' rule demonstrations
    "reasons",  # the strategy lesson's ideas behind a move
    "measure",  # the expert's measure in the learner's words
    "spec",  # the registry entry
}
"""The modules of every game package, one role each (listed in ``engine/games.py``).

A new module goes into both game packages at once, with its role here and in that list."""
SHARED_BOT_MODULES = {
    "levels",
    "knowledge",
    "estimates",
    "policy",
    "model",
    "search",
    "words",
    "messages",
}
"""The modules of every game's bots subpackage, one role each (listed in ``engine/bots.py``),
new ones likewise in both games' bots, here and in that list."""
SHARED_EXPORTS = {"SPEC", "SEAT_NAMES", "Rules", "Move", "Phase", "Game", "View", "new_game"}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_game_package_has_the_shared_modules_and_words(name):
    folder = ROOT / "engine" / name
    modules = {path.stem for path in folder.glob("*.py")} - {"__init__"}
    assert modules == SHARED_MODULES, f"{name}: {modules ^ SHARED_MODULES} not in both"
    assert not list(folder.glob("bot_*.py")) and not (folder / "bots.py").exists()
    bot_modules = {path.stem for path in (folder / "bots").glob("*.py")} - {"__init__"}
    assert bot_modules == SHARED_BOT_MODULES, (
        f"{name}/bots: {bot_modules ^ SHARED_BOT_MODULES} not in both"
    )
    package = importlib.import_module(f"cardschool.engine.{name}")
    assert set(package.__all__) >= SHARED_EXPORTS
    assert package.SPEC is game_spec(name) and game_spec(name).seat_names == package.SEAT_NAMES


@pytest.mark.parametrize("name", GAME_NAMES)
def test_both_games_speak_the_same_words_of_scores_and_totals(name):
    game = new_game(name, 11)
    while not game.deal_over:
        game.play(game.legal_moves()[0])
    result, view = game.deal_result(), game.view(0)
    assert result["deal"] == game.deal_number == view.deal_number == view.to_dict()["deal"] == 1
    totals = [
        before + score
        for before, score in zip(result["totals_before"], result["scores"], strict=True)
    ]
    assert totals == list(result["totals"]) == list(game.totals) == list(view.totals)
    for old in ("hand_number", "round", "next_hand", "next_round", "DEFAULT_NAMES"):
        assert not hasattr(game, old) and not hasattr(game_spec(name).game_type, old)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        new_game(name, "7")


def _roles(package: str) -> tuple[str, set[str]]:
    """The list of modules and their roles in a package's docstring, and the modules it names."""
    doc = importlib.import_module(package).__doc__ or ""
    _intro, _, rest = doc.partition("The modules, one role each")
    bullets = "\n".join(
        line for line in rest.split("\n\n")[1].splitlines() if line.startswith(("* ", "  "))
    )
    named = {
        word
        for item in bullets.split("\n* ")
        for word in re.findall(r"``(\w+)``", item.split(":")[0])
    }
    return bullets, named


def test_both_game_packages_write_the_same_roles_for_the_same_modules():
    """The roles of a game package's modules (and of its bots') are written once, in a
    generic module's docstring that each package's docstring points to, and name exactly
    the shared modules."""
    for sub, generic, shared in (
        ("", "games", SHARED_MODULES),
        (".bots", "bots", SHARED_BOT_MODULES),
    ):
        _bullets, named = _roles(f"cardschool.engine.{generic}")
        assert named == shared, f"engine/{generic}.py docstring: {named ^ shared}"
        for name in GAME_NAMES:
            doc = importlib.import_module(f"cardschool.engine.{name}{sub}").__doc__ or ""
            assert f"``cardschool.engine.{generic}``" in doc, f"{name}{sub} docstring"
            assert "The modules, one role each" not in doc, f"{name}{sub}: a second list"
