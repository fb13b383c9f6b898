"""What the exercise widget's front end shows in words, as messages: its labels, the head,
the row of exercises with their stars, the feedback on a try, the hint and the answer.

The widget renders them all in one place (``ExerciseWidget.words``); the front end only
places the text it gets, so a page in another language is one more catalog.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from cardschool.engine.exercises import Verdict
from cardschool.engine.games import game_spec
from cardschool.engine.messages import Message, message, render, seat_label
from cardschool.engine.rulebook import RULES, title

from . import exercise_messages as _catalog  # noqa: F401  (registers the widget's words)
from .lesson_messages import storage_words
from .lessons import move_said

__all__ = [
    "ANSWER_WORDS",
    "LABELS",
    "feedback",
    "head",
    "hint",
    "option_words",
    "position_picture",
    "shown_answers",
    "star_words",
    "tries",
]

LABELS = {
    name: message(f"exercise:label.{name}")
    for name in (
        "exercise",
        "position",
        "jump",
        "hand.choose",
        "hand.play",
        "marked",
        "moves",
        "answers",
        "score",
        "check-score",
        "check",
        "tools",
        "hint",
        "hint.button",
        "show",
        "show.button",
        "back",
        "back.button",
        "next",
        "next.button",
    )
}
"""The front end's fixed labels, by name (``hand.choose``: the hand when cards are marked)."""
STORAGE = storage_words()
"""Why the browser could not read or keep the progress, by ``storage.js``'s code."""

STARS = 3
"""The most stars an exercise earns."""


def star_words(count: int | None) -> tuple[str | Message, Message]:
    """An exercise's stars as a mark (``★★☆``, or "seen") and in words ("2 stars")."""
    if count is None:  # not tried yet: three empty stars (a lone dot read like a bullet)
        return "☆" * STARS, message("exercise:stars.none")
    if count == 0:
        return message("exercise:stars.seen"), message("exercise:stars.shown")
    return "★" * count + "☆" * (STARS - count), message("exercise:stars", count=count)


def head(stars: Sequence[int | None], index: int, first: int, of: int) -> dict[str, Any]:
    """Where the learner is, how much is solved, and each exercise's button with its stars."""
    solved = sum(1 for count in stars if count)
    total = sum(count or 0 for count in stars)
    here = "" if of == len(stars) else ".here"
    jump = []
    for at, count in enumerate(stars):
        mark, words = star_words(count)
        on_show = ".here" if at == index else ""
        label = message(f"exercise:jump{on_show}", number=first + at, stars=words)
        jump.append({"mark": mark, "label": label})
    return {
        "head": message("exercise:head", number=first + index, of=of),
        "summary": message(
            f"exercise:summary{here}",
            solved=solved,
            count=len(stars),
            stars=message("exercise:stars", count=total),
        ),
        "jump": jump,
    }


def _card_name(game: str, card: str) -> Message | str:
    """A card's name with its article, in the page's language (``the Queen of spades``, ``la
    dame de pique``), or its text."""
    try:
        return game_spec(game).card_type.parse(card).said_the
    except ValueError:
        return card


def option_words(game: str, kind: str, option: str) -> str:
    """An option's words on its button, in the page's language: a move as the lessons say
    it, yes or no, a seat, a suit; anything else (a number) as it is written."""
    spec = game_spec(game)
    said: Message | str = option
    if kind == "play":
        said = move_said(option, game)[0]
    elif option in ANSWER_WORDS:
        said = message(f"exercise:answer.{option}")
    elif option in spec.seat_names:
        said = seat_label(option)
    else:
        suit = next((suit for suit in spec.suits if getattr(suit, "noun", None) == option), None)
        said = suit.said if suit is not None else option  # type: ignore[attr-defined]
    text = render(said) if isinstance(said, Message) else said
    return text[:1].upper() + text[1:]


ANSWER_WORDS = ("yes", "no")
"""The answers every game's questions may give that are words of the exercise catalog."""


def tries(
    game: str, kind: str, hand: Sequence[str], options: Sequence[str], pick: Message | None
) -> dict[str, Any]:
    """The words of what may be tried: each card's, each option's and the check button's."""
    choose = kind in ("choose", "pick")
    card_label = "exercise:label.card." + ("choose" if choose else "play")
    option_label = "exercise:label.option." + ("play" if kind == "play" else "answer")
    checks = [message("exercise:label.check-marked", count=n) for n in range(len(hand) + 1)]
    shown = {option: option_words(game, kind, option) for option in options}
    return {
        "cards": {card: message(card_label, card=_card_name(game, card)) for card in hand},
        "options": {option: message(option_label, option=shown[option]) for option in options},
        "option_words": shown,
        "checks": [pick] * len(checks) if pick is not None else checks,
        "check": pick or LABELS["check"],
    }


def feedback(verdict: Verdict, done: bool, words: Callable[[Message], str]) -> dict[str, Any]:
    """The feedback on a try: its sign, right or not, the engine's sentence with its rule,
    and "Try again" while the exercise is open."""
    said = words(verdict.said)
    # the engine's words as a sentence: a capital, and a full stop before "Rule:"
    stop = "" if said[-1:] in (".", "!", "?") else ".stop"
    sentence = message(f"exercise:feedback.said{stop}", said=said)
    title_said = title(verdict.rule) if verdict.rule in RULES else ""
    if verdict.rule:
        untitled = "" if title_said else ".untitled"
        ruled = f"exercise:feedback.ruled{untitled}"
        sentence = message(ruled, said=sentence, title=title_said, rule=verdict.rule)
    again = None if verdict.right or done else message("exercise:feedback.again")
    return {
        "right": verdict.right,
        "text": said,
        "rule": verdict.rule,
        "title": title_said,
        "sign": "✓ " if verdict.right else "✗ ",
        "verdict": message("exercise:feedback." + ("right" if verdict.right else "wrong")),
        "said": sentence,
        "again": again,
    }


def _titled(rule: str) -> str:
    """A rule's title in the spoken language (its id when the rulebook has none)."""
    return title(rule) if rule in RULES else rule


def hint(rules: Sequence[str], ideas: Message | None) -> Message:
    """The hint's words: the lesson's ideas (if any), then each rule by its title and id."""
    said = [message("exercise:hint.rule", title=_titled(rule), rule=rule) for rule in rules]
    if not said:  # an exercise always names its rules; nothing to add if not
        return ideas or message("said:words", text="")
    told = said[-1]
    for rule in reversed(said[:-1]):  # "a (x); b (y)"
        told = message("exercise:hint.rules", first=rule, rest=told)
    return told if ideas is None else message("exercise:hint.ideas", ideas=ideas, rules=told)


def shown_answers(right: Sequence[str]) -> Message:
    """The sentence "Show me" gives: every right answer (``3C or JC``), marked as seen."""
    listed: str | Message = right[0]
    if len(right) > 1:
        listed = message("exercise:shown.or", first=", ".join(right[:-1]), last=right[-1])
    return message("exercise:shown", count=len(right), answers=listed)


def position_picture(view: Any) -> str:
    """The view's picture with no move marked legal and none of the answers an exercise asks
    (whose turn, the trick's winner, the deal's score): working that out is the exercise."""
    if dataclasses.is_dataclass(view) and "legal" in {f.name for f in dataclasses.fields(view)}:
        view = dataclasses.replace(view, legal=())
    return view.still_html(quiz=True)
