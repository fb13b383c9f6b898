"""The strategy lessons' ideas behind a move, as the Coach and the exercises say them.

Each game declares ``reasons(view, move)`` in its ``GameSpec`` (its ``reasons.py``): the
lesson's ideas a move follows or goes against, each a message worked out from the mover's
view. An idea a move goes against has an id with ``.against.`` in it; what may make it
right all the same (``.but.``) is said only of the move the expert chose.

    >>> from cardschool.engine.reasons import lesson_reasons
    >>> lesson_reasons(game, "discard QS", chosen=True)     # doctest: +SKIP
    (Message('mille:reason.shed', ...),)
"""

from __future__ import annotations

from .games import spec_of
from .messages import Catalog, Message, register, render
from .protocol import GameLike

__all__ = ["REASON", "against", "lesson_reasons", "said"]

REASON = register(
    Catalog(
        "reason",
        {
            "reason:best-right": (
                "{move} is the move the expert prefers: it wins clearly more often than any "
                "other on the same simulated deals."
            ),
            "reason:best-right-because": "{move} is the move the expert prefers. {because}",
        },
    )
)
"""The generic sentences around a game's reasons (a right try in a best-move exercise)."""


def against(said: Message) -> bool:
    """True when the reason names a lesson's idea the move goes against."""
    return ".against." in said.id


def lesson_reasons(game: GameLike, move: str, *, chosen: bool) -> tuple[Message, ...]:
    """The lesson's ideas ``move`` follows or goes against, for the seat to move; the
    ``.but.`` ones (why it may be right all the same) only when ``chosen`` by the expert."""
    reasons = spec_of(game).reasons
    seat = game.to_move
    if reasons is None or seat is None:
        return ()
    found = reasons(game.view(seat).to_dict(), str(move))
    return tuple(reason for reason in found if chosen or ".but." not in reason.id)


def said(reasons: tuple[Message, ...]) -> str:
    """The reasons as sentences, one after the other ("" for none)."""
    return " ".join(render(reason) for reason in reasons)
