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

from cardschool.engine.games import game_spec
from cardschool.engine.rulebook import title
from cardschool.engine.svg import hand_svg

__all__ = [
    "DEMOS",
    "GLOSSARY_LINK",
    "Demo",
    "RuleDemo",
    "cards_svg",
    "demo",
    "group_words",
    "move_words",
]


@dataclass(frozen=True, slots=True)
class Demo:
    """A position where a rule decides, and the moves a lesson tries in it."""

    name: str
    rule: str
    caption: str
    position: str
    moves: tuple[str, ...] = ()

    @property
    def game(self) -> str:
        """The game the rule belongs to: the first part of its id (``mille.draw.pile``)."""
        return self.rule.split(".")[0]


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
            "The 9♠ is on top of the pile.",
            _MILLE_DRAW,
            ("pile 9H 9C", "pile 9H 2C", "stock"),
        ),
        Demo(
            "pile-of-two",
            "mille.draw.pile.two",
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
            "You have not drawn yet.",
            _MILLE_DRAW,
            ("discard QS", "meld 4H 4S 2C"),
        ),
        Demo(
            "melds",
            "mille.meld.set",
            "You have drawn; now you may meld.",
            _MILLE_MELD,
            ("meld 9H 9C 9D", "meld 4H 4S 2C", "meld 9H 2C 2S", "meld 4H 4S"),
        ),
        Demo(
            "twos",
            "mille.meld.twos",
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
            "You have a meld of Kings; North has a meld of 7s.",
            _MILLE_MELD,
            ("add K KD", "add 7 7C"),
        ),
        Demo(
            "discard",
            "mille.discard",
            "Melding done: end the turn.",
            _MILLE_MELD,
            ("discard QS", "discard 5D"),
        ),
        Demo(
            "go-out",
            "mille.go-out",
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
    return game_spec(item.game).game_type.from_position(item.position)


def cards_svg(texts: Sequence[str], game: str, width: int = 48) -> str:
    """A row of a game's cards, from their text forms, drawn as the tables draw them."""
    card_type = game_spec(game).card_type
    return hand_svg([card_type.parse(text) for text in texts], width=width)


_VERBS = {
    "stock": "draw the top card of the stock",
    "pile": "take the whole pile with",
    "take": "take into your hand",
    "meld": "lay down the meld",
    "add": "add to a meld",
    "discard": "discard",
}
"""What the first word of a written move means, in words (a card alone means: play it)."""
_MARK = 'style="font-weight:bold;white-space:nowrap;color:'
_YES = f'<span class="cs-demo-yes" {_MARK}#1a7f37">✓ allowed</span>'
_NO = f'<span class="cs-demo-no" {_MARK}#b42318">✗ refused</span>'
GLOSSARY_LINK = "../glossary.ipynb"
"""Where a demonstration sends a reader for the codes (from a lesson's folder)."""


def _verb_and_cards(move: str, game: str) -> tuple[str, list[Any]]:
    """What a written move does, in words, and the cards it names."""
    card_type = game_spec(game).card_type
    cards = []
    for word in move.split():
        try:
            cards.append(card_type.parse(word))
        except ValueError:
            continue
    first = move.split()[0] if move.split() else ""
    return _VERBS.get(first, "play"), cards


def move_words(move: str, game: str) -> tuple[str, list[str]]:
    """A written move in words, and the card codes it names (``"pile 9H 9C"``)."""
    verb, cards = _verb_and_cards(move, game)
    named = " and ".join(card.the for card in cards)
    return (f"{verb} {named}" if named else verb), [str(card) for card in cards]


def group_words(moves: Sequence[str], game: str) -> str:
    """Several moves with one answer, in words: ``play any of the 6 of coins, the ...``."""
    if len(moves) == 1:
        return move_words(moves[0], game)[0]
    parts = [_verb_and_cards(move, game) for move in moves]
    verbs = {verb for verb, _cards in parts}
    if len(verbs) == 1 and all(len(cards) == 1 for _verb, cards in parts):
        names = ", ".join(cards[0].the for _verb, cards in parts)
        said = f"{verbs.pop()} any of {names}"
    else:
        said = "; ".join(move_words(move, game)[0] for move in moves)
    return f"{len(moves)} moves, one answer: {said}"


def _grouped(answers: Sequence[tuple[str, Any]]) -> list[tuple[list[str], Any]]:
    """The answers with the same verdict, sentence and rule gathered in one row."""
    groups: dict[tuple[bool, str, str], tuple[list[str], Any]] = {}
    for move, why in answers:
        groups.setdefault((why.legal, why.text, why.rule), ([], why))[0].append(move)
    return list(groups.values())


class RuleDemo:
    """A demonstration as shown in a notebook: the cards, then each move and its answer."""

    def __init__(self, item: Demo) -> None:
        self.item = item
        self.game = _game(item)
        seat = self.game.to_move
        self.view = self.game.view(seat)
        moves = item.moves or tuple(str(card) for card in self.game.hand(seat))
        self.answers = [(move, self.game.explain(move)) for move in moves]

    def _row(self, moves: list[str], why: Any) -> str:
        game = self.item.game
        said = [move_words(move, game) for move in moves]
        codes = [code for _words, cards in said for code in cards]
        picture = cards_svg(codes, game, 30) if codes else ""
        words = html.escape(group_words(moves, game))
        written = ", ".join(f"<code>{html.escape(move)}</code>" for move in moves)
        rule = f"{html.escape(title(why.rule))} <code>{html.escape(why.rule)}</code>"
        left = ' style="text-align:left;vertical-align:top"'
        return (
            f"<tr><td{left}>{_YES if why.legal else _NO}</td>"
            f"<td{left}>{picture}<br>{words} ({written})</td>"
            f"<td{left}>{html.escape(why.text)}</td><td{left}>{rule}</td></tr>"
        )

    def _repr_html_(self) -> str:
        rows = "".join(self._row(moves, why) for moves, why in _grouped(self.answers))
        heading = f"{html.escape(title(self.item.rule))} <code>{self.item.rule}</code>"
        first = next((c for m, _ in self.answers for c in move_words(m, self.item.game)[1]), "")
        key = ""
        if first:
            name = game_spec(self.item.game).card_type.parse(first).name
            key = (
                f"<p>Cards are written rank then suit: <code>{html.escape(first)}</code> is the "
                f"{html.escape(name)}. All the codes are in the "
                f'<a href="{GLOSSARY_LINK}">glossary</a>.</p>'
            )
        head = "".join(
            f'<th style="text-align:left">{name}</th>'
            for name in ("allowed?", "move", "what the rules say", "rule")
        )
        return (
            f'<div class="cardschool-demo"><h4>{heading}</h4>'
            f"<p>{html.escape(self.item.caption)}</p>{self.view._repr_html_()}{key}"
            f"<table><tr>{head}</tr>{rows}</table></div>"
        )


def demo(name: str) -> RuleDemo:
    """A demonstration by name (``"beat-by-trumping"``) or by rule id (its first one)."""
    for item in DEMOS.values():
        if name in (item.name, item.rule):
            return RuleDemo(item)
    raise KeyError(f"no demonstration {name!r}; there are: {', '.join(DEMOS)}")
