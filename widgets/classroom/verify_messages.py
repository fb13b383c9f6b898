"""The English words of the class server's verification of records (``classroom`` catalog).

A catalog of the ``classroom`` namespace kept beside ``verify.py``, which replays a deal or
judges an exercise's tries again before a record sent to the class server is kept. Each
refusal is ``classroom:verify.refused`` around one reason, a clause (no capital, no stop).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, register

from .messages import CLASSROOM as _FIRST  # noqa: F401 (the namespace's first catalog)

__all__ = ["VERIFY"]

VERIFY = register(
    Catalog(
        "classroom",
        {
            "classroom:verify.refused": "The record was refused: {why}.",
            # a record's shape, checked before anything is replayed
            "classroom:verify.not-object": "a record is a JSON object of named fields",
            "classroom:verify.missing": "a record needs its {field}",
            "classroom:verify.text": ("the record's {field} is text of 1 to {most} characters"),
            "classroom:verify.count": ("the record's {field} is a whole number from 0 to {most}"),
            "classroom:verify.flag": "the record's {field} is true or false",
            "classroom:verify.uid": "the record's uid is 32 hex digits",
            "classroom:verify.illegal": (
                "the record's refused tries are counted by rule id, at most {most} rules"
            ),
            "classroom:verify.moves": (
                "the record's moves are a list of at most {most} move texts"
            ),
            "classroom:verify.move-text": (
                "move {number} is not a move text of 1 to {most} characters"
            ),
            "classroom:verify.result": "a record's result is one of {results}, not {result}",
            "classroom:verify.score": "the record's score is a whole number",
            # a deal replayed through the rules and the bots
            "classroom:verify.code": "the deal code cannot be read: {why}",
            "classroom:verify.illegal-move": (
                "move {number}, '{move}', breaks the rule {rule}: {why}"
            ),
            "classroom:verify.unplayable": "move {number}, '{move}', cannot be played: {why}",
            "classroom:verify.not-bots-choice": (
                "move {number}, '{move}', is not {level}'s choice (it plays '{chosen}')"
            ),
            "classroom:verify.after-end": (
                "move {number}, '{move}', comes after the end of the deal"
            ),
            "classroom:verify.not-over": "the deal is not over",
            "classroom:verify.over": "the deal is over, so its record is a finished one",
            "classroom:verify.wrong-result": (
                "the result sent, {sent}, is not the deal's, {result}"
            ),
            "classroom:verify.wrong-score": "the score sent, {sent}, is not the deal's, {score}",
            "classroom:verify.unknown-rule": "{rule} is not a rule of {game}",
            "classroom:verify.broken": "the record could not be checked",
            # an exercise's tries judged again
            "classroom:verify.file": "{file} is not one of the school's exercise files",
            "classroom:verify.no-exercise": "the file {file} has no exercise {exercise}",
            "classroom:verify.tries": "the record's tries are a list of at most {most} tries",
            "classroom:verify.try-form": ("try {number} is neither an answer nor a list of cards"),
            "classroom:verify.try-unread": "try {number} cannot be read as an answer",
            "classroom:verify.right-early": (
                "try {number} is right, yet the record goes on after it"
            ),
            "classroom:verify.no-tries": "the record holds no try",
            "classroom:verify.not-tried": (
                "the exercise is done, so its record is not one of tries alone"
            ),
            "classroom:verify.wrong-outcome": (
                "the result sent, {sent}, is not the exercise's, {result}"
            ),
            "classroom:verify.unsolved": "the last try, {number}, does not solve the exercise",
            "classroom:verify.shown-early": (
                "the answer is shown only after {count} wrong tries, not {wrong}"
            ),
        },
    )
)
"""The sentences of the verification of records."""
