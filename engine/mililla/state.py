"""The state of a Mililla match in small ints, and the mechanics of dealing and playing.

``Core`` holds everything that changes during a match; ``Game`` (game.py) adds the public
contract on top. Hands are 40-bit masks and cards are indexes (see tables.py), so a
random playout costs a few microseconds per card and ``clone()`` copies a few lists.
"""

from __future__ import annotations

import random
from typing import Any

from .legality import SEVEN_MODES, decide
from .moves import Phase
from .rules import Rules
from .scoring import bonus_at_deal, settle_round
from .tables import ORDERS, POINTS, SUIT

__all__ = ["NEXT", "Core", "add_to_trick"]

NEXT = 40
"""The entry in the move list that stands for ``next_deal()``."""

_PLAY = Phase.PLAY


def add_to_trick(state: Any, seat: int, card: int) -> None:
    """Put a seat's card on the trick and note who is winning it now.

    ``state`` is a :class:`Core` or anything with the same trick fields (the solver's
    board in bot_solver.py), so the two play tricks by this one rule.
    """
    trick = state._trick
    if not trick:
        state._led = SUIT[card]
        state._win_card = card
        state._win_seat = seat
    else:
        # mililla.trick: the highest trump wins, else the highest card of the suit led
        win = state._win_card
        if SUIT[card] == SUIT[win]:
            if (state._higher[win] >> card) & 1:
                state._win_card = card
                state._win_seat = seat
        elif SUIT[card] == state._trump:
            state._win_card = card
            state._win_seat = seat
    trick.append(card)


class Core:
    """The changing state of a match: scores, the round's hands, tricks and turn."""

    __slots__ = (
        "_bonus",
        "_bonus_status",
        "_dealer",
        "_hands",
        "_higher",
        "_last_trick",
        "_leader",
        "_led",
        "_legal",
        "_moves",
        "_order",
        "_phase",
        "_play_seats",
        "_played",
        "_plays",
        "_points",
        "_results",
        "_rng_state",
        "_round",
        "_scores",
        "_seven",
        "_start_hands",
        "_start_scores",
        "_start_text",
        "_step",
        "_suits_before",
        "_suits_now",
        "_to_move",
        "_trick",
        "_tricks",
        "_trump",
        "_trump_card",
        "_win_card",
        "_win_seat",
        "_winner",
        "rules",
        "seed",
    )

    def _init_core(self, rules: Rules, seed: int) -> None:
        """Set the fixed parts: rules, seed and the tables the rules select."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a mililla.Rules, not {type(rules).__name__}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.rules = rules
        self.seed = seed
        self._order = ORDERS[rules.traditional_rank]
        self._higher = self._order.higher
        self._step = 3 if rules.clockwise else 1  # mililla.direction
        self._seven = SEVEN_MODES[rules.seven_rule]
        self._rng_state = random.Random(seed).getstate()
        self._round = 0
        self._scores = [0, 0]
        self._moves: list[int] = []
        self._results: list[dict[str, Any]] = []
        self._winner: int | None = None
        self._start_text: str | None = None

    # -- chance -------------------------------------------------------------------------

    def _rng(self) -> random.Random:
        rng = random.Random(0)
        rng.setstate(self._rng_state)
        return rng

    def _choose_first_dealer(self) -> None:
        rng = self._rng()
        self._dealer = rng.randrange(4)  # mililla.dealer: the first dealer is chosen at random
        self._rng_state = rng.getstate()

    def _shuffle_and_deal(self) -> None:
        """mililla.deal: shuffle, cut, ten cards each one at a time; the last is turned up."""
        rng = self._rng()
        deck = list(range(40))
        rng.shuffle(deck)
        cut = rng.randint(1, 39)  # the player before the dealer cuts
        deck = deck[cut:] + deck[:cut]
        self._rng_state = rng.getstate()
        order = [(self._dealer + self._step * k) % 4 for k in (1, 2, 3, 4)]
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[order[i % 4]] |= 1 << card
        self._start_round(hands, deck[-1])

    # -- a round ------------------------------------------------------------------------

    def _start_round(self, hands: list[int], trump_card: int) -> None:
        """Begin a round with these hands (the dealer's holds the face-up trump card)."""
        self._round += 1
        self._start_hands = tuple(hands)
        self._hands = list(hands)
        self._trump_card = trump_card
        self._trump = SUIT[trump_card]
        self._start_scores = tuple(self._scores)
        self._bonus = POINTS[trump_card]
        self._bonus_status = bonus_at_deal(self)  # mililla.bonus
        self._leader = self._to_move = (self._dealer + self._step) % 4  # mililla.lead
        self._trick: list[int] = []
        self._led = 0
        self._win_card = 0
        self._win_seat = 0
        self._suits_now = 0
        self._suits_before = 0
        self._played = 0
        self._plays: list[int] = []
        self._play_seats: list[int] = []
        self._points = [0, 0]
        self._tricks = [0, 0]
        self._last_trick: tuple[int, tuple[int, ...], int] | None = None
        self._phase = _PLAY
        self._legal: tuple[int, Any, int] | None = None

    def _apply(self, card: int) -> None:
        """Play a card already known to be legal for the seat to move."""
        seat: int = self._to_move  # type: ignore[assignment]
        bit = 1 << card
        self._hands[seat] ^= bit
        self._played |= bit
        self._suits_now |= 1 << SUIT[card]
        self._plays.append(card)
        self._play_seats.append(seat)
        self._moves.append(card)
        self._legal = None
        trick = self._trick
        add_to_trick(self, seat, card)
        if len(trick) < 4:
            self._to_move = (seat + self._step) & 3
            return
        # the trick is complete: its winner takes it and leads the next (mililla.lead)
        winner = self._win_seat
        team = winner & 1
        self._points[team] += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
        self._points[team] += POINTS[trick[3]] + 1  # mililla.points: one more per trick
        self._tricks[team] += 1
        self._last_trick = (self._leader, tuple(trick), winner)
        self._trick = []
        self._suits_before = self._suits_now
        self._leader = self._to_move = winner
        if len(self._plays) == 40:
            self._end_round()

    def _end_round(self) -> None:
        """mililla.round.score and mililla.game.end: score the round, settle the bonus."""
        self._to_move = None
        result, winner = settle_round(self)
        self._results.append(result)
        self._winner = winner
        self._phase = Phase.ROUND_OVER if winner is None else Phase.MATCH_OVER

    def _next_round(self) -> None:
        """mililla.dealer: the deal passes on; shuffle and deal the next round."""
        self._dealer = (self._dealer + self._step) % 4
        self._moves.append(NEXT)
        self._shuffle_and_deal()

    def _decide(self) -> tuple[int, Any, int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = decide(self)
        return legal

    def _copy_core(self, other: Core) -> None:
        """Make this an independent copy of ``other`` (lists copied, tuples shared)."""
        self.rules = other.rules
        self.seed = other.seed
        self._order = other._order
        self._higher = other._higher
        self._step = other._step
        self._seven = other._seven
        self._rng_state = other._rng_state
        self._round = other._round
        self._dealer = other._dealer
        self._trump = other._trump
        self._trump_card = other._trump_card
        self._start_hands = other._start_hands
        self._start_scores = other._start_scores
        self._start_text = other._start_text
        self._bonus = other._bonus
        self._bonus_status = other._bonus_status
        self._leader = other._leader
        self._to_move = other._to_move
        self._led = other._led
        self._win_card = other._win_card
        self._win_seat = other._win_seat
        self._suits_now = other._suits_now
        self._suits_before = other._suits_before
        self._played = other._played
        self._last_trick = other._last_trick
        self._phase = other._phase
        self._legal = other._legal
        self._winner = other._winner
        self._hands = other._hands[:]
        self._trick = other._trick[:]
        self._plays = other._plays[:]
        self._play_seats = other._play_seats[:]
        self._points = other._points[:]
        self._tricks = other._tricks[:]
        self._scores = other._scores[:]
        self._moves = other._moves[:]
        self._results = other._results[:]
