"""The static site's Python: Pyodide's runtime from npm and the wheels it preloads.

Used by :mod:`cardschool.widgets.site.build` (the build). The runtime comes from the npm
package ``pyodide`` (:data:`PYODIDE`); the pure wheels, pinned in :data:`WHEELS`, from
PyPI with ``pip download``; both are kept in ``build/cache`` so a rebuild runs offline.
A ``pyodide-lock.json`` lists only those wheels, the kernel extension's own and the
project's wheel built from the checkout.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from .pins import pinned

__all__ = [
    "PYODIDE",
    "RUNTIME_FILES",
    "WHEELS",
    "check_front_ends",
    "into_library",
    "kernel_wheels",
    "lazy_terminal_embed",
    "left_out",
    "log",
    "pinned_wheels",
    "preloaded",
    "project_wheel",
    "pyodide_runtime",
    "run",
    "stand_in",
    "write_lock",
]

PYODIDE = pinned("pyodide")
"""The npm package ``pyodide`` the site runs on (Python 3.13; :mod:`.pins`)."""
PYTHON = "3.13"
"""Pyodide's Python: the version the wheels are downloaded for."""
WHEELS = [
    # the kernel: IPython (pinned in .pins: a later one fails every cell) and what it imports
    f"ipython=={pinned('ipython')}",
    "ipython-pygments-lexers==1.1.1",
    "pygments==2.19.2",
    "traitlets==5.14.3",
    "decorator==5.2.1",
    "matplotlib-inline==0.1.7",
    "prompt-toolkit==3.0.52",
    "wcwidth==0.2.14",
    "stack-data==0.6.3",
    "executing==2.2.1",
    "asttokens==3.0.0",
    "pure-eval==0.2.3",
    "comm==0.2.3",
    "micropip==0.10.1",
    "packaging==25.0",
    # the app: the widgets (the same versions as the build's own, whose front ends the site
    # carries: build() checks)
    f"ipywidgets=={pinned('ipywidgets')}",
    f"anywidget=={pinned('anywidget')}",
    "psygnal==0.14.1",
    "typing-extensions==4.15.0",
]
"""The pure wheels of the site, pinned (``name==version``; those the build relies on
the internals of, in :mod:`.pins`)."""
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4"]
"""The wheels the Pyodide kernel's extension ships (``static/pypi``), by how their names start."""
STAND_INS = ["sqlite3", "jedi"]
"""Packages the kernel asks for that the site leaves out: empty wheels stand in for them
(IPython runs without either: no history database, completion without jedi)."""
KERNEL_ASKS = [
    "micropip",
    "piplite",
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide_kernel",
    "jedi",
    "ipython",
]
"""The packages the kernel's worker looks for among those preloaded (it installs those it
misses with piplite): each is in the lock, as a stand-in once its modules are in the library."""
FRONT_ENDS = ["ipywidgets", "anywidget"]
"""Packages whose browser side comes from the build environment: versions must match."""

REPO = Path(__file__).resolve().parents[2]
"""The checkout this module runs from (``widgets/`` is in it)."""


def log(text: str) -> None:
    """One line of the build's progress."""
    print(f"static site: {text}", flush=True)


def run(command: list[str], cwd: Path | None = None) -> None:
    """Run a build step; its output shows only if it fails."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")


def project_wheel(into: Path) -> Path:
    """The project's own wheel, built from the checkout."""
    for old in into.glob("cardschool-*.whl"):
        old.unlink()
    pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
    run([*pip, "--wheel-dir", str(into), str(REPO)])
    return next(into.glob("cardschool-*.whl"))


def pinned_wheels(cache: Path) -> list[Path]:
    """The pinned pure wheels for Pyodide's Python, downloaded once into ``cache``."""
    cache.mkdir(parents=True, exist_ok=True)
    missing = [pin for pin in WHEELS if not _cached(cache, pin)]
    if missing:
        log(f"downloading {len(missing)} wheels")
        run(
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                *("--only-binary=:all:", "--platform", "any", "--python-version", PYTHON),
                *("--implementation", "py", "--abi", "none", "--dest", str(cache), *missing),
            ]
        )
    return [_cached(cache, pin) or _missing(pin) for pin in WHEELS]


def _wheel_stem(pin: str) -> str:
    """The start of a wheel's file name for ``name==version``."""
    name, version = pin.split("==")
    return f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}-"


def _cached(cache: Path, pin: str) -> Path | None:
    stem = _wheel_stem(pin)
    return next((p for p in cache.glob("*.whl") if p.name.lower().startswith(stem)), None)


def _missing(pin: str) -> Path:
    raise SystemExit(f"no pure wheel was found for {pin}")


def kernel_wheels() -> list[Path]:
    """The kernel extension's own wheels (piplite, pyodide_kernel, the ipykernel shim)."""
    pypi = (
        Path(sys.prefix)
        / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    )
    wheels = []
    for start in KERNEL_WHEELS:
        found = sorted(pypi.glob(f"{start}*.whl"))
        if not found:
            raise SystemExit(
                f"no {start} wheel in {pypi}: make static (it installs the build tools "
                "of widgets/site/pins.py)"
            )
        wheels.append(found[-1])
    return wheels


def stand_in(name: str, into: Path) -> Path:
    """An empty wheel named ``name`` (metadata only: importing ``name`` still fails)."""
    into.mkdir(parents=True, exist_ok=True)
    wheel = into / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: cardschool\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{n},,\n" for n in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(wheel, "w") as archive:
        for member, text in files.items():
            archive.writestr(zipfile.ZipInfo(member, (2020, 1, 1, 0, 0, 0)), text)
    return wheel


def check_front_ends() -> None:
    """The site's widget packages must be those whose front ends the build environment has."""
    from importlib.metadata import version

    pins = dict(pin.split("==") for pin in WHEELS)
    for name in FRONT_ENDS:
        if version(name) != pins[name]:
            raise SystemExit(
                f"{name} is {version(name)} here but {pins[name]} in the site's pins "
                "(widgets/site/pins.py): the browser's and the kernel's sides must match; "
                "make static installs the pinned build tools"
            )


RUNTIME_FILES = [
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
"""The files of the npm package the browser loads (no typings, no Node helpers, no maps)."""


def pyodide_runtime(cache: Path, into: Path) -> dict:
    """Pyodide's runtime files from npm (the tarball kept in ``cache``); its lock file, read."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        log(f"npm pack pyodide@{PYODIDE}")
        run(["npm", "pack", "--silent", f"pyodide@{PYODIDE}"], cwd=cache)
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or "/" in name or name not in RUNTIME_FILES:
                continue
            source = archive.extractfile(member)
            assert source is not None
            (into / name).write_bytes(source.read())
    return json.loads((into / "pyodide-lock.json").read_text())


def lock_entry(wheel: Path) -> dict:
    """A ``pyodide-lock.json`` entry for a pure wheel (its name, version, imports, hash)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode())
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    modules = (t.removesuffix(".py").removesuffix(".pyc") for t in tops)  # .pyc: compiled ahead
    imports = sorted({m for m in modules if "." not in m})
    return {
        "name": canonical(meta["Name"]),
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": [],
        "unvendored_tests": False,
        "shared_library": False,
    }


def canonical(name: str) -> str:
    """A package name as Pyodide's lock file writes it (lower case, ``-`` between words)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def write_lock(runtime: dict, wheels: list[Path], into: Path) -> list[str]:
    """Copy the wheels next to the runtime and write a lock listing only them; their names."""
    packages = {}
    for wheel in wheels:
        shutil.copy2(wheel, into / wheel.name)
        entry = lock_entry(wheel)
        packages[entry["name"]] = entry
    lock = {"info": runtime["info"], "packages": packages}
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def _folders(name: str) -> list[str]:
    """The folder entries above a file in an archive (``a/``, ``a/b/`` for ``a/b/c.py``)."""
    parts = name.split("/")[:-1]
    return ["/".join(parts[: i + 1]) + "/" for i in range(len(parts))]


def left_out(name: str) -> bool:
    """True for a wheel's file no page uses, which the library archive goes without.

    A wheel's ``.data`` folder holds what pip installs outside Python's packages (a
    JupyterLab extension's front end, manual pages); of Pygments' 300 lexers a page
    imports only Python's, and those it imports are compiled ahead (``.pyc``): the lexers
    left as source (``.py``) are left out (1 MB).
    """
    top = name.split("/")[0]
    return top.endswith(".data") or (name.startswith("pygments/lexers/") and name.endswith(".py"))


def into_library(library: Path, wheels: list[Path], stand_ins: Path) -> list[Path]:
    """Move the wheels' files into the standard library's archive; the stand-ins they need.

    Pyodide unpacks each preloaded wheel, file by file, on every page load (about 0.9 s of
    a warm load here for the kernel's and the app's 1,200 files); Python imports from the
    standard library's archive without unpacking it. So the wheels join that archive, with
    their metadata (``importlib.metadata`` reads it there), and folder entries (Python
    imports a folder without ``__init__`` from an archive only with one), but for what
    no page uses (:func:`left_out`). Returned: a
    stand-in wheel (for the lock) for each of :data:`KERNEL_ASKS` whose modules moved.
    """
    moved: set[str] = set()
    with zipfile.ZipFile(library, "a", zipfile.ZIP_DEFLATED) as archive:
        present = set(archive.namelist())
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as source:
                for info in source.infolist():
                    if info.is_dir() or info.filename in present or left_out(info.filename):
                        continue
                    for folder in _folders(info.filename):
                        if folder not in present:
                            present.add(folder)
                            archive.writestr(zipfile.ZipInfo(folder, (2020, 1, 1, 0, 0, 0)), b"")
                    present.add(info.filename)
                    archive.writestr(info, source.read(info), zipfile.ZIP_DEFLATED)
            moved.add(lock_entry(wheel)["name"])
    return [stand_in(name, stand_ins) for name in KERNEL_ASKS if canonical(name) in moved]


def preloaded(names: list[str]) -> list[str]:
    """The packages the kernel preloads: the lock's ``names``, and the kernel's spellings.

    The kernel's worker looks for :data:`KERNEL_ASKS` as it spells them (``pyodide_kernel``;
    the lock writes ``pyodide-kernel``) and installs one it does not find with piplite
    (a tenth of a second here); Pyodide loads a package by either spelling.
    """
    spelled = [n for n in KERNEL_ASKS if n not in names and canonical(n) in names]
    return sorted([*names, *spelled])


TERMINAL_EMBED = "IPython/terminal/embed"
"""IPython's terminal embedding: ``import IPython`` imports it (``IPython.embed``), and with
it prompt_toolkit and IPython's terminal shell, about half of IPython's import time."""
LAZY_EMBED = '''"""IPython's terminal embedding, imported only when asked for (cardschool's site).

A browser kernel has no terminal to embed IPython's shell in; importing it took prompt_toolkit
and IPython's terminal shell, about half of IPython's import time on each page load. The
module is ``IPython.terminal._embed``; its names are looked up there when first used.
"""


def embed(**kwargs):
    """``IPython.embed``: it needs a terminal, which a page's kernel has not."""
    raise RuntimeError("IPython.embed needs a terminal: a kernel in the browser has none")


def __getattr__(name):
    """Any other name of IPython's module (``InteractiveShellEmbed``...), imported now."""
    if name.startswith("__"):  # the import system's questions (``__path__``): not those
        raise AttributeError(name)
    from IPython.terminal import _embed

    return getattr(_embed, name)
'''
"""What stands in ``IPython/terminal/embed`` in the site (:func:`lazy_terminal_embed`)."""


def lazy_terminal_embed(library: Path) -> bool:
    """In the archive ``library``, IPython's terminal embedding is imported only when used.

    The module moves to ``IPython/terminal/_embed`` and :data:`LAZY_EMBED` takes its place.
    False when the archive has no such module (IPython not in it).
    """
    moved = {
        f"{TERMINAL_EMBED}{s}": f"{TERMINAL_EMBED.replace('/embed', '/_embed')}{s}"
        for s in (".py", ".pyc")
    }
    with zipfile.ZipFile(library) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    if not any(info.filename in moved for info, _ in entries):
        return False
    part = library.with_suffix(".part")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            info.filename = moved.get(info.filename, info.filename)
            archive.writestr(info, data, zipfile.ZIP_DEFLATED)
        stand_in = zipfile.ZipInfo(f"{TERMINAL_EMBED}.py", (2020, 1, 1, 0, 0, 0))
        archive.writestr(stand_in, LAZY_EMBED, zipfile.ZIP_DEFLATED)
    part.replace(library)
    return True
