"""The two groups of browser test files that ``tests/conftest.py`` keeps each on one worker.

* The tests of the app's pages share one Voilà server with its preheated kernels (and the
  throw-away copies of it that some of them start): two such servers filling their kernel
  pools at once on a two-core machine made pages slow enough for Voilà's widget manager to
  give up ("model not found"), so they all run on one worker.
* The tests that need only the harness's Voilà (no preheated kernels) or JupyterLab may
  run on the other worker, with servers of their own.
"""

from __future__ import annotations

BROWSER_TESTS = "tests/browser/test_"
HARNESS_SERVER_TESTS = (
    "test_exercise_page.py",
    "test_jupyterlab.py",
    "test_review_browser.py",
    "test_table_harness.py",
    "test_two_games.py",
)
"""Browser test files that use no server with preheated kernels (the harness, JupyterLab)."""
APP_GROUP = "tests/browser/ (the app's servers)"
HARNESS_GROUP = "tests/browser/ (the harness's and JupyterLab's servers)"


def browser_group(nodeid: str) -> str | None:
    """The group of a browser test's id (``None`` for any other test)."""
    if not nodeid.startswith(BROWSER_TESTS):
        return None
    file = nodeid.split("::", 1)[0].rsplit("/", 1)[1]
    return HARNESS_GROUP if file in HARNESS_SERVER_TESTS else APP_GROUP
