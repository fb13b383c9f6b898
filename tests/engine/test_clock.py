"""The bots' clock where Python has no per-thread CPU clock (Pyodide, the static site)."""

from __future__ import annotations

import time

import pytest

from cardschool.engine.clock import cpu_seconds
from cardschool.engine.session import Session


def test_the_clock_counts_cpu_seconds():
    start = cpu_seconds()
    sum(i * i for i in range(200_000))
    assert cpu_seconds() > start


@pytest.mark.parametrize("kind, players", [("mille", 2), ("mililla", 4)])
def test_the_expert_coaches_without_a_thread_clock(monkeypatch, kind, players):
    # Pyodide's time module has no thread_time: the expert's search used to fail there
    monkeypatch.delattr(time, "thread_time")
    session = Session.new(kind, seed=3, seats=["human", *["expert"] * (players - 1)])
    session.run_bots()
    choice = session.coach()
    assert choice.move in [str(move) for move in session.legal_moves()]
