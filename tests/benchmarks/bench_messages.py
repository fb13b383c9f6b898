"""What one learner's move costs the kernel: comm messages, their bytes, and CPU time.

A practice page is built in this process as the notebook builds it (``practice(game)``),
with every widget's comm replaced by a recorder that serializes each message as the
kernel does (``jupyter_client``'s ``Session.serialize``: JSON and its HMAC signature) and
counts it. The learner sets the bots' delay to 0 (a ``speed`` intent), then plays legal
cards chosen with a seeded ``random.Random`` on seeded deals (Mille: the stock, a card,
``discard``), closing each round with ``next`` (a new deal at the match's end). It runs
on an asyncio event loop, as in the kernel: the bots' steps come from the table's timers.

Reported per learner move (from the click to the learner's next turn, bots' moves
included): messages sent, their bytes, and the kernel's CPU time (``process_time``)
p50/p95. Run ``python bench_messages.py [--game mililla] [--level basic] [--moves 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import time
from typing import Any, ClassVar

import comm
from comm.base_comm import BaseComm
from jupyter_client.session import Session as WireSession

from cardschool.engine import session
from cardschool.widgets import practice

_WIRE = WireSession(key=b"bench-messages-key", username="kernel")
"""Signs and serializes messages as the kernel's session does."""
_SEQ = itertools.count(1)
"""The front end numbers every intent (``static/saves.js``); the table answers each."""


class RecordingComm(BaseComm):
    """A comm that serializes every message as the kernel would, and counts it."""

    sent: ClassVar[list[tuple[str, int, tuple[str, ...]]]] = []
    """(msg_type, bytes, names of the traits updated) of every message, in order."""

    def publish_msg(
        self,
        msg_type: str,
        data: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
        buffers: list[bytes] | None = None,
        **keys: Any,
    ) -> None:
        """Serialize the message as the kernel's session does; record its size."""
        content = {"data": data or {}, "comm_id": self.comm_id, **keys}
        message = _WIRE.msg(msg_type, content=content, metadata=metadata or {})
        frames = _WIRE.serialize(message)
        size = sum(len(frame) for frame in frames) + sum(len(b) for b in buffers or ())
        names = tuple(sorted(((data or {}).get("state") or {}).keys()))
        RecordingComm.sent.append((msg_type, size, names))


def _intent(table: Any, **intent: Any) -> None:
    """One intent as the browser sends it (with the rev of the state on show, numbered)."""
    content = {**intent, "rev": table.state["rev"], "seq": next(_SEQ)}
    data = {"method": "custom", "content": content}
    table._handle_msg({"content": {"data": data}, "buffers": []})


def _move(table: Any, rng: random.Random) -> None:
    """The learner's move at the table on show: close a round, or play a legal card."""
    state = table.state
    if state.get("result"):
        _intent(table, type="next") if state["result"].get("next") else _intent(
            table, type="new-deal"
        )
        return
    if any(a["action"] == "stock" and a.get("legal") for a in state.get("actions", ())):
        _intent(table, type="action", action="stock")
        state = table.state
    legal = [entry for entry in state["hand"] if entry["legal"]]
    choice = rng.choice(legal)
    _intent(table, type="card", card=choice["card"], index=state["hand"].index(choice))
    if table.session.kind == "mille":
        _intent(table, type="action", action="discard")


async def _settle(table: Any) -> None:
    """Let the kernel's event loop run the bots' timers until the learner's turn is back."""
    await asyncio.sleep(0)
    while table.busy:
        await asyncio.sleep(0.001)


async def _measure(game: str, level: str, moves: int, seed: int) -> dict[str, Any]:
    comm.create_comm = RecordingComm
    session.SEEDS = random.Random(seed)  # the same deals at every run
    page = practice(game, level)
    table = page.table
    _intent(table, type="speed", ms=0)
    await _settle(table)
    rng = random.Random(seed)
    counts, sizes, cpu = [], [], []
    for _ in range(moves):
        RecordingComm.sent.clear()
        start = time.process_time()
        _move(table, rng)
        await _settle(table)
        cpu.append((time.process_time() - start) * 1000)
        counts.append(len(RecordingComm.sent))
        sizes.append(sum(size for _, size, _ in RecordingComm.sent))
    cpu.sort()
    return {
        "game": game,
        "level": level,
        "moves": moves,
        "messages per move (mean)": round(statistics.mean(counts), 2),
        "bytes per move (mean)": round(statistics.mean(sizes)),
        "kernel CPU ms per move mean": round(statistics.mean(cpu), 1),
        "kernel CPU ms per move p50": round(cpu[len(cpu) // 2], 1),
        "kernel CPU ms per move p95": round(cpu[int(len(cpu) * 0.95)], 1),
    }


def measure(game: str, level: str, moves: int, seed: int = 1) -> dict[str, Any]:
    """Play ``moves`` learner moves on an event loop; messages, bytes and CPU ms per move."""
    return asyncio.run(_measure(game, level, moves, seed))


def main(argv: list[str]) -> int:
    """Print the figures of one game and level."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("mililla", "mille"), default="mililla")
    parser.add_argument("--level", default="basic")
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args(argv)
    for name, value in measure(args.game, args.level, args.moves).items():
        print(f"{name:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
