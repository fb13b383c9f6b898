"""Duel, a toy third game for the test suite: its engine package in one module.

Two seats, a four-card deck (2♠ 3♥ 4♦ 5♣); each seat is dealt two cards, the seat after
the dealer leads, each plays one card and the higher card wins the deal (the lower, with
the ``low_wins`` variant). The first to win ``target`` deals wins the match. It declares
what a game must (``cardschool.engine.protocol``, ``cardschool.engine.spec``) and nothing
more: whatever else works for it works through the generic code alone.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from cardschool.engine import saving
from cardschool.engine.cards import FrenchCard
from cardschool.engine.errors import IllegalMoveError, InvalidMoveError, SavedGameError
from cardschool.engine.explanation import Explanation
from cardschool.engine.messages import Catalog, Message, Seat, message, register, render
from cardschool.engine.protocol import DEAL_OVER_MOVE, check_seed
from cardschool.engine.records import Record, key
from cardschool.engine.svg import card_svg

NAME = "duel"
"""The toy game's name in the registries, saves, views and codes."""
SEAT_NAMES = ("South", "North")
WORDS = register(
    Catalog(
        "duel",
        {
            "duel:log.deal": "{who} deals two cards each.",
            "duel:log.deal#you": "You deal two cards each.",
            "duel:log.play": "{who} plays {card}.",
            "duel:log.play#you": "You play {card}.",
            "duel:log.wins": "{who} wins the deal.",
            "duel:log.wins#you": "You win the deal.",
            "duel:word.deal": "deal",
            "duel:word.match": "match",
        },
        seats=SEAT_NAMES,
    )
)
"""The toy's sentences: its log's events, each with its second-person form."""
DECK = tuple(FrenchCard.parse(text) for text in ("2S", "3H", "4D", "5C"))
"""The whole deck: one card of each suit, no two of one rank."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The variants: how many deals win the match, and whether the lower card wins."""

    target: int = 2
    low_wins: bool = False

    def __post_init__(self) -> None:
        if type(self.target) is not int or not 1 <= self.target <= 9:
            raise ValueError(f"target is a whole number from 1 to 9, not {self.target!r}")
        if type(self.low_wins) is not bool:
            raise ValueError(f"low_wins is true or false, not {self.low_wins!r}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read the JSON form back; ValueError for anything else."""
        if not isinstance(data, dict) or set(data) - {f.name for f in fields(cls)}:
            raise ValueError(f"rules are an object of target and low_wins, not {data!r}")
        return cls(**data)


@dataclass(frozen=True, slots=True)
class Move:
    """A move: the card played."""

    card: FrenchCard

    def __str__(self) -> str:
        return self.card.text

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a card of the deck; InvalidMoveError for anything else."""
        try:
            card = FrenchCard.parse(text.strip())
        except (InvalidMoveError, ValueError, AttributeError):
            card = None
        if card not in DECK:
            raise InvalidMoveError(f"{text!r} is not a card of the deck (2S, 3H, 4D or 5C)")
        return cls(card)


class Phase(enum.Enum):
    """Where the match is."""

    PLAY = "play"
    DEAL_OVER = "deal-over"
    MATCH_OVER = "match-over"


@dataclass(frozen=True, slots=True)
class Played(Record):
    """A card played, by a seat."""

    seat: int
    card: FrenchCard


@dataclass(frozen=True, slots=True)
class Event(Record):
    """One line of the log: who did what, under which rule."""

    seat: int | None
    said: Message = field(metadata=key("text"))
    """What happened, as a message of the toy's catalog; its JSON form is its words."""
    rule: str

    @property
    def text(self) -> str:
        """What happened, in the third person."""
        return render(self.said)


@dataclass(frozen=True, slots=True)
class View(Record):
    """What one seat may know: its own cards, the cards played, the scores."""

    game: str
    seat: int
    rules: Rules
    deal: int
    dealer: int
    to_move: int | None
    hand: tuple[FrenchCard, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[Played, ...]
    totals: tuple[int, ...]
    log: tuple[Event, ...]

    def _repr_html_(self) -> str:
        return "".join(card_svg(card, width=40) for card in self.hand) or "<svg></svg>"


def _beats(rules: Rules, one: FrenchCard, other: FrenchCard) -> bool:
    """duel.higher: the higher card wins (the lower with low_wins)."""
    return one.rank < other.rank if rules.low_wins else one.rank > other.rank


class Game:
    """A match of Duel: deal after deal until a seat has won ``target`` deals."""

    kind = NAME
    title = "Duel"
    rules_type = Rules
    seats = 2

    def __init__(self, seed: int, rules: Rules | None = None) -> None:
        self.seed = check_seed(seed)
        self._rules = rules if rules is not None else Rules()
        self.deal_number = 0
        self._dealer = 1
        self._totals = [0, 0]
        self._before = [0, 0]
        self._history: list[str] = []
        self._log: list[Event] = []
        self._deal()

    def _deal(self) -> None:
        """duel.deal: two cards each from the seed's shuffle; the dealer changes each deal."""
        self.deal_number += 1
        self._dealer = 1 - self._dealer
        cards = list(DECK)
        random.Random(f"{self.seed}/{self.deal_number}").shuffle(cards)
        self._hands = [sorted(cards[:2]), sorted(cards[2:])]
        self._played: list[tuple[int, FrenchCard]] = []
        dealt = message("duel:log.deal", who=Seat(self._dealer))
        self._log.append(Event(None, dealt, "duel.deal"))

    @property
    def rules(self) -> Rules:
        """The variants."""
        return self._rules

    @property
    def dealer(self) -> int:
        """The seat dealing this deal."""
        return self._dealer

    @property
    def deal_over(self) -> bool:
        """Both cards are played."""
        return len(self._played) == 2

    @property
    def match_over(self) -> bool:
        """duel.match: a seat has won ``target`` deals."""
        return max(self._totals) >= self._rules.target

    @property
    def phase(self) -> Phase:
        """Playing, between deals, or over."""
        if self.match_over:
            return Phase.MATCH_OVER
        return Phase.DEAL_OVER if self.deal_over else Phase.PLAY

    @property
    def to_move(self) -> int | None:
        """duel.turn: the seat after the dealer leads, then the dealer."""
        if self.deal_over:
            return None
        return (self._dealer + 1 + len(self._played)) % 2

    @property
    def history(self) -> list[str]:
        """Every move from the start, ``"next"`` between deals."""
        return list(self._history)

    @property
    def totals(self) -> tuple[int, ...]:
        """Deals won by each seat."""
        return tuple(self._totals)

    def hand(self, seat: int) -> list[FrenchCard]:
        """The cards a seat holds."""
        return list(self._hands[seat])

    def legal_moves(self) -> list[Move]:
        """Every card of the seat to move."""
        seat = self.to_move
        return [] if seat is None else [Move(card) for card in self._hands[seat]]

    def explain(self, move: Any) -> Explanation:
        """Whether the move may be played, with its rule."""
        move = move if isinstance(move, Move) else Move.parse(str(move))
        seat = self.to_move
        if seat is None:
            return Explanation(False, "duel.turn", "Nobody plays now: the deal is over.")
        if move.card not in self._hands[seat]:
            return Explanation(False, "duel.play", f"You do not hold {move.card.the}.")
        return Explanation(True, "duel.play", f"You may play {move.card.the}.")

    def narrate(self, move: Any, names: Sequence[str] | None = None) -> Explanation:
        """The move in the third person, before it is played."""
        move = move if isinstance(move, Move) else Move.parse(str(move))
        who = (names or SEAT_NAMES)[self.to_move]
        verb = "play" if who == "You" else "plays"  # the learner is told in the second person
        return Explanation(True, "duel.play", f"{who} {verb} {move.card.the}.")

    def play(self, move: Any) -> None:
        """Play a legal card; IllegalMoveError or InvalidMoveError, unchanged, otherwise."""
        move = move if isinstance(move, Move) else Move.parse(str(move))
        self.explain(move).raise_if_illegal()
        seat = self.to_move
        self._hands[seat].remove(move.card)
        self._played.append((seat, move.card))
        self._history.append(str(move))
        played = message("duel:log.play", who=Seat(seat), card=move.card.the)
        self._log.append(Event(seat, played, "duel.play"))
        if self.deal_over:
            (one, first), (two, second) = self._played
            winner = one if _beats(self._rules, first, second) else two
            self._before = list(self._totals)
            self._totals[winner] += 1
            won = message("duel:log.wins", who=Seat(winner))
            self._log.append(Event(winner, won, "duel.higher"))

    def next_deal(self) -> None:
        """duel.next: deal again once a deal is over and the match is not."""
        if not self.deal_over or self.match_over:
            raise IllegalMoveError("duel.next", "There is no next deal now.")
        self._history.append(DEAL_OVER_MOVE)
        self._deal()

    def view(self, seat: int) -> View:
        """What ``seat`` may know."""
        return View(
            game=NAME,
            seat=seat,
            rules=self._rules,
            deal=self.deal_number,
            dealer=self._dealer,
            to_move=self.to_move,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            played=tuple(Played(s, card) for s, card in self._played),
            totals=self.totals,
            log=tuple(self._log),
        )

    def deal_result(self) -> dict[str, Any] | None:
        """The last finished deal: who won it and the totals."""
        if not self.deal_over:
            return None
        scores = [after - before for after, before in zip(self._totals, self._before, strict=True)]
        return {
            "deal": self.deal_number,
            "scores": scores,
            "totals_before": list(self._before),
            "totals": list(self._totals),
        }

    def match_result(self) -> dict[str, Any] | None:
        """The winner once the match is over."""
        if not self.match_over:
            return None
        return {"totals": list(self._totals), "winner": self._totals.index(max(self._totals))}

    def clone(self) -> Game:
        """An independent copy."""
        copy = object.__new__(Game)
        copy.seed, copy._rules, copy.deal_number, copy._dealer = (
            self.seed,
            self._rules,
            self.deal_number,
            self._dealer,
        )
        copy._totals, copy._before = list(self._totals), list(self._before)
        copy._history, copy._played = list(self._history), list(self._played)
        copy._log = list(self._log)
        copy._hands = [list(hand) for hand in self._hands]
        return copy

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.seed, self._rules, self._history) == (other.seed, other._rules, other._history)

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> str:
        """The save, written by the generic save format."""
        return saving.write(self, None)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A save read by the generic save reader."""
        return saving.read(cls, text)

    @classmethod
    def from_position(cls, text: str, rules: Rules, seed: int) -> Game:
        """Duel has no position text."""
        raise SavedGameError("Duel has no position text")

    @classmethod
    def from_view(cls, view: View | dict[str, Any], rng: random.Random) -> Game:
        """A game that fits the view, the other seat's cards dealt at random."""
        view = view if isinstance(view, View) else View.from_dict(view)
        game = cls(0, view.rules)
        game.deal_number, game._dealer, game._totals = view.deal, view.dealer, list(view.totals)
        game._played = [(p.seat, p.card) for p in view.played]
        game._log = list(view.log)
        unseen = [c for c in DECK if c not in view.hand and c not in {p.card for p in view.played}]
        rng.shuffle(unseen)
        other = 1 - view.seat
        game._hands = [[], []]
        game._hands[view.seat] = list(view.hand)
        game._hands[other] = sorted(unseen[: view.hand_sizes[other]])
        return game


def new_game(seed: int, rules: Rules | None = None) -> Game:
    """A new match."""
    return Game(seed, rules)
