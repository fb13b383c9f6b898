"""The exercise model: frozen values for an exercise, its task and the verdict on a try."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ..languages import spoken
from ..messages import Message, render

__all__ = [
    "TASK_KINDS",
    "Choose",
    "Decide",
    "Exercise",
    "Play",
    "Problem",
    "Prompt",
    "Score",
    "Task",
    "Verdict",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Play a move that meets a goal: ``legal`` (any legal move) or one of the game's goals."""

    goal: str = "legal"


@dataclass(frozen=True, slots=True)
class Choose:
    """Mark every card of the hand that fits, then check: ``legal`` (every card you may
    play) or one of the game's marks (``lay-off``), some about something (``worth`` 10)."""

    mark: str = "legal"
    about: str = ""
    """What the mark is about, when it needs it (a number of points for ``worth``)."""


@dataclass(frozen=True, slots=True)
class Decide:
    """Answer a question the engine answers (``may``, ``next-dealer``, the game's own)."""

    question: str
    about: str = ""
    """What the question is about: a move for ``may``, a card for ``card-points``."""


@dataclass(frozen=True, slots=True)
class Score:
    """Type the score of a finished deal for the side of ``seat`` (the learner's, seat 0)."""

    seat: int = 0


Task = Play | Choose | Decide | Score
"""Any task kind."""

TASK_KINDS: dict[str, type] = {"play": Play, "choose": Choose, "decide": Decide, "score": Score}
"""Each task kind by the word that names it in a file."""


@dataclass(frozen=True, slots=True)
class Prompt(Mapping[str, str]):
    """What the learner is asked, once in each language the school speaks: a frozen mapping
    from a language (``en``, ``fr``, ``es``) to its text, in the file's order."""

    texts: tuple[tuple[str, str], ...]
    """Each language and its text."""

    def __getitem__(self, language: str) -> str:
        for said, text in self.texts:
            if said == language:
                return text
        raise KeyError(language)

    def __iter__(self) -> Iterator[str]:
        return (language for language, _ in self.texts)

    def __len__(self) -> int:
        return len(self.texts)

    def said(self, language: str | None = None) -> str:
        """The prompt in ``language``: by default the one the page speaks now."""
        return self[language or spoken()]


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise: a position in the game's text, a prompt and a task; never the answer."""

    id: str
    """A stable id: progress is kept by it."""
    game: str
    """The game's name in the registry."""
    rules: tuple[str, ...]
    """The rule ids it practises; one of them must decide it."""
    position: str
    """The position, in the game's readable position text."""
    prompt: Prompt
    """What the learner is asked, in each language (``prompt.said()``: in the spoken one)."""
    task: Task
    """What the learner must do."""
    tries: tuple[str, ...] = ()
    """Tries worth judging beyond the legal moves (a wrong pick a teacher expects)."""
    file: str = ""
    """The file it was read from (for messages)."""
    line: int = 0
    """The line of its id in that file (for messages)."""
    position_line: int = 0
    """The file's line holding the position's first line (0 if unknown)."""

    def file_line(self, position_line: int) -> int:
        """The file's line for a line of the position text (its id's line if unknown)."""
        if not self.position_line or position_line < 1:
            return self.line
        return self.position_line + position_line - 1


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's answer to a try: right or not, the sentence to read and the rule id."""

    right: bool
    said: Message
    """The sentence to read, as a message (rendered by the page, in the reader's words)."""
    rule: str
    """The rule id that decides it ("" only when the try could not be read)."""

    @property
    def text(self) -> str:
        """The sentence in the catalogs' own words (English)."""
        return render(self.said)

    def __str__(self) -> str:
        return f"{'right' if self.right else 'wrong'}: {self.text} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with an exercise file: where (file, line, exercise id) and what."""

    file: str
    line: int
    id: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.id or '-'}: {self.message}"
