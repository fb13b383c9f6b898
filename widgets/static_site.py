"""The whole school as a folder of static files: ``python -m cardschool.widgets.static_site OUT``.

The site runs Python in the browser (Pyodide, in a web worker) and shows the notebooks of
``tutorial/`` as voici pages, Voilà-style; no Python server, nothing fetched from outside at
run time. The build, from a checkout (``make static``):

1. the project's own wheel, built from the checkout;
2. the pure wheels the kernel and the app need, downloaded once with ``pip download`` at the
   versions pinned in ``static_wheels.WHEELS`` (kept in ``build/cache/wheels``);
3. the Pyodide runtime from the npm package ``pyodide`` (``static_wheels.PYODIDE``),
   fetched once with ``npm pack`` (kept in ``build/cache``, so a rebuild runs offline);
4. the Python a page load imports, compiled ahead by that runtime run in Node (standard
   library and wheels; :func:`compiled`, :mod:`.static_bytecode`), and a ``sitecustomize``
   that keeps the kernel from looking for modules on the browser's file drive
   (:mod:`.static_startup`);
5. the wheels' modules moved into the standard library's archive, which Python imports
   from without unpacking (:func:`.static_wheels.into_library`); a ``pyodide-lock.json``
   that lists only the wheels left (the project's, stand-ins for what the kernel asks
   for), and a ``jupyter-lite.json`` that preloads them and turns off the kernel's
   fallback to PyPI; IPython's terminal embedding is imported only when used
   (:func:`.static_wheels.lazy_terminal_embed`: half of IPython's import time);
6. the kernel's memory snapshot: a page load's imports made once, in that runtime run in
   Node; each page's kernel starts from it, through a loader of ours
   (:mod:`.static_snapshot`);
7. ``voici build``, then the pages are made self-contained: stylesheets and scripts from
   other hosts (Font Awesome) are dropped, and links between notebooks (``x.ipynb``) lead
   to their pages (``x.html``); the kernel's settings are written into every page's
   config (:func:`pin_kernel_settings`);
8. what no page loads or links to (jupyterlite's own app, ``build/``; voici's folder
   listings, ``voici/tree``; the README's screenshots) is left out, and the root page
   leads to the start page (:func:`trim`); the theme voici writes into every page is one
   shared stylesheet (:func:`shared_styles`).

The build tools are the ``static`` extra; npm and node must be on the PATH.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
import time
import zipfile
from collections import Counter
from pathlib import Path

from .static_bytecode import compiled_archives
from .static_snapshot import LOADER, make_snapshot
from .static_wheels import (
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
    "main",
    "out_of_date",
    "pin_kernel_settings",
    "shared_styles",
    "trim",
    "vega_chunks",
]

REPO = Path(__file__).resolve().parents[1]
"""The checkout this module runs from (``widgets/`` is in it)."""
SOURCES = ["engine", "widgets", "tutorial", "pyproject.toml"]
"""What the site is built from: a site older than any of these is out of date."""
_LEFT_OUT = {"cardschool.db", ".ipynb_checkpoints", "__pycache__", "voila.json"}
SCREENSHOTS = "images"
"""The tutorial's folder of screenshots for the README: no page shows them (0.8 MB)."""
_OUTSIDE = re.compile(
    r"""<(?:link|script)\b[^>]*\b(?:href|src)\s*=\s*["']https?://[^"']*["'][^>]*>(?:\s*</script>)?""",
    re.IGNORECASE,
)
LINKS_TO_PAGES = """<script>
// cardschool's static site: a link to a notebook (x.ipynb) leads to its page (x.html)
document.addEventListener("click", (event) => {
  const link = event
    .composedPath()
    .find((node) => node.tagName === "A" && node.hasAttribute("href"));
  if (!link) return;
  const href = link.getAttribute("href");
  if (/^[^:]*\\.ipynb([?#]|$)/.test(href)) {
    link.setAttribute("href", href.replace(/\\.ipynb(?=[?#]|$)/, ".html"));
  }
}, true);
</script>"""
"""Added to every page: widgets (the landing page, lessons) link to notebooks by name."""


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
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
        },
    }


STARTUP_IMPORTS = ["piplite.piplite", "pyodide_kernel", "ipywidgets", "anywidget"]
"""What the Pyodide kernel imports as it starts (its package manager, IPython) and what
the notebooks import besides the project's own modules: compiled ahead in the build."""
STARTUP = (Path(__file__).parent / "static_startup.py").read_text() + "\ninstall()\n"
"""The site's ``sitecustomize``: no module is looked for in the kernel's working directory
(the browser's file drive, where each lookup is a request; see :mod:`.static_startup`)."""
PROJECT = ["cardschool"]
"""The project's packages: a page may import any of their modules (but :data:`NOT_IN_PAGES`)."""
NOT_IN_PAGES = [
    "cardschool.widgets.static_",
    "cardschool.widgets.classroom.db",
    "cardschool.engine.tournament",
    "cardschool.engine.exercises.coverage",
]
"""The project's modules no page imports (the build, the class database, command-line
tools): left as source, with what they import."""
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
"""The Pyodide kernel's key in ``litePluginSettings``."""
_PAGE_CONFIG = re.compile(
    r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.DOTALL
)


VEGA = "@jupyterlab/vega5-extension"
"""JupyterLab's renderer of Vega charts: no page shows one, so the site leaves out its code
(:func:`vega_chunks`, 0.8 MB) and turns it off in every page's config."""


def _pinned_kernel(config: dict, packages: list[str]) -> dict:
    """``config`` (a ``jupyter-config-data``) with the kernel's runtime and wheels pinned,
    and the renderer whose code is left out (:data:`VEGA`) turned off."""
    config["disabledExtensions"] = sorted({*config.get("disabledExtensions", []), VEGA})
    plugins = config.setdefault("litePluginSettings", {})
    kernel = plugins.setdefault(KERNEL_SETTINGS, {})
    kernel["pyodideUrl"] = f"{config.get('baseUrl', './')}static/pyodide/{LOADER}"
    kernel["disablePyPIFallback"] = True
    kernel["loadPyodideOptions"] = {"packages": packages}
    return config


def pin_kernel_settings(site: Path, packages: list[str]) -> int:
    """Write the kernel's settings (and :data:`VEGA` off) into the site's config and every
    page's; pages changed.

    The jupyterlite build's steps that patch ``jupyter-lite.json`` run in no fixed order and
    may drop settings from the lite folder's file, so the built files are set here, checked.
    """
    root = site / "jupyter-lite.json"
    lite = json.loads(root.read_text())
    _pinned_kernel(lite["jupyter-config-data"], packages)
    root.write_text(json.dumps(lite, indent=2))
    pages = 0
    for page in site.rglob("*.html"):
        text = page.read_text()
        found = _PAGE_CONFIG.search(text)
        if found is None:
            continue
        config = _pinned_kernel(json.loads(found.group(2)), packages)
        written = json.dumps(config).replace("</", "<\\/")
        page.write_text(text[: found.start(2)] + written + text[found.end(2) :])
        pages += 1
    return pages


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
            if n in _LEFT_OUT
            or n.startswith("cardschool.db")
            or (n == SCREENSHOTS and Path(folder) == top)
        ],
    )


def self_contained(site: Path) -> list[str]:
    """Drop outside stylesheets and scripts from every page; add the notebook links' script."""
    dropped: list[str] = []
    for page in site.rglob("*.html"):
        text = page.read_text()
        kept = _OUTSIDE.sub(lambda m: dropped.append(m.group(0)) or "", text)
        if "</body>" in kept:
            kept = kept.replace("</body>", LINKS_TO_PAGES + "\n</body>", 1)
        if kept != text:
            page.write_text(kept)
    return dropped


START_PAGE = "voici/render/index.html"
"""The school's start page in the site (the landing notebook)."""


def leading_page(to: str) -> str:
    """A page that leads straight to ``to`` (a relative address)."""
    return f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>cardschool</title>
<meta http-equiv="refresh" content="0; url={to}"></head>
<body><p><a href="{to}">cardschool: the start page</a></p></body>
</html>
"""


_VEGA_LOADER = re.compile(r"ensureVega=function\(\)\{[^}]*Promise\.all\(\[([^\]]*)\]\)")
_CHUNK = re.compile(r"\b\w\.e\((\d+)\)")
"""A webpack chunk asked for by number (``a.e(1449)``)."""


def vega_chunks(scripts: Path) -> list[Path]:
    """The script files in ``scripts`` (voici's ``build``) that only the Vega renderer loads.

    The renderer asks for its chunks by number as it first draws a chart
    (``ensureVega``); a chunk that no other script asks for is the renderer's alone. When
    the renderer's loader is not found (another voici), none is: nothing is left out.
    """
    texts = [path.read_text(errors="replace") for path in scripts.glob("*.js")]
    loaders = [found for text in texts for found in _VEGA_LOADER.finditer(text)]
    if len(loaders) != 1:
        return []
    asked = Counter(number for text in texts for number in _CHUNK.findall(text))
    own = [n for n in _CHUNK.findall(loaders[0].group(1)) if asked[n] == 1]
    return [scripts / f"{n}{end}" for n in own for end in (".js", ".js.LICENSE.txt")]


def trim(site: Path) -> int:
    """Drop what no voici page loads or links to; bytes dropped.

    Every voici page takes its scripts from ``voici/build``; the root's ``build/`` serves
    only jupyterlite's own apps, and ``voici/tree`` holds folder listings: the site links
    to neither; nor does any page draw a Vega chart (:func:`vega_chunks`). The root and
    ``voici/`` (which led to those) lead to the start page.
    """
    unused = [site / "build", site / "voici" / "tree"]
    if not (site / "voici" / "build").is_dir() or not unused[0].is_dir():
        return 0
    size = 0
    for folder in unused:
        size += sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
        shutil.rmtree(folder, ignore_errors=True)
    for chunk in vega_chunks(site / "voici" / "build"):
        if chunk.exists():
            size += chunk.stat().st_size
            chunk.unlink()
    (site / "index.html").write_text(leading_page(START_PAGE))
    (site / "voici" / "index.html").write_text(leading_page(START_PAGE.removeprefix("voici/")))
    return size


SHARED_STYLE = 10_000
"""An inline stylesheet this long (characters) or longer is written once, in its own file."""
_STYLE = re.compile(r"<style\b([^>]*)>(.*?)</style>", re.DOTALL | re.IGNORECASE)
STYLES = "static/styles"
"""Where the pages' shared stylesheets go, in the site."""


def shared_styles(site: Path) -> int:
    """Each long inline stylesheet of the pages written once, and linked; bytes saved.

    voici writes JupyterLab's theme (about 240 KB) into every page; each page now links to
    one copy (named by its content), which the browser keeps between pages and visits.
    A stylesheet for a medium (``media=``) stays where it is.
    """
    saved = 0
    folder = site / STYLES
    for page in site.rglob("*.html"):
        text = page.read_text()

        def linked(found: re.Match[str], page: Path = page) -> str:
            nonlocal saved
            attributes, css = found.groups()
            if len(css) < SHARED_STYLE or "media" in attributes.lower():
                return found.group(0)
            target = folder / f"{hashlib.sha256(css.encode()).hexdigest()[:16]}.css"
            if target.exists():  # another page's copy: this one is saved
                saved += len(css.encode())
            else:
                folder.mkdir(parents=True, exist_ok=True)
                target.write_text(css)
            href = os.path.relpath(target, page.parent).replace(os.sep, "/")
            return f'<link rel="stylesheet" href="{href}">'

        kept = _STYLE.sub(linked, text)
        if kept != text:
            page.write_text(kept)
    return saved


def compiled(runtime_dir: Path, cache: Path, wheels: list[Path]) -> list[Path]:
    """The wheels with their bytecode compiled ahead (see :mod:`.static_bytecode`).

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


def out_of_date(site: Path) -> bool:
    """True when ``site`` is missing or older than any file the site is built from."""
    stamp = site / ".built"
    if not stamp.exists():
        return True
    built = stamp.stat().st_mtime
    for source in SOURCES:
        path = REPO / source
        files = path.rglob("*") if path.is_dir() else [path]
        if any(f.is_file() and f.stat().st_mtime > built for f in files):
            return True
    return False


def build(out: Path) -> Path:
    """Build the site into ``out`` (replaced); returns ``out``."""
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
    (out / ".built").write_text(f"{time.time()}\n")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    log(
        f"{out} built in {time.perf_counter() - start:.1f} s, {size / 1e6:.1f} MB; "
        f"{len(dropped)} outside links dropped, the kernel's settings pinned in {pages} pages, "
        f"{trimmed / 1e6:.1f} MB of unused files and repeated stylesheets left out; the "
        f"snapshot holds {held['modules']} modules in {held['memory'] / 1e6:.1f} MB of memory"
    )
    return out


def _voici() -> str:
    """The ``voici`` command of this environment (``voici-core`` has no ``python -m voici``)."""
    here = Path(sys.executable).parent / "voici"
    found = str(here) if here.exists() else shutil.which("voici")
    if found is None:
        raise SystemExit("no voici command: pip install '.[static]'")
    return found


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python -m cardschool.widgets.static_site [OUT]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(REPO / "build" / "static"))
    args = parser.parse_args(argv)
    build(Path(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
