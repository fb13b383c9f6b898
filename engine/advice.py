"""The expert's advice on a position: one judgement, its figures and its words, everywhere.

    >>> from cardschool.engine.advice import advise
    >>> said = advise(game)                                  # doctest: +SKIP
    >>> said.move, said.shown(said.move), said.error         # doctest: +SKIP
    ('discard 4C', 60, 6)

The Coach, the review of a deal and the strategy exercises all ask :func:`advise` (or
:func:`judge`), so one position gets the same figures and the same advice from each. A
judgement is a function of the position and the number of simulated deals (the level):

- **seeded from the position**: the random draws come from a stable hash of the mover's
  view (SHA-256 of its JSON form, never Python's ``hash``), so the same view always gets
  the same deals;
- **paired**: every legal move is played on the same simulated deals
  (``judgement.clear_best``), so two moves are compared on equal luck;
- **cached** for the life of the process (the kernel's session): asked again, it is not
  simulated again.

**One measure per game** (``GameSpec.outcomes.named``: Mille, the chance to win the hand;
Mililla, the chance to win the round), named in the same words everywhere and defined
once in the game's catalog (``<game>:measure.defined``); a sentence never gives two.

**Only what the sample supports.** A move whose lead on the best is within ``Z`` standard
errors of the paired differences is *about as good* and is not ranked; one beyond that but
not by ``judgement.MARGIN`` is *a little worse* (only when its figure as shown is lower);
*clearly worse* is said only with the margin the exercises use (``MoveValue.clearly_worse``).
Figures are shown rounded to what the sample supports: to the largest of ``STEPS`` not
above two standard errors of the advised move's figure (5% when that error is ±6%). The
best move's figure is rounded so, and a move about as good shows the same figure; a move
behind shows the best's less its gap on the same deals (to the point: the paired gap is
known far better than either figure), so the difference of two figures shown is always
the gap said beside them (never "65% and 50%: 17 more in 100"), and the advised move never
shows a lower figure than another.
"""

from __future__ import annotations

import enum
import hashlib
import json
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import advice_messages
from .errors import Told
from .games import GAMES, game_spec, spec_of
from .judgement import DEALS, Judgement, MoveValue, Z, clear_best
from .messages import Message, message, render
from .protocol import GameLike
from .reasons import against, view_reasons

__all__ = [
    "STEPS",
    "Advice",
    "AdviceError",
    "Definitions",
    "Standing",
    "advise",
    "advise_view",
    "definitions",
    "judge",
    "judge_view",
    "position_seed",
]

STEPS = (1, 2, 5, 10)
"""The roundings a figure may be shown to, in percentage points."""

WORDS = advice_messages.WORDS
"""The judgement's sentences (``advice_messages.py``)."""


class Standing(enum.Enum):
    """How a move stands against the advised one, as far as the sample can tell."""

    BEST = "best"
    ABOUT = "about"
    """About as good: the sample cannot tell it from the best."""
    BEHIND = "behind"
    """A little worse: behind beyond the sample's error, but not by the clear margin."""
    CLEARLY = "clearly"
    """Clearly worse: behind by the exercises' margin (``MoveValue.clearly_worse``)."""


def _key(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def position_seed(view: dict[str, Any]) -> int:
    """The judgement's seed for a view: a stable hash of its JSON form (the same in every
    process and every Python, unlike ``hash``)."""
    digest = hashlib.sha256(_key(view).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class AdviceError(Told, ValueError):
    """There is nothing to advise (nobody is to move): its sentence is a message."""


@lru_cache(maxsize=512)
def _judged(kind: str, key: str, deals: int) -> Judgement:
    view = json.loads(key)
    game = game_spec(kind).game_type.from_view(view, random.Random(0))
    return clear_best(game, deals=deals, seed=position_seed(view))


def judge_view(kind: str, view: dict[str, Any], deals: int = DEALS) -> Judgement:
    """The judgement of the decision of a mover's view (its JSON form), cached."""
    return _judged(kind, _key(view), deals)


def judge(game: GameLike, deals: int = DEALS) -> Judgement:
    """The judgement of the decision of the seat to move in ``game``, from its view only."""
    mover = game.to_move
    if mover is None:
        raise AdviceError(message("advice:nobody"))
    return judge_view(game.kind, game.view(mover).to_dict(), deals)


@dataclass(frozen=True, slots=True)
class Advice:
    """The expert's advice on one decision: the judgement, the move, and how to say it."""

    kind: str
    """The game's name."""
    judgement: Judgement
    reasons: tuple[Message, ...] = ()
    """The lesson's ideas the advised move follows or goes against (the game's
    ``reasons(view, move)``, when it declares one)."""
    thumb: str = ""
    """The rules of thumb's move when the sample cannot tell it from the best (it is then
    the advised move: the rule of thumb decides); empty otherwise."""

    @property
    def move(self) -> str:
        """The advised move: the best estimated one, or the rule of thumb's when the sample
        cannot tell the two apart."""
        return self.thumb or self.judgement.best

    @property
    def error(self) -> int:
        """Two standard errors of the advised move's figure, in percentage points (>= 1)."""
        return max(1, round(200 * max(m.error for m in self.judgement.moves)))

    @property
    def step(self) -> int:
        """What the figures are rounded to: the largest of ``STEPS`` not above ``error``."""
        return max(s for s in STEPS if s <= self.error)

    def shown(self, move: str) -> int:
        """A move's figure as shown. The best move's is its value in percent rounded to
        ``step`` (raised to the largest gap, so no figure is below 0), and so is that of a
        move about as good (the sample cannot tell them apart: one figure); a move behind
        shows that figure less its gap on the same deals (``gap_shown``): two figures shown
        always differ by the gap said beside them, and a lower figure is always a move
        ranked lower."""
        moves = self.judgement.moves
        top = self.step * round(100 * moves[0].value / self.step)
        top = min(100, max(top, *(self.gap_shown(m.move) for m in moves)))
        if self.standing(move) in (Standing.BEST, Standing.ABOUT):
            return top
        return top - self.gap_shown(move)

    def gap_shown(self, move: str) -> int:
        """How far ``move`` is behind the best on the same deals (the paired lead), in
        deals won per 100, to the point (half up: a lead of ``MARGIN`` shows as 5)."""
        lead = max(0.0, self._value(move).lead)
        return math.floor(100 * lead + 0.5)

    def _value(self, move: str) -> MoveValue:
        same = game_spec(self.kind).outcomes.choice
        found = next((m for m in self.judgement.moves if same(m.move) == same(move)), None)
        if found is None:
            raise KeyError(f"{move} is not a move of this decision")
        return found

    def standing(self, move: str) -> Standing:
        """How ``move`` stands against the best estimated move (ranked only where the sample
        can tell, and by a gap that shows: ``gap_shown`` of at least 1)."""
        value = self._value(move)
        if value.move == self.judgement.best:
            return Standing.BEST
        if value.clearly_worse:
            return Standing.CLEARLY
        if value.lead > Z * value.lead_error and self.gap_shown(move) > 0:
            return Standing.BEHIND
        return Standing.ABOUT

    def measure(self) -> Message:
        """The measure's name, as the game's catalog says it."""
        named = game_spec(self.kind).outcomes.named
        return message(named) if named else message("advice:measure")

    def said(self, move: str) -> Message:
        """A move as a phrase (the game's ``Outcomes.said``, or its text)."""
        said = game_spec(self.kind).outcomes.said
        return said(move) if said is not None else message("advice:move", text=move)

    def figures(self) -> tuple[Message, ...]:
        """The advice's figures in sentences, one measure each: the advised move's figure,
        then how the next moves stand."""
        moves = self.judgement.moves
        if len(moves) == 1:
            return (message("advice:only"),)
        deals = self.judgement.deals
        said = [
            message(
                "advice:figure",
                deals=deals,
                measure=self.measure(),
                value=self.shown(self.move),
                error=self.error,
            )
        ]
        if self.thumb:  # about as good as the best: nothing is ranked, the rule of thumb decides
            best = self.judgement.best
            rest = sum(
                1
                for m in moves[1:]
                if m.move != self.thumb and self.standing(m.move) is Standing.ABOUT
            )
            # the lesson's idea chose it (``_thumb``), or else the rules of thumb did
            idea = any(not against(r) and ".but." not in r.id for r in self.reasons)
            kind = ("advice:idea" if idea else "advice:thumb") + (".more" if rest else "")
            value = self.shown(best)
            said.append(message(kind, other=self.said(best), value=value, rest=rest))
            return tuple(said)
        about = [m.move for m in moves[1:] if self.standing(m.move) is Standing.ABOUT]
        if about:
            first = about[0]
            value = self.shown(first)
            rest = len(about) - 1
            kind = "advice:about.more" if rest else "advice:about"
            said.append(message(kind, other=self.said(first), value=value, rest=rest))
            return tuple(said)
        other = moves[1]
        kind = "advice:clear" if self.judgement.clear else "advice:behind"
        said.append(
            message(
                kind,
                other=self.said(other.move),
                value=self.shown(other.move),
                **self.gap(other.move),
            )
        )
        return tuple(said)

    def gap(self, move: str) -> dict[str, int]:
        """How far ``move`` is behind the best on the same deals (the paired lead), in
        deals won per 100 as shown (``gap_shown``), and two standard errors of it: ``gap``
        and ``spread``."""
        value = self._value(move)
        return {"gap": self.gap_shown(move), "spread": max(1, round(200 * value.lead_error))}

    def compared(self, move: str) -> Message:
        """The advised move's figure beside another move's, on the same deals (an
        exercise's wrong try)."""
        return message(
            "advice:exercise",
            deals=self.judgement.deals,
            measure=self.measure(),
            best=self.said(self.move),
            better=self.shown(self.move),
            played=self.shown(move),
            **self.gap(move),
        )

    def sentences(self) -> tuple[Message, ...]:
        """The lesson's reasons, then the figures: what the Coach says, as messages. A
        choice no lesson's idea speaks to says so, rather than give figures with no why."""
        if not self.reasons and not self.judgement.forced:
            return (message("reason:none"), *self.figures())
        return (*self.reasons, *self.figures())

    def text(self) -> str:
        """The reasons and the figures, in words (without a session's seat names)."""
        return " ".join(render(said) for said in self.sentences())


def _reasons(kind: str, view: dict[str, Any], move: str) -> tuple[Message, ...]:
    """The game's reasons for the expert's move (``GameSpec.reasons``, through
    ``reasons.view_reasons``: a lesson it goes against says why all the same)."""
    return view_reasons(kind, view, move, chosen=True)


def advise_view(kind: str, view: dict[str, Any], deals: int = DEALS) -> Advice:
    """The advice on a mover's view (its JSON form): the judgement, cached, the rule of
    thumb where the sample cannot tell its move from the best, and the reasons."""
    return _advised(kind, _key(view), deals)


@lru_cache(maxsize=512)
def _advised(kind: str, key: str, deals: int) -> Advice:
    view = json.loads(key)
    judgement = judge_view(kind, view, deals)
    thumb = _thumb(kind, view, judgement)
    move = thumb or judgement.best
    reasons = () if judgement.forced else _reasons(kind, view, move)  # no choice, no idea
    return Advice(kind, judgement, reasons, thumb)


def _thumb(kind: str, view: dict[str, Any], judgement: Judgement) -> str:
    """Where the sample cannot tell moves from the best, the one the lesson would play:
    the first of them (the best first) that follows a lesson's idea and goes against none,
    else the rules of thumb's (the ``basic`` bot, seeded from the position) if it goes
    against none; empty when that is the best, or the judgement is clear."""
    if judgement.clear or len(judgement.moves) < 2:
        return ""
    probe = Advice(kind, judgement)
    group = [m.move for m in judgement.moves if probe.standing(m.move) is not Standing.CLEARLY]
    group = [m for m in group if probe.standing(m) in (Standing.BEST, Standing.ABOUT)]
    ideas = {move: view_reasons(kind, view, move, chosen=False) for move in group}
    clean = [move for move in group if not any(against(idea) for idea in ideas[move])]
    found = next((move for move in clean if ideas[move]), "")
    if not found:
        spec = game_spec(kind)
        rng = random.Random(position_seed(view))
        pick = spec.make_bot("basic", None).choose(view, rng).move
        same = spec.outcomes.choice
        found = next((move for move in clean if same(move) == same(pick)), "")
    return "" if found == judgement.best else found


def advise(game: GameLike, deals: int = DEALS) -> Advice:
    """The advice on the decision of the seat to move in ``game``, from its view only."""
    mover = game.to_move
    if mover is None:
        raise AdviceError(message("advice:nobody"))
    spec_of(game)  # a registered game
    return advise_view(game.kind, game.view(mover).to_dict(), deals)


@dataclass(frozen=True, slots=True)
class Definitions:
    """Each game's measure, named and defined as its catalog says (the glossary shows it)."""

    entries: tuple[tuple[str, str], ...]
    """(the game's title, the measure's definition) for each game that names one."""

    def _repr_markdown_(self) -> str:
        return "\n".join(f"- **{title}**. {text}" for title, text in self.entries)


def definitions() -> Definitions:
    """Every game's measure in its catalog's words: one place, shown in the glossary."""
    entries = []
    for name in sorted(GAMES):
        spec = game_spec(name)
        if spec.outcomes.named:
            entries.append((spec.title, render(message(f"{spec.outcomes.named}.defined"))))
    return Definitions(tuple(entries))
