"""What one seat knows of a Mille hand, read from its view alone, and deals of the rest.

:class:`Knowledge` reads a seat's view (nothing else) into a :class:`~.model.Table`
with the seat's own cards, the melds, the pile and the cards the opponent is known to
hold; its ``sample`` deals the cards the seat cannot see at random, like
``Game.from_view``.
"""

from __future__ import annotations

import random
import re
from typing import Any

from ..rules import Rules
from ..state import Phase
from ..tables import RANK, face_of
from .model import Table

__all__ = ["RECENT_TURNS", "SINGLE_KEPT", "TWO_KEPT", "Drawn", "Knowledge"]

RECENT_TURNS = 5
"""How many of the opponent's last turns ``Knowledge.recent`` reads."""
SINGLE_KEPT = 0.4
TWO_KEPT = 0.75
"""In a shrewd deal, the chance that a card matching nothing the opponent holds joins its hand."""
Drawn = tuple[list[int], list[int], int]
"""A deal of the hidden cards: the opponent's hidden hand, the stock and the stock's seed."""


class Knowledge:
    """What one seat knows of the hand, read from its view; ``sample`` deals the rest."""

    __slots__ = ("_caps", "hidden", "known_faces", "seat", "table", "unseen", "view")

    def __init__(self, view: dict[str, Any]) -> None:
        seat = view["seat"]
        opponent = 1 - seat
        t = Table(_rules(view["rules"]))
        t.to_move = seat if view["to_move"] is None else view["to_move"]
        t.phase = Phase(view["phase"])
        t.first_turn = bool(view["first_turn"])
        placed = [0] * 52
        mine = [face_of(c) for c in view["hand"]]
        t.give(seat, mine)
        theirs = [face_of(c) for c in view["opponent_known"]]
        t.give(opponent, theirs)
        for f in theirs:
            t.known[opponent][RANK[f]] += 1
        for f in mine + theirs:
            placed[f] += 1
        for s in (0, 1):
            if s == seat:
                for f in (face_of(c) for c in view["players"][s]["known"]):
                    t.known[s][RANK[f]] += 1
            for meld in view["players"][s]["melds"]:
                faces = [face_of(c) for c in meld["cards"]]
                natural = [RANK[f] for f in faces if RANK[f] != 2]
                t.lay(s, natural[0] if natural else 2, faces)
                for f in faces:
                    placed[f] += 1
        t.set_pile([face_of(c) for c in view["pile"]])
        for f in t.pile:
            placed[f] += 1
        self.view = view
        self.seat = seat
        self.table = t
        self.known_faces = theirs
        self.unseen = [f for f in range(52) for _ in range(max(0, 2 - placed[f]))]
        self.hidden = max(0, view["opponent_hand_size"] - len(theirs))
        self._caps: list[int] | None = None

    def sample(self, rng: random.Random, *, shrewd: bool = False) -> Table:
        """A full table agreeing with everything the seat knows; hidden cards at random.

        With ``shrewd`` the deal also leans toward what the opponent's play suggests
        (see :meth:`caps`): a sensible player holds no three natural cards of a rank
        (they would be melded), no natural card of a rank it has melded (it would have
        been added), at most one card of the ranks it just let go by on the pile, and,
        since it keeps pairs and 2s and lets lone cards go, more pairs and 2s than a
        random hand: a lone card joins its hand with chance ``SINGLE_KEPT`` only.
        The stock is left in no order: the table draws from it at random (``seed``).
        """
        return self.table_of(self.draw(rng, shrewd=shrewd))

    def draw(self, rng: random.Random, *, shrewd: bool = False) -> Drawn:
        """``sample`` without its table: the opponent's hidden cards, the stock, its seed.

        The same draws from ``rng`` as ``sample``; a search that throws most deals away
        builds the table (``table_of``) only for the deal it keeps.
        """
        pool = self.unseen[:]
        left = len(pool)
        want = self.hidden
        hand: list[int] = []
        passed: list[int] = []
        random_bits = rng.getrandbits
        chance = rng.random
        caps = self.caps() if shrewd else None
        counts = self.table.rank_count[1 - self.seat][:]
        while len(hand) < want and left:
            # rng.randrange(left), the same draw without its two calls: random bits as
            # many as left has, drawn again until below it (tests/engine/mille compare)
            size = left.bit_length()
            i = random_bits(size)
            while i >= left:
                i = random_bits(size)
            left -= 1
            f = pool[i]
            pool[i] = pool[left]
            r = RANK[f]
            if caps is None or (
                counts[r] < caps[r]
                and ((counts[r] and r != 2) or chance() < (TWO_KEPT if r == 2 else SINGLE_KEPT))
            ):
                counts[r] += 1
                hand.append(f)
            else:
                passed.append(f)
        if len(hand) < want:  # the leanings cannot all hold: fill up from the cards passed
            missing = want - len(hand)
            hand += passed[:missing]
            passed = passed[missing:]
        del pool[left:]
        pool += passed
        return hand, pool, rng.getrandbits(31)

    def table_of(self, drawn: Drawn) -> Table:
        """The full table of a deal from ``draw``: the view's table with the cards drawn."""
        hand, stock, seed = drawn
        t = self.table.clone()
        t.give(1 - self.seat, hand)
        t.stock = stock
        t.seed = seed
        return t

    def holding(self, hand: list[int], t: Table) -> Table:
        """``t`` with the opponent's hand of a deal from ``draw`` (only its hand is set)."""
        opponent = 1 - self.seat
        known = self.table
        t.hands[opponent] = known.hands[opponent][:]
        t.rank_count[opponent] = known.rank_count[opponent][:]
        t.sizes[opponent] = known.sizes[opponent]
        t.values[opponent] = known.values[opponent]
        t.give(opponent, hand)
        return t

    def caps(self) -> list[int]:
        """The most cards of each rank a sensible opponent would hold now (index 2 to 14).

        None of a rank it has melded, at most two of any other, and at most one of a
        rank it recently discarded or let go by on top of the pile (see ``recent``).
        """
        if self._caps is not None:
            return self._caps
        t = self.table
        opponent = 1 - self.seat
        caps = [8] * 15
        for rank in range(3, 15):
            caps[rank] = 0 if t.has_meld(opponent, rank) else 2
        for rank in self.recent():
            if rank != 2:
                caps[rank] = min(caps[rank], 1)
        known = t.known[opponent]
        self._caps = [max(cap, known[rank]) for rank, cap in enumerate(caps)]
        return self._caps

    def recent(self, turns: int = RECENT_TURNS) -> set[int]:
        """Ranks the opponent discarded, or passed by drawing from the stock, lately.

        Read from the public log of the hand: a discard by the opponent, or its draw
        from the stock while the card the seat had just discarded lay on top of the pile.
        Only the opponent's last ``turns`` turns count: since then it drew few cards.
        """
        opponent = 1 - self.seat
        found: list[int] = []
        on_top: int | None = None
        for event in self.view.get("log", ()):
            rule, seat = event.get("rule"), event.get("seat")
            if rule == "mille.discard":
                card = _card_in(event.get("text", ""))
                if seat == opponent and card is not None:
                    found.append(RANK[card])
                on_top = card if seat != opponent else None
            elif rule == "mille.draw.stock" and seat == opponent and on_top is not None:
                found.append(RANK[on_top])
                on_top = None
            elif isinstance(rule, str) and rule.startswith("mille.draw.pile"):
                on_top = None
        return set(found[-2 * turns :])


_CARD_TEXT = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")


def _card_in(text: str) -> int | None:
    """The first card named in a sentence of the log (``North discards the Q♦``)."""
    match = _CARD_TEXT.search(text)
    return face_of(match.group(1) + match.group(2)) if match else None


_RULES_CACHE: dict[tuple, Rules] = {}


def _rules(data: dict[str, Any]) -> Rules:
    key = tuple(sorted(data.items()))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = Rules.from_dict(data)
    return rules
