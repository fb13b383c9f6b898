"""The state of a Mililla match in small ints, and the mechanics of dealing and playing.

:class:`State` holds everything that changes during a match, in public fields; ``Game``
(game.py) holds one and adds the public contract on top. Hands are 40-bit masks and cards
are indexes (see tables.py), so a random playout costs a few microseconds per card and
``clone()`` copies a few lists. Which cards may be played is decided in legality.py only.
"""

from __future__ import annotations

import random
from typing import Any

from ..protocol import check_seed
from .legality import SEVEN_MODES, Why, decide
from .moves import Phase
from .results import DealResult
from .rules import Rules
from .scoring import bonus_at_deal, settle_deal
from .tables import DECK_MASK, ORDERS, POINTS, SUIT, RankOrder, bits

__all__ = ["NEXT", "State", "add_to_trick"]

NEXT = 40
"""The entry in the move list that stands for ``next_deal()``."""

_PLAY = Phase.PLAY


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


class State:
    """Everything about a match that changes: totals, the round's hands, tricks and turn.

    Cards are indexes 0-39 and hands are 40-bit masks (tables.py); seats are 0-3 and
    teams 0 (seats 0 and 2) and 1 (seats 1 and 3). Fields are public for the engine's
    modules to read; only the mechanics below (and readers that build a position) change
    them. ``clone()`` is cheap: the few lists are copied, tuples and tables shared.
    """

    __slots__ = (
        "bonus",
        "bonus_status",
        "deal_number",
        "dealer",
        "earlier",
        "earlier_points",
        "earlier_tricks",
        "hands",
        "higher",
        "last_trick",
        "leader",
        "led",
        "legal",
        "moves",
        "order",
        "phase",
        "play_seats",
        "played",
        "plays",
        "points",
        "results",
        "rng_state",
        "rules",
        "seed",
        "seven",
        "start_hands",
        "start_text",
        "step",
        "suits_before",
        "suits_now",
        "to_move",
        "totals",
        "totals_before",
        "trick",
        "tricks",
        "trump",
        "trump_card",
        "win_card",
        "win_seat",
        "winner",
    )

    def __init__(self, rules: Rules, seed: int) -> None:
        """A match not dealt yet: its rules, its seed and the totals at 0."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a mililla.Rules, not {type(rules).__name__}")
        self.rules = rules
        """The variant settings (``mililla.*`` rules), fixed for the match."""
        self.seed = check_seed(seed)
        """The seed every shuffle and cut of the match comes from."""
        self.order: RankOrder = ORDERS[rules.traditional_rank]
        """The rank order within a suit the rules select (``mililla.rank``)."""
        self.higher: tuple[int, ...] = self.order.higher
        """For each card, the mask of the cards of its suit that beat it."""
        self.step = 3 if rules.clockwise else 1  # mililla.direction
        """The seat after seat ``s`` is ``(s + step) % 4``: 1, or 3 when play is clockwise."""
        self.seven: int = SEVEN_MODES[rules.seven_rule]
        """``Rules.seven_rule`` as a small int (0 default, 1 earlier tricks, 2 off)."""
        self.rng_state: tuple[Any, ...] = random.Random(seed).getstate()
        """The random generator's state: the next shuffle and cut come from it."""
        self.deal_number = 0
        """The number of the round being played (or just scored), from 1."""
        self.totals: tuple[int, int] = (0, 0)
        """The match totals (game scores) of team 0 and team 1."""
        self.totals_before: tuple[int, int] = (0, 0)
        """The totals before this round, before the dealer's bonus was added."""
        self.moves: list[int] = []
        """Every card played since the start (indexes), ``NEXT`` between rounds."""
        self.results: tuple[DealResult, ...] = ()
        """The result of every finished round, oldest first (see scoring.settle_deal)."""
        self.winner: int | None = None
        """The team that won the match, or None."""
        self.start_text: str | None = None
        """The position text the match was set up from, or None for a fresh deal."""
        self.dealer = 0
        """The dealer's seat this round."""
        self.start_hands: tuple[int, ...] = (0, 0, 0, 0)
        """Each seat's cards at the deal (ten), or when a position's ``played`` set ends."""
        self.earlier = 0
        """Cards a position gives as played in earlier tricks, order unknown (a mask; else 0)."""
        self.earlier_tricks: tuple[int, int] = (0, 0)
        """The tricks each team took in those earlier tricks."""
        self.earlier_points: tuple[int, int] = (0, 0)
        """The points each team took in those earlier tricks (cards, and one per trick)."""
        self.hands: list[int] = [0, 0, 0, 0]
        """Each seat's cards now, as masks."""
        self.trump_card = 0
        """The card turned up at the deal (``mililla.deal``); it stays the dealer's."""
        self.trump = 0
        """The trump suit this round (0 coins, 1 cups, 2 swords, 3 clubs)."""
        self.bonus = 0
        """The dealer's bonus: the face-up card's points (``mililla.bonus``)."""
        self.bonus_status = "none"
        """What became of the bonus: "none", "added", "held" or "dropped"."""
        self.leader = 0
        """The seat that led the current trick."""
        self.to_move: int | None = None
        """The seat to play, or None between rounds and when the match is over."""
        self.trick: list[int] = []
        """The cards of the current trick, the leader's first."""
        self.led = 0
        """The suit led in the current trick (meaningless while it is empty)."""
        self.win_card = 0
        """The card winning the current trick (meaningless while it is empty)."""
        self.win_seat = 0
        """The seat winning the current trick (meaningless while it is empty)."""
        self.suits_now = 0
        """The suits played this round so far, including the current trick (4 bits)."""
        self.suits_before = 0
        """The suits played in the round's finished tricks (4 bits; ``mililla.seven``)."""
        self.played = 0
        """Every card played this round, as a mask."""
        self.plays: list[int] = []
        """The cards played this round, in order."""
        self.play_seats: list[int] = []
        """Who played each card of ``plays``."""
        self.points: tuple[int, int] = (0, 0)
        """The points each team has taken this round (cards, and one per trick)."""
        self.tricks: tuple[int, int] = (0, 0)
        """The tricks each team has taken this round."""
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        """The last finished trick as (leader, cards, winner), or None."""
        self.phase = _PLAY
        """PLAY, ROUND_OVER or MATCH_OVER."""
        self.legal: tuple[int, Why, int] | None = None
        """The seat to move's decision (legal mask, why, blocked 7s) once asked, else None."""

    # -- chance -------------------------------------------------------------------------

    def _rng(self) -> random.Random:
        rng = random.Random(0)
        rng.setstate(self.rng_state)
        return rng

    def choose_first_dealer(self) -> None:
        """mililla.dealer: the first dealer is chosen at random."""
        rng = self._rng()
        self.dealer = rng.randrange(4)
        self.rng_state = rng.getstate()

    def shuffle_and_deal(self) -> None:
        """mililla.deal: shuffle, cut, ten cards each one at a time; the last is turned up."""
        rng = self._rng()
        deck = list(range(40))
        rng.shuffle(deck)
        cut = rng.randint(1, 39)  # the player before the dealer cuts
        deck = deck[cut:] + deck[:cut]
        self.rng_state = rng.getstate()
        order = [(self.dealer + self.step * k) % 4 for k in (1, 2, 3, 4)]
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[order[i % 4]] |= 1 << card
        self.start_deal(hands, deck[-1])

    # -- a round ------------------------------------------------------------------------

    def start_deal(self, hands: list[int], trump_card: int) -> None:
        """Begin the next round with these hands (the dealer's holds the face-up card)."""
        self.deal_number += 1
        self.start_hands = tuple(hands)
        self.hands = list(hands)
        self.trump_card = trump_card
        self.trump = SUIT[trump_card]
        self.totals_before = self.totals
        self.bonus = POINTS[trump_card]
        self.bonus_status = bonus_at_deal(self)  # mililla.bonus
        self.leader = self.to_move = (self.dealer + self.step) % 4  # mililla.lead
        self.trick = []
        self.led = 0
        self.win_card = 0
        self.win_seat = 0
        self.suits_now = 0
        self.suits_before = 0
        self.played = 0
        self.plays = []
        self.play_seats = []
        self.points = (0, 0)
        self.tricks = (0, 0)
        self.last_trick = None
        self.phase = _PLAY
        self.legal = None
        self.earlier = 0
        self.earlier_tricks = self.earlier_points = (0, 0)

    def set_earlier(
        self, cards: int, tricks: tuple[int, int], points: tuple[int, int], leader: int
    ) -> None:
        """Just after ``start_deal``: these cards went in earlier tricks, ``leader`` leads now."""
        suits = 0
        for card in bits(cards):
            suits |= 1 << SUIT[card]
        self.earlier = self.played = cards
        self.earlier_tricks = self.tricks = tricks
        self.earlier_points = self.points = points
        self.suits_now = self.suits_before = suits
        self.leader = self.to_move = leader

    def apply(self, card: int) -> None:
        """Play a card already known to be legal for the seat to move."""
        seat: int = self.to_move  # type: ignore[assignment]
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        self.suits_now |= 1 << SUIT[card]
        self.plays.append(card)
        self.play_seats.append(seat)
        self.moves.append(card)
        self.legal = None
        trick = self.trick
        add_to_trick(self, seat, card)
        if len(trick) < 4:
            self.to_move = (seat + self.step) & 3
            return
        # the trick is complete: its winner takes it and leads the next (mililla.lead)
        winner = self.win_seat
        # mililla.points: the cards' points and one more for the trick
        taken = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]] + 1
        points, tricks = self.points, self.tricks
        if winner & 1:
            self.points = (points[0], points[1] + taken)
            self.tricks = (tricks[0], tricks[1] + 1)
        else:
            self.points = (points[0] + taken, points[1])
            self.tricks = (tricks[0] + 1, tricks[1])
        self.last_trick = (self.leader, tuple(trick), winner)
        self.trick = []
        self.suits_before = self.suits_now
        self.leader = self.to_move = winner
        if self.played == DECK_MASK:
            self._end_deal()

    def _end_deal(self) -> None:
        """mililla.round.score and mililla.game.end: score the round, settle the bonus."""
        self.to_move = None
        result, winner = settle_deal(self)
        self.results = (*self.results, result)
        self.winner = winner
        self.phase = Phase.ROUND_OVER if winner is None else Phase.MATCH_OVER

    def next_deal(self) -> None:
        """mililla.dealer: the deal passes on; shuffle and deal the next round."""
        self.dealer = (self.dealer + self.step) % 4
        self.moves.append(NEXT)
        self.shuffle_and_deal()

    def decide(self) -> tuple[int, Why, int]:
        """``legality.decide`` for the seat to move, kept until the next card is played."""
        legal = self.legal
        if legal is None:
            legal = self.legal = decide(self)
        return legal

    def clone(self) -> State:
        """An independent copy (lists copied; tuples, results and tables shared)."""
        copy = object.__new__(State)
        copy.rules = self.rules
        copy.seed = self.seed
        copy.order = self.order
        copy.higher = self.higher
        copy.step = self.step
        copy.seven = self.seven
        copy.rng_state = self.rng_state
        copy.deal_number = self.deal_number
        copy.dealer = self.dealer
        copy.trump = self.trump
        copy.trump_card = self.trump_card
        copy.start_hands = self.start_hands
        copy.earlier = self.earlier
        copy.earlier_tricks = self.earlier_tricks
        copy.earlier_points = self.earlier_points
        copy.totals_before = self.totals_before
        copy.start_text = self.start_text
        copy.bonus = self.bonus
        copy.bonus_status = self.bonus_status
        copy.leader = self.leader
        copy.to_move = self.to_move
        copy.led = self.led
        copy.win_card = self.win_card
        copy.win_seat = self.win_seat
        copy.suits_now = self.suits_now
        copy.suits_before = self.suits_before
        copy.played = self.played
        copy.last_trick = self.last_trick
        copy.phase = self.phase
        copy.legal = self.legal
        copy.winner = self.winner
        copy.hands = self.hands[:]
        copy.trick = self.trick[:]
        copy.plays = self.plays[:]
        copy.play_seats = self.play_seats[:]
        copy.points = self.points
        copy.tricks = self.tricks
        copy.totals = self.totals
        copy.moves = self.moves[:]
        copy.results = self.results
        return copy
