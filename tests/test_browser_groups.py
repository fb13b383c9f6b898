"""The two browser groups of ``tests/browser_groups.py`` hold every browser test file, and
the harness group starts no server with preheated kernels (so the two workers never fill
kernel pools at the same time)."""

from __future__ import annotations

from pathlib import Path

from browser_groups import APP_GROUP, HARNESS_GROUP, HARNESS_SERVER_TESTS, browser_group

BROWSER = Path(__file__).parent / "browser"
APP_SERVERS = ("voila_app", "voila_server(", "class_db")
"""What a test file names when it uses the app's server or starts a copy of it."""


def test_every_browser_test_file_is_in_one_group_and_other_tests_in_none() -> None:
    files = sorted(path.name for path in BROWSER.glob("test_*.py"))
    groups = {name: browser_group(f"tests/browser/{name}::test_x") for name in files}
    assert set(groups.values()) == {APP_GROUP, HARNESS_GROUP}
    assert {n for n, g in groups.items() if g == HARNESS_GROUP} == set(HARNESS_SERVER_TESTS)
    assert browser_group("tests/browser/harness/exercises.ipynb::Cell 0") is None  # nbval
    assert browser_group("tests/engine/test_cards.py::test_x") is None


def test_the_harness_group_uses_no_app_server() -> None:
    for name in HARNESS_SERVER_TESTS:
        text = (BROWSER / name).read_text(encoding="utf-8")
        assert not [word for word in APP_SERVERS if word in text], name
