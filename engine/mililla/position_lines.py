"""Reading the lines of a Mililla position text (the format is in position.py's docstring).

``parse`` sorts the lines into fields, hands, tricks and voids, naming the line of any
that cannot be read; ``earlier`` checks the ``played`` set against the ``tricks`` and
``points`` lines. How the cards fit together is checked by position.py.
"""

from __future__ import annotations

from ..errors import InvalidMoveError, SavedGameError
from .moves import SEAT_NAMES
from .tables import CARDS, POINTS, SUIT_MASK, index_of

__all__ = ["PositionText", "cards_of", "earlier", "int_of", "pair", "parse", "seat_of"]

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


def earlier(parsed: PositionText) -> tuple[int, tuple[int, int], tuple[int, int], int]:
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
