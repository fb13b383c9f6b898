"""A Mille position drawn as HTML, the way one seat sees it: what ``view._repr_html_()`` shows.

The picture is built from a ``View`` only, so it can show nothing the seat may not know:
the seat's own hand face up, the opponent's hand as card backs with their count (and,
face up, only the cards it is publicly known to hold), the stock as a size, the discard
pile, both players' melds, the totals and whose turn it is. Once the hand is scored, the
cards left in both hands are shown, as at the table. Cards are the inline SVG faces of
``engine/svg.py``; every text is escaped; nothing is loaded from elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from ..cards import FrenchCard
from ..messages import Message, render
from ..svg import card_back_svg, hand_svg
from .state import Phase
from .tables import plural
from .words import SEAT_NAMES

if TYPE_CHECKING:
    from .view import PlayerView, View

__all__ = ["view_html"]


def _said(id: str, **params: object) -> str:
    """A picture's sentence (``exercise:picture.*``), its catalog loaded when first asked for."""
    from ..exercises import messages  # noqa: F401  (not at import: the exercises need the games)

    return render(Message(id, tuple(params.items())))


CARD = 52
"""The width of a card in the picture, in pixels (melds and the pile are drawn smaller)."""
SMALL = 38
_BOX = (
    "font-family:system-ui,sans-serif;font-size:14px;color:#f4f1e8;background:#1f5f3a;"
    "border-radius:10px;padding:10px 14px;display:inline-flex;flex-direction:column;gap:8px"
)
_ROW = "display:flex;gap:14px;align-items:flex-end;flex-wrap:wrap"
_LABEL = "font-size:12px;opacity:.85;margin-bottom:2px"
_PHASES = {
    Phase.DRAW: "draws from the stock or takes the pile",
    Phase.MELD: "melds, then discards",
}


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _block(label: str, body: str) -> str:
    return f'<div><div style="{_LABEL}">{escape(label)}</div>{body}</div>'


def _cards(cards: Sequence[FrenchCard], width: int = CARD, overlap: float = 0.55) -> str:
    return hand_svg(cards, width=width, overlap=overlap)


def _backs(count: int, width: int = SMALL, label: str | None = None) -> str:
    """``count`` card backs, overlapping like a hand held closed (``label``: what they are)."""
    back = card_back_svg(width=width) if label is None else card_back_svg(width=width, label=label)
    step = -round(width * 0.7)
    shown = "".join(
        f'<span style="display:inline-block;margin-left:{0 if i == 0 else step}px">{back}</span>'
        for i in range(count)
    )
    return f'<div style="display:flex">{shown}</div>'


def _melds(player: PlayerView, name: str) -> str:
    if not player.melds:
        return _block(f"{name}'s melds", '<div style="opacity:.6">none yet</div>')
    parts = "".join(
        _block(
            _said("exercise:picture.face-down", meld=plural(meld.rank), value=meld.value),
            _backs(len(meld.cards), label=_said("exercise:picture.face-down-card")),
        )
        if meld.face_down  # mille.score.natural-meld: a complete natural meld is turned over
        else _block(f"{plural(meld.rank)} ({meld.value})", _cards(meld.cards, SMALL))
        for meld in player.melds
    )
    return _block(f"{name}'s melds", f'<div style="{_ROW}">{parts}</div>')


def _status(view: View) -> str:
    names = SEAT_NAMES
    if view.match_result is not None:
        final = view.match_result
        text = f"The match is over: {names[final.winner]} wins"
        if final.skunk:
            text += " with a skunk"
    elif view.deal_result is not None:
        south, north = view.deal_result.scores
        text = f"Hand {view.deal_number} is over: {names[0]} {south:+d}, {names[1]} {north:+d}"
    elif view.to_move is not None:
        text = f"{names[view.to_move]} {_PHASES.get(view.phase, 'is to move')}"
    else:
        text = "Nobody is to move"
    return text


def view_html(view: View, *, still: bool = False, quiz: bool = False) -> str:
    """The position as ``view.seat`` sees it: an HTML fragment with inline SVG cards.

    ``still``: a picture that takes no clicks (its status never invites one here).
    ``quiz``: an exercise's table, which prints none of the answers it may ask for (the
    hand's score and the totals after it, how the match ended, whose turn, the last event).
    """
    me, other = view.seat, 1 - view.seat
    names = SEAT_NAMES
    mine, theirs = view.players[me], view.players[other]
    result = view.deal_result
    if result is not None:  # mille.score.hand: the cards left in hand are shown
        shown = result.players[other].hand
        label = f"{names[other]}'s hand at the end: {_count(len(shown))}"
        opponent = _block(label, _cards(shown, SMALL) if shown else "")
    else:
        label = f"{names[other]}'s hand: {_count(theirs.hand_size)}"
        body = _backs(theirs.hand_size)
        if theirs.known:
            body += _block("known to hold (taken from the pile)", _cards(theirs.known, SMALL))
        opponent = _block(label, body)
    pile = _cards(view.pile, SMALL, 0.75) if view.pile else '<div style="opacity:.6">empty</div>'
    stock = card_back_svg(width=SMALL) if view.stock_size else ""
    middle = (
        f'<div style="{_ROW}">'
        + _block(f"Stock: {_count(view.stock_size)}", stock)
        + _block(f"Discard pile: {_count(len(view.pile))}, top card last", pile)
        + "</div>"
    )
    before = list(view.totals)
    if quiz and result is not None:  # mille.score.hand: the totals before this hand's score
        before = [total - score for total, score in zip(before, result.scores, strict=True)]
    totals = ", ".join(f"{names[s]} {before[s]}" for s in (0, 1))
    word = "totals"
    if quiz and result is not None:
        word = _said("exercise:picture.totals-before.short", deal=Message("mille:word.deal"))
    heading = (
        f"Mille, hand {view.deal_number} (dealer {names[view.dealer]}) · {word} {totals}"
        f" · target {view.rules.target}"
    )
    hand = _block(f"{names[me]}'s hand (yours): {_count(len(view.hand))}", _cards(view.hand))
    last = view.log[-1].text if view.log else ""
    parts = [
        f"<div><b>{escape(heading)}</b></div>",
        opponent,
        _melds(theirs, names[other]),
        middle,
        _melds(mine, names[me]),
        hand,
        "" if quiz else f"<div><b>{escape(_status(view))}</b></div>",
    ]
    if last and not quiz:
        parts.append(f'<div style="{_LABEL}">Last: {escape(last)}</div>')
    return f'<div class="cardschool-mille-view" style="{_BOX}">{"".join(parts)}</div>'
