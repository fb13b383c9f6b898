"""Messages as a browser sends them to a widget, for the class tests."""

from __future__ import annotations

import random
from typing import Any


def from_browser(widget: Any, content: Any) -> None:
    """Deliver one custom comm message from the browser to ``widget``."""
    data = {"method": "custom", "content": content}
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def send(table: Any, **intent: Any) -> None:
    """One table or exercise intent with the rev of the state on show."""
    from_browser(table, {**intent, "rev": table.state["rev"]})


def click_legal(table: Any, rng: random.Random) -> None:
    """Click one legal card or button at random."""
    state = table.state
    buttons = [("action", a["action"]) for a in state["actions"] if a["legal"]]
    hand = [c["card"] for c in state["hand"]]
    cards = [("card", c["card"]) for c in state["hand"] if c["legal"]]
    kind, name = rng.choice(buttons + cards)
    if kind == "action":
        send(table, type="action", action=name)
    else:
        send(table, type="card", card=name, index=hand.index(name))


def play_out(table: Any, rng: random.Random, limit: int = 2000) -> None:
    """Click legal cards and buttons at random until the deal is over."""
    for _ in range(limit):
        if table.session.deal_over:
            return
        click_legal(table, rng)
    raise AssertionError("the deal did not end")
