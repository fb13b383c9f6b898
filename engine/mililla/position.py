"""Positions as readable text: set up any moment of a round, and write one back.

A position gives the round number, the dealer, the face-up trump card, the game scores
*before* this round (the engine itself adds or holds the dealer's bonus), each seat's
cards in hand now, and the tricks played so far, each led by the seat named::

    # Mililla position
    round 2
    dealer West
    trump 5O
    scores 12 7
    South: KO HO JO 7C 6C 5E 4E 3B 2B AB
    East: ...
    North: ...
    West: ...
    trick South: HC 4C JC KC
    trick North: 3E

Seats are ``South East North West`` (or 0-3, or S E N W); an empty hand is ``-``; lines
starting with ``#`` are comments. Reading replays the tricks through the rules, so a
position with an illegal play, a wrong leader or a missing card is refused with a
SavedGameError naming the problem.
"""

from __future__ import annotations

from ..errors import InvalidMoveError, SavedGameError
from .moves import SEAT_NAMES
from .rules import Rules
from .state import State
from .tables import CARDS, TEXTS, bits, index_of
from .words import explain_card

__all__ = ["read_position", "seat_of", "write_position"]

_SEAT_WORDS = (
    {name.lower(): i for i, name in enumerate(SEAT_NAMES)}
    | {name[0].lower(): i for i, name in enumerate(SEAT_NAMES)}
    | {str(i): i for i in range(4)}
)


def seat_of(word: str) -> int:
    """A seat number from ``South``/``S``/``0`` ...; raise SavedGameError otherwise."""
    seat = _SEAT_WORDS.get(word.strip().rstrip(":").lower())
    if seat is None:
        raise SavedGameError(f"{word!r} is not a seat: use South, East, North or West")
    return seat


def _cards(text: str, where: str) -> list[int]:
    if text.strip() == "-":
        return []
    try:
        return [index_of(word) for word in text.replace(",", " ").split()]
    except InvalidMoveError as error:
        raise SavedGameError(f"{where}: {error}") from None


def _sorted_text(state: State, mask: int) -> str:
    cards = sorted(bits(mask), key=state.order.sort_key)
    return " ".join(TEXTS[i] for i in cards) or "-"


def write_position(state: State) -> str:
    """The current round as position text (see the module docstring)."""
    before = state.totals_before
    lines = [
        "# Mililla position",
        f"round {state.deal_number}",
        f"dealer {SEAT_NAMES[state.dealer]}",
        f"trump {CARDS[state.trump_card]}",
        f"scores {before[0]} {before[1]}",
    ]
    lines += [f"{SEAT_NAMES[s]}: {_sorted_text(state, state.hands[s])}" for s in range(4)]
    plays, seats = state.plays, state.play_seats
    for start in range(0, len(plays), 4):
        cards = " ".join(TEXTS[c] for c in plays[start : start + 4])
        lines.append(f"trick {SEAT_NAMES[seats[start]]}: {cards}")
    return "\n".join(lines) + "\n"


def read_position(text: str, rules: Rules, seed: int) -> State:
    """A match's state set up from position text; refuse a bad one with SavedGameError."""
    if not isinstance(text, str):
        raise SavedGameError(f"a position must be text, not {type(text).__name__}")
    fields: dict[str, str] = {}
    hands: dict[int, list[int]] = {}
    tricks: list[tuple[int, list[int], int]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.replace(":", ": ", 1).partition(" ")
        key = word.rstrip(":").lower()
        where = f"line {number}"
        if key in ("round", "dealer", "trump", "scores"):
            if key in fields:
                raise SavedGameError(f"{where}: {key!r} is given twice")
            fields[key] = rest.strip()
        elif key == "trick":
            leader, _, cards = rest.partition(":")
            tricks.append((seat_of(leader), _cards(cards, where), number))
        elif key in _SEAT_WORDS:
            seat = seat_of(key)
            if seat in hands:
                raise SavedGameError(f"{where}: {SEAT_NAMES[seat]}'s hand is given twice")
            hands[seat] = _cards(rest, where)
        else:
            raise SavedGameError(
                f"{where}: {word!r} is not part of a Mililla position "
                "(round, dealer, trump, scores, a seat's hand or a trick)"
            )
    for key in ("dealer", "trump"):
        if key not in fields:
            raise SavedGameError(f"the position has no {key!r} line")
    missing = [SEAT_NAMES[s] for s in range(4) if s not in hands]
    if missing:
        raise SavedGameError(f"the position gives no hand for {', '.join(missing)}")
    round_number = _int(fields.get("round", "1"), "round")
    if round_number < 1:
        raise SavedGameError("the round number must be 1 or more")
    scores = fields.get("scores", "0 0").split()
    if len(scores) != 2:
        raise SavedGameError("'scores' needs two numbers: team South-North, team East-West")
    start_scores = [_int(word, "scores") for word in scores]
    if not all(0 <= score < rules.target for score in start_scores):
        raise SavedGameError(
            f"game scores must be from 0 to {rules.target - 1}: a match ends between rounds"
        )
    dealer = seat_of(fields["dealer"])
    trump = _cards(fields["trump"], "trump")
    if len(trump) != 1:
        raise SavedGameError("'trump' must name the one face-up card")
    state = State(rules, seed)
    start = _start_hands(state, hands, tricks, dealer)
    if not (start[dealer] >> trump[0]) & 1:
        raise SavedGameError(
            f"the face-up {CARDS[trump[0]]} must be in the dealer's ({SEAT_NAMES[dealer]}) "
            "hand or played by the dealer"
        )
    state.deal_number = round_number - 1
    state.dealer = dealer
    state.totals = (start_scores[0], start_scores[1])
    state.start_deal(start, trump[0])
    _replay_tricks(state, tricks)
    state.moves = []
    state.start_text = write_position(state)
    return state


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise SavedGameError(f"{what}: {word!r} is not a whole number") from None


def _start_hands(
    state: State, hands: dict[int, list[int]], tricks: list[tuple[int, list[int], int]], dealer: int
) -> list[int]:
    """Each seat's ten cards at the deal: its hand now plus what it played."""
    start = [0, 0, 0, 0]
    seen: dict[int, str] = {}

    def take(seat: int, card: int, where: str) -> None:
        if card in seen:
            raise SavedGameError(f"{CARDS[card]} appears twice ({seen[card]} and {where})")
        seen[card] = where
        start[seat] |= 1 << card

    for seat, cards in hands.items():
        for card in cards:
            take(seat, card, f"{SEAT_NAMES[seat]}'s hand")
    for leader, cards, line in tricks:
        if len(cards) > 4:
            raise SavedGameError(f"line {line}: a trick has at most four cards")
        for k, card in enumerate(cards):
            take((leader + state.step * k) % 4, card, f"the trick on line {line}")
    if len(seen) != 40:
        absent = " ".join(str(CARDS[i]) for i in range(40) if i not in seen)
        raise SavedGameError(f"every one of the 40 cards must be placed; missing: {absent}")
    for seat in range(4):
        count = start[seat].bit_count()
        if count != 10:
            raise SavedGameError(
                f"{SEAT_NAMES[seat]} holds and played {count} cards in all; every seat is dealt 10"
            )
    return start


def _replay_tricks(state: State, tricks: list[tuple[int, list[int], int]]) -> None:
    for number, (leader, cards, line) in enumerate(tricks, 1):
        if len(cards) < 4 and number < len(tricks):
            raise SavedGameError(f"line {line}: only the last trick may be unfinished")
        if not cards:
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
            state.apply(card)
