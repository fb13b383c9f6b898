"""The Mililla table: a click on a hand card plays it; the three others play in turn.

The trump and the dealer's bonus are announced at the deal. A finished trick stays on
the table for a moment (1.5 times the bots' delay), with who won it, before it is
gathered: the table keeps it as its own mark (``Marks.game``), which
:class:`MilillaPicture` draws in place of the trick.
"""

from __future__ import annotations

from cardschool.engine.messages import Seat, message, render
from cardschool.engine.mililla import View
from cardschool.engine.mililla.messages import Card
from cardschool.engine.session import Step

from ..game_table import GameTable
from ..state import Message
from .board import Trick
from .picture import MilillaPicture

__all__ = ["MilillaTable"]


class MilillaTable(GameTable):
    """A Mililla table for the learner's seat over a Session (see GameTable for the options)."""

    kind = "mililla"
    parts = MilillaPicture
    GAME_MODULE = "mililla"

    _on_show: Trick | None = None
    """The finished trick on show before it is gathered: this table's own mark."""

    def _game_marks(self) -> Trick | None:
        return self._on_show

    def _release(self) -> None:
        self._on_show = None  # mililla.trick: the trick is gathered

    def _reset(self) -> None:
        self._on_show = None

    def _on_card(self, text: str, index: int | None) -> None:
        self._play(text)

    def _moved(self, step: Step) -> None:
        view: View = self._session.view(self._seat)
        shown = self.parts.just_finished(view)
        last = view.last_trick
        if shown is None or last is None:
            return
        # mililla.trick: the trick just completed stays on show, then is gathered
        self._on_show = shown
        best = next(p.card for p in last.cards if p.seat == last.winner)
        wins = message(
            "mililla:status.wins-trick",
            who=Seat(last.winner),
            card=Card(best.index),
            points=last.points,
        )
        names = self._session.names

        def again() -> Message:  # the message kept, rendered in the language spoken now
            return Message(render(wins, names), "mililla.trick")

        self.status.add(again(), again)
