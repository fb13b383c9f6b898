"""Helpers for the Mille tests: positions from text, and independent recounts.

Nothing here imports the engine's scoring or card values: the recounts are written
again from the rulebook's text so that they can disagree with the engine.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter

from cardschool.engine import mille
from cardschool.engine.cards import FrenchCard

SEATS = {"south": 0, "north": 1}


def game_at(text: str, rules: mille.Rules | None = None, seed: int = 0) -> mille.Game:
    """A game set up from an indented position text."""
    return mille.Game.from_position(textwrap.dedent(text), rules or mille.Rules(), seed)


def fields(game: mille.Game) -> dict[str, str]:
    """The lines of ``game.position()`` as a dict (keys lower-case)."""
    out = {}
    for line in game.position().splitlines():
        key, _, value = line.partition(":")
        out[key.strip().lower()] = value.strip()
    return out


def melds_of(game: mille.Game, seat: int) -> list[list[str]]:
    """A player's melds as lists of card texts, read from the position text."""
    text = fields(game)[f"{('south', 'north')[seat]} melds"]
    return [group.split() for group in text.split("|") if group.strip()]


def hand_of(game: mille.Game, seat: int) -> list[str]:
    """A player's hand as card texts, read from the position text."""
    return fields(game)[f"{('south', 'north')[seat]} hand"].split()


def card_census(game: mille.Game, f: dict[str, str] | None = None) -> Counter:
    """How many times each card text appears anywhere in the position."""
    f = f or fields(game)
    census: Counter = Counter()
    for key in ("south hand", "north hand", "south melds", "north melds", "pile", "stock"):
        census.update(f[key].replace("|", " ").split())
    return census


def points(card: str) -> int:
    """A card's value, written out again from the rulebook's table (mille.values)."""
    card = card.upper()
    if card == "QS":
        return 100
    if card == "JD":
        return 50
    rank = card[:-1]
    if rank == "2":
        return 20
    if rank == "A":
        return 15
    if rank in ("K", "Q", "J", "10"):
        return 10
    return 5


def recount(game: mille.Game) -> list[int]:
    """Both players' scores for the finished hand, counted from the position text alone."""
    f = fields(game)
    ended = f["ended"].lower()
    went_out = SEATS.get(ended.split()[0]) if ended.endswith("went out") else None
    caps = game.rules.doubling_caps_at_two
    scores = []
    for seat in (0, 1):
        melds = melds_of(game, seat)

        def natural(meld: list[str]) -> bool:
            ranks = {c[:-1] for c in meld}
            return ranks == {"2"} or "2" not in ranks

        goes_natural = went_out == seat and all(natural(m) for m in melds)
        total = 0
        for meld in melds:
            ranks = [c[:-1] for c in meld]
            eight = len(meld) == 8 and (
                set(ranks) == {"2"} or ("2" not in ranks and len(set(ranks)) == 1)
            )
            factor = (2 if eight else 1) * (2 if goes_natural else 1)
            if caps:
                factor = min(factor, 2)
            total += factor * sum(points(c) for c in meld)
        total -= sum(points(c) for c in hand_of(game, seat))
        scores.append(total)
    return scores


def card_kind(card: str) -> tuple[str, int]:
    """Cards of the same rank and value are interchangeable."""
    return (card.upper()[:-1], points(card))


class Seen:
    """What the agreement checks need about the player to move, read once per position."""

    def __init__(self, game: mille.Game) -> None:
        self.game = game
        seat = game.to_move
        self.hand = Counter(str(c) for c in game.hand(seat)) if seat is not None else Counter()
        self.fields = fields(game)
        self.meld_ranks = set()
        if seat is not None:
            melds = self.fields[("south melds", "north melds")[seat]].split("|")
            self.meld_ranks = {_meld_rank(m.split()) for m in melds if m.strip()}
        self.top = self.fields["pile"].split()[-1:]
        self.many = game.rules.many_melds_per_rank

    def signature(self, move: mille.Move) -> tuple:
        """What a move chooses, interchangeable cards alike and extensions written as adds."""
        kind = move.kind.value
        cards = [str(c) for c in move.cards]
        if kind == "take":
            return (kind, tuple(cards))
        kinds = tuple(sorted(card_kind(c) for c in cards))
        if kind == "meld" and not self.many:
            naturals = {c[:-1] for c in cards if c[:-1] != "2"}
            rank = naturals.pop() if len(naturals) == 1 else ("2" if not naturals else None)
            if rank is not None and rank in self.meld_ranks:
                return ("add", rank, 1, kinds)
        if kind == "add":
            assert move.rank is not None
            return (kind, move.rank.text, move.which, kinds)
        return (kind, kinds)

    def holds(self, move: mille.Move) -> bool:
        """Whether the player to move holds every card the move takes from hand."""
        if move.kind is mille.MoveKind.TAKE:
            return True
        need = Counter(str(c) for c in move.cards)
        return all(self.hand[c] >= n for c, n in need.items())


def _meld_rank(meld: list[str]) -> str:
    naturals = [c[:-1] for c in meld if c[:-1] != "2"]
    return naturals[0] if naturals else "2"


ALL_CARDS = [
    f"{r}{s}"
    for s in "SHDC"
    for r in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
]


def random_move(game: mille.Game, rng: random.Random, seen: Seen) -> mille.Move:
    """A random, often illegal, move built from the hand, the pile and the whole deck."""
    hand = sorted(seen.hand.elements()) or ALL_CARDS
    pool = hand * 3 + ALL_CARDS
    kind = rng.choice(["stock", "pile", "take", "meld", "add", "discard"])
    if kind == "stock":
        return mille.Move.stock()
    if kind == "pile":
        return mille.Move.pile(rng.choice(pool), rng.choice(pool))
    if kind == "take":
        return mille.Move.take(rng.choice(seen.top * 3 + ALL_CARDS))
    if kind == "discard":
        return mille.Move.discard(rng.choice(pool))
    same = [c for c in hand if c[:-1] == rng.choice(hand)[:-1] or c[:-1] == "2"]
    cards = rng.sample(same, min(len(same), rng.randint(1, 5))) or [rng.choice(pool)]
    if rng.random() < 0.2:
        cards.append(rng.choice(pool))
    if kind == "meld":
        return mille.Move.meld(*cards)
    rank = rng.choice([c[:-1] for c in cards] + ["K", "2"])
    return mille.Move.add(rank, *cards, which=rng.choice([1, 1, 1, 2]))


def parse_card(text: str) -> FrenchCard:
    """One card from text."""
    return FrenchCard.parse(text)
