"""The static site's Python, compiled ahead: archives whose modules are bytecode already.

Pyodide's npm package ships its standard library (``python_stdlib.zip``) as source, and
the pure wheels carry source only, so every page load compiled each module it imported,
in WebAssembly, again on every load (nothing persists between loads). The build compiles
them once instead, with Pyodide's own interpreter run in Node (the bytecode must come from
the very Python that loads it), and keeps the results in ``build/cache/bytecode``.

* Only the modules a page load imports are compiled (bytecode is larger than source, and
  the rest may never run): the build imports what the kernel and the notebooks import.
* A compiled module replaces its source (``x.pyc`` where ``x.py`` was: Python imports
  such a file directly; its tracebacks show no source lines).
* The bytecode carries no column ranges (tracebacks lose their ``^^^`` marks), and the
  standard library's none of its docstrings and asserts (``-OO``, a mode it supports):
  with these, the site grows by about 1.1 MB (34.1 MB before).

:func:`compile_archive` (the rewrite of one archive) runs inside Pyodide; it uses only the
standard library, so the same code runs under the host's Python in the tests.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
import warnings
import zipfile

__all__ = ["compile_archive", "compile_jobs", "compiled_archives", "page_load_imports"]

_FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def _pyc(source: bytes, filename: str, optimize: int) -> bytes | None:
    """The sourceless bytecode file for ``source`` (``None`` when it does not compile)."""
    from importlib import _bootstrap_external as external

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. invalid escapes in other projects' tests
        try:
            code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
        except SyntaxError:
            return None
    return bytes(external._code_to_timestamp_pyc(code, 0, 0))  # no source to check against


def _record_line(name: str, data: bytes) -> str:
    """A wheel's ``RECORD`` line for a file (its sha256 and size)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def compile_archive(
    source: str, target: str, prefix: str, optimize: int = 0, only: set[str] | None = None
) -> int:
    """Write ``target``: the zip ``source`` with its modules compiled; modules compiled.

    ``prefix`` is the folder the archive's files are imported from in the browser (the
    file names the bytecode records), ``optimize`` that of :func:`compile` (2: no
    docstrings, no asserts); ``only``, when given, names the files to compile (the others
    stay source). A wheel's ``RECORD`` is written anew.
    """
    compiled = 0
    files: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            data = archive.read(info)
            name = info.filename
            wanted = name.endswith(".py") and (only is None or name in only)
            pyc = _pyc(data, prefix + name, optimize) if wanted else None
            if pyc is None:  # kept as source: Python compiles it if it is ever imported
                files.append((name, data))
                continue
            compiled += 1
            files.append((name[:-3] + ".pyc", pyc))  # x.pyc where x.py was: Python imports it
    records = [n for n, _ in files if n.endswith(".dist-info/RECORD")]
    if records:
        record = records[0]
        lines = [_record_line(n, d) for n, d in files if n != record]
        files = [(n, d) for n, d in files if n != record]
        files.append((record, "".join([*lines, f"{record},,\n"]).encode()))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, data in files:
            out.writestr(zipfile.ZipInfo(name, _FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return compiled


def page_load_imports(
    wheels: list[str], imports: list[str], walk: list[str], skip: list[str]
) -> list[str]:
    """The modules a page load imports, in the order it imports them: ``wheels`` unpacked,
    then the imports made (the modules Python imported as it started come first).

    ``imports`` are what the kernel and the notebooks import; every module of the
    packages in ``walk`` (the project's own) is imported too, but for those in ``skip``
    (the build's own, command-line tools: never run in the browser).
    """
    import importlib
    import pkgutil
    import site

    into = site.getsitepackages()[0]
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(into)
    importlib.invalidate_caches()

    def modules(path: list[str], prefix: str) -> list[str]:
        """The modules under ``path``, as ``pkgutil.walk_packages`` lists them, but for
        ``skip`` and ``__main__``: a skipped package is not imported to look inside."""
        found = []
        for module in pkgutil.iter_modules(path, prefix):
            if module.name.startswith(tuple(skip)) or module.name.endswith(".__main__"):
                continue
            found.append(module.name)
            if module.ispkg:
                try:
                    inside = importlib.import_module(module.name).__path__
                except ImportError:  # as walk_packages: its modules are not listed
                    continue
                found += modules(inside, f"{module.name}.")
        return found

    names = list(imports)
    for package in walk:
        names += modules(importlib.import_module(package).__path__, f"{package}.")
    streams = sys.stdout, sys.stderr  # the kernel's import replaces them
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as error:  # e.g. a server-only module: it stays source
            print(f"not imported: {name}: {error}", file=streams[1])
    sys.stdout, sys.stderr = streams
    return list(sys.modules)


def imported_files(
    wheels: list[str], imports: list[str], walk: list[str], skip: list[str]
) -> set[str]:
    """The module files a page load imports (see :func:`page_load_imports`)."""
    page_load_imports(wheels, imports, walk, skip)
    return {m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)}


def compile_jobs(spec_json: str) -> str:
    """Inside Pyodide: the compiled archives of ``spec`` (JSON), made or found in its cache.

    ``spec`` holds ``archives`` (path, ``"site"`` or ``"stdlib"``, optimization level),
    ``imports``, ``walk``, ``skip`` (see :func:`imported_files`), ``cache`` and ``key`` (the
    runtime's). Only the modules a page load imports are compiled: bytecode is larger
    than source, and the rest may never run. Returns a JSON list of the compiled paths.
    """
    import site

    spec = json.loads(spec_json)
    archives = spec["archives"]
    wheels = [path for path, where, _ in archives if where == "site"]
    files = imported_files(wheels, spec["imports"], spec["walk"], spec["skip"])
    folders = {
        "site": site.getsitepackages()[0] + "/",
        "stdlib": next(p for p in sys.path if p.endswith(".zip")) + "/",
    }
    done = []
    for path, where, optimize in archives:
        folder = folders[where]
        only = {f.removeprefix(folder) for f in files if f.startswith(folder)}
        with open(path, "rb") as archive:
            key = hashlib.sha256(archive.read())
        key.update(json.dumps([spec["key"], optimize, sorted(only)]).encode())
        target = f"{spec['cache']}/{key.hexdigest()[:20]}/{os.path.basename(path)}"
        if not os.path.exists(target):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            compile_archive(path, f"{target}.part", folder, optimize, only)
            os.replace(f"{target}.part", target)
        done.append(target)
    return json.dumps(done)


NODE_SCRIPT = """
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [runtime, host, module, spec] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
// no column ranges in the bytecode (tracebacks lose their carets): a third smaller
const pyodide = await loadPyodide({ indexURL: runtime + "/", env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.mountNodeFS("/host", host);
pyodide.runPython(readFileSync(module, "utf8"));
console.log(pyodide.globals.get("compile_jobs")(readFileSync(spec, "utf8")));
"""
"""Node's side of :func:`compiled_archives`: Pyodide started, this module run in it."""


def compiled_archives(
    runtime: os.PathLike[str] | str,
    cache: os.PathLike[str] | str,
    archives: list[tuple[os.PathLike[str] | str, str, int]],
    imports: list[str],
    walk: list[str],
    skip: list[str],
) -> list[str]:
    """Compiled copies of ``archives`` (path, ``"site"`` or ``"stdlib"``, optimization).

    Runs Pyodide (its runtime files in ``runtime``) in Node, which must be on the PATH
    (it comes with npm); the results are kept in ``cache`` under a hash of the archive, the
    runtime and the modules compiled, so a rebuild compiles only what changed.
    """
    import shutil
    import subprocess
    from pathlib import Path

    cache = Path(cache).resolve()
    inputs = cache / "in"
    shutil.rmtree(inputs, ignore_errors=True)
    inputs.mkdir(parents=True)
    listed = []
    for path, where, optimize in archives:
        shutil.copyfile(path, inputs / Path(path).name)
        listed.append([f"/host/in/{Path(path).name}", where, optimize])
    wasm = Path(runtime, "pyodide.asm.wasm").read_bytes()
    spec = {"archives": listed, "imports": imports, "walk": walk, "skip": skip, "cache": "/host"}
    spec["key"] = hashlib.sha256(wasm).hexdigest()
    (cache / "spec.json").write_text(json.dumps(spec))
    (cache / "compile.mjs").write_text(NODE_SCRIPT)
    command = ["node", str(cache / "compile.mjs"), str(Path(runtime).resolve()), str(cache)]
    done = subprocess.run(
        [*command, __file__, str(cache / "spec.json")], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"compiling the site's Python failed:\n{done.stderr[-3000:]}")
    shutil.rmtree(inputs)
    paths = [cache / p.removeprefix("/host/") for p in json.loads(done.stdout.splitlines()[-1])]
    used = {path.parent.name for path in paths}
    for old in cache.iterdir():  # what earlier builds compiled and this one did not use
        if old.is_dir() and old.name not in used:
            shutil.rmtree(old)
    return [str(path) for path in paths]
