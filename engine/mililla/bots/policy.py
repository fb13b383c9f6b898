"""The ``basic`` Mililla policy: a club player's rules of thumb, worked on card masks.

:func:`pick` reads only what the seat to move may know: its own hand, the cards played
this round (who played what), the trick on the table, the trump suit and the face-up
card while the dealer still holds it, plus the suits each seat has shown to be out of
(``knowledge.voids_of``); the estimates it compares cards by are in ``estimates``. It
never looks at another seat's hand, so it can run inside the
expert's simulated deals and on a game rebuilt from a view alike, and it is fast enough
(some microseconds) to play whole rounds out thousands of times.

The rules of thumb, in the order a teacher gives them:

* leading: cash a card nobody can beat (the highest left of a side suit); holding
  the top trump and another, lead the top trump to draw the others'; lead a suit your
  partner can trump; otherwise lead the card that costs least to lose;
* your partner is winning for sure: give them points ("smear"), keeping your winners;
* your partner's card may still be beaten: overtake it with a sure winner, or give
  nothing of value;
* an opponent is winning: take the trick cheaply when you play last, or with a card
  nothing can beat; if you must beat (``mililla.beat``) and cannot be sure, beat as
  cheaply as you can; if you cannot beat, throw the cheapest card.
"""

from __future__ import annotations

import enum

from ..state import State
from ..tables import DECK_MASK, POINTS, SUIT, SUIT_MASK
from .estimates import beaters_of, can_beat, cheapest_to_lose, keep_value, most_to_give
from .model import cards_in

__all__ = ["Tag", "pick", "pick_among"]


class Tag(enum.Enum):
    """Which rule of thumb chose the card (the reason's words are built from it)."""

    ONLY = "only"
    """The rules leave one card."""
    LEAD_BOSS = "lead-boss"
    """Lead the highest card left of a side suit: it should win the trick."""
    LEAD_TRUMP = "lead-trump"
    """Lead the highest trump left to draw the opponents' trumps."""
    LEAD_TO_PARTNER = "lead-to-partner"
    """Lead a suit the partner has shown to be out of, so the partner can trump."""
    LEAD_LOW = "lead-low"
    """Lead a cheap card from the longest side suit."""
    SMEAR = "smear"
    """The partner surely wins the trick: give it points."""
    OVERTAKE = "overtake"
    """The partner may be beaten: take over with a card nothing can beat."""
    PROTECT = "protect"
    """The partner may be beaten: give nothing of value."""
    WIN_LAST = "win-last"
    """Playing last, take the trick."""
    WIN_SAFE = "win-safe"
    """Take the trick with a card nothing left can beat."""
    BEAT_CHEAP = "beat-cheap"
    """Beat the opponent as cheaply as possible (it may be overtaken)."""
    DUCK = "duck"
    """Cannot beat the opponent: give the cheapest card."""


_LATER: dict[tuple[int, int, int], tuple[int, ...]] = {
    (step, seat, played): tuple((seat + step * k) & 3 for k in range(1, 4 - played))
    for step in (1, 3)
    for seat in range(4)
    for played in range(4)
}
"""The seats still to play after ``seat`` by (step, seat, cards already in the trick)."""
_OPPONENTS = {key: tuple(s for s in seats if (s ^ key[1]) & 1) for key, seats in _LATER.items()}
"""The same, the opponents of ``seat`` only."""
_SUITS_MASK: tuple[int, ...] = tuple(
    sum(SUIT_MASK[s] for s in range(4) if (suits >> s) & 1) for suits in range(16)
)
"""For each set of suits (4 bits), all their cards as a mask."""
_ONLY, _LEAD_BOSS, _LEAD_TRUMP, _LEAD_TO_PARTNER, _LEAD_LOW = (
    Tag.ONLY, Tag.LEAD_BOSS, Tag.LEAD_TRUMP, Tag.LEAD_TO_PARTNER, Tag.LEAD_LOW
)  # fmt: skip
_SMEAR, _OVERTAKE, _PROTECT, _WIN_LAST, _WIN_SAFE, _BEAT_CHEAP, _DUCK = (
    Tag.SMEAR, Tag.OVERTAKE, Tag.PROTECT, Tag.WIN_LAST, Tag.WIN_SAFE, Tag.BEAT_CHEAP, Tag.DUCK
)  # fmt: skip


def pick(state: State, voids: list[int]) -> tuple[int, Tag]:
    """The basic bot's card for the seat to move, and the rule of thumb that chose it."""
    legal = state.decide()[0]
    if not legal & (legal - 1):
        return legal.bit_length() - 1, _ONLY  # the rules (follow, beat, seven) leave one
    return pick_among(state, voids, legal)


def pick_among(state: State, voids: list[int], legal: int) -> tuple[int, Tag]:
    """``pick`` given the legal cards (a mask of two or more): for playouts that have them."""
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    others = DECK_MASK & ~hand & ~state.played
    if not state.trick:
        return _lead(state, seat, hand, legal, others, voids)  # mililla.lead: any card
    win = state.win_card
    key = (state.step, seat, len(state.trick))
    opponents = _OPPONENTS[key]
    led = state.led
    if not (state.win_seat ^ seat) & 1:  # mililla.beat: the partner wins, no need to beat
        if not can_beat(state, win, led, opponents, others, voids):
            return most_to_give(state, cards_in(legal), others), _SMEAR
        strength = state.order.strength
        best = card = 1 << 30
        for c in cards_in(legal & beaters_of(state, win)):
            if not can_beat(state, c, led, opponents, others, voids):
                keep = keep_value(state, c, others)
                rank = keep * 16 + strength[c]  # (keep value, strength)
                if rank < best:
                    best, card = rank, c
        if best < 1 << 30:
            return card, _OVERTAKE
        return cheapest_to_lose(state, cards_in(legal), hand, others), _PROTECT
    # mililla.beat: an opponent is winning; a seat that can beat it must (only 7s aside)
    beating = legal & beaters_of(state, win)
    if beating:
        winners = cards_in(beating)
        if not _LATER[key]:
            return most_to_give(state, winners, others), _WIN_LAST
        safe = [c for c in winners if not can_beat(state, c, led, opponents, others, voids)]
        if safe:
            return most_to_give(state, safe, others), _WIN_SAFE
        strength = state.order.strength
        return min(winners, key=lambda c: POINTS[c] * 16 + strength[c]), _BEAT_CHEAP
    return cheapest_to_lose(state, cards_in(legal), hand, others), _DUCK


def _lead(
    state: State, seat: int, hand: int, legal: int, others: int, voids: list[int]
) -> tuple[int, Tag]:
    """mililla.lead: choose the card to lead (any card may be led)."""
    trump = state.trump
    strength = state.order.strength
    higher = state.higher
    opp_void = voids[(seat + 1) & 3] | voids[(seat + 3) & 3]
    partner_void = voids[(seat + 2) & 3]
    trumps_out = others & SUIT_MASK[trump]
    side = legal & ~SUIT_MASK[trump]
    if trumps_out:  # an opponent out of a suit, or its last card, could be trumped
        side &= ~_SUITS_MASK[opp_void]
    best = card = -1
    for c in cards_in(side):
        if higher[c] & others:
            continue  # not the highest card left of its suit
        out = others & SUIT_MASK[SUIT[c]]
        if trumps_out and not out:
            continue  # an opponent could trump it
        rank = (POINTS[c] * 64 + out.bit_count()) * 64 + c  # (points, cards out, card)
        if rank > best:
            best, card = rank, c
    if card >= 0:
        return card, _LEAD_BOSS
    my_trumps = hand & SUIT_MASK[trump]
    if trumps_out and my_trumps & (my_trumps - 1):  # two trumps or more
        top = max(cards_in(my_trumps), key=strength.__getitem__)
        if not higher[top] & others:
            return top, _LEAD_TRUMP
    if trumps_out and not (partner_void >> trump) & 1:
        to_partner = legal & _SUITS_MASK[partner_void & ~opp_void & ~(1 << trump)]
        if to_partner:
            low = min(cards_in(to_partner), key=lambda c: POINTS[c] * 16 + strength[c])
            return low, _LEAD_TO_PARTNER
    lengths = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]
    best = 1 << 30
    for c in cards_in(legal):
        suit = SUIT[c]  # keep_value(), written out:
        keep = 10 + strength[c] // 2 if suit == trump else 0 if higher[c] & others else 8
        cost = POINTS[c] * 3 + keep
        if trumps_out and (opp_void >> suit) & 1:
            cost += 8  # the opponents would trump it
        rank = (cost * 16 + 10 - lengths[suit]) * 16 + strength[c]  # (cost, -length, strength)
        if rank < best:
            best, card = rank, c
    return card, _LEAD_LOW
