"""The words of the learning path's pages: the landing page, a lesson's links and
demonstrations, and a game's Rules page (namespace ``lesson``).

A game's own words for its written moves are in its folder (``<game>/lesson_messages.py``).
Entries that a page shows as HTML (``lesson:demo.key``) take parameters already escaped;
their own words have no markup.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Message, Plural, message, register

__all__ = ["LESSON", "STORAGE_PROBLEMS", "storage_words"]

STORAGE_PROBLEMS = ("read-blocked", "read-failed", "write-blocked", "too-big", "full")
"""The codes ``static/storage.js`` gives for an entry it could not read or keep."""

LESSON = register(
    Catalog(
        "lesson",
        {
            # the landing page
            "lesson:landing.label": "Your learning path",
            "lesson:landing.steps": "{game}: the steps",
            "lesson:landing.continue": "Continue: ",
            "lesson:landing.practice": "Practice whole games",
            "lesson:landing.hand": "a whole {deal} against the bots",
            "lesson:landing.hand.done": "a whole {deal} against the bots · done",
            "lesson:landing.progress": "{solved} of {total} solved, ★ {stars}",
            "lesson:landing.progress.done": "{solved} of {total} solved, ★ {stars} · done",
            "lesson:landing.member.before": "In class ",
            "lesson:landing.member.between": " as ",
            "lesson:landing.member.link": "your assignments",
            "lesson:landing.oops": (
                "Something went wrong on our side while reading your progress; nothing was changed."
            ),
            "lesson:landing.unreadable": "Your saved progress could not be read: {why}.",
            "lesson:landing.ignored": "Saved progress for {file} was ignored: {why}.",
            "lesson:landing.shape": "a message is an object with exactly a type and records",
            "lesson:landing.records": "the records must be an object, by file",
            "lesson:landing.type": "unknown message type {value}",
            "lesson:landing.files": "the records name a file the path does not have",
            # why this browser could not read or keep progress (static/storage.js's codes)
            "lesson:storage.read-blocked": (
                "This browser keeps no progress here (storage is blocked)."
            ),
            "lesson:storage.read-failed": "This browser's storage could not be read.",
            "lesson:storage.write-blocked": (
                "Your progress cannot be kept in this browser (storage is blocked)."
            ),
            "lesson:storage.too-big": "Your progress is too big to keep in this browser.",
            "lesson:storage.full": (
                "Your progress could not be kept: this browser's storage is full."
            ),
            # the links of a lesson and of a Rules page
            "lesson:link.path": "← The path",
            "lesson:link.glossary": "Glossary",
            "lesson:link.rules": "Rules",
            "lesson:link.step": "{game}, step {at} of {steps}",
            "lesson:link.next": "Next: {title} →",
            "lesson:link.practice": "Next: practice whole hands →",
            "lesson:link.label": "The learning path",
            "lesson:rules.title": "{game}: the rules",
            "lesson:rules.label": "The rules pages",
            # a rule's demonstration
            "lesson:demo.allowed": "✓ allowed",
            "lesson:demo.refused": "✗ refused",
            "lesson:demo.head.allowed": "allowed?",
            "lesson:demo.head.move": "move",
            "lesson:demo.head.says": "what the rules say",
            "lesson:demo.head.rule": "rule",
            "lesson:demo.key": (
                "Cards are written rank then suit: {code} is the {name}. All the codes are "
                "in the {glossary}."
            ),
            "lesson:demo.glossary": "glossary",
            # moves in words (a game's verbs are in its own catalog)
            "lesson:verb.play": "play",
            "lesson:verb.play.cards": "play {cards}",
            "lesson:verb.play.any": "play any of {cards}",
            "lesson:and": "{first} and {rest}",
            "lesson:list": "{first}, {rest}",
            "lesson:moves": "{first}; {rest}",
            "lesson:moves.one-answer": Plural(
                "count", "{count} move, one answer: {said}", "{count} moves, one answer: {said}"
            ),
        },
    )
)
"""The learning path's words: the landing page, lesson links, demonstrations, Rules pages."""


def storage_words() -> dict[str, Message]:
    """What a page says for each code of ``static/storage.js`` (a page renders them)."""
    return {code: message(f"lesson:storage.{code}") for code in STORAGE_PROBLEMS}
