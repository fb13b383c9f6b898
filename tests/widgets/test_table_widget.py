"""The table widget fed messages exactly as a browser sends them.

``from_browser`` wraps ipywidgets' private ``_handle_msg`` (the one place this private
API is used): a custom message is what ``model.send({...})`` produces in JavaScript, an
update is what ``model.set(...); model.save_changes()`` produces.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from waiting import drained, until
from widget_states import mililla, mille, with_result

from cardschool.engine.cards import french_deck, spanish_deck
from cardschool.engine.errors import IllegalMoveError, InvalidMoveError
from cardschool.engine.messages import message as said
from cardschool.widgets.state import Message, Said
from cardschool.widgets.table import SPEED_RANGE, TableWidget, deck_faces, status_line


def from_browser(widget: TableWidget, content: Any = None, *, update: dict | None = None) -> None:
    """Deliver one comm message from the browser: a custom message or a trait update."""
    if update is not None:
        data = {"method": "update", "state": update, "buffer_paths": []}
    else:
        data = {"method": "custom", "content": content}
    widget._handle_msg({"content": {"data": data}, "buffers": []})


class Recorder(TableWidget):
    """A table whose game hook records intents (or raises what it is told to)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.seen: list[dict[str, Any]] = []
        self.raises: Exception | None = None
        super().__init__(*args, **kwargs)

    def on_intent(self, intent: dict[str, Any]) -> None:
        """Record the intent, or raise as told."""
        if self.raises is not None:
            raise self.raises
        self.seen.append(intent.to_dict())


def without_message(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "message"}


def test_show_sends_the_state_and_the_faces_once():
    table = Recorder(mille())
    assert table.state["game"] == "mille" and table.state["rev"] == 1
    assert set(table.faces) == {str(c) for c in french_deck()} | {"back"} | {
        f"suit:{s}" for s in "SHDC"
    }
    faces = table.faces
    table.show(mille("QS"))
    assert table.state["rev"] == 2 and table.faces is faces  # not sent again
    table.show(mililla())
    assert set(deck_faces("mililla")) <= set(table.faces)
    assert {str(c) for c in spanish_deck()} <= set(table.faces)
    json.dumps(table.get_state())  # everything synced is plain JSON
    with pytest.raises(ValueError, match="unknown game"):
        deck_faces("poker")


def test_show_refuses_a_malformed_state_and_keeps_the_old_one():
    table = Recorder(mille())
    before = table.state
    data = mille().to_dict()
    data["hand"][0]["legal"] = "yes"
    with pytest.raises(ValueError, match=r"state\.hand\[0\]\.legal"):
        table.show(data)
    assert table.state is before
    with pytest.raises(ValueError, match=r"state\.hand\[0\]\.legal"):  # dataclasses are checked too
        table.show(replace(mille(), hand=(replace(mille().hand[0], legal="yes"),)))
    with pytest.raises(ValueError, match="kind"):
        table.tell(said("table:no-question"), kind="shout")
    assert table.state is before


def test_intents_reach_the_hook_clean():
    table = Recorder(mille(legal="QS 9H"))
    from_browser(table, {"type": "card", "card": "9H", "index": 2, "rev": 1})
    from_browser(table, {"type": "action", "action": "stock"})
    from_browser(table, {"type": "select", "cards": ["9H", "9H"]})  # two decks: two 9H
    from_browser(table, {"type": "new-deal", "code": "MIL-7K3Q"})
    assert table.seen == [
        {"type": "card", "card": "9H", "index": 2, "rev": 1},
        {"type": "action", "action": "stock", "rev": None},
        {"type": "select", "cards": ["9H", "9H"], "rev": None},
        {"type": "new-deal", "code": "MIL-7K3Q", "rev": None},
    ]
    assert table.state["message"] is None


FORGED = [
    ("not a dict", "must be an object"),
    ({"type": "teleport"}, "Unknown message type"),
    ({"type": "card", "card": "AS"}, "AS is not in your hand"),
    ({"type": "card", "card": "9H", "index": 0}, "9H is not at place 0 of your hand"),
    ({"type": "card", "card": "9H", "index": 99}, "not at place 99"),
    ({"type": "select", "cards": ["9H", "9H", "9H"]}, "9H is not in your hand"),
    ({"type": "select", "cards": ["KD"]}, "KD is not in your hand"),
    ({"type": "action", "action": "meld"}, "no 'meld' button"),
    ({"type": "undo"}, "nothing to undo"),
    ({"type": "redo"}, "nothing to redo"),
    ({"type": "next"}, "deal is not over"),
    ({"type": "card", "card": "QS", "rev": 0}, "changed before your click"),
    ({"type": "card", "card": "QS", "cheat": 1}, "no field 'cheat'"),
]


@pytest.mark.parametrize(("message", "reason"), FORGED, ids=lambda v: str(v)[:30])
def test_forged_or_stale_intents_are_refused_and_change_nothing(message, reason):
    table = Recorder(mille())
    before = table.state
    from_browser(table, message)
    assert table.seen == []
    assert table.state["message"]["kind"] == "error"
    assert reason in table.state["message"]["text"]
    assert without_message(table.state) == without_message(before)


def test_a_busy_table_refuses_everything_but_the_speed():
    table = Recorder(mille(legal="QS", busy=True))
    for message in ({"type": "card", "card": "QS"}, {"type": "hint"}, {"type": "new-deal"}):
        from_browser(table, message)
        assert "other players are still moving" in table.state["message"]["text"]
    from_browser(table, {"type": "speed", "ms": 900})
    assert table.speed == 900 and table.seen == []


def test_next_is_accepted_once_the_deal_is_scored():
    table = Recorder(with_result(mille()))
    from_browser(table, {"type": "next"})
    assert table.seen == [{"type": "next", "rev": None}]


def test_speed_is_checked_whichever_way_it_comes():
    table = Recorder(mililla())
    low, high = SPEED_RANGE
    from_browser(table, {"type": "speed", "ms": high + 1})
    assert table.speed == 600 and "Speed must be from" in table.state["message"]["text"]
    from_browser(table, {"type": "speed", "ms": low})
    assert table.speed == low
    from_browser(table, update={"speed": high})  # traits are not the browser's to set
    assert table.speed == low and table.state["message"]["kind"] == "error"


def test_the_browser_may_not_rewrite_any_trait():
    table = Recorder(mililla())
    before = table.state
    forged = {**mililla().to_dict(), "hand": []}
    from_browser(table, update={"state": forged, "faces": {}})
    assert without_message(table.state) == without_message(before)
    assert table.faces and "may not change the table" in table.state["message"]["text"]
    from_browser(table, update={"large": True})
    assert table.large is False


def test_engine_refusals_become_messages_with_their_rule():
    table = Recorder(mililla())
    table.raises = IllegalMoveError("mililla.follow", "You must follow suit: you hold a coin.")
    from_browser(table, {"type": "card", "card": "7E"})
    assert table.state["message"] == {
        "text": "You must follow suit: you hold a coin.",
        "rule": "mililla.follow",
        "kind": "error",
        "more": [],
    }
    table.raises = InvalidMoveError("'MIL-????' is not a deal code")
    from_browser(table, {"type": "new-deal", "code": "MIL-????"})
    assert table.state["message"]["text"] == "'MIL-????' is not a deal code."


def test_unexpected_errors_are_logged_and_shown_never_lost(caplog):
    table = Recorder(mililla())
    table.raises = RuntimeError("the session broke")
    with caplog.at_level(logging.ERROR, logger="cardschool.widgets.table"):
        from_browser(table, {"type": "hint"})
    assert "the session broke" in caplog.text
    assert "Something went wrong" in table.state["message"]["text"]


def test_a_table_without_a_game_says_so():
    table = TableWidget(mille())
    from_browser(table, {"type": "hint"})
    assert "no game is attached" in table.state["message"]["text"]
    empty = Recorder()
    for _ in range(2):  # still not ready after a refusal has put a message in the state
        from_browser(empty, {"type": "hint"})
        assert empty.state["message"]["text"] == "The table is not ready yet."
    assert empty.seen == []


class Bots(TableWidget):
    """A table whose "hint" intent starts three bot moves through ``later``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.moves: list[str] = []
        super().__init__(*args, **kwargs)

    def on_intent(self, intent: dict[str, Any]) -> None:
        """Queue three moves, then mark the end of the handler."""
        for name in ("East", "North", "West"):
            self.later(lambda name=name: self.moves.append(name))
        self.moves.append("handler done")


def test_later_runs_after_the_handler_in_order_without_a_loop():
    table = Bots(mililla())
    from_browser(table, {"type": "hint"})
    assert table.moves == ["handler done", "East", "North", "West"]


async def _bots_then_cancelled(check: Callable[[Bots], None] = lambda table: None) -> tuple:
    """A hint's handler runs at once and the bots later, on the running loop; a second hint's
    bots are cancelled. The moves after the first hint and after the bots' turn."""
    table = Bots(mililla(), speed=0)
    table.handle_intent({"type": "hint"})
    check(table)
    first = list(table.moves)
    await until(lambda: len(table.moves) == 4, "the three bots moved")
    after = list(table.moves)
    table.handle_intent({"type": "hint"})
    table.cancel_later()
    await drained(table.later)  # the cancelled moves would have run before this marker
    assert table.moves == [*after, "handler done"]
    return first, after


def test_later_uses_the_event_loop_and_can_be_cancelled():
    first, after = asyncio.run(_bots_then_cancelled())
    assert first == ["handler done"]
    assert after == ["handler done", "East", "North", "West"]


class BrowserLikeLoop(asyncio.SelectorEventLoop):
    """An event loop whose ``call_later`` gives a plain ``asyncio.Handle``, as Pyodide's does.

    Pyodide's browser loop wraps the callback in an ``asyncio.Handle`` (no ``when()``) and
    runs it from a JavaScript timer unless it was cancelled; here the timer is this loop's own.
    """

    def call_later(self, delay: float, callback: Any, *args: Any, context: Any = None) -> Any:
        handle = asyncio.Handle(callback, args, self, context)
        super().call_later(delay, lambda: None if handle.cancelled() else handle._run())
        return handle


def test_later_works_on_a_loop_whose_timers_have_no_when():
    def no_when(table: Bots) -> None:
        assert not any(hasattr(handle, "when") for handle in table._timers.values())

    with asyncio.Runner(loop_factory=BrowserLikeLoop) as runner:
        _first, played = runner.run(_bots_then_cancelled(no_when))
    assert played == ["handler done", "East", "North", "West"]


def test_errors_in_later_acts_become_messages():
    table = Bots(mililla())

    def broken() -> None:
        raise IllegalMoveError("mililla.seven", "A 7 may not be led yet.")

    table.later(broken)
    assert table.state["message"]["rule"] == "mililla.seven"


def test_the_state_on_show_is_the_one_computed_by_python():
    table = Recorder(mille("QS 9H", legal="QS"))
    state = table.state
    assert [c["card"] for c in state["hand"]] == ["QS", "9H"]
    assert [c["legal"] for c in state["hand"]] == [True, False]
    table.show(replace(mille("QS 9H"), message=None, code="MIL-AAAA"))
    assert table.state["code"] == "MIL-AAAA"


def test_the_status_line_shows_one_sentence_and_folds_the_others_in_order():
    mine = Message("you discard the 4♥", "mille.discard")
    dealt = Message(
        "Trumps are cups.", "mililla.deal", "announce", (Said("Bonus.", "mililla.bonus"),)
    )
    bot = Message("North draws from the stock", "mille.draw.stock")
    # the latest sentence is on show, a sentence each with its rule
    shown = status_line([mine, bot])
    assert (shown.text, shown.rule, shown.kind) == (
        "North draws from the stock.",
        "mille.draw.stock",
        "info",
    )
    assert shown.more == (Said("You discard the 4♥.", "mille.discard"),)
    # an announcement stays on show; its follow-up stays right after it in the fold
    shown = status_line([mine, dealt, bot])
    assert (shown.text, shown.rule, shown.kind) == ("Trumps are cups.", "mililla.deal", "announce")
    assert [said.rule for said in shown.more] == [
        "mille.discard",
        "mililla.bonus",
        "mille.draw.stock",
    ]
