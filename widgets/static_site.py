"""The whole school as a folder of static files: ``python -m cardschool.widgets.static_site OUT``.

The site runs Python in the browser (Pyodide, in a web worker) and shows the notebooks of
``tutorial/`` as voici pages, Voilà-style; no Python server, nothing fetched from outside at
run time. The build, from a checkout (``make static``):

1. the project's own wheel, built from the checkout;
2. the pure wheels the kernel and the app need, downloaded once with ``pip download`` at the
   versions pinned in :data:`WHEELS` (kept in ``build/cache/wheels``);
3. the Pyodide runtime from the npm package ``pyodide`` (:data:`PYODIDE`), fetched once with
   ``npm pack`` (the tarball is kept in ``build/cache``, so a rebuild runs offline);
4. a ``pyodide-lock.json`` that lists only those wheels, and a ``jupyter-lite.json`` that
   preloads them all and turns off the kernel's fallback to PyPI;
5. ``voici build``, then the pages are made self-contained: stylesheets and scripts from
   other hosts (Font Awesome) are dropped, and links between notebooks (``x.ipynb``) lead
   to their pages (``x.html``).

The build tools are the ``static`` extra; npm must be on the PATH.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

__all__ = ["PYODIDE", "WHEELS", "build", "main"]

PYODIDE = "0.29.3"
"""The npm package ``pyodide`` the site runs on (Python 3.13)."""
PYTHON = "3.13"
"""Pyodide's Python: the version the wheels are downloaded for."""
WHEELS = [
    # the kernel: IPython 9.0.2 (a later one fails every cell: "should_run_async no longer
    # calls transform_cell") and what it imports
    "ipython==9.0.2",
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
    "ipywidgets==8.1.9",
    "anywidget==0.11.0",
    "psygnal==0.14.1",
    "typing-extensions==4.15.0",
]
"""The pure wheels of the site, pinned (``name==version``)."""
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4"]
"""The wheels the Pyodide kernel's extension ships (``static/pypi``), by how their names start."""
STAND_INS = ["sqlite3", "jedi"]
"""Packages the kernel asks for that the site leaves out: empty wheels stand in for them
(IPython runs without either: no history database, completion without jedi)."""
FRONT_ENDS = ["ipywidgets", "anywidget"]
"""Packages whose browser side comes from the build environment: versions must match."""

REPO = Path(__file__).resolve().parents[1]
"""The checkout this module runs from (``widgets/`` is in it)."""
SOURCES = ["engine", "widgets", "tutorial", "pyproject.toml"]
"""What the site is built from: a site older than any of these is out of date."""
_LEFT_OUT = {"cardschool.db", ".ipynb_checkpoints", "__pycache__", "voila.json"}
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
            raise SystemExit(f"no {start} wheel in {pypi}: pip install '.[static]'")
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
                f"{name} is {version(name)} here but {pins[name]} in the site's WHEELS: "
                "the browser's and the kernel's sides must match; change the pin"
            )


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
            if not member.isfile() or "/" in name or not _runtime_file(name):
                continue
            source = archive.extractfile(member)
            assert source is not None
            (into / name).write_bytes(source.read())
    return json.loads((into / "pyodide-lock.json").read_text())


def _runtime_file(name: str) -> bool:
    """The files of the npm package the browser loads (no typings, no Node helpers, no maps)."""
    return name in {
        "pyodide.js",
        "pyodide.mjs",
        "pyodide.asm.js",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    }


def lock_entry(wheel: Path) -> dict:
    """A ``pyodide-lock.json`` entry for a pure wheel (its name, version, imports, hash)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode())
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    imports = sorted(t.removesuffix(".py") for t in tops if t.endswith(".py") or "." not in t)
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


KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
"""The Pyodide kernel's key in ``litePluginSettings``."""
_PAGE_CONFIG = re.compile(
    r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.DOTALL
)


def _pinned_kernel(config: dict, packages: list[str]) -> dict:
    """``config`` (a ``jupyter-config-data``) with the kernel's runtime and wheels pinned."""
    plugins = config.setdefault("litePluginSettings", {})
    kernel = plugins.setdefault(KERNEL_SETTINGS, {})
    kernel["pyodideUrl"] = f"{config.get('baseUrl', './')}static/pyodide/pyodide.js"
    kernel["disablePyPIFallback"] = True
    kernel["loadPyodideOptions"] = {"packages": packages}
    return config


def pin_kernel_settings(site: Path, packages: list[str]) -> int:
    """Write the kernel's settings into the site's config and every page's; pages changed.

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
    shutil.copytree(
        REPO / "tutorial",
        into,
        ignore=lambda _folder, names: [
            n for n in names if n in _LEFT_OUT or n.startswith("cardschool.db")
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
    wheels = [
        *pinned_wheels(cache / "wheels"),
        *kernel_wheels(),
        *(stand_in(name, work / "stand-ins") for name in STAND_INS),
        project_wheel(cache / "project"),
    ]
    packages = write_lock(runtime, wheels, runtime_dir)
    (work / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    copy_contents(work / "content")
    shutil.rmtree(out, ignore_errors=True)
    log("voici build")
    voici = [_voici(), "build", "--lite-dir", str(work)]
    voici += ["--contents", str(work / "content"), "--output-dir", str(out.resolve())]
    run([*voici, "--no-sourcemaps"])
    dropped = self_contained(out)
    pages = pin_kernel_settings(out, packages)
    (out / ".built").write_text(f"{time.time()}\n")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    log(
        f"{out} built in {time.perf_counter() - start:.1f} s, {size / 1e6:.1f} MB; "
        f"{len(dropped)} outside links dropped, the kernel's settings pinned in {pages} pages"
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
