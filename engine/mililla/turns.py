"""Carrying out Mililla: the first dealer, the shuffle and the deal, a card played, the next deal.

Every function here changes a :class:`~.state.State` in place with a card or a deal already
known to be legal (``legality.decide`` is the one place that decides); ``Game`` calls them
after judging a move, and position texts and views replay cards through them.
``add_to_trick`` is shared with the expert's small board (``bots.model``), so the two play
tricks by one rule.
"""

from __future__ import annotations

import random
from typing import Any

from .scoring import bonus_at_deal, settle_deal
from .state import NEXT, Phase, State
from .tables import DECK_MASK, POINTS, SUIT, bits

__all__ = [
    "add_to_trick",
    "apply",
    "choose_first_dealer",
    "next_deal",
    "set_earlier",
    "shuffle_and_deal",
    "start_deal",
]


def add_to_trick(state: Any, seat: int, card: int) -> None:
    """Put a seat's card on the trick and note who is winning it now.

    ``state`` is a :class:`State` or anything with the same trick fields (the solver's
    ``Board``), so the two play tricks by this one rule.
    """
    trick = state.trick
    if not trick:
        state.led = SUIT[card]
        state.win_card = card
        state.win_seat = seat
    else:
        # mililla.trick: the highest trump wins, else the highest card of the suit led
        win = state.win_card
        if SUIT[card] == SUIT[win]:
            if (state.higher[win] >> card) & 1:
                state.win_card = card
                state.win_seat = seat
        elif SUIT[card] == state.trump:
            state.win_card = card
            state.win_seat = seat
    trick.append(card)


def _rng(state: State) -> random.Random:
    rng = random.Random(0)
    rng.setstate(state.rng_state)
    return rng


def choose_first_dealer(state: State) -> None:
    """mililla.dealer: the first dealer is chosen at random."""
    rng = _rng(state)
    state.dealer = rng.randrange(4)
    state.rng_state = rng.getstate()


def shuffle_and_deal(state: State) -> None:
    """mililla.deal: shuffle, cut, ten cards each one at a time; the last is turned up."""
    rng = _rng(state)
    deck = list(range(40))
    rng.shuffle(deck)
    cut = rng.randint(1, 39)  # the player before the dealer cuts
    deck = deck[cut:] + deck[:cut]
    state.rng_state = rng.getstate()
    order = [(state.dealer + state.step * k) % 4 for k in (1, 2, 3, 4)]
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[order[i % 4]] |= 1 << card
    start_deal(state, hands, deck[-1])


def start_deal(state: State, hands: list[int], trump_card: int) -> None:
    """Begin the next round with these hands (the dealer's holds the face-up card)."""
    state.deal_number += 1
    state.start_hands = tuple(hands)
    state.hands = list(hands)
    state.trump_card = trump_card
    state.trump = SUIT[trump_card]
    state.totals_before = state.totals
    state.bonus = POINTS[trump_card]
    state.bonus_status = bonus_at_deal(state)  # mililla.bonus
    state.clear_round()
    state.leader = state.to_move = (state.dealer + state.step) % 4  # mililla.lead


def set_earlier(
    state: State, cards: int, tricks: tuple[int, int], points: tuple[int, int], leader: int
) -> None:
    """Just after ``start_deal``: these cards went in earlier tricks, ``leader`` leads now."""
    suits = 0
    for card in bits(cards):
        suits |= 1 << SUIT[card]
    state.earlier = state.played = cards
    state.earlier_tricks = state.tricks = tricks
    state.earlier_points = state.points = points
    state.suits_now = state.suits_before = suits
    state.leader = state.to_move = leader


def apply(state: State, card: int) -> None:
    """Play a card already known to be legal for the seat to move."""
    seat: int = state.to_move  # type: ignore[assignment]
    bit = 1 << card
    state.hands[seat] ^= bit
    state.played |= bit
    state.suits_now |= 1 << SUIT[card]
    state.plays.append(card)
    state.play_seats.append(seat)
    state.moves.append(card)
    state.legal = None
    trick = state.trick
    add_to_trick(state, seat, card)
    if len(trick) < 4:
        state.to_move = (seat + state.step) & 3
        return
    # the trick is complete: its winner takes it and leads the next (mililla.lead)
    winner = state.win_seat
    # mililla.points: the cards' points and one more for the trick
    taken = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]] + 1
    points, tricks = state.points, state.tricks
    if winner & 1:
        state.points = (points[0], points[1] + taken)
        state.tricks = (tricks[0], tricks[1] + 1)
    else:
        state.points = (points[0] + taken, points[1])
        state.tricks = (tricks[0] + 1, tricks[1])
    state.last_trick = (state.leader, tuple(trick), winner)
    state.trick = []
    state.suits_before = state.suits_now
    state.leader = state.to_move = winner
    if state.played == DECK_MASK:
        _end_deal(state)


def _end_deal(state: State) -> None:
    """mililla.round.score and mililla.game.end: score the round, settle the bonus."""
    state.to_move = None
    result, winner = settle_deal(state)
    state.results = (*state.results, result)
    state.winner = winner
    state.phase = Phase.ROUND_OVER if winner is None else Phase.MATCH_OVER


def next_deal(state: State) -> None:
    """mililla.dealer: the deal passes on; shuffle and deal the next round."""
    state.dealer = (state.dealer + state.step) % 4
    state.moves.append(NEXT)
    shuffle_and_deal(state)
