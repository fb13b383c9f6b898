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
from ..messages import Message, Seat, message, render
from ..svg import card_back_svg, hand_svg
from .messages import Rank
from .state import Phase
from .words import SEAT_NAMES

if TYPE_CHECKING:
    from .view import PlayerView, View

__all__ = ["view_html"]


def _said(id: str, **params: object) -> str:
    """A picture's words (``mille:drawing.*``, ``exercise:picture.*``): the one place where
    the picture turns a message into text (the exercise catalog loaded when first asked for)."""
    from ..exercises import messages  # noqa: F401  (not at import: the exercises need the games)

    return render(Message(id, tuple(params.items())), SEAT_NAMES)


CARD = 52
"""The width of a card in the picture, in pixels (melds and the pile are drawn smaller)."""
SMALL = 38
_BOX = (
    "font-family:system-ui,sans-serif;font-size:14px;color:#f4f1e8;background:#1f5f3a;"
    "border-radius:10px;padding:10px 14px;display:inline-flex;flex-direction:column;gap:8px"
)
_ROW = "display:flex;gap:14px;align-items:flex-end;flex-wrap:wrap"
_LABEL = "font-size:12px;opacity:.85;margin-bottom:2px"
_PHASES = {Phase.DRAW: "mille:drawing.draw", Phase.MELD: "mille:drawing.meld-phase"}
"""What the player to move does in each phase of a turn (mille.turn)."""


def _count(n: int) -> Message:
    return message("mille:cards", count=n)


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


def _melds(player: PlayerView, seat: int) -> str:
    label = _said("mille:drawing.melds", who=Seat(seat))
    if not player.melds:
        none = _said("mille:drawing.melds.none")
        return _block(label, f'<div style="opacity:.6">{escape(none)}</div>')
    parts = "".join(
        _block(
            _said(
                "exercise:picture.face-down",
                meld=message("mille:drawing.rank", rank=Rank(meld.rank)),
                value=meld.value,
            ),
            _backs(len(meld.cards), label=_said("exercise:picture.face-down-card")),
        )
        if meld.face_down  # mille.score.natural-meld: a complete natural meld is turned over
        else _block(
            _said("mille:drawing.meld", rank=Rank(meld.rank), value=meld.value),
            _cards(meld.cards, SMALL),
        )
        for meld in player.melds
    )
    return _block(label, f'<div style="{_ROW}">{parts}</div>')


def _status(view: View) -> str:
    if view.match_result is not None:
        final = view.match_result
        over = "mille:drawing.match-over.skunk" if final.skunk else "mille:drawing.match-over"
        return _said(over, who=Seat(final.winner))
    if view.deal_result is not None:
        south, north = view.deal_result.scores
        return _said(
            "mille:drawing.hand-over",
            hand=view.deal_number,
            south=Seat(0),
            s=south,
            north=Seat(1),
            n=north,
        )
    if view.to_move is not None:
        doing = _PHASES.get(view.phase, "mille:drawing.to-move")
        return _said(doing, who=Seat(view.to_move))
    return _said("mille:drawing.nobody")


def view_html(view: View, *, still: bool = False, quiz: bool = False) -> str:
    """The position as ``view.seat`` sees it: an HTML fragment with inline SVG cards.

    ``still``: a picture that takes no clicks (its status never invites one here).
    ``quiz``: an exercise's table, which prints none of the answers it may ask for (the
    hand's score and the totals after it, how the match ended, whose turn, the last event).
    """
    me, other = view.seat, 1 - view.seat
    mine, theirs = view.players[me], view.players[other]
    result = view.deal_result
    if result is not None:  # mille.score.hand: the cards left in hand are shown
        shown = result.players[other].hand
        label = _said("mille:drawing.hand.end", who=Seat(other), cards=_count(len(shown)))
        opponent = _block(label, _cards(shown, SMALL) if shown else "")
    else:
        label = _said("mille:drawing.hand", who=Seat(other), cards=_count(theirs.hand_size))
        body = _backs(theirs.hand_size)
        if theirs.known:  # mille.draw.pile: the cards taken with the pile are known
            body += _block(_said("mille:drawing.known"), _cards(theirs.known, SMALL))
        opponent = _block(label, body)
    empty = f'<div style="opacity:.6">{escape(_said("mille:drawing.empty"))}</div>'
    pile = _cards(view.pile, SMALL, 0.75) if view.pile else empty
    stock = card_back_svg(width=SMALL) if view.stock_size else ""
    middle = (
        f'<div style="{_ROW}">'
        + _block(_said("mille:drawing.stock", cards=_count(view.stock_size)), stock)
        + _block(_said("mille:drawing.pile", cards=_count(len(view.pile))), pile)
        + "</div>"
    )
    before = list(view.totals)
    if quiz and result is not None:  # mille.score.hand: the totals before this hand's score
        before = [total - score for total, score in zip(before, result.scores, strict=True)]
    word = message("mille:drawing.totals")
    if quiz and result is not None:
        word = message("exercise:picture.totals-before.short", deal=message("mille:word.deal"))
    heading = _said(
        "mille:drawing.heading",
        hand=view.deal_number,
        dealer=Seat(view.dealer),
        word=word,
        totals=message(
            "mille:drawing.totals.both", south=Seat(0), t0=before[0], north=Seat(1), t1=before[1]
        ),
        target=view.rules.target,
    )
    hand = _block(
        _said("mille:drawing.hand.yours", who=Seat(me), cards=_count(len(view.hand))),
        _cards(view.hand),
    )
    parts = [
        f"<div><b>{escape(heading)}</b></div>",
        opponent,
        _melds(theirs, other),
        middle,
        _melds(mine, me),
        hand,
        "" if quiz else f"<div><b>{escape(_status(view))}</b></div>",
    ]
    if view.log and not quiz:
        last = _said("mille:drawing.last", said=view.log[-1].said)
        parts.append(f'<div style="{_LABEL}">{escape(last)}</div>')
    return f'<div class="cardschool-mille-view" style="{_BOX}">{"".join(parts)}</div>'
