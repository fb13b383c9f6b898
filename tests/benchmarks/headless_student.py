"""A headless student: a practice page's kernel, driven as the page's front end drives it.

No browser: the student does what a page does, with the Voilà server's own REST and
websocket API on loopback (see ``bench_class.py`` for the class it is part of). It loads
the practice page (Voilà starts or hands over a kernel and writes its id into the page),
opens that kernel's websocket, asks the widget manager for every model's state (a
``jupyter.widget.control`` comm and its ``request_states``, as ipywidgets' front end
does), sets the bots' level on the level dropdown and the bots' delay to 0, then plays:
after thinking 4-8 s (seeded) it sends the intents the table's front end sends and waits
for the table to come back to it. Each open and each click-to-turn goes into a
:class:`Tally`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

PAGE = "/voila/render/{game}/practice.ipynb"
"""The practice page of a game (Mililla unless a run names Mille)."""
LEVEL_INDEX = {"random": 0, "basic": 1, "expert": 2}
"""The level dropdown's options, in order (``practice.LEVEL_LABELS``)."""
THINK_S = (4.0, 8.0)
"""A student thinks this long (seconds, uniform, seeded) before each click."""
TURN_TIMEOUT_S = 30.0
"""A click not answered with the learner's turn within this long counts as an error."""
KERNEL_INFO_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


@dataclass
class Tally:
    """What the students measured, together."""

    opens: list[float] = field(default_factory=list)
    turns: list[tuple[float, float]] = field(default_factory=list)
    """(when the click was sent, click-to-turn) in perf_counter seconds."""
    late_opens: list[float] = field(default_factory=list)
    """Opens of the pages opened one by one once the whole class plays."""
    errors: list[str] = field(default_factory=list)
    arrived: int = 0
    """Students whose page opened (or failed to)."""
    ends: float = float("inf")
    """When the students stop (perf_counter seconds): set once the whole class is in."""


def _message(
    channel: str, msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, str]
) -> str:
    """A Jupyter protocol message in the websocket's JSON form."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "username": "student",
        "session": session,
        "msg_type": msg_type,
        "version": "5.3",
        "date": "2026-01-01T00:00:00Z",
    }
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": metadata,
            "content": content,
            "channel": channel,
            "buffers": [],
        }
    )


def _decode(frame: str | bytes) -> dict[str, Any]:
    """A message from the websocket: JSON text, or the binary form (offsets, JSON, buffers)."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * k : 8 + 4 * k], "big") for k in range(count)]
    end = offsets[1] if count > 1 else len(frame)
    return json.loads(frame[offsets[0] : end])


def my_turn(state: dict[str, Any], coach: bool = False) -> bool:
    """The table waits for the learner: a legal card in hand, or a round's result to close.

    With the coach on, the turn is ready once the coach's advice (a move) is shown.
    """
    if state.get("busy"):
        return False
    if state.get("result"):
        return True
    legal = [card for card in state.get("hand", ()) if card.get("legal")]
    if not legal and not any(action.get("legal") for action in state.get("actions", ())):
        return False
    return not coach or bool((state.get("coach") or {}).get("move"))


class Student:
    """One headless page: a kernel, its websocket, the table's state as it comes."""

    def __init__(
        self, base: str, number: int, level: str, coach: bool, tally: Tally, game: str = "mililla"
    ) -> None:
        self.base = base
        self.game = game
        self.number = number
        self.level = level
        self.coach = coach
        self.tally = tally
        self.rng = random.Random(number)
        self.session = uuid.uuid4().hex
        self.kernel: str | None = None
        self.socket: WebSocketClientConnection | None = None
        self.table: str | None = None
        self.state: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.reader: asyncio.Future[None] | None = None
        self.leaving = False
        self.coach_on = False

    async def _send(
        self, channel: str, msg_type: str, content: dict[str, Any], **metadata: str
    ) -> None:
        assert self.socket is not None
        message = _message(channel, msg_type, content, self.session, metadata)
        await self.socket.write_message(message)

    async def _comm(self, comm_id: str, data: dict[str, Any]) -> None:
        await self._send("shell", "comm_msg", {"comm_id": comm_id, "data": data})

    async def intent(self, intent: dict[str, Any]) -> None:
        """Send an intent to the table as its front end does (``model.send``, with ``rev``)."""
        assert self.table is not None
        content = intent | {"rev": self.state.get("rev", 0)}
        await self._comm(self.table, {"method": "custom", "content": content})

    async def _read(self, states: asyncio.Future[dict[str, Any]]) -> None:
        """Read the websocket until it closes: widget states, updates, kernel errors."""
        assert self.socket is not None
        while True:
            frame = await self.socket.read_message()
            if frame is None:
                if not states.done():
                    states.set_exception(ConnectionError("the websocket closed"))
                if not self.leaving:
                    self.tally.errors.append(f"student {self.number}: the websocket closed")
                self.changed.set()
                return
            message = _decode(frame)
            kind = message.get("msg_type") or message["header"]["msg_type"]
            content = message.get("content", {})
            if kind == "error":
                self.tally.errors.append(f"student {self.number}: kernel error {content}")
            if kind != "comm_msg":
                continue
            data = content.get("data", {})
            if data.get("method") == "update_states" and not states.done():
                states.set_result(data["states"])
            elif data.get("method") == "update" and content.get("comm_id") == self.table:
                table_state = data.get("state", {}).get("state")
                if table_state is not None:
                    self.state = table_state
                    self.changed.set()

    async def wait_turn(self, after_rev: int) -> dict[str, Any]:
        """The next state, newer than ``after_rev``, in which it is the learner's turn."""
        deadline = time.perf_counter() + TURN_TIMEOUT_S
        while not (self.state.get("rev", -1) > after_rev and my_turn(self.state, self.coach_on)):
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no turn within {TURN_TIMEOUT_S:.0f} s")
            await asyncio.wait_for(self.changed.wait(), left)
            if self.socket is None or self.socket.protocol is None:
                raise ConnectionError("the websocket closed")
        return self.state

    async def open(self, http: AsyncHTTPClient, into: list[float] | None = None) -> None:
        """Load the page, connect to its kernel, find the table and the level dropdown."""
        start = time.perf_counter()
        page = await http.fetch(self.base + PAGE.format(game=self.game), request_timeout=60)
        found = KERNEL_INFO_ID.search(page.body.decode())
        if not found:
            raise RuntimeError("the page names no kernel")
        self.kernel = found.group(1)
        url = self.base.replace("http", "ws", 1)
        url += f"/api/kernels/{self.kernel}/channels?session_id={self.session}"
        self.socket = await websocket_connect(HTTPRequest(url), max_message_size=64 << 20)
        states: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.reader = asyncio.ensure_future(self._read(states))
        control = uuid.uuid4().hex
        await self._send(
            "shell",
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            version="1.0.0",  # ipywidgets' control protocol
        )
        await self._comm(control, {"method": "request_states"})
        models = await asyncio.wait_for(states, 60)
        dropdown = None
        for model_id, model in models.items():
            if "game" in model["state"].get("state", {}):
                self.table = model_id
                self.state = model["state"]["state"]
            elif model.get("model_name") == "DropdownModel":
                dropdown = model_id
        if self.table is None or dropdown is None:
            raise RuntimeError("no practice table on the page")
        await self.wait_turn(-1)
        (self.tally.opens if into is None else into).append(time.perf_counter() - start)
        await self.intent({"type": "speed", "ms": 0})
        if self.level != "basic":  # the page starts at basic: the learner picks the level
            rev = self.state.get("rev", 0)
            update = {"index": LEVEL_INDEX[self.level]}
            await self._comm(dropdown, {"method": "update", "state": update, "buffer_paths": []})
            await self.wait_turn(rev)
        if self.coach:  # the Coach button: on until pressed again, advice at every turn
            rev = self.state.get("rev", 0)
            self.coach_on = True
            await self.intent({"type": "coach"})
            if not self.state.get("result"):
                await self.wait_turn(rev)

    async def play(self) -> None:
        """Think, click, wait for the turn, until the class ends (``Tally.ends``)."""
        while True:
            think = self.rng.uniform(*THINK_S)
            if time.perf_counter() + think + 1 > self.tally.ends:
                return
            await asyncio.sleep(think)
            state = self.state
            start = time.perf_counter()
            rev = state.get("rev", 0)
            if state.get("result"):
                closing = {"type": "next"} if state["result"].get("next") else {"type": "new-deal"}
                await self.intent(closing)
            elif _can(state, "stock"):  # Mille: draw, pick a card, then discard it (timed)
                await self.intent({"type": "action", "action": "stock"})
                await self._pick(await self.wait_turn(rev))
                rev, start = self.state.get("rev", 0), time.perf_counter()
                await self.intent({"type": "action", "action": "discard"})
            else:
                await self._pick(state)
            await self.wait_turn(rev)
            self.tally.turns.append((start, time.perf_counter() - start))
            message = self.state.get("message") or {}
            if message.get("kind") == "error":
                self.tally.errors.append(f"student {self.number}: refused: {message['text']}")

    async def _pick(self, state: dict[str, Any]) -> None:
        """Click a legal hand card at random (Mililla: plays it; Mille: selects it)."""
        legal = [card for card in state["hand"] if card["legal"]]
        choice = self.rng.choice(legal)
        index = state["hand"].index(choice)
        rev = state.get("rev", 0)
        await self.intent({"type": "card", "card": choice["card"], "index": index})
        if self.game == "mille":
            await self.wait_turn(rev)

    async def leave(self, http: AsyncHTTPClient) -> None:
        """Close the websocket and end the kernel, as a page's unload does."""
        self.leaving = True
        if self.socket is not None:
            self.socket.close()
        if self.kernel is not None:
            request = HTTPRequest(
                f"{self.base}/api/kernels/{self.kernel}", method="DELETE", request_timeout=30
            )
            with contextlib.suppress(OSError):
                await http.fetch(request, raise_error=False)


def _can(state: dict[str, Any], action: str) -> bool:
    """The table offers ``action`` as a legal button."""
    return any(a.get("action") == action and a.get("legal") for a in state.get("actions", ()))
