"""What makes each game itself, declared once: the :class:`GameSpec` of a game package.

Generic code (sessions, bots, deal codes, tournaments, hints, the tables) never asks which
game it serves; it looks the game up in the registry (``cardschool.engine.games``) and
reads the answer here: how many seats and their names, the rules and move types, the deck,
the deal code's prefix and variants, the word for a deal, the rule of the next deal, the
bots and the hints. The engine names no widget: the widgets' registry maps a game to its
table.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .goals import Goals
from .hints import Hint
from .messages import Catalog, Message, message, render
from .protocol import Bot, GameLike

__all__ = ["RULEBOOK_WORDS", "Entry", "GameSpec", "Outcomes", "rule_said", "rulebook_catalog"]


Simulate = Callable[[dict[str, Any], list[str], int, random.Random], list[list[float]]]
"""``simulate(view, moves, deals, rng)``: for each of ``deals`` deals of the hidden cards that
fit the mover's view, the outcome of each move (in the order given) played out to the end of
the deal; every move is played on the same deal (paired simulations)."""


@dataclass(frozen=True, slots=True)
class Outcomes:
    """How the expert measures a move for ``cardschool.engine.judgement``."""

    measure: str
    """What one outcome is, in words: ``"the hand won (a tie counts half)"``."""
    simulate: Simulate
    """The game's paired simulations, reusing its expert's search (``bots/search.py``)."""
    choice: Callable[[str], Any] = str
    """A move's text -> what makes it one choice: two moves with equal keys are the same
    choice (Mille: cards of one rank and one value are interchangeable)."""
    batched: bool = False
    """True when ``simulate`` on one rng for n deals then m deals gives the deals of one
    run of n + m: the judgement may then look between batches and stop early."""
    named: str = ""
    """The catalog id of the measure's name for learners (``<game>:measure``: "the chance
    to win the hand"); its definition is the entry ``<id>.defined``. Empty: ``measure``."""
    said: Callable[[str], Any] | None = None
    """A move's text -> a ``Message`` naming it as a phrase ("discarding the 5♦"), for the
    judgement's sentences (``engine/advice.py``); None: the move's text."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One rule of a game's rulebook: its id, a short title, its full text, its section."""

    id: str
    """The rule id that explanations, refusals and scores name."""
    title: str
    """A few words a hint panel or a lesson shows next to the id."""
    text: str
    """The whole rule in plain sentences, its variants included."""
    section: str
    """The part of the rulebook the rule belongs to (the Rules page's heading)."""


RULEBOOK_WORDS = "rulebook"
"""The namespace of the rulebooks' words in the message layer (``rulebook:<rule id>.title``)."""


def rule_said(rule: str, part: str) -> str:
    """The message id of one part of a rule's entry: ``rulebook:<id>.title`` or ``.text``;
    ``.section`` is a section's name, held by the section's first rule."""
    return f"{RULEBOOK_WORDS}:{rule}.{part}"


def rulebook_catalog(rulebook: Sequence[Entry]) -> Catalog:
    """A game's rulebook as the catalog entries of its words: each rule's title and text,
    and each section's name under the id of the section's first rule. The game's messages
    module registers it, so the words are translated in the game's ``locale/`` files."""
    said: dict[str, str] = {}
    opened: set[str] = set()
    for rule in rulebook:
        said[rule_said(rule.id, "title")] = rule.title
        said[rule_said(rule.id, "text")] = rule.text
        if rule.section not in opened:  # the section's first rule names it
            opened.add(rule.section)
            said[rule_said(rule.id, "section")] = rule.section
    return Catalog(RULEBOOK_WORDS, said)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game as generic code sees it; each game package declares one as ``SPEC``."""

    name: str
    """The game's name in saves, views and codes: ``"mille"``."""
    title: str
    """The game's name for people: ``"Mille"``."""
    seat_names: tuple[str, ...]
    """The seats' default names, in seat order (seat 0 first)."""
    rules_type: type
    """The frozen rules dataclass; its fields are the variants the rulebook tells."""
    move_type: type
    """The move value type, with ``parse`` and ``str``."""
    new_game: Callable[..., GameLike]
    """``new_game(seed, rules)``: a new match from a seed and a rules object."""
    game_type: type
    """The game class (``from_json``, ``from_view``, ``from_position``)."""
    card_type: type
    """The card type of the deck (``parse`` reads a card's text)."""
    suits: type[enum.Enum]
    """The deck's suits."""
    deck: Callable[[], list[Any]]
    """Every distinct card of the deck, in a fixed order."""
    code_prefix: str
    """The deal code's first part: ``MIL`` in ``MIL-7K3Q``."""
    code_variants: tuple[tuple[str, tuple[Any, ...]], ...]
    """The rules fields a deal code can carry, each with its values, the default first."""
    side_word: str
    """What scores: ``"player"`` or ``"team"``."""
    next_deal_rule: str
    """The rule id that deals the next hand or round."""
    deal_won_by: str
    """The key of ``deal_result()`` whose larger value says who won the deal."""
    make_bot: Callable[[str, int | None], Bot]
    """``make_bot(level, budget)`` for the levels above ``random``."""
    hints: Callable[[GameLike], list[Hint]]
    """Every option of the seat to move, grouped as a learner thinks of them."""
    goals: Goals
    """The game's play goals, questions and score lines for exercises (``goals.py``)."""
    outcomes: Outcomes
    """How the expert's judgement plays out and measures a move (``judgement.py``)."""
    rulebook: tuple[Entry, ...] = ()
    """Every rule of the game, in reading order (``rulebook.py``; read by ``engine/rulebook``)."""
    reasons: Callable[[dict[str, Any], str], tuple[Any, ...]] | None = None
    """``reasons(view, move)``: the strategy lesson's ideas a move follows or goes against,
    as messages worked out from the mover's view (``reasons.py``; ``engine/reasons.py``)."""
    measure_rules: tuple[str, ...] = ()
    """The rule ids the expert's measure rests on (what wins a hand or a round): an exercise
    judged by the measure belongs on the path at or after the lesson teaching them."""

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.seat_names)

    def word(self, which: str) -> Message:
        """The game's word for one deal (``which="deal"``: hand, round) or for what its target
        ends (``"match"``: match, game), as a message of its catalog (``<game>:word.<which>``)."""
        return message(f"{self.name}:word.{which}")

    @property
    def deal_word(self) -> str:
        """What one deal is called, in words: ``"hand"`` or ``"round"`` (``word("deal")``)."""
        return render(self.word("deal"))

    def default_rules(self) -> Any:
        """The rules object with every variant at its default."""
        return self.rules_type()
