"""The review of a finished deal: where the learner's move was clearly not the expert's.

    >>> from cardschool.engine.review import review
    >>> found = review(session)                              # doctest: +SKIP
    >>> found.summary                                        # doctest: +SKIP
    '2 moments to look at'

For each of the learner's decisions in the deal, the expert's advice on the learner's view
then (never the cards the learner could not see) is asked of ``advice.advise``, the one
judgement the Coach and the strategy exercises ask too: the same position gets the same
figures and the same advised move in all three. A **moment** is a decision where the move
played is clearly worse than the advised one (``Standing.CLEARLY``: the exercises' clear
margin). Forced moves (one choice only) are skipped, and moves the simulations cannot tell
apart are not called mistakes. The judgement is seeded from the position itself, so a
review is the same for the same deal code and moves.

The work is done one decision at a time (:func:`review_steps` is a generator), so a table
can run it on the kernel's event loop between clicks, without threads.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass

from .advice import Advice, AdviceError, Standing, advise
from .judgement import DEALS
from .messages import YOU, Message, message, render
from .protocol import DEAL_OVER_MOVE, Bot, GameLike
from .session import HUMAN, Session

EXPERT = message("review:expert")
"""Who the review says would have played otherwise ("The expert")."""

__all__ = ["Moment", "Progress", "Review", "percent", "review", "review_steps"]


def percent(share: float) -> int:
    """A share as whole percentage points: ``0.526`` -> ``53``."""
    return round(100 * share)


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision where the expert clearly preferred another move, with the figures."""

    ply: int
    """The number of the session's step that played the learner's move."""
    position: int
    """The replay's frame of the decision (the position before the move)."""
    played: str
    """The move played, as text."""
    better: str
    """The expert's move, as text."""
    played_words: str
    """The move played, in words (the narration)."""
    better_words: str
    """The expert's move, in words (as the learner's would be told: "You follow suit...")."""
    expert_words: str
    """The expert's move as what the expert would do: "The expert would follow suit..."."""
    reasons: tuple[Message, ...]
    """Why: the lesson's ideas the expert's move follows, or what the rules of thumb said
    about either move (``reason`` in words)."""
    played_value: float
    """The move played: its share of the simulated deals won (a tie counts half)."""
    better_value: float
    """The expert's move: its share of the same deals won."""
    lead_error: float
    """The standard error of the expert's lead, deal by deal."""
    deals: int
    """How many simulated deals both moves were played on."""
    deal_word: str
    """What was won: ``"hand"`` or ``"round"``."""
    measure: Message | None = None
    """The measure's name (the game's ``Outcomes.named``)."""
    step: int = 1
    """What the figures are rounded to, in percentage points (``Advice.step``)."""
    note: str = ""
    """Both moves in one sentence, for the replay of the position: "Your move here: you
    follow suit...; the expert would ..."."""
    shown: tuple[int, int] | None = None
    """Both figures as the Coach and the exercises show them (``Advice.shown``): the
    expert's move's, then the move played's, whose difference is the gap as shown."""

    def _shown(self, value: float) -> int:
        return self.step * round(100 * value / self.step)

    def _figures(self) -> tuple[int, int]:
        """The expert's move's figure and the move played's, as shown."""
        if self.shown is not None:
            return self.shown
        return self._shown(self.better_value), self._shown(self.played_value)

    @property
    def lead(self) -> int:
        """How much the expert's move gained on the same deals, as the figures show (deals
        won per 100: the difference of the two figures shown)."""
        better, played = self._figures()
        return better - played

    @property
    def noise(self) -> int:
        """The uncertainty of ``lead``: two standard errors, in points (at least 1)."""
        return max(1, percent(2 * self.lead_error))

    @property
    def reason(self) -> str:
        """Why, in words (without a session's seat names)."""
        return " ".join(render(said) for said in self.reasons)

    @property
    def figures(self) -> str:
        """How much it mattered, in words (``figures_said`` rendered)."""
        return render(self.figures_said)

    @property
    def figures_said(self) -> Message:
        """How much it mattered: both moves' figures on the same deals, one measure, and
        the paired gap between them."""
        better, played = self._figures()
        return message(
            "advice:review",
            deals=self.deals,
            measure=self.measure or message("advice:measure"),
            better=better,
            played=played,
            gap=self.lead,
            spread=self.noise,
        )

    @property
    def text(self) -> str:
        """The whole moment in words: the move, the better one, why, how much."""
        said = message(
            "review:moment",
            played=_bare(self.played_words),
            better=_bare(self.expert_words),
            reason=self.reason,
            figures=self.figures,
        )
        return render(said)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {
            "ply": self.ply,
            "position": self.position,
            "played": self.played,
            "better": self.better,
            "played_words": self.played_words,
            "better_words": self.better_words,
            "expert_words": self.expert_words,
            "reason": self.reason,
            "figures": self.figures,
            "lead": self.lead,
            "noise": self.noise,
        }


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a review has got: decisions looked at out of all the learner's decisions."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one deal for one seat: its moments, and what was looked at."""

    deal: int
    seat: int
    decisions: int
    """The learner's decisions in the deal (forced ones included)."""
    forced: int
    """Of these, how many had only one choice."""
    moments: tuple[Moment, ...]

    @property
    def summary(self) -> str:
        """One line for the end-of-deal panel, in words: ``3 moments to look at``."""
        return render(self.summary_said)

    @property
    def summary_said(self) -> Message:
        """One line for the end-of-deal panel, as a message."""
        count = len(self.moments)
        if count == 0:
            return message("review:summary.none")
        return message("review:summary", count=count)


def _bare(text: str) -> str:
    """A sentence without its closing full stop (the moment's message puts its own)."""
    return text.strip().removesuffix(".")


def _words(game: GameLike, move: str, names: tuple[str, ...]) -> str:
    """A legal move of the seat to move in words, told as the session tells its steps."""
    return game.narrate(move, names).text


def _note(game: GameLike, played: str, names: tuple[str, ...], mine: str, expert: str) -> str:
    """Both moves in one sentence: the learner's, then the expert's after a semicolon."""
    subject = game.narrate(played, names).message
    yours = (
        subject is not None and subject.subject is not None and names[subject.subject.index] == YOU
    )
    said = message("review:note.you" if yours else "review:note", played=mine, expert=expert)
    return render(said)


def _expert_words(game: GameLike, move: str, names: tuple[str, ...], seat: int) -> str:
    """The expert's move in the seat's place, as what it would do: "The expert would..."."""
    who = render(EXPERT)
    expert = tuple(who if i == seat else name for i, name in enumerate(names))
    told = game.narrate(move, expert)
    if told.message is None:  # a game whose narration is not a message: its own words
        return told.text
    return render(told.message, expert, reader=seat, form="would")


def review_steps(
    session: Session,
    deal: int | None = None,
    seat: int | None = None,
    *,
    deals: int = DEALS,
    budget: int | None = None,
) -> Generator[Progress, None, Review]:
    """Review a deal of ``session`` for ``seat``, one decision per step; returns the Review.

    The first step only counts the decisions (``Progress(0, total)``); each next one judges
    one decision.

    ``deal`` is the replay's deal number (the current or last one by default); ``seat``
    defaults to the first human seat; ``deals`` is the judgement's simulated deals (the
    Coach's and the exercises' by default). ``budget`` is accepted for older callers and
    no longer used: the advice is the judgement's, not a search of its own.
    """
    del budget  # the advice is the judgement's (advice.advise), whatever the expert's budget
    spec = session.spec
    if seat is None:
        seat = next((i for i, kind in enumerate(session.seats) if kind == HUMAN), 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(session.seats):
        raise AdviceError(message("advice:review-seat", seat=repr(seat)))
    replay = session.replay(deal)
    frames = replay.frames
    decisions = [
        (index - 1, frame.step)
        for index, frame in enumerate(frames)
        if frame.step is not None and frame.step.seat == seat and frame.step.move != DEAL_OVER_MOVE
    ]
    basic = spec.make_bot("basic", None)
    choice = spec.outcomes.choice
    moments: list[Moment] = []
    forced = 0
    yield Progress(0, len(decisions))  # at once: how many decisions there are to look at
    for done, (position, step) in enumerate(decisions):
        game = frames[position].game.clone()
        choices = {choice(str(move)) for move in game.legal_moves()}
        if len(choices) <= 1:
            forced += 1
        else:
            moment = _judge(session, game, seat, step.move, (position, step.ply), basic, deals)
            if moment is not None:
                moments.append(moment)
        yield Progress(done + 1, len(decisions))
    return Review(replay.deal, seat, len(decisions), forced, tuple(moments))


def _judge(
    session: Session,
    game: GameLike,
    seat: int,
    played: str,
    where: tuple[int, int],
    basic: Bot,
    deals: int,
) -> Moment | None:
    """The moment of one decision, or None when the advised move is not clearly better."""
    spec, code = session.spec, session.code
    position, ply = where
    said = advise(game, deals)
    if said.standing(played) is not Standing.CLEARLY:
        return None
    # the Coach's move: the best, or the rule of thumb's about as good (the played move is
    # clearly worse than the best, and the reasons are said of this move)
    pick = said.move
    view = game.view(seat).to_dict()
    names = tuple(session.names)
    mine, best = said.judgement.value_of(played), said.judgement.moves[0]
    if mine is None:  # another move of the same choice (Mille: a card of the same kind)
        same = spec.outcomes.choice
        mine = next(m for m in said.judgement.moves if same(m.move) == same(played))
    return Moment(
        ply=ply,
        position=position,
        played=played,
        better=pick,
        played_words=(mine_words := _words(game, played, names)),
        better_words=_words(game, pick, names),
        expert_words=(expert_words := _expert_words(game, pick, names, seat)),
        reasons=_reasons(said, basic, view, f"review/{code}/{ply}/basic", (played, pick), spec),
        played_value=mine.value,
        better_value=best.value,
        lead_error=mine.lead_error,
        deals=said.judgement.deals,
        deal_word=spec.deal_word,
        note=_note(game, played, names, mine_words, expert_words),
        measure=said.measure(),
        step=said.step,
        shown=(said.shown(pick), said.shown(played)),
    )


def _reasons(
    said: Advice, basic: Bot, view: dict, seed: str, moves: tuple[str, str], spec: object
) -> tuple[Message, ...]:
    """Why, in words: the lesson's ideas the advised move follows (the game's reasons), or
    else, as the Coach says, that none of them decides it (``reason:none``), then which
    move the rule of thumb would have played. Its own reason is not quoted then: it reads
    the position its own way (a Mililla card "nobody after you can beat" may still be
    beaten by a card not seen), and would say an idea of the lesson applies where the
    lesson's reasons, computed from the same view, find none."""
    if said.reasons:
        return said.reasons
    played, pick = moves
    choice = spec.outcomes.choice  # type: ignore[attr-defined]
    thumb = basic.choose(view, random.Random(seed))
    none = message("reason:none")  # the Coach's words for a choice no idea speaks to
    if choice(thumb.move) == choice(pick):
        return (none, message("review:thumb-too"))
    if choice(thumb.move) == choice(played):
        return (none, message("review:thumb-played"))
    return (none,)


def review(
    session: Session, deal: int | None = None, seat: int | None = None, **options: int
) -> Review:
    """The whole review at once (what :func:`review_steps` returns when run to the end)."""
    steps = review_steps(session, deal, seat, **options)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
