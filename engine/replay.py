"""Replaying a deal of a session: step by step, forward and back, each step narrated.

A teacher projects a finished hand and walks the class through it; a learner looks
back at what the bots did. Every frame is the position after one more move, with the
sentence that narrates that move and names its rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .messages import Message
from .protocol import DEAL_OVER_MOVE, GameLike

if TYPE_CHECKING:
    from .session import Session

__all__ = ["Frame", "Replay", "Step"]


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a session as it happened: its number, its seat (None for a new deal), who
    made it (``human`` or a bot level), the move and its narration and rule.

    ``text`` is the narration in the session's words; ``said`` is the same sentence as a
    message (None when a step was made from text alone), for a page that says it in its
    reader's words. A saved session keeps the text (the message is made again on loading).
    """

    ply: int
    seat: int | None
    by: str
    move: str
    text: str
    rule: str | None
    said: Message | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The step as a saved session writes it: every field but the message."""
        return {name: getattr(self, name) for name in _SAVED}

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


_SAVED = ("ply", "seat", "by", "move", "text", "rule")


@dataclass(frozen=True, slots=True)
class Frame:
    """A position of the replay and the narrated move that led to it (None at the start)."""

    game: GameLike
    step: Step | None


class Replay:
    """The frames of one deal of a session, with a cursor that moves forward and back."""

    def __init__(self, session: Session, deal: int | None = None) -> None:
        starts = [0] + [s.ply + 1 for s in session.steps if s.move == DEAL_OVER_MOVE]
        if deal is None:
            deal = len(starts) - 1
        if not isinstance(deal, int) or not -len(starts) <= deal < len(starts):
            raise IndexError(f"there is no deal {deal!r}: this session has {len(starts)}")
        deal %= len(starts)
        steps = session.steps
        first = starts[deal]
        last = starts[deal + 1] - 1 if deal + 1 < len(starts) else len(steps)
        game = session.start_game()
        for step in steps[:first]:
            _apply(game, step)
        frames = [Frame(game.clone(), None)]
        for step in steps[first:last]:
            _apply(game, step)
            frames.append(Frame(game.clone(), step))
        self.deal = deal
        self.first = first
        """How many of the session's steps came before this deal's first frame."""
        self.frames: tuple[Frame, ...] = tuple(frames)
        self.position = 0

    @property
    def current(self) -> Frame:
        """The frame at the cursor."""
        return self.frames[self.position]

    @property
    def at_start(self) -> bool:
        """True at the position the deal started from."""
        return self.position == 0

    @property
    def at_end(self) -> bool:
        """True at the last position of the deal."""
        return self.position == len(self.frames) - 1

    def forward(self) -> Frame:
        """Move one step forward (staying at the end) and return the frame."""
        return self.go(min(self.position + 1, len(self.frames) - 1))

    def back(self) -> Frame:
        """Move one step back (staying at the start) and return the frame."""
        return self.go(max(self.position - 1, 0))

    def go(self, position: int) -> Frame:
        """Jump to a position, 0 being the start of the deal."""
        if not isinstance(position, int) or not 0 <= position < len(self.frames):
            raise IndexError(f"position {position!r} is outside 0 to {len(self.frames) - 1}")
        self.position = position
        return self.current

    @property
    def ply(self) -> int:
        """How many of the session's steps lead to the frame at the cursor."""
        return self.first + self.position

    def narration(self) -> list[str]:
        """Every step of the deal as a sentence naming its rule id."""
        return [str(frame.step) for frame in self.frames if frame.step is not None]


def _apply(game: GameLike, step: Step) -> None:
    if step.move == DEAL_OVER_MOVE:
        game.next_deal()
    else:
        game.play(step.move)
