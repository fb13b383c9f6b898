"""End-of-deal breakdowns, rule by rule, from a seat's view (its ``deal_result``).

:func:`mille_result` explains a scored Mille hand from a typed ``mille.View`` (each meld's
points and doublings, the cards left in hand, the hand's score and the totals; the winner
and a skunk at the end of the match); :func:`mililla_result` a scored Mililla round from
its view's dict (card points, tricks, the 35 rule, the fate of the dealer's bonus, the
game score; the winning team). Values with one entry per column follow the score
panel's labels: players or teams.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardschool.engine.cards import FrenchCard
from cardschool.engine.mililla.view import DealResult, View
from cardschool.engine.mille import View as MilleView
from cardschool.engine.mille.tables import count_word
from cardschool.engine.wording import agree

from .state import Result, ResultLine

__all__ = ["mililla_result", "mille_result", "team_labels"]

Cell = int | str


def _column(width: int, at: int, value: Cell) -> tuple[Cell, ...]:
    """A row with ``value`` in column ``at`` and blanks elsewhere."""
    return tuple(value if i == at else "" for i in range(width))


def _symbols(cards: Sequence[FrenchCard]) -> str:
    return " ".join(card.symbol_text for card in cards)


def mille_result(view: MilleView, names: Sequence[str]) -> Result | None:
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
            label = f"{name}: {many} {meld.rank.plural} ({_symbols(meld.cards)})"
            lines.append(ResultLine(label, _column(2, seat, meld.value), "mille.score.hand"))
            for doubling in meld.multipliers:
                text = doubling.text[:1].upper() + doubling.text[1:]
                cell = _column(2, seat, f"×{doubling.factor}")
                lines.append(ResultLine(f"   {text}", cell, doubling.rule))
    lines.append(
        ResultLine(
            "Melds in all", tuple(p.melds_points for p in result.players), "mille.score.hand"
        )
    )
    for player in result.players:
        if player.hand:
            label = f"{names[player.seat]}: cards left in hand ({_symbols(player.hand)})"
            cell = _column(2, player.seat, player.hand_points)
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


def team_labels(seat: int) -> tuple[str, str]:
    """The score panel's labels of teams 0 and 1, seen from ``seat``."""
    return ("Your team", "Their team") if seat % 2 == 0 else ("Their team", "Your team")


def mililla_result(view: View, seat: int) -> Result | None:
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
    return ResultLine(label, _column(2, team, cell), "mililla.bonus")
