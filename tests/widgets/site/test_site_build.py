"""The static site's build steps that need no download: contents, compiled archives, library."""

from __future__ import annotations

import base64
import hashlib
import importlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from cardschool.widgets.site.build import REPO, SCREENSHOTS, STARTUP, copy_contents
from cardschool.widgets.site.bytecode import compile_archive
from cardschool.widgets.site.wheels import into_library, lazy_terminal_embed, preloaded


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


def a_library(folder: Path) -> Path:
    """A standard library's archive holding one module, ``mystd``."""
    library = folder / "python_stdlib.zip"
    with zipfile.ZipFile(library, "w") as archive:
        archive.writestr("mystd.py", "STD = 1\n")
    return library


def test_wheels_move_into_the_library_archive_and_import_from_it(tmp_path):
    library = a_library(tmp_path)

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


def test_the_library_goes_without_what_no_page_uses(tmp_path):
    library = a_library(tmp_path)
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
