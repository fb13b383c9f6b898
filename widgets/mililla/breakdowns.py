"""Mililla's end-of-round breakdown, rule by rule, from a seat's view (its ``deal_result``).

:func:`result` explains a scored Mililla round: card points, tricks, the 35 rule, the fate
of the dealer's bonus, the game score; the winning team. Values with one entry per column
follow the score panel's labels (the teams, :func:`team_labels`).
"""

from __future__ import annotations

from cardschool.engine.messages import message, render
from cardschool.engine.mililla.messages import Card
from cardschool.engine.mililla.view import DealResult, View

from ..breakdowns import column
from ..state import Result, ResultLine
from . import messages as _messages  # noqa: F401  (the breakdown's words)

__all__ = ["result", "team_labels"]


def _said(id: str, **params: object) -> str:
    return render(message(id, **params))


def team_labels(seat: int) -> tuple[str, str]:
    """The score panel's labels of teams 0 and 1, seen from ``seat``."""
    yours, theirs = _said("mililla:breakdown.your-team"), _said("mililla:breakdown.their-team")
    return (yours, theirs) if seat % 2 == 0 else (theirs, yours)


def result(view: View, seat: int) -> Result | None:
    """The breakdown of the Mililla round just scored (and of the match, once it is won)."""
    result = view.deal_result
    if result is None:
        return None
    lines = [
        ResultLine(_said("mililla:breakdown.card-points"), result.card_points, "mililla.points"),
        ResultLine(_said("mililla:breakdown.tricks"), result.tricks, "mililla.points"),
        ResultLine(_said("mililla:breakdown.points"), result.points, "mililla.points"),
        ResultLine(
            _said("mililla:breakdown.round-score"), result.round_score, "mililla.round.score"
        ),
    ]
    if result.bonus.value:
        lines.append(_bonus_line(result, view.rules.target))
    lines.append(
        ResultLine(_said("mililla:breakdown.game-score"), result.totals, "mililla.game.end")
    )
    gained = result.round_score
    if result.winner is not None:
        whose = "yours" if result.winner == seat % 2 else "theirs"
        # mililla.game.end: a "game", never a "match"
        title = _said(f"mililla:breakdown.wins-game.{whose}")
        return Result(title, tuple(lines), _said("mililla:breakdown.new-game"))
    if gained[0] or gained[1]:
        team = 0 if gained[0] else 1
        whose = "yours" if team == seat % 2 else "theirs"
        title = _said(f"mililla:breakdown.scores.{whose}", score=gained[team])
    else:
        title = _said("mililla:breakdown.nobody-scores")
    return Result(title, tuple(lines), _said("mililla:breakdown.next-round"))


def _bonus_line(result: DealResult, target: int) -> ResultLine:
    """What became of the dealer's bonus (mililla.bonus): added at the deal, or held back."""
    bonus = result.bonus
    team = bonus.team
    held = bonus.after_round or result.totals_before[team] + bonus.value >= target
    card = Card(bonus.card.index)
    if bonus.status == "dropped":
        label = _said("mililla:breakdown.bonus-dropped", card=card)
        cell = _said("mililla:breakdown.dropped")
    elif held:
        label, cell = _said("mililla:breakdown.bonus-held", card=card), f"+{bonus.value}"
    else:
        label, cell = _said("mililla:breakdown.bonus-added", card=card), f"+{bonus.value}"
    return ResultLine(label, column(2, team, cell), "mililla.bonus")
