"""Mille's part of the exercises: play goals, questions and the score lines of a hand.

Every answer is read from the engine (``legal_moves``, ``explain``, ``deal_result``), so
an exercise can never teach what the engine does not do.
"""

from __future__ import annotations

from typing import Any

from ..cards import FrenchCard
from ..errors import InvalidMoveError
from ..explanation import Explanation
from ..goals import Answer, Goals, Line
from .game import Game
from .moves import Move, MoveKind
from .rules import card_value
from .words import SEAT_NAMES

__all__ = ["GOALS"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rule_of_kind(game: Game, kind: MoveKind, default: str) -> str:
    """The rule explain gives for the first legal move of a kind (the one the goal wants)."""
    move = next((m for m in game.legal_moves() if m.kind is kind), None)
    return default if move is None else game.explain(move).rule


def _take_pile(game: Game, move: Move) -> Explanation | None:
    if move.kind is MoveKind.PILE:
        return None
    rule = _rule_of_kind(game, MoveKind.PILE, "mille.draw.pile")
    return Explanation(False, rule, f"{move} is legal, but the goal is to take the pile")


def _take_two(game: Game, move: Move) -> Explanation | None:
    if move.kind is MoveKind.TAKE:
        return None
    return Explanation(
        False, "mille.draw.first-two", f"{move} is legal, but the goal is to take the turned-up 2"
    )


def _meld(game: Game, move: Move) -> Explanation | None:
    if move.kind in (MoveKind.MELD, MoveKind.ADD):
        return None
    rule = _rule_of_kind(game, MoveKind.MELD, "mille.meld.set")
    return Explanation(False, rule, f"{move} is legal, but the goal is to meld")


def _go_out(game: Game, move: Move) -> Explanation | None:
    seat = game.to_move
    after = game.clone()
    after.play(move)
    result = after.deal_result() if after.deal_over else None
    if result is not None and result["went_out"] == seat:
        return None
    return Explanation(False, "mille.go-out", f"After {move} you still hold cards: not out yet")


def _seat_answer(seat: int, rule: str, why: str) -> Answer:
    return Answer(SEAT_NAMES[seat], rule, why, SEAT_NAMES)


def _first_player(game: Game, about: str) -> Answer:
    dealer = game.dealer
    return _seat_answer(
        1 - dealer, "mille.deal", f"{SEAT_NAMES[dealer]} deals, so the opponent plays first"
    )


def _card_value(game: Game, about: str) -> Answer:
    try:
        card = FrenchCard.parse(about.strip())
    except InvalidMoveError as error:
        raise ValueError(f"card-value needs a card to ask about: {error}") from None
    value = card_value(card)
    options = tuple(str(v) for v in (5, 10, 15, 20, 50, 100))
    return Answer(str(value), "mille.values", f"{_cap(card.the)} is worth {value}", options)


def _match_result(game: Game) -> dict[str, Any]:
    result = game.match_result()
    if result is None:
        raise ValueError("this question needs a position where the match is over")
    return result


def _skunk(game: Game, about: str) -> Answer:
    result = _match_result(game)
    low = result["totals"][result["loser"]]
    why = f"The loser has {low}: {'under' if result['skunk'] else 'not under'} 600"
    return Answer("yes" if result["skunk"] else "no", "mille.game.skunk", why, ("yes", "no"))


def _winner(game: Game, about: str) -> Answer:
    result = _match_result(game)
    totals = result["totals"]
    why = f"The totals are {totals[0]} to {totals[1]}: the higher total wins"
    return _seat_answer(result["winner"], "mille.game.end", why)


def _tries(game: Game) -> list[str]:
    return [str(move) for move in game.legal_moves()]


def _score(game: Game, seat: int) -> list[Line]:
    result = game.deal_result()
    if result is None:
        raise ValueError("a score task needs a finished hand (phase: hand-over)")
    player = result["players"][seat]
    lines = []
    for row in player["melds"]:
        cards = " ".join(row["cards"])
        lines.append(Line("mille.values", f"meld {cards}: {row['value']}", row["value"]))
        base = row["value"]
        for doubling in row["multipliers"]:
            extra = base * (doubling["factor"] - 1)
            lines.append(Line(doubling["rule"], doubling["text"], extra))
            base += extra
    if player["hand"]:
        cards = " ".join(player["hand"])
        lines.append(
            Line("mille.score.hand", f"left in hand, {cards}: minus", player["hand_points"])
        )
    if player["went_out"]:
        lines.append(Line("mille.go-out", "went out: the hand ended", 0))
    if result["ended"] == "stock-empty":
        lines.append(Line("mille.draw.stock-empty", "the stock ran out: nobody went out", 0))
    assert sum(line.points for line in lines) == player["total"], "score lines disagree"
    return lines


GOALS = Goals(
    play=(
        ("take-pile", _take_pile),
        ("take-two", _take_two),
        ("meld", _meld),
        ("go-out", _go_out),
    ),
    questions=(
        ("first-player", _first_player),
        ("card-value", _card_value),
        ("skunk", _skunk),
        ("match-winner", _winner),
    ),
    tries=_tries,
    cards=None,
    score=_score,
)
"""Mille's goals, questions and score lines, named in its ``SPEC``."""
