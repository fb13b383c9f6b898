"""The registry of games: the one place that lists them.

    >>> from cardschool.engine.games import game_spec
    >>> game_spec("mililla").seats
    4

Every generic module looks a game up here by its name (``game_spec``), by a game object
(``spec_of``) or by a deal-code prefix (``spec_for_prefix``), and reads its
:class:`~cardschool.engine.spec.GameSpec`. A third game is one more entry in ``GAMES``.
"""

from __future__ import annotations

from . import mililla, mille
from .protocol import GameLike
from .spec import GameSpec

__all__ = ["GAMES", "game_spec", "spec_for_prefix", "spec_of"]

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (mille.SPEC, mililla.SPEC)}
"""Every game, by name."""


def _names() -> str:
    return " or ".join(GAMES)


def game_spec(name: object) -> GameSpec:
    """The spec of the game called ``name``; ValueError naming the games for anything else."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise ValueError(f"unknown game {name!r}: choose {_names()}")
    return spec


def spec_of(game: GameLike) -> GameSpec:
    """The spec of a game object (by its ``kind``)."""
    return game_spec(game.kind)


def spec_for_prefix(prefix: str) -> GameSpec | None:
    """The game whose deal codes start with ``prefix`` (``MIL``), or None."""
    return next((spec for spec in GAMES.values() if spec.code_prefix == prefix), None)
