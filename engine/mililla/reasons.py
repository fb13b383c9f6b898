"""The ideas of the strategy lesson, each worked out from the position: why a card is good.

``reasons(view, move)`` reads only the mover's view (its JSON form) and the card, and gives
the lesson's ideas that card follows or goes against, as ``mililla:reason.*`` messages
(their words are in ``bots/messages.py``). The Coach, the review and the strategy exercises
name them beside the expert's figures; none is read from the chosen move's text alone.

The ideas, in the words of the lesson (``tutorial/mililla/strategy.ipynb``):

- ``keep-top-trump``: keep the top trump; a lower trump that wins does the job.
- ``low-trump``: a low trump that wins is as good as a high one (the high one stays).
- ``spends-high-trump`` (against): a high trump spent where a lower one wins too.
- ``afford-to-lose``: lead a card you can afford to lose, keep the sure winners (a trump
  is not such a card while one of another suit, not sure to win, could go instead).
- ``leads-trump`` (against): a trump led while a card of another suit could be lost.
- ``leads-sure-winner`` (against): a sure winner led while it can catch little.
- ``leads-points`` (against): a card with points led that can be lost.
- ``to-partner``: lead points in a suit your partner has none of: your partner can trump
  (not shown out of trumps, and some trump still out).
- ``seven-to-partner``: give your 7 to a trick your partner is sure to win.
- ``points-to-partner``: give your points to a trick your partner is sure to win.
- ``keep-seven``: don't give a 7 away (another card goes on the other team's trick).
- ``gives-seven`` (against): a 7 given to a trick the other team may win.
- ``take-points``: take the trick's points when nobody after you can beat your card.
- ``cheapest``: a trick your team may lose gets the card you can best afford to lose (not
  a trump while a card of another suit worth no more could go).
- ``last-tricks`` (but): with few tricks left, a sure winner may as well be cashed now.
"""

from __future__ import annotations

from typing import Any

from ..messages import Message, Seat, message
from .messages import Card
from .tables import DECK_MASK, ORDERS, POINTS, SEVENS, SUIT, bits, index_of

__all__ = ["IDEAS", "LAST_TRICKS", "reasons"]

# An idea a card goes against has its message under ``mililla:reason.against.``; what may
# make it right all the same under ``mililla:reason.but.``, said only of the expert's choice.

IDEAS = (
    "keep-top-trump",
    "low-trump",
    "spends-high-trump",
    "afford-to-lose",
    "leads-sure-winner",
    "leads-trump",
    "leads-points",
    "to-partner",
    "seven-to-partner",
    "points-to-partner",
    "keep-seven",
    "gives-seven",
    "take-points",
    "cheapest",
    "last-tricks",
)
"""The lesson's ideas a reason can name (``mililla:reason.<idea>``)."""


LAST_TRICKS = 3
"""Tricks left at most from which a sure winner may as well be cashed now."""


class _Table:
    """What the view says about the trick and the cards still out, as card indexes."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.seat: int = view["seat"]
        self.strength = ORDERS[bool(view["rules"].get("traditional_rank"))].strength
        self.trump = SUIT[index_of(view["trump_card"])]
        self.hand = [index_of(text) for text in view["hand"]]
        self.legal = [index_of(text) for text in view.get("legal") or view["hand"]]
        self.trick = [(play["seat"], index_of(play["card"])) for play in view["trick"]]
        seen = sum(1 << index_of(play["card"]) for play in view["played"])
        seen |= sum(1 << card for _seat, card in self.trick) | sum(1 << c for c in self.hand)
        self.out = bits(DECK_MASK & ~seen)
        """The cards nobody has shown: one of the other seats holds each."""
        self.void: set[tuple[int, int]] = set()
        """(seat, suit) for each suit a seat has shown to have none of (mililla.follow)."""
        tricks: dict[int, list[tuple[int, int]]] = {}
        for play in view["played"]:
            tricks.setdefault(play["trick"], []).append((play["seat"], index_of(play["card"])))
        for plays in [*tricks.values(), self.trick]:
            led = SUIT[plays[0][1]] if plays else -1
            self.void |= {(seat, led) for seat, card in plays if SUIT[card] != led}

    def beats(self, card: int, other: int) -> bool:
        """True when ``card`` played after ``other`` takes the lead from it (mililla.trick)."""
        if SUIT[card] == SUIT[other]:
            return self.strength[card] > self.strength[other]
        return SUIT[card] == self.trump

    def winner(self, card: int) -> tuple[int, int]:
        """The seat and card winning the trick once the mover plays ``card``."""
        plays = [*self.trick, (self.seat, card)]
        seat, best = plays[0]
        for who, played in plays[1:]:
            if self.beats(played, best):
                seat, best = who, played
        return seat, best

    def last(self) -> bool:
        """True when the mover plays the trick's last card."""
        return len(self.trick) == 3

    def sure(self, card: int) -> bool:
        """True when no card still out can beat ``card`` (or nobody plays after it)."""
        return self.last() or not any(self.beats(other, card) for other in self.out)

    def may_trump(self, seat: int, suit: int) -> bool:
        """True when ``seat`` has shown to have no ``suit`` and may still hold a trump: not
        shown out of trumps, and some trump is still out (mililla.follow, mililla.trick)."""
        if (seat, suit) not in self.void or (seat, self.trump) in self.void:
            return False
        return any(SUIT[c] == self.trump for c in self.out)

    def top_trump(self) -> int | None:
        """The highest trump not yet played (in the hand or still out), if any."""
        trumps = [c for c in [*self.hand, *self.out] if SUIT[c] == self.trump]
        return max(trumps, key=lambda c: self.strength[c], default=None)


def _trumps(table: _Table, card: int) -> list[Message]:
    """The counting-trumps ideas, for a trump played on a trick (not led)."""
    seat, _best = table.winner(card)
    if seat != table.seat:
        return []
    winning = [
        c
        for c in table.legal
        if SUIT[c] == table.trump and c != card and table.winner(c)[0] == table.seat
    ]
    higher = [c for c in winning if table.strength[c] > table.strength[card]]
    lower = [c for c in winning if table.strength[c] < table.strength[card]]
    if lower:
        low = min(lower, key=lambda c: table.strength[c])
        return [message("mililla:reason.against.spends-high-trump", card=Card(card), low=Card(low))]
    if higher:
        high = max(higher, key=lambda c: table.strength[c])
        idea = "keep-top-trump" if high == table.top_trump() else "low-trump"
        return [message(f"mililla:reason.{idea}", card=Card(card), high=Card(high))]
    return []


def _lead(table: _Table, card: int) -> list[Message]:
    """The leading ideas: a card you can afford to lose, the sure winners kept."""
    partner = (table.seat + 2) % 4
    suit = SUIT[card]
    if POINTS[card] and suit != table.trump and table.may_trump(partner, suit):
        return [
            message(
                "mililla:reason.to-partner", card=Card(card), who=Seat(partner), points=POINTS[card]
            )
        ]
    sure = [c for c in table.hand if table.sure(c)]
    if card in sure:
        said = [message("mililla:reason.against.leads-sure-winner", card=Card(card))]
        if len(table.hand) <= LAST_TRICKS:  # why the expert may lead it all the same
            said.append(message("mililla:reason.but.last-tricks", count=len(table.hand)))
        return said
    losers = [c for c in table.hand if c not in sure and SUIT[c] != table.trump]
    if SUIT[card] == table.trump and losers:  # mililla.trick: a trump takes any other suit
        other = min(losers, key=lambda c: (POINTS[c], table.strength[c]))
        return [message("mililla:reason.against.leads-trump", card=Card(card), other=Card(other))]
    cheaper = [c for c in table.hand if c not in sure and POINTS[c] < POINTS[card]]
    if cheaper:
        return [
            message("mililla:reason.against.leads-points", card=Card(card), points=POINTS[card])
        ]
    kept = max(sure, key=lambda c: (POINTS[c], table.strength[c]), default=None)
    if kept is None:
        return [message("mililla:reason.afford-to-lose", card=Card(card), points=POINTS[card])]
    return [
        message(
            "mililla:reason.afford-to-lose-keep",
            card=Card(card),
            points=POINTS[card],
            kept=Card(kept),
        )
    ]


def _follow(table: _Table, card: int) -> list[Message]:
    """The ideas of a card played on a trick: the 7s, the points, the cheapest card."""
    said: list[Message] = []
    seat, best = table.winner(card)
    partner = (table.seat + 2) % 4
    ours = seat in (table.seat, partner) and table.sure(best)
    sevens = [c for c in table.legal if 1 << c & SEVENS]
    if POINTS[card] and seat == partner:
        if ours:
            idea = "seven-to-partner" if 1 << card & SEVENS else "points-to-partner"
            said.append(message(f"mililla:reason.{idea}", card=Card(card), points=POINTS[card]))
        elif 1 << card & SEVENS:
            said.append(message("mililla:reason.against.gives-seven-unsure", card=Card(card)))
    elif 1 << card & SEVENS and seat != table.seat:
        said.append(message("mililla:reason.against.gives-seven", card=Card(card), who=Seat(seat)))
    elif sevens and not ours and card not in sevens:
        said.append(message("mililla:reason.keep-seven", card=Card(card), seven=Card(sevens[0])))
    if SUIT[card] == table.trump:  # counting trumps: which trump does the job
        said += _trumps(table, card)
    if seat == table.seat and table.sure(card):
        points = sum(POINTS[c] for _s, c in table.trick) + POINTS[card]
        if points:
            said.append(message("mililla:reason.take-points", card=Card(card), points=points))
    if seat != table.seat and not ours and not said:  # a trick your team may lose
        cheapest = min(POINTS[c] for c in table.legal)
        side = [c for c in table.legal if SUIT[c] != table.trump and POINTS[c] <= POINTS[card]]
        if POINTS[card] == cheapest and not (SUIT[card] == table.trump and side):
            said.append(message("mililla:reason.cheapest", card=Card(card), points=POINTS[card]))
    return said


def reasons(view: dict[str, Any], move: str) -> tuple[Message, ...]:
    """The lesson's ideas the card ``move`` follows or goes against, from the mover's view."""
    table = _Table(view)
    card = index_of(str(move))
    if not table.trick:  # mililla.lead: the leader chooses the suit
        return tuple(_lead(table, card))
    return tuple(_follow(table, card))
