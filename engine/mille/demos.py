"""Mille's rule demonstrations: readable positions where one rule decides, for the lessons.

Each position is written as its parts (South's hand and melds, North's, the pile; South
is to move) and put together as position text by :func:`_position`; each caption is a
message of the ``mille`` catalog (``mille:demo.<name>``).
"""

from __future__ import annotations

from ..demos import Demo
from ..messages import message
from . import messages as _catalog  # noqa: F401  (the captions' words)

__all__ = ["DEMOS"]

Cards = tuple[str, ...]


def _position(
    phase: str,
    south: Cards,
    pile: Cards,
    *,
    south_melds: tuple[Cards, ...] = (),
    north: Cards = ("+15",),
    north_melds: tuple[Cards, ...] = (),
    first_turn: bool = False,
) -> str:
    """A demo's position text: South to move in ``phase``, the hands (``+N``: that many cards
    from the rest), the melds in the order laid and the pile from bottom to top."""
    lines = {"to move": "South", "phase": phase}
    if first_turn:  # mille.draw.first-two: the hand's very first draw
        lines["first turn"] = "yes"
    lines["South hand"] = " ".join(south)
    if south_melds:
        lines["South melds"] = " | ".join(" ".join(meld) for meld in south_melds)
    lines["North hand"] = " ".join(north)
    if north_melds:
        lines["North melds"] = " | ".join(" ".join(meld) for meld in north_melds)
    lines["pile"] = " ".join(pile)
    return "".join(f"{key}: {value}\n" for key, value in lines.items())


def _demo(name: str, rule: str, position: str, moves: tuple[str, ...]) -> Demo:
    """A demonstration whose caption is the catalog's ``mille:demo.<name>``."""
    return Demo(name, rule, message(f"mille:demo.{name}"), position, moves)


_DRAW = _position(
    "draw",
    ("9H", "9C", "5D", "QS", "JD", "2C", "4H", "4S", "KD", "7C", "8D", "3S", "6H", "AC"),
    ("4D", "3C", "9S"),
)
"""South is to draw, with two nines in hand and a nine on top of the pile."""
_MELD = _position(
    "meld",
    ("9H", "9C", "9D", "5D", "QS", "JD", "2C", "4H", "4S", "KD", "7C", "8D", "2S", "6H", "AC"),
    ("3C",),
    south_melds=(("KH", "KS", "KC"),),
    north_melds=(("7H", "7S", "7D"),),
)
"""South has drawn, with a meld of Kings laid; North has a meld of 7s."""

DEMOS: tuple[Demo, ...] = (
    _demo("draw-pile", "mille.draw.pile", _DRAW, ("pile 9H 9C", "pile 9H 2C", "stock")),
    _demo(
        "pile-of-two",
        "mille.draw.pile.two",
        _position(
            "draw",
            ("2C", "2S", "9H", "5D", "QS", "JD", "4H", "4S", "KD", "7C", "8D", "3S", "6H", "AC"),
            ("4D", "3C", "2D"),
        ),
        ("pile 2C 2S", "stock"),
    ),
    _demo(
        "first-two",
        "mille.draw.first-two",
        _position(
            "draw",
            (
                *("9H", "9C", "5D", "QS", "JD", "3C", "4H", "4S", "KD", "7C", "8D", "3S"),
                *("6H", "AC", "10C"),
            ),
            ("2D",),
            first_turn=True,
        ),
        ("take 2D", "stock"),
    ),
    _demo("turn-order", "mille.turn", _DRAW, ("discard QS", "meld 4H 4S 2C")),
    _demo(
        "melds",
        "mille.meld.set",
        _MELD,
        ("meld 9H 9C 9D", "meld 4H 4S 2C", "meld 9H 2C 2S", "meld 4H 4S"),
    ),
    _demo(
        "twos",
        "mille.meld.twos",
        _position("meld", ("2C", "2S", "2H", "9H", "5D", "QS"), ("4D",)),
        ("meld 2C 2S 2H",),
    ),
    _demo("own-melds", "mille.meld.own", _MELD, ("add K KD", "add 7 7C")),
    _demo("discard", "mille.discard", _MELD, ("discard QS", "discard 5D")),
    _demo(
        "go-out",
        "mille.go-out",
        _position(
            "meld",
            ("QS",),
            ("4D",),
            south_melds=(("KH", "KS", "KC"), ("9H", "9C", "9S", "2D")),
            north=("+9",),
            north_melds=(("7H", "7S", "7D"),),
        ),
        ("discard QS",),
    ),
)
"""Mille's demonstrations, in lesson order; each turns on the rule in its ``rule`` field."""
