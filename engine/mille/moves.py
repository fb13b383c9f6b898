"""Mille moves: small frozen values with a text form that round-trips.

Text forms (case-insensitive when read; ``str(move)`` gives the canonical form):

=====================  =================================================================
``stock``              draw the top card of the stock (``mille.draw.stock``); when the
                       stock is empty, the choice not to take the pile, which ends the
                       hand (``mille.draw.stock-empty``), or with the variant
                       ``reshuffle_when_stock_empty`` draws from the reshuffled pile
``pile 9H 9C``         take the whole pile, melding its top card with these two hand
                       cards (``mille.draw.pile``, ``mille.draw.pile.two``)
``take 2C``            take the turned-up 2 into hand (``mille.draw.first-two``)
``meld 9H 9C 2S``      lay down a new meld from hand; its rank is that of its natural
                       cards, or 2 if all are 2s (``mille.meld.set``). A meld of a rank
                       you already have extends that meld (``mille.meld.one-per-rank``)
``add K KD 2S``        add hand cards to your own meld of Kings (``mille.meld.own``);
                       with ``many_melds_per_rank``, ``add K#2 KD`` names your second
``discard QS``         lay one card on the pile and end the turn (``mille.discard``)
=====================  =================================================================

Cards are written as in ``cardschool.engine.cards`` (``QS``, ``10H``, ``2C``); a move keeps
its cards in showing order (rank high to low, 2s last, then suit), so two moves that name
the same cards are equal whatever order they were written in.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..cards import FrenchCard, FrenchRank, parse_cards
from ..errors import InvalidMoveError
from ..messages import Message, message
from .tables import sort_key

__all__ = ["Move", "MoveKind"]


class MoveKind(enum.Enum):
    """What a move does; the value is the word that starts its text form."""

    STOCK = "stock"
    PILE = "pile"
    TAKE = "take"
    MELD = "meld"
    ADD = "add"
    DISCARD = "discard"


_CARD_COUNT = {
    MoveKind.STOCK: (0, 0),
    MoveKind.PILE: (2, 2),
    MoveKind.TAKE: (1, 1),
    MoveKind.MELD: (1, 16),
    MoveKind.ADD: (1, 16),
    MoveKind.DISCARD: (1, 1),
}
_EXAMPLES = {
    MoveKind.STOCK: "stock",
    MoveKind.PILE: "pile 9H 9C",
    MoveKind.TAKE: "take 2C",
    MoveKind.MELD: "meld 9H 9C 2S",
    MoveKind.ADD: "add K KD 2S",
    MoveKind.DISCARD: "discard QS",
}
_GRAMMAR = message("mille:move.grammar")
"""Every kind of move, each with an example (``_EXAMPLES``), as a refusal lists them."""


def _card_order(card: FrenchCard) -> tuple[int, int]:
    return sort_key(card.index)


@dataclass(frozen=True, slots=True)
class Move:
    """One Mille move; ``Move.parse("meld 9H 9C 2S")`` reads one from its text form."""

    kind: MoveKind
    cards: tuple[FrenchCard, ...] = ()
    rank: FrenchRank | None = None
    """For ``add`` only: the rank of the meld the cards join."""
    which: int = 1
    """For ``add`` only: which of your melds of that rank (1 = the first)."""
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MoveKind):
            raise TypeError(f"a move kind must be a MoveKind, not {self.kind!r}")
        cards = tuple(self.cards)
        if not all(isinstance(card, FrenchCard) for card in cards):
            raise TypeError("the cards of a Mille move must be FrenchCards")
        low, high = _CARD_COUNT[self.kind]
        if not low <= len(cards) <= high:
            raise InvalidMoveError(self._count_problem(len(cards)))
        if (self.rank is None) != (self.kind is not MoveKind.ADD):
            example = _EXAMPLES[self.kind]
            raise InvalidMoveError(message("mille:move.rank-after-add", example=example))
        if self.rank is not None and not isinstance(self.rank, FrenchRank):
            raise TypeError(f"{self.rank!r} is not a rank")
        if isinstance(self.which, bool) or not isinstance(self.which, int) or self.which < 1:
            raise InvalidMoveError(message("mille:move.which", which=repr(self.which)))
        if self.which != 1 and self.kind is not MoveKind.ADD:
            raise InvalidMoveError(message("mille:move.which-not-add"))
        object.__setattr__(self, "cards", tuple(sorted(cards, key=_card_order)))

    def _count_problem(self, got: int) -> Message:
        low, high = _CARD_COUNT[self.kind]
        return message(
            "mille:move.count.least" if high > low else "mille:move.count",
            kind=self.kind.value,
            need=message(f"mille:move.need.{low}"),  # the least a move takes: 0, 1 or 2 cards
            got=got,
            example=_EXAMPLES[self.kind],
        )

    @classmethod
    def _trusted(
        cls,
        kind: MoveKind,
        cards: tuple[FrenchCard, ...],
        rank: FrenchRank | None = None,
        which: int = 1,
    ) -> Move:
        """A move from parts already valid and in showing order (the engine's fast path)."""
        move = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(move, "kind", kind)
        setattr_(move, "cards", cards)
        setattr_(move, "rank", rank)
        setattr_(move, "which", which)
        setattr_(move, "_text", None)
        return move

    # -- building moves -------------------------------------------------------------

    @classmethod
    def stock(cls) -> Move:
        """Draw from the stock (or, when it is empty, decline the pile)."""
        return cls(MoveKind.STOCK)

    @classmethod
    def pile(cls, first: FrenchCard | str, second: FrenchCard | str) -> Move:
        """Take the pile, melding its top card with these two hand cards."""
        return cls(MoveKind.PILE, _cards([first, second]))

    @classmethod
    def take(cls, card: FrenchCard | str) -> Move:
        """Take the turned-up 2 into hand on the first turn."""
        return cls(MoveKind.TAKE, _cards([card]))

    @classmethod
    def meld(cls, *cards: FrenchCard | str) -> Move:
        """Lay down these hand cards as a meld."""
        return cls(MoveKind.MELD, _cards(cards))

    @classmethod
    def add(cls, rank: FrenchRank | str, *cards: FrenchCard | str, which: int = 1) -> Move:
        """Add these hand cards to your meld of ``rank`` (``which`` counts from 1)."""
        if isinstance(rank, str):
            rank = FrenchRank.parse(rank)
        return cls(MoveKind.ADD, _cards(cards), rank, which)

    @classmethod
    def discard(cls, card: FrenchCard | str) -> Move:
        """Discard this card and end the turn."""
        return cls(MoveKind.DISCARD, _cards([card]))

    # -- text -----------------------------------------------------------------------

    def __str__(self) -> str:
        text = self._text
        if text is None:
            words = [self.kind.value]
            if self.rank is not None:
                words.append(self.rank.text + (f"#{self.which}" if self.which != 1 else ""))
            words.extend(str(card) for card in self.cards)
            text = " ".join(words)
            object.__setattr__(self, "_text", text)
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its text form; raise InvalidMoveError if it cannot be read."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(message("mille:move.not-text", given=repr(text)))
        words = text.replace(",", " ").split()
        if not words:
            raise InvalidMoveError(message("mille:move.empty", grammar=_GRAMMAR))
        try:
            kind = MoveKind(words[0].lower())
        except ValueError:
            said = message("mille:move.unknown", word=repr(words[0]), grammar=_GRAMMAR)
            raise InvalidMoveError(said) from None
        rest = words[1:]
        if kind is not MoveKind.ADD:
            return cls(kind, tuple(parse_cards(" ".join(rest), FrenchCard)))
        if not rest:
            raise InvalidMoveError(message("mille:move.add-needs"))
        rank_text, _, which_text = rest[0].partition("#")
        try:
            rank = FrenchRank.parse(rank_text)
        except InvalidMoveError:
            raise InvalidMoveError(message("mille:move.add-rank", word=repr(rest[0]))) from None
        which = 1
        if which_text:
            if not which_text.isdigit():
                raise InvalidMoveError(message("mille:move.add-which", word=repr(rest[0])))
            which = int(which_text)
        return cls(kind, tuple(parse_cards(" ".join(rest[1:]), FrenchCard)), rank, which)


def _cards(items: Iterable[FrenchCard | str]) -> tuple[FrenchCard, ...]:
    return tuple(FrenchCard.parse(c) if isinstance(c, str) else c for c in items)
