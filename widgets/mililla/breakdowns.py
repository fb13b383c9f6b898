"""Mililla's end-of-round breakdown, rule by rule, from a seat's view (its ``deal_result``).

:func:`result` explains a scored Mililla round: card points, tricks, the 35 rule, the fate
of the dealer's bonus, the game score; the winning team. Values with one entry per column
follow the score panel's labels (the teams, :func:`team_labels`).
"""

from __future__ import annotations

from cardschool.engine.mililla.view import DealResult, View

from ..breakdowns import column
from ..state import Result, ResultLine

__all__ = ["result", "team_labels"]


def team_labels(seat: int) -> tuple[str, str]:
    """The score panel's labels of teams 0 and 1, seen from ``seat``."""
    return ("Your team", "Their team") if seat % 2 == 0 else ("Their team", "Your team")


def result(view: View, seat: int) -> Result | None:
    """The breakdown of the Mililla round just scored (and of the match, once it is won)."""
    result = view.deal_result
    if result is None:
        return None
    teams = team_labels(seat)
    lines = [
        ResultLine("Card points", result.card_points, "mililla.points"),
        ResultLine("Tricks won, 1 point each", result.tricks, "mililla.points"),
        ResultLine("Points this round (70 in all)", result.points, "mililla.points"),
        ResultLine("Round score: points over 35", result.round_score, "mililla.round.score"),
    ]
    if result.bonus.value:
        lines.append(_bonus_line(result, view.rules.target))
    lines.append(ResultLine("Game score", result.totals, "mililla.game.end"))
    gained = result.round_score
    if result.winner is not None:
        team = result.winner
        title = f"{teams[team]} wins the game!"  # mililla.game.end: a "game", never a "match"
        return Result(title, tuple(lines), "New game")
    if gained[0] or gained[1]:
        team = 0 if gained[0] else 1
        title = f"{teams[team]} scores {gained[team]}"
    else:
        title = "Nobody scores this round"
    return Result(title, tuple(lines), "Next round")


def _bonus_line(result: DealResult, target: int) -> ResultLine:
    """What became of the dealer's bonus (mililla.bonus): added at the deal, or held back."""
    bonus = result.bonus
    team = bonus.team
    held = bonus.after_round or result.totals_before[team] + bonus.value >= target
    if bonus.status == "dropped":
        text, cell = "held back, then dropped: the round did not end 35 to 35", "dropped"
    elif held:
        text, cell = "held back, then added after the round", f"+{bonus.value}"
    else:
        text, cell = "added to the game score at the deal", f"+{bonus.value}"
    card = bonus.card.name
    label = f"Dealer's bonus for the face-up {card}: {text}"
    return ResultLine(label, column(2, team, cell), "mililla.bonus")
