"""The exercise widget: a file's exercises one after another, each judged by the engine.

:class:`ExerciseWidget` shows an exercise's position (the view's picture), its prompt and
what the learner may try: a card or a button for *play*, cards to mark then "Check" for
*choose*, one button per answer for *decide*, a number box for *score*. The browser only
sends intents; Python checks each one strictly (type, fields, the state's revision, a try
among those offered) and asks the engine (``judge``), so the front end decides nothing::

    {"type": "try", "try": "KC", "rev": 4}          # a move, an answer, or a number's text
    {"type": "try", "try": ["4C", "JC"], "rev": 4}  # choose: the marked cards
    {"type": "hint", "rev": 4}  {"type": "show", "rev": 4}  {"type": "next", "rev": 4}
    {"type": "back", "rev": 4}  {"type": "go", "to": 2, "rev": 4}   # go: by index, from 0
    {"type": "progress", "record": {...}}           # the record the browser kept

The head says where the learner is ("Exercise 3 of 7") above a row of numbered buttons,
one per exercise of the file with its stars, to jump to any of them; Back and Next step.
A wrong try gets the engine's sentence and rule id; "Hint" gives the rule's title; "Show
me" comes after two wrong tries. Stars: 3 on the first try, 2 on the second, 1 after; a
shown answer counts as seen, with no star. Progress lives in the browser
(``static/storage.js``, key ``cardschool/v1/progress/<file>``); the record it sends back
is checked by ``check_record`` and ignored with a plain line when it does not fit. Every
word shown is a message (``exercise_screen.py``) put into words by :meth:`words`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardschool.engine.errors import said_of
from cardschool.engine.exercises import (
    Choose,
    Decide,
    Exercise,
    ExerciseFileError,
    Play,
    Problem,
    ProgressError,
    Score,
    answers,
    check_record,
    empty_record,
    file_key,
    game_of,
    judge,
    load_file,
)
from cardschool.engine.exercises.answers import choose_cards, judged_tries, question_answer
from cardschool.engine.exercises.progress import stars_for
from cardschool.engine.games import game_spec
from cardschool.engine.messages import Message, message, render
from cardschool.engine.reasons import ideas

from . import exercise_screen as screen
from .browser_json import plain
from .classroom import joined
from .exercise_intents import (
    ExerciseIntent,
    GoIntent,
    ProgressIntent,
    TryIntent,
    offered,
    parse_exercise_intent,
)
from .exercise_screen import position_picture
from .front_end import exercise_front_end
from .intents import IntentError
from .listening import Listened
from .speaking import Speaking
from .table import deck_faces

__all__ = [
    "SHOW_AFTER",
    "ExerciseWidget",
    "exercises",
    "in_words",
    "parse_exercise_intent",
    "position_picture",
    "shown_answers",
]

log = logging.getLogger(__name__)

SHOW_AFTER = 2
"""Wrong tries after which "Show me" is offered."""
_KINDS = {Play: "play", Choose: "choose", Decide: "decide", Score: "score"}
shown_answers = screen.shown_answers


def in_words(said: Any) -> Any:
    """Messages in words: a message rendered, a list or a dict of them each one (a tuple as a
    list), text and None as they are; the exercise widget and the landing page speak so."""
    if isinstance(said, Message):
        return render(said)
    if isinstance(said, dict):
        return {key: in_words(value) for key, value in said.items()}
    if isinstance(said, list | tuple):
        return [in_words(value) for value in said]
    return said


class ExerciseWidget(Listened, Speaking, anywidget.AnyWidget):
    """A file's exercises, one at a time: position, prompt, tries judged by the engine, stars."""

    _esm, _css = exercise_front_end()

    state = traitlets.Dict().tag(sync=True)
    """What the front end draws (see :meth:`_picture_state`); set by Python only."""
    faces = traitlets.Dict().tag(sync=True)
    """Card text -> SVG picture for the current game's deck; sent when the game changes."""
    picture = traitlets.Unicode().tag(sync=True)
    """The position as HTML (the view's picture); sent when the exercise changes, not per try."""
    record = traitlets.Dict().tag(sync=True)
    """The progress record the browser stores under ``cardschool/v1/progress/<file>``."""

    def __init__(
        self,
        items: Sequence[Exercise],
        file: str,
        *,
        first: int = 1,
        of: int | None = None,
        more_below: bool = False,
        **kwargs: Any,
    ) -> None:
        if not items:
            raise ExerciseFileError([Problem(file, 0, "", "the file holds no exercises")])
        of = len(items) if of is None else of
        if first < 1 or of < first + len(items) - 1:
            raise ValueError(f"exercises {first} to {first + len(items) - 1} do not fit in {of}")
        super().__init__(**kwargs)
        self.items = tuple(items)
        self.first = first
        """The number the learner reads for the first of these exercises (a lesson may show
        its exercises in several boxes, numbered on from one box to the next)."""
        self.of = of
        """How many exercises the learner is told there are in all (the lesson's count)."""
        self.more_below = more_below
        """The lesson's next exercises are in another box below: Next on the last one here
        takes the learner there (the browser scrolls; nothing to judge)."""
        self.file = file_key(file)
        self.record = empty_record(self.file)
        self.checked: dict[str, int] = {}
        """Stars of the solves this kernel judged itself (never what the browser sent)."""
        self.tries: dict[str, int] = {}
        """Wrong tries this kernel judged per exercise id not solved yet (kept across Back and
        Next, so leaving an exercise and coming back never makes its tries start again)."""
        self.shown: set[str] = set()
        """Exercise ids whose answer was shown here or, as the class store says, before."""
        self.attempts: dict[str, list[Any]] = {}
        """The tries this kernel judged per exercise id not done yet, in order (a class
        server judges them again): the listeners read them at ``"wrong"`` and ``"done"``."""
        self.listeners: list[Callable[[str, Any], None]] = []
        """Called as ``listener(event, detail)`` for a class record: ``"wrong"`` (the rule id
        of a wrong try), ``"hint"``, ``"done"`` (the stars this kernel judged; 0 when shown)."""
        self._rev = 0
        self._faces_game = ""
        self._go(0)
        self.on_msg(self._receive)

    # ------------------------------------------------------------ the exercise on show

    @property
    def exercise(self) -> Exercise:
        """The exercise on show."""
        return self.items[self.index]

    def _go(self, index: int) -> None:
        """Show exercise ``index`` afresh: no tries yet."""
        self.index = index
        exercise = self.exercise
        game = game_of(exercise)
        self.wrong = self.tries.get(exercise.id, 0)
        self.done = False
        self.verdict: Any = None
        self.hint: Message | None = None
        self.answer: Message | None = None
        self.notice: Message | None = None
        self.hand: list[str] = []
        self.options: list[str] = []
        self.picker = None
        match exercise.task:
            case Play(goal=goal):
                held = [str(card) for card in game.view(0).to_dict().get("hand", [])]
                self.picker = game_spec(exercise.game).goals.picker(goal)
                if self.picker is not None:  # the move is made by picking cards of the hand
                    self.hand = held
                else:
                    tries = [str(a) for a, _ in judged_tries(exercise)]
                    self.hand = [card for card in held if card in tries]
                    self.options = [t for t in tries if t not in self.hand]
            case Choose():
                self.hand = choose_cards(exercise, game)
            case Decide():
                self.options = list(question_answer(exercise, game).options)
        self.picture = self._position()
        if self._faces_game != exercise.game:
            self.faces = deck_faces(exercise.game)
            self._faces_game = exercise.game
        self._draw()

    def _position(self) -> str:
        """The position's picture, seen from the seat the prompt names."""
        exercise = self.exercise
        seat = exercise.task.seat if isinstance(exercise.task, Score) else 0
        return position_picture(game_of(exercise).view(seat))

    def redraw_words(self) -> None:
        """The page speaks another language: the position and the exercise drawn again in
        its words (the tries, the stars and the exercise on show stay), and the card
        pictures, whose labels name their cards."""
        self.picture = self._position()
        if self._faces_game:
            self.faces = deck_faces(self._faces_game)
        self._draw()

    def refuse_language(self, said: Message) -> None:
        """A language the school does not speak is refused with a plain line."""
        self._tell(message("exercise:refused", said=said))

    def _draw(self) -> None:
        self._rev += 1
        self.state = self._picture_state()

    def _picture_state(self) -> dict[str, Any]:
        """The state the front end draws: everything it shows, in words, nothing it must
        work out."""
        exercise = self.exercise
        kind = "pick" if self.picker is not None else _KINDS[type(exercise.task)]
        stars = [self.record["stars"].get(e.id) for e in self.items]
        verdict = self.verdict
        pick = message("exercise:pick.button") if self.picker else None
        shown: dict[str, Any] = {
            "labels": screen.LABELS,
            "storage": screen.STORAGE,
            **screen.head(stars, self.index, self.first, self.of),
            **screen.tries(exercise.game, kind, self.hand, self.options, pick),
            "earned": None,
            "hint": self.hint and message("exercise:hint", hint=self.hint),
        }
        if self.done and verdict is not None and verdict.right:
            mark, words = screen.star_words(stars[self.index])
            shown["earned"] = message("exercise:earned", mark=mark, stars=words)
        feedback = verdict and screen.feedback(verdict, self.done, self.words)
        return {
            "rev": self._rev,
            "file": self.file,
            "index": self.index,
            "count": len(self.items),
            "first": self.first,
            "of": self.of,
            "id": exercise.id,
            "game": exercise.game,
            "kind": kind,
            "prompt": exercise.prompt.said(),  # in the language the page speaks now
            "hand": list(self.hand),
            "options": list(self.options),
            "wrong": self.wrong,
            "done": self.done,
            "feedback": self.words(feedback),
            "hint": self.words(self.hint),
            "can_show": not self.done and self.wrong >= SHOW_AFTER,
            "answer": self.words(self.answer),
            "can_next": self.index + 1 < len(self.items) or self.more_below,
            "next_below": self.index + 1 >= len(self.items) and self.more_below,
            "can_back": self.index > 0,
            "stars": stars,
            "ids": [e.id for e in self.items],
            "notice": self.words(self.notice),
            "pick_label": self.words(pick),
            "words": self.words(shown),
        }

    def words(self, said: Any) -> Any:
        """Messages in words: the one place this widget turns a message into text
        (:func:`in_words`)."""
        return in_words(said)

    def _tell(self, said: Message | str) -> None:
        """A plain line under the exercise; nothing else changes (text: words said as they are)."""
        self.notice = said if isinstance(said, Message) else Message.parse(said)
        self._draw()

    # ------------------------------------------------------------ intents

    def handle_intent(self, content: object) -> None:
        """Check one intent from the browser and act on it, or refuse it with a plain line."""
        try:
            intent = parse_exercise_intent(content)
            if not isinstance(intent, ProgressIntent) and intent.rev != self._rev:
                raise IntentError(message("exercise:refused.stale"))
            getattr(self, f"_on_{intent.type}")(intent)
        except IntentError as error:
            log.info("refused exercise intent %r: %s", content, error)
            self._tell(message("exercise:refused", said=said_of(error)))

    def _on_try(self, intent: TryIntent) -> None:
        if self.done:
            raise IntentError(message("exercise:refused.done"))
        task = None if self.picker is not None else self.exercise.task
        attempt = offered(intent.attempt, task, self.hand, self.options)
        if self.picker is not None:  # the cards picked in the hand make the move
            attempt = self.picker(game_of(self.exercise), list(attempt))
        verdict = self.verdict = judge(self.exercise, attempt)
        tried = attempt if isinstance(attempt, str) else [str(card) for card in attempt]
        self.attempts.setdefault(self.exercise.id, []).append(tried)
        self.notice = None
        if verdict.right:
            self.done = True
            earned = stars_for(self.wrong)
            self.tries.pop(self.exercise.id, None)  # judged: a try again starts afresh
            shown = self.exercise.id in self.shown
            if shown or self.record["stars"].get(self.exercise.id) == 0:  # answer shown before
                earned = 0
                self.notice = message("exercise:solved-after-shown")
            if earned:
                self.checked[self.exercise.id] = max(self.checked.get(self.exercise.id, 0), earned)
            self._keep(earned)
        else:
            self.wrong += 1
            self.tries[self.exercise.id] = self.wrong
            self._notify("wrong", verdict.rule)
        self._draw()

    def _on_hint(self, _intent: ExerciseIntent) -> None:
        task, found = self.exercise.task, None
        if isinstance(task, Play) and task.goal == "best":  # the lesson's ideas, no card named
            found = ideas(game_of(self.exercise))
        self.hint = screen.hint(self.exercise.rules, found)
        self.notice = None
        self._notify("hint", None)
        self._draw()

    def _on_show(self, _intent: ExerciseIntent) -> None:
        if self.done or self.wrong < SHOW_AFTER:
            raise IntentError(message("exercise:refused.show", count=SHOW_AFTER))
        exercise = self.exercise
        kind = _KINDS[type(exercise.task)]
        right = [  # an answer on a button in the button's words (a card or a score as written)
            screen.option_words(exercise.game, kind, a) if a in self.options else a
            for a in answers(exercise)
        ]
        self.answer = shown_answers(right)
        self.shown.add(self.exercise.id)
        self.tries.pop(self.exercise.id, None)
        self.done = True
        self.notice = None
        self._keep(0)
        self._draw()

    def _on_next(self, _intent: ExerciseIntent) -> None:
        if self.index + 1 >= len(self.items):
            raise IntentError(message("exercise:refused.last"))
        self._go(self.index + 1)

    def _on_back(self, _intent: ExerciseIntent) -> None:
        if self.index == 0:
            raise IntentError(message("exercise:refused.first"))
        self._go(self.index - 1)

    def _on_go(self, intent: GoIntent) -> None:
        to = intent.to
        if to >= len(self.items):
            raise IntentError(message("exercise:refused.go-past", count=len(self.items)))
        if to == self.index:
            raise IntentError(message("exercise:refused.go-here", number=to + 1))
        self._go(to)

    def _on_progress(self, intent: ProgressIntent) -> None:
        try:
            stored = check_record(intent.record, self.file, self._progress_ids())
        except ProgressError as error:
            log.info("ignored a progress record: %s", error)
            self._tell(message("exercise:progress-ignored", why=error.said))
            return
        stars = dict(self.record["stars"])
        for ident, count in stored["stars"].items():
            stars[ident] = max(stars.get(ident, 0), count)
        self.record = {**self.record, "stars": stars}
        self._draw()

    def _progress_ids(self) -> Sequence[str]:
        """The exercise ids a stored progress record of this file may hold."""
        return tuple(e.id for e in self.items)

    def carry_over(self, tries: dict[str, int], shown: set[str]) -> None:
        """Take what the class store judged before (wrong tries not judged yet, answers shown)
        for these exercises: a reload never makes their tries start again."""
        for ident, count in tries.items():
            self.tries[ident] = max(self.tries.get(ident, 0), count)
        self.shown |= shown
        ident = self.exercise.id
        if not self.done and self.tries.get(ident, 0) > self.wrong:
            self.wrong = self.tries[ident]
            self._draw()

    def _keep(self, stars: int) -> None:
        """Record the exercise on show as done with ``stars`` (the best so far is kept)."""
        ident = self.exercise.id
        kept = dict(self.record["stars"])
        kept[ident] = max(kept.get(ident, 0), stars)
        self.record = {**self.record, "stars": kept}
        self._notify("done", stars)
        self.attempts.pop(ident, None)  # judged: a try again starts afresh

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        """Every custom message from the browser lands here; no exception escapes."""
        content = plain(content)  # Pyodide's null is None here too (the static site)
        try:
            if joined.take(self, content):  # the browser's class membership, checked there
                return
            if not self.take_language(content):
                self.handle_intent(content)
        except Exception:
            log.exception("the exercise failed to handle a message")
            try:
                self._tell(message("exercise:oops"))
            except Exception:
                log.exception("the exercise could not even show an error")

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser may change no trait: it sends intents; trait changes are refused."""
        if sync_data:
            log.warning("the browser tried to change %s; ignored", ", ".join(sorted(sync_data)))
            self._tell(message("exercise:no-trait-change"))


def exercises(path: str | Path) -> ExerciseWidget:
    """Show the exercises of a file one after another (``path`` relative to the notebook)."""
    return ExerciseWidget(load_file(Path(path)), str(path))
