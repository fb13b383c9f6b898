"""Mille's end-of-hand breakdown, rule by rule, from a seat's view (its ``deal_result``).

:func:`result` explains a scored Mille hand from a typed ``mille.View``: each meld's points
and doublings, the cards left in hand, the hand's score and the totals; the winner and a
skunk at the end of the match. Values with one entry per column follow the score panel's
labels (the players).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardschool.engine.cards import FrenchCard
from cardschool.engine.messages import Seat, message, render
from cardschool.engine.mille import View
from cardschool.engine.mille.messages import Count, Faces, Rank

from ..breakdowns import column
from ..state import Result, ResultLine
from . import messages as _messages  # noqa: F401  (the status lines' words)

__all__ = ["result"]


def result(view: View, names: Sequence[str]) -> Result | None:
    """The breakdown of the Mille hand just scored (and of the match, once it is won)."""
    result = view.deal_result
    if result is None:
        return None
    lines: list[ResultLine] = []
    if result.ended == "went-out":
        who = Seat(result.went_out)  # type: ignore[arg-type]
        said = render(message("mille:status.goes-out", who=who), names)
        lines.append(ResultLine(said, "", "mille.go-out"))
    else:
        lines.append(ResultLine(_said("mille:breakdown.stock-out"), "", result.rule))
    for player in result.players:
        seat = player.seat
        for meld in player.melds:
            label = _said(
                "mille:breakdown.meld",
                names,
                seat=Seat(seat),
                count=Count(len(meld.cards)),
                rank=Rank(int(meld.rank)),
                cards=_faces(meld.cards),
            )
            lines.append(ResultLine(label, column(2, seat, meld.value), "mille.score.hand"))
            for doubling, reason in zip(meld.multipliers, meld.reasons(), strict=True):
                text = _said("mille:breakdown.doubling", said=reason)
                cell = column(2, seat, f"×{doubling.factor}")
                lines.append(ResultLine(f"   {text}", cell, doubling.rule))
    melds = tuple(p.melds_points for p in result.players)
    lines.append(ResultLine(_said("mille:breakdown.melds"), melds, "mille.score.hand"))
    for player in result.players:
        if player.hand:
            label = _said(
                "mille:breakdown.in-hand", names, seat=Seat(player.seat), cards=_faces(player.hand)
            )
            cell = column(2, player.seat, player.hand_points)
            lines.append(ResultLine(label, cell, "mille.score.hand"))
    lines.append(ResultLine(_said("mille:breakdown.hand"), result.scores, "mille.score.hand"))
    lines.append(ResultLine(_said("mille:breakdown.totals"), result.totals, "mille.game.end"))
    final = view.match_result
    scores = result.scores
    if final is not None:
        key = "mille:status.wins-match-skunk" if final.skunk else "mille:status.wins-match"
        title = render(message(key, who=Seat(final.winner)), names)
        if final.skunk:  # mille.game.skunk
            skunk = _said(
                "mille:breakdown.skunk",
                names,
                seat=Seat(final.loser),
                limit=view.rules.skunk_below,
            )
            lines.append(ResultLine(skunk, "", "mille.game.skunk"))
        else:
            reached = _said("mille:breakdown.target", target=final.target)
            lines.append(ResultLine(reached, "", "mille.game.end"))
        return Result(title, tuple(lines), _said("mille:breakdown.new-match"))
    if scores[0] == scores[1]:
        title = _said("mille:breakdown.level", score=scores[0])
    else:
        best = 0 if scores[0] > scores[1] else 1
        high, low = max(scores), min(scores)
        title = render(message("mille:status.wins-hand", who=Seat(best), high=high, low=low), names)
    return Result(title, tuple(lines), _said("mille:breakdown.next-hand"))


def _said(id: str, names: Sequence[str] = (), **params: Any) -> str:
    """A breakdown's words (labels about a seat name it, in any person)."""
    return render(message(id, **params), names)


def _faces(cards: Sequence[FrenchCard]) -> Faces:
    """Cards as a message's faces (printed on their corners)."""
    return Faces(tuple(card.index for card in cards))
