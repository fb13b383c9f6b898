"""The ideas of the strategy lesson, each worked out from the position: why a move is good.

``reasons(view, move)`` reads only the mover's view (its JSON form) and the move, and gives
the lesson's ideas that move follows or goes against, as ``mille:reason.*`` messages (their
words are in ``bots/messages.py``). The Coach, the review and the strategy exercises name
them beside the expert's figures.

The ideas, in the words of the lesson (``tutorial/mille/strategy.ipynb``):

- ``rich-pile``: take the pile when it is rich (its cards go with your hand or melds).
- ``burden-pile`` (against): a pile of cards you cannot meld is a burden.
- ``poor-pile``: the pile is not worth taking: draw from the stock.
- ``leaves-rich-pile`` (against): a rich pile left for the stock.
- ``shed``: get rid of the Q♠ and the J♦ before the opponent goes out.
- ``keeps-queen-jack`` (against): the Q♠ or J♦ kept while the opponent may go out.
- ``natural``: go out natural: no 2 as a wild, so the melds can score double (said only
  when going out is in reach: melds on the table and a few cards left in hand).
- ``wild-two`` (against): a wild 2 gives up the doubling.
- ``safe-discard``: discard a card the opponent cannot use: it holds a pair seen taken
  from the pile, and another card of yours would let it take the pile with that pair.
- ``feeds`` (against): a discard of the rank of a pair the opponent is seen to hold
  (mille.draw.pile: the pair takes the pile).
- ``meld-first`` (against): a discard while the hand still holds a meld to lay down first
  (the discard ends the turn: mille.discard), when melding it and discarding would go out.
- ``close`` (but): the opponent may go out next turn, so going out now matters more.
- ``lays-points`` (but): the cards laid down no longer count against you.

An idea a move goes against has its message under ``mille:reason.against.``; what may
make it right all the same (the opponent close to going out) under ``mille:reason.but.``,
said only of the expert's own choice.
"""

from __future__ import annotations

from typing import Any

from ..messages import Message, Seat, message
from .messages import Face
from .tables import RANK, VALUE, face_of

__all__ = ["CLOSE", "IDEAS", "RICH", "reasons"]

IDEAS = (
    "rich-pile",
    "burden-pile",
    "poor-pile",
    "leaves-rich-pile",
    "shed",
    "keeps-queen-jack",
    "natural",
    "wild-two",
    "safe-discard",
    "feeds",
    "meld-first",
    "close",
    "lays-points",
)
"""The lesson's ideas a reason can name (``mille:reason.<idea>``)."""

RICH = 3
"""Cards of the pile that go with the hand or the melds from which the pile is rich."""
CLOSE = 4
"""Cards in the opponent's hand at most which may go out soon (the lesson's "a few")."""
_HEAVY = ("QS", "JD")
"""The Queen of spades (100) and the Jack of diamonds (50): mille.values."""


def _pile(view: dict[str, Any], kind: str) -> list[Message]:
    """The pile's ideas for a draw: ``pile`` takes it, ``stock`` leaves it. A card of the
    pile goes with the hand or the melds when its rank is one of the mover's natural melds,
    or the hand holds its rank and hand and pile together make a set of it; cards of a rank
    the hand does not hold that make a set among the pile's own cards go with each other:
    they make the pile rich too, and the words say so ("-together")."""
    me = view["players"][view["seat"]]
    own = {RANK[face_of(meld["cards"][0])] for meld in me["melds"] if meld["naturals"]}
    pile = [face_of(c) for c in view["pile"]]
    held = [RANK[face_of(c)] for c in view["hand"]]
    together = held + [RANK[f] for f in pile]
    melds = {rank for rank in together if together.count(rank) >= 3}  # mille.meld.set
    fits = [f for f in pile if RANK[f] != 2 and RANK[f] in melds | own]
    alone = [f for f in fits if RANK[f] not in own and RANK[f] not in held]
    matched = len(fits)
    rich = matched >= RICH
    size = len(pile)
    if kind == "pile":
        idea = "rich-pile" if rich else "against.burden-pile"
    else:
        idea = "against.leaves-rich-pile" if rich else "poor-pile"
    if not matched and not rich:
        idea += "-none"
    elif alone:  # a set among the pile's own cards (only a rich pile has one)
        idea += "-together"
    return [message(f"mille:reason.{idea}", count=matched, size=size)]


def _natural_open(view: dict[str, Any]) -> bool:
    """True while the mover may still go out natural: no 2 used as a wild so far."""
    melds = view["players"][view["seat"]]["melds"]
    return all(not meld["wilds"] for meld in melds)


def _out_in_reach(view: dict[str, Any], left: int) -> bool:
    """True when going out natural is the question now: the mover has melds on the table
    (the doubling has something to double: mille.score.naturals) and at most ``CLOSE``
    cards left in hand after the move."""
    melds = view["players"][view["seat"]]["melds"]
    return bool(melds) and left <= CLOSE


def _opponent(view: dict[str, Any]) -> tuple[Seat, int]:
    return Seat(1 - view["seat"]), view["opponent_hand_size"]


def _meld(view: dict[str, Any], kind: str, cards: list[str]) -> list[Message]:
    """The going-out-natural ideas of a meld or an addition."""
    if not _natural_open(view):
        return []
    faces = [face_of(c) for c in (cards[1:] if kind == "add" else cards)]
    naturals = [f for f in faces if RANK[f] != 2]
    twos_meld = cards[0] == "2" if kind == "add" else not naturals  # mille.meld.twos
    wild = [] if twos_meld else [f for f in faces if RANK[f] == 2]
    if wild:
        who, count = _opponent(view)
        said = [message("mille:reason.against.wild-two")]
        if count <= CLOSE:  # why the expert may use it anyway
            said.append(message("mille:reason.but.close", who=who, count=count))
        else:  # the cards laid down no longer count against you (mille.score.hand)
            points = sum(VALUE[f] for f in faces)
            said.append(message("mille:reason.but.lays-points", points=points, who=who))
        return said
    left = len(view["hand"]) - len(faces)
    if any(RANK[face_of(c)] == 2 for c in view["hand"]) and _out_in_reach(view, left):
        return [message("mille:reason.natural")]
    return []


def _pairs(view: dict[str, Any]) -> set[int]:
    """The ranks of which the opponent is seen to hold two natural cards (taken from the
    pile: ``known``), with which it may take the pile (mille.draw.pile)."""
    known = [RANK[face_of(c)] for c in view.get("opponent_known") or ()]
    return {rank for rank in known if rank != 2 and known.count(rank) >= 2}


def _fed(view: dict[str, Any], card: str) -> list[Message]:
    """The feeding ideas of a discard: a card of a pair the opponent holds, or another card
    chosen while one of the hand would feed it."""
    who, _count = _opponent(view)
    pairs = _pairs(view)
    rank = RANK[face_of(card)]
    if rank in pairs:  # mille.draw.pile: the opponent's pair takes the pile
        return [message("mille:reason.against.feeds", card=Face(face_of(card)), who=who)]
    if any(RANK[face_of(c)] in pairs for c in view["hand"]):  # another card would feed
        return [message("mille:reason.safe-discard", card=Face(face_of(card)), who=who)]
    return []


def _meld_first(view: dict[str, Any], card: str) -> list[Message]:
    """A discard that ends the turn while the rest of the hand is a meld of naturals to lay
    down first: melding it, then discarding, would go out (mille.discard, mille.go-out)."""
    rest = list(view["hand"])
    rest.remove(card)
    ranks = {RANK[face_of(c)] for c in rest}
    if len(rest) >= 3 and len(ranks) == 1 and 2 not in ranks:  # mille.meld.set
        return [message("mille:reason.against.meld-first", card=Face(face_of(card)))]
    return []


def _discard(view: dict[str, Any], card: str) -> list[Message]:
    """The ideas of a discard: the Q♠ and J♦ shed or kept, a 2 kept out of the melds, a
    card the opponent can use, a meld left in hand."""
    who, count = _opponent(view)
    face = face_of(card)
    first = _meld_first(view, card)
    if first:
        return first
    fed = _fed(view, card)
    if fed:
        return fed
    if str(card) in _HEAVY:
        return [message("mille:reason.shed", card=Face(face), points=VALUE[face], who=who)]
    held = [c for c in view["hand"] if c in _HEAVY]
    if held and count <= CLOSE:
        heavy = face_of(held[0])
        return [
            message(
                "mille:reason.against.keeps-queen-jack",
                discard=Face(face),
                card=Face(heavy),
                points=VALUE[heavy],
                who=who,
                count=count,
            )
        ]
    if RANK[face] == 2 and _natural_open(view) and _out_in_reach(view, len(view["hand"]) - 1):
        return [message("mille:reason.natural-discard", card=Face(face))]
    return []


def reasons(view: dict[str, Any], move: str) -> tuple[Message, ...]:
    """The lesson's ideas the move ``move`` follows or goes against, from the mover's view."""
    kind, *cards = str(move).split()
    match kind:
        case "stock" | "pile":  # mille.draw.stock, mille.draw.pile
            return tuple(_pile(view, kind))
        case "meld" | "add":  # mille.meld.set, mille.wild
            return tuple(_meld(view, kind, cards))
        case "discard":  # mille.discard
            return tuple(_discard(view, cards[0]))
    return ()
