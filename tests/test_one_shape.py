"""The house has one shape: generic code never asks which game it serves.

The registry (``engine/games.py``) is the only place that lists the games; everything
generic looks a game up there. These checks read the source: a game's name written as a
value in a generic module (``if kind == "mille"``, ``{"mille": ...}``, ``s.game ===
"mililla"``) fails here, with the line to fix.
"""

import ast
import importlib
import re
from pathlib import Path

import pytest

from cardschool.engine import dealcode
from cardschool.engine.games import GAMES, game_spec, spec_for_prefix
from cardschool.engine.protocol import GameLike, ViewLike
from cardschool.engine.session import Session, new_game

ROOT = Path(__file__).resolve().parent.parent
GAME_NAMES = tuple(GAMES)
NAME = "|".join(GAME_NAMES)

GENERIC = [
    *sorted((ROOT / "engine").glob("*.py")),
    *sorted((ROOT / "engine" / "exercises").glob("*.py")),
    *(p for p in sorted((ROOT / "widgets").glob("*.py")) if p.name.split("_")[0] not in GAMES),
    *(ROOT / "widgets" / "static").glob("core.js"),
]
"""Modules that serve every game: the engine's and the widgets' top level (not a game's own
table, ``mille_table.py``), the exercises package, the table's front-end core."""

JS_NAME = re.compile(rf"""["'`]({NAME})["'`]""")


def _asks_which_game(path: Path) -> list[str]:
    """The lines of a module that name a game as a value: a comparison, a key, a case."""
    if path.suffix == ".js":
        lines = enumerate(path.read_text().splitlines(), 1)
        return [
            f"{path.name}:{n}: {line.strip()}"
            for n, line in lines
            if JS_NAME.search(line.split("//")[0]) and not line.strip().startswith("*")
        ]
    tree = ast.parse(path.read_text())
    return [
        f"{path.name}:{node.lineno}: {ast.get_source_segment(path.read_text(), node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in GAME_NAMES
    ]


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_generic_module_names_a_game(path):
    asks = _asks_which_game(path)
    assert not asks, "generic code asks which game it serves:\n" + "\n".join(asks)


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
    "rules",  # Rules: the variants
    "moves",  # Move: the text form of a move
    "state",  # State: public fields, cheap clone
    "game",  # Game and new_game
    "view",  # View: what one seat may know, typed, drawing itself
    "words",  # the sentences that narrate moves
    "position",  # readable position text
    "legality",  # the one decision behind legal_moves and explain
    "scoring",  # deal scores and match totals
    "tables",  # precomputed card tables
    "hints",  # the spec's hints grouping
    "spec",  # the registry entry
    "goals",  # exercises: play goals, questions and score lines
}
"""The module names every game package shares, one concept each."""
SHARED_BOT_MODULES = {"__init__", "levels", "policy", "search", "words"}
"""The module names every game's bots subpackage shares."""
SHARED_EXPORTS = {"SPEC", "SEAT_NAMES", "Rules", "Move", "Phase", "Game", "View", "new_game"}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_game_package_has_the_shared_modules_and_words(name):
    folder = ROOT / "engine" / name
    modules = {path.stem for path in folder.glob("*.py")}
    assert modules >= SHARED_MODULES, f"{name} lacks {SHARED_MODULES - modules}"
    assert not list(folder.glob("bot_*.py")) and not (folder / "bots.py").exists()
    bot_modules = {path.stem for path in (folder / "bots").glob("*.py")}
    assert bot_modules >= SHARED_BOT_MODULES, (
        f"{name}/bots lacks {SHARED_BOT_MODULES - bot_modules}"
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
