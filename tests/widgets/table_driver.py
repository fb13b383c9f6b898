"""Drive a game table with the exact messages a browser sends, and look at what it shows.

Every message goes through ``from_browser`` (the one wrapper of ipywidgets' private
``_handle_msg``, in ``test_table_widget.py``) with the ``rev`` of the picture on show,
as the front end (``static/core.js``) sends it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from test_table_widget import from_browser

from cardschool.widgets.game_table import GameTable


def send(table: GameTable, **intent: Any) -> None:
    """One intent as the browser sends it (with the rev of the state on show)."""
    from_browser(table, {**intent, "rev": table.state["rev"]})


def click_card(table: GameTable, card: str, index: int | None = None) -> None:
    """A click on a hand card (its place in the hand, as the browser sends it)."""
    hand = [entry["card"] for entry in table.state["hand"]]
    send(table, type="card", card=card, index=hand.index(card) if index is None else index)


def press(table: GameTable, action: str) -> None:
    """A click on a game button (or the stock / the pile)."""
    send(table, type="action", action=action)


def action(table: GameTable, name: str) -> dict[str, Any] | None:
    """The button ``name`` as the table shows it, or None."""
    return next((a for a in table.state["actions"] if a["action"] == name), None)


def message(table: GameTable) -> dict[str, Any] | None:
    """The message on show."""
    return table.state["message"]


def told(table: GameTable) -> str:
    """All the status line tells: its folded sentences, then the one on show (in the order
    they were said, unless the one on show is an announcement)."""
    shown = table.state["message"] or {"text": "", "more": []}
    return " ".join([*(said["text"] for said in shown["more"]), shown["text"]])


def snapshot(table: GameTable) -> tuple[str, str]:
    """The session saved as JSON and the state on show without its messages (the status
    line's, and a deal-code error next to the code box)."""
    state = {k: v for k, v in table.state.items() if k != "message"}
    if state.get("codebox"):
        state["codebox"] = {**state["codebox"], "error": ""}
    return table.session.to_json(), json.dumps(state, sort_keys=True)


def refused(table: GameTable, act: Callable[[], None]) -> dict[str, Any]:
    """Do ``act``; check that it was refused with an error message and changed nothing."""
    before = snapshot(table)
    act()
    shown = message(table)
    assert shown is not None and shown["kind"] == "error", shown
    assert snapshot(table) == before
    return shown


class Paced:
    """A mixin keeping the acts a table asks ``later`` to run, for the test to run one by one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.waiting: list[tuple[Callable[[], None], int | None]] = []
        super().__init__(*args, **kwargs)

    def later(self, act: Callable[[], None], delay_ms: int | None = None) -> None:
        """Keep the act instead of running it."""
        self.waiting.append((act, delay_ms))

    def cancel_later(self) -> None:
        """Forget the waiting acts."""
        self.waiting.clear()

    def run_next(self) -> int | None:
        """Run the oldest waiting act as a timer would; return the delay it asked for."""
        act, delay = self.waiting.pop(0)
        self._guarded(act)  # type: ignore[attr-defined]
        return delay
