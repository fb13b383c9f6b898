"""The ``basic`` Mililla policy: a club player's rules of thumb, worked on card masks.

:func:`pick` reads only what the seat to move may know: its own hand, the cards played
this round (who played what), the trick on the table, the trump suit and the face-up
card while the dealer still holds it, plus the suits each seat has shown to be out of
(:func:`voids_of`). It never looks at another seat's hand, so it can run inside the
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
from collections.abc import Sequence

from ..state import State
from ..tables import DECK_MASK, POINTS, SUIT, SUIT_MASK
from .solver import cards_in

__all__ = [
    "Tag",
    "beaters_of",
    "is_boss",
    "keep_value",
    "note_play",
    "pick",
    "pick_among",
    "voids_of",
]


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


def note_play(voids: list[int], state: State, card: int) -> None:
    """Record what playing ``card`` now (before it is applied) shows about the mover's hand."""
    trick = state.trick
    if not trick:
        return
    led = state.led
    suit = SUIT[card]
    if suit == led:
        return
    seat: int = state.to_move  # type: ignore[assignment]
    voids[seat] |= 1 << led  # mililla.follow: not following shows none of the suit led
    trump = state.trump
    win = state.win_card
    if (state.win_seat ^ seat) & 1 and suit != trump and SUIT[win] != trump:
        voids[seat] |= 1 << trump  # mililla.beat: an opponent winning and no trump played


def voids_of(
    plays: Sequence[int], seats: Sequence[int], trump: int, higher: Sequence[int]
) -> list[int]:
    """The suits (4-bit masks) each seat has shown to be out of, from this round's plays.

    ``higher`` is the rank order's table (``state.higher``): for each card, the cards of
    its suit that beat it.
    """
    voids = [0, 0, 0, 0]
    led = win = win_seat = 0
    for k, (card, seat) in enumerate(zip(plays, seats, strict=True)):
        suit = SUIT[card]
        if k % 4 == 0:
            led, win, win_seat = suit, card, seat
            continue
        if suit != led:
            voids[seat] |= 1 << led
            if (win_seat ^ seat) & 1 and suit != trump and SUIT[win] != trump:
                voids[seat] |= 1 << trump
        if suit == SUIT[win]:
            if (higher[win] >> card) & 1:
                win, win_seat = card, seat
        elif suit == trump:
            win, win_seat = card, seat  # mililla.trick: a trump beats the suit led
    return voids


def beaters_of(state: State, win: int) -> int:
    """The cards (as a mask) that would beat ``win`` in the current trick."""
    trump = state.trump
    if SUIT[win] == trump:
        return state.higher[win]
    return state.higher[win] | SUIT_MASK[trump]


def is_boss(state: State, card: int, others: int) -> bool:
    """True when no card still out (``others``) of the card's suit ranks above it."""
    return not state.higher[card] & others


def keep_value(state: State, card: int, others: int) -> int:
    """How much a card is worth keeping to win a later trick (trumps and sure winners)."""
    if SUIT[card] == state.trump:
        return 10 + state.order.strength[card] // 2
    if is_boss(state, card, others):
        return 8
    return 0


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

# The rules of thumb compare cards by small keys (points, keep value, suit length,
# strength). They run in every simulated card, so each key is one int whose order is
# the order of the tuple it stands for: (a, b) as a * 16 + b when 0 <= b < 16.


def _can_beat(
    state: State, card: int, led: int, opponents: tuple[int, ...], others: int, voids: list[int]
) -> bool:
    """Might one of ``opponents`` beat ``card`` (winning the trick) with a card still out?"""
    higher_out = state.higher[card] & others
    trump = state.trump
    trumps_out = others & SUIT_MASK[trump]
    if not higher_out and not trumps_out:
        return False
    led_out = others & SUIT_MASK[led]
    is_trump = SUIT[card] == trump
    for seat in opponents:
        void = voids[seat]
        if (void >> trump) & 1:
            if not is_trump and higher_out and not (void >> led) & 1:
                return True
            continue
        out_of_led = (void >> led) & 1 or not led_out
        if is_trump:
            if higher_out and (led == trump or out_of_led):
                return True
        elif (higher_out and not (void >> led) & 1) or (trumps_out and out_of_led):
            return True
    return False


def _most_to_give(state: State, cards: list[int], others: int) -> int:
    """The card worth most to give away: its points against its keep value, then the weaker."""
    trump, strength, higher = state.trump, state.order.strength, state.higher
    best = card = -(1 << 20)
    for c in cards:
        # keep_value(), written out
        keep = 10 + strength[c] // 2 if SUIT[c] == trump else 0 if higher[c] & others else 8
        key = (POINTS[c] * 2 - keep) * 16 - strength[c]  # (points * 2 - keep, -strength)
        if key > best:
            best, card = key, c
    return card


def _cheapest_to_lose(state: State, cards: list[int], hand: int, others: int) -> int:
    """The card that costs least to lose: points and keep value, the shorter suit, the weaker."""
    trump, strength, higher = state.trump, state.order.strength, state.higher
    best = card = 1 << 30
    for c in cards:
        suit = SUIT[c]  # keep_value(), written out:
        keep = 10 + strength[c] // 2 if suit == trump else 0 if higher[c] & others else 8
        length = (hand & SUIT_MASK[suit]).bit_count()
        key = ((POINTS[c] * 3 + keep) * 16 + length) * 16 + strength[c]
        if key < best:
            best, card = key, c
    return card


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
        if not _can_beat(state, win, led, opponents, others, voids):
            return _most_to_give(state, cards_in(legal), others), _SMEAR
        strength = state.order.strength
        best = card = 1 << 30
        for c in cards_in(legal & beaters_of(state, win)):
            if not _can_beat(state, c, led, opponents, others, voids):
                keep = keep_value(state, c, others)
                rank = keep * 16 + strength[c]  # (keep value, strength)
                if rank < best:
                    best, card = rank, c
        if best < 1 << 30:
            return card, _OVERTAKE
        return _cheapest_to_lose(state, cards_in(legal), hand, others), _PROTECT
    # mililla.beat: an opponent is winning; a seat that can beat it must (only 7s aside)
    beating = legal & beaters_of(state, win)
    if beating:
        winners = cards_in(beating)
        if not _LATER[key]:
            return _most_to_give(state, winners, others), _WIN_LAST
        safe = [c for c in winners if not _can_beat(state, c, led, opponents, others, voids)]
        if safe:
            return _most_to_give(state, safe, others), _WIN_SAFE
        strength = state.order.strength
        return min(winners, key=lambda c: POINTS[c] * 16 + strength[c]), _BEAT_CHEAP
    return _cheapest_to_lose(state, cards_in(legal), hand, others), _DUCK


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
