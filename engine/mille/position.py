"""Mille positions as readable text, for tests and for lessons that start mid-hand.

One ``key: value`` per line; blank lines and ``#`` comments are ignored, keys are
case-insensitive, seats are ``South`` (seat 0) and ``North`` (seat 1)::

    hand: 1                     # the hand's number (default 1)
    dealer: North               # default: the player not to move
    totals: 0 0                 # running totals before this hand (default 0 0)
    to move: South              # South, North, or none once the hand is over
    phase: draw                 # draw, meld, hand-over or match-over (default draw)
    first turn: yes             # the hand's very first draw (mille.draw.first-two)
    ended: South went out       # only when over: "South went out" or "stock empty"
    South hand: 9H 9C 2S +5     # cards; "+5" = five more cards from the rest, at random
    South melds: KH KS 2C | 9S 9D 9H   # melds separated by |, each in the order laid
    South known: 2S             # hand cards the opponent knows of (taken from the pile)
    North hand: +15
    North melds:
    pile: ... 7D 9S             # bottom to top; a leading "..." puts the rest underneath
    stock: 5D 3C                # top card first; or a number of cards from the rest

Every one of the 104 cards must be somewhere. The cards not written out (*the rest*)
are shuffled with the game's seed and go, in order, to the ``+N`` slots of South then
North, then to the stock (all of them if there is no ``stock`` line, or the number
given), then under the pile if it starts with ``...``. ``format_position`` writes every
card explicitly, so its text reads back into the same position.

A text that cannot be read raises :class:`PositionTextError` in plain English: position
texts are written by exercise authors (a save's start position is one this module wrote,
and the save reader says in its own message when that text does not read).
"""

from __future__ import annotations

import random

from ..cards import FrenchCard, parse_cards
from ..errors import InvalidMoveError, PositionTextError
from .legality import meld_fits, must_end_now
from .rules import Rules
from .scoring import deal_result, match_over
from .state import Meld, Phase, State, expand
from .tables import FACES, RANK, SYM, TEXT
from .words import SEAT_NAMES

__all__ = ["format_position", "parse_position"]

_SEAT_WORDS = {"south": 0, "north": 1, "0": 0, "1": 1}
_SIMPLE_KEYS = {"hand", "dealer", "totals", "to move", "phase", "first turn", "ended", "pile"}
_SIMPLE_KEYS |= {"stock"}


def _seat(word: str, what: str) -> int:
    seat = _SEAT_WORDS.get(word.strip().lower())
    if seat is None:
        raise PositionTextError(f"{what}: {word!r} is not a seat (write South or North)")
    return seat


def _cards(text: str, what: str) -> list[int]:
    try:
        return [card.index for card in parse_cards(text, FrenchCard)]
    except InvalidMoveError as error:
        raise PositionTextError(f"{what}: {error}") from None


def _lines(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise PositionTextError(f"a position is text, not {type(text).__name__}")
    found: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.lower().split())
        words = key.split()
        seat_key = (
            len(words) == 2
            and words[0] in _SEAT_WORDS
            and words[1]
            in (
                "hand",
                "melds",
                "known",
            )
        )
        if not colon or not (key in _SIMPLE_KEYS or seat_key):
            raise PositionTextError(
                f"line {number} {raw.strip()!r} is not 'key: value' with a known key"
            )
        if seat_key:
            key = f"{_SEAT_WORDS[words[0]]} {words[1]}"
        if key in found:
            raise PositionTextError(f"line {number}: {key!r} is given twice")
        found[key] = value.strip()
    return found


def _number(text: str, what: str) -> int:
    try:
        return int(text.replace(",", ""))
    except ValueError:
        raise PositionTextError(f"{what}: {text!r} is not a whole number") from None


def parse_position(text: str, rules: Rules, seed: int) -> tuple[State, random.Random]:
    """Read a position; returns the state and the game's random generator after filling."""
    lines = _lines(text)
    st = State()
    rng = random.Random(seed)
    st.deal_number = _number(lines.get("hand", "1"), "hand")
    if st.deal_number < 1:
        raise PositionTextError("hand: the first hand is hand 1")
    totals = lines.get("totals", "0 0").split()
    if len(totals) != 2:
        raise PositionTextError("totals: give two numbers, South's then North's")
    st.start_totals = [_number(t, "totals") for t in totals]
    try:
        phase = Phase(lines.get("phase", "draw").strip().lower())
    except ValueError:
        raise PositionTextError(
            f"phase: {lines['phase']!r} is not draw, meld, hand-over or match-over"
        ) from None
    over = phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    mover = lines.get("to move", "none" if over else "South")
    st.to_move = None if mover.lower() == "none" else _seat(mover, "to move")
    default_dealer = "South" if st.to_move is None else SEAT_NAMES[1 - st.to_move]
    st.dealer = _seat(lines.get("dealer", default_dealer), "dealer")
    first = lines.get("first turn", "no").lower()
    if first not in ("yes", "no"):
        raise PositionTextError("first turn: write yes or no")
    st.first_turn = first == "yes"

    counts = [0] * 52
    extra = [0, 0]
    for seat in (0, 1):
        words = lines.get(f"{seat} hand", "").replace(",", " ").split()
        plus = [w for w in words if w.startswith("+")]
        for word in plus:
            extra[seat] += _number(word[1:], f"{SEAT_NAMES[seat]} hand")
        st.give(seat, _cards(" ".join(w for w in words if not w.startswith("+")), "hand"))
        for group in lines.get(f"{seat} melds", "").split("|"):
            if group.strip():
                st.melds[seat].append(_meld(_cards(group, "melds"), rules, seat))
        for face in _cards(lines.get(f"{seat} known", ""), "known"):
            st.known[seat][face] += 1
    pile_words = lines.get("pile", "").split()
    under = bool(pile_words) and pile_words[0] == "..."
    st.pile = _cards(" ".join(pile_words[1:] if under else pile_words), "pile")
    stock_text = lines.get("stock")
    stock_count: int | None = None
    if stock_text is None or stock_text.lower() == "rest":
        st.stock = []
    elif stock_text.strip().isdigit():
        stock_count = int(stock_text)
        st.stock = []
    else:
        st.stock = _cards(stock_text, "stock")[::-1]
    for seat in (0, 1):
        for face in range(52):
            counts[face] += st.hands[seat][face]
    for face in [f for m in st.melds[0] + st.melds[1] for f in m.cards] + st.pile + st.stock:
        counts[face] += 1
    for face in FACES:
        if counts[face] > 2:
            raise PositionTextError(
                f"the {SYM[face]} is written {counts[face]} times; there are only two"
            )
    rest = [face for face in FACES for _ in range(2 - counts[face])]
    rng.shuffle(rest)
    for seat in (0, 1):
        if extra[seat] > len(rest):
            raise PositionTextError(
                f"{SEAT_NAMES[seat]} hand: only {len(rest)} cards are left to deal"
            )
        st.give(seat, rest[: extra[seat]])
        rest = rest[extra[seat] :]
    if stock_text is None or (stock_text.lower() == "rest"):
        if under:
            raise PositionTextError("pile starts with '...' but the stock already takes the rest")
        st.stock, rest = rest, []
    elif stock_count is not None:
        if stock_count > len(rest):
            raise PositionTextError(f"stock: only {len(rest)} cards are left for it")
        st.stock, rest = rest[:stock_count], rest[stock_count:]
    if under:
        st.pile, rest = rest + st.pile, []
    if rest:
        raise PositionTextError(
            f"{len(rest)} cards are not placed anywhere: every one of the 104 cards must be "
            f"in a hand, a meld, the pile or the stock (say '+N', 'stock: N' or 'pile: ...')"
        )
    _check(st, rules, phase, lines.get("ended"))
    return st, rng


def _meld(faces: list[int], rules: Rules, seat: int) -> Meld:
    shown = " ".join(TEXT[f] for f in faces)
    ranks = {RANK[f] for f in faces if RANK[f] != 2}
    if len(faces) < 3 or len(ranks) > 1:
        raise PositionTextError(
            f"{SEAT_NAMES[seat]} melds: {shown!r} is not three or more cards of one rank"
        )
    meld = Meld(ranks.pop() if ranks else 2, faces)
    if not meld_fits(rules, meld.rank, meld.naturals, meld.wilds):
        raise PositionTextError(
            f"{SEAT_NAMES[seat]} melds: {shown!r} breaks the meld rules in play"
        )
    return meld


def _check(st: State, rules: Rules, phase: Phase, ended: str | None) -> None:
    for seat in (0, 1):
        name = SEAT_NAMES[seat]
        if any(st.known[seat][f] > st.hands[seat][f] for f in FACES):
            raise PositionTextError(f"{name} known: every known card must be in {name}'s hand")
        ranks = [m.rank for m in st.melds[seat]]
        if len(set(ranks)) < len(ranks) and not rules.many_melds_per_rank:
            raise PositionTextError(
                f"{name} melds: two melds of one rank (mille.meld.one-per-rank)"
            )
    if phase in (Phase.DRAW, Phase.MELD):
        if st.to_move is None:
            raise PositionTextError("to move: someone must be to move while the hand is played")
        if ended is not None:
            raise PositionTextError("ended: the hand is still being played")
        if 0 in st.sizes:
            raise PositionTextError("both players hold cards while the hand is played")
        if st.first_turn and (phase is Phase.MELD or st.to_move == st.dealer):
            raise PositionTextError(
                "first turn: only the dealer's opponent's first draw is the first turn"
            )
        st.phase = phase
        if phase is Phase.DRAW and not st.pile:
            raise PositionTextError("pile: a player about to draw needs a discard pile")
        if must_end_now(st, rules):
            raise PositionTextError(
                "the player to draw faces an empty stock and cannot take the pile"
            )
        return
    if st.to_move is not None or st.first_turn:
        raise PositionTextError("to move: nobody moves once the hand is over")
    how = (ended or "").strip().lower().split()
    if how == ["stock", "empty"]:
        st.ended, st.went_out = "stock-empty", None
        if st.stock:
            raise PositionTextError("ended: the stock is not empty")
    elif len(how) == 3 and how[1:] == ["went", "out"]:
        st.ended, st.went_out = "went-out", _seat(how[0], "ended")
        if st.sizes[st.went_out]:
            raise PositionTextError("ended: a player who went out holds no cards")
    else:
        raise PositionTextError("ended: write 'South went out', 'North went out' or 'stock empty'")
    st.last_result = deal_result(st, rules)
    st.phase = Phase.MATCH_OVER if match_over(st.last_result["totals"], rules) else Phase.HAND_OVER
    if st.phase is not phase:
        raise PositionTextError(f"phase: with these totals the phase is {st.phase.value}")


def format_position(st: State) -> str:
    """The position as text, every card written out, that ``parse_position`` reads back."""

    def cards(faces: list[int]) -> str:
        return " ".join(map(TEXT.__getitem__, faces))

    lines = [
        f"hand: {st.deal_number}",
        f"dealer: {SEAT_NAMES[st.dealer]}",
        f"totals: {st.start_totals[0]} {st.start_totals[1]}",
        f"to move: {'none' if st.to_move is None else SEAT_NAMES[st.to_move]}",
        f"phase: {st.phase.value}",
        f"first turn: {'yes' if st.first_turn else 'no'}",
    ]
    if st.ended is not None:
        how = "stock empty" if st.went_out is None else f"{SEAT_NAMES[st.went_out]} went out"
        lines.append(f"ended: {how}")
    for seat in (0, 1):
        name = SEAT_NAMES[seat]
        lines.append(f"{name} hand: {cards(expand(st.hands[seat]))}".rstrip())
        melds = " | ".join(cards(m.cards) for m in st.melds[seat])
        lines.append(f"{name} melds: {melds}".rstrip())
        lines.append(f"{name} known: {cards(expand(st.known[seat]))}".rstrip())
    lines.append(f"pile: {cards(st.pile)}".rstrip())
    lines.append(f"stock: {cards(st.stock[::-1])}".rstrip())
    return "\n".join(lines) + "\n"
