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

from ..errors import InvalidMoveError, SavedGameError
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
_TEAMS = ("team South-North", "team East-West")
_SUIT_LETTERS = "OCEB"


def seat_of(word: str) -> int:
    """A seat number from ``South``/``S``/``0`` ...; raise SavedGameError otherwise."""
    seat = _SEAT_WORDS.get(word.strip().rstrip(":").lower())
    if seat is None:
        raise SavedGameError(f"{word!r} is not a seat: use South, East, North or West")
    return seat


def cards_of(text: str, where: str) -> list[int]:
    """Card indexes from text (``-`` for none); SavedGameError naming ``where`` otherwise."""
    if text.strip() == "-":
        return []
    try:
        return [index_of(word) for word in text.replace(",", " ").split()]
    except InvalidMoveError as error:
        raise SavedGameError(f"{where}: {error}") from None


class PositionText:
    """The lines of a position text, read but not yet checked against each other."""

    __slots__ = ("fields", "hands", "tricks", "void_lines", "voids")

    def __init__(self) -> None:
        self.fields: dict[str, tuple[str, int]] = {}
        self.hands: dict[int, tuple[list[int], int, int]] = {}  # seat: cards, +N, line
        self.tricks: list[tuple[int, list[int], int]] = []  # leader, cards, line
        self.voids = [0, 0, 0, 0]  # suits (masks of cards) a seat's hidden cards avoid
        self.void_lines: dict[int, int] = {}

    def line(self, key: str) -> str:
        """``line N`` for a field given, else ``the position``."""
        return f"line {self.fields[key][1]}" if key in self.fields else "the position"


def parse(text: str) -> PositionText:
    """The lines of a position text sorted out; SavedGameError names a line it cannot read."""
    if not isinstance(text, str):
        raise SavedGameError(f"a position must be text, not {type(text).__name__}")
    parsed = PositionText()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.replace(":", ": ", 1).partition(" ")
        key = word.rstrip(":").lower()
        where = f"line {number}"
        if key in _FIELDS:
            if key in parsed.fields:
                raise SavedGameError(f"{where}: {key!r} is given twice")
            parsed.fields[key] = (rest.strip(), number)
        elif key == "trick":
            leader, _, cards = rest.partition(":")
            parsed.tricks.append((seat_of(leader), cards_of(cards, where), number))
        elif key == "void":
            seat_word, _, suits = rest.partition(":")
            seat = seat_of(seat_word)
            for letter in suits.replace(",", " ").split():
                if letter.upper() not in _SUIT_LETTERS:
                    raise SavedGameError(f"{where}: {letter!r} is not a suit: use O, C, E or B")
                parsed.voids[seat] |= SUIT_MASK[_SUIT_LETTERS.index(letter.upper())]
            parsed.void_lines[seat] = number
        elif key in _SEAT_WORDS:
            seat = seat_of(key)
            if seat in parsed.hands:
                raise SavedGameError(f"{where}: {SEAT_NAMES[seat]}'s hand is given twice")
            words = rest.replace(",", " ").split()
            plus = [w for w in words if w.startswith("+")]
            if len(plus) > 1:
                raise SavedGameError(f"{where}: give one '+N' count, not {' '.join(plus)}")
            hidden = int_of(plus[0][1:], f"{where}: '+N'") if plus else 0
            if hidden < 0:
                raise SavedGameError(f"{where}: '+N' needs a count of 0 or more")
            cards = " ".join(w for w in words if not w.startswith("+"))
            parsed.hands[seat] = (cards_of(cards, where), hidden, number)
        else:
            raise SavedGameError(
                f"{where}: {word!r} is not part of a Mililla position (round, dealer, trump, "
                "scores, played, tricks, points, a seat's hand, a trick or a void)"
            )
    return parsed


def int_of(word: str, what: str) -> int:
    """``word`` as a whole number; SavedGameError naming ``what`` otherwise."""
    try:
        return int(word)
    except ValueError:
        raise SavedGameError(f"{what}: {word!r} is not a whole number") from None


def pair(text: str, where: str, key: str) -> tuple[int, int]:
    """Two whole numbers, team South-North's then team East-West's."""
    words = text.split()
    if len(words) != 2:
        raise SavedGameError(
            f"{where}: {key!r} needs two numbers: team South-North, team East-West"
        )
    first, second = (int_of(word, f"{where}: {key}") for word in words)
    return first, second


def earlier_of(parsed: PositionText) -> tuple[int, tuple[int, int], tuple[int, int], int]:
    """The ``played`` set as a mask, the tricks and points taken in it, and who leads next."""
    where = parsed.line("played")
    cards = cards_of(parsed.fields.get("played", ("-", 0))[0] or "-", f"{where}: played")
    mask = 0
    for card in cards:
        if (mask >> card) & 1:
            raise SavedGameError(f"{where}: {CARDS[card]} appears twice in the played set")
        mask |= 1 << card
    if not mask:
        for key in ("tricks", "points"):
            if key in parsed.fields and pair(parsed.fields[key][0], parsed.line(key), key) != (
                0,
                0,
            ):
                raise SavedGameError(
                    f"{parsed.line(key)}: {key!r} counts the tricks of the 'played' set, "
                    "and there is none (written-out tricks count themselves)"
                )
        return 0, (0, 0), (0, 0), 0
    count = len(cards)
    if count % 4 or count == 40:
        raise SavedGameError(
            f"{where}: {count} cards played: earlier tricks are whole tricks of four cards, "
            "and at least one trick is left to play"
        )
    for key in ("tricks", "points"):
        if key not in parsed.fields:
            raise SavedGameError(
                f"{where}: with a played set, give a '{key} A B' line: the {key} each team "
                "took in those tricks"
            )
    taken = pair(parsed.fields["tricks"][0], parsed.line("tricks"), "tricks")
    points = pair(parsed.fields["points"][0], parsed.line("points"), "points")
    if min(taken) < 0 or sum(taken) != count // 4:
        raise SavedGameError(
            f"{parsed.line('tricks')}: tricks {taken[0]} {taken[1]} make {sum(taken)} tricks, "
            f"but the played set holds {count // 4} ({count} cards)"
        )
    worth = sum(POINTS[c] for c in cards)
    if sum(points) != worth + count // 4:
        raise SavedGameError(
            f"{parsed.line('points')}: points {points[0]} {points[1]} add up to {sum(points)}, "
            f"but the played cards hold {worth} points and {count // 4} tricks one each: "
            f"{worth + count // 4} (mililla.points)"
        )
    for team in (0, 1):
        if points[team] < taken[team] or (points[team] and not taken[team]):
            raise SavedGameError(
                f"{parsed.line('points')}: {_TEAMS[team]} took {taken[team]} tricks, so their "
                f"points must be at least {taken[team]} (one per trick), and 0 with no trick"
            )
    if (4 * taken[0], points[0] - taken[0]) not in _splits(cards):
        raise SavedGameError(
            f"{parsed.line('points')}: no {4 * taken[0]} of the played cards hold "
            f"{points[0] - taken[0]} card points, so {_TEAMS[0]} cannot have taken "
            f"{points[0]} points in {taken[0]} tricks (mililla.points)"
        )
    if not parsed.tricks:
        raise SavedGameError(
            f"{where}: say who leads after the played tricks: 'trick SEAT:' (with the cards "
            "of the trick in progress, if any)"
        )
    leader, _led, line = parsed.tricks[0]
    if not taken[leader & 1]:
        raise SavedGameError(
            f"line {line}: {SEAT_NAMES[leader]} cannot lead the next trick: "
            f"{_TEAMS[leader & 1]} took none of the played tricks, and the winner of a trick "
            "leads the next (mililla.lead)"
        )
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
    """A match's state set up from position text; refuse a bad one with SavedGameError."""
    parsed = parse(text)
    fields = {key: value for key, (value, _line) in parsed.fields.items()}
    for key in ("dealer", "trump"):
        if key not in fields:
            raise SavedGameError(f"the position has no {key!r} line")
    missing = [SEAT_NAMES[s] for s in range(4) if s not in parsed.hands]
    if missing:
        raise SavedGameError(f"the position gives no hand for {', '.join(missing)}")
    round_number = int_of(fields.get("round", "1"), f"{parsed.line('round')}: round")
    if round_number < 1:
        raise SavedGameError(f"{parsed.line('round')}: the round number must be 1 or more")
    start_scores = pair(fields.get("scores", "0 0"), parsed.line("scores"), "scores")
    if not all(0 <= score < rules.target for score in start_scores):
        raise SavedGameError(
            f"{parsed.line('scores')}: game scores must be from 0 to {rules.target - 1}: "
            "a match ends between rounds"
        )
    dealer = seat_of(fields["dealer"])
    trump = cards_of(fields["trump"], f"{parsed.line('trump')}: trump")
    if len(trump) != 1:
        raise SavedGameError(f"{parsed.line('trump')}: 'trump' must name the one face-up card")
    state = State(rules, seed)
    earlier, tricks, points, leader = earlier_of(parsed)
    start = _start_hands(state, parsed, earlier, dealer, trump[0], seed)
    if not (start[dealer] >> trump[0]) & 1 and not (earlier >> trump[0]) & 1:
        raise SavedGameError(
            f"{parsed.line('trump')}: the face-up {CARDS[trump[0]]} must be in the dealer's "
            f"({SEAT_NAMES[dealer]}) hand or played by the dealer"
        )
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
    seen: dict[int, str] = dict.fromkeys(
        bits(earlier), f"the played set on {parsed.line('played')}"
    )

    def take(seat: int, card: int, where: str) -> None:
        if card in seen:
            raise SavedGameError(f"{CARDS[card]} appears twice ({seen[card]} and {where})")
        seen[card] = where
        start[seat] |= 1 << card

    hidden = [0, 0, 0, 0]
    for seat, (cards, count, line) in parsed.hands.items():
        hidden[seat] = count
        for card in cards:
            take(seat, card, f"{SEAT_NAMES[seat]}'s hand on line {line}")
            if (parsed.voids[seat] >> card) & 1:
                raise SavedGameError(
                    f"line {parsed.void_lines[seat]}: {SEAT_NAMES[seat]} is said to hold no "
                    f"{CARDS[card].suit.noun} but holds {CARDS[card]} (line {line})"
                )
    plays: list[tuple[int, int]] = []
    for number, (leader, cards, line) in enumerate(parsed.tricks, 1):
        if len(cards) > 4:
            raise SavedGameError(f"line {line}: a trick has at most four cards")
        if len(cards) < 4 and number < len(parsed.tricks):
            raise SavedGameError(f"line {line}: only the last trick may be unfinished")
        for k, card in enumerate(cards):
            seat = (leader + state.step * k) % 4
            take(seat, card, f"the trick on line {line}")
            plays.append((seat, card))
    if trump_card not in seen and hidden[dealer]:
        take(dealer, trump_card, "the face-up card")  # mililla.deal: the dealer holds it
        hidden[dealer] -= 1
    rest = [card for card in range(40) if card not in seen]
    if not any(hidden) and rest:
        absent = " ".join(str(CARDS[i]) for i in rest)
        raise SavedGameError(
            f"every one of the 40 cards must be placed; missing: {absent} "
            "(or give a hand '+N' more cards from the rest)"
        )
    if sum(hidden) > len(rest):
        asking = ", ".join(str(line) for _cards, count, line in parsed.hands.values() if count)
        raise SavedGameError(
            f"too few cards left to deal: the '+N' counts on lines {asking} ask for "
            f"{sum(hidden)} cards, but only {len(rest)} are written nowhere"
        )
    done = earlier.bit_count() // 4
    for seat in range(4):
        count = start[seat].bit_count() + hidden[seat]
        if count != 10 - done:
            less = f", less the {done} it played in the earlier tricks" if done else ""
            raise SavedGameError(
                f"line {parsed.hands[seat][2]}: {SEAT_NAMES[seat]} holds and played {count} "
                f"cards in all ('+N' included); every seat is dealt 10{less}"
            )
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
            raise SavedGameError(
                f"no deal of the {len(rest)} hidden cards fits the text: what the written "
                "tricks show a seat cannot hold (it did not follow or did not beat) and the "
                "void lines leave too few cards for some '+N'"
            ) from None
        for seat, mask in dealt.items():
            start[seat] |= mask
    return start


def _replay_tricks(state: State, tricks: list[tuple[int, list[int], int]]) -> None:
    for number, (leader, cards, line) in enumerate(tricks, 1):
        if not cards and number < len(tricks):
            raise SavedGameError(f"line {line}: a trick needs at least one card")
        if leader != state.to_move:
            raise SavedGameError(
                f"line {line}: trick {number} must be led by {SEAT_NAMES[state.to_move or 0]} "
                f"(mililla.lead), not {SEAT_NAMES[leader]}"
            )
        for card in cards:
            if not (state.decide()[0] >> card) & 1:  # the same decision as play()
                why = explain_card(state, card)
                raise SavedGameError(
                    f"line {line}: {SEAT_NAMES[state.to_move or 0]} cannot play {CARDS[card]}: "
                    f"{why}"
                )
            apply(state, card)
