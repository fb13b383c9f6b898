"""The static site offline, and published clean: its service worker keeps the site's files.

JupyterLite registers its own service worker (``service-worker.js``, at the site's root:
it answers the kernel's file drive and input). :func:`keep_offline` puts ours before it
(``offline.js``): every other request of the site goes to the network first and what comes
back is kept in the browser, once per build; every page and what every page loads
(:func:`first_files`) is kept after a first visit, once the page has started, so any page
then opens offline. :func:`tidy` leaves out what no host should serve and adds what
GitHub Pages needs.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = [
    "NOJEKYLL",
    "OFFLINE_SCRIPT",
    "STRAY",
    "UPSTREAM_FETCH",
    "WORKER",
    "first_files",
    "keep_offline",
    "stamp_of",
    "tidy",
]

WORKER = "service-worker.js"
"""JupyterLite's service worker, at the site's root (the one its pages register)."""
OFFLINE_SCRIPT = Path(__file__).with_name("offline.js")
UPSTREAM_FETCH = 'self.addEventListener("fetch",'
"""How JupyterLite's worker adds its fetch listener: ours wraps it (see ``offline.js``)."""
STRAY = ["jupyter-lite.ipynb", "*.json.orig"]
"""Files the upstream build leaves in the site that no page uses (patterns, anywhere)."""
NOJEKYLL = ".nojekyll"
"""An empty file that tells GitHub Pages to serve the folder as it is (``_``-folders too)."""
_NOT_FIRST = ("voici/build/", "doc/", "build/")
"""Not kept ahead: voici's scripts (8 MB; a page's own are kept as it loads them), the
apps the site does not use."""


def stamp_of(site: Path) -> Path:
    """The file that says when ``site`` was built: beside it, so it does not ship."""
    return site.with_name(f"{site.name}.built")


def tidy(site: Path) -> list[str]:
    """Remove :data:`STRAY` files from ``site`` and add :data:`NOJEKYLL`; names removed."""
    removed = []
    for pattern in STRAY:
        for path in site.rglob(pattern):
            path.unlink()
            removed.append(path.relative_to(site).as_posix())
    (site / NOJEKYLL).write_text("")
    return sorted(removed)


def first_files(site: Path) -> list[str]:
    """What the service worker keeps after a first visit (paths from the site's root)."""
    kept = ["./"]
    for path in sorted(site.rglob("*")):
        name = path.relative_to(site).as_posix()
        if (
            path.is_file()
            and not name.startswith(_NOT_FIRST)
            and not path.name.startswith(".")
            and not name.endswith((".LICENSE.txt", ".orig"))
            and name != WORKER
        ):
            kept.append(name)
    return kept


def keep_offline(site: Path, build_id: str) -> int:
    """Put ``offline.js`` before JupyterLite's service worker in ``site``; files kept ahead."""
    worker = site / WORKER
    theirs = worker.read_text()
    if UPSTREAM_FETCH not in theirs:
        raise SystemExit(f"{worker}: no {UPSTREAM_FETCH!r} to wrap (see widgets/site/pins.py)")
    first = first_files(site)
    ours = OFFLINE_SCRIPT.read_text().replace("__BUILD__", build_id)
    ours = ours.replace("__FIRST__", json.dumps(first))
    worker.write_text(f"{ours}\n{theirs}")
    return len(first)
