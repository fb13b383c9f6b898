"""Helpers for the Mililla tests: readable deals, and positions built from them."""

from __future__ import annotations

import random

from cardschool.engine import mililla

# A deal with trumps coins (the face-up 2 of coins is worth nothing), West dealing, so
# South leads the first trick. Nobody is void in any suit at the start.
D1 = """
dealer West
trump 2O
South: 2C 3C 5O 6O AO KE HE 2E 3B 4B
East: JC 5C KO HO 4E 5E 6E 5B 6B 7B
North: 4C HC KC 7C JO 7O 7E JB KB HB
West: 6C AC 2O 3O 4O JE 3E AE 2B AB
"""

# West deals and turns up the 7 of coins (worth 5), and holds no swords.
D2 = """
dealer West
trump 7O
South: 2C 3C 5O 6O AO KE HE 2E 3E 4B
East: JC 5C KO HO 4E 5E 6E 5B 6B 2O
North: 4C HC KC 7C JO JE AE 7E KB HB
West: 6C AC 7O 3O 4O 3B 2B AB JB 7B
"""

# As D2, but West's only coin is the face-up 7.
D3 = """
dealer West
trump 7O
South: 2C 3C 5O 6O AO KE HE 2E 3E 4B
East: 3O 4O KO HO 4E 5E 6E 5B 6B 2O
North: 4C HC KC 7C JO JE AE 7E KB HB
West: 6C AC 7O 5C JC 3B 2B AB JB 7B
"""


def position_text(deal: str, *tricks: str, head: str = "") -> str:
    """The deal with these tricks played (``"South: 2C JC"``): played cards leave the hands."""
    played = " ".join(trick.split(":", 1)[1] for trick in tricks).split()
    lines = []
    for line in (head + deal).strip().splitlines():
        word, _, rest = line.strip().partition(" ")
        if word.endswith(":"):
            rest = " ".join(card for card in rest.split() if card not in played) or "-"
        lines.append(f"{word} {rest}")
    return "\n".join(lines + [f"trick {trick}" for trick in tricks])


def after(
    deal: str, *tricks: str, rules: mililla.Rules | None = None, head: str = ""
) -> mililla.Game:
    """The game at the deal with these tricks played."""
    text = position_text(deal, *tricks, head=head)
    return mililla.Game.from_position(text, rules or mililla.Rules())


def legal(game: mililla.Game) -> set[str]:
    """The legal moves as a set of texts."""
    return {str(move) for move in game.legal_moves()}


def play_out(game: mililla.Game, rng: random.Random) -> None:
    """Play random legal cards to the end of the round."""
    while game.phase is mililla.Phase.PLAY:
        game.play(rng.choice(game.legal_moves()))
