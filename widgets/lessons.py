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
from cardschool.engine.messages import Message, message, render
from cardschool.engine.rulebook import title
from cardschool.engine.svg import hand_svg

from . import lesson_messages as _words  # noqa: F401  (registers the lessons' words)
from .speaking import PageHTML

__all__ = [
    "GLOSSARY_LINK",
    "Demo",
    "RuleDemo",
    "all_demos",
    "card_strip",
    "cards_svg",
    "demo",
    "glossary_definitions",
    "group_said",
    "group_words",
    "move_said",
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


class SpokenHTML:
    """HTML made for a page, shown there as a widget drawn again in the page's language
    (``speaking.PageHTML``); ``_repr_html_`` gives it as the language spoken now."""

    def _repr_html_(self) -> str:
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        """On a page: a widget, so that the page's language reaches these words too."""
        from IPython.display import display

        display(PageHTML(self._repr_html_))


class CardStrip(SpokenHTML):
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


class Definitions(SpokenHTML):
    """Each game's measure, named and defined in its catalog's words (the glossary), drawn
    again in the page's language."""

    def _repr_html_(self) -> str:
        from cardschool.engine.advice import definitions  # the expert's measures

        items = "".join(
            f"<li><strong>{html.escape(game)}</strong>. {html.escape(text)}</li>"
            for game, text in definitions().entries
        )
        return f"<ul class='cs-definitions'>{items}</ul>"


def glossary_definitions() -> Definitions:
    """The games' measures as the glossary shows them: the engine's ``definitions()``, said
    again when the page changes language."""
    return Definitions()


def card_strip(text: str, game: str) -> CardStrip:
    """A game's cards from their codes (``"KO HC JE"``), side by side, each with its code."""
    return CardStrip(text, game)


_MARK = 'style="font-weight:bold;white-space:nowrap;color:'
GLOSSARY_LINK = "../glossary.ipynb"
"""Where a demonstration sends a reader for the codes (from a lesson's folder)."""


def _verbs(game: str) -> Mapping[str, str]:
    """What the first word of a game's written move means: the id of its words
    (``lessons.py`` of the game's folder); a card alone means: play it."""
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
    return _verbs(game).get(first, "lesson:verb.play"), cards


def _listed(names: Sequence[str | Message], joined: str) -> str | Message:
    """Names one after another: ``a, b`` (``lesson:list``), ``a and b`` (``lesson:and``)."""
    said = names[-1]
    for name in reversed(names[:-1]):
        said = message(joined, first=name, rest=said)
    return said


def move_said(move: str, game: str) -> tuple[Message, list[str]]:
    """A written move as a message, and the card codes it names (``"pile 9H 9C"``)."""
    verb, cards = _verb_and_cards(move, game)
    if not cards:
        return message(verb), []
    named = _listed([card.said_the for card in cards], "lesson:and")
    return message(f"{verb}.cards", cards=named), [str(card) for card in cards]


def move_words(move: str, game: str) -> tuple[str, list[str]]:
    """A written move in words, and the card codes it names (``"pile 9H 9C"``)."""
    said, codes = move_said(move, game)
    return render(said), codes


def group_said(moves: Sequence[str], game: str) -> Message:
    """Several moves with one answer, as a message: ``play any of the 6 of coins, the ...``."""
    if len(moves) == 1:
        return move_said(moves[0], game)[0]
    parts = [_verb_and_cards(move, game) for move in moves]
    verbs = {verb for verb, _cards in parts}
    if len(verbs) == 1 and all(len(cards) == 1 for _verb, cards in parts):
        names = _listed([cards[0].said_the for _verb, cards in parts], "lesson:list")
        said: str | Message = message(f"{verbs.pop()}.any", cards=names)
    else:
        said = _listed([move_said(move, game)[0] for move in moves], "lesson:moves")
    return message("lesson:moves.one-answer", count=len(moves), said=said)


def group_words(moves: Sequence[str], game: str) -> str:
    """Several moves with one answer, in words: ``play any of the 6 of coins, the ...``."""
    return render(group_said(moves, game))


def _grouped(answers: Sequence[tuple[str, Any]]) -> list[tuple[list[str], Any]]:
    """The answers with the same verdict, sentence and rule gathered in one row."""
    groups: dict[tuple[bool, str, str], tuple[list[str], Any]] = {}
    for move, why in answers:
        groups.setdefault((why.legal, why.text, why.rule), ([], why))[0].append(move)
    return list(groups.values())


class RuleDemo(SpokenHTML):
    """A demonstration as shown in a notebook: the cards, then each move and its answer."""

    def __init__(self, item: Demo) -> None:
        self.item = item
        self.game = _game(item)
        seat = self.game.to_move
        self.view = self.game.view(seat)
        moves = item.moves or tuple(str(card) for card in self.game.hand(seat))
        self.answers = [(move, self.game.explain(move)) for move in moves]

    def words(self, said: Message, *, markup: bool = False) -> str:
        """``said`` in words for the page, HTML-escaped: the one place a demonstration's
        sentences become text (``markup``: its parameters are HTML already, escaped where
        they were made, and its own words are trusted)."""
        text = render(said)
        return text if markup else html.escape(text)

    def _row(self, moves: list[str], why: Any) -> str:
        game = self.item.game
        said = [move_said(move, game) for move in moves]
        codes = [code for _said, cards in said for code in cards]
        picture = cards_svg(codes, game, 30) if codes else ""
        words = self.words(group_said(moves, game))  # in the page's words, no move notation
        rule = f"{html.escape(title(why.rule))} <code>{html.escape(why.rule)}</code>"
        left = ' style="text-align:left;vertical-align:top"'
        verdict, kind, colour = (
            ("allowed", "yes", "#1a7f37") if why.legal else ("refused", "no", "#b42318")
        )
        mark = self.words(message(f"lesson:demo.{verdict}"))
        says = self.words(why.message) if why.message is not None else html.escape(why.text)
        return (
            f'<tr><td{left}><span class="cs-demo-{kind}" {_MARK}{colour}">{mark}</span></td>'
            f"<td{left}>{picture}<br>{words}</td>"
            f"<td{left}>{says}</td><td{left}>{rule}</td></tr>"
        )

    def _repr_html_(self) -> str:
        rows = "".join(self._row(moves, why) for moves, why in _grouped(self.answers))
        heading = f"{html.escape(title(self.item.rule))} <code>{self.item.rule}</code>"
        first = next((c for m, _ in self.answers for c in move_words(m, self.item.game)[1]), "")
        key = ""
        if first:
            name = render(game_spec(self.item.game).card_type.parse(first).said)
            glossary = self.words(message("lesson:demo.glossary"))
            said = message(
                "lesson:demo.key",
                code=f"<code>{html.escape(first)}</code>",
                name=html.escape(name),
                glossary=f'<a href="{GLOSSARY_LINK}">{glossary}</a>',
            )
            key = f"<p>{self.words(said, markup=True)}</p>"
        head = "".join(
            f'<th style="text-align:left">{self.words(message(f"lesson:demo.head.{name}"))}</th>'
            for name in ("allowed", "move", "says", "rule")
        )
        return (
            f'<div class="cardschool-demo"><h4>{heading}</h4>'
            f"<p>{self.words(self.item.caption)}</p>{self.view.still_html()}{key}"
            f"<table><tr>{head}</tr>{rows}</table></div>"
        )


def demo(name: str) -> RuleDemo:
    """A demonstration by name (``"beat-by-trumping"``) or by rule id (its first one)."""
    demos = all_demos()
    for item in demos.values():
        if name in (item.name, item.rule):
            return RuleDemo(item)
    raise KeyError(f"no demonstration {name!r}; there are: {', '.join(demos)}")
