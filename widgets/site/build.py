"""The whole school as a folder of static files: ``python -m cardschool.widgets.site OUT``.

The site runs Python in the browser (Pyodide, in a web worker) and shows the notebooks of
``tutorial/`` as voici pages, Voilà-style; no Python server, nothing fetched from outside at
run time. The build, from a checkout (``make static``):

1. the project's own wheel, built from the checkout;
2. the pure wheels the kernel and the app need, downloaded once with ``pip download`` at the
   versions pinned in ``wheels.WHEELS`` (kept in ``build/cache/wheels``);
3. the Pyodide runtime from the npm package ``pyodide`` (``wheels.PYODIDE``),
   fetched once with ``npm pack`` (kept in ``build/cache``, so a rebuild runs offline);
4. the Python a page load imports, compiled ahead by that runtime run in Node (standard
   library and wheels; :func:`compiled`, :mod:`.bytecode`), and a ``sitecustomize``
   that keeps the kernel from looking for modules on the browser's file drive
   (:mod:`.startup`);
5. the wheels' modules moved into the standard library's archive, which Python imports
   from without unpacking (:func:`.wheels.into_library`); a ``pyodide-lock.json``
   that lists only the wheels left (the project's, stand-ins for what the kernel asks
   for), and a ``jupyter-lite.json`` that preloads them and turns off the kernel's
   fallback to PyPI; IPython's terminal embedding is imported only when used
   (:func:`.wheels.lazy_terminal_embed`: half of IPython's import time);
6. the kernel's memory snapshot: a page load's imports made once, in that runtime run in
   Node; each page's kernel starts from it, through a loader of ours
   (:mod:`.snapshot`);
7. ``voici build`` of the notebooks (without the README's screenshots), then the pages
   made ready (:mod:`.pages`): self-contained, the kernel's settings pinned, what
   no page loads left out, the theme in one shared stylesheet;
8. the site published clean and offline (:mod:`.offline`): no stray files, a
   ``.nojekyll``, a service worker that keeps the site's files after a first visit;
9. with ``--class-server URL`` (``make static CLASS_SERVER=https://...``), the class
   server its class and teacher pages record through, in ``class-server.json`` at its
   root (:func:`write_class_server`; a host may write that file itself, no rebuild).

The build tools are the ``static`` extra; npm and node must be on the PATH.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
import zipfile
from pathlib import Path

from ..classroom.browser_transport import SETTING_FILE, checked_address
from .bytecode import compiled_archives
from .offline import keep_offline, stamp_of, tidy
from .pages import (
    KERNEL_SETTINGS,
    pin_kernel_settings,
    self_contained,
    shared_styles,
    trim,
)
from .snapshot import make_snapshot
from .wheels import (
    STAND_INS,
    check_front_ends,
    into_library,
    kernel_wheels,
    lazy_terminal_embed,
    log,
    pinned_wheels,
    preloaded,
    project_wheel,
    pyodide_runtime,
    run,
    stand_in,
    write_lock,
)

__all__ = [
    "build",
    "copy_contents",
    "lite_config",
    "main",
    "out_of_date",
    "write_class_server",
]

REPO = Path(__file__).resolve().parents[2]
"""The checkout this module runs from (``widgets/`` is in it)."""
SOURCES = ["engine", "widgets", "tutorial", "pyproject.toml"]
"""What the site is built from: a site older than any of these is out of date."""
_LEFT_OUT = {"cardschool.db", ".ipynb_checkpoints", "__pycache__", "voila.json"}
SCREENSHOTS = "images"
"""The tutorial's folder of screenshots for the README: no page shows them (0.8 MB)."""
TRANSLATIONS = "locale"
"""The tutorial's folder of the notebooks' translation files: no page reads them (their
words are in the notebooks' generated cells)."""


def lite_config(packages: list[str]) -> dict:
    """``jupyter-lite.json``: the wheels preloaded with Pyodide, no PyPI at run time."""
    kernel = {
        "disablePyPIFallback": True,
        # every package loaded with Pyodide: the kernel then installs nothing with piplite
        "loadPyodideOptions": {"packages": packages},
    }
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {KERNEL_SETTINGS: kernel},
        },
    }


STARTUP_IMPORTS = ["piplite.piplite", "pyodide_kernel", "ipywidgets", "anywidget"]
"""What the Pyodide kernel imports as it starts (its package manager, IPython) and what
the notebooks import besides the project's own modules: compiled ahead in the build."""
STARTUP = (Path(__file__).parent / "startup.py").read_text() + "\ninstall()\n"
"""The site's ``sitecustomize``: no module is looked for in the kernel's working directory
(the browser's file drive, where each lookup is a request; see :mod:`.startup`)."""
PROJECT = ["cardschool"]
"""The project's packages: a page may import any of their modules (but :data:`NOT_IN_PAGES`)."""
NOT_IN_PAGES = [
    "cardschool.widgets.site",
    "cardschool.widgets.classroom.db",
    "cardschool.engine.tournament",
    "cardschool.engine.exercises.coverage",
    "cardschool.widgets.language_files",
]
"""The project's modules no page imports (the build, the class database, command-line
tools, the translation files' writer): left as source, with what they import."""


def copy_contents(into: Path) -> None:
    """The notebooks and their files (``tutorial/``), without the server's leftovers."""
    shutil.rmtree(into, ignore_errors=True)
    top = REPO / "tutorial"
    shutil.copytree(
        top,
        into,
        ignore=lambda folder, names: [
            n
            for n in names
            if _left_by_a_run(n) or (n in (SCREENSHOTS, TRANSLATIONS) and Path(folder) == top)
        ],
    )


def compiled(runtime_dir: Path, cache: Path, wheels: list[Path]) -> list[Path]:
    """The wheels with their bytecode compiled ahead (see :mod:`.bytecode`).

    The standard library in ``runtime_dir`` is replaced by its compiled copy, without its
    docstrings (``-OO``), with the site's start-up (:data:`STARTUP`). Only what a page
    load imports is compiled: :data:`STARTUP_IMPORTS` and the project's modules but
    :data:`NOT_IN_PAGES`.
    """
    log("compiling the site's Python (Pyodide in Node; kept in build/cache/bytecode)")
    stdlib = runtime_dir / "python_stdlib.zip"
    archives = [(w, "site", 0) for w in wheels] + [(stdlib, "stdlib", 2)]
    done = compiled_archives(runtime_dir, cache, archives, STARTUP_IMPORTS, PROJECT, NOT_IN_PAGES)
    *wheels, library = map(Path, done)
    shutil.copyfile(library, stdlib)
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("sitecustomize.py", STARTUP)
    return wheels


def out_of_date(site: Path, root: Path = REPO) -> bool:
    """True when ``site`` is missing or older than any file the site is built from (under
    ``root``, the repository): what a run leaves beside the sources (compiled modules, the
    app's class database, notebook checkpoints) is not one of them."""
    stamp = stamp_of(site)
    if not stamp.exists() or not site.is_dir():
        return True
    built = stamp.stat().st_mtime
    for source in SOURCES:
        path = root / source
        files = path.rglob("*") if path.is_dir() else [path]
        if any(
            f.is_file()
            and f.stat().st_mtime > built
            and not any(map(_left_by_a_run, f.relative_to(root).parts))
            for f in files
        ):
            return True
    return False


def _left_by_a_run(name: str) -> bool:
    """True for a file or folder name a run leaves among the sources (the app's class
    database, compiled modules, checkpoints...): not part of the site, nor a reason to build
    it again."""
    return name in _LEFT_OUT or name.startswith("cardschool.db")


def write_class_server(site: Path, address: str | None) -> Path:
    """Write (or, with no ``address``, remove) the site's class server setting; its path.

    SystemExit when ``address`` is not an http(s) address, as the pages would ignore it."""
    path = site / SETTING_FILE
    if not address:
        path.unlink(missing_ok=True)
        return path
    path.write_text(json.dumps({"class_server": _address(address)}) + "\n")
    return path


def _address(given: str) -> str:
    """``given`` as a class server's address; SystemExit if it is not an http(s) one."""
    checked = checked_address(given)
    if checked is None:
        raise SystemExit(f"the class server's address is not an http(s) URL: {given!r}")
    return checked


def build(out: Path, class_server: str | None = None) -> Path:
    """Build the site into ``out`` (replaced), for the class server at ``class_server`` if
    given; returns ``out``."""
    if class_server:
        _address(class_server)  # a wrong address stops the build before it starts
    start = time.perf_counter()
    cache = REPO / "build" / "cache"
    work = REPO / "build" / "static-lite"
    shutil.rmtree(work, ignore_errors=True)
    runtime_dir = work / "static" / "pyodide"
    runtime = pyodide_runtime(cache, runtime_dir)
    check_front_ends()
    wheels = [*pinned_wheels(cache / "wheels"), *kernel_wheels(), project_wheel(cache / "project")]
    *others, project = compiled(runtime_dir, cache / "bytecode", wheels)
    # the project's own stays a wheel: its front end is read from files beside its modules
    library = runtime_dir / "python_stdlib.zip"
    wheels = [project, *into_library(library, others, work / "stand-ins")]
    lazy_terminal_embed(library)
    wheels += [stand_in(name, work / "stand-ins") for name in STAND_INS]
    packages = preloaded(write_lock(runtime, wheels, runtime_dir))
    log("the kernel's memory snapshot (Pyodide in Node)")
    held = make_snapshot(
        runtime_dir, project, STARTUP_IMPORTS, PROJECT, NOT_IN_PAGES, cache / "snapshot"
    )
    (work / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    copy_contents(work / "content")
    shutil.rmtree(out, ignore_errors=True)
    log("voici build")
    voici = [_voici(), "build", "--lite-dir", str(work)]
    voici += ["--contents", str(work / "content"), "--output-dir", str(out.resolve())]
    run([*voici, "--no-sourcemaps"], cwd=work)  # its task database (.jupyterlite.doit.db) there
    dropped = self_contained(out)
    pages = pin_kernel_settings(out, packages)
    trimmed = trim(out) + shared_styles(out)
    stray = tidy(out)
    kept = keep_offline(out, f"{time.time():.0f}")
    write_class_server(out, class_server)
    stamp_of(out).write_text(f"{time.time()}\n")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    log(
        f"{out} built in {time.perf_counter() - start:.1f} s, {size / 1e6:.1f} MB; "
        f"{len(dropped)} outside links dropped, the kernel's settings pinned in {pages} pages, "
        f"{trimmed / 1e6:.1f} MB of unused files and repeated stylesheets left out; the "
        f"snapshot holds {held['modules']} modules in {held['memory'] / 1e6:.1f} MB of memory; "
        f"{len(stray)} stray files left out; the service worker keeps {kept} files ahead"
    )
    return out


def _voici() -> str:
    """The ``voici`` command of this environment (``voici-core`` has no ``python -m voici``)."""
    here = Path(sys.executable).parent / "voici"
    found = str(here) if here.exists() else shutil.which("voici")
    if found is None:
        raise SystemExit(
            "no voici command: make static (it installs the build tools of widgets/site/pins.py)"
        )
    return found


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python -m cardschool.widgets.site [OUT] [--class-server URL]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(REPO / "build" / "static"))
    parser.add_argument(
        "--class-server",
        default="",
        help="the class server's address (https://...) the class and teacher pages use",
    )
    args = parser.parse_args(argv)
    build(Path(args.out), args.class_server.strip() or None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
