"""What one seat may know: the typed :class:`View`, its JSON form, and the public log.

A view is built from the seat's own hand and public facts only: the face-up trump card
while the dealer still holds it, every card played this round and by whom (or, for
earlier tricks a position gave only as a set, that set: ``earlier``), the tricks and
points taken, the totals, the bonus and the results. Other hands appear only as sizes.
``view.to_dict()`` is the JSON form bots and saves use; ``View.from_dict`` reads it
back, refusing a malformed one with SavedGameError. In a notebook a view draws itself
(``_repr_html_``, see drawing.py): the table as that seat sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..cards import SpanishCard, SpanishSuit
from ..errors import ArgumentError, SavedGameError
from ..messages import Message, Seat, message, render
from ..records import Record, key
from ..seat_view import SeatView
from .drawing import view_html
from .messages import Card
from .results import Bonus, DealResult, MatchResult
from .rules import Rules
from .scoring import bonus_of, match_result
from .state import Phase, State
from .tables import CARDS, POINTS, bits
from .turns import apply, set_earlier, start_deal
from .words import narration

__all__ = [
    "Bonus",
    "DealResult",
    "Earlier",
    "LastTrick",
    "LogEntry",
    "MatchResult",
    "Play",
    "RoundPlay",
    "View",
    "make_view",
    "public_log",
]


@dataclass(frozen=True, slots=True)
class Play(Record):
    """A card on the table and the seat that played it."""

    seat: int
    """The seat that played the card (0-3)."""
    card: SpanishCard
    """The card (its text form ``HC`` in JSON)."""


@dataclass(frozen=True, slots=True)
class RoundPlay(Record):
    """A card played this round: who played it and in which trick."""

    seat: int
    """The seat that played the card (0-3)."""
    card: SpanishCard
    """The card."""
    trick: int
    """The trick it was played to, from 1."""


@dataclass(frozen=True, slots=True)
class Earlier(Record):
    """Earlier tricks of the round a position gave only as a set of cards, order unknown."""

    cards: tuple[SpanishCard, ...]
    """The cards played in them, by suit and strongest first."""
    tricks: tuple[int, int]
    """The tricks each team took in them."""
    points: tuple[int, int]
    """The points each team took in them (cards and one per trick)."""


@dataclass(frozen=True, slots=True)
class LastTrick(Record):
    """The last finished trick, as everybody saw it gathered."""

    leader: int
    """The seat that led it."""
    cards: tuple[Play, ...]
    """Its four cards, the leader's first."""
    winner: int
    """The seat that won it (``mililla.trick``)."""
    points: int
    """What it was worth: its cards' points and one for the trick (``mililla.points``)."""


@dataclass(frozen=True, slots=True)
class LogEntry(Record):
    """One public event of the round, in words, with the rule it follows."""

    seat: int | None
    """The seat it is about, or None for the whole table."""
    said: Message = field(metadata=key("text"))
    """The sentence as a message (``mililla:log.trick``); its JSON form is its words with
    the default seat names, which read back as those words (``Message.parse``)."""
    rule: str
    """The rule id (``mililla.trick``)."""

    @property
    def text(self) -> str:
        """The sentence, in the third person with the default seat names."""
        said = self.said
        return said if type(said) is str else render(said)  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if type(other) is not LogEntry:
            return NotImplemented
        return (self.seat, self.text, self.rule) == (other.seat, other.text, other.rule)

    def __hash__(self) -> int:
        return hash((self.seat, self.text, self.rule))


@dataclass(frozen=True, slots=True)
class View(SeatView):
    """All that one seat may know of a Mililla match at one moment, and nothing more.

    Pairs are (team 0, team 1); team 0 is seats 0 and 2, team 1 seats 1 and 3. Cards are
    ``SpanishCard`` values and suits ``SpanishSuit`` members; in the JSON form they are
    texts (``KO``, ``7E``) and letters (O coins, C cups, E swords, B clubs).
    """

    game: ClassVar[str] = "mililla"
    title: ClassVar[str] = "Mililla"

    rules: Rules
    """The variant settings of the match."""
    phase: Phase
    """PLAY, ROUND_OVER or MATCH_OVER."""
    to_move: int | None
    """The seat to play, or None between rounds and once the match is over."""
    dealer: int
    """The dealer's seat this round."""
    trump: SpanishSuit
    """The trump suit."""
    trump_card: SpanishCard
    """The card turned up at the deal (``mililla.deal``)."""
    face_up: SpanishCard | None
    """The face-up card while the dealer still holds it, else None."""
    hand: tuple[SpanishCard, ...]
    """The seat's own cards, by suit and strongest first."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each seat holds."""
    legal: tuple[SpanishCard, ...]
    """The cards the seat may play now; empty when it is not to move."""
    leader: int | None
    """The seat that led the current trick; None once the round is over."""
    trick: tuple[Play, ...]
    """The current trick's cards so far, the leader's first."""
    led: SpanishSuit | None
    """The suit led in the current trick, or None while it is empty."""
    winning: Play | None
    """The card winning the current trick so far, or None while it is empty."""
    last_trick: LastTrick | None
    """The last finished trick of this round, or None."""
    played: tuple[RoundPlay, ...]
    """Every card played this round, in order (after the ``earlier`` tricks, if any)."""
    earlier: Earlier | None
    """Tricks a position gave only as a set of cards (``played:``), or None."""
    tricks: tuple[int, int]
    """The tricks each team has taken this round."""
    points: tuple[int, int]
    """The points each team has taken this round (cards and one per trick)."""
    bonus: Bonus
    """The dealer's bonus this round and what became of it (``mililla.bonus``)."""
    totals_before: tuple[int, int]
    """The match totals before this round (before a bonus added at the deal)."""
    totals: tuple[int, int]
    """The match totals now."""
    log: tuple[LogEntry, ...]
    """The public events of this round, oldest first."""
    rounds: tuple[DealResult, ...]
    """The scoring of every finished round, oldest first."""
    deal_result: DealResult | None
    """The scoring of this round once it is over, else None."""
    match_result: MatchResult | None
    """The end of the match once a team has won, else None."""

    def check(self) -> None:
        """Refuse values no game could give: seats, card texts, suits and sizes out of range."""
        _check(self)

    def _repr_html_(self) -> str:
        """The table as this seat sees it: its hand face up, the others' backs, the trick."""
        return view_html(self)

    def still_html(self, *, quiz: bool = False) -> str:
        """The table as a picture that takes no clicks; ``quiz``: an exercise's, which prints
        none of the answers it may ask for."""
        return view_html(self, still=True, quiz=quiz)


def _check(view: View) -> None:
    """Refuse values no game could give: seats, card texts, suits and sizes out of range."""
    seats = [view.seat, view.dealer, *(p.seat for p in view.trick), *(p.seat for p in view.played)]
    seats += [s for s in (view.to_move, view.leader) if s is not None]
    if view.winning is not None:
        seats.append(view.winning.seat)
    if view.last_trick is not None:
        seats += [view.last_trick.leader, view.last_trick.winner]
        seats += [p.seat for p in view.last_trick.cards]
    bad = [s for s in seats if not 0 <= s <= 3]
    if bad:
        raise SavedGameError(message("mililla:view.bad-seat", seat=bad[0]))
    if (
        not all(0 <= n <= 10 for n in view.hand_sizes)
        or len(view.hand) != view.hand_sizes[view.seat]
    ):
        raise SavedGameError(message("mililla:view.hand-sizes"))


def _cards(state: State, mask: int) -> tuple[SpanishCard, ...]:
    return tuple(CARDS[i] for i in sorted(bits(mask), key=state.order.sort_key))


def make_view(state: State, seat: int) -> View:
    """Everything ``seat`` may know now; never another seat's cards."""
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise ArgumentError(message("mililla:view.seat", given=repr(seat)))
    plays, seats = state.plays, state.play_seats
    done = state.earlier.bit_count() // 4  # tricks given only as a set, before these plays
    in_trick = len(state.trick)
    trick_start = len(plays) - in_trick
    face_up = (state.hands[state.dealer] >> state.trump_card) & 1
    last = state.last_trick
    playing = state.phase is Phase.PLAY
    hands = state.hands
    return View(
        seat=seat,
        rules=state.rules,
        deal_number=state.deal_number,
        phase=state.phase,
        to_move=state.to_move,
        dealer=state.dealer,
        trump=CARDS[state.trump_card].suit,
        trump_card=CARDS[state.trump_card],
        face_up=CARDS[state.trump_card] if face_up else None,
        hand=_cards(state, hands[seat]),
        hand_sizes=(
            hands[0].bit_count(),
            hands[1].bit_count(),
            hands[2].bit_count(),
            hands[3].bit_count(),
        ),
        legal=tuple(CARDS[i] for i in bits(state.decide()[0]))
        if playing and state.to_move == seat
        else (),
        leader=state.leader if playing else None,
        trick=tuple(Play(seats[k], CARDS[plays[k]]) for k in range(trick_start, len(plays))),
        led=CARDS[plays[trick_start]].suit if in_trick else None,
        winning=Play(state.win_seat, CARDS[state.win_card]) if in_trick else None,
        last_trick=None
        if last is None
        else LastTrick(
            leader=last[0],
            cards=tuple(
                Play((last[0] + state.step * k) % 4, CARDS[c]) for k, c in enumerate(last[1])
            ),
            winner=last[2],
            points=sum(POINTS[c] for c in last[1]) + 1,
        ),
        played=tuple(
            RoundPlay(seats[k], CARDS[plays[k]], done + k // 4 + 1) for k in range(len(plays))
        ),
        earlier=Earlier(_cards(state, state.earlier), state.earlier_tricks, state.earlier_points)
        if state.earlier
        else None,
        tricks=state.tricks,
        points=state.points,
        bonus=bonus_of(state),
        totals_before=state.totals_before,
        totals=state.totals,
        log=public_log(state),
        rounds=state.results,
        deal_result=None if playing else state.results[-1],
        match_result=match_result(state),
    )


def public_log(state: State) -> tuple[LogEntry, ...]:
    """The public events of the current round, oldest first, as messages (each rendered when
    read, in the third person or for the seat reading it)."""
    step = state.step
    dealer = state.dealer
    turned = Card(state.trump_card)

    told = message

    def team(index: int) -> Message:
        return message("mililla:team", a=Seat(index), b=Seat(index + 2))

    dealt = told(
        "mililla:log.deal",
        round=state.deal_number,
        cutter=Seat((dealer - step) % 4),
        who=Seat(dealer),
        card=turned,
    )
    log = [LogEntry(dealer, dealt, "mililla.deal")]
    scratch = state.clone()
    scratch.totals = state.totals_before
    scratch.deal_number -= 1
    start_deal(scratch, list(state.start_hands), state.trump_card)
    at_deal = scratch.bonus_status
    if at_deal == "added":
        text = told(
            "mililla:log.bonus-added", team=team(dealer & 1), points=state.bonus, card=turned
        )
        log.append(LogEntry(dealer, text, "mililla.bonus"))
    elif at_deal == "held":
        key = (
            "mililla:log.bonus-held-round"
            if state.rules.bonus_after_round
            else "mililla:log.bonus-held"
        )
        text = told(key, points=state.bonus, card=turned, target=state.rules.target)
        log.append(LogEntry(dealer, text, "mililla.bonus"))
    if state.earlier:
        first = state.play_seats[0] if state.plays else state.leader
        set_earlier(scratch, state.earlier, state.earlier_tricks, state.earlier_points, first)
        (t0, t1), (p0, p1) = state.earlier_tricks, state.earlier_points
        text = told(
            "mililla:log.earlier",
            cards=state.earlier.bit_count(),
            tricks=t0 + t1,
            team0=team(0),
            team1=team(1),
            t0=t0,
            t1=t1,
            p0=p0,
            p1=p1,
        )
        log.append(LogEntry(None, text, "mililla.points"))
    for played in state.plays:
        seat = scratch.to_move
        rule, said = narration(scratch, played)
        log.append(LogEntry(seat, said, rule))
        apply(scratch, played)
        if not scratch.trick:
            _leader, cards, winner = scratch.last_trick  # type: ignore[misc]
            points = sum(POINTS[c] for c in cards) + 1
            best = Card(scratch.win_card)
            text = told("mililla:log.trick", who=Seat(winner), card=best, points=points)
            log.append(LogEntry(winner, text, "mililla.trick"))
    if state.phase is not Phase.PLAY:
        log += _round_end_log(state, held=at_deal == "held")
    return tuple(log)


def _round_end_log(state: State, held: bool) -> list[LogEntry]:
    result = state.results[-1]
    p0, p1 = result.points
    teams = tuple(message("mililla:team", a=Seat(i), b=Seat(i + 2)) for i in (0, 1))

    told = message
    gained = result.round_score
    points = {"team0": teams[0], "team1": teams[1], "p0": p0, "p1": p1}
    if gained[0] or gained[1]:
        team = 0 if gained[0] else 1
        text = told("mililla:log.round-score", **points, team=teams[team], score=gained[team])
    else:
        text = told("mililla:log.round-nobody", **points)
    log = [LogEntry(None, text, "mililla.round.score")]
    bonus = result.bonus
    if held:  # mililla.bonus: settled after the round
        key = "mililla:log.held-added" if bonus.status == "added" else "mililla:log.held-dropped"
        text = told(key, points=bonus.value, team=teams[bonus.team])
        log.append(LogEntry(state.dealer, text, "mililla.bonus"))
    s0, s1 = result.totals
    if result.winner is not None:
        text = told(
            "mililla:log.wins-game", team=teams[result.winner], high=max(s0, s1), low=min(s0, s1)
        )
        log.append(LogEntry(None, text, "mililla.game.end"))
    return log
