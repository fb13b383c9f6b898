"""Mililla's rule demonstrations: readable positions where one rule decides, for the lessons.

Each position is written as its parts (the dealer, each seat's cards, the trick on the
table) and put together as position text by :func:`_position`; each caption is a message
of the ``mililla`` catalog (``mililla:demo.<name>``).
"""

from __future__ import annotations

from ..demos import Demo
from ..messages import message
from . import messages as _catalog  # noqa: F401  (the captions' words)

__all__ = ["DEMOS"]

Hand = tuple[str, ...]


def _position(dealer: str, hands: tuple[Hand, Hand, Hand, Hand], trick: Hand = ()) -> str:
    """A demo's position text: the 5 of coins turned up, the hands South, East, North and
    West, and the cards North led and West followed with in the trick on the table."""
    seats = ("South", "East", "North", "West")
    lines = [f"dealer {dealer}", "trump 5O"]
    lines += [f"{seat}: {' '.join(cards)}" for seat, cards in zip(seats, hands, strict=True)]
    if trick:
        lines.append(f"trick North: {' '.join(trick)}")
    return "\n".join(lines) + "\n"


def _demo(name: str, rule: str, position: str) -> Demo:
    """A demonstration whose caption is the catalog's ``mililla:demo.<name>``."""
    return Demo(name, rule, message(f"mililla:demo.{name}"), position)


# East deals, so North leads the first trick and South plays third. North led cups; South
# holds no cup and no coin (trumps), and no sword has been played yet.
_NO_SWORD_YET = _position(
    "East",
    (
        ("7E", "3E", "5E", "KB", "5B", "4B", "2B", "AB", "JE", "6E"),
        ("7O", "3C", "JC", "KE", "4O", "KO", "2O", "AE", "4E", "5O"),
        ("HE", "JB", "6B", "6O", "JO", "HB", "3O", "7C", "2E"),
        ("KC", "3B", "2C", "AC", "AO", "HO", "5C", "7B", "6C"),
    ),
    ("4C", "HC"),
)

DEMOS: tuple[Demo, ...] = (
    _demo(
        "lead",
        "mililla.lead",
        _position(
            "West",
            (
                ("7E", "3E", "5E", "KB", "5B", "4B", "2B", "AB", "4C", "HC"),
                ("HO", "6C", "3B", "7C", "2E", "AC", "JE", "3O", "7O", "KC"),
                ("AO", "KE", "6E", "5C", "7B", "2C", "HE", "4O", "JC", "3C"),
                ("KO", "4E", "6O", "6B", "AE", "JO", "JB", "2O", "HB", "5O"),
            ),
        ),
    ),
    _demo(
        "follow-partner",
        "mililla.follow",
        _position(
            "East",
            (
                ("4C", "JC", "6O", "3E", "5E", "KB", "5B", "4B", "2B", "AB"),
                ("7O", "KE", "6C", "7E", "3O", "KO", "AO", "AE", "4E", "5O"),
                ("6E", "JB", "6B", "4O", "JO", "HB", "2O", "5C", "2E"),
                ("7C", "3B", "HE", "JE", "HC", "HO", "AC", "7B", "3C"),
            ),
            ("KC", "2C"),
        ),
    ),
    _demo(
        "beat-in-suit",
        "mililla.beat",
        _position(
            "East",
            (
                ("KC", "2C", "6O", "AE", "3E", "KB", "5B", "4B", "2B", "AB"),
                ("5O", "KO", "JO", "3O", "AO", "7C", "6C", "5C", "2E", "JB"),
                ("JC", "7O", "4O", "KE", "HE", "6E", "5E", "3B", "6B"),
                ("3C", "AC", "HO", "2O", "7E", "JE", "4E", "HB", "7B"),
            ),
            ("4C", "HC"),
        ),
    ),
    _demo(
        "beat-by-trumping",
        "mililla.beat",
        _position(
            "East",
            (
                ("3O", "KO", "3E", "5E", "6E", "KB", "5B", "4B", "2B", "AB"),
                ("6O", "AC", "6C", "JE", "2O", "HO", "KC", "AE", "4E", "5O"),
                ("7E", "JB", "6B", "4O", "7O", "HB", "AO", "5C", "2E"),
                ("7C", "3B", "KE", "HE", "JC", "JO", "2C", "7B", "3C"),
            ),
            ("4C", "HC"),
        ),
    ),
    _demo("seven", "mililla.seven", _NO_SWORD_YET),
    _demo("free", "mililla.free", _NO_SWORD_YET),
    _demo(
        "trumped-follow",
        "mililla.follow",
        _position(
            "East",
            (
                ("3C", "JC", "6O", "3E", "5E", "KB", "5B", "4B", "2B", "AB"),
                ("HC", "6C", "3B", "7E", "2E", "AC", "7C", "3O", "7O", "5O"),
                ("AO", "KC", "JE", "5C", "7B", "6E", "HE", "4O", "2C"),
                ("KO", "4E", "KE", "6B", "AE", "JO", "JB", "HO", "HB"),
            ),
            ("4C", "2O"),
        ),
    ),
)
"""Mililla's demonstrations, in lesson order; each turns on the rule in its ``rule`` field."""
