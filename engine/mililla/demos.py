"""Mililla's rule demonstrations: readable positions where one rule decides, for the lessons."""

from __future__ import annotations

from ..demos import Demo

__all__ = ["DEMOS"]

_MILILLA_THIRD = "dealer East\ntrump 5O\n"  # North leads the first trick, South plays third

_NO_SWORD_YET = (
    _MILILLA_THIRD + "South: 7E 3E 5E KB 5B 4B 2B AB JE 6E\n"
    "East: 7O 3C JC KE 4O KO 2O AE 4E 5O\n"
    "North: HE JB 6B 6O JO HB 3O 7C 2E\n"
    "West: KC 3B 2C AC AO HO 5C 7B 6C\n"
    "trick North: 4C HC\n"
)
"""North led cups; you hold no cup and no coin (trumps), and no sword has been played yet."""

DEMOS: tuple[Demo, ...] = (
    Demo(
        "lead",
        "mililla.lead",
        "You lead the first trick.",
        "dealer West\ntrump 5O\n"
        "South: 7E 3E 5E KB 5B 4B 2B AB 4C HC\n"
        "East: HO 6C 3B 7C 2E AC JE 3O 7O KC\n"
        "North: AO KE 6E 5C 7B 2C HE 4O JC 3C\n"
        "West: KO 4E 6O 6B AE JO JB 2O HB 5O\n",
    ),
    Demo(
        "follow-partner",
        "mililla.follow",
        "Your partner North led the King of cups.",
        _MILILLA_THIRD + "South: 4C JC 6O 3E 5E KB 5B 4B 2B AB\n"
        "East: 7O KE 6C 7E 3O KO AO AE 4E 5O\n"
        "North: 6E JB 6B 4O JO HB 2O 5C 2E\n"
        "West: 7C 3B HE JE HC HO AC 7B 3C\n"
        "trick North: KC 2C\n",
    ),
    Demo(
        "beat-in-suit",
        "mililla.beat",
        "West is winning the trick with the Horse of cups.",
        _MILILLA_THIRD + "South: KC 2C 6O AE 3E KB 5B 4B 2B AB\n"
        "East: 5O KO JO 3O AO 7C 6C 5C 2E JB\n"
        "North: JC 7O 4O KE HE 6E 5E 3B 6B\n"
        "West: 3C AC HO 2O 7E JE 4E HB 7B\n"
        "trick North: 4C HC\n",
    ),
    Demo(
        "beat-by-trumping",
        "mililla.beat",
        "You have no cups; West is winning. Coins are trumps.",
        _MILILLA_THIRD + "South: 3O KO 3E 5E 6E KB 5B 4B 2B AB\n"
        "East: 6O AC 6C JE 2O HO KC AE 4E 5O\n"
        "North: 7E JB 6B 4O 7O HB AO 5C 2E\n"
        "West: 7C 3B KE HE JC JO 2C 7B 3C\n"
        "trick North: 4C HC\n",
    ),
    Demo(
        "seven",
        "mililla.seven",
        "No sword has been played yet this round.",
        _NO_SWORD_YET,
    ),
    Demo(
        "free",
        "mililla.free",
        "No cups and no trumps: the other cards are all free.",
        _NO_SWORD_YET,
    ),
    Demo(
        "trumped-follow",
        "mililla.follow",
        "West trumped the cups North led.",
        _MILILLA_THIRD + "South: 3C JC 6O 3E 5E KB 5B 4B 2B AB\n"
        "East: HC 6C 3B 7E 2E AC 7C 3O 7O 5O\n"
        "North: AO KC JE 5C 7B 6E HE 4O 2C\n"
        "West: KO 4E KE 6B AE JO JB HO HB\n"
        "trick North: 4C 2O\n",
    ),
)
"""Mililla's demonstrations, in lesson order; each turns on the rule in its ``rule`` field."""
