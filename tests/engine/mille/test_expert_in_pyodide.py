"""The Mille expert chooses the same moves, for the same reasons, in Pyodide as in CPython.

The static site plays the expert in the learner's browser (Pyodide); the server plays it
in CPython. Seeded positions, seeded generators, no clock (see ``search``): both must
give the same move and the same figures. Run in Node with the Pyodide the static build
keeps under ``build/cache/`` (after ``make static``); skipped where it or Node is absent.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CACHED = sorted((ROOT / "build" / "cache").glob("pyodide-*.tgz"))

CASE = """
import json, random
from cardschool.engine import mille
from cardschool.engine.bots import make_bot
basic, expert = make_bot("mille", "basic"), make_bot("mille", "expert")
out = []
for number in range(3):
    game = mille.new_game(900 + number)
    ply = 0
    while not game.deal_over and ply < 60:
        view = game.view(game.to_move).to_dict()
        if ply % 4 == 1:
            choice = expert.choose(view, random.Random(ply))
            out.append([choice.move, choice.reason])
        game.play(basic.choose(view, random.Random(ply)).move)
        ply += 1
RESULT = json.dumps(out)
"""
"""Expert choices at seeded positions of three seeded hands, as JSON."""

RUNNER = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    if (name === "__pycache__") continue;
    const from = path.join(src, name);
    if (fs.statSync(from).isDirectory()) copy(from, dst + "/" + name);
    else if (name.endsWith(".py")) py.FS.writeFile(dst + "/" + name, fs.readFileSync(from));
  }
}
copy(%(engine)s, "/home/pyodide/cardschool/engine");
py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
py.runPython(fs.readFileSync(%(case)s, "utf8"));
console.log(py.globals.get("RESULT"));
"""
"""A Node script: the working tree's engine copied into Pyodide, then the case run there."""


@pytest.mark.skipif(not CACHED or shutil.which("node") is None, reason="no cached Pyodide or Node")
def test_the_expert_chooses_alike_in_pyodide(tmp_path: Path) -> None:
    with tarfile.open(CACHED[-1]) as archive:
        archive.extractall(tmp_path, filter="data")
    case = tmp_path / "case.py"
    case.write_text(CASE)
    runner = tmp_path / "runner.mjs"
    runner.write_text(
        RUNNER
        % {
            "pyodide": tmp_path / "package",
            "engine": json.dumps(str(ROOT / "engine")),
            "case": json.dumps(str(case)),
        }
    )
    done = subprocess.run(
        ["node", str(runner)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    in_pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    scope: dict[str, object] = {}
    exec(CASE, scope)  # the same case here, in CPython
    in_cpython = json.loads(str(scope["RESULT"]))
    assert len(in_cpython) > 15 and len({move for move, _ in in_cpython}) > 5
    assert in_pyodide == in_cpython
