"""The one place that decides which cards may be played (``mililla.lead`` ... ``mililla.free``).

``decide(state)`` returns the mask of legal cards for the seat to move, *why* (which branch
of the rules decided it) and the mask of 7s set aside by ``mililla.seven``. ``legal_moves``,
``play`` and ``explain`` all call it, so they cannot disagree.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from ..cards import SpanishCard, SpanishSuit, parse_cards
from ..errors import InvalidMoveError
from ..messages import message
from .rules import DEFAULT_RULES, Rules
from .tables import CARDS, ORDERS, SEVENS, SUIT, SUIT_MASK, UNBLOCKED_SEVENS

if TYPE_CHECKING:
    from .state import State

__all__ = ["DECIDE_READS", "SEVEN_MODES", "Why", "decide", "what_if"]

SEVEN_MODES = {"default": 0, "earlier-tricks": 1, "off": 2}
"""``Rules.seven_rule`` as the small int the engine keeps."""
_DEFAULT, _EARLIER, _OFF = 0, 1, 2

BLOCKABLE: tuple[int, ...] = tuple(SEVENS & ~UNBLOCKED_SEVENS[opened] for opened in range(16))
"""For each set of suits already played (4-bit), the 7s still blocked (``mililla.seven``)."""


class Why(enum.IntEnum):
    """Which branch of the rules decided the legal cards."""

    LEAD = 0
    """Leading the trick: any card (``mililla.lead``)."""
    ONLY_SEVENS = 1
    """Every card held is a blocked 7: any of them (``mililla.seven``)."""
    FOLLOW_PARTNER = 2
    """Following suit while the partner is winning: any card of the suit (``mililla.follow``)."""
    FOLLOW_TRUMPED = 3
    """Following suit in a trick an opponent has trumped: any card of the suit."""
    FOLLOW_CANNOT_BEAT = 4
    """Following suit, an opponent is winning and no card of the suit beats it."""
    BEAT_FOLLOW = 5
    """Following suit and able to beat the opponent: a higher card (``mililla.beat``)."""
    BEAT_TRUMP = 6
    """Void in the suit led, an opponent winning, holding a trump that beats: trump."""
    FREE_PARTNER = 7
    """Void in the suit led, the partner winning: any card (``mililla.free``)."""
    FREE_CANNOT_BEAT = 8
    """Void in the suit led, an opponent winning, no trump that beats: any card."""


LEAD = Why.LEAD
ONLY_SEVENS = Why.ONLY_SEVENS
FOLLOW_PARTNER = Why.FOLLOW_PARTNER
FOLLOW_TRUMPED = Why.FOLLOW_TRUMPED
FOLLOW_CANNOT_BEAT = Why.FOLLOW_CANNOT_BEAT
BEAT_FOLLOW = Why.BEAT_FOLLOW
BEAT_TRUMP = Why.BEAT_TRUMP
FREE_PARTNER = Why.FREE_PARTNER
FREE_CANNOT_BEAT = Why.FREE_CANNOT_BEAT


def decide(state: State, seven: int | None = None) -> tuple[int, Why, int]:
    """The legal cards of the seat to move as a mask, why, and the blocked 7s.

    ``seven`` overrides the rules' ``mililla.seven`` mode (0 default, 1 earlier tricks,
    2 off); explanations use it to tell whether the 7 rule changed the answer.
    """
    hand = state.hands[state.to_move]  # type: ignore[index]
    if not state.trick:
        return hand, LEAD, 0  # mililla.lead: any card, a 7 too
    if seven is None:
        seven = state.seven
    # mililla.seven: a 7 waits until a card of its suit has been played this round
    if seven == _DEFAULT:
        blocked = hand & BLOCKABLE[state.suits_now]
    elif seven == _EARLIER:
        blocked = hand & BLOCKABLE[state.suits_before]
    else:
        blocked = 0
    rest = hand & ~blocked
    if not rest:
        return hand, ONLY_SEVENS, blocked  # mililla.seven: nothing but blocked 7s
    led = state.led
    follow = rest & SUIT_MASK[led]
    opponent_winning = (state.win_seat ^ state.to_move) & 1  # type: ignore[operator]
    winner = state.win_card
    if follow:  # mililla.follow
        if not opponent_winning:
            return follow, FOLLOW_PARTNER, blocked
        if SUIT[winner] != led:
            return follow, FOLLOW_TRUMPED, blocked  # mililla.beat: following never beats a trump
        higher = follow & state.higher[winner]
        if higher:
            return higher, BEAT_FOLLOW, blocked  # mililla.beat
        return follow, FOLLOW_CANNOT_BEAT, blocked
    if not opponent_winning:
        return rest, FREE_PARTNER, blocked  # mililla.free
    trumps = rest & SUIT_MASK[state.trump]
    if trumps:
        if SUIT[winner] == state.trump:
            trumps &= state.higher[winner]
        if trumps:
            return trumps, BEAT_TRUMP, blocked  # mililla.beat: trump, above any trump in the trick
    return rest, FREE_CANNOT_BEAT, blocked  # mililla.free


DECIDE_READS = (
    "hands",
    "higher",
    "led",
    "seven",
    "suits_before",
    "suits_now",
    "to_move",
    "trick",
    "trump",
    "win_card",
    "win_seat",
)
"""The fields of a state that ``decide`` reads (a stand-in for the state holds them)."""


class _WhatIf:
    """A bare stand-in for the state, holding only what ``decide`` reads."""

    __slots__ = DECIDE_READS


def what_if(
    hand: str, trick: str, trump: str, earlier: str = "", rules: Rules | None = None
) -> tuple[list[SpanishCard], Why]:
    """The cards a hand may play to a trick, all given as text; for lessons and tests.

    ``trick`` holds the cards played so far to this trick, the leader's first: the player
    to move sits next, so the last card is an opponent's and the one before it the
    partner's. ``trump`` is the trump suit's letter (or any card of it); ``earlier`` the
    cards played in earlier tricks of the round. Uses the same ``decide`` as the game.
    """
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a mililla.Rules, not {type(rules).__name__}")
    hand_cards = [c.index for c in parse_cards(hand, SpanishCard)]
    trick_cards = [c.index for c in parse_cards(trick, SpanishCard)]
    earlier_cards = [c.index for c in parse_cards(earlier, SpanishCard)]
    every = hand_cards + trick_cards + earlier_cards
    if len(set(every)) != len(every):
        raise InvalidMoveError(message("mililla:what-if.twice"))
    if not hand_cards or len(trick_cards) > 3:
        raise InvalidMoveError(message("mililla:what-if.sizes"))
    suit_text = trump.strip().upper()[-1:]
    suits = {s.value: i for i, s in enumerate(SpanishSuit)}
    if suit_text not in suits:
        raise InvalidMoveError(message("mililla:what-if.no-suit", given=repr(trump)))
    state = _WhatIf()
    state.trump = suits[suit_text]
    state.higher = ORDERS[rules.traditional_rank].higher
    state.seven = SEVEN_MODES[rules.seven_rule]
    state.hands = [0, 0, 0, 0]
    for card in hand_cards:
        state.hands[len(trick_cards)] |= 1 << card
    state.to_move = len(trick_cards)
    state.trick = trick_cards
    state.suits_before = 0
    for card in earlier_cards:
        state.suits_before |= 1 << SUIT[card]
    state.suits_now = state.suits_before
    state.led = SUIT[trick_cards[0]] if trick_cards else 0
    state.win_card = state.win_seat = 0
    for seat, card in enumerate(trick_cards):
        state.suits_now |= 1 << SUIT[card]
        win = state.win_card
        if (
            seat == 0
            or (SUIT[card] == SUIT[win] and (state.higher[win] >> card) & 1)
            or (SUIT[card] == state.trump and SUIT[win] != state.trump)
        ):
            state.win_card, state.win_seat = card, seat
    legal, why, _blocked = decide(state)  # type: ignore[arg-type]
    return [CARDS[i] for i in range(40) if (legal >> i) & 1], why
