"""The static site's Python start-up: written into its standard library as ``sitecustomize``.

In the static site the kernel's working directory is the browser's file drive (the
notebooks' folder, served by the page): every file lookup there is a request from the
Pyodide worker to the page, answered through the service worker. Python looks for each
module it imports in the working directory first (``''`` heads ``sys.path``), so starting
the kernel (IPython and its packages) made about a hundred such requests. The notebook
folders hold no Python modules, so the kernel does not look for any there:
:func:`install` puts a finder for the working directory in front that finds nothing.
Files are read from the drive as before.
"""

from __future__ import annotations

import os
import sys

__all__ = ["NoModulesHere", "install", "working_directory_hook"]


class NoModulesHere:
    """A path entry finder for the working directory: no module is looked for there."""

    def find_spec(self, fullname: str, target: object = None) -> None:
        """No module spec: the import goes on to the next entry of ``sys.path``."""
        return None

    def invalidate_caches(self) -> None:
        """Nothing is cached."""


def working_directory_hook(path: str) -> NoModulesHere:
    """The finder for ``path`` when it is the working directory; others are refused.

    Python's path finder hands the hooks the working directory itself for ``''``.
    """
    if path in ("", ".", os.getcwd()):
        return NoModulesHere()
    raise ImportError("not the working directory", path=path)  # the usual finders take it


def install() -> None:
    """Put :func:`working_directory_hook` first among the path hooks (once)."""
    if working_directory_hook.__name__ not in {h.__name__ for h in sys.path_hooks}:
        sys.path_hooks.insert(0, working_directory_hook)
        for entry in ("", os.getcwd()):
            sys.path_importer_cache.pop(entry, None)
