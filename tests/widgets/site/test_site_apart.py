"""The static site's build (``widgets/site/``) stays apart: no runtime module imports it.

Every module of ``engine/`` and ``widgets/`` outside ``widgets/site/``, and every code cell
of the tutorial's notebooks, is parsed; each import is resolved to the module it names
(relative imports too) and none may be the site package or one of its modules.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SITE = "cardschool.widgets.site"
"""The build's package: imported by nothing the tables, lessons or app run."""
PACKAGES = {"engine": "cardschool.engine", "widgets": "cardschool.widgets"}
"""The runtime's folders and the packages they are installed as."""


def module_name(path: Path) -> str:
    """The dotted name a source file of the checkout is imported as."""
    folder, *rest = path.relative_to(REPO).with_suffix("").parts
    parts = [*PACKAGES[folder].split("."), *rest]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str = "", is_package: bool = False) -> Iterator[str]:
    """Every module ``source`` imports, as full names (``from a import b`` gives ``a`` and
    ``a.b``, which may be a module); ``module`` is the importing one, for relative imports."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                top = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{top}.{base}" if base else top
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", ""))
            in {"import_module", "__import__"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


def names_the_site(name: str) -> bool:
    """True for the site package or any module in it."""
    return name == SITE or name.startswith(f"{SITE}.")


def runtime_sources() -> Iterator[tuple[str, str, str, bool]]:
    """(where, source, module, is a package) for each runtime module and notebook cell."""
    for folder in PACKAGES:
        for path in sorted((REPO / folder).rglob("*.py")):
            if (REPO / "widgets" / "site") in path.parents:
                continue
            where = path.relative_to(REPO).as_posix()
            yield where, path.read_text(), module_name(path), path.name == "__init__.py"
    for notebook in sorted((REPO / "tutorial").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        cells = json.loads(notebook.read_text())["cells"]
        for number, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).splitlines()
            code = "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
            where = f"{notebook.relative_to(REPO).as_posix()} cell {number}"
            yield where, code, "", False


def test_no_runtime_module_or_notebook_imports_the_sites_build():
    found = [
        f"{where} imports {name}"
        for where, source, module, is_package in runtime_sources()
        for name in imported(source, module, is_package)
        if names_the_site(name)
    ]
    assert found == [], "the static site's build is imported at run time:\n" + "\n".join(found)
    assert (REPO / "widgets" / "site" / "build.py").is_file()  # the package is where we look


def test_every_way_of_importing_the_site_is_seen():
    # the check above finds nothing in the house: here it must find each spelling
    spellings = {
        "import cardschool.widgets.site.build": ("cardschool.widgets.picture", False),
        "from cardschool.widgets.site import pins": ("cardschool.widgets.picture", False),
        "from cardschool.widgets import site": ("cardschool.engine.games", False),
        "from . import site": ("cardschool.widgets", True),
        "from .site.wheels import log": ("cardschool.widgets.picture", False),
        "from ..site import pages": ("cardschool.widgets.mille.table", False),
        "importlib.import_module('cardschool.widgets.site.snapshot')": ("x", False),
    }
    for source, (module, is_package) in spellings.items():
        assert any(names_the_site(n) for n in imported(source, module, is_package)), source
    for other in ["from . import sites", "from .static import x", "import site"]:
        assert not any(names_the_site(n) for n in imported(other, "cardschool.widgets.x")), other
