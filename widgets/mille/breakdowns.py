"""Mille's end-of-hand breakdown, rule by rule, from a seat's view (its ``deal_result``).

:func:`result` explains a scored Mille hand from a typed ``mille.View``: each meld's points
and doublings, the cards left in hand, the hand's score and the totals; the winner and a
skunk at the end of the match. Values with one entry per column follow the score panel's
labels (the players).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardschool.engine.mille import View
from cardschool.engine.mille.tables import count_word
from cardschool.engine.wording import agree

from ..breakdowns import column, symbols
from ..state import Result, ResultLine

__all__ = ["result"]


def result(view: View, names: Sequence[str]) -> Result | None:
    """The breakdown of the Mille hand just scored (and of the match, once it is won)."""
    result = view.deal_result
    if result is None:
        return None
    lines: list[ResultLine] = []
    if result.ended == "went-out":
        who = names[result.went_out]  # type: ignore[index]
        lines.append(ResultLine(f"{agree(who, 'goes')} out", "", "mille.go-out"))
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
        winner, loser = names[final.winner], names[final.loser]
        title = f"{agree(winner, 'wins')} the match"
        if final.skunk:  # mille.game.skunk
            title += " with a skunk!"
            limit = view.rules.skunk_below
            lines.append(ResultLine(f"Skunk: {loser} ended under {limit}", "", "mille.game.skunk"))
        else:
            lines.append(ResultLine(f"A total reached {final.target}", "", "mille.game.end"))
        return Result(title, tuple(lines), "New match")
    if scores[0] == scores[1]:
        title = f"A level hand: {scores[0]} each"
    else:
        best = 0 if scores[0] > scores[1] else 1
        title = f"{agree(names[best], 'wins')} the hand, {max(scores)} to {min(scores)}"
    return Result(title, tuple(lines), "Next hand")
