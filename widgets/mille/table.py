"""The Mille table: draw from the stock or the pile, select cards, meld, add, discard.

Clicks become Mille moves (``engine/mille/moves.py``): a click on the stock draws; a click
on the pile takes it with the selected pair if they make a legal pile move, else with the
first legal pair; a hand card click selects or unselects the card; the buttons meld the
selection, add it to one of your melds (2s alone: to the meld you pick) or discard it,
and a click on the pile with one card selected discards it too. Every button and card
carries the engine's sentence about it (drawn by :class:`MillePicture`), and the engine
checks every move again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardschool.engine.errors import IllegalMoveError
from cardschool.engine.session import Step

from ..game_table import GameTable
from ..picture import told
from ..state import Message
from .board import MilleCard
from .picture import MillePicture, texts

__all__ = ["MilleTable"]


class MilleTable(GameTable):
    """A Mille table for the learner's seat over a Session (see GameTable for the options)."""

    kind = "mille"
    parts = MillePicture
    GAME_MODULE = "mille"

    _picked: list[int]
    """Places in the hand picked so far, in the order they were picked: this table's own
    marks (``Marks.game``), forgotten at every move and every jump of the session."""

    # ------------------------------------------------------------ selection

    def _game_marks(self) -> tuple[int, ...]:
        return tuple(self._picked)

    def _reset(self) -> None:
        self._picked = []
        self._announced = len(self._session.view(self._seat).announcements)

    def _on_card(self, text: str, index: int | None) -> None:
        hand = texts(self._session.view(self._seat).hand)
        shown = {entry.card: entry for entry in self._hand_now()}
        entry = shown[text]
        if not entry.legal:  # draw phase: only cards that can take the pile are picked
            raise IllegalMoveError(entry.rule or "mille.turn", entry.why)
        places = [i for i, held in enumerate(hand) if held == text]
        if index is None:  # pick another copy if there is one, else drop one
            free = [i for i in places if i not in self._picked]
            index = free[0] if free else places[-1]
        if index in self._picked:
            self._picked.remove(index)
        else:
            self._picked.append(index)
        self.refresh()

    def _on_select(self, cards: Sequence[str]) -> None:
        hand = texts(self._session.view(self._seat).hand)
        entries = {entry.card: entry for entry in self._hand_now()}
        for text in cards:
            if not entries[text].legal:
                raise IllegalMoveError(entries[text].rule or "mille.turn", entries[text].why)
        picked: list[int] = []
        for text, count in Counter(cards).items():
            picked += [i for i, held in enumerate(hand) if held == text][:count]
        self._picked = picked
        self.refresh()

    def _hand_now(self) -> tuple[MilleCard, ...]:
        """The hand as the learner sees it now, each card with what a click would do."""
        session, seat = self._session, self._seat
        playable = self._my_turn() and not self.busy
        return self.parts.hand(session, seat, session.view(seat), self._marks(), playable)

    # ------------------------------------------------------------ moves and announcements

    def _moved(self, step: Step) -> None:
        self._picked = []
        said = self._session.view(self._seat).announcements
        if len(said) > self._announced:  # mille.announce: two cards or fewer left
            session, seat, announced = self._session, self._seat, said[-1].said

            def again() -> Message:  # the message kept, rendered in the language spoken now
                return Message(told(session, seat, announced), "mille.announce", "announce")

            self.status.add(again(), again)
        self._announced = len(said)
