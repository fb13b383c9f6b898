"""The state of a Mille match in play: hands, melds, pile, stock, turn and totals.

A hand is a list of 52 counts, one per card face (``tables.CARDS``), since every face
exists twice (``mille.deck``). The stock is a list whose *last* item is its top card.
Nothing here knows the rules; ``legality`` decides and ``turns`` applies.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Any

from ..messages import Message, render
from ..records import Record, key
from .tables import RANK, SORTED_FACES

__all__ = ["Chance", "Event", "Meld", "Phase", "State", "expand"]


class Phase(enum.Enum):
    """Where a hand is: draw, meld (after the draw), scored, or the match is won."""

    DRAW = "draw"
    MELD = "meld"
    HAND_OVER = "hand-over"
    MATCH_OVER = "match-over"


@dataclass(frozen=True, slots=True)
class Event(Record):
    """One entry of the public log of a hand: who, what happened, and the rule behind it."""

    seat: int | None
    """The seat the event is about, or None (the cut, the scoring)."""
    said: Message = field(metadata=key("text"))
    """What happened, as a message (``mille:narrate.discard``); its JSON form is its words
    with the engine's seat names, which read back as those words (``Message.parse``)."""
    rule: str
    """The rule id behind it: ``mille.discard``."""

    @property
    def text(self) -> str:
        """What happened, in the third person with the engine's seat names: ``North
        discards the Q♦``."""
        said = self.said
        return said if type(said) is str else render(said)  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if type(other) is not Event:
            return NotImplemented
        return (self.seat, self.text, self.rule) == (other.seat, other.text, other.rule)

    def __hash__(self) -> int:
        return hash((self.seat, self.text, self.rule))


class Chance:
    """The game's seeded random generator, copied lazily so that clones stay cheap."""

    __slots__ = ("_rng", "_snapshot")

    def __init__(self, rng: random.Random | None, snapshot: tuple[Any, ...] | None = None) -> None:
        self._rng = rng
        self._snapshot = snapshot

    def rng(self) -> random.Random:
        """The generator, ready to draw from."""
        if self._rng is None:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._snapshot)
            self._rng = rng
        self._snapshot = None
        return self._rng

    def copy(self) -> Chance:
        """An independent generator in the same state."""
        if self._snapshot is None:
            assert self._rng is not None
            self._snapshot = self._rng.getstate()
        return Chance(None, self._snapshot)


class Meld:
    """One meld on the table: its rank and its cards (face indices) in the order laid."""

    __slots__ = ("cards", "naturals", "rank", "wilds")

    def __init__(self, rank: int, cards: list[int] | None = None) -> None:
        self.rank = rank
        self.cards: list[int] = []
        self.naturals = 0
        self.wilds = 0
        self.extend(cards or [])

    def extend(self, faces: list[int]) -> None:
        """Lay more cards on this meld (a 2 in a meld of another rank is a wild)."""
        self.cards.extend(faces)
        for face in faces:
            if RANK[face] == self.rank:
                self.naturals += 1
            else:
                self.wilds += 1

    @property
    def natural_eight(self) -> bool:
        """All eight natural cards and no wild (or eight 2s): ``mille.score.natural-meld``."""
        return self.naturals == 8 and self.wilds == 0

    @property
    def bunched(self) -> bool:
        """Seven natural cards and no wild: one card from a natural meld."""
        return self.naturals == 7 and self.wilds == 0

    def copy(self) -> Meld:
        """An independent copy."""
        other = Meld.__new__(Meld)
        other.rank = self.rank
        other.cards = self.cards.copy()
        other.naturals = self.naturals
        other.wilds = self.wilds
        return other


def expand(counts: list[int]) -> list[int]:
    """Counts per face as a list of faces in showing order, repeats included."""
    out = []
    for face in SORTED_FACES:
        count = counts[face]
        if count:
            out.append(face)
            if count > 1:
                out.extend([face] * (count - 1))
    return out


class State:
    """Everything about a match in play; ``clone()`` is cheap and independent."""

    __slots__ = (
        "deal_number",
        "dealer",
        "ended",
        "first_turn",
        "hands",
        "known",
        "last_result",
        "log",
        "melds",
        "phase",
        "pile",
        "sizes",
        "start_totals",
        "stock",
        "to_move",
        "went_out",
    )

    def __init__(self) -> None:
        self.hands: list[list[int]] = [[0] * 52, [0] * 52]
        self.sizes: list[int] = [0, 0]
        self.known: list[list[int]] = [[0] * 52, [0] * 52]
        """Copies of each face a player is publicly known to hold (taken from the pile)."""
        self.melds: list[list[Meld]] = [[], []]
        self.pile: list[int] = []
        self.stock: list[int] = []
        self.phase = Phase.DRAW
        self.to_move: int | None = 0
        self.dealer = 1
        self.deal_number = 1
        self.first_turn = False
        self.start_totals: list[int] = [0, 0]
        self.went_out: int | None = None
        self.ended: str | None = None
        """None while the hand is played; then "went-out" or "stock-empty"."""
        self.last_result: dict[str, Any] | None = None
        self.log: list[Event] = []
        """The public log of the hand (events are frozen: copies of the log share them)."""

    def clone(self) -> State:
        """An independent copy (the log's events are shared: they are frozen)."""
        other = State.__new__(State)
        other.hands = [self.hands[0].copy(), self.hands[1].copy()]
        other.sizes = self.sizes.copy()
        other.known = [self.known[0].copy(), self.known[1].copy()]
        other.melds = [[m.copy() for m in self.melds[0]], [m.copy() for m in self.melds[1]]]
        other.pile = self.pile.copy()
        other.stock = self.stock.copy()
        other.phase = self.phase
        other.to_move = self.to_move
        other.dealer = self.dealer
        other.deal_number = self.deal_number
        other.first_turn = self.first_turn
        other.start_totals = self.start_totals.copy()
        other.went_out = self.went_out
        other.ended = self.ended
        other.last_result = self.last_result
        other.log = self.log.copy()
        return other

    # -- small helpers shared by the rule modules ----------------------------------

    def give(self, seat: int, faces: list[int]) -> None:
        """Put cards into a player's hand."""
        hand = self.hands[seat]
        for face in faces:
            hand[face] += 1
        self.sizes[seat] += len(faces)

    def remove(self, seat: int, faces: list[int]) -> None:
        """Take cards out of a player's hand; public knowledge of them shrinks to match."""
        hand = self.hands[seat]
        known = self.known[seat]
        for face in faces:
            hand[face] -= 1
            if known[face]:
                known[face] -= 1
        self.sizes[seat] -= len(faces)

    def melds_of(self, seat: int, rank: int) -> list[int]:
        """Positions in the player's meld list of their melds of this rank, oldest first."""
        return [i for i, meld in enumerate(self.melds[seat]) if meld.rank == rank]

    def card_counts(self) -> list[int]:
        """How many copies of each face are anywhere in the game (104 cards: 2 each)."""
        counts = [0] * 52
        for seat in (0, 1):
            for face in range(52):
                counts[face] += self.hands[seat][face]
            for meld in self.melds[seat]:
                for face in meld.cards:
                    counts[face] += 1
        for face in self.pile:
            counts[face] += 1
        for face in self.stock:
            counts[face] += 1
        return counts
