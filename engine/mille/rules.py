"""The Mille rules object: every variant of the rulebook as a field, and the card values."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..cards import FrenchCard, FrenchRank, FrenchSuit
from ..errors import ArgumentError
from ..messages import message
from ..variants import Variants

__all__ = ["Rules", "card_value"]

_LIMITS = {"min_naturals": (1, 3), "target": (1, 1_000_000), "skunk_below": (0, 1_000_000)}


@dataclass(frozen=True, slots=True)
class Rules(Variants):
    """The variants of Mille; the defaults are the rulebook's own reading (``rulebook.py``)."""

    low_cut_deals: bool = False
    """``mille.cut``: the lower cut card deals first."""
    pile_pair_may_use_wild: bool = False
    """``mille.draw.pile``: one natural card plus one 2 is enough to take the pile."""
    first_two_any: bool = False
    """``mille.draw.first-two``: the turned-up 2 may be taken whatever 2s are held."""
    reshuffle_when_stock_empty: bool = False
    """``mille.draw.stock-empty``: the pile under its top card becomes a new stock."""
    min_naturals: int = 1
    """``mille.meld.set``: the natural cards a meld of a rank other than 2 must hold."""
    wilds_at_most_naturals: bool = False
    """``mille.meld.set``: a meld may hold no more 2s than natural cards."""
    many_melds_per_rank: bool = False
    """``mille.meld.one-per-rank``: a player may have several melds of one rank."""
    doubling_caps_at_two: bool = False
    """``mille.score.stack``: the two doublings do not multiply; double is the most."""
    target: int = 1200
    """``mille.game.end``: the running total that ends the match."""
    skunk_below: int = 600
    """``mille.game.skunk``: a loser under this total has been skunked."""
    title: ClassVar[str] = "Mille"  # how a refusal names these rules (``variants.py``)
    word: ClassVar[str] = "variant"

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type == "bool":
                if not isinstance(value, bool):
                    said = message("mille:rules.yes-no", name=field.name, given=repr(value))
                    raise ArgumentError(said)
                continue
            low, high = _LIMITS[field.name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                said = message(
                    "mille:rules.number", name=field.name, low=low, high=high, given=repr(value)
                )
                raise ArgumentError(said)

    def changes(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults: the variants in play."""
        default = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}


def card_value(card: FrenchCard) -> int:
    """What a card is worth in points (``mille.values``)."""
    rank = card.rank
    if rank is FrenchRank.TWO:
        return 20
    if rank is FrenchRank.ACE:
        return 15
    if rank is FrenchRank.QUEEN and card.suit is FrenchSuit.SPADES:
        return 100
    if rank is FrenchRank.JACK and card.suit is FrenchSuit.DIAMONDS:
        return 50
    return 10 if rank >= FrenchRank.TEN else 5
