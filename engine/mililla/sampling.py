"""Dealing the cards one seat cannot see, consistent with what it has seen.

``forbidden_cards`` reads a seat's view, ``forbidden_by_plays`` a list of plays; both
apply the rules backwards (``mililla.follow``, ``mililla.beat``, ``mililla.seven``): the
cards a seat cannot hold after what it played. ``deal_hidden`` shares cards among seats,
sizes kept and those cards avoided; position texts (position.py) fill their hidden hands
with it, and the expert deals thousands of times with :class:`Dealer`, the same deals in
fewer steps. ``state_from_view`` (``Game.from_view``) builds a full match state that a
view could come from, keeping every public fact: the hand sizes, the face-up card with
the dealer, and what each seat's past plays showed it cannot hold.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import InvalidMoveError, SavedGameError, Told, said_of
from ..messages import message
from .legality import BLOCKABLE, SEVEN_MODES
from .rules import Rules
from .state import State
from .tables import DECK_MASK, ORDERS, SUIT, SUIT_MASK, bits, index_of

__all__ = [
    "Dealer",
    "deal_hidden",
    "fill_hidden",
    "forbidden_by_plays",
    "forbidden_cards",
    "state_from_view",
]


def forbidden_cards(view: dict[str, Any], rules: Rules) -> list[int]:
    """For each seat, cards it cannot hold: what its past plays would have made illegal."""
    earlier = view.get("earlier")
    opened = 0
    for text in earlier["cards"] if earlier else ():
        opened |= 1 << SUIT[index_of(text)]
    plays = [(entry["seat"], index_of(entry["card"])) for entry in view["played"]]
    return forbidden_by_plays(plays, SUIT[index_of(view["trump_card"])], rules, opened)


def forbidden_by_plays(
    plays: list[tuple[int, int]], trump: int, rules: Rules, opened: int = 0
) -> list[int]:
    """For each seat, cards it cannot hold after these (seat, card) plays, whole tricks first.

    ``opened`` holds the suits (4 bits) played before the first of them, in tricks whose
    order is not known (a position's ``played`` set).
    """
    higher = ORDERS[rules.traditional_rank].higher
    seven = SEVEN_MODES[rules.seven_rule]
    forbidden = [0, 0, 0, 0]
    opened_now = opened_before = opened
    led = win = win_seat = 0
    for k, (seat, card) in enumerate(plays):
        if k % 4 == 0:
            opened_before = opened_now
            led, win, win_seat = SUIT[card], card, seat
        else:
            blockable = (BLOCKABLE[opened_now], BLOCKABLE[opened_before], 0)[seven]
            if (blockable >> card) & 1:  # mililla.seven: only blocked 7s were left
                forbidden[seat] |= DECK_MASK & ~blockable
            else:
                opponent = (win_seat ^ seat) & 1
                if SUIT[card] != led:  # mililla.follow: none of the suit led
                    forbidden[seat] |= SUIT_MASK[led] & ~blockable
                    if opponent:  # mililla.beat: no trump that beats, unless it trumped
                        beating = SUIT_MASK[trump]
                        if SUIT[win] == trump:
                            beating &= higher[win]
                        if not (beating >> card) & 1:
                            forbidden[seat] |= beating & ~blockable
                elif opponent and SUIT[win] == led and not (higher[win] >> card) & 1:
                    forbidden[seat] |= higher[win] & ~blockable  # mililla.beat: nothing higher
            if SUIT[card] == SUIT[win]:
                if (higher[win] >> card) & 1:
                    win, win_seat = card, seat
            elif SUIT[card] == trump:
                win, win_seat = card, seat
        opened_now |= 1 << SUIT[card]
    return forbidden


def deal_hidden(
    cards: list[int], room: dict[int, int], forbidden: list[int], rng: random.Random
) -> dict[int, int]:
    """Share the hidden cards among the other seats: sizes kept, known voids respected."""
    for _attempt in range(30):
        left = dict(room)
        hands = dict.fromkeys(room, 0)
        order = list(cards)
        rng.shuffle(order)
        order.sort(key=lambda c: sum(1 for s in room if not (forbidden[s] >> c) & 1))
        for card in order:
            seats = [s for s in room if left[s] and not (forbidden[s] >> card) & 1]
            if not seats:
                break
            seat = rng.choices(seats, weights=[left[s] for s in seats])[0]
            hands[seat] |= 1 << card
            left[seat] -= 1
        else:
            return hands
    return _match_hidden(cards, room, forbidden, rng)


def fill_hidden(
    rules: Rules,
    plays: list[tuple[int, int]],
    trump_suit: int,
    earlier: int,
    voids: list[int],
    hidden: list[int],
    rest: list[int],
    seed: int,
) -> dict[int, int]:
    """A position text's hidden cards ``rest`` dealt to fill each seat's ``hidden`` count,
    never where the written ``plays`` (seat, card) or a seat's ``voids`` rule a card out;
    SavedGameError when no deal fits."""
    suits = 0  # the suits opened by the earlier tricks (mililla.seven)
    for card in bits(earlier):
        suits |= 1 << SUIT[card]
    forbidden = forbidden_by_plays(plays, trump_suit, rules, suits)
    forbidden = [forbidden[s] | voids[s] for s in range(4)]
    room = {seat: hidden[seat] for seat in range(4) if hidden[seat]}
    # the rest of the deck: its own generator, so later deals stay the seed's
    return deal_hidden(rest, room, forbidden, random.Random(f"mililla position {seed}"))


def _match_hidden(
    cards: list[int], room: dict[int, int], forbidden: list[int], rng: random.Random
) -> dict[int, int]:
    """The same by augmenting paths: finds a deal whenever one exists."""
    slots = [s for s in room for _ in range(room[s])]
    rng.shuffle(slots)
    owner: list[int | None] = [None] * len(slots)

    def place(card: int, seen: set[int]) -> bool:
        for k, seat in enumerate(slots):
            if k in seen or (forbidden[seat] >> card) & 1:
                continue
            seen.add(k)
            holder = owner[k]
            if holder is None or place(holder, seen):
                owner[k] = card
                return True
        return False

    for card in cards:
        if not place(card, set()):
            raise SavedGameError(message("mililla:view.no-deal"))
    hands = dict.fromkeys(room, 0)
    for k, card in enumerate(owner):
        if card is not None:
            hands[slots[k]] |= 1 << card
    return hands


class Dealer:
    """Deals of the same hidden cards into the same room, again and again (``deal_hidden``)."""

    __slots__ = ("allowed", "cards", "fits", "forbidden", "room", "seats", "sorted")

    def __init__(self, cards: list[int], room: dict[int, int], forbidden: list[int]) -> None:
        self.cards = list(cards)
        self.room = dict(room)
        self.forbidden = list(forbidden)
        self.seats = list(room)
        self.allowed = [
            tuple(s for s in self.seats if not (forbidden[s] >> c) & 1) for c in range(40)
        ]
        """For each card, the seats that may hold it, in the room's order."""
        # how many seats may take each card: the order in which cards are placed
        self.fits = [len(seats) for seats in self.allowed]
        self.sorted = len({self.fits[c] for c in cards}) <= 1
        """True when every card fits as many seats: the shuffled order is already sorted."""

    def deal(self, rng: random.Random) -> dict[int, int]:
        """One deal: ``hidden.deal_hidden(cards, room, forbidden, rng)``, the same draws."""
        hands = self.hands(rng)
        return {s: hands[s] for s in self.seats}

    def hands(self, rng: random.Random) -> list[int]:
        """``deal`` as the four seats' hidden cards, the seat not dealt to holding none."""
        seats, room, allowed = self.seats, self.room, self.allowed
        draw = rng.random
        random_bits = rng.getrandbits
        for _attempt in range(30):
            left = [0, 0, 0, 0]
            for s in seats:
                left[s] = room[s]
            hands = [0, 0, 0, 0]
            order = list(self.cards)
            # rng.shuffle(order), the same draws without a call per card: each place from
            # the last swaps with one below it, drawn as randrange draws (random bits as
            # many as the count has, again until below it; the tests compare)
            for i in range(len(order) - 1, 0, -1):
                count = i + 1
                size = count.bit_length()
                j = random_bits(size)
                while j >= count:
                    j = random_bits(size)
                order[i], order[j] = order[j], order[i]
            if not self.sorted:
                order.sort(key=self.fits.__getitem__)
            for card in order:
                may = allowed[card]
                total = 0
                for s in may:
                    total += left[s]
                if not total:
                    break
                # random.choices(seats, weights): one draw, the first running total above
                # it (the last seat with room if none is)
                at = draw() * total
                running = 0
                seat = -1
                for s in may:
                    n = left[s]
                    if n:
                        running += n
                        seat = s
                        if at < running:
                            break
                hands[seat] |= 1 << card
                left[seat] -= 1
            else:
                return hands
        # thirty unlucky attempts: the original's augmenting paths, from the same rng state
        dealt = _match_hidden(list(self.cards), room, self.forbidden, rng)
        return [dealt.get(s, 0) for s in range(4)]


def _mask(texts: list[str], part: str) -> int:
    """The cards of one part of a view (``hand``, ``played``, ``earlier``) as a mask."""
    mask = 0
    try:
        for text in texts:
            mask |= 1 << index_of(text)
    except (InvalidMoveError, TypeError) as error:
        said = message(f"mililla:view.cards.{part}", error=said_of(error))
        raise SavedGameError(said) from None
    return mask


def state_from_view(view: dict[str, Any], rng: random.Random) -> State:
    """A full match state that ``view`` could come from, the cards it cannot see at random."""
    from .position import read_position, write_position  # position deals with this module

    if not isinstance(view, dict) or view.get("game") != "mililla":
        raise SavedGameError(message("mililla:view.not-mililla"))
    try:
        rules = Rules.from_dict(view["rules"])
        seat = view["seat"]
        own = _mask(view["hand"], "hand")
        played = _mask([p["card"] for p in view["played"]], "played")
        dealer = view["dealer"]
        face_up = view["face_up"]
        held = 0 if face_up is None else 1 << index_of(face_up)
        sizes = view["hand_sizes"]
        forbidden = forbidden_cards(view, rules)
        deal = view["deal"]
        trump_card = index_of(view["trump_card"])
        before = view["totals_before"]
        before = (before[0], before[1])
        plays = [index_of(p["card"]) for p in view["played"]]
        seats = [p["seat"] for p in view["played"]]
        earlier = view.get("earlier")
        earlier_mask = _mask(earlier["cards"], "earlier") if earlier else 0
        earlier_tricks = (earlier["tricks"][0], earlier["tricks"][1]) if earlier else (0, 0)
        earlier_points = (earlier["points"][0], earlier["points"][1]) if earlier else (0, 0)
        to_move = view["to_move"]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        # a refusal of our own says its sentence; another error (a missing key) its repr
        said = error.said if isinstance(error, Told) else repr(error)
        raise SavedGameError(message("mililla:view.malformed", error=said)) from None
    if seat == dealer:
        held = 0
    hidden = DECK_MASK & ~own & ~played & ~earlier_mask & ~held
    room = {s: sizes[s] - (1 if s == dealer and held else 0) for s in range(4) if s != seat}
    if sum(room.values()) != hidden.bit_count() or min(room.values(), default=0) < 0:
        raise SavedGameError(message("mililla:view.unseen"))
    hands = deal_hidden(bits(hidden), room, forbidden, rng)
    hands[seat] = own
    if held:
        hands[dealer] |= held
    scratch = State(rules, 0)
    scratch.deal_number = deal
    scratch.dealer = dealer
    scratch.trump_card = trump_card
    scratch.totals_before = before
    scratch.hands = [hands[s] for s in range(4)]
    scratch.plays = plays
    scratch.play_seats = seats
    scratch.earlier = earlier_mask
    scratch.earlier_tricks, scratch.earlier_points = earlier_tricks, earlier_points
    scratch.to_move = to_move
    return read_position(write_position(scratch), rules, rng.getrandbits(32))
