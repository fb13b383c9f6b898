"""Per-seat views of a Mille game: the typed ``View``, what one seat may know.

A view is built only from public facts and the seat's own hand: the opponent's cards
appear only when publicly known (taken from the pile, or shown at the scoring), and the
stock only as a size. ``View.to_dict()`` is its JSON form, what bots and saves use, and
``View.from_dict`` reads it back (``sampling.state_from_view`` builds a full state that
agrees with one). ``view._repr_html_()`` draws the position (see ``drawing``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import FrenchCard, FrenchRank
from ..errors import SavedGameError
from ..messages import message
from ..records import Record, read
from ..seat_view import SeatView
from .drawing import view_html
from .results import DealResult, MatchResult
from .rules import Rules
from .scoring import match_result
from .state import Event, Meld, Phase, State, expand
from .tables import CARDS, RANK, TEXT, VALUE, faces_of

__all__ = ["MeldView", "PlayerView", "View", "totals_now", "view_of"]


@dataclass(frozen=True, slots=True)
class MeldView(Record):
    """A meld on the table as both players see it."""

    rank: FrenchRank
    """The meld's rank (a meld of 2s alone has rank 2)."""
    cards: tuple[FrenchCard, ...]
    """Its cards in the order laid; a 2 in a meld of another rank is a wild."""

    @property
    def naturals(self) -> int:
        """How many of its cards are of its rank."""
        rank = self.rank
        return sum(1 for face in faces_of(self.cards) if RANK[face] == rank)

    @property
    def wilds(self) -> int:
        """How many of its cards are 2s standing in for its rank (``mille.wild``)."""
        return len(self.cards) - self.naturals

    @property
    def value(self) -> int:
        """Its cards' values added up (``mille.values``), before any doubling."""
        return sum(VALUE[face] for face in faces_of(self.cards))

    @property
    def bunched(self) -> bool:
        """Seven natural cards and no wild: one card from a natural meld."""
        return self.naturals == 7 and not self.wilds

    @property
    def face_down(self) -> bool:
        """All eight natural cards and no wild, shown face down (``mille.score.natural-meld``)."""
        return self.naturals == 8 and not self.wilds

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, its counts, value and flags included."""
        faces = faces_of(self.cards)
        rank = self.rank
        naturals = sum(1 for face in faces if RANK[face] == rank)
        wilds = len(faces) - naturals
        return {
            "rank": rank.text,
            "cards": [TEXT[face] for face in faces],
            "naturals": naturals,
            "wilds": wilds,
            "value": sum(VALUE[face] for face in faces),
            "bunched": naturals == 7 and not wilds,
            "face_down": naturals == 8 and not wilds,
        }


@dataclass(frozen=True, slots=True)
class PlayerView(Record):
    """What everybody sees of one player: the size of the hand, known cards and melds."""

    seat: int
    """The player's seat: 0 (South) or 1 (North)."""
    hand_size: int
    """How many cards the player holds."""
    known: tuple[FrenchCard, ...]
    """Cards the player is publicly known to hold (taken from the pile), in showing order."""
    melds: tuple[MeldView, ...]
    """The player's melds, oldest first."""

    @property
    def melded_points(self) -> int:
        """The melds' values added up (before any doubling at the scoring)."""
        return sum(meld.value for meld in self.melds)

    @property
    def announced(self) -> bool:
        """True when the player is down to one or two cards (``mille.announce``)."""
        return 0 < self.hand_size <= 2

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, the melded points and the announcement included."""
        melds = [meld.to_dict() for meld in self.melds]
        return {
            "seat": self.seat,
            "hand_size": self.hand_size,
            "known": _texts(self.known),
            "melds": melds,
            "melded_points": sum(meld["value"] for meld in melds),
            "announced": self.announced,
        }


@dataclass(frozen=True, slots=True)
class View(SeatView):
    """All that one seat may know of a Mille match, and nothing it may not.

    ``game.view(seat)`` gives one. Its cards are ``FrenchCard`` values; the opponent's
    hand is only a size (and the cards it is publicly known to hold), the stock only a
    size. ``to_dict()`` is its JSON form and ``View.from_dict`` reads that back.
    """

    game: ClassVar[str] = "mille"
    title: ClassVar[str] = "Mille"

    rules: Rules
    """The variants in play."""
    dealer: int
    """The seat that dealt this hand."""
    to_move: int | None
    """The seat to move, or None once the hand is over."""
    phase: Phase
    """Draw, meld (after the draw), hand-over or match-over."""
    first_turn: bool
    """True on the hand's very first draw (``mille.draw.first-two``)."""
    hand: tuple[FrenchCard, ...]
    """The seat's own hand, in showing order."""
    players: tuple[PlayerView, PlayerView]
    """What everybody sees of seats 0 and 1."""
    pile: tuple[FrenchCard, ...]
    """The discard pile, its top card last."""
    stock_size: int
    """How many cards are left in the stock."""
    totals: tuple[int, int]
    """The match totals of seats 0 and 1, counting this hand once it is scored."""
    log: tuple[Event, ...]
    """The public log of this hand, oldest first."""
    deal_result: DealResult | None
    """The breakdown of this hand once it is scored, else None."""
    match_result: MatchResult | None
    """How the match ended, once it is over, else None."""

    @property
    def opponent_hand_size(self) -> int:
        """How many cards the opponent holds."""
        return self.players[1 - self.seat].hand_size

    @property
    def opponent_known(self) -> tuple[FrenchCard, ...]:
        """The opponent's cards that are publicly known (taken from the pile)."""
        return self.players[1 - self.seat].known

    @property
    def announcements(self) -> tuple[Event, ...]:
        """The log's announcements of a player down to two cards or one (``mille.announce``)."""
        return tuple(event for event in self.log if event.rule == "mille.announce")

    @property
    def scores(self) -> tuple[int, int] | None:
        """What each seat scored in this hand, once it is scored, else None."""
        return None if self.deal_result is None else self.deal_result.scores

    def to_dict(self) -> dict[str, Any]:
        """The JSON form that bots and saves use (``View.from_dict`` reads it back)."""
        players = [player.to_dict() for player in self.players]
        opponent = players[1 - self.seat]
        result = self.deal_result
        return {
            "game": self.game,
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase.value,
            "first_turn": self.first_turn,
            "hand": _texts(self.hand),
            "players": players,
            "opponent_hand_size": opponent["hand_size"],
            "opponent_known": list(opponent["known"]),
            "pile": _texts(self.pile),
            "stock_size": self.stock_size,
            "announcements": [{"seat": e.seat, "text": e.text} for e in self.announcements],
            "totals": list(self.totals),
            "scores": None if result is None else list(result.scores),
            "log": [{"seat": e.seat, "text": e.text, "rule": e.rule} for e in self.log],
            "deal_result": None if result is None else result.to_dict(),
            "match_result": None if self.match_result is None else self.match_result.to_dict(),
        }

    def check(self) -> None:
        """Refuse seats other than 0 and 1, a hand that is not its size, sizes below 0."""
        seats = (0, 1)
        if self.seat not in seats or self.dealer not in seats or self.to_move not in (*seats, None):
            raise SavedGameError(message("mille:view.seat"))
        if [player.seat for player in self.players] != [0, 1]:
            raise SavedGameError(message("mille:view.players"))
        if len(self.hand) != self.players[self.seat].hand_size:
            raise SavedGameError(message("mille:view.hand-size"))
        if self.deal_number < 1 or self.stock_size < 0 or self.opponent_hand_size < 0:
            raise SavedGameError(message("mille:view.range"))

    def _repr_html_(self) -> str:
        """The position as this seat sees it, drawn in HTML with inline SVG cards."""
        return view_html(self)

    def still_html(self, *, quiz: bool = False) -> str:
        """The table as a picture that takes no clicks; ``quiz``: an exercise's, which prints
        none of the answers it may ask for."""
        return view_html(self, still=True, quiz=quiz)


def _texts(cards: tuple[FrenchCard, ...]) -> list[str]:
    return [TEXT[face] for face in faces_of(cards)]


def totals_now(st: State) -> list[int]:
    """Running totals, counting the current hand once it has been scored."""
    if st.ended is not None and st.last_result is not None:
        return list(st.last_result["totals"])
    return list(st.start_totals)


def _cards(faces: list[int]) -> tuple[FrenchCard, ...]:
    return tuple(map(CARDS.__getitem__, faces))


_LAST_RESULT: list[Any] = [None, None]
"""The last scored hand read, as (its dict, its record): views of it are drawn again and again."""


def _deal_result(data: dict[str, Any]) -> DealResult:
    """The record of a state's scored hand (the state's dict is never changed once made)."""
    if _LAST_RESULT[0] is not data:
        _LAST_RESULT[:] = [data, read(DealResult, data)]
    return _LAST_RESULT[1]


def _meld_view(meld: Meld) -> MeldView:
    return MeldView(FrenchRank(meld.rank), _cards(meld.cards))


def view_of(st: State, rules: Rules, seat: int) -> View:
    """All that ``seat`` may know, and nothing it may not."""
    players = tuple(
        PlayerView(
            s,
            st.sizes[s],
            _cards(expand(st.known[s])),
            tuple(_meld_view(meld) for meld in st.melds[s]),
        )
        for s in (0, 1)
    )
    over = st.ended is not None and st.last_result is not None
    totals = totals_now(st)
    final = match_result(totals, rules, st.deal_number) if st.phase is Phase.MATCH_OVER else None
    return View(
        seat=seat,
        rules=rules,
        deal_number=st.deal_number,
        dealer=st.dealer,
        to_move=st.to_move,
        phase=st.phase,
        first_turn=st.first_turn,
        hand=_cards(expand(st.hands[seat])),
        players=players,  # type: ignore[arg-type]
        pile=_cards(st.pile),
        stock_size=len(st.stock),
        totals=(totals[0], totals[1]),
        log=tuple(st.log),
        deal_result=_deal_result(st.last_result) if over else None,  # type: ignore[arg-type]
        match_result=None if final is None else read(MatchResult, final),
    )
