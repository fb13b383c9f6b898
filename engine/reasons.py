"""The strategy lessons' ideas behind a move, as the Coach and the exercises say them.

Each game declares ``reasons(view, move)`` in its ``GameSpec`` (its ``reasons.py``): the
lesson's ideas a move follows or goes against, each a message worked out from the mover's
view. An idea a move goes against has an id with ``.against.`` in it; what may make it
right all the same (``.but.``) is said only of the move the expert chose, and when the
expert chose it with no such reason of the game's, the figures are named as the reason.

    >>> from cardschool.engine.reasons import lesson_reasons
    >>> lesson_reasons(game, "discard QS", chosen=True)     # doctest: +SKIP
    (Message('mille:reason.shed', ...),)
"""

from __future__ import annotations

from typing import Any

from . import advice_messages
from .games import game_spec
from .messages import Message, catalog_of, message
from .protocol import GameLike

__all__ = ["REASON", "against", "ideas", "lesson_reasons", "said", "view_reasons"]

REASON = advice_messages.REASON
"""The generic sentences around a game's reasons (``advice_messages.py``)."""


def against(said: Message) -> bool:
    """True when the reason names a lesson's idea the move goes against."""
    return ".against." in said.id


def view_reasons(
    kind: str, view: dict[str, Any], move: str, *, chosen: bool
) -> tuple[Message, ...]:
    """The lesson's ideas ``move`` follows or goes against, from the mover's view (its JSON
    form); the ``.but.`` ones (why it may be right all the same) only when ``chosen`` by
    the expert, who names its figures as the reason when the game gives none."""
    reasons = game_spec(kind).reasons
    if reasons is None:
        return ()
    found = tuple(reasons(view, str(move)))
    if not chosen:
        return tuple(reason for reason in found if ".but." not in reason.id)
    if any(against(reason) for reason in found) and not any(".but." in r.id for r in found):
        found += (message("reason:but-figures"),)  # the expert's choice against a lesson
    return found


def lesson_reasons(game: GameLike, move: str, *, chosen: bool) -> tuple[Message, ...]:
    """:func:`view_reasons` for the seat to move of a game (none when nobody is to move)."""
    seat = game.to_move
    if seat is None:
        return ()
    return view_reasons(game.kind, game.view(seat).to_dict(), move, chosen=chosen)


def _idea(reason: Message) -> str | None:
    """The idea a reason follows, as its ``<game>:idea.*`` id (a form such as
    ``afford-to-lose-keep`` is its idea's); None for a reason against an idea or a "but"."""
    if against(reason) or ".but." in reason.id:
        return None
    game, _colon, rest = reason.id.partition(":reason.")
    entries = catalog_of(reason.id).entries
    while rest:
        if f"{game}:idea.{rest}" in entries:
            return f"{game}:idea.{rest}"
        rest = rest.rpartition("-")[0]
    return None


def ideas(game: GameLike) -> Message | None:
    """The lesson's ideas some legal move of the seat to move follows, in a few words each
    and naming no card (a hint that does not give the answer away); None if none."""
    found: dict[str, None] = {}
    for move in dict.fromkeys(str(move) for move in game.legal_moves()):
        for reason in lesson_reasons(game, move, chosen=False):
            idea = _idea(reason)
            if idea is not None:
                found.setdefault(idea)
    if not found:
        return None
    listed = _chain("reason:ideas-then", tuple(message(idea) for idea in found))
    return message("reason:hint", ideas=listed)


def _chain(id: str, said: tuple[Message, ...]) -> Message:
    """Several messages as one (``id`` puts the first before the rest), kept as messages
    until shown, so the reader's words come in at display."""
    *rest, last = said
    for first in reversed(rest):
        last = message(id, first=first, rest=last)
    return last


def said(reasons: tuple[Message, ...]) -> Message | str:
    """The reasons as one message, sentences one after the other ("" for none)."""
    return _chain("reason:then", reasons) if reasons else ""
