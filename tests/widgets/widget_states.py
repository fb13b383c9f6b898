"""Small readable table states for the widget tests, built from card text."""

from __future__ import annotations

from cardschool.engine.cards import FrenchCard, SpanishCard, parse_cards
from cardschool.widgets.mililla.board import MilillaBoard, MilillaSeat, Played, Trump
from cardschool.widgets.mille.board import MilleBoard, MilleCard, MilleSeat
from cardschool.widgets.state import (
    Action,
    HandCard,
    Result,
    ResultLine,
    Scores,
    TableState,
)


def mille(hand: str = "QS 9H 9H 9C 4D", *, legal: str = "", busy: bool = False) -> TableState:
    """A Mille table: the learner holds ``hand``; cards in ``legal`` may be clicked."""
    cards = parse_cards(hand, FrenchCard)
    ok = set(legal.split())
    return TableState(
        game="mille",
        seat=0,
        busy=busy,
        seats=(
            MilleSeat(0, "You", "human", "south", len(cards), to_move=not busy),
            MilleSeat(1, "North", "basic", "north", 12, to_move=busy),
        ),
        hand=tuple(
            MilleCard(
                str(c), c.name, str(c) in ok, "" if str(c) in ok else "Draw first.", "mille.turn"
            )
            for c in cards
        ),
        table=MilleBoard(melds=((), ()), pile=("5C", "9S"), stock=40),
        actions=(
            Action("stock", "Draw from the stock", True),
            Action("pile", "Take the discard pile", False, "You need two 9s.", "mille.draw.pile"),
        ),
        scores=Scores(("You", "North"), (0, 0), 1200),
    )


def mililla(hand: str = "KO HC 7E AB", *, legal: str = "KO HC") -> TableState:
    """A Mililla table, the learner to play; cards in ``legal`` may be played."""
    cards = parse_cards(hand, SpanishCard)
    ok = set(legal.split())
    return TableState(
        game="mililla",
        seat=0,
        seats=tuple(
            MilillaSeat(
                i, name, "human" if i == 0 else "basic", pos, len(cards), to_move=i == 0, team=i % 2
            )
            for i, (name, pos) in enumerate(
                [("You", "south"), ("East", "east"), ("North", "north"), ("West", "west")]
            )
        ),
        hand=tuple(
            HandCard(
                str(c),
                c.name,
                str(c) in ok,
                "" if str(c) in ok else "Follow suit.",
                "mililla.follow",
            )
            for c in cards
        ),
        table=MilillaBoard(trump=Trump("C", "cups", "7C", 3), trick=(Played(3, "5O"),), winning=3),
        scores=Scores(("Your team", "Their team"), (0, 0), 35),
        can_undo=True,
    )


def with_result(state: TableState) -> TableState:
    """The same table with an end-of-deal breakdown on show."""
    from dataclasses import replace

    lines = (ResultLine("Melds", (85, 40), "mille.score.hand"), ResultLine("Total", (85, 40)))
    return replace(state, result=Result("You win the hand", lines))
