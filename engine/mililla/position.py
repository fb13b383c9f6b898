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
illegal play, a wrong leader or a card out of place is refused with a PositionTextError
naming the line.

Reading goes in two steps: ``parse`` sorts the lines into fields, hands, tricks and
voids, naming the line of any that cannot be read, and ``_earlier_of`` checks the
``played`` set against the ``tricks`` and ``points`` lines; then the cards are fitted
together and the tricks replayed.
"""

from __future__ import annotations

from ..errors import InvalidMoveError, PositionTextError, SavedGameError
from ..messages import Message, Seat, message
from .messages import Suit
from .moves import SEAT_NAMES
from .rules import Rules
from .sampling import fill_hidden
from .state import State
from .tables import CARDS, POINTS, SUIT, SUIT_MASK, TEXTS, bits, index_of
from .turns import apply, set_earlier, start_deal
from .words import explain_card

__all__ = ["PositionText", "parse", "read_position", "write_position"]

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


def _field(where: Message, key: str) -> Message:
    """``line N: key``: a field of a line, where a refusal points."""
    return _said("field", where=where, key=key)


def _seat_of(word: str) -> int:
    """A seat number from ``South``/``S``/``0`` ...; raise PositionTextError otherwise."""
    seat = _SEAT_WORDS.get(word.strip().rstrip(":").lower())
    if seat is None:
        raise PositionTextError(_said("not-a-seat", word=repr(word)))
    return seat


def _cards_of(text: str, where: Message) -> list[int]:
    """Card indexes from text (``-`` for none); PositionTextError naming ``where`` otherwise."""
    if text.strip() == "-":
        return []
    try:
        return [index_of(word) for word in text.replace(",", " ").split()]
    except InvalidMoveError as error:
        raise PositionTextError(_said("at", where=where, error=error.said)) from None


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
        return _line(self.fields[key][1]) if key in self.fields else _said("whole")


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
            parsed.tricks.append((_seat_of(leader), _cards_of(cards, where), number))
        elif key == "void":
            seat_word, _, suits = rest.partition(":")
            seat = _seat_of(seat_word)
            for letter in suits.replace(",", " ").split():
                if letter.upper() not in _SUIT_LETTERS:
                    said = _said("not-a-suit", where=where, letter=repr(letter))
                    raise PositionTextError(said)
                parsed.voids[seat] |= SUIT_MASK[_SUIT_LETTERS.index(letter.upper())]
            parsed.void_lines[seat] = number
        elif key in _SEAT_WORDS:
            seat = _seat_of(key)
            if seat in parsed.hands:
                raise PositionTextError(_said("hand-twice", where=where, seat=Seat(seat)))
            words = rest.replace(",", " ").split()
            plus = [w for w in words if w.startswith("+")]
            if len(plus) > 1:
                raise PositionTextError(_said("one-count", where=where, counts=" ".join(plus)))
            hidden = _int_of(plus[0][1:], _field(where, "'+N'")) if plus else 0
            if hidden < 0:
                raise PositionTextError(_said("negative-count", where=where))
            cards = " ".join(w for w in words if not w.startswith("+"))
            parsed.hands[seat] = (_cards_of(cards, where), hidden, number)
        else:
            raise PositionTextError(_said("unknown-line", where=where, word=repr(word)))
    return parsed


def _int_of(word: str, where: Message) -> int:
    """``word`` as a whole number; PositionTextError naming ``where`` otherwise."""
    try:
        return int(word)
    except ValueError:
        raise PositionTextError(_said("not-a-number", where=where, word=repr(word))) from None


def _pair(parsed: PositionText, key: str, default: str = "") -> tuple[int, int]:
    """The two whole numbers of the ``key`` line, team South-North's then team East-West's."""
    where = parsed.line(key)
    words = parsed.fields[key][0].split() if key in parsed.fields else default.split()
    if len(words) != 2:
        raise PositionTextError(_said("pair", where=where, key=repr(key)))
    first, second = (_int_of(word, _field(where, key)) for word in words)
    return first, second


def _earlier_of(parsed: PositionText) -> tuple[int, tuple[int, int], tuple[int, int], int]:
    """The ``played`` set as a mask, the tricks and points taken in it, and who leads next."""
    at = parsed.line("played")
    cards = _cards_of(parsed.fields.get("played", ("-", 0))[0] or "-", _field(at, "played"))
    mask = 0
    for card in cards:
        if (mask >> card) & 1:
            raise PositionTextError(_said("played-twice", where=at, card=TEXTS[card]))
        mask |= 1 << card
    if not mask:
        for key in ("tricks", "points"):
            if key in parsed.fields and _pair(parsed, key) != (0, 0):
                said = _said("counts-nothing", where=parsed.line(key), key=repr(key))
                raise PositionTextError(said)
        return 0, (0, 0), (0, 0), 0
    count = len(cards)
    if count % 4 or count == 40:
        raise PositionTextError(_said("whole-tricks", where=at, count=count))
    for key in ("tricks", "points"):
        if key not in parsed.fields:
            raise PositionTextError(_said("needs-line", where=at, key=key))
    (t0, t1), (p0, p1), tricks = _pair(parsed, "tricks"), _pair(parsed, "points"), count // 4
    if min(t0, t1) < 0 or t0 + t1 != tricks:
        said = _said("tricks-count", a=t0, b=t1, total=t0 + t1, held=tricks, count=count)
        raise PositionTextError(_said("at", where=parsed.line("tricks"), error=said))
    worth, at = sum(POINTS[c] for c in cards), parsed.line("points")
    if p0 + p1 != worth + tricks:  # mililla.points: card points plus one per trick
        due = worth + tricks
        said = _said("points-sum", a=p0, b=p1, total=p0 + p1, worth=worth, tricks=tricks, due=due)
        raise PositionTextError(_said("at", where=at, error=said))
    for team, took, won in ((0, t0, p0), (1, t1, p1)):
        if won < took or (won and not took):
            raise PositionTextError(_said("points-least", where=at, team=_TEAMS[team], tricks=took))
    if (4 * t0, p0 - t0) not in _splits(cards):
        took = {"cards": 4 * t0, "worth": p0 - t0, "points": p0, "tricks": t0}
        said = _said("points-split", team=_TEAMS[0], **took)
        raise PositionTextError(_said("at", where=at, error=said))
    if not parsed.tricks:
        raise PositionTextError(_said("who-leads", where=parsed.line("played")))
    leader, _led, line = parsed.tricks[0]
    if not (t0, t1)[leader & 1]:  # mililla.lead: the winner of a trick leads the next
        said = _said("cannot-lead", seat=Seat(leader), team=_TEAMS[leader & 1])
        raise PositionTextError(_said("at", where=_line(line), error=said))
    return mask, (t0, t1), (p0, p1), leader


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
    round_number = _int_of(fields.get("round", "1"), _field(at, "round"))
    if round_number < 1:
        raise PositionTextError(_said("round", where=at))
    start_scores = _pair(parsed, "scores", "0 0")
    if not all(0 <= score < rules.target for score in start_scores):
        said = _said("scores", where=parsed.line("scores"), top=rules.target - 1)
        raise PositionTextError(said)
    dealer = _seat_of(fields["dealer"])
    at = parsed.line("trump")
    trump = _cards_of(fields["trump"], _field(at, "trump"))
    if len(trump) != 1:
        raise PositionTextError(_said("trump", where=at))
    state = State(rules, seed)
    earlier, tricks, points, leader = _earlier_of(parsed)
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
                who, suit, text = Seat(seat), Suit(SUIT[card]), TEXTS[card]
                said = _said("void-held", seat=who, suit=suit, card=text, line=line)
                where = _line(parsed.void_lines[seat])
                raise PositionTextError(_said("at", where=where, error=said))
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
        take(dealer, trump_card, _said("in-face-up"))  # mililla.deal: the dealer holds it
        hidden[dealer] -= 1
    rest = [card for card in range(40) if card not in seen]
    if not any(hidden) and rest:
        raise PositionTextError(_said("missing", cards=" ".join(TEXTS[i] for i in rest)))
    if sum(hidden) > len(rest):
        asking = ", ".join(str(line) for _cards, count, line in parsed.hands.values() if count)
        said = _said("too-few", lines=asking, asked=sum(hidden), left=len(rest))
        raise PositionTextError(said)
    done = earlier.bit_count() // 4
    for seat in range(4):
        count = start[seat].bit_count() + hidden[seat]
        if count != 10 - done:  # mililla.deal: ten cards each
            what, line = "dealt-less" if done else "dealt", parsed.hands[seat][2]
            said = _said(what, line=line, seat=Seat(seat), count=count, done=done)
            raise PositionTextError(said)
    if rest:
        trump_suit = SUIT[trump_card]
        try:
            dealt = fill_hidden(
                state.rules, plays, trump_suit, earlier, parsed.voids, hidden, rest, seed
            )
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
            due = Seat(state.to_move or 0)
            said = _said("wrong-leader", number=number, leader=due, seat=Seat(leader))
            raise PositionTextError(_said("at", where=_line(line), error=said))
        for card in cards:
            if not (state.decide()[0] >> card) & 1:  # the same decision as play()
                why, who, text = explain_card(state, card), Seat(state.to_move or 0), TEXTS[card]
                said = _said("cannot-play", seat=who, card=text, why=why.message, rule=why.rule)
                raise PositionTextError(_said("at", where=_line(line), error=said))
            apply(state, card)
