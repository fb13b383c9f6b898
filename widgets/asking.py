"""Questions a table asks before it throws away a match in progress.

A new deal, a deal code or another level of bots ends the match being played. Once the
learner has moved in it, :class:`TableQuestions` puts a question on the table
(``state.confirm``) and acts only on the learner's ``confirm`` intent: Python decides, the
answer is an intent like any other (checked: a question must be on show). A deal code is
read before anything is asked, and a code that cannot be read is explained next to the
code box (``state.codebox.error``). A game table holds one, and asks through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardschool.engine import dealcode
from cardschool.engine.errors import said_of
from cardschool.engine.games import game_spec
from cardschool.engine.messages import Message, message

from .intents import TableError
from .state import Confirm

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["Question", "TableQuestions"]


@dataclass(frozen=True, slots=True)
class Question:
    """A question on show and what each answer does."""

    confirm: Confirm
    act: Callable[[], None]
    declined: Callable[[], None] | None = None


class TableQuestions:
    """One table's questions: the one on show (if any) and the last deal code refused.

    It reads the table's ``kind``, ``session``, ``seat``, ``parts`` and ``state`` and calls
    its ``refresh`` and ``new_deal``; the table asks it for :attr:`confirm` and
    :attr:`code_error` when it draws.
    """

    def __init__(self, table: GameTable) -> None:
        self._table = table
        self._question: Question | None = None
        self.code_error = ""
        """Why the last deal code typed was refused (shown next to the code box), or ""."""

    @property
    def confirm(self) -> Confirm | None:
        """The question on show, as the table draws it, or None."""
        return self._question.confirm if self._question is not None else None

    def drop(self) -> None:
        """Forget the question on show without acting on it (a new session on the table)."""
        self._question = None

    @property
    def in_progress(self) -> bool:
        """True once the learner has moved in a match that is not over: a new deal loses it."""
        session, seat = self._table.session, self._table.seat
        return not session.match_over and any(step.seat == seat for step in session.steps)

    @property
    def losing(self) -> Message:
        """The warning of a question that would end the match in progress, in the game's word."""
        return message("table:will-be-lost", what=self._table.session.spec.word("match"))

    def ask_first(
        self,
        question: Message,
        yes: Message,
        act: Callable[[], None],
        *,
        declined: Callable[[], None] | None = None,
    ) -> None:
        """Run ``act`` now if no match is in progress; else ask ``question`` on the table
        first (the learner's answer is a ``confirm`` intent; ``declined`` runs on a no)."""
        if not self.in_progress:
            act()
            return
        words = self._table.words
        self._question = Question(Confirm(words(question), words(yes)), act, declined)
        self._table.refresh()

    def answer(self, yes: bool) -> None:
        """The learner answered the question on show: go ahead, or leave all as it was."""
        question, self._question = self._question, None
        if question is None:
            raise TableError(message("table:no-question"))
        if yes:
            question.act()
        elif question.declined is not None:
            question.declined()
        self._table.refresh()

    def ask_new_deal(self, code: str | None) -> None:
        """A new deal or a deal code: a code is read first, then the learner is asked."""
        table = self._table
        if code:
            try:
                shown = self.checked_code(code)
            except ValueError as error:  # SavedGameError, SessionError: next to the code box
                self.code_error = table.words(table.as_sentence(said_of(error)))
                box = {**(table.state.get("codebox") or {}), "error": self.code_error}
                table.state = {**table.state, "codebox": box}  # like a message: no redraw
                raise
            question = message("table:ask-code", code=shown, lost=self.losing)
            yes = message("table:open-link.yes", code=shown)
        else:
            question = message("table:ask-new-deal", lost=self.losing)
            yes = message("table:ask-new-deal.yes")
        self.ask_first(question, yes, lambda: table.new_deal(code))

    def checked_code(self, code: str) -> str:
        """A deal code of the table's game, as shown (SessionError, SavedGameError if not)."""
        kind, _seed, _variants = dealcode.decode(code)  # SavedGameError if unreadable
        shown = code.strip().upper()
        here = self._table.kind
        if kind != here:
            game, plays = game_spec(kind).title, game_spec(here).title
            raise TableError(message("table:code-of-other-game", code=shown, game=game, here=plays))
        return shown
