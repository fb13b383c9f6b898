"""The exercise widget's words: its refusals, notices, labels and the lines it shows.

They join the ``exercise`` catalog (``cardschool.engine.exercises.messages``, the engine's
verdicts); the widget renders them in one place (``ExerciseWidget.words``) and sends the
front end text only.
"""

from __future__ import annotations

from cardschool.engine.exercises import messages as _engine  # noqa: F401  (its words first)
from cardschool.engine.messages import Catalog, Plural, register

__all__ = ["EXERCISE_WIDGET"]

EXERCISE_WIDGET = register(
    Catalog(
        "exercise",
        {
            # refusals of a click (shown as a sentence: "{said:cap}.")
            "exercise:refused": "{said:cap}.",
            "exercise:refused.stale": (
                "the exercise changed before your click arrived; nothing was done"
            ),
            "exercise:refused.done": "this exercise is done: press Next",
            "exercise:refused.pick": "pick cards of your hand, then press the button",
            "exercise:refused.pick-own": "only cards of your hand may be picked, each once",
            "exercise:refused.mark": "mark cards, then press Check",
            "exercise:refused.mark-own": "only cards of your hand may be marked, each once",
            "exercise:refused.number": "type a whole number",
            "exercise:refused.not-offered": "that is not one of the tries offered here",
            "exercise:refused.show": Plural(
                "count",
                "Show me comes after {count} wrong try",
                "Show me comes after {count} wrong tries",
            ),
            "exercise:refused.last": "this is the last exercise of the file",
            "exercise:refused.first": "this is the first exercise of the file",
            "exercise:refused.go-past": "this file has {count} exercises",
            "exercise:refused.go-here": "exercise {number} is the one on show",
            # a message from the front end that is not one (exercise_intents.py)
            "exercise:intent.rev": "'rev' must be a whole number from 0",
            "exercise:intent.marked": "marked cards must be a short list of card texts",
            "exercise:intent.try": "a try must be a short text or a list of cards",
            "exercise:intent.to": "'to' must be the number of an exercise, from 0",
            "exercise:intent.fields": "a {type!r} message has exactly the fields {fields}",
            # notices
            "exercise:oops": (
                "Something went wrong on our side; the exercise is as it was. Try again."
            ),
            "exercise:progress-ignored": "Saved progress for this file was ignored: {why}.",
            "exercise:no-trait-change": "The browser may not change the exercise directly.",
            # the hint: the lesson's ideas, then each rule by its title and id
            "exercise:hint": "Hint: {hint}",
            "exercise:hint.rule": "{title} ({rule})",
            "exercise:hint.rules": "{first}; {rest}",
            "exercise:hint.ideas": "{ideas} {rules}",
            # the head: where the learner is, and the row of exercises with their stars
            "exercise:head": "Exercise {number} of {of}",
            "exercise:summary": "Solved {solved} of {count} · {stars}",
            "exercise:summary.here": "Solved {solved} of {count} here · {stars}",
            "exercise:stars.none": "not done yet",
            "exercise:stars.shown": "answer shown, no star",
            "exercise:stars.seen": "seen",
            "exercise:jump": "Exercise {number}: {stars}",
            "exercise:jump.here": "Exercise {number} (on show): {stars}",
            "exercise:earned": "Solved: {mark} ({stars} for this exercise).",
            # the feedback on a try
            "exercise:feedback.right": "Right. ",
            "exercise:feedback.wrong": "Not right. ",
            "exercise:feedback.again": " Try again.",
            "exercise:feedback.said": "{said:cap}",
            "exercise:feedback.said.stop": "{said:cap}.",
            "exercise:feedback.ruled": "{said} Rule: {title} ({rule}).",
            "exercise:feedback.ruled.untitled": "{said} Rule: ({rule}).",
            # labels of the front end
            "exercise:label.exercise": "Exercise",
            "exercise:label.position": "The position",
            "exercise:label.jump": "Exercises of this file",
            "exercise:label.hand.choose": "Your cards: mark every card the question asks for",
            "exercise:label.hand.play": "Your cards",
            "exercise:label.card.choose": "Mark {card}",
            "exercise:label.card.play": "Play {card}",
            "exercise:label.marked": "✓ marked",
            "exercise:label.check-marked": Plural(
                "count", "Check the {count} marked card", "Check the {count} marked cards"
            ),
            "exercise:label.moves": "Moves",
            "exercise:label.answers": "Answers",
            "exercise:label.option.play": "Play: {option}",
            "exercise:label.option.answer": "Answer: {option}",
            "exercise:answer.yes": "yes",
            "exercise:answer.no": "no",
            "exercise:label.score": "The score",
            "exercise:label.check-score": "Check the score",
            "exercise:label.check": "Check",
            "exercise:label.tools": "Exercise tools",
            "exercise:label.hint": "Hint: the rule this practises",
            "exercise:label.hint.button": "Hint",
            "exercise:label.show": "Show me the answer (no star)",
            "exercise:label.show.button": "Show me",
            "exercise:label.back": "Back to the exercise before",
            "exercise:label.back.button": "Back",
            "exercise:label.next": "Next exercise",
            "exercise:label.next.button": "Next",
        },
    )
)
"""The exercise widget's sentences and labels (the engine's verdicts are in its catalog)."""
