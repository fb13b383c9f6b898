"""A game's Rules page: every entry of its rulebook, by section, each rule's id an anchor.

The page's notebook (``tutorial/<game>/rules.ipynb``) stays thin::

    from cardschool.widgets.rules_page import rules_page

    rules_page("<game>")

The entries come from the rulebook (``cardschool.engine.rulebook``, in the spoken
language: the page is drawn again when the learner changes it), the game's title and
the other games from the registry; every text is HTML-escaped. A link to one rule is the
page's link with the rule id as its fragment (:func:`rules_href`): the tables use it, and
the page's front end (``static/page_html.js``) opens at that rule.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cardschool.engine.games import GAMES, game_spec
from cardschool.engine.messages import Message, message, render
from cardschool.engine.rulebook import Entry, entries, spoken_entry

from . import lesson_messages as _words  # noqa: F401  (registers the page's words)
from .learning import GLOSSARY, LANDING, RULES_PAGE
from .speaking import PageHTML

__all__ = ["RULES_PAGE", "RulesPage", "rules_href", "rules_html", "rules_page"]

_A = 'style="color:#0b57d0;text-decoration:underline" href='
"""How a link of the page bar looks: like a link, whatever the page's own styles."""


def rules_href(game: str, rule: str | None = None, *, up: str = "../") -> str:
    """The link to a game's Rules page from a page ``up`` from the tutorial, at ``rule``."""
    link = f"{up}{game_spec(game).name}/{RULES_PAGE}"
    return f"{link}#{rule}" if rule else link


def words(said: Message) -> str:
    """``said`` in words, HTML-escaped: the one place the page's own sentences become text
    (the rules' titles and texts are the rulebook's entries, read in the spoken language)."""
    return html.escape(render(said))


def _bar(game: str) -> str:
    """The page bar: back to the path, the glossary, the other games' rules."""
    title = message("lesson:rules.title", game=game_spec(game).title)
    parts = [
        f'<a {_A}"../{LANDING}">{words(message("lesson:link.path"))}</a>',
        f"<span>{words(title)}</span>",
        f'<a {_A}"../{GLOSSARY}">{words(message("lesson:link.glossary"))}</a>',
    ]
    for other in GAMES.values():
        if other.name != game:
            href = html.escape(rules_href(other.name))
            said = message("lesson:rules.title", game=other.title)
            parts.append(f'<a {_A}"{href}">{words(said)}</a>')
    joined = " · ".join(parts)
    label = words(message("lesson:rules.label"))
    return f'<nav class="cardschool-path" aria-label="{label}">{joined}</nav>'


def _entry(rule: Entry) -> str:
    """One rule: its title as a heading anchored at its id, the id, then its text."""
    ident = html.escape(rule.id)
    return (
        f'<section class="cs-rules-entry" id="{ident}">'
        f"<h3>{html.escape(rule.title)} <code>{ident}</code></h3>"
        f"<p>{html.escape(rule.text)}</p></section>"
    )


def rules_html(game: str, rulebook: Sequence[Entry] | None = None) -> str:
    """The whole page as HTML: the bar, then every entry under its section's heading, all
    in the spoken language."""
    grouped: dict[str, list[Entry]] = {}
    for rule in map(spoken_entry, entries(game) if rulebook is None else rulebook):
        grouped.setdefault(rule.section, []).append(rule)
    body = "".join(
        f"<h2>{html.escape(section)}</h2>{''.join(_entry(rule) for rule in rules)}"
        for section, rules in grouped.items()
    )
    return f'<div class="cardschool-rules" style="max-width:48rem">{_bar(game)}{body}</div>'


class RulesPage(PageHTML):
    """The page as a widget: its links open in the same tab, it opens at the rule the
    page's address names (``rules.ipynb#<rule id>``), its bar has the language switch, and
    it is drawn again in the page's language (``html``: :func:`rules_html`)."""

    def __init__(self, game: str, **kwargs: Any) -> None:
        self.game = game
        super().__init__(lambda: rules_html(game), switch=True, **kwargs)


def rules_page(game: str) -> RulesPage:
    """A game's Rules page for its notebook."""
    return RulesPage(game)
