"""Mille's rule demonstrations: readable positions where one rule decides, for the lessons."""

from __future__ import annotations

from ..demos import Demo

__all__ = ["DEMOS"]

_MILLE_DRAW = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD 2C 4H 4S KD 7C 8D 3S 6H AC
North hand: +15
pile: 4D 3C 9S
"""
_MILLE_MELD = """
to move: South
phase: meld
South hand: 9H 9C 9D 5D QS JD 2C 4H 4S KD 7C 8D 2S 6H AC
South melds: KH KS KC
North hand: +15
North melds: 7H 7S 7D
pile: 3C
"""

DEMOS: tuple[Demo, ...] = (
    Demo(
        "draw-pile",
        "mille.draw.pile",
        "The 9♠ is on top of the pile.",
        _MILLE_DRAW,
        ("pile 9H 9C", "pile 9H 2C", "stock"),
    ),
    Demo(
        "pile-of-two",
        "mille.draw.pile.two",
        "A 2 is on top of the pile.",
        """
to move: South
phase: draw
South hand: 2C 2S 9H 5D QS JD 4H 4S KD 7C 8D 3S 6H AC
North hand: +15
pile: 4D 3C 2D
""",
        ("pile 2C 2S", "stock"),
    ),
    Demo(
        "first-two",
        "mille.draw.first-two",
        "The first turn of a hand: a 2 was turned up.",
        """
to move: South
phase: draw
first turn: yes
South hand: 9H 9C 5D QS JD 3C 4H 4S KD 7C 8D 3S 6H AC 10C
North hand: +15
pile: 2D
""",
        ("take 2D", "stock"),
    ),
    Demo(
        "turn-order",
        "mille.turn",
        "You have not drawn yet.",
        _MILLE_DRAW,
        ("discard QS", "meld 4H 4S 2C"),
    ),
    Demo(
        "melds",
        "mille.meld.set",
        "You have drawn; now you may meld.",
        _MILLE_MELD,
        ("meld 9H 9C 9D", "meld 4H 4S 2C", "meld 9H 2C 2S", "meld 4H 4S"),
    ),
    Demo(
        "twos",
        "mille.meld.twos",
        "Three 2s in hand.",
        """
to move: South
phase: meld
South hand: 2C 2S 2H 9H 5D QS
North hand: +15
pile: 4D
""",
        ("meld 2C 2S 2H",),
    ),
    Demo(
        "own-melds",
        "mille.meld.own",
        "You have a meld of Kings; North has a meld of 7s.",
        _MILLE_MELD,
        ("add K KD", "add 7 7C"),
    ),
    Demo(
        "discard",
        "mille.discard",
        "Melding done: end the turn.",
        _MILLE_MELD,
        ("discard QS", "discard 5D"),
    ),
    Demo(
        "go-out",
        "mille.go-out",
        "One card left.",
        """
to move: South
phase: meld
South hand: QS
South melds: KH KS KC | 9H 9C 9S 2D
North hand: +9
North melds: 7H 7S 7D
pile: 4D
""",
        ("discard QS",),
    ),
)
"""Mille's demonstrations, in lesson order; each turns on the rule in its ``rule`` field."""
