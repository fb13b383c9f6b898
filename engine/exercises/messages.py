"""The exercises' sentences as messages: what a verdict, a shown answer and the checker say.

Each entry is a whole sentence with named placeholders (see ``cardschool.engine.messages``);
cards are given as their text (``KB``), lists already joined.
"""

from __future__ import annotations

from ..messages import Catalog, Plural, register

__all__ = ["EXERCISE"]

EXERCISE = register(
    Catalog(
        "exercise",
        {
            # a choose task's marking, every mistake at once
            "exercise:choose.tally": (
                "Marked but wrong: {wrong}. Not marked but right: {missing}."
            ),
            "exercise:choose.tally.wrong": "Marked but wrong: {wrong}.",
            "exercise:choose.tally.missing": "Not marked but right: {missing}.",
            "exercise:choose.not-playable": "{card} may not be played: {why}",
            "exercise:choose.playable-too": "{card} may be played too: {why}",
            "exercise:choose.not-marked": "{card} should not be marked: {why}",
            "exercise:choose.marked-too": "{card} should be marked too: {why}",
            "exercise:choose.then": "{first} {then}",
            "exercise:sentence": "{said}.",
            "exercise:choose.right": "You marked {picked}",
            "exercise:choose.right.none": "You marked no card",
            # the answer shown, every right one
            "exercise:shown": Plural(
                "count",
                "The answer: {answers}. Marked as seen, with no star.",
                "Every right answer: {answers}. Marked as seen, with no star.",
            ),
            "exercise:shown.or": "{first} or {last}",
            # a count of stars (the exercises' heads and the landing page's progress)
            "exercise:stars": Plural("count", "{count} star", "{count} stars"),
            "exercise:solved-after-shown": (
                "You saw the answer to this exercise before, so it stays seen, with no star."
            ),
            # a lesson's exercises in several boxes
            "exercise:box": "Exercise {first} of this lesson's {total}",
            "exercise:box.span": "Exercises {first} to {last} of this lesson's {total}",
            # a table drawn as a picture (a lesson's or an exercise's)
            "exercise:picture.winning": "Framed in gold: {who}'s card, winning the trick so far",
            "exercise:picture.totals-before": "totals before this {deal} (to {target})",
            "exercise:picture.face-down": "{meld} ({value}): all eight, natural, turned face down",
            "exercise:picture.face-down-card": "A card of a meld turned face down",
            "exercise:picture.totals-before.short": "totals before this {deal}",
            # a move made by picking cards of the hand
            "exercise:pick.button": "Lay down the picked cards",
            # play goals
            "exercise:goal.not-new-meld": "{move} is legal, but not a new meld: {why}",
            "exercise:goal.added-not-new-meld": (
                "{move} adds to a meld you have: legal, but the task is to lay down a new meld"
            ),
            # questions and scores (answers.py)
            "exercise:next-dealer": "{who} dealt this {deal}, so {next} deals next",
            "exercise:choose.stray": "{cards}: not in your hand",
            "exercise:score.not-a-number": "{shown} is not a whole number",
            "exercise:score.line": "{text} ({points:+d}, {rule})",
            "exercise:score.lines": "{first}; {rest}",
            "exercise:score.right": "{breakdown}; {total} in all",
            "exercise:score.wrong": "Not {number}: {breakdown}; {total} in all",
            # the best move, when the expert cannot tell the moves apart
            "exercise:no-clear-best": "the expert cannot tell the moves apart here",
            # a task that does not fit its game or position (the author reads these)
            "exercise:task.next-dealer": (
                "next-dealer needs a finished {deal} of a match not over"
            ),
            "exercise:task.no-question": "{game} has no question {question!r}",
            "exercise:task.no-goal": "{game} has no play goal {goal!r}",
            "exercise:task.no-legal-choose": "{game} offers no choose task of legal cards",
            "exercise:task.no-mark": "{game} has no choose mark {mark!r}",
            "exercise:task.no-mover": "a best-move task needs a position where someone is to move",
            # a progress record the browser kept, refused whole
            "exercise:record.not-json": "the record is not plain JSON",
            "exercise:record.too-big": "the record is too big ({size} bytes, at most {most})",
            "exercise:record.not-object": "the record is not an object",
            "exercise:record.keys": "the record does not have exactly version, file and stars",
            "exercise:record.version": "the record's version is not {version}",
            "exercise:record.file": "the record is not about {file}",
            "exercise:record.stars-object": "the record's stars are not an object",
            "exercise:record.unknown-id": (
                "the record names an exercise this file does not have: {ident!r}"
            ),
            "exercise:record.stars": "stars must be a whole number from 0 to {most}",
            "exercise:record.file-name": (
                "an exercise file's name must be plain letters and digits: {path!r}"
            ),
            # the checker
            "exercise:check.open-trick": (
                "{question} asks about a trick still being played: {seat} could still change "
                "the answer with {card}; ask once the trick is complete"
            ),
        },
    )
)
"""The exercises' sentences: verdicts on a marking, a shown answer, the checker's refusals."""
