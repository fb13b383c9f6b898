"""Rule demonstrations for the lessons: a position, the moves to try, the engine's answers.

``demo("beat-by-trumping")`` (or a rule id, ``demo("<game>.<rule>")``) shows a readable position
where that rule decides: a picture of the cards and, for each move tried, whether it is
legal, the sentence the engine gives and the rule id. The answers come from the engine
at display time, so a lesson can never teach something the engine does not do; the
tests check that each demonstration really turns on the rule it is filed under.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from cardschool.engine.demos import Demo
from cardschool.engine.games import game_spec
from cardschool.engine.rulebook import title
from cardschool.engine.svg import hand_svg

__all__ = [
    "GLOSSARY_LINK",
    "Demo",
    "RuleDemo",
    "all_demos",
    "card_strip",
    "cards_svg",
    "demo",
    "group_words",
    "move_words",
]


def all_demos() -> dict[str, Demo]:
    """Every game's demonstrations (``engine/<game>/demos.py``), by name, as the widgets'
    registry lists them; each turns on the rule in its ``rule`` field."""
    from .games import TABLES  # the games' folders import this module

    return {item.name: item for parts in TABLES.values() for item in parts.demos}


def __getattr__(name: str) -> Any:
    """``DEMOS``: :func:`all_demos`, gathered when first asked for (PEP 562)."""
    if name == "DEMOS":
        return all_demos()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _game(item: Demo) -> Any:
    return game_spec(item.game).game_type.from_position(item.position)


def cards_svg(texts: Sequence[str], game: str, width: int = 48) -> str:
    """A row of a game's cards, from their text forms, drawn as the tables draw them."""
    card_type = game_spec(game).card_type
    return hand_svg([card_type.parse(text) for text in texts], width=width)


class CardStrip:
    """Cards side by side, none covering another, each with its code below (the glossary)."""

    def __init__(self, text: str, game: str) -> None:
        card_type = game_spec(game).card_type
        self.cards = [card_type.parse(word) for word in text.split()]

    def _repr_html_(self) -> str:
        cells = "".join(
            '<figure style="margin:0;text-align:center">'
            f"{hand_svg([card], width=56)}"
            f"<figcaption><code>{html.escape(str(card))}</code></figcaption></figure>"
            for card in self.cards
        )
        return (
            f'<div class="cs-card-strip" style="display:flex;flex-wrap:wrap;gap:8px">{cells}</div>'
        )


def card_strip(text: str, game: str) -> CardStrip:
    """A game's cards from their codes (``"KO HC JE"``), side by side, each with its code."""
    return CardStrip(text, game)


_MARK = 'style="font-weight:bold;white-space:nowrap;color:'
_YES = f'<span class="cs-demo-yes" {_MARK}#1a7f37">✓ allowed</span>'
_NO = f'<span class="cs-demo-no" {_MARK}#b42318">✗ refused</span>'
GLOSSARY_LINK = "../glossary.ipynb"
"""Where a demonstration sends a reader for the codes (from a lesson's folder)."""


def _verbs(game: str) -> Mapping[str, str]:
    """What the first word of a game's written move means, in words (``lessons.py`` of the
    game's folder); a card alone means: play it."""
    from .games import table_parts  # the games' folders import this module

    return table_parts(game).verbs


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
    return _verbs(game).get(first, "play"), cards


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
            f"<p>{html.escape(self.item.caption)}</p>{self.view.still_html()}{key}"
            f"<table><tr>{head}</tr>{rows}</table></div>"
        )


def demo(name: str) -> RuleDemo:
    """A demonstration by name (``"beat-by-trumping"``) or by rule id (its first one)."""
    demos = all_demos()
    for item in demos.values():
        if name in (item.name, item.rule):
            return RuleDemo(item)
    raise KeyError(f"no demonstration {name!r}; there are: {', '.join(demos)}")
