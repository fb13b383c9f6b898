"""What one seat may know (``view``), the public log, and games rebuilt from a view.

A view is built from the seat's own hand and public facts only: the face-up trump card
while the dealer still holds it, every card played this round and by whom, the tricks
and points taken, scores, the bonus and the results. Other hands appear only as sizes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import InvalidMoveError, SavedGameError
from .legality import BLOCKABLE, SEVEN_MODES
from .moves import SEAT_NAMES, Phase, team_name
from .rules import Rules
from .scoring import bonus_dict
from .tables import CARDS, DECK_MASK, ORDERS, POINTS, SUIT, SUIT_MASK, TEXTS, bits, index_of
from .words import narrate_card

if TYPE_CHECKING:
    from .game import Game

__all__ = ["game_from_view", "make_view", "public_log"]

G = TypeVar("G", bound="Game")


def _texts(game: Game, mask: int) -> list[str]:
    return [TEXTS[i] for i in sorted(bits(mask), key=game._order.sort_key)]


def make_view(game: Game, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, JSON-ready; never another seat's cards."""
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise ValueError(f"a Mililla seat is 0, 1, 2 or 3, not {seat!r}")
    plays, seats = game._plays, game._play_seats
    in_trick = len(game._trick)
    trick_start = len(plays) - in_trick
    face_up = (game._hands[game._dealer] >> game._trump_card) & 1
    last = game._last_trick
    playing = game._phase is Phase.PLAY
    return {
        "game": "mililla",
        "seat": seat,
        "rules": game.rules.to_dict(),
        "round": game._round,
        "phase": game._phase.value,
        "to_move": game._to_move,
        "dealer": game._dealer,
        "trump": CARDS[game._trump_card].suit.value,
        "trump_card": TEXTS[game._trump_card],
        "face_up": TEXTS[game._trump_card] if face_up else None,
        "hand": _texts(game, game._hands[seat]),
        "hand_sizes": [game._hands[s].bit_count() for s in range(4)],
        "legal": [str(m) for m in game.legal_moves()] if game._to_move == seat else [],
        "leader": game._leader if playing else None,
        "trick": [
            {"seat": seats[k], "card": TEXTS[plays[k]]} for k in range(trick_start, len(plays))
        ],
        "led": CARDS[plays[trick_start]].suit.value if in_trick else None,
        "winning": ({"seat": game._win_seat, "card": TEXTS[game._win_card]} if in_trick else None),
        "last_trick": None
        if last is None
        else {
            "leader": last[0],
            "cards": [
                {"seat": (last[0] + game._step * k) % 4, "card": TEXTS[c]}
                for k, c in enumerate(last[1])
            ],
            "winner": last[2],
            "points": sum(POINTS[c] for c in last[1]) + 1,
        },
        "played": [
            {"seat": seats[k], "card": TEXTS[plays[k]], "trick": k // 4 + 1}
            for k in range(len(plays))
        ],
        "tricks": list(game._tricks),
        "points": list(game._points),
        "bonus": bonus_dict(game),
        "round_start_scores": list(game._start_scores),
        "scores": list(game._scores),
        "log": public_log(game),
        "rounds": game.round_results(),
        "deal_result": None if playing else game.deal_result(),
        "match_result": game.match_result(),
    }


def public_log(game: Game, names: tuple[str, ...] = SEAT_NAMES) -> list[dict[str, Any]]:
    """The public events of the current round, each ``{"seat", "text", "rule"}``."""
    step = game._step
    dealer = game._dealer
    card = CARDS[game._trump_card]
    log: list[dict[str, Any]] = [
        {
            "seat": dealer,
            "text": f"Round {game._round}: {names[(dealer - step) % 4]} cuts and "
            f"{names[dealer]} deals ten cards each; {card.the} is turned up: "
            f"{card.suit.noun} are trumps",
            "rule": "mililla.deal",
        }
    ]
    scratch = game.clone()
    scratch._scores = list(game._start_scores)
    scratch._round -= 1
    scratch._start_round(list(game._start_hands), game._trump_card)
    team = team_name(dealer & 1, names)
    at_deal = scratch._bonus_status
    if at_deal == "added":
        text = f"{team} add {game._bonus} points for the face-up {card.name}"
        log.append({"seat": dealer, "text": text, "rule": "mililla.bonus"})
    elif at_deal == "held":
        when = (
            "until the round is over"
            if game.rules.bonus_after_round
            else f"since it would bring them to {game.rules.target}: it counts only at 35 to 35"
        )
        text = f"The bonus of {game._bonus} for the face-up {card.name} is held back {when}"
        log.append({"seat": dealer, "text": text, "rule": "mililla.bonus"})
    for played in game._plays:
        seat = scratch._to_move
        said = narrate_card(scratch, played, names)
        log.append({"seat": seat, "text": said.text, "rule": said.rule})
        scratch._apply(played)
        if not scratch._trick:
            _leader, cards, winner = scratch._last_trick  # type: ignore[misc]
            points = sum(POINTS[c] for c in cards) + 1
            best = CARDS[scratch._win_card].the
            text = f"{names[winner]} wins the trick with {best}: {points} points"
            log.append({"seat": winner, "text": text, "rule": "mililla.trick"})
    if game._phase is not Phase.PLAY:
        log += _round_end_log(game, names, held=at_deal == "held")
    return log


def _round_end_log(game: Game, names: tuple[str, ...], held: bool) -> list[dict[str, Any]]:
    result = game._results[-1]
    p0, p1 = result["points"]
    teams = (team_name(0, names), team_name(1, names))
    gained = result["round_score"]
    if gained[0] or gained[1]:
        team = 0 if gained[0] else 1
        outcome = f"{teams[team]} score {gained[team]}"
    else:
        outcome = "nobody scores"
    log = [
        {
            "seat": None,
            "text": f"{teams[0]} take {p0} points, {teams[1]} {p1}: {outcome}",
            "rule": "mililla.round.score",
        }
    ]
    bonus = result["bonus"]
    if held:  # mililla.bonus: settled after the round
        verb = "now added" if bonus["status"] == "added" else "dropped"
        text = f"The held bonus of {bonus['value']} for {teams[bonus['team']]} is {verb}"
        log.append({"seat": game._dealer, "text": text, "rule": "mililla.bonus"})
    s0, s1 = result["scores"]
    if result["winner"] is not None:
        text = f"{teams[result['winner']]} win the match, {max(s0, s1)} to {min(s0, s1)}"
        log.append({"seat": None, "text": text, "rule": "mililla.game.end"})
    return log


# -- rebuilding a game from a view -------------------------------------------------------


def _mask(texts: list[str], what: str) -> int:
    mask = 0
    try:
        for text in texts:
            mask |= 1 << index_of(text)
    except (InvalidMoveError, TypeError) as error:
        raise SavedGameError(f"view {what}: {error}") from None
    return mask


def _forbidden(view: dict[str, Any], rules: Rules) -> list[int]:
    """For each seat, cards it cannot hold: what its past plays would have made illegal."""
    higher = ORDERS[rules.traditional_rank].higher
    seven = SEVEN_MODES[rules.seven_rule]
    trump = SUIT[index_of(view["trump_card"])]
    forbidden = [0, 0, 0, 0]
    opened_now = opened_before = 0
    led = win = win_seat = 0
    for k, entry in enumerate(view["played"]):
        seat, card = entry["seat"], index_of(entry["card"])
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


def _deal_hidden(
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
            raise SavedGameError("no deal of the hidden cards fits this view")
    hands = dict.fromkeys(room, 0)
    for k, card in enumerate(owner):
        if card is not None:
            hands[slots[k]] |= 1 << card
    return hands


def game_from_view(cls: type[G], view: dict[str, Any], rng: random.Random) -> G:
    """A full game that ``view`` could come from, the cards it cannot see dealt at random."""
    from .position import write_position

    if not isinstance(view, dict) or view.get("game") != "mililla":
        raise SavedGameError("not a Mililla view")
    try:
        rules = Rules.from_dict(view["rules"])
        seat = view["seat"]
        own = _mask(view["hand"], "hand")
        played = _mask([p["card"] for p in view["played"]], "played cards")
        dealer = view["dealer"]
        face_up = view["face_up"]
        sizes = view["hand_sizes"]
        forbidden = _forbidden(view, rules)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise SavedGameError(f"the view is incomplete or malformed: {error!r}") from None
    held = 0 if face_up is None else 1 << index_of(face_up)
    if seat == dealer:
        held = 0
    hidden = DECK_MASK & ~own & ~played & ~held
    room = {s: sizes[s] - (1 if s == dealer and held else 0) for s in range(4) if s != seat}
    if sum(room.values()) != hidden.bit_count() or min(room.values(), default=0) < 0:
        raise SavedGameError("the view's hand sizes do not match the cards not yet seen")
    hands = _deal_hidden(bits(hidden), room, forbidden, rng)
    hands[seat] = own
    if held:
        hands[dealer] |= held
    scratch = cls.__new__(cls)
    scratch._init_core(rules, 0)
    scratch._round = view["round"]
    scratch._dealer = dealer
    scratch._trump_card = index_of(view["trump_card"])
    scratch._start_scores = tuple(view["round_start_scores"])
    scratch._hands = [hands[s] for s in range(4)]
    scratch._plays = [index_of(p["card"]) for p in view["played"]]
    scratch._play_seats = [p["seat"] for p in view["played"]]
    return cls.from_position(write_position(scratch), rules, rng.getrandbits(32))
