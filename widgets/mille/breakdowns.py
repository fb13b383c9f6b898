"""Mille's end-of-hand breakdown, rule by rule, from a seat's view (its ``deal_result``).

:func:`result` explains a scored Mille hand from a typed ``mille.View``: each meld's points
and doublings, the cards left in hand, the hand's score and the totals; the winner and a
skunk at the end of the match. Values with one entry per column follow the score panel's
labels (the players).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardschool.engine.messages import Seat, message, render
from cardschool.engine.mille import View
from cardschool.engine.mille.tables import count_word

from ..breakdowns import column, symbols
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
        lines.append(ResultLine("The stock ran out: nobody went out", "", result.rule))
    for player in result.players:
        seat = player.seat
        name = names[seat]
        for meld in player.melds:
            many = count_word(len(meld.cards))
            label = f"{name}: {many} {meld.rank.plural} ({symbols(meld.cards)})"
            lines.append(ResultLine(label, column(2, seat, meld.value), "mille.score.hand"))
            for doubling in meld.multipliers:
                text = doubling.text[:1].upper() + doubling.text[1:]
                cell = column(2, seat, f"×{doubling.factor}")
                lines.append(ResultLine(f"   {text}", cell, doubling.rule))
    lines.append(
        ResultLine(
            "Melds in all", tuple(p.melds_points for p in result.players), "mille.score.hand"
        )
    )
    for player in result.players:
        if player.hand:
            label = f"{names[player.seat]}: cards left in hand ({symbols(player.hand)})"
            cell = column(2, player.seat, player.hand_points)
            lines.append(ResultLine(label, cell, "mille.score.hand"))
    lines.append(ResultLine("This hand", result.scores, "mille.score.hand"))
    lines.append(ResultLine("Match totals", result.totals, "mille.game.end"))
    final = view.match_result
    scores = result.scores
    if final is not None:
        loser = names[final.loser]
        key = "mille:status.wins-match-skunk" if final.skunk else "mille:status.wins-match"
        title = render(message(key, who=Seat(final.winner)), names)
        if final.skunk:  # mille.game.skunk
            limit = view.rules.skunk_below
            lines.append(ResultLine(f"Skunk: {loser} ended under {limit}", "", "mille.game.skunk"))
        else:
            lines.append(ResultLine(f"A total reached {final.target}", "", "mille.game.end"))
        return Result(title, tuple(lines), "New match")
    if scores[0] == scores[1]:
        title = f"A level hand: {scores[0]} each"
    else:
        best = 0 if scores[0] > scores[1] else 1
        high, low = max(scores), min(scores)
        title = render(message("mille:status.wins-hand", who=Seat(best), high=high, low=low), names)
    return Result(title, tuple(lines), "Next hand")
