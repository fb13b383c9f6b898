"""Duel in the widgets layer: its board, its parts of the table picture, its table class.

What ``widgets/<game>/`` holds for a real game, in one module; ``PARTS`` is what the
widgets' registry (``cardschool.widgets.games``) holds for it. Duel has no front-end
module of its own: its table draws with the core alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toy_engine import View

from cardschool.engine.hints import Hint as EngineHint
from cardschool.widgets.game_table import GameTable
from cardschool.widgets.picture import Marks, Parts
from cardschool.widgets.state import HandCard, Hint, Plain, Result, ResultLine, Scores
from cardschool.widgets.table_parts import TableParts

if TYPE_CHECKING:
    from cardschool.engine.session import Session


@dataclass(frozen=True, slots=True)
class Played(Plain):
    """A card on the table, by a seat."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class DuelBoard(Plain):
    """Duel's public table: the cards played this deal."""

    played: tuple[Played, ...] = ()


class DuelPicture(Parts):
    """Duel's parts of the table picture."""

    @classmethod
    def hand(
        cls, session: Session, seat: int, view: View, marks: Marks, playable: bool
    ) -> tuple[HandCard, ...]:
        """Each card with the engine's verdict on playing it."""
        if not playable:
            why = cls.wait_reason(session)
            return tuple(HandCard(c.text, c.name, False, why) for c in view.hand)
        said = [(c, session.explain(c.text)) for c in view.hand]
        return tuple(HandCard(c.text, c.name, s.legal, s.text, s.rule) for c, s in said)

    @classmethod
    def board(cls, session: Session, seat: int, view: View, marks: Marks) -> DuelBoard:
        """The cards played this deal."""
        return DuelBoard(tuple(Played(p.seat, p.card.text) for p in view.played))

    @classmethod
    def seat_facts(cls, view: View, which: int) -> dict[str, Any]:
        """How many cards a seat holds."""
        return {"hand_size": view.hand_sizes[which]}

    @classmethod
    def scores(cls, session: Session, seat: int, view: View) -> Scores:
        """Deals won by each seat."""
        return Scores(tuple(session.names), view.totals, view.rules.target)

    @classmethod
    def prompt(cls, session: Session, seat: int, view: View, marks: Marks, mine: bool) -> str:
        """Play a card, or wait."""
        if session.to_move is None:
            return "The deal is over."
        return "Your turn: play a card." if mine else "Wait."

    @classmethod
    def result(cls, session: Session, seat: int, view: View) -> Result | None:
        """Who won the deal."""
        line = ResultLine("Deals won", view.totals, "duel.higher")
        return Result("The deal is over", (line,), None if session.match_over else "Next deal")

    @classmethod
    def hint(cls, hint: EngineHint) -> Hint:
        """The card and the engine's sentence."""
        return Hint(f"Play {hint.move}", hint.text, hint.rule, hint.group, (hint.move,))


class DuelTable(GameTable):
    """A Duel table: a click on a card plays it."""

    kind = "duel"
    parts = DuelPicture

    def _on_card(self, card: str, index: int | None) -> None:
        self._play(card)


PARTS = TableParts(table=DuelTable, board=DuelBoard, verbs={})
"""Duel's parts, for the widgets' registry."""
