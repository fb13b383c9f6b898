"""The toy game registered in both registries for a test, and taken out after it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def duel() -> Iterator[Any]:
    """Duel in the engine's registry, as one more entry; yields its spec module (which has
    the game's names too: ``Game``, ``Rules``, ``DECK``...)."""
    import toy_spec

    from cardschool.engine.games import GAMES

    GAMES[toy_spec.NAME] = toy_spec.SPEC
    try:
        yield toy_spec
    finally:
        del GAMES[toy_spec.NAME]


@pytest.fixture
def duel_tables(duel: Any) -> Iterator[Any]:
    """Duel's table parts in the widgets' registry too (with the engine's entry); yields
    its widgets module."""
    import toy_widgets

    from cardschool.widgets import games

    games.register(toy_widgets.PARTS)
    try:
        yield toy_widgets
    finally:
        del games.TABLES[duel.NAME]
