"""Rule demonstrations for the lessons: a position, the moves to try, the engine's answers.

``demo("beat-by-trumping")`` (or ``demo("mililla.beat")``) shows a readable position
where that rule decides: a picture of the cards and, for each move tried, whether it is
legal, the sentence the engine gives and the rule id. The answers come from the engine
at display time, so a lesson can never teach something the engine does not do; the
tests check that each demonstration really turns on the rule it is filed under.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardschool.engine import mililla, mille
from cardschool.engine.cards import FrenchCard, SpanishCard
from cardschool.engine.rulebook import title
from cardschool.engine.svg import hand_svg

__all__ = ["DEMOS", "Demo", "RuleDemo", "demo", "score_demo"]


@dataclass(frozen=True, slots=True)
class Demo:
    """A position where a rule decides, and the moves a lesson tries in it."""

    name: str
    rule: str
    game: str
    caption: str
    position: str
    moves: tuple[str, ...] = ()


_MILLE_DRAW = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD 2C 4H 4S KD 7C 8D 3S 6H AC
North hand: +15
pile: 4D 3C 9S
"""
_MILLE_MELD = """
to move: South
phase: meld
South hand: 9H 9C 9D 5D QS JD 2C 4H 4S KD 7C 8D 2S 6H AC
South melds: KH KS KC
North hand: +15
North melds: 7H 7S 7D
pile: 3C
"""
_MILILLA_THIRD = "dealer East\ntrump 5O\n"  # North leads the first trick, South plays third

DEMOS: dict[str, Demo] = {
    demo.name: demo
    for demo in (
        Demo(
            "draw-pile",
            "mille.draw.pile",
            "mille",
            "The 9♠ is on top of the pile.",
            _MILLE_DRAW,
            ("pile 9H 9C", "pile 9H 2C", "stock"),
        ),
        Demo(
            "pile-of-two",
            "mille.draw.pile.two",
            "mille",
            "A 2 is on top of the pile.",
            """
to move: South
phase: draw
South hand: 2C 2S 9H 5D QS JD 4H 4S KD 7C 8D 3S 6H AC
North hand: +15
pile: 4D 3C 2D
""",
            ("pile 2C 2S", "stock"),
        ),
        Demo(
            "first-two",
            "mille.draw.first-two",
            "mille",
            "The first turn of a hand: a 2 was turned up.",
            """
to move: South
phase: draw
first turn: yes
South hand: 9H 9C 5D QS JD 3C 4H 4S KD 7C 8D 3S 6H AC 10C
North hand: +15
pile: 2D
""",
            ("take 2D", "stock"),
        ),
        Demo(
            "turn-order",
            "mille.turn",
            "mille",
            "You have not drawn yet.",
            _MILLE_DRAW,
            ("discard QS", "meld 4H 4S 2C"),
        ),
        Demo(
            "melds",
            "mille.meld.set",
            "mille",
            "You have drawn; now you may meld.",
            _MILLE_MELD,
            ("meld 9H 9C 9D", "meld 4H 4S 2C", "meld 9H 2C 2S", "meld 4H 4S"),
        ),
        Demo(
            "twos",
            "mille.meld.twos",
            "mille",
            "Three 2s in hand.",
            """
to move: South
phase: meld
South hand: 2C 2S 2H 9H 5D QS
North hand: +15
pile: 4D
""",
            ("meld 2C 2S 2H",),
        ),
        Demo(
            "own-melds",
            "mille.meld.own",
            "mille",
            "You have a meld of Kings; North has a meld of 7s.",
            _MILLE_MELD,
            ("add K KD", "add 7 7C"),
        ),
        Demo(
            "discard",
            "mille.discard",
            "mille",
            "Melding done: end the turn.",
            _MILLE_MELD,
            ("discard QS", "discard 5D"),
        ),
        Demo(
            "go-out",
            "mille.go-out",
            "mille",
            "One card left.",
            """
to move: South
phase: meld
South hand: QS
South melds: KH KS KC | 9H 9C 9S 2D
North hand: +9
North melds: 7H 7S 7D
pile: 4D
""",
            ("discard QS",),
        ),
        Demo(
            "lead",
            "mililla.lead",
            "mililla",
            "You lead the first trick.",
            "dealer West\ntrump 5O\n"
            "South: 7E 3E 5E KB 5B 4B 2B AB 4C HC\n"
            "East: HO 6C 3B 7C 2E AC JE 3O 7O KC\n"
            "North: AO KE 6E 5C 7B 2C HE 4O JC 3C\n"
            "West: KO 4E 6O 6B AE JO JB 2O HB 5O\n",
        ),
        Demo(
            "follow-partner",
            "mililla.follow",
            "mililla",
            "Your partner North led the King of cups.",
            _MILILLA_THIRD + "South: 4C JC 6O 3E 5E KB 5B 4B 2B AB\n"
            "East: 7O KE 6C 7E 3O KO AO AE 4E 5O\n"
            "North: 6E JB 6B 4O JO HB 2O 5C 2E\n"
            "West: 7C 3B HE JE HC HO AC 7B 3C\n"
            "trick North: KC 2C\n",
        ),
        Demo(
            "beat-in-suit",
            "mililla.beat",
            "mililla",
            "West is winning the trick with the Horse of cups.",
            _MILILLA_THIRD + "South: KC 2C 6O AE 3E KB 5B 4B 2B AB\n"
            "East: 5O KO JO 3O AO 7C 6C 5C 2E JB\n"
            "North: JC 7O 4O KE HE 6E 5E 3B 6B\n"
            "West: 3C AC HO 2O 7E JE 4E HB 7B\n"
            "trick North: 4C HC\n",
        ),
        Demo(
            "beat-by-trumping",
            "mililla.beat",
            "mililla",
            "You have no cups; West is winning. Coins are trumps.",
            _MILILLA_THIRD + "South: 3O KO 3E 5E 6E KB 5B 4B 2B AB\n"
            "East: 6O AC 6C JE 2O HO KC AE 4E 5O\n"
            "North: 7E JB 6B 4O 7O HB AO 5C 2E\n"
            "West: 7C 3B KE HE JC JO 2C 7B 3C\n"
            "trick North: 4C HC\n",
        ),
        Demo(
            "seven",
            "mililla.seven",
            "mililla",
            "No sword has been played yet this round.",
            _MILILLA_THIRD + "South: 7E 3E 5E KB 5B 4B 2B AB JE 6E\n"
            "East: 7O 3C JC KE 4O KO 2O AE 4E 5O\n"
            "North: HE JB 6B 6O JO HB 3O 7C 2E\n"
            "West: KC 3B 2C AC AO HO 5C 7B 6C\n"
            "trick North: 4C HC\n",
        ),
        Demo(
            "free",
            "mililla.free",
            "mililla",
            "No cups and no trumps: the other cards are all free.",
            _MILILLA_THIRD + "South: 7E 3E 5E KB 5B 4B 2B AB JE 6E\n"
            "East: 7O 3C JC KE 4O KO 2O AE 4E 5O\n"
            "North: HE JB 6B 6O JO HB 3O 7C 2E\n"
            "West: KC 3B 2C AC AO HO 5C 7B 6C\n"
            "trick North: 4C HC\n",
        ),
        Demo(
            "trumped-follow",
            "mililla.follow",
            "mililla",
            "West trumped the cups North led.",
            _MILILLA_THIRD + "South: 3C JC 6O 3E 5E KB 5B 4B 2B AB\n"
            "East: HC 6C 3B 7E 2E AC 7C 3O 7O 5O\n"
            "North: AO KC JE 5C 7B 6E HE 4O 2C\n"
            "West: KO 4E KE 6B AE JO JB HO HB\n"
            "trick North: 4C 2O\n",
        ),
    )
}
"""Every demonstration, by name; each turns on the rule in its ``rule`` field."""


def _game(item: Demo) -> Any:
    module = mille if item.game == "mille" else mililla
    return module.Game.from_position(item.position)


def _cards_svg(texts: Sequence[str], game: str, width: int = 48) -> str:
    card_type = FrenchCard if game == "mille" else SpanishCard
    return hand_svg([card_type.parse(text) for text in texts], width=width)


class RuleDemo:
    """A demonstration as shown in a notebook: the cards, then each move and its answer."""

    def __init__(self, item: Demo) -> None:
        self.item = item
        self.game = _game(item)
        seat = self.game.to_move
        view = self.game.view(seat)
        hand = view["hand"] if isinstance(view, dict) else [str(card) for card in view.hand]
        moves = item.moves or tuple(hand)
        self.answers = [(move, self.game.explain(move)) for move in moves]
        self.view = view
        self.hand = hand

    def _picture(self) -> str:
        view, game = self.view, self.item.game
        parts = [f"<div><b>Your hand</b><br>{_cards_svg(self.hand, game)}</div>"]
        if game == "mille":  # a typed mille.View
            if view.pile:
                parts.append(f"<div><b>Pile</b><br>{hand_svg(view.pile, width=48)}</div>")
            for player in view.players:
                for meld in player.melds:
                    owner = "Your" if player.seat == view.seat else "North's"
                    parts.append(
                        f"<div><b>{owner} meld</b><br>{hand_svg(meld.cards, width=48)}</div>"
                    )
        elif view["trick"]:
            cards = [play["card"] for play in view["trick"]]
            parts.append(f"<div><b>The trick so far</b><br>{_cards_svg(cards, game)}</div>")
        return '<div style="display:flex;gap:1.5em;flex-wrap:wrap">' + "".join(parts) + "</div>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{'✅' if why.legal else '❌'}</td><td><code>{html.escape(move)}</code></td>"
            f"<td>{html.escape(why.text)}</td><td><code>{why.rule}</code></td></tr>"
            for move, why in self.answers
        )
        heading = f"{html.escape(title(self.item.rule))} <code>{self.item.rule}</code>"
        return (
            f'<div class="cardschool-demo"><h4>{heading}</h4>'
            f"<p>{html.escape(self.item.caption)}</p>{self._picture()}"
            f"<table><tr><th></th><th>move</th><th>what the rules say</th><th>rule</th></tr>"
            f"{rows}</table></div>"
        )


def demo(name: str) -> RuleDemo:
    """A demonstration by name (``"beat-by-trumping"``) or by rule id (its first one)."""
    for item in DEMOS.values():
        if name in (item.name, item.rule):
            return RuleDemo(item)
    raise KeyError(f"no demonstration {name!r}; there are: {', '.join(DEMOS)}")


_NATURAL_OUT = """
to move: South
phase: meld
South hand: QS
South melds: KH KS KC | 9H 9H 9C 9C 9S 9S 9D 9D
North hand: +9
North melds: 7H 7S 7D 2C
pile: 4D
"""


class ScoreDemo:
    """A finished Mille hand and its score, meld by meld, with each doubling's rule."""

    def __init__(self, position: str = _NATURAL_OUT, last_move: str = "discard QS") -> None:
        game = mille.Game.from_position(position)
        game.play(last_move)
        self.result = game.deal_result()

    def _repr_html_(self) -> str:
        rows = []
        for player in self.result["players"]:
            who = "You" if player["seat"] == 0 else "North"
            for meld in player["melds"]:
                doublings = ", ".join(
                    f"×{m['factor']} <code>{m['rule']}</code>" for m in meld["multipliers"]
                )
                rows.append(
                    f"<tr><td>{who}</td><td>{_cards_svg(meld['cards'], 'mille', 34)}</td>"
                    f"<td>{meld['value']}</td><td>{doublings or '–'}</td>"
                    f"<td>{meld['points']:+d}</td></tr>"
                )
            if player["hand"]:
                rows.append(
                    f"<tr><td>{who}</td><td>{_cards_svg(player['hand'], 'mille', 34)}</td>"
                    f"<td>in hand</td><td><code>mille.score.hand</code></td>"
                    f"<td>{player['hand_points']:+d}</td></tr>"
                )
            rows.append(
                f"<tr><th colspan=4>{who}: score of the hand</th><th>{player['total']:+d}</th></tr>"
            )
        return (
            "<table><tr><th>player</th><th>cards</th><th>value</th><th>doublings</th>"
            f"<th>points</th></tr>{''.join(rows)}</table>"
        )


def score_demo() -> ScoreDemo:
    """South goes out natural with a natural eight of nines: every doubling at work."""
    return ScoreDemo()
