"""The browser-storage module's keys: one school per folder of its host, old keys still read.

``widgets/static/storage.js`` run in Node, with a stand-in for the browser's storage and
address: two copies of the school on one host keep separate stars, and a learner's
progress kept before keys named the school's folder is still found.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from cardschool.widgets.front_end import STATIC

NODE = shutil.which("node")

BROWSER = """
const kept = new Map(Object.entries(JSON.parse(process.argv[1])));
globalThis.window = {
  location: { pathname: "" },
  localStorage: {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
  },
};
const storage = await import(process.argv[2]);
const at = (path) => { window.location.pathname = path; return storage; };
"""
"""Node: the storage module with a browser's storage (``argv[1]``: what it holds) and address."""


def run(script: str, held: dict[str, str] | None = None) -> object:
    """What ``script`` (after :data:`BROWSER`) logs, as JSON."""
    done = subprocess.run(
        [
            NODE,
            "--input-type=module",
            "-e",
            BROWSER + script,
            json.dumps(held or {}),
            (STATIC / "storage.js").as_uri(),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


pytestmark = pytest.mark.skipif(NODE is None, reason="node runs the storage module")

A = "/school-a/voici/render/mille/first-hand.html"
B = "/school-b/voici/render/index.html"


def test_two_copies_on_one_host_keep_separate_stars():
    said = run(f"""
      at("{A}").writeProblem("progress", "mille/deal.toml", {{ stars: {{ one: 3 }} }});
      console.log(JSON.stringify([
        at("{A}").readEntry("progress", "mille/deal.toml"),
        at("{B}").readEntry("progress", "mille/deal.toml"),
        [...kept.keys()],
      ]));
    """)
    assert said == [
        {"found": True, "value": {"stars": {"one": 3}}, "problem": None},
        {"found": False, "value": None, "problem": None},
        ["cardschool@/school-a/v1/progress/mille/deal.toml"],
    ]


def test_a_school_at_the_hosts_root_and_the_served_app_keep_their_keys():
    said = run("""
      console.log(JSON.stringify([
        at("/voici/render/index.html").storageKey("class", "membership"),
        at("/voila/render/mille/practice.ipynb").storageKey("game", "x"),
        at("/user/ann/voila/render/index.ipynb").storageKey("game", "x"),
      ]));
    """)
    assert said == [
        "cardschool/v1/class/membership",
        "cardschool/v1/game/x",
        "cardschool@/user/ann/v1/game/x",
    ]


def test_progress_kept_under_the_old_key_is_still_found():
    old = {"cardschool/v1/progress/mille/deal.toml": json.dumps({"stars": {"one": 2}})}
    said = run(
        f"""
      const first = at("{A}").readEntry("progress", "mille/deal.toml");
      const copied = kept.get("cardschool@/school-a/v1/progress/mille/deal.toml");
      console.log(JSON.stringify([first, copied]));
    """,
        old,
    )
    assert said == [
        {"found": True, "value": {"stars": {"one": 2}}, "problem": None},
        json.dumps({"stars": {"one": 2}}),
    ]


def test_what_could_not_be_read_or_kept_is_a_code_never_a_sentence():
    said = run("""
      const big = { text: "x".repeat(storage.MAX_ENTRY) };
      const fine = storage.writeProblem("progress", "a.toml", { stars: 1 });
      const tooBig = storage.writeProblem("progress", "a.toml", big);
      window.localStorage.setItem = () => { throw new Error("QuotaExceededError"); };
      const full = storage.writeProblem("progress", "a.toml", { stars: 2 });
      window.localStorage.getItem = () => { throw new Error("SecurityError"); };
      const unread = storage.readEntry("progress", "a.toml");
      window.localStorage = null;
      console.log(JSON.stringify([fine, tooBig, full, unread,
        storage.writeProblem("progress", "a.toml", {}), storage.readEntry("progress", "a.toml"),
        "writeEntry" in storage]));
    """)
    assert said == [
        None,
        "too-big",
        "full",
        {"found": False, "value": None, "problem": "read-failed"},
        "write-blocked",
        {"found": False, "value": None, "problem": "read-blocked"},
        False,
    ]
