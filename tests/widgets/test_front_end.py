"""The table's front end: a core made of regions, and one module per game, joined per table.

The core (``static/core.js``, its regions in ``static/table/``, ``static/core.css``) must not
know the games: it asks the state's game for its parts of the regions. Each game's module and
sheet live in the game's folder (``widgets/<game>/table.js``, ``.css``); each table class
draws with the core and its own game module only. What the front end needs of Python's
constants comes in the state (``limits``, the Mille melds' button names), never as a copy in
the JavaScript.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from table_driver import click_card, send
from test_table_widget import Recorder
from widget_states import mille

from cardschool.engine.messages import message
from cardschool.engine.mille import Game
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable, front_end
from cardschool.widgets.classroom.front import classroom_front_end
from cardschool.widgets.front_end import STATIC, WIDGETS, game_file, game_modules
from cardschool.widgets.picture import LOG_LENGTH
from cardschool.widgets.state import Limits
from cardschool.widgets.table import LIMITS, SPEED_RANGE, SPEED_STEP, TableWidget

GAMES = ("mille", "mililla")
CLASSES = {"mille": MilleTable, "mililla": MilillaTable}

TWO_MELDS = """
to move: South
phase: meld
South hand: 9H 5D QS 2C 4H
South melds: KH KS KC | 7H 7S 7D
North melds: QH QS QD
North hand: +12
pile: 3C
"""


def code_of(path: Path) -> str:
    """A JavaScript or CSS file without its comments (strings and templates kept whole)."""
    text = path.read_text(encoding="utf-8")
    pattern = r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`)|(/\*.*?\*/|//[^\n]*)"""
    return re.sub(pattern, lambda m: m[1] or "", text, flags=re.S)


IMPORT = re.compile(r'^import \{[^}]*\} from "[^"]+";\n', re.M)
REGIONS = sorted((STATIC / "table").glob("*.js"))
"""The regions of the table and their shared parts (``static/table/``)."""
SHEETS = re.findall(
    r'^@import url\("(table/[\w-]+\.css)"\);$', (STATIC / "core.css").read_text(), re.M
)
"""The regions' sheets, in the order ``core.css`` imports them."""
GENERIC = [
    *sorted(STATIC.glob("*.js")),
    *sorted(STATIC.glob("*.css")),
    *REGIONS,
    *sorted((STATIC / "table").glob("*.css")),
    *sorted((WIDGETS / "classroom" / "static").glob("*")),
]
"""Every front-end file that serves all the games."""


def core_part() -> str:
    """The core as the join puts it in the joined module (its imports dropped)."""
    return IMPORT.sub("", (STATIC / "core.js").read_text(encoding="utf-8"))


def region_part(path: Path) -> str:
    """A region as the join puts it in the joined module (imports and exports dropped)."""
    text = IMPORT.sub("", path.read_text(encoding="utf-8"))
    return re.sub(r"^export ", "", text, flags=re.M)


def own_part(game: str) -> str:
    """A game module as the join puts it in the joined module (its import line dropped)."""
    text = game_file(game, ".js").read_text(encoding="utf-8")
    return text.split('from "../static/core.js";\n', 1)[1].rstrip()


# ---------------------------------------------------------------- the core knows no game


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.relative_to(WIDGETS).as_posix())
def test_no_generic_front_end_file_names_a_game(path):
    text = path.read_text(encoding="utf-8")  # comments too: a game's name is a game's
    for game in GAMES:
        assert not re.search(game, text, re.I), f"{path.name} mentions {game}"
    assert not re.search(r"\bgame\s*[!=]==?", text), f"{path.name} compares the game"


def test_no_classroom_module_names_a_game():
    for path in sorted((WIDGETS / "classroom").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for game in GAMES:
            assert not re.search(game, text, re.I), f"classroom/{path.name} mentions {game}"


def test_the_core_is_regions_of_at_most_400_lines_each():
    assert len(REGIONS) >= 8
    files = [*STATIC.glob("*.*"), *(STATIC / "table").glob("*")]
    for path in [
        *files,
        *(game_file(g, ".js") for g in GAMES),
        *(game_file(g, ".css") for g in GAMES),
    ]:
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 400, f"{path.name}: {lines} lines"
    imported = re.findall(r'from "\./table/(\w+)\.js"', code_of(STATIC / "core.js"))
    assert imported and set(imported) <= {path.stem for path in REGIONS}


def test_each_region_lists_the_parts_a_game_may_give_it():
    for game in GAMES:
        registered = re.search(
            rf"games\.{game} = \{{(.*?)\n\}};", code_of(game_file(game, ".js")), re.S
        )
        assert registered, game
        for region in re.findall(r"^  (\w+): ", registered[1], re.M):
            documented = [p for p in REGIONS if f"games.<name>.{region}" in p.read_text("utf-8")]
            assert documented, f"{game} gives parts to {region}, which no region reads"


def test_the_join_knows_no_game():
    tree = ast.parse((STATIC.parent / "front_end.py").read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in docstrings
    ]
    assert not [text for text in strings if any(game in text.lower() for game in GAMES)]


def test_every_game_has_its_module_and_sheet_in_its_folder():
    assert game_modules() == GAMES
    for game in GAMES:
        assert game_file(game, ".css") == WIDGETS / game / "table.css"
        assert game_file(game, ".css").is_file()
        assert f"games.{game} = {{" in code_of(game_file(game, ".js"))
    assert not [p.name for p in STATIC.glob("*") if p.stem in GAMES]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_a_game_sheet_is_scoped_to_its_game(game):
    # a page may hold tables of both games, one sheet per class, each with the core: the
    # scope keeps a game's rules off the other game and above the core in any sheet order
    scope = f'.cs-root[data-game="{game}"] '
    selectors = re.findall(r"([^{}]+)\{[^{}]*\}", code_of(game_file(game, ".css")))
    assert selectors
    for group in selectors:
        for selector in re.split(r",(?![^()]*\))", group):  # not the commas of :is(a, b)
            # the root itself, with a pseudo-class (":not(.cs-large)"), is in scope too
            assert selector.strip().startswith((scope, scope.rstrip() + ":")), selector.strip()


def test_a_game_module_imports_only_names_the_core_exports():
    core = code_of(STATIC / "core.js")
    exported = set(re.findall(r"^export (?:const|function|class) (\w+)", core, re.M))
    for names in re.findall(r"^export \{([^}]*)\};", core, re.M):  # passed on (h, from dom.js)
        exported |= {name.strip() for name in names.split(",")}
    pattern = re.compile(r'^import \{([^}]*)\} from "\.\./static/core\.js";', re.M)
    for game in GAMES:
        imports = pattern.findall(code_of(game_file(game, ".js")))
        assert len(imports) == 1
        names = {name.strip() for name in imports[0].split(",")}
        assert names <= exported, f"{game}.js imports {names - exported}, not exported by core.js"


# ---------------------------------------------------------------- the join


@pytest.mark.parametrize("game", GAMES)
def test_each_table_class_joins_the_core_and_its_own_game_module(game):
    other = next(g for g in GAMES if g != game)
    cls = CLASSES[game]
    assert game == cls.GAME_MODULE
    assert (cls._esm, cls._css) == front_end.front_end(game)
    esm, css = str(cls._esm), str(cls._css)
    assert core_part() in esm
    for region in REGIONS:  # each once, before the core
        assert esm.count(region_part(region)) == 1
        assert esm.index(region_part(region)) < esm.index(core_part())
    assert own_part(game) in esm and own_part(other) not in esm
    assert f"games.{game} =" in esm and f"games.{other} =" not in esm
    assert not re.search(r"^import ", esm, re.M)  # a blob module cannot import its neighbours
    core = css.index((STATIC / "core.css").read_text(encoding="utf-8").split("@import")[0])
    at = [css.index((STATIC / sheet).read_text(encoding="utf-8")) for sheet in SHEETS]
    assert core == 0 and at == sorted(at) and "@import" not in css  # the regions', in order
    assert sorted(SHEETS) == [f"table/{p.name}" for p in sorted((STATIC / "table").glob("*.css"))]
    assert game_file(game, ".css").read_text(encoding="utf-8") in css
    assert game_file(other, ".css").read_text(encoding="utf-8") not in css


def test_the_table_for_any_state_joins_every_game_module():
    esm, css = str(TableWidget._esm), str(TableWidget._css)
    for game in GAMES:
        assert own_part(game) in esm
        assert game_file(game, ".css").read_text(encoding="utf-8") in css


def test_the_join_reads_the_files_once():
    assert front_end.front_end("mille") is front_end.front_end("mille")


@pytest.fixture
def fresh_join():
    """The join's caches emptied before and after the test (it joins other files)."""
    front_end.front_end.cache_clear()
    yield
    front_end.front_end.cache_clear()
    front_end._read.cache_clear()


def copy_of_the_front_end(into: Path, monkeypatch: pytest.MonkeyPatch, games: list[str]) -> Path:
    """The generic front-end files copied into ``into``, the join pointed there, ``games``
    registered; returns the copy of ``static/``."""
    shutil.copytree(STATIC, into / "static")
    monkeypatch.setattr(front_end, "WIDGETS", into)
    monkeypatch.setattr(front_end, "STATIC", into / "static")
    monkeypatch.setattr(front_end, "GAMES", dict.fromkeys(games))
    for game in games:
        (into / game).mkdir()
        (into / game / "table.css").write_text("")
    return into / "static"


def test_the_join_refuses_a_game_module_it_cannot_join(tmp_path, monkeypatch, fresh_join):
    with pytest.raises(ValueError, match="no game module 'chess'"):
        front_end.front_end("chess")
    copy_of_the_front_end(tmp_path, monkeypatch, ["bundled", "exporting", "alone", "near"])
    core = 'import { h } from "../static/core.js";\n'
    (tmp_path / "bundled" / "table.js").write_text(f'{core}import x from "x";\n')
    (tmp_path / "exporting" / "table.js").write_text(f"{core}export const a = 1;\n")
    (tmp_path / "alone" / "table.js").write_text("const a = 1;\n")
    (tmp_path / "near" / "table.js").write_text('import { h } from "./core.js";\n')
    for name in ("bundled", "exporting", "alone", "near"):
        with pytest.raises(
            ValueError, match=rf"{name}/table\.js must import once from \.\./static/core\.js"
        ):
            front_end.front_end(name)


def test_the_join_refuses_regions_that_would_clash_or_import_elsewhere(
    tmp_path, monkeypatch, fresh_join
):
    static = copy_of_the_front_end(tmp_path, monkeypatch, [])
    seats = static / "table" / "seats.js"
    original = seats.read_text()
    seats.write_text(original + "\nfunction toolbar() {}\n")  # toolbar.js declares it too
    with pytest.raises(ValueError, match=r"toolbar is declared in static/table/\w+\.js and"):
        front_end.front_end()
    seats.write_text('import { x } from "../review.js";\n' + original)
    front_end._read.cache_clear()
    with pytest.raises(ValueError, match=r"static/table/seats\.js may import from dom\.js"):
        front_end.front_end()


@pytest.mark.skipif(shutil.which("node") is None, reason="node loads the files as they are")
def test_the_files_are_plain_es_modules_that_load_unjoined(tmp_path):
    shutil.copytree(STATIC, tmp_path / "static")
    for game in GAMES:
        shutil.copytree(WIDGETS / game, tmp_path / game, ignore=shutil.ignore_patterns("*.py*"))
    (tmp_path / "package.json").write_text('{"type": "module"}')
    script = (
        "const core = await import('./static/core.js');"
        + "".join(f"await import('./{game}/table.js');" for game in GAMES)
        + "await import('./static/review.js');"
        "console.log(JSON.stringify([Object.keys(core.games), core.panels.length]));"
    )
    done = subprocess.run(
        [shutil.which("node"), "--input-type=module", "-e", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == [list(GAMES), 1]


def test_the_package_ships_every_front_end_file():
    config = tomllib.loads((WIDGETS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    packages = set(config["tool"]["setuptools"]["packages"])
    data = config["tool"]["setuptools"]["package-data"]
    files = [*STATIC.rglob("*.js"), *STATIC.rglob("*.css")]
    files += [game_file(game, suffix) for game in GAMES for suffix in (".js", ".css")]
    for path in files:
        # widgets/ is installed as cardschool.widgets (pyproject's package-dir)
        package = ".".join(("cardschool", *path.parent.relative_to(WIDGETS.parent).parts))
        assert package in packages, f"{package} is not in pyproject's packages"
        assert any(path.match(pattern) for pattern in data.get(package, [])), path


# ---------------------------------------------------------------- one element builder

FRONT_ENDS = {
    "table": lambda: front_end.front_end()[0],
    "exercise": lambda: front_end.exercise_front_end()[0],
    "landing": lambda: front_end.with_storage("landing")[0],
    "class": lambda: classroom_front_end()[0],
}


def test_only_dom_js_builds_elements_with_its_own_helper():
    modules = [p for p in GENERIC if p.suffix == ".js"] + [game_file(g, ".js") for g in GAMES]
    builders = [path.name for path in modules if re.search(r"function h\(", code_of(path))]
    assert builders == ["dom.js"]


@pytest.mark.parametrize("name", FRONT_ENDS)
def test_every_front_end_joins_dom_js_once_in_front(name):
    esm = FRONT_ENDS[name]()
    dom = (STATIC / "dom.js").read_text(encoding="utf-8").replace("export function", "function")
    assert esm.startswith(f"// ---- static/dom.js\n{dom}")
    assert esm.count("function h(") == 1
    assert 'from "./dom.js"' not in esm


def test_a_module_without_its_import_from_dom_js_is_refused(tmp_path):
    module = tmp_path / "widget.js"
    module.write_text('import { readEntry } from "./storage.js";\nexport default {};\n')
    (tmp_path / "widget.css").write_text("")
    with pytest.raises(ValueError, match=r'must import once from "\./dom\.js"'):
        front_end.join_with_storage(module, tmp_path / "widget.css", "widget.js")


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node checks the joined module's syntax")
@pytest.mark.parametrize("cls", [MilleTable, MilillaTable, TableWidget], ids=lambda c: c.__name__)
def test_the_joined_module_loads_and_registers_its_games(cls, tmp_path):
    module = tmp_path / "table.mjs"
    module.write_text(str(cls._esm), encoding="utf-8")
    script = (
        f"const m = await import({json.dumps(module.as_uri())});"
        "console.log(JSON.stringify([Object.keys(m.games).sort(), typeof m.default.render]));"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    wanted = sorted(GAMES) if cls.GAME_MODULE is None else [cls.GAME_MODULE]
    assert json.loads(out.stdout) == [wanted, "function"]


@pytest.mark.skipif(NODE is None, reason="node checks the joined module's syntax")
@pytest.mark.parametrize("name", FRONT_ENDS)
def test_every_joined_front_end_loads_with_its_render(name, tmp_path):
    module = tmp_path / f"{name}.mjs"
    module.write_text(FRONT_ENDS[name](), encoding="utf-8")
    script = (
        f"const m = await import({json.dumps(module.as_uri())});"
        "console.log(typeof m.default.render);"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "function"


# ---------------------------------------------------------------- limits come in the state


def test_every_state_carries_the_limits_of_the_python_constants():
    assert LIMITS.to_dict() == {
        "speed_min": SPEED_RANGE[0],
        "speed_max": SPEED_RANGE[1],
        "speed_step": SPEED_STEP,
        "log": LOG_LENGTH,
    }
    table = Recorder(mille())
    assert table.state["limits"] == LIMITS.to_dict()
    table.refuse(message("table:no-question"))  # a message alone keeps the rest of the state
    assert table.state["limits"] == LIMITS.to_dict()
    game = MilleTable(Session.new("mille", seed=1, seats=["human", "random"]))
    assert game.state["limits"] == LIMITS.to_dict()


def test_a_state_may_bring_limits_of_its_own_but_not_disordered_ones():
    own = Limits(speed_min=0, speed_max=1000, speed_step=50, log=10)
    assert Recorder(replace(mille(), limits=own)).state["limits"] == own.to_dict()
    with pytest.raises(ValueError, match="limits out of order"):
        Limits(speed_min=10, speed_max=0, speed_step=100, log=80)
    with pytest.raises(ValueError, match="limits out of order"):
        Limits(speed_min=0, speed_max=10, speed_step=0, log=80)


def test_the_front_end_holds_no_copy_of_a_python_constant():
    for path in [*STATIC.glob("*.js"), *REGIONS, *(game_file(g, ".js") for g in GAMES)]:
        code = code_of(path)
        assert str(SPEED_RANGE[1]) not in code, f"{path.name} copies the speed range"
        assert "add-to" not in code, f"{path.name} names the meld buttons itself"
        assert not re.search(r"slice\(-\d", code), f"{path.name} has its own log window"


def test_the_learners_melds_carry_the_names_of_their_buttons():
    table = MilleTable(Session(Game.from_position(TWO_MELDS), ["human", "random"]))
    mine, theirs = table.state["table"]["melds"]
    assert [(m["rank"], m["action"]) for m in mine] == [("K", "add-to-k"), ("7", "add-to-7")]
    assert [m["action"] for m in theirs] == [""]  # the other player's melds are no buttons
    click_card(table, "2C")  # a 2 alone may join either meld: one button per meld
    offered = {a["action"] for a in table.state["actions"] if a["action"].startswith("add-to")}
    assert offered == {m["action"] for m in table.state["table"]["melds"][0]}
    send(table, type="action", action="add-to-7")
    assert table.state["table"]["melds"][0][1]["cards"] == ["7H", "7S", "7D", "2C"]


# marks the front end may write as text: each is in common text fonts (DejaVu Sans, Segoe
# UI Symbol, Arial Unicode) and has no emoji presentation of its own; anything else (✋ was
# an empty box where no emoji font is installed) is drawn as SVG
TEXT_MARKS = set("«»·×à–—“”…⌘▶◀★☆✓✗♥♦♣♠←→")


def test_the_front_end_draws_marks_with_text_fonts_or_svg_never_emoji():
    files = [p for p in WIDGETS.rglob("*") if p.suffix in (".js", ".css") and "site" not in p.parts]
    found = {
        (char, path.relative_to(WIDGETS).as_posix())
        for path in files
        for char in path.read_text(encoding="utf-8")
        if ord(char) > 127 and char not in TEXT_MARKS
    }
    assert found == set(), f"marks that may need an emoji font: {sorted(found)}"


def _keys_said(text: str) -> set[str]:
    """The keys of Python's words a front-end text asks for: each quoted key inside a
    ``say(...)`` call (a ternary's two keys included)."""
    keys = set()
    for found in re.finditer(r"\bsay\(", text):
        depth, end = 1, found.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        keys.update(re.findall(r'"([a-z][\w.:-]*)"', text[found.end() : end]))
    return keys


def test_every_word_the_front_end_places_comes_with_the_table():
    """Each key the front end says (the core, the keeper, each game's module) is in the
    table's labels, Python's words; so are the keys it makes (a bot level, a team, a title)."""
    table = MilleTable(Session.new("mille", seed=1, seats=["human", "random"]))
    labels = table.labels
    files = [*STATIC.glob("table/*.js"), STATIC / "core.js", STATIC / "saves.js"]
    files += [game_file(name, ".js") for name in game_modules()]
    asked = set().union(*(_keys_said(path.read_text(encoding="utf-8")) for path in files))
    made = {f"kind.{kind}" for kind in ("human", "random", "basic", "expert")}
    made |= {"team.0", "team.1"} | {f"{name}:front.title" for name in game_modules()}
    assert asked and not (asked | made) - set(labels), sorted((asked | made) - set(labels))
    # a game's words go by their message id, never spelled like one of its rule ids
    like_rules = {key for key in labels if key.split(".")[0] in game_modules()}
    assert like_rules == set() and {"mille:front.stock", "mililla:front.trumps"} <= set(labels)
    assert labels["undo"] == "Undo" and labels["cards"] == "{count} cards"
    assert labels["cards#1"] == "1 card" and "cards#0" not in labels  # say() takes it first
    assert all(isinstance(words, str) and words for words in labels.values())


def test_the_state_brings_the_words_drawn_from_its_numbers():
    """The scores' caption and the hints' count line are Python's (numbers written by it)."""
    table = MilleTable(Session.new("mille", seed=1, seats=["human", "random"]), hints=True)
    assert table.state["scores"]["caption"] == "Scores — match to 1,200"
    assert len(table.state["hints"]) == 1  # the first move: draw (the pile is empty)
    assert table.state["hints_title"] == "Hints: 1 legal move"
