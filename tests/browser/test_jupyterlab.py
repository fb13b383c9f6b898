"""A table in a JupyterLab notebook: keys pressed in it are the table's, not the notebook's.

A teacher may show a table in JupyterLab rather than through Voilà. JupyterLab runs its
notebook shortcuts on unmodified keys ("b" adds a cell, arrows move between cells)
unless the focused element opts out; every control of the table does, so the arrows
still walk over the hand and typing a deal code types it.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ACTIVE_CELL = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]
  .findIndex((cell) => cell.classList.contains('jp-mod-active'))"""


def run_the_table_cell(page: Any, base: str) -> Any:
    """Open the notebook, run its cell once the kernel is idle, and return the table."""
    page.goto(f"{base}/lab/tree/table.ipynb")
    cell = page.locator(".jp-Notebook .jp-Cell").first
    expect(cell).to_be_visible(timeout=60_000)
    idle = page.locator(".jp-StatusBar-TextItem", has_text="Idle").first
    expect(idle).to_be_visible(timeout=60_000)
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=60_000)
    page.keyboard.press("Escape")  # the notebook in command mode, where its shortcuts act
    return table


def test_keys_in_the_table_do_not_run_notebook_shortcuts(page, jupyterlab):
    table = run_the_table_cell(page, jupyterlab)
    cells = page.locator(".jp-Notebook .jp-Cell")
    table.locator("button.cs-card").first.focus()  # its cell becomes the active one
    count, active = cells.count(), page.evaluate(ACTIVE_CELL)
    page.keyboard.press("b")  # a notebook shortcut: a new cell below
    page.keyboard.press("ArrowDown")  # the table's: the next card (the notebook's: next cell)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.index") == "2"
    assert cells.count() == count and page.evaluate(ACTIVE_CELL) == active
    box = table.locator(".cs-code-input")
    box.click()  # a click in an output makes its cell the active one
    active = page.evaluate(ACTIVE_CELL)
    page.keyboard.type("mab")  # letters of notebook shortcuts, typed into the deal-code box
    expect(box).to_have_value("mab")
    assert cells.count() == count and page.evaluate(ACTIVE_CELL) == active
