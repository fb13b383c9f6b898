"""The engine answers every exercise: ``answers`` lists the right tries, ``judge`` judges one.

Nothing here knows a game: the position is read by the game's own class, moves by its move
type, and goals, questions and score lines come from its ``GameSpec.goals`` (the registry).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..advice import Advice
from ..advice import judge as judge_position
from ..errors import InvalidMoveError, Told, said_of
from ..explanation import Explanation
from ..games import game_spec
from ..goals import Answer, Goals, Line, PlayGoal
from ..judgement import Judgement
from ..messages import Message, Seat, message, render
from ..protocol import GameLike
from ..reasons import against, lesson_reasons, said
from . import messages as _messages  # noqa: F401  (registers the exercise catalog)
from .model import Choose, Decide, Exercise, Play, Score, Verdict

__all__ = [
    "NO_CLEAR_BEST",
    "TaskError",
    "answers",
    "best_judgement",
    "choose_cards",
    "choose_marks",
    "game_of",
    "judge",
    "judged_tries",
    "question_answer",
    "score_lines",
]

NO_CLEAR_BEST = message("exercise:no-clear-best")
"""Why a ``best`` play goal has no right answer: no move is better by a clear margin."""


class TaskError(Told, ValueError):
    """An exercise's task does not fit its game or its position (the checker reports it)."""


def _said(why: Explanation) -> Message:
    """An explanation's sentence as a message (its words, when it was given as text)."""
    return why.message or Message.parse(why.text)


def game_of(exercise: Exercise, seed: int = 0) -> GameLike:
    """The exercise's position as a game; hidden cards (``+N``) are filled from ``seed``."""
    spec = game_spec(exercise.game)
    return spec.game_type.from_position(exercise.position, spec.default_rules(), seed)


def _goals(exercise: Exercise) -> Goals:
    return game_spec(exercise.game).goals


def _move_text(exercise: Exercise, text: str) -> str:
    """A move's canonical text; InvalidMoveError if it cannot be read."""
    return str(game_spec(exercise.game).move_type.parse(text))


# -- decide -------------------------------------------------------------------------------


def _may(game: GameLike, about: str) -> Answer:
    why = game.explain(about)
    return Answer("yes" if why.legal else "no", why.rule, why.text, ("yes", "no"))


def _next_dealer(game: GameLike, about: str) -> Answer:
    spec = game_spec(game.kind)
    if not game.deal_over or game.match_over:
        raise TaskError(message("exercise:task.next-dealer", deal=spec.deal_word))
    after = game.clone()
    after.next_deal()
    names = spec.seat_names
    said = message(
        "exercise:next-dealer",
        who=Seat(game.dealer),
        deal=spec.word("deal"),
        next=Seat(after.dealer),
    )
    return Answer(names[after.dealer], spec.next_deal_rule, render(said, names), names)


_GENERIC_QUESTIONS = {"may": _may, "next-dealer": _next_dealer}
"""Questions every game answers through the protocol alone."""


def question_answer(exercise: Exercise, game: GameLike) -> Answer:
    """The engine's answer to a *decide* task; ValueError if the question does not fit."""
    task = exercise.task
    assert isinstance(task, Decide)
    question = _GENERIC_QUESTIONS.get(task.question) or _goals(exercise).question(task.question)
    if question is None:
        raise TaskError(
            message("exercise:task.no-question", game=exercise.game, question=task.question)
        )
    return question(game, task.about)


def score_lines(exercise: Exercise, game: GameLike) -> list[Line]:
    """The lines of a *score* task's deal for the learner's side; ValueError if unfinished."""
    task = exercise.task
    assert isinstance(task, Score)
    return _goals(exercise).score(game, task.seat)


# -- the best move ------------------------------------------------------------------------


def best_judgement(game: GameLike) -> Judgement:
    """The expert's judgement of the mover's decision, the Coach's and the review's
    (``advice.judge``: seeded from the view, cached): every filling of the hidden cards
    and every try share one judgement."""
    if game.to_move is None:
        raise TaskError(message("exercise:task.no-mover"))
    return judge_position(game)


def _best(game: GameLike, move: Any) -> Explanation | None:
    """The ``best`` goal: the move the expert clearly prefers (``judgement.clear_best``)."""
    judgement = best_judgement(game)
    text = str(move)
    rule = game.explain(judgement.best).rule
    if not judgement.clear:
        return Explanation(False, rule, message=NO_CLEAR_BEST)
    same = game_spec(game.kind).outcomes.choice
    phrase = game_spec(game.kind).outcomes.said

    def named(move: str) -> Any:
        """A move as a phrase ("discarding the Q♠"), or its text."""
        return move if phrase is None else phrase(move)

    if same(text) == same(judgement.best):  # right: what made it right, in the lesson's words
        because = said(lesson_reasons(game, text, chosen=True))
        if not because:
            return Explanation(True, rule, message=message("reason:best-right", move=named(text)))
        right = message("reason:best-right-because", move=named(text), because=because)
        return Explanation(True, rule, message=right)
    best = judgement.moves[0]
    ours = next((m for m in judgement.moves if same(m.move) == same(text)), None)
    # the lesson's ideas first, then the figures as the Coach and the review show them:
    # one measure, rounded (advice.py)
    reasons = lesson_reasons(game, best.move, chosen=True)
    told = {r.params for r in reasons}  # the try's against-reason, unless the same facts
    reasons += tuple(
        r for r in lesson_reasons(game, text, chosen=False) if against(r) and r.params not in told
    )
    parts: dict[str, Any] = {"move": named(text), "best": named(best.move)}
    if ours is None:
        key = "reason:best-wrong"
    else:
        key = "reason:best-wrong-figures"
        parts["figures"] = Advice(game.kind, judgement).compared(text)
    if reasons:
        parts["because"] = said(reasons)
        key += "-because"
    return Explanation(False, rule, message=message(key, **parts))


_GENERIC_GOALS: dict[str, PlayGoal] = {"best": _best}
"""Play goals every game meets through the protocol and the expert's judgement."""


# -- judging ------------------------------------------------------------------------------


def _judge_play(exercise: Exercise, game: GameLike, text: str) -> Verdict:
    task = exercise.task
    assert isinstance(task, Play)
    try:
        move = game_spec(exercise.game).move_type.parse(text)
    except InvalidMoveError as error:
        return Verdict(False, said_of(error), "")
    why = game.explain(move)
    if not why.legal:
        return Verdict(False, _said(why), why.rule)
    if task.goal != "legal":
        goal = _GENERIC_GOALS.get(task.goal) or _goals(exercise).goal(task.goal)
        if goal is None:
            raise TaskError(message("exercise:task.no-goal", game=exercise.game, goal=task.goal))
        miss = goal(game, move)
        if miss is not None and not miss.legal:
            return Verdict(False, _said(miss), miss.rule)
        if miss is not None:  # met, and the goal says what made it so
            return Verdict(True, _said(miss), miss.rule)
    return Verdict(True, _said(why), why.rule)


def choose_marks(exercise: Exercise, game: GameLike) -> list[tuple[str, Explanation]]:
    """A *choose* task's cards, each once in hand order, with whether it should be marked
    (``legal``), the deciding rule and why: every card you may play (``legal``, each card
    a move the engine explains), or the game's own mark (``GameSpec.goals.marks``)."""
    task = exercise.task
    assert isinstance(task, Choose)
    goals = _goals(exercise)
    if task.mark == "legal":
        if goals.cards is None:
            raise TaskError(message("exercise:task.no-legal-choose", game=exercise.game))
        marks = [(card, game.explain(card)) for card in goals.cards(game)]
    else:
        marker = goals.marker(task.mark)
        if marker is None:
            raise TaskError(message("exercise:task.no-mark", game=exercise.game, mark=task.mark))
        marks = marker(game, task.about)
    once: dict[str, Explanation] = {}
    for card, why in marks:
        once.setdefault(card, why)
    return list(once.items())


def choose_cards(exercise: Exercise, game: GameLike) -> list[str]:
    """The cards a *choose* task shows, each once, in hand order."""
    return [card for card, _why in choose_marks(exercise, game)]


def _marked_text(exercise: Exercise, text: str) -> str:
    """A marked card's canonical text (a move's for ``legal``); InvalidMoveError if unread."""
    task = exercise.task
    assert isinstance(task, Choose)
    if task.mark == "legal":
        return _move_text(exercise, text)
    return str(game_spec(exercise.game).card_type.parse(text))


def _judge_choose(exercise: Exercise, game: GameLike, marked: Iterable[str]) -> Verdict:
    """Every mistake of a marking at once: the marked cards that are wrong, then the cards
    missing, each with the engine's reason."""
    try:
        chosen = {_marked_text(exercise, text) for text in marked}
    except InvalidMoveError as error:
        return Verdict(False, said_of(error), "")
    marks = choose_marks(exercise, game)
    stray = sorted(chosen - {card for card, _why in marks})
    if stray:
        stray_words = message("exercise:choose.stray", cards=" ".join(stray))
        return Verdict(False, stray_words, exercise.rules[0])
    legal = isinstance(exercise.task, Choose) and exercise.task.mark == "legal"
    wrong = [(card, why) for card, why in marks if card in chosen and not why.legal]
    missing = [(card, why) for card, why in marks if card not in chosen and why.legal]
    if wrong or missing:
        return _marking_wrong(wrong, missing, legal)
    rules = [why.rule for card, why in marks if card in chosen] or [w.rule for _, w in marks]
    rule = next((r for r in rules if r in exercise.rules), rules[0] if rules else "")
    picked = ", ".join(card for card, _why in marks if card in chosen)
    said = message("exercise:choose.right", picked=picked) if picked else None
    return Verdict(True, said or message("exercise:choose.right.none"), rule)


def _marking_wrong(
    wrong: list[tuple[str, Explanation]], missing: list[tuple[str, Explanation]], legal: bool
) -> Verdict:
    """The verdict on a marking with mistakes: a tally, then each mistake and its reason."""
    bad, too = ("not-playable", "playable-too") if legal else ("not-marked", "marked-too")
    mistakes = [
        message(f"exercise:choose.{kind}", card=card, why=_said(why))
        for kind, group in ((bad, wrong), (too, missing))
        for card, why in group
    ]
    rule = (wrong or missing)[0][1].rule
    if len(mistakes) == 1:  # one mistake: its sentence says it all
        return Verdict(False, mistakes[0], rule)
    cards = {"wrong": ", ".join(c for c, _ in wrong), "missing": ", ".join(c for c, _ in missing)}
    part = "" if wrong and missing else ".wrong" if wrong else ".missing"
    told = message(f"exercise:choose.tally{part}", **{k: v for k, v in cards.items() if v})
    for mistake in mistakes:  # the tally, then each mistake as a sentence of its own
        told = message("exercise:choose.then", first=told, then=_sentence(mistake))
    return Verdict(False, told, rule)


def _sentence(said: Message) -> Message:
    """A mistake said as a sentence: with a full stop, unless its reason ends with one."""
    return said if render(said)[-1:] in (".", "!", "?") else message("exercise:sentence", said=said)


def _judge_decide(exercise: Exercise, game: GameLike, text: str) -> Verdict:
    answer = question_answer(exercise, game)
    right = " ".join(text.split()).lower() == answer.text.lower()
    return Verdict(right, Message.parse(answer.why), answer.rule)


def _judge_score(exercise: Exercise, game: GameLike, text: str) -> Verdict:
    lines = score_lines(exercise, game)
    total = sum(line.points for line in lines)
    try:
        number = int(str(text).strip().replace(",", ""))
    except ValueError:
        return Verdict(False, message("exercise:score.not-a-number", shown=repr(text)), "")
    said = [
        message("exercise:score.line", text=line.text, points=line.points, rule=line.rule)
        for line in lines
    ]
    breakdown = said[-1]
    for line in reversed(said[:-1]):  # "a; b; c"
        breakdown = message("exercise:score.lines", first=line, rest=breakdown)
    rules = [line.rule for line in lines]
    rule = next((r for r in rules if r in exercise.rules), rules[0])
    if number == total:
        return Verdict(
            True, message("exercise:score.right", breakdown=breakdown, total=total), rule
        )
    wrong = message("exercise:score.wrong", number=number, breakdown=breakdown, total=total)
    return Verdict(False, wrong, rule)


def judge(exercise: Exercise, attempt: Any, seed: int = 0) -> Verdict:
    """The engine's verdict on a try: a move's text, the marked cards, an answer, a number."""
    game = game_of(exercise, seed)
    return _judge_on(exercise, game, attempt)


def _judge_on(exercise: Exercise, game: GameLike, attempt: Any) -> Verdict:
    match exercise.task:
        case Play():
            return _judge_play(exercise, game, str(attempt))
        case Choose():
            marked = attempt.split() if isinstance(attempt, str) else list(attempt)
            return _judge_choose(exercise, game, marked)
        case Decide():
            return _judge_decide(exercise, game, str(attempt))
        case Score():
            return _judge_score(exercise, game, str(attempt))
    raise TypeError(f"not a task: {exercise.task!r}")  # pragma: no cover


def _tries(exercise: Exercise, game: GameLike) -> list[Any]:
    """Every try worth judging: right ones and the likely wrong ones."""
    match exercise.task:
        case Play():
            seen: dict[str, str] = {}
            for text in [*_goals(exercise).tries(game), *exercise.tries]:
                try:
                    seen.setdefault(_move_text(exercise, text), text)
                except InvalidMoveError:
                    seen.setdefault(text, text)
            return list(seen)
        case Choose():
            marks = choose_marks(exercise, game)
            right = {card for card, why in marks if why.legal}
            return [sorted(right)] + [sorted(right ^ {card}) for card, _why in marks]
        case Decide():
            return list(question_answer(exercise, game).options)
        case Score():
            total = sum(line.points for line in score_lines(exercise, game))
            return [str(total), str(total + 5), str(total - 5)]
    raise TypeError(f"not a task: {exercise.task!r}")  # pragma: no cover


def judged_tries(exercise: Exercise, seed: int = 0) -> list[tuple[Any, Verdict]]:
    """Each try worth judging with the engine's verdict (right and wrong ones)."""
    game = game_of(exercise, seed)
    return [(attempt, _judge_on(exercise, game, attempt)) for attempt in _tries(exercise, game)]


def answers(exercise: Exercise, seed: int = 0) -> tuple[str, ...]:
    """The right tries as text, sorted: moves, the marked cards, the answer or the number."""
    right = (attempt for attempt, verdict in judged_tries(exercise, seed) if verdict.right)
    return tuple(sorted(a if isinstance(a, str) else " ".join(a) for a in right))
