"""A seat's view drawn as HTML with inline SVG cards: what ``View._repr_html_`` shows.

The picture is the table as the seat sees it, with the card faces the tables use
(engine/svg.py): its own hand face up at the bottom (the cards it may play bright when
it is to move), the three others round the table as card backs with their counts, the
current trick in the middle by seat, the trump suit and the face-up card, the tricks
and points each team has taken, the match totals and whose turn it is. It is drawn from
the view alone, so it cannot show a card the seat may not see; every text is escaped and
nothing is loaded from outside (inline styles, no scripts).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..cards import SpanishCard
from ..messages import Message, message, render, seat_label
from ..svg import card_back_svg, card_svg, suit_svg
from . import messages as _catalog  # noqa: F401  (the picture's words)
from .moves import SEAT_NAMES, team_name
from .state import Phase

if TYPE_CHECKING:
    from .view import Play, View

__all__ = ["view_html"]


def _name(seat: int) -> str:
    """A seat's name in the page's language (``Sud``, ``Norte``), as the tables name it."""
    return seat_label(SEAT_NAMES[seat])


def _said(id: str, **params: object) -> str:
    """A picture's sentence (``exercise:picture.*``), its catalog loaded when first asked for."""
    from ..exercises import messages  # noqa: F401  (not at import: the exercises need the games)

    return render(Message(id, tuple(params.items())))


def _text(what: str, **params: object) -> str:
    """The picture's own words (``mililla:drawing.<what>``): where they are rendered."""
    return render(message(f"mililla:drawing.{what}", **params))


def _words(what: str, **params: object) -> str:
    """The picture's own words, escaped as HTML text."""
    return escape(_text(what, **params), quote=False)


_PLACES = ("bottom", "right", "top", "left")
"""Where a seat sits, counted from the viewer's seat in play order."""
_AREAS = {"top": "1 / 2", "left": "2 / 1", "right": "2 / 3", "bottom": "3 / 2"}
"""Each place's grid cell (row / column) on the table."""
_FELT = "#1d6b45"
_PAD = ' style="padding:1px 8px;"'
_INK = "#f4f1e8"


def _card(card: SpanishCard, width: int, note: str = "", dim: bool = False) -> str:
    style = "display:inline-block;margin:1px;vertical-align:top"
    if dim:
        style += ";opacity:0.45"
    title = f' title="{escape(note)}"' if note else ""
    return f'<span style="{style}"{title}>{card_svg(card, width=width)}</span>'


def _backs(count: int, width: int = 30) -> str:
    """A short fan of card backs (at most three drawn) with the count written beside it."""
    back = card_back_svg(width=width)
    backs = "".join(
        f'<span style="display:inline-block;margin-left:{0 if k == 0 else -22}px">{back}</span>'
        for k in range(min(count, 3))
    )
    cards = _words("cards", count=count)
    return f'<div style="white-space:nowrap">{backs}</div><div>{cards}</div>'


def _seat_label(view: View, seat: int, quiz: bool = False) -> str:
    words = [f"<b>{escape(_name(seat))}</b>"]
    if seat == view.seat:
        words.append(_words("you"))
    if seat == view.dealer:
        words.append(_words("dealer"))
    if seat == view.to_move and not quiz:  # whose turn may be what an exercise asks
        words.append(f'· <span style="color:#ffd54f">{_words("to-play")}</span>')
    return " ".join(words)


def _other_seat(view: View, seat: int, quiz: bool = False) -> str:
    """A seat the viewer cannot see into: its backs, and the face-up card it still holds."""
    known = ""
    if seat == view.dealer and view.face_up is not None:
        face_up = _card(view.face_up, 34, _text("face-up"))
        known = f"<div>{_words('holds')} {face_up}</div>"
    return f"<div>{_seat_label(view, seat, quiz)}</div>{_backs(view.hand_sizes[seat])}{known}"


def _notes() -> dict[bool, str]:
    """A card's tooltip in the hand to play from: whether it may be played now."""
    return {False: _text("may-not-play"), True: _text("may-play")}


def _own_seat(view: View, quiz: bool = False) -> str:
    """The viewer's hand face up; when it is to move, the cards it may not play are dimmed."""
    choosing = view.to_move == view.seat and bool(view.legal)
    legal = set(view.legal)
    notes = _notes()
    cards = "".join(
        _card(
            card,
            46,
            notes[card in legal] if choosing else "",
            dim=choosing and card not in legal,
        )
        for card in view.hand
    )
    row = "display:flex;flex-wrap:wrap;justify-content:center;max-width:100%"
    empty = f"<i>{_words('no-cards')}</i>"
    hand = f'<div style="{row}">{cards or empty}</div>'
    return f"<div>{_seat_label(view, view.seat, quiz)}</div>{hand}"


def _trick(view: View, quiz: bool = False) -> str:
    """The middle of the table: the trick by seat (the winning card framed in gold, named in
    a line below), or the last one; ``quiz`` marks no winner (an exercise may ask it)."""
    plays: tuple[Play, ...] = view.trick
    caption = ""
    winner = view.winning.seat if view.winning is not None else None
    if not plays and view.last_trick is not None:
        plays = view.last_trick.cards
        winner = view.last_trick.winner
        caption = _words("last-trick", who=_name(winner), points=view.last_trick.points)
    if quiz:
        winner, caption = None, ""
    elif view.trick and winner is not None:
        caption = escape(_said("exercise:picture.winning", who=_name(winner)))
    cells = []
    for play in plays:
        place = _PLACES[(play.seat - view.seat) % 4]
        ring = "outline:3px solid #ffd54f;border-radius:6px;" if play.seat == winner else ""
        label = escape(_name(play.seat))
        cells.append(
            f'<div style="grid-area:{_AREAS[place]};text-align:center;{ring}">'
            f'{_card(play.card, 40)}<div style="font-size:11px">{label}</div></div>'
        )
    if not cells:
        empty = _words("no-cards-yet")
        cells.append(f'<div style="grid-area:2 / 2;font-size:12px;opacity:0.8">{empty}</div>')
    grid = (
        '<div style="display:grid;grid-template-columns:repeat(3,60px);'
        'grid-template-rows:repeat(3,auto);gap:2px;justify-items:center;align-items:center">'
        + "".join(cells)
        + "</div>"
    )
    note = f'<div style="font-size:12px;text-align:center">{caption}</div>' if caption else ""
    return grid + note


def _trump(view: View) -> str:
    suit = view.trump
    if view.face_up is not None:
        where = _words("held-by", who=_name(view.dealer))
    else:
        where = _words("turned-up")
    named = escape(render(suit.said))  # in the page's language
    return (
        f'<div style="display:flex;align-items:center;gap:6px">{suit_svg(suit, width=22)}'
        f"<span>{_words('trumps')} <b>{named}</b> · {_card(view.trump_card, 30)} "
        f"{where}</span></div>"
    )


def _teams(view: View, quiz: bool = False) -> str:
    """Tricks and points this round and the match totals, one row per team; ``quiz`` shows
    the totals before a finished round (the round's score may be what an exercise asks)."""
    rows = []
    totals = list(view.totals)
    result = view.deal_result
    if quiz and result is not None and view.phase is Phase.ROUND_OVER:
        totals = [total - score for total, score in zip(totals, result.scores, strict=True)]
    for team in (0, 1):
        name = team_name(team)
        if view.seat % 2 == team:
            name = _text("your-team", team=name)
        cells = (view.tricks[team], view.points[team], f"<b>{totals[team]}</b>")
        rows.append(
            f"<tr><td{_PAD}>{escape(name)}</td>"
            + "".join(f'<td{_PAD} align="center">{cell}</td>' for cell in cells)
            + "</tr>"
        )
    words = ("", _words("tricks"), _words("points"), _words("totals", target=view.rules.target))
    if quiz and result is not None:
        before = _said(
            "exercise:picture.totals-before",
            deal=Message("mililla:word.deal"),
            target=view.rules.target,
        )
        words = (*words[:3], escape(before))
    head = "<tr>" + "".join(f"<th{_PAD}>{word}</th>" for word in words) + "</tr>"
    style = "border-collapse:collapse;margin-top:6px;font-size:13px"
    return f'<table style="{style}">{head}{"".join(rows)}</table>'


def _status(view: View, still: bool = False) -> str:
    """Whose turn it is, or how the round or the match ended; a ``still`` picture (it takes no
    clicks) names the seat to play instead of inviting a click."""
    if view.match_result is not None:
        result = view.match_result
        high, low = max(result.totals), min(result.totals)
        return _words("game-over", team=result.winners, high=high, low=low)
    if view.phase is Phase.ROUND_OVER and view.deal_result is not None:
        scores = view.deal_result.scores
        return _words(
            "round-over", team0=team_name(0), p0=scores[0], team1=team_name(1), p1=scores[1]
        )
    if view.to_move == view.seat and not still:
        return _words("your-turn-play") if view.legal else _words("your-turn")
    if view.to_move is not None:
        return _words("to-move", who=_name(view.to_move))
    return ""


def view_html(view: View, *, still: bool = False, quiz: bool = False) -> str:
    """The view as a self-contained HTML block (inline SVG cards, inline styles).

    ``still``: a picture that takes no clicks (a lesson's demonstration). ``quiz``: an
    exercise's table, which prints none of the answers it may ask for (whose turn, the
    trick's winner, the round's score, the match's end).
    """
    cells = []
    for seat in range(4):
        place = _PLACES[(seat - view.seat) % 4]
        body = _own_seat(view, quiz) if seat == view.seat else _other_seat(view, seat, quiz)
        area = "3 / 1 / 4 / 4" if place == "bottom" else _AREAS[place]  # the hand: full width
        cells.append(f'<div style="grid-area:{area};text-align:center;padding:4px">{body}</div>')
    cells.append(f'<div style="grid-area:2 / 2;padding:4px">{_trick(view, quiz)}</div>')
    table = (
        '<div style="display:grid;grid-template-columns:auto auto auto;'
        'grid-template-rows:auto auto auto;align-items:center;justify-items:center;gap:6px">'
        + "".join(cells)
        + "</div>"
    )
    title = _words("title", round=view.deal_number, seat=_name(view.seat))
    style = (
        f"display:inline-block;background:{_FELT};color:{_INK};padding:10px 14px;"
        "border-radius:12px;font-family:system-ui,sans-serif;font-size:14px;"
        "max-width:100%;box-sizing:border-box;overflow-x:auto"
    )
    status = "" if quiz else f'<div style="margin-top:6px">{_status(view, still)}</div>'
    return (
        f'<div class="cardschool-mililla-view" style="{style}">'
        f'<div style="font-weight:bold;margin-bottom:4px">{title}</div>{_trump(view)}'
        f"{table}{_teams(view, quiz)}{status}</div>"
    )
