"""What one seat knows of a Mille hand, read from its view alone, and deals of the rest.

:class:`Knowledge` reads a seat's view (nothing else) into a :class:`~.model.Table`
with the seat's own cards, the melds, the pile and the cards the opponent is known to
hold; its ``sample`` deals the cards the seat cannot see at random, like
``Game.from_view``.

Reading the opponent: a deal drawn by :meth:`Knowledge.sample` agrees with every card the
seat can see, but the opponent's discards say more: a player who follows the rules of
thumb lets go of the card it values least, once it has no meld left to make. :func:`deal`
keeps drawing deals until one gives the opponent a hand in which the ``basic`` rules of
thumb would have made its last discard (the card now on top of the pile) and, nearly,
the one before (a few tries at most, then it takes the last one), so the simulations play
against hands like the ones the opponent really keeps. The table as it stood at those
discards is rebuilt from the view: the pile then, and the melds laid since, read from
the public log of the hand.
"""

from __future__ import annotations

import random
import re
from typing import Any

from ..rules import Rules
from ..state import Phase
from ..tables import RANK, VALUE, face_of, plural
from .estimates import BASIC, discard_ranking
from .model import DISCARD, FACES_OF_RANK, MELD_PHASE, Table
from .policy import meld_phase_plan

__all__ = [
    "RECENT_TURNS",
    "SINGLE_KEPT",
    "TRIES",
    "TWO_KEPT",
    "Discards",
    "Drawn",
    "Knowledge",
    "deal",
]


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


TRIES = 16
"""How many deals are drawn at most to find one that fits the opponent's discards."""
_CARDS = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_MELD_OF = re.compile(r"meld of (\w+)")
_MELD_RULES = {"mille.meld.set", "mille.meld.twos", "mille.meld.own", "mille.meld.one-per-rank"}
_RANK_OF_PLURAL = {plural(rank): rank for rank in range(2, 15)}

Melds = list[tuple[int, list[int]]]
"""Melds laid or added to, each as its rank and the cards laid."""


class Discards:
    """The table as it was at the opponent's last two discards, to test deals against."""

    __slots__ = ("card", "earlier", "earlier_card", "last", "opponent", "since")

    def __init__(self, knowledge: Knowledge) -> None:
        t = knowledge.table
        seat = knowledge.seat
        self.opponent = opponent = 1 - seat
        self.card: int | None = None
        self.last = Table(t.rules)
        self.earlier_card: int | None = None
        self.earlier = Table(t.rules)
        self.since: list[int] = []
        """Cards that joined the opponent's hand or melds between the two discards."""
        turns = _last_turns(knowledge.view, opponent)
        if turns is None or not t.pile or turns[0] != t.pile[-1]:
            return  # the top card was not discarded by the opponent (turned up, or none)
        card, ours_now, previous = turns
        drew = 1 if t.phase is MELD_PHASE else 0  # in our meld phase we drew from the stock
        stock = knowledge.view["stock_size"] + drew
        table = t.clone()
        _unlay(table, seat, ours_now)
        size = t.sizes[seat] - drew + _count(ours_now)  # our hand when it discarded
        self.last = _before(table, opponent, len(t.pile) - 1, stock, size)
        self.card = card
        if previous is None or len(t.pile) < 3 or previous[0] != t.pile[-3]:
            return
        earlier, ours_then, theirs_then = previous
        _unlay(table, seat, ours_then)
        _unlay(table, opponent, theirs_then)
        self.earlier = _before(
            table, opponent, len(t.pile) - 3, stock + 2, size + _count(ours_then)
        )
        self.earlier_card = earlier
        self.since = [card, *(f for _, faces in theirs_then for f in faces)]

    def fits(self, sampled: Table) -> bool:
        """Whether the basic rules of thumb, holding the sampled hand, made these discards.

        Only the opponent's hand of ``sampled`` is read. The last discard must be exactly
        what they choose. For the one before, the card
        drawn since is unknown, so the discard must rank first or second among the cards
        held then and since (one of them is the drawn card, which was not there yet).
        """
        card = self.card
        if card is None:
            return True
        opponent = self.opponent
        t = self.last  # its opponent's hand is empty: filled in for this test, then emptied
        _hold(t, opponent, sampled)
        t.give(opponent, (card,))
        kind, faces, _ = meld_phase_plan(t, BASIC)[0]
        _empty(t, opponent)
        if not (kind is DISCARD and _same(faces[0], card)):
            return False
        earlier = self.earlier_card
        if earlier is None:
            return True
        # then it held the sampled hand and the cards since, but for one of the discard's
        # rank, the first one held (which may be the card drawn since)
        hand = sampled.hands[opponent]
        rank = RANK[earlier]
        gone = next((f for f in FACES_OF_RANK[rank] if hand[f]), None)
        if gone is None:
            gone = next((f for f in self.since if RANK[f] == rank), None)
        t = self.earlier
        _hold(t, opponent, sampled)
        t.give(opponent, [*self.since, earlier])
        if gone is not None:
            _drop(t, opponent, gone)
        ranked = discard_ranking(t, opponent, BASIC)
        _empty(t, opponent)
        return any(_same(face, earlier) for _, face in ranked[:2])


def _hold(t: Table, seat: int, sampled: Table) -> None:
    """Give a seat with an empty hand the hand it holds in ``sampled``."""
    t.hands[seat] = sampled.hands[seat][:]
    t.rank_count[seat] = sampled.rank_count[seat][:]
    t.sizes[seat] = sampled.sizes[seat]
    t.values[seat] = sampled.values[seat]


def _drop(t: Table, seat: int, face: int) -> None:
    """Take a card given to a hand back out (unlike ``Table.remove``, nothing is made public)."""
    t.hands[seat][face] -= 1
    t.rank_count[seat][RANK[face]] -= 1
    t.values[seat] -= VALUE[face]
    t.sizes[seat] -= 1


def _empty(t: Table, seat: int) -> None:
    """Empty a seat's hand again (what it is publicly known to hold is left as it was)."""
    t.hands[seat] = [0] * 52
    t.rank_count[seat] = [0] * 15
    t.sizes[seat] = 0
    t.values[seat] = 0


def _same(a: int, b: int) -> bool:
    return RANK[a] == RANK[b] and VALUE[a] == VALUE[b]


def _count(melds: Melds) -> int:
    return sum(len(faces) for _, faces in melds)


def _unlay(t: Table, seat: int, melds: Melds) -> None:
    """Take cards back off the seat's melds, to see the table as it was before."""
    for rank, faces in melds:
        for f in faces:
            if RANK[f] == rank:
                t.meld_nat[seat][rank] -= 1
            else:
                t.meld_wild[seat][rank] -= 1
            t.meld_val[seat][rank] -= VALUE[f]
            t.melded[seat][rank] -= 1
            t.meld_ranks[RANK[f]] -= 1


def _before(t: Table, opponent: int, pile_size: int, stock_size: int, size: int) -> Table:
    """The public table when the pile had ``pile_size`` cards, the opponent to discard.

    ``size`` is the size our hand had then; the opponent's hand is left empty.
    """
    before = t.clone()
    before.sizes[1 - opponent] = size
    before.set_pile(before.pile[:pile_size])
    for f in range(52):  # the opponent's hand is filled in from each deal
        if before.hands[opponent][f]:
            before.remove(opponent, [f] * before.hands[opponent][f])
    before.known[opponent] = t.known[opponent][:]
    before.stock = [0] * stock_size  # only its size matters to the rules of thumb
    before.to_move = opponent
    before.phase = MELD_PHASE
    before.first_turn = False
    return before


def _meld_of(text: str) -> tuple[int, list[int]]:
    """The rank and cards of a meld event of the log (``North adds 2♣ to the meld of Kings``)."""
    faces = [face_of(a + b) for a, b in _CARDS.findall(text)]
    ranks = {RANK[f] for f in faces if RANK[f] != 2}
    if ranks:
        return ranks.pop(), faces
    word = _MELD_OF.search(text)
    return _RANK_OF_PLURAL.get(word.group(1) if word else "", 2), faces


def _last_turns(
    view: dict[str, Any], opponent: int
) -> tuple[int, Melds, tuple[int, Melds, Melds] | None] | None:
    """The opponent's last two discards and the melds laid since, read from the log.

    Returns its last discard with our melds laid after it, and, if its turn before that
    is readable (a draw from the stock, melds, a discard), its previous discard with the
    melds each side laid between the two. None if the last discard was not its own.
    """
    ours_now: Melds = []
    ours_then: Melds = []
    theirs_then: Melds = []
    last: int | None = None
    stage = 0  # 0: after its last discard; 1: its last turn; 2: our turn before that
    for event in reversed(view.get("log", [])):
        rule, seat, text = event.get("rule"), event.get("seat"), str(event.get("text", ""))
        if rule == "mille.discard":
            match = _CARDS.search(text)
            card = face_of(match.group(1) + match.group(2)) if match else None
            if card is None or (seat == opponent) != (stage != 1):
                return None if last is None else (last, ours_now, None)
            if stage == 0:
                last, stage = card, 1
            elif stage == 1:
                stage = 2
            else:
                return last, ours_now, (card, ours_then, theirs_then)
        elif rule in _MELD_RULES:
            meld = _meld_of(text)
            (ours_now if stage == 0 else theirs_then if stage == 1 else ours_then).append(meld)
        elif rule not in ("mille.draw.stock", "mille.announce"):
            return None if last is None else (last, ours_now, None)
    return None if last is None else (last, ours_now, None)


def deal(knowledge: Knowledge, discards: Discards, rng: random.Random) -> Table:
    """A shrewd deal of the hidden cards that, if it can, fits the opponent's discards."""
    drawn = knowledge.draw(rng, shrewd=True)
    if discards.card is not None:  # else every deal fits
        # a deal is tested on its opponent's hand alone; the table is built for the one kept
        held = Table(knowledge.table.rules)
        for _ in range(TRIES - 1):
            if discards.fits(knowledge.holding(drawn[0], held)):
                break
            drawn = knowledge.draw(rng, shrewd=True)
    return knowledge.table_of(drawn)
