"""The static site's pages, as voici built them, made ready: self-contained, trimmed, pinned.

Used by :mod:`cardschool.widgets.site.build` (the build), after ``voici build``:

* :func:`self_contained`: stylesheets and scripts from other hosts (Font Awesome) are
  dropped, and the page script added (:data:`PAGE_SCRIPT_FILE`: links between notebooks,
  ``x.ipynb``, lead to their pages, ``x.html``; a host that cannot run the school is told),
  with the app's stylesheet that shows the cells of the page's language only
  (:data:`LANGUAGE_CELLS`: voici builds the pages with Voilà's own ``lab`` template, not the
  app's);
* :func:`pin_kernel_settings`: the kernel's settings are written into every page's
  config (the runtime, through the snapshot's loader; the wheels; no PyPI);
* :func:`trim`: what no page loads or links to is left out (jupyterlite's own app, the
  folder listings, the Vega renderer's code), and the root page leads to the start page;
* :func:`shared_styles`: the theme voici writes into every page is one shared stylesheet.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections import Counter
from pathlib import Path

from .messages import page_sentences
from .snapshot import LOADER

__all__ = [
    "KERNEL_SETTINGS",
    "LANGUAGE_CELLS",
    "PAGE_CONFIG",
    "PAGE_SCRIPT",
    "PAGE_SCRIPT_FILE",
    "START_PAGE",
    "VEGA",
    "VEGA_LOADER",
    "leading_page",
    "page_script",
    "page_script_tag",
    "pin_kernel_settings",
    "self_contained",
    "shared_styles",
    "trim",
    "vega_chunks",
]

_OUTSIDE = re.compile(
    r"""<(?:link|script)\b[^>]*\b(?:href|src)\s*=\s*["']https?://[^"']*["'][^>]*>(?:\s*</script>)?""",
    re.IGNORECASE,
)
PAGE_SCRIPT_FILE = Path(__file__).with_name("page.js")
"""The script added to every page: links to notebooks as the site's pages, the host checked,
what the page loaded handed to the service worker to keep (see the file's head)."""
PAGE_SCRIPT = "static/page.js"
"""Where the page script goes, in the site: one file every page loads (and the browser keeps)."""
LANGUAGE_CELLS = Path(__file__).parents[1] / "voila_template" / "languages.css"
"""The app's stylesheet that hides the markdown cells of the languages a page does not speak
(``make translations`` writes a French and a Spanish cell after each English one)."""


def page_script() -> str:
    """The page script, its sentences (:mod:`.messages`) written in."""
    said = json.dumps(page_sentences(), ensure_ascii=False)
    return PAGE_SCRIPT_FILE.read_text().replace("__SAID__", said)


def page_script_tag(page: Path, site: Path) -> str:
    """The ``<script>`` that loads :data:`PAGE_SCRIPT` in ``page`` (its address from there)."""
    href = os.path.relpath(site / PAGE_SCRIPT, page.parent).replace(os.sep, "/")
    return f'<script src="{href}"></script>'


KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
"""The Pyodide kernel's key in ``litePluginSettings``."""
PAGE_CONFIG = re.compile(
    r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.DOTALL
)
"""Where voici writes a page's config (``jupyter-config-data``), which the build pins."""


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
        found = PAGE_CONFIG.search(text)
        if found is None:
            continue
        config = _pinned_kernel(json.loads(found.group(2)), packages)
        written = json.dumps(config).replace("</", "<\\/")
        page.write_text(text[: found.start(2)] + written + text[found.end(2) :])
        pages += 1
    return pages


def self_contained(site: Path) -> list[str]:
    """Drop outside stylesheets and scripts from every page; add the page script and the
    stylesheet of the language cells (:data:`LANGUAGE_CELLS`)."""
    dropped: list[str] = []
    cells = LANGUAGE_CELLS.read_text()
    (site / PAGE_SCRIPT).parent.mkdir(parents=True, exist_ok=True)
    (site / PAGE_SCRIPT).write_text(page_script())
    for page in site.rglob("*.html"):
        text = page.read_text()
        kept = _OUTSIDE.sub(lambda m: dropped.append(m.group(0)) or "", text)
        if "</head>" in kept:  # before voici's scripts: a file page says so at once
            head = f"<style>\n{cells}</style>\n{page_script_tag(page, site)}\n</head>"
            kept = kept.replace("</head>", head, 1)
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


VEGA_LOADER = re.compile(r"ensureVega=function\(\)\{[^}]*Promise\.all\(\[([^\]]*)\]\)")
"""The Vega renderer's loader in voici's scripts: it asks for its chunks (:func:`vega_chunks`)."""
_CHUNK = re.compile(r"\b\w\.e\((\d+)\)")
"""A webpack chunk asked for by number (``a.e(1449)``)."""


def vega_chunks(scripts: Path) -> list[Path]:
    """The script files in ``scripts`` (voici's ``build``) that only the Vega renderer loads.

    The renderer asks for its chunks by number as it first draws a chart
    (``ensureVega``); a chunk that no other script asks for is the renderer's alone. When
    the renderer's loader is not found (another voici), none is: nothing is left out.
    """
    texts = [path.read_text(errors="replace") for path in scripts.glob("*.js")]
    loaders = [found for text in texts for found in VEGA_LOADER.finditer(text)]
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
