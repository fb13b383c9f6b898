"""Positions as readable text: set up any moment of a round, and write one back.

A position gives the round number, the dealer, the face-up trump card, the game scores
*before* this round (the engine itself adds or holds the dealer's bonus), each seat's
cards in hand now, and the tricks played so far, each led by the seat named. An author
need not write every card: a hand may end in ``+N`` (N more cards from the rest of the
deck) or be ``+N`` alone, and earlier tricks may be given as the set of cards they hold,
with the tricks and points each team took in them. This is what an exercise writes::

    # Mililla position: South to play to the third trick
    round 1
    dealer West
    trump 5O                       # the face-up card: West holds it until West plays it
    scores 12 7                    # game scores before this round (team South-North first)
    played: 7E KE 3E AE 6C 4C JC KC   # cards of the earlier tricks, in any order
    tricks 1 1                     # tricks team South-North and team East-West took in them
    points 13 5                    # their points: card points plus one per trick
    South: KO HO JO 7C 6E 5E 4B 2B
    East: +8
    North: +7
    West: +7                       # the face-up 5O and six cards from the rest
    trick North: 3B AB             # the trick in progress: North led, West followed
    void East: O                   # optional: East holds no coins (none dealt to East)

The full form names every card of every hand and writes every trick out (``trick South:
HC 4C JC KC``, whole tricks then the one in progress); ``Game.position()`` writes that
form, the hidden cards included, and reads it back unchanged.

Rules of the text: seats are ``South East North West`` (or 0-3, or S E N W); an empty
hand is ``-``; ``#`` starts a comment; keys may end in ``:``. Every one of the 40 cards
is accounted for: written in a hand, a trick or the ``played`` set, or dealt to a
``+N``. After k earlier tricks in the ``played`` set every seat holds 10 - k cards
before the written tricks. The face-up card, if written nowhere, is the dealer's (one of
its ``+N``). The hidden cards are the cards written nowhere, shared out at random from
the game's seed (the same text and seed give the same game; another seed may share them
otherwise) and never dealt where the text rules them out: a seat that did not follow
suit or beat in a written trick gets no card the rules would have made it play, and a
``void SEAT: O E`` line keeps those suits from that seat's hidden cards (it constrains
the filling only; it is not recorded in the game). With a ``played`` set, ``tricks A B``
and ``points A B`` are required (team South-North first): the points must be the played
cards' points plus one per trick, and a team's card points must be what some four cards
per trick it took hold (``mililla.points``); the next leader is the first ``trick``
line's leader (``trick East:`` with no card when East is about to lead), a seat of a
team that took a trick. Reading replays the written tricks through the rules, so an
illegal play, a wrong leader or a card out of place is refused with a SavedGameError
naming the line.

Reading goes in two steps: ``parse`` sorts the lines into fields, hands, tricks and
voids, naming the line of any that cannot be read, and ``earlier_of`` checks the
``played`` set against the ``tricks`` and ``points`` lines; then the cards are fitted
together and the tricks replayed.
"""

from __future__ import annotations

import random

from ..errors import InvalidMoveError, PositionTextError, SavedGameError
from ..messages import Message, Seat, message
from .messages import Suit
from .moves import SEAT_NAMES
from .rules import Rules
from .sampling import deal_hidden, forbidden_by_plays
from .state import State
from .tables import CARDS, POINTS, SUIT, SUIT_MASK, TEXTS, bits, index_of
from .turns import apply, set_earlier, start_deal
from .words import explain_card

__all__ = [
    "PositionText",
    "cards_of",
    "earlier_of",
    "int_of",
    "pair",
    "parse",
    "read_position",
    "seat_of",
    "write_position",
]


_SEAT_WORDS = (
    {name.lower(): i for i, name in enumerate(SEAT_NAMES)}
    | {name[0].lower(): i for i, name in enumerate(SEAT_NAMES)}
    | {str(i): i for i in range(4)}
)
_FIELDS = ("round", "dealer", "trump", "scores", "played", "tricks", "points")
_TEAMS = (message("mililla:position.team0"), message("mililla:position.team1"))
_SUIT_LETTERS = "OCEB"


def _said(what: str, **params: object) -> Message:
    """A sentence about the text (``mililla:position.<what>``): a refusal or a place in it."""
    return message(f"mililla:position.{what}", **params)


def _line(number: int) -> Message:
    """``line N``: where a refusal points in the text."""
    return _said("line", line=number)


def seat_of(word: str) -> int:
    """A seat number from ``South``/``S``/``0`` ...; raise PositionTextError otherwise."""
    seat = _SEAT_WORDS.get(word.strip().rstrip(":").lower())
    if seat is None:
        raise PositionTextError(_said("not-a-seat", word=repr(word)))
    return seat


def cards_of(text: str, where: Message) -> list[int]:
    """Card indexes from text (``-`` for none); PositionTextError naming ``where`` otherwise."""
    if text.strip() == "-":
        return []
    try:
        return [index_of(word) for word in text.replace(",", " ").split()]
    except InvalidMoveError as error:
        said = _said("at", where=where, error=error.said)
        raise PositionTextError(said) from None


class PositionText:
    """The lines of a position text, read but not yet checked against each other."""

    __slots__ = ("fields", "hands", "tricks", "void_lines", "voids")

    def __init__(self) -> None:
        self.fields: dict[str, tuple[str, int]] = {}
        self.hands: dict[int, tuple[list[int], int, int]] = {}  # seat: cards, +N, line
        self.tricks: list[tuple[int, list[int], int]] = []  # leader, cards, line
        self.voids = [0, 0, 0, 0]  # suits (masks of cards) a seat's hidden cards avoid
        self.void_lines: dict[int, int] = {}

    def line(self, key: str) -> Message:
        """``line N`` for a field given, else ``the position``."""
        if key in self.fields:
            return _line(self.fields[key][1])
        return _said("whole")


def parse(text: str) -> PositionText:
    """The lines of a position text sorted out; PositionTextError names a line it cannot read."""
    if not isinstance(text, str):
        raise PositionTextError(_said("not-text", kind=type(text).__name__))
    parsed = PositionText()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.replace(":", ": ", 1).partition(" ")
        key = word.rstrip(":").lower()
        where = _line(number)
        if key in _FIELDS:
            if key in parsed.fields:
                raise PositionTextError(_said("twice", where=where, key=repr(key)))
            parsed.fields[key] = (rest.strip(), number)
        elif key == "trick":
            leader, _, cards = rest.partition(":")
            parsed.tricks.append((seat_of(leader), cards_of(cards, where), number))
        elif key == "void":
            seat_word, _, suits = rest.partition(":")
            seat = seat_of(seat_word)
            for letter in suits.replace(",", " ").split():
                if letter.upper() not in _SUIT_LETTERS:
                    said = _said("not-a-suit", where=where, letter=repr(letter))
                    raise PositionTextError(said)
                parsed.voids[seat] |= SUIT_MASK[_SUIT_LETTERS.index(letter.upper())]
            parsed.void_lines[seat] = number
        elif key in _SEAT_WORDS:
            seat = seat_of(key)
            if seat in parsed.hands:
                raise PositionTextError(_said("hand-twice", where=where, seat=Seat(seat)))
            words = rest.replace(",", " ").split()
            plus = [w for w in words if w.startswith("+")]
            if len(plus) > 1:
                said = _said("one-count", where=where, counts=" ".join(plus))
                raise PositionTextError(said)
            hidden = int_of(plus[0][1:], _said("field", where=where, key="'+N'")) if plus else 0
            if hidden < 0:
                raise PositionTextError(_said("negative-count", where=where))
            cards = " ".join(w for w in words if not w.startswith("+"))
            parsed.hands[seat] = (cards_of(cards, where), hidden, number)
        else:
            raise PositionTextError(_said("unknown-line", where=where, word=repr(word)))
    return parsed


def int_of(word: str, where: Message) -> int:
    """``word`` as a whole number; PositionTextError naming ``where`` otherwise."""
    try:
        return int(word)
    except ValueError:
        raise PositionTextError(_said("not-a-number", where=where, word=repr(word))) from None


def pair(text: str, where: Message, key: str) -> tuple[int, int]:
    """Two whole numbers, team South-North's then team East-West's."""
    words = text.split()
    if len(words) != 2:
        raise PositionTextError(_said("pair", where=where, key=repr(key)))
    field = _said("field", where=where, key=key)
    first, second = (int_of(word, field) for word in words)
    return first, second


def earlier_of(parsed: PositionText) -> tuple[int, tuple[int, int], tuple[int, int], int]:
    """The ``played`` set as a mask, the tricks and points taken in it, and who leads next."""
    where = parsed.line("played")
    played = _said("field", where=where, key="played")
    cards = cards_of(parsed.fields.get("played", ("-", 0))[0] or "-", played)
    mask = 0
    for card in cards:
        if (mask >> card) & 1:
            said = _said("played-twice", where=where, card=TEXTS[card])
            raise PositionTextError(said)
        mask |= 1 << card
    if not mask:
        for key in ("tricks", "points"):
            at = parsed.line(key)
            if key in parsed.fields and pair(parsed.fields[key][0], at, key) != (0, 0):
                said = _said("counts-nothing", where=at, key=repr(key))
                raise PositionTextError(said)
        return 0, (0, 0), (0, 0), 0
    count = len(cards)
    if count % 4 or count == 40:
        raise PositionTextError(_said("whole-tricks", where=where, count=count))
    for key in ("tricks", "points"):
        if key not in parsed.fields:
            raise PositionTextError(_said("needs-line", where=where, key=key))
    taken = pair(parsed.fields["tricks"][0], parsed.line("tricks"), "tricks")
    points = pair(parsed.fields["points"][0], parsed.line("points"), "points")
    tricks = count // 4
    if min(taken) < 0 or sum(taken) != tricks:
        raise PositionTextError(
            _said(
                "tricks-count",
                where=parsed.line("tricks"),
                a=taken[0],
                b=taken[1],
                total=sum(taken),
                held=tricks,
                count=count,
            )
        )
    worth = sum(POINTS[c] for c in cards)
    at = parsed.line("points")
    if sum(points) != worth + tricks:  # mililla.points: card points plus one per trick
        said = _said(
            "points-sum",
            where=at,
            a=points[0],
            b=points[1],
            total=sum(points),
            worth=worth,
            tricks=tricks,
            due=worth + tricks,
        )
        raise PositionTextError(said)
    for team in (0, 1):
        if points[team] < taken[team] or (points[team] and not taken[team]):
            said = _said("points-least", where=at, team=_TEAMS[team], tricks=taken[team])
            raise PositionTextError(said)
    if (4 * taken[0], points[0] - taken[0]) not in _splits(cards):
        said = _said(
            "points-split",
            where=at,
            cards=4 * taken[0],
            worth=points[0] - taken[0],
            team=_TEAMS[0],
            points=points[0],
            tricks=taken[0],
        )
        raise PositionTextError(said)
    if not parsed.tricks:
        raise PositionTextError(_said("who-leads", where=where))
    leader, _led, line = parsed.tricks[0]
    if not taken[leader & 1]:  # mililla.lead: the winner of a trick leads the next
        said = _said(
            "cannot-lead",
            where=_line(line),
            seat=Seat(leader),
            team=_TEAMS[leader & 1],
        )
        raise PositionTextError(said)
    return mask, taken, points, leader


def _splits(cards: list[int]) -> set[tuple[int, int]]:
    """Every (how many cards, their points) some of these cards make: the tricks a team took."""
    made = {(0, 0)}
    for card in cards:
        made |= {(count + 1, worth + POINTS[card]) for count, worth in made}
    return made


def _sorted_text(state: State, mask: int) -> str:
    cards = sorted(bits(mask), key=state.order.sort_key)
    return " ".join(TEXTS[i] for i in cards) or "-"


def write_position(state: State) -> str:
    """The current round as position text, every card written (see the module docstring)."""
    before = state.totals_before
    lines = [
        "# Mililla position",
        f"round {state.deal_number}",
        f"dealer {SEAT_NAMES[state.dealer]}",
        f"trump {CARDS[state.trump_card]}",
        f"scores {before[0]} {before[1]}",
    ]
    if state.earlier:
        tricks, points = state.earlier_tricks, state.earlier_points
        lines.append(f"played: {_sorted_text(state, state.earlier)}")
        lines.append(f"tricks {tricks[0]} {tricks[1]}")
        lines.append(f"points {points[0]} {points[1]}")
    lines += [f"{SEAT_NAMES[s]}: {_sorted_text(state, state.hands[s])}" for s in range(4)]
    plays, seats = state.plays, state.play_seats
    for start in range(0, len(plays), 4):
        cards = " ".join(TEXTS[c] for c in plays[start : start + 4])
        lines.append(f"trick {SEAT_NAMES[seats[start]]}: {cards}")
    if state.earlier and not plays and state.to_move is not None:
        lines.append(f"trick {SEAT_NAMES[state.to_move]}:")  # who leads after the played set
    return "\n".join(lines) + "\n"


def read_position(text: str, rules: Rules, seed: int) -> State:
    """A match's state set up from position text; refuse a bad one with PositionTextError."""
    parsed = parse(text)
    fields = {key: value for key, (value, _line) in parsed.fields.items()}
    for key in ("dealer", "trump"):
        if key not in fields:
            raise PositionTextError(_said("no-line", key=repr(key)))
    missing = [SEAT_NAMES[s] for s in range(4) if s not in parsed.hands]
    if missing:
        raise PositionTextError(_said("no-hand", seats=", ".join(missing)))
    at = parsed.line("round")
    round_number = int_of(fields.get("round", "1"), _said("field", where=at, key="round"))
    if round_number < 1:
        raise PositionTextError(_said("round", where=at))
    at = parsed.line("scores")
    start_scores = pair(fields.get("scores", "0 0"), at, "scores")
    if not all(0 <= score < rules.target for score in start_scores):
        raise PositionTextError(_said("scores", where=at, top=rules.target - 1))
    dealer = seat_of(fields["dealer"])
    at = parsed.line("trump")
    trump = cards_of(fields["trump"], _said("field", where=at, key="trump"))
    if len(trump) != 1:
        raise PositionTextError(_said("trump", where=at))
    state = State(rules, seed)
    earlier, tricks, points, leader = earlier_of(parsed)
    start = _start_hands(state, parsed, earlier, dealer, trump[0], seed)
    if not (start[dealer] >> trump[0]) & 1 and not (earlier >> trump[0]) & 1:
        said = _said("face-up", where=at, card=TEXTS[trump[0]], seat=Seat(dealer))
        raise PositionTextError(said)
    state.deal_number = round_number - 1
    state.dealer = dealer
    state.totals = start_scores
    start_deal(state, start, trump[0])
    if earlier:
        set_earlier(state, earlier, tricks, points, leader)
    _replay_tricks(state, parsed.tricks)
    state.moves = []
    state.start_text = write_position(state)
    return state


def _start_hands(
    state: State, parsed: PositionText, earlier: int, dealer: int, trump_card: int, seed: int
) -> list[int]:
    """Each seat's cards before the written tricks: as written, plus the hidden ones dealt."""
    start = [0, 0, 0, 0]
    played = _said("in-played", where=parsed.line("played"))
    seen: dict[int, Message] = dict.fromkeys(bits(earlier), played)

    def take(seat: int, card: int, where: Message) -> None:
        if card in seen:
            said = _said("card-twice", card=TEXTS[card], first=seen[card], second=where)
            raise PositionTextError(said)
        seen[card] = where
        start[seat] |= 1 << card

    hidden = [0, 0, 0, 0]
    for seat, (cards, count, line) in parsed.hands.items():
        hidden[seat] = count
        for card in cards:
            take(seat, card, _said("in-hand", seat=Seat(seat), line=line))
            if (parsed.voids[seat] >> card) & 1:
                said = _said(
                    "void-held",
                    void=parsed.void_lines[seat],
                    seat=Seat(seat),
                    suit=Suit(SUIT[card]),
                    card=TEXTS[card],
                    line=line,
                )
                raise PositionTextError(said)
    plays: list[tuple[int, int]] = []
    for number, (leader, cards, line) in enumerate(parsed.tricks, 1):
        if len(cards) > 4:
            raise PositionTextError(_said("trick-size", line=line))
        if len(cards) < 4 and number < len(parsed.tricks):
            raise PositionTextError(_said("unfinished", line=line))
        for k, card in enumerate(cards):
            seat = (leader + state.step * k) % 4
            take(seat, card, _said("in-trick", line=line))
            plays.append((seat, card))
    if trump_card not in seen and hidden[dealer]:
        take(dealer, trump_card, _said("in-face-up"))  # mililla.deal
        hidden[dealer] -= 1
    rest = [card for card in range(40) if card not in seen]
    if not any(hidden) and rest:
        absent = " ".join(TEXTS[i] for i in rest)
        raise PositionTextError(_said("missing", cards=absent))
    if sum(hidden) > len(rest):
        asking = ", ".join(str(line) for _cards, count, line in parsed.hands.values() if count)
        said = _said("too-few", lines=asking, asked=sum(hidden), left=len(rest))
        raise PositionTextError(said)
    done = earlier.bit_count() // 4
    for seat in range(4):
        count = start[seat].bit_count() + hidden[seat]
        if count != 10 - done:  # mililla.deal: ten cards each
            said = _said(
                "dealt-less" if done else "dealt",
                line=parsed.hands[seat][2],
                seat=Seat(seat),
                count=count,
                done=done,
            )
            raise PositionTextError(said)
    if rest:
        suits = 0
        for card in bits(earlier):
            suits |= 1 << SUIT[card]
        forbidden = forbidden_by_plays(plays, SUIT[trump_card], state.rules, suits)
        forbidden = [forbidden[s] | parsed.voids[s] for s in range(4)]
        room = {seat: hidden[seat] for seat in range(4) if hidden[seat]}
        try:  # the rest of the deck: its own generator, so later deals stay the seed's
            dealt = deal_hidden(rest, room, forbidden, random.Random(f"mililla position {seed}"))
        except SavedGameError:
            raise PositionTextError(_said("no-fit", count=len(rest))) from None
        for seat, mask in dealt.items():
            start[seat] |= mask
    return start


def _replay_tricks(state: State, tricks: list[tuple[int, list[int], int]]) -> None:
    for number, (leader, cards, line) in enumerate(tricks, 1):
        if not cards and number < len(tricks):
            raise PositionTextError(_said("empty-trick", line=line))
        if leader != state.to_move:  # mililla.lead
            said = _said(
                "wrong-leader",
                line=line,
                number=number,
                leader=Seat(state.to_move or 0),
                seat=Seat(leader),
            )
            raise PositionTextError(said)
        for card in cards:
            if not (state.decide()[0] >> card) & 1:  # the same decision as play()
                why = explain_card(state, card)
                said = _said(
                    "cannot-play",
                    line=line,
                    seat=Seat(state.to_move or 0),
                    card=TEXTS[card],
                    why=why.message or why.text,
                    rule=why.rule,
                )
                raise PositionTextError(said)
            apply(state, card)
