"""Questions a table asks before it throws away a match in progress.

A new deal, a deal code or another level of bots ends the match being played. Once the
learner has moved in it, :class:`AsksFirst` puts a question on the table
(``state.confirm``) and acts only on the learner's ``confirm`` intent: Python decides, the
answer is an intent like any other (checked: a question must be on show). A deal code is
read before anything is asked, and a code that cannot be read is explained next to the
code box (``state.codebox.error``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardschool.engine import dealcode
from cardschool.engine.games import game_spec
from cardschool.engine.session import Session, SessionError

from .state import Confirm
from .table import _sentence

__all__ = ["AsksFirst", "Question"]


@dataclass(frozen=True, slots=True)
class Question:
    """A question on show and what each answer does."""

    confirm: Confirm
    act: Callable[[], None]
    declined: Callable[[], None] | None = None


class AsksFirst:
    """The asking part of a game table (mixed into :class:`GameTable`, which has the
    session, the seat, ``refresh`` and ``new_deal`` these methods use)."""

    kind: str
    parts: Any
    state: dict[str, Any]
    _session: Session
    _seat: int
    _question: Question | None
    _code_error: str

    @property
    def in_progress(self) -> bool:
        """True once the learner has moved in a match that is not over: a new deal loses it."""
        session, seat = self._session, self._seat
        return not session.match_over and any(step.seat == seat for step in session.steps)

    @property
    def losing(self) -> str:
        """The warning of a question that would end the match in progress, in the game's word."""
        return f"The {self.parts.match_word} in progress will be lost."

    def ask_first(
        self,
        question: str,
        yes: str,
        act: Callable[[], None],
        *,
        declined: Callable[[], None] | None = None,
    ) -> None:
        """Run ``act`` now if no match is in progress; else ask ``question`` on the table
        first (the learner's answer is a ``confirm`` intent; ``declined`` runs on a no)."""
        if not self.in_progress:
            act()
            return
        self._question = Question(Confirm(question, yes), act, declined)
        self.refresh()

    def _answer(self, yes: bool) -> None:
        """The learner answered the question on show: go ahead, or leave all as it was."""
        question, self._question = self._question, None
        if question is None:
            raise SessionError("There is no question to answer.")
        if yes:
            question.act()
        elif question.declined is not None:
            question.declined()
        self.refresh()

    def _ask_new_deal(self, code: str | None) -> None:
        """A new deal or a deal code: a code is read first, then the learner is asked."""
        if code:
            try:
                shown = self._checked_code(code)
            except ValueError as error:  # SavedGameError, SessionError: next to the code box
                self._code_error = _sentence(str(error))
                box = {**(self.state.get("codebox") or {}), "error": self._code_error}
                self.state = {**self.state, "codebox": box}  # like a message: no redraw
                raise
            question, yes = f"Deal {shown}? {self.losing}", f"Deal {shown}"
        else:
            question, yes = f"Start a new deal? {self.losing}", "New deal"
        self.ask_first(question, yes, lambda: self.new_deal(code))

    def _checked_code(self, code: str) -> str:
        """A deal code of this table's game, as shown (SessionError, SavedGameError if not)."""
        kind, _seed, _variants = dealcode.decode(code)  # SavedGameError if unreadable
        shown = code.strip().upper()
        if kind != self.kind:
            raise SessionError(
                f"{shown} is a {game_spec(kind).title} deal code; "
                f"this table plays {game_spec(self.kind).title}."
            )
        return shown
