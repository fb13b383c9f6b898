"""What each game tells the exercises: its play goals, its questions and its score lines.

A game package declares one :class:`Goals` (``goals.py``) and names it in its ``GameSpec``;
the exercise code (``cardschool.engine.exercises``) looks it up there and never asks which
game it serves. Every answer comes from the engine: a goal judges a legal move, a question
reads the position, a score line reads the deal's own breakdown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .explanation import Explanation
from .protocol import GameLike

__all__ = ["Answer", "Goals", "Line", "Marker", "Picker"]

PlayGoal = Callable[[GameLike, Any], Explanation | None]
"""``goal(game, move)`` for a legal move: why it does not meet the goal (an explanation
that is not ``legal``), or, when it does, None or what made it meet it (a ``legal`` one:
a right try says that, not only that the move is legal)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's answer to a question: its text, the deciding rule, why, and the options."""

    text: str
    rule: str
    why: str
    options: tuple[str, ...]
    """Every answer a learner could give (the right one among them)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a deal's score for one side: the rule, the words and its points."""

    rule: str
    text: str
    points: int


Marker = Callable[[GameLike, str], list[tuple[str, Explanation]]]
"""``marker(game, about)`` for a *choose* task: each card of the mover's hand with whether
it should be marked (``legal``), the deciding rule and why."""

Picker = Callable[[GameLike, list[str]], str]
"""``picker(game, cards)``: the move's text that the cards picked in the mover's hand make."""

Question = Callable[[GameLike, str], Answer]
"""``question(game, about)``: the engine's answer about a position (``about`` may be empty)."""


@dataclass(frozen=True, slots=True)
class Goals:
    """One game's part of the exercises, declared once in its package."""

    play: tuple[tuple[str, PlayGoal], ...]
    """The goals of *play* tasks by name (``take-pile``), each judging a legal move."""
    questions: tuple[tuple[str, Question], ...]
    """The questions of *decide* tasks by name (``trick-winner``)."""
    tries: Callable[[GameLike], list[str]]
    """Every try worth judging in a position: the legal moves and the likely refusals."""
    cards: Callable[[GameLike], list[str]] | None
    """The cards of the mover's hand, each a move, for *choose* tasks; None if not offered."""
    score: Callable[[GameLike, int], list[Line]]
    """The lines of a finished deal's score for a seat's side; their points add up."""
    marks: tuple[tuple[str, Marker], ...] = ()
    """The marks of *choose* tasks by name beyond ``legal`` (``lay-off``)."""
    picks: tuple[tuple[str, Picker], ...] = ()
    """The play goals whose move the learner makes by picking cards of the hand (``meld``),
    each with the move the picked cards make."""

    def picker(self, goal: str) -> Picker | None:
        """How cards picked in the hand make a move for the play goal ``goal``, or None."""
        return dict(self.picks).get(goal)

    def marker(self, name: str) -> Marker | None:
        """The choose mark called ``name``, or None."""
        return dict(self.marks).get(name)

    def goal(self, name: str) -> PlayGoal | None:
        """The play goal called ``name``, or None."""
        return dict(self.play).get(name)

    def question(self, name: str) -> Question | None:
        """The question called ``name``, or None."""
        return dict(self.questions).get(name)
