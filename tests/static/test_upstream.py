"""What the static site's build relies on in other projects, checked against what it used.

The build (``widgets/site/``) was written for the versions pinned in ``widgets/site/pins.py``.
Each test reads one upstream package as the build met it (the build tools installed in
``build/venv-static``, Pyodide's npm package kept in ``build/cache``, the built site) and
asserts what the code assumes of it: a file where the code looks for it, a marker the code
rewrites or relies on. A failure names the version the code was written for and the one
found (``written for voici-core 0.10.0, found 0.11.0: re-check ...``). No browser: these take
a second once the site is built.
"""

from __future__ import annotations

import ast
import json
import re
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from static_support import REPO

from cardschool.widgets.site import build, pages, snapshot, wheels
from cardschool.widgets.site.pins import BUILD_TOOLS, PINS

pytestmark = pytest.mark.static

VENV = REPO / "build" / "venv-static"
"""The build's environment (``make static``)."""
CACHE = REPO / "build" / "cache"
"""Where the build keeps what it downloaded."""
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"


def installed(name: str) -> str | None:
    """The version of ``name`` installed in the build's environment (``None``: not there)."""
    for meta in VENV.glob("lib/python*/site-packages/*.dist-info/METADATA"):
        fields = Parser().parsestr(meta.read_text(errors="replace"), headersonly=True)
        if wheels.canonical(fields["Name"] or "") == wheels.canonical(name):
            return fields["Version"]
    return None


def holds(name: str, found: str | None, problems: list[str]) -> None:
    """Fail, naming the pinned version of ``name``, if ``found`` is another or a check failed."""
    pin = PINS[name]
    assert found == pin.version, pin.written_for(found)
    assert not problems, pin.written_for(found, "; ".join(problems))


def test_a_failure_names_the_version_the_build_was_written_for():
    pin = PINS["voici-core"]
    message = pin.written_for("0.11.0")
    assert message.startswith(f"written for voici-core {pin.version}, found 0.11.0: re-check ")
    assert "pages.py" in message
    with pytest.raises(AssertionError, match=f"written for voici-core {pin.version}"):
        holds("voici-core", pin.version, ["no page config"])
    # the wheels the site downloads are those pinned, the same table make static installs from
    downloaded = dict(w.split("==") for w in wheels.WHEELS)
    for name in ["ipython", "ipywidgets", "anywidget"]:
        assert downloaded[name] == PINS[name].version
    assert PINS["pyodide"].version == wheels.PYODIDE


def test_the_build_tools_are_the_pinned_versions(built_site: Path):
    for name in BUILD_TOOLS:
        holds(name, installed(name), [])


def test_voicis_pages_are_laid_out_as_pages_py_expects(built_site: Path):
    # trim() removes the root's build/ and voici/tree and then writes the leading pages: it
    # does nothing when voici laid the site out otherwise
    problems = [
        f"no {path}"
        for path in [pages.START_PAGE, "voici/build", "static/pyodide/" + snapshot.LOADER]
        if not (built_site / path).exists()
    ]
    if (built_site / "index.html").read_text() != pages.leading_page(pages.START_PAGE):
        problems.append("the root page was not replaced: build/ or voici/tree not where trim looks")
    rendered = sorted((built_site / "voici" / "render").rglob("*.html"))
    for page in rendered:
        text = page.read_text()
        found = pages.PAGE_CONFIG.search(text)
        if found is None:
            problems.append(f"{page.name}: no jupyter-config-data script")
            continue
        kernel = json.loads(found.group(2))["litePluginSettings"][pages.KERNEL_SETTINGS]
        if not kernel.get("pyodideUrl", "").endswith(snapshot.LOADER):
            problems.append(f"{page.name}: the kernel's pyodideUrl is not pinned")
        if pages.page_script_tag(page, built_site) not in text:
            problems.append(f"{page.name}: no </head> to add the page script before")
        if f"{pages.STYLES}/" not in text:
            problems.append(f"{page.name}: no inline theme stylesheet was shared")
    if len(rendered) < 6:
        problems.append(f"only {len(rendered)} pages in voici/render")
    scripts = [p.read_text(errors="replace") for p in (built_site / "voici/build").glob("*.js")]
    loaders = sum(len(pages.VEGA_LOADER.findall(text)) for text in scripts)
    if loaders != 1:
        problems.append(f"{loaders} Vega loaders (ensureVega) in voici/build, not one")
    if not any(pages.VEGA in text for text in scripts):
        problems.append(f"no {pages.VEGA} in voici's scripts")
    holds("voici-core", installed("voici-core"), problems)


def test_jupyter_lite_json_has_the_keys_the_build_sets(built_site: Path):
    lite = json.loads((built_site / "jupyter-lite.json").read_text())
    written = build.lite_config([])
    config = lite.get("jupyter-config-data", {})
    problems = [f"no {key}" for key in written if key not in lite]
    problems += [
        f"no {key} in jupyter-config-data"
        for key in ["baseUrl", "appVersion", "litePluginSettings"]
        if key not in config
    ]
    kernel = config.get("litePluginSettings", {}).get(pages.KERNEL_SETTINGS, {})
    ours = written["jupyter-config-data"]["litePluginSettings"][pages.KERNEL_SETTINGS]
    problems += [f"the kernel's {key} was not kept" for key in ours if key not in kernel]
    # the site records the jupyterlite that built it
    holds("jupyterlite-core", config.get("appVersion"), problems)
    holds("jupyterlite-core", installed("jupyterlite-core"), [])


def test_the_pyodide_kernel_starts_pyodide_as_the_sites_loader_expects(built_site: Path):
    extension = built_site / "extensions" / KERNEL_EXTENSION
    found = json.loads((extension / "package.json").read_text())["version"]
    scripts = "\n".join(p.read_text(errors="replace") for p in (extension / "static").glob("*.js"))
    problems = []
    if pages.KERNEL_SETTINGS not in scripts:
        problems.append(f"no settings key {pages.KERNEL_SETTINGS}")
    # pyodideUrl (the site's loader, not an .mjs) is run with importScripts, then
    # self.loadPyodide is called with indexURL: the folder of pyodideUrl
    if not re.search(r"importScripts\((\w+)\),\w+=self\.loadPyodide", scripts):
        problems.append("pyodideUrl is not loaded with importScripts, then self.loadPyodide")
    if '.endsWith(".mjs")' not in scripts or snapshot.LOADER.endswith(".mjs"):
        problems.append("pyodideUrl's .mjs test is gone")
    if not re.search(r"(\w+)\.slice\(0,\1\.lastIndexOf\(\"/\"\)\+1\)", scripts):
        problems.append("indexUrl is not pyodideUrl's folder")
    for key in ["indexURL:", "disablePyPIFallback", "loadPyodideOptions", "pyodideUrl"]:
        if key not in scripts:
            problems.append(f"the worker has no {key}")
    for name in wheels.KERNEL_ASKS:
        if f'"{name}"' not in scripts:
            problems.append(f"the worker no longer asks for {name} (wheels.KERNEL_ASKS)")
    pypi = VENV / "share/jupyter/labextensions" / KERNEL_EXTENSION / "static/pypi"
    for start in wheels.KERNEL_WHEELS:
        if not list(pypi.glob(f"{start}*.whl")):
            problems.append(f"no {start} wheel in the extension's static/pypi")
    holds("jupyterlite-pyodide-kernel", found, problems)
    holds("jupyterlite-pyodide-kernel", installed("jupyterlite-pyodide-kernel"), [])


def test_pyodides_npm_package_has_the_files_lock_and_snapshot_options_used(built_site: Path):
    tarball = CACHE / f"pyodide-{wheels.PYODIDE}.tgz"
    with tarfile.open(tarball) as archive:
        files = {
            m.name.removeprefix("package/"): archive.extractfile(m).read()
            for m in archive.getmembers()
            if m.isfile() and m.name.count("/") == 1
        }
    found = json.loads(files["package.json"])["version"]
    problems = [f"no {name}" for name in wheels.RUNTIME_FILES if name not in files]
    lock = json.loads(files.get("pyodide-lock.json", b"{}"))
    if not lock.get("info", {}).get("python", "").startswith(f"{wheels.PYTHON}."):
        problems.append(f"its Python is not {wheels.PYTHON}: {lock.get('info')}")
    ours = wheels.lock_entry(next((built_site / "static/pyodide").glob("cardschool-*.whl")))
    keys = {key for entry in lock.get("packages", {}).values() for key in entry}
    if missing := sorted(keys - set(ours)):
        problems.append(f"the lock's entries have {missing}, which lock_entry does not write")
    typings = files.get("pyodide.d.ts", b"").decode()
    for option in ["_loadSnapshot", "_makeSnapshot", "makeMemorySnapshot", "mountNodeFS"]:
        if option not in typings:
            problems.append(f"pyodide.d.ts has no {option}")
    loader = files.get("pyodide.js", b"").decode()
    if "_loadSnapshot" not in loader or "loadPyodide" not in loader:
        problems.append("pyodide.js does not read _loadSnapshot in loadPyodide")
    if not (built_site / "static/pyodide" / snapshot.SNAPSHOT).is_file():
        problems.append("the built site has no snapshot")
    holds("pyodide", found, problems)


def _calls(tree: ast.AST, function: str, name: str) -> bool:
    """True when ``function`` (a def in ``tree``) calls something named ``name``."""
    return any(
        isinstance(node, ast.Call) and getattr(node.func, "attr", None) == name
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and f.name == function
        for node in ast.walk(f)
    )


def test_ipython_is_as_the_kernel_and_the_lazy_embedding_expect(built_site: Path):
    library = zipfile.ZipFile(built_site / "static/pyodide/python_stdlib.zip")
    names = set(library.namelist())
    meta = next(n for n in names if re.fullmatch(r"ipython-[^/]*\.dist-info/METADATA", n))
    found = Parser().parsestr(library.read(meta).decode(), headersonly=True)["Version"]
    problems = []
    embed = wheels.TERMINAL_EMBED
    if library.read(f"{embed}.py").decode() != wheels.LAZY_EMBED:
        problems.append(f"{embed} was not made lazy")
    if not {f"{embed.replace('/embed', '/_embed')}{s}" for s in (".py", ".pyc")} & names:
        problems.append(f"no {embed} module to move aside")
    wheel = zipfile.ZipFile(next((CACHE / "wheels").glob(f"ipython-{found}-*.whl")))
    if "from .terminal.embed import embed" not in wheel.read("IPython/__init__.py").decode():
        problems.append("IPython's __init__ no longer imports the terminal embedding")
    # the kernel asks should_run_async of the raw cell: IPython must transform it there
    shell = ast.parse(wheel.read("IPython/core/interactiveshell.py"))
    if not _calls(shell, "should_run_async", "transform_cell"):
        problems.append("should_run_async no longer calls transform_cell")
    pypi = VENV / "share/jupyter/labextensions" / KERNEL_EXTENSION / "static/pypi"
    kernel = zipfile.ZipFile(next(pypi.glob("pyodide_kernel-*.whl")))
    if "should_run_async(code)" not in kernel.read("pyodide_kernel/kernel.py").decode():
        problems.append("the kernel no longer calls should_run_async(code)")
    holds("ipython", found, problems)
