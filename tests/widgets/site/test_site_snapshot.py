"""The kernel's memory snapshot: the page's loader, and what a restored Python does first.

The snapshot itself is made by the build and restored in Chromium: ``tests/static``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import zipfile

import pytest

from cardschool.widgets.site import startup
from cardschool.widgets.site.snapshot import LOADER, LOADER_SCRIPT, SNAPSHOT

LOADER_HARNESS = """
// the site's loader, run in Node with a stand-in for Pyodide's own loader (pyodide.js)
const { readFileSync } = require("node:fs");
const { gzipSync } = require("node:zlib");
const [script, served, refusal] = process.argv.slice(2);
const seen = [];
globalThis.self = globalThis;
globalThis.fetch = async (url) => {
  seen.push(`fetch ${url}`);
  if (served === "none") return new Response("missing", { status: 404 });
  return new Response(gzipSync(Buffer.from(served)));
};
globalThis.importScripts = (url) => {
  seen.push(`import ${url}`);
  self.loadPyodide = async (options) => {
    const memory = options._loadSnapshot ? Buffer.from(await options._loadSnapshot) : null;
    seen.push(memory ? `start from ${memory.toString()}` : "start afresh");
    return {
      runPython(code) {
        seen.push(`python ${code}`);
        if (refusal === "refused") throw new Error("another library's snapshot");
      },
    };
  };
};
eval(readFileSync(script, "utf8"));
self.loadPyodide({ indexURL: "https://site/static/pyodide/" }).then(
  () => console.log(JSON.stringify(seen)),
  (error) => console.log(JSON.stringify([...seen, `failed ${error}`])),
);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="the static site's build needs node")
def test_the_loader_starts_from_the_snapshot_or_else_as_before(tmp_path):
    loader, harness = tmp_path / LOADER, tmp_path / "harness.js"
    loader.write_text(LOADER_SCRIPT)
    harness.write_text(LOADER_HARNESS)

    def start(served: str, refusal: str = "") -> list[str]:
        command = ["node", str(harness), str(loader), served, refusal]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
        return json.loads(done.stdout.splitlines()[-1])

    runtime = "https://site/static/pyodide/"
    fetched = [f"import {runtime}pyodide.js", f"fetch {runtime}{SNAPSHOT}"]
    restore = "python import sitecustomize; sitecustomize.restored()"
    assert start("memory") == [*fetched, "start from memory", restore]
    # no snapshot, or one this library refuses: Python starts as it did without one
    assert start("none") == [*fetched, "start afresh"]
    assert start("memory", "refused") == [*fetched, "start from memory", restore, "start afresh"]


def test_a_snapshot_of_another_library_is_refused_and_numbers_are_drawn_afresh(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(startup, "SNAPSHOT_LIBRARY", None)
    monkeypatch.setattr(startup, "RESTORED", False)
    library = tmp_path / "python_stdlib.zip"

    def write(text: str) -> str:
        with zipfile.ZipFile(library, "w") as archive:
            archive.writestr(zipfile.ZipInfo("mystd.py", (2020, 1, 1, 0, 0, 0)), text)
        return str(library)

    with pytest.raises(RuntimeError, match="not started from a snapshot"):
        startup.restored(write("STD = 1\n"))
    startup.snapshot_taken(str(library))
    random.seed(7)
    left = random.getstate()  # the state the build's Python had, as every page would
    startup.restored(write("STD = 1\n"))  # the same files, written again
    assert startup.RESTORED and random.getstate() != left
    monkeypatch.setattr(startup, "RESTORED", False)
    with pytest.raises(RuntimeError, match="another copy of the standard library"):
        startup.restored(write("STD = 2\n"))  # a browser that kept another copy
    assert not startup.RESTORED
    (tmp_path / "notes.txt").write_text("not an archive")
    with pytest.raises(ValueError, match="not a zip archive"):
        startup.library_mark(str(tmp_path / "notes.txt"))


ZONE_PROBE = """
import time
from cardschool.widgets.site import startup
fresh = (time.timezone, time.altzone, time.daylight, time.tzname)
time.timezone, time.altzone, time.daylight, time.tzname = 0, 0, 0, ("UTC", "UTC")  # the build's
startup.local_time_zone()
print(fresh == (time.timezone, time.altzone, time.daylight, time.tzname), time.tzname[0])
"""


def test_a_restored_python_reads_the_time_zone_of_the_browser_it_runs_in():
    # the snapshot's time module read the build machine's zone; a page reads its own
    for zone, standard in [("America/New_York", "EST"), ("Australia/Sydney", "AEST")]:
        env = {**os.environ, "TZ": zone}
        done = subprocess.run(
            [sys.executable, "-c", ZONE_PROBE], env=env, capture_output=True, text=True
        )
        assert done.stdout.split() == ["True", standard], done.stderr
