"""The variants of Mililla: one immutable rules object (told in ``rulebook.py``, ``mililla.*``)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from ..errors import ArgumentError
from ..messages import message
from ..variants import Variants

__all__ = ["DEFAULT_RULES", "SEVEN_RULES", "Rules"]

SEVEN_RULES = ("default", "earlier-tricks", "off")
"""The readings of ``mililla.seven``: which plays open a suit for its 7."""


@dataclass(frozen=True, slots=True)
class Rules(Variants):
    """The variant settings of a Mililla match; the defaults are the rulebook's."""

    traditional_rank: bool = False
    """``mililla.rank``: 7, Ace, King, Horse, Jack, 6 ... 2 instead of King ... Ace."""
    clockwise: bool = False
    """``mililla.direction``: play, deal and the turn to deal go clockwise."""
    bonus_after_round: bool = False
    """``mililla.bonus``: the dealer's bonus is always added after the round."""
    seven_rule: str = "default"
    """``mililla.seven``: "default", "earlier-tricks" (only earlier tricks open a suit) or "off"."""
    target: int = 35
    """``mililla.game.end``: the game score that wins the match."""
    title: ClassVar[str] = "Mililla"  # how a refusal names these rules (``variants.py``)
    word: ClassVar[str] = "setting"

    def __post_init__(self) -> None:
        for name in ("traditional_rank", "clockwise", "bonus_after_round"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ArgumentError(message("mililla:rules.flag", name=name, given=repr(value)))
        if self.seven_rule not in SEVEN_RULES:
            known = ", ".join(map(repr, SEVEN_RULES))
            said = message("mililla:rules.seven-rule", known=known, given=repr(self.seven_rule))
            raise ArgumentError(said)
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise ArgumentError(message("mililla:rules.target", given=repr(self.target)))

    def describe(self) -> str:
        """The settings that differ from the rulebook, in a short text (``"default rules"``)."""
        default = Rules()
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        ]
        return ", ".join(changed) or "default rules"


DEFAULT_RULES = Rules()
"""The rulebook's defaults, as one shared immutable object."""
