"""The state of a Mililla match in small ints: its phase, what changes during it, its copies.

:class:`State` holds everything that changes during a match, in public fields; ``Game``
(game.py) holds one and adds the public contract on top. Hands are 40-bit masks and cards
are indexes (see tables.py), so a random playout costs a few microseconds per card and
``clone()`` copies a few lists. Which cards may be played is decided in legality.py only;
turns.py deals and plays them.
"""

from __future__ import annotations

import enum
import random
from typing import Any

from ..protocol import check_seed
from .legality import SEVEN_MODES, Why, decide
from .results import DealResult
from .rules import Rules
from .tables import ORDERS, RankOrder

__all__ = ["NEXT", "Phase", "State"]


class Phase(enum.Enum):
    """Where a Mililla match stands."""

    PLAY = "play"
    """A round is being played: ``to_move`` plays a card."""
    ROUND_OVER = "round-over"
    """The round has been scored; ``next_deal()`` deals the next one."""
    MATCH_OVER = "match-over"
    """A team has reached the target: the match is won."""


NEXT = 40
"""The entry in the move list that stands for ``next_deal()``."""

_PLAY = Phase.PLAY


class State:
    """Everything about a match that changes: totals, the round's hands, tricks and turn.

    Cards are indexes 0-39 and hands are 40-bit masks (tables.py); seats are 0-3 and
    teams 0 (seats 0 and 2) and 1 (seats 1 and 3). Fields are public for the engine's
    modules to read; only the mechanics of ``turns`` (and readers that build a position)
    change them. ``clone()`` is cheap: the few lists are copied, tuples and tables shared.
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
        self.clear_round()

    def clear_round(self) -> None:
        """No card played yet this round: the trick, the round's tallies and the phase as
        they stand at every deal (``turns.start_deal``)."""
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
        self.earlier = 0
        """Cards a position gives as played in earlier tricks, order unknown (a mask; else 0)."""
        self.earlier_tricks: tuple[int, int] = (0, 0)
        """The tricks each team took in those earlier tricks."""
        self.earlier_points: tuple[int, int] = (0, 0)
        """The points each team took in those earlier tricks (cards, and one per trick)."""

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
