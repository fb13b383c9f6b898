"""The static site's build steps that need no download: settings, trim, compiled archives."""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import os
import random
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cardschool.widgets import static_startup as startup
from cardschool.widgets.static_bytecode import compile_archive
from cardschool.widgets.static_site import (
    REPO,
    SCREENSHOTS,
    STARTUP,
    VEGA,
    copy_contents,
    pin_kernel_settings,
    shared_styles,
    trim,
    vega_chunks,
)
from cardschool.widgets.static_snapshot import LOADER, LOADER_SCRIPT, SNAPSHOT
from cardschool.widgets.static_wheels import into_library, lazy_terminal_embed, preloaded

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
PAGE = """<html><head>
<script id="jupyter-config-data" type="application/json">{config}</script>
</head><body>a voici page</body></html>"""


def page_config(page: Path) -> dict:
    text = page.read_text()
    start = text.index('type="application/json">') + len('type="application/json">')
    return json.loads(text[start : text.index("</script>", start)])


def test_every_page_gets_the_runtime_the_wheels_and_no_pypi(tmp_path):
    # as the lite build left them: a root config and a page whose settings lost the keys
    settings = {KERNEL: {"pipliteUrls": ["./all.json"]}}
    root = {"jupyter-config-data": {"baseUrl": "./", "litePluginSettings": settings}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(root))
    page = tmp_path / "voici" / "render" / "mille" / "practice.html"
    page.parent.mkdir(parents=True)
    page.write_text(PAGE.format(config=json.dumps({"baseUrl": "../../../", "note": "</b>"})))
    (tmp_path / "plain.html").write_text("<html>no config</html>")

    assert pin_kernel_settings(tmp_path, ["cardschool", "ipywidgets"]) == 1

    top = json.loads((tmp_path / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = top["litePluginSettings"][KERNEL]
    assert kernel["pyodideUrl"] == "./static/pyodide/cardschool-pyodide.js"  # the snapshot's loader
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"] == {"packages": ["cardschool", "ipywidgets"]}
    assert kernel["pipliteUrls"] == ["./all.json"]  # what the build wrote stays
    shown = page_config(page)
    assert shown["note"] == "</b>"  # written so that it cannot end the script early
    assert "</b>" not in page.read_text().split("</script>")[0]
    page_kernel = shown["litePluginSettings"][KERNEL]
    assert page_kernel["pyodideUrl"] == "../../../static/pyodide/cardschool-pyodide.js"
    assert page_kernel["disablePyPIFallback"] is True
    # the Vega renderer, whose code the site leaves out, is off in every config
    assert top["disabledExtensions"] == shown["disabledExtensions"] == [VEGA]


def test_the_trim_leaves_out_what_no_page_links_to_and_leads_to_the_start_page(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "jlab_core.js").write_text("x" * 1000)
    (tmp_path / "voici" / "build").mkdir(parents=True)
    (tmp_path / "voici" / "build" / "app.js").write_text("kept")
    (tmp_path / "voici" / "tree" / "mille").mkdir(parents=True)
    (tmp_path / "voici" / "tree" / "mille" / "index.html").write_text("y" * 200)
    (tmp_path / "voici" / "index.html").write_text("leads to voici/tree/index.html")
    (tmp_path / "index.html").write_text("jupyterlite's file list")

    assert trim(tmp_path) == 1200
    assert not (tmp_path / "build").exists()
    assert not (tmp_path / "voici" / "tree").exists()  # folder listings: no page links there
    assert (tmp_path / "voici" / "build" / "app.js").read_text() == "kept"
    assert 'url=voici/render/index.html"' in (tmp_path / "index.html").read_text()
    assert 'url=render/index.html"' in (tmp_path / "voici" / "index.html").read_text()
    assert trim(tmp_path) == 0  # nothing more to leave out


VEGA_LOADER = (
    "e.ensureVega=function(){return e.vegaReady||(e.vegaReady=Promise.all([a.e(981),a.e(1449)])"
    ".then(a.bind(a,31449))),e.vegaReady}"
)


def test_the_code_only_the_vega_renderer_loads_is_left_out(tmp_path):
    scripts = tmp_path / "voici" / "build"
    scripts.mkdir(parents=True)
    (tmp_path / "build").mkdir()
    (scripts / "2094.js").write_text(f"renderer: {VEGA_LOADER}")
    (scripts / "7774.js").write_text("colours: n.e(981).then(draw)")  # 981 is shared
    (scripts / "981.js").write_text("c" * 100)
    (scripts / "1449.js").write_text("v" * 1000)
    (scripts / "1449.js.LICENSE.txt").write_text("l" * 10)

    assert vega_chunks(scripts) == [scripts / "1449.js", scripts / "1449.js.LICENSE.txt"]
    assert trim(tmp_path) == 1010
    assert sorted(p.name for p in scripts.iterdir()) == ["2094.js", "7774.js", "981.js"]
    (scripts / "2094.js").write_text("a voici whose renderer loads another way")
    assert vega_chunks(scripts) == []  # not found: nothing is left out


def test_the_readmes_screenshots_stay_out_of_the_site(tmp_path):
    copy_contents(tmp_path / "content")
    copied = {p.relative_to(tmp_path / "content").as_posix() for p in tmp_path.rglob("*")}
    assert SCREENSHOTS not in copied and (REPO / "tutorial" / SCREENSHOTS).is_dir()
    assert {"index.ipynb", "mille/practice.ipynb", "path.toml"} <= copied
    assert not any(name.endswith("voila.json") for name in copied)


def make_wheel(path: Path, files: dict[str, str]) -> Path:
    """A zip holding ``files`` and a RECORD that lists them (as a wheel does)."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        archive.writestr("demo-1.0.dist-info/RECORD", "".join(f"{n},,\n" for n in files))
    return path


def test_compiled_archives_hold_bytecode_for_what_was_asked_and_import(tmp_path, monkeypatch):
    source = make_wheel(
        tmp_path / "demo-1.0-py3-none-any.whl",
        {
            "demo/__init__.py": "",
            "demo/fast.py": '"""A docstring."""\nassert False\nANSWER = 42\n',
            "demo/later.py": "LATER = 1\n",
            "demo/broken.py": "def (:\n",
            "demo/data.json": "{}",
        },
    )
    target = tmp_path / "compiled.whl"
    only = {"demo/__init__.py", "demo/fast.py", "demo/broken.py"}

    assert compile_archive(str(source), str(target), "/site/", optimize=2, only=only) == 2

    names = set(zipfile.ZipFile(target).namelist())
    assert {"demo/__init__.pyc", "demo/fast.pyc", "demo/later.py", "demo/data.json"} <= names
    assert "demo/fast.py" not in names  # sourceless: the bytecode stands in its place
    assert "demo/broken.py" in names  # what does not compile stays as it was
    record = zipfile.ZipFile(target).read("demo-1.0.dist-info/RECORD").decode()
    data = zipfile.ZipFile(target).read("demo/fast.pyc")
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert f"demo/fast.pyc,sha256={digest},{len(data)}" in record.splitlines()
    assert "demo/fast.py," not in record

    # Python imports the compiled module straight from the archive (here the host's
    # Python compiled it; in the build, Pyodide's own does)
    monkeypatch.syspath_prepend(str(target))
    fast = importlib.import_module("demo.fast")
    assert fast.ANSWER == 42
    assert fast.__doc__ is None  # optimize=2: no docstrings, and the assert is gone
    assert fast.__file__.endswith("fast.pyc")
    assert importlib.import_module("demo.later").LATER == 1  # left as source, still imports
    for name in ["demo", "demo.fast", "demo.later"]:
        sys.modules.pop(name)  # the archive goes with tmp_path


def test_the_sites_start_up_looks_for_no_module_in_the_working_directory(tmp_path):
    # the static site's sitecustomize, run at start-up by a real Python (``-c``: ``''``
    # heads sys.path) in a folder that holds a module
    folder, startup = tmp_path / "notebooks", tmp_path / "startup"
    folder.mkdir()
    startup.mkdir()
    (folder / "here.py").write_text("WHERE = 'working directory'\n")
    probe = "try:\n    import here\n    print(here.WHERE)\nexcept ImportError:\n    print('none')\n"
    probe += "import json, textwrap\nprint('stdlib')\n"

    def run() -> list[str]:
        env = {**os.environ, "PYTHONPATH": str(startup)}
        done = subprocess.run(
            [sys.executable, "-c", probe], cwd=folder, env=env, capture_output=True, text=True
        )
        return done.stdout.split() or [done.stderr]

    assert run() == ["working", "directory", "stdlib"]
    (startup / "sitecustomize.py").write_text(STARTUP)  # as the build writes it
    assert run() == ["none", "stdlib"]


def metadata(name: str, version: str) -> str:
    """A wheel's METADATA file."""
    return f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"


def test_wheels_move_into_the_library_archive_and_import_from_it(tmp_path):
    library = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(library, "w") as archive:
        archive.writestr("mystd.py", "STD = 1\n")

    ipython = make_wheel(
        tmp_path / "ipython-9.0-py3-none-any.whl",
        {
            "IPython/__init__.py": "SHELL = 'ipython'\n",
            # a folder without __init__ (micropip's _vendored is one)
            "IPython/vendored/deep/module.py": "DEEP = 'found'\n",
            "ipython-9.0.dist-info/METADATA": metadata("ipython", "9.0"),
        },
    )
    tools = make_wheel(
        tmp_path / "tools-2.0-py3-none-any.whl",
        {"tools.py": "TOOLS = 2\n", "tools-2.0.dist-info/METADATA": metadata("tools", "2.0")},
    )

    stand_ins = into_library(library, [ipython, tools], tmp_path / "stand-ins")

    # the kernel asks for ipython: a stand-in keeps its name in the lock (tools: no one asks)
    assert [w.name for w in stand_ins] == ["ipython-0.0.0-py3-none-any.whl"]
    names = zipfile.ZipFile(library).namelist()
    assert {"mystd.py", "tools.py", "tools-2.0.dist-info/METADATA"} <= set(names)
    assert {"IPython/", "IPython/vendored/", "IPython/vendored/deep/"} <= set(names)
    probe = (
        "import mystd, tools, IPython, importlib.metadata as m\n"
        "from IPython.vendored.deep import module\n"
        "print(mystd.STD, tools.TOOLS, IPython.SHELL, module.DEEP, m.version('ipython'))\n"
        "import IPython as i; print(i.__file__.startswith(__import__('sys').argv[1]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(library)}
    done = subprocess.run(
        [sys.executable, "-c", probe, str(library)], env=env, capture_output=True, text=True
    )
    assert done.stdout.split() == ["1", "2", "ipython", "found", "9.0", "True"], done.stderr


def test_the_kernel_finds_its_packages_by_the_names_it_spells():
    # the kernel's worker asks for pyodide_kernel; the lock says pyodide-kernel
    names = ["cardschool", "ipython", "pyodide-kernel", "sqlite3"]
    assert preloaded(names) == [*names[:3], "pyodide_kernel", "sqlite3"]
    assert preloaded(["cardschool"]) == ["cardschool"]  # nothing asked that is not there


def test_ipython_imports_its_terminal_embedding_only_when_it_is_used(tmp_path):
    # an archive with a package shaped as IPython's: its start imports the embedding,
    # which imports a heavy module (prompt_toolkit in the real one)
    library = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(library, "w") as archive:
        archive.writestr("IPython/__init__.py", "from .terminal.embed import embed\n")
        archive.writestr("IPython/terminal/__init__.py", "")
        archive.writestr(
            "IPython/terminal/embed.py",
            "import heavy\nclass InteractiveShellEmbed:\n    pass\ndef embed():\n    pass\n",
        )
        archive.writestr("heavy.py", "")
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("tools.py", "")

    assert lazy_terminal_embed(library) is True
    assert lazy_terminal_embed(other) is False  # no IPython: left as it was

    probe = (
        "import sys, IPython\n"
        "print('heavy' in sys.modules)\n"
        "try:\n    IPython.embed()\n"
        "except RuntimeError as error:\n    print('terminal' in str(error))\n"
        "from IPython.terminal.embed import InteractiveShellEmbed as shell\n"
        "print(shell.__module__, 'heavy' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(library)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert done.stdout.split() == ["False", "True", "IPython.terminal._embed", "True"], done.stderr
    assert zipfile.ZipFile(other).namelist() == ["tools.py"]


def test_the_theme_every_page_repeats_is_one_linked_stylesheet(tmp_path):
    theme = ".jp-theme { color: black; }\n" * 1000  # long, as JupyterLab's theme is
    pages = {
        "voici/render/index.html": "",
        "voici/render/mille/practice.html": '<style media="print">' + theme + "</style>",
    }
    for name, extra in pages.items():
        page = tmp_path / name
        page.parent.mkdir(parents=True, exist_ok=True)
        styles = f'<style type="text/css">{theme}</style><style>.cs-own {{}}</style>{extra}'
        page.write_text(f"<html><head>{styles}</head><body>a page</body></html>")

    saved = shared_styles(tmp_path)

    written = list((tmp_path / "static" / "styles").iterdir())
    assert len(written) == 1 and written[0].read_text() == theme  # one copy, as it was
    assert saved == len(theme.encode())  # two pages carried it: one copy is saved
    index = (tmp_path / "voici/render/index.html").read_text()
    practice = (tmp_path / "voici/render/mille/practice.html").read_text()
    assert f'<link rel="stylesheet" href="../../static/styles/{written[0].name}">' in index
    assert f'<link rel="stylesheet" href="../../../static/styles/{written[0].name}">' in practice
    assert "<style>.cs-own {}</style>" in index  # short stylesheets stay in the page
    assert practice.count(theme) == 1  # the one for print stays too
    assert shared_styles(tmp_path) == 0  # built already: nothing more to share


def test_the_library_goes_without_what_no_page_uses(tmp_path):
    library = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(library, "w") as archive:
        archive.writestr("mystd.py", "STD = 1\n")
    pygments = make_wheel(
        tmp_path / "pygments-2.19-py3-none-any.whl",
        {
            "pygments/__init__.pyc": "compiled ahead: a page imports it",
            "pygments/lexers/__init__.pyc": "compiled",
            "pygments/lexers/python.pyc": "compiled: IPython imports Python's lexer",
            "pygments/lexers/rust.py": "class RustLexer: ...  # source: never imported",
            "pygments/styles/friendly.py": "# a style: kept, whether imported or not",
            "pygments-2.19.dist-info/METADATA": metadata("pygments", "2.19"),
        },
    )
    widget = make_wheel(
        tmp_path / "anywidget-0.11-py3-none-any.whl",
        {
            "anywidget/__init__.pyc": "compiled",
            "anywidget-0.11.data/data/share/jupyter/labextensions/anywidget/main.js": "js",
            "anywidget-0.11.dist-info/METADATA": metadata("anywidget", "0.11"),
        },
    )

    into_library(library, [pygments, widget], tmp_path / "stand-ins")

    names = set(zipfile.ZipFile(library).namelist())
    assert {
        "pygments/lexers/python.pyc",
        "pygments/lexers/__init__.pyc",
        "pygments/styles/friendly.py",
        "anywidget/__init__.pyc",
    } <= names
    assert "pygments/lexers/rust.py" not in names
    assert not [name for name in names if ".data/" in name]  # JupyterLab's files, not Python's


LOADER_HARNESS = """
// the site's loader, run in Node with a stand-in for Pyodide's own loader (pyodide.js)
const { readFileSync } = require("node:fs");
const { gzipSync } = require("node:zlib");
const [script, served, refusal] = process.argv.slice(2);
const seen = [];
globalThis.self = globalThis;
globalThis.fetch = async (url) => {
  seen.push(`fetch ${url}`);
  if (served === "none") return new Response("missing", { status: 404 });
  return new Response(gzipSync(Buffer.from(served)));
};
globalThis.importScripts = (url) => {
  seen.push(`import ${url}`);
  self.loadPyodide = async (options) => {
    const memory = options._loadSnapshot ? Buffer.from(await options._loadSnapshot) : null;
    seen.push(memory ? `start from ${memory.toString()}` : "start afresh");
    return {
      runPython(code) {
        seen.push(`python ${code}`);
        if (refusal === "refused") throw new Error("another library's snapshot");
      },
    };
  };
};
eval(readFileSync(script, "utf8"));
self.loadPyodide({ indexURL: "https://site/static/pyodide/" }).then(
  () => console.log(JSON.stringify(seen)),
  (error) => console.log(JSON.stringify([...seen, `failed ${error}`])),
);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="the static site's build needs node")
def test_the_loader_starts_from_the_snapshot_or_else_as_before(tmp_path):
    loader, harness = tmp_path / LOADER, tmp_path / "harness.js"
    loader.write_text(LOADER_SCRIPT)
    harness.write_text(LOADER_HARNESS)

    def start(served: str, refusal: str = "") -> list[str]:
        command = ["node", str(harness), str(loader), served, refusal]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
        return json.loads(done.stdout.splitlines()[-1])

    runtime = "https://site/static/pyodide/"
    fetched = [f"import {runtime}pyodide.js", f"fetch {runtime}{SNAPSHOT}"]
    restore = "python import sitecustomize; sitecustomize.restored()"
    assert start("memory") == [*fetched, "start from memory", restore]
    # no snapshot, or one this library refuses: Python starts as it did without one
    assert start("none") == [*fetched, "start afresh"]
    assert start("memory", "refused") == [*fetched, "start from memory", restore, "start afresh"]


def test_a_snapshot_of_another_library_is_refused_and_numbers_are_drawn_afresh(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(startup, "SNAPSHOT_LIBRARY", None)
    monkeypatch.setattr(startup, "RESTORED", False)
    library = tmp_path / "python_stdlib.zip"

    def write(text: str) -> str:
        with zipfile.ZipFile(library, "w") as archive:
            archive.writestr(zipfile.ZipInfo("mystd.py", (2020, 1, 1, 0, 0, 0)), text)
        return str(library)

    with pytest.raises(RuntimeError, match="not started from a snapshot"):
        startup.restored(write("STD = 1\n"))
    startup.snapshot_taken(str(library))
    random.seed(7)
    left = random.getstate()  # the state the build's Python had, as every page would
    startup.restored(write("STD = 1\n"))  # the same files, written again
    assert startup.RESTORED and random.getstate() != left
    monkeypatch.setattr(startup, "RESTORED", False)
    with pytest.raises(RuntimeError, match="another copy of the standard library"):
        startup.restored(write("STD = 2\n"))  # a browser that kept another copy
    assert not startup.RESTORED
    (tmp_path / "notes.txt").write_text("not an archive")
    with pytest.raises(ValueError, match="not a zip archive"):
        startup.library_mark(str(tmp_path / "notes.txt"))


ZONE_PROBE = """
import time
from cardschool.widgets import static_startup
fresh = (time.timezone, time.altzone, time.daylight, time.tzname)
time.timezone, time.altzone, time.daylight, time.tzname = 0, 0, 0, ("UTC", "UTC")  # the build's
static_startup.local_time_zone()
print(fresh == (time.timezone, time.altzone, time.daylight, time.tzname), time.tzname[0])
"""


def test_a_restored_python_reads_the_time_zone_of_the_browser_it_runs_in():
    # the snapshot's time module read the build machine's zone; a page reads its own
    for zone, standard in [("America/New_York", "EST"), ("Australia/Sydney", "AEST")]:
        env = {**os.environ, "TZ": zone}
        done = subprocess.run(
            [sys.executable, "-c", ZONE_PROBE], env=env, capture_output=True, text=True
        )
        assert done.stdout.split() == ["True", standard], done.stderr
