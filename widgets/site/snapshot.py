"""The static site's kernel starts from a memory snapshot: a page load's imports, made in the build.

On every page load the kernel's worker started Python and imported IPython, the widgets and
the project's modules, in WebAssembly: about half of a warm load. The build makes those
imports once, in Pyodide run in Node, and keeps Python's whole memory (a Pyodide "memory
snapshot", gzipped: :data:`SNAPSHOT`); a page's kernel starts from it instead.

* What is imported: every module a page load imports (found by a plain start, in the
  order it imports them; :func:`.bytecode.page_load_imports`), but the kernel's own
  packages (:data:`KERNEL_OWN`), which keep objects of the browser from their import on,
  which a snapshot cannot hold. A module that does not import without the kernel running
  is left to the page load.
* ipywidgets registers its comm targets at import only when a shell runs (none runs in
  the build): :func:`prepare_snapshot` registers them, on the comm manager the kernel
  then takes up.
* The page starts Pyodide through :data:`LOADER` (the kernel's ``pyodideUrl``): it fetches
  the snapshot while Pyodide fetches its runtime, starts Python from it, and calls the
  start-up's :func:`.startup.restored` (which refuses a snapshot of another
  standard library, draws a fresh random state and reads the browser's time zone).
  Should any of it fail (no snapshot, another runtime's, another library's), the kernel
  starts as it did without one: nothing but time is lost.
* Hash randomization is fixed by the snapshot: every page has the build's hash seed.

:func:`prepare_snapshot` runs inside Pyodide; it uses only the standard library.
"""

from __future__ import annotations

import json
import os
import sys

__all__ = [
    "KERNEL_OWN",
    "LOADER",
    "LOADER_SCRIPT",
    "SNAPSHOT",
    "make_snapshot",
    "prepare_snapshot",
]

SNAPSHOT = "snapshot.bin.gz"
"""The snapshot's file, beside Pyodide's runtime in the site."""
LOADER = "cardschool-pyodide.js"
"""The page's loader of Pyodide, beside Pyodide's own (the kernel's ``pyodideUrl``)."""
KERNEL_OWN = ("js", "pyodide_js", "pyodide.http", "micropip", "piplite", "pyodide_kernel")
"""Packages a snapshot cannot hold: they keep objects of the browser (JavaScript functions,
the page's fetch) from their import on. The kernel imports them as it starts."""

LOADER_SCRIPT = f"""// cardschool's static site: Pyodide started from the build's memory snapshot.
// The kernel's worker loads this file as Pyodide's loader and calls loadPyodide(options);
// Pyodide's own loader (pyodide.js, in the same folder) does the work.
(() => {{
  const snapshotOf = async (folder) => {{
    const response = await fetch(`${{folder}}{SNAPSHOT}`);
    if (!response.ok) throw new Error(`{SNAPSHOT}: ${{response.status}}`);
    const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(memory).arrayBuffer());
  }};
  const start = async (options) => {{
    importScripts(`${{options.indexURL}}pyodide.js`); // Pyodide's loader: self.loadPyodide
    const load = self.loadPyodide;
    self.loadPyodide = start;
    const snapshot = snapshotOf(options.indexURL); // fetched as Pyodide starts
    snapshot.catch(() => {{}}); // a failure is Pyodide's to report, below
    try {{
      const pyodide = await load({{ ...options, _loadSnapshot: snapshot }});
      // Python's memory is in place; Pyodide keeps its options, and with them the copy
      // read (36 MB): its buffer is emptied
      (await snapshot).buffer.transfer?.(0);
      pyodide.runPython("import sitecustomize; sitecustomize.restored()");
      return pyodide;
    }} catch (error) {{
      console.warn("cardschool: the kernel starts without its snapshot:", error);
      return load(options);
    }}
  }};
  self.loadPyodide = start;
}})();
"""
"""The loader (:data:`LOADER`): the snapshot if it can, else Pyodide's start as before."""


def _kernels_own(name: str) -> bool:
    """True for a module of :data:`KERNEL_OWN`."""
    return any(name == own or name.startswith(f"{own}.") for own in KERNEL_OWN)


def prepare_snapshot(wheel: str, names: list[str]) -> int:
    """Inside Pyodide, just before the snapshot: the project's ``wheel`` unpacked (as the
    page will unpack it), ``names`` imported; how many modules Python holds.

    ``names`` are a page load's modules in the order it imports them; the kernel's own
    are skipped, and a module that does not import here is left to the page.
    """
    import importlib
    import site
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site.getsitepackages()[0])
    importlib.invalidate_caches()
    streams = sys.stdout, sys.stderr
    for name in names:
        if _kernels_own(name):
            continue
        try:
            importlib.import_module(name)
        except Exception:  # e.g. the kernel's stand-ins for terminal modules (termios)
            continue
    sys.stdout, sys.stderr = streams
    import ipywidgets
    import sitecustomize

    ipywidgets.register_comm_target()  # at its import no shell ran: the targets now
    sitecustomize.snapshot_taken()
    return len(sys.modules)


NODE_SCRIPT = """
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
const [runtime, specFile, out] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, "utf8"));
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
// call(pyodide, file, name, args): the function `name` of the Python file, run there
const call = (pyodide, file, name, args) => {
  pyodide.FS.writeFile("/tmp/build_step.py", readFileSync(file, "utf8"));
  const step = `__import__("runpy").run_path("/tmp/build_step.py")[${JSON.stringify(name)}]`;
  const given = `__import__("json").loads(${JSON.stringify(JSON.stringify(args))})`;
  return pyodide.runPython(`${step}(*${given})`);
};
const start = async (options) => {
  const pyodide = await loadPyodide({ indexURL: runtime + "/", ...options });
  pyodide.FS.writeFile("/tmp/project.whl", readFileSync(spec.wheel));
  return pyodide;
};
const wheel = "/tmp/project.whl";
// a plain start: the modules a page load imports, in order, with the library as the site
// has it (the compile step's list is of the library before its changes: with IPython's
// terminal embedding imported, 790 modules and 1.2 MB more snapshot)
const found = call(await start({}), spec.bytecode, "page_load_imports", [[wheel], ...spec.imports]);
const names = found.toJs();
found.destroy();
// a fresh start made for the snapshot: those imports, then Python's memory
const fresh = await start({ _makeSnapshot: true });
const modules = call(fresh, spec.snapshot, "prepare_snapshot", [wheel, names]);
fresh.runPython("__import__('gc').collect()");
const memory = fresh.makeMemorySnapshot();
writeFileSync(out, gzipSync(memory, { level: 9 }));
console.log(JSON.stringify({ modules, memory: memory.length }));
"""
"""Node's side of :func:`make_snapshot`."""


def make_snapshot(
    runtime: os.PathLike[str] | str,
    wheel: os.PathLike[str] | str,
    imports: list[str],
    walk: list[str],
    skip: list[str],
    work: os.PathLike[str] | str,
) -> dict:
    """Write the snapshot (:data:`SNAPSHOT`) and its loader (:data:`LOADER`) into ``runtime``.

    ``runtime`` holds Pyodide's runtime as the site serves it (its standard library
    final), ``wheel`` is the project's; ``imports``, ``walk`` and ``skip`` say what a page
    load imports (see :func:`.bytecode.page_load_imports`). Runs Pyodide in Node
    (on the PATH), in the folder ``work``. Returns the modules held and the memory's size.
    """
    import subprocess
    from pathlib import Path

    from . import bytecode

    runtime, work = Path(runtime).resolve(), Path(work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    spec = {
        "wheel": str(Path(wheel).resolve()),
        "imports": [imports, walk, skip],
        "bytecode": bytecode.__file__,
        "snapshot": __file__,
    }
    (work / "snapshot.json").write_text(json.dumps(spec))
    (work / "snapshot.mjs").write_text(NODE_SCRIPT)
    part = runtime / f"{SNAPSHOT}.part"
    command = ["node", str(work / "snapshot.mjs"), str(runtime), str(work / "snapshot.json")]
    done = subprocess.run([*command, str(part)], capture_output=True, text=True)
    if done.returncode != 0:
        part.unlink(missing_ok=True)
        raise SystemExit(
            "the kernel's snapshot failed (a module that keeps a browser object belongs in "
            f"site.snapshot.KERNEL_OWN):\n{done.stderr[-3000:]}"
        )
    part.replace(runtime / SNAPSHOT)
    (runtime / LOADER).write_text(LOADER_SCRIPT)
    return json.loads(done.stdout.splitlines()[-1])
