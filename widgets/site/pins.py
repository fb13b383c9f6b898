"""The upstream versions the static site's build was written for, and what it relies on in each.

The build leans on internals that no release of these projects promises to keep: voici's
page layout, the keys of ``jupyter-lite.json``, the files and the worker of the Pyodide
kernel's extension, Pyodide's npm package, lock file and snapshot options, IPython's
modules. Each project is pinned here, once (:data:`PINS`): ``make static`` installs the
build tools at these versions (it runs this file: :func:`requirements`), and the build
downloads the runtime and the wheels at them (:mod:`.wheels`). ``tests/static/test_upstream.py``
checks every assumption against the installed tools, the npm package and the built site,
and a failure names the version it was written for (:meth:`Pin.written_for`).

This file imports nothing of the project: ``make static`` runs it before installing it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BUILD_TOOLS", "PINS", "Pin", "pinned", "requirements"]


@dataclass(frozen=True)
class Pin:
    """An upstream package at the version the build was written for, and what it relies on."""

    name: str
    version: str
    source: str
    relied_on: str

    def __str__(self) -> str:
        return f"{self.name} {self.version}"

    @property
    def requirement(self) -> str:
        """The pin as pip (``name==version``) or npm (``name@version``) writes it."""
        return (
            f"{self.name}@{self.version}"
            if self.source == "npm"
            else f"{self.name}=={self.version}"
        )

    def written_for(self, found: str | None, problem: str = "") -> str:
        """A failed check's message: what is wrong, the version pinned and the one found."""
        where = f"found {found or 'none'}: re-check {self.relied_on}"
        if problem:
            return f"{problem} (written for {self}, {where})"
        return f"written for {self}, {where}"


PINS: dict[str, Pin] = {
    pin.name: pin
    for pin in [
        Pin(
            "voici-core",
            "0.10.0",
            "pypi",
            "the site's layout (voici/render, voici/build, voici/tree, the root's build/), "
            "the pages' jupyter-config-data script, </body> and theme stylesheet, and the Vega "
            "renderer's loader in pages.py; the voici command's options in build.py",
        ),
        Pin(
            "jupyterlite-core",
            "0.7.6",
            "pypi",
            "the keys of jupyter-lite.json (jupyter-config-data, litePluginSettings, baseUrl, "
            "disabledExtensions) in build.lite_config and pages.py",
        ),
        Pin(
            "jupyterlite-pyodide-kernel",
            "0.7.0",
            "pypi",
            "its extension's wheels (static/pypi) and the packages its worker asks for "
            "(wheels.KERNEL_WHEELS, KERNEL_ASKS), its settings key (pages.KERNEL_SETTINGS) and "
            "pyodideUrl, loaded with importScripts then self.loadPyodide (snapshot.LOADER_SCRIPT)",
        ),
        Pin(
            "pyodide",
            "0.29.3",
            "npm",
            "the npm package's runtime files and its Python (wheels.pyodide_runtime, PYTHON), "
            "pyodide-lock.json's format (wheels.lock_entry), and the snapshot options "
            "_makeSnapshot, _loadSnapshot, makeMemorySnapshot and mountNodeFS (snapshot.py, "
            "bytecode.py)",
        ),
        Pin(
            "ipython",
            "9.0.2",
            "pypi",
            "the kernel's cell runner (a later IPython fails every cell: should_run_async no "
            "longer calls transform_cell) and IPython's terminal embedding, imported by its "
            "__init__ (wheels.lazy_terminal_embed)",
        ),
        Pin(
            "ipywidgets",
            "8.1.9",
            "pypi",
            "the widgets' front end, which the site takes from the build tools "
            "(wheels.FRONT_ENDS), and register_comm_target (snapshot.prepare_snapshot)",
        ),
        Pin(
            "anywidget",
            "0.11.0",
            "pypi",
            "the widgets' front end, which the site takes from the build tools (wheels.FRONT_ENDS)",
        ),
    ]
}
"""What the build relies on in each upstream package, by name (PyPI's or npm's)."""

BUILD_TOOLS = [
    "voici-core",
    "jupyterlite-core",
    "jupyterlite-pyodide-kernel",
    "ipywidgets",
    "anywidget",
]
"""The pins installed in the build's environment (``make static``): the site's front ends come
from there, so the widget packages are pinned as the wheels the site's kernel runs."""


def pinned(name: str) -> str:
    """The version ``name`` is pinned at."""
    return PINS[name].version


def requirements() -> list[str]:
    """The build tools' requirements, for ``pip install`` (``python widgets/site/pins.py``)."""
    return [PINS[name].requirement for name in BUILD_TOOLS]


if __name__ == "__main__":
    print(" ".join(requirements()))
