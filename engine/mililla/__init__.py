"""Mililla: four players in two teams, a 40-card Spanish deck, tricks and trumps.

Its modules have one role each, the same in every game package: the list is in
``cardschool.engine.games`` (``bots/`` holds the bots, with their own list).

``from cardschool.engine import mililla`` then ``game = mililla.new_game(seed=7)``;
``game.legal_moves()``, ``game.play("HC")``, ``game.explain("7E")``, ``game.view(0)`` (a
:class:`View`; ``game`` or a view alone in a notebook cell draws the table).
Every rule is one of the ``mililla.*`` ids of its rulebook (``rulebook.py``); variants are fields of
:class:`Rules`. Seats 0 South, 1 East, 2 North, 3 West; partners 0 and 2 against 1 and 3.
"""

from .game import Game, new_game
from .legality import Why, what_if
from .moves import SEAT_NAMES, Move, team_name
from .rules import SEVEN_RULES, Rules
from .saving import FORMAT, VERSION
from .scoring import ROUND_POINTS, round_score
from .spec import SPEC
from .state import Phase
from .view import View

__all__ = [
    "FORMAT",
    "ROUND_POINTS",
    "SEAT_NAMES",
    "SEVEN_RULES",
    "SPEC",
    "VERSION",
    "Game",
    "Move",
    "Phase",
    "Rules",
    "View",
    "Why",
    "new_game",
    "partner",
    "round_score",
    "team_name",
    "team_of",
    "what_if",
]


def team_of(seat: int) -> int:
    """mililla.teams: the team of a seat (0 for seats 0 and 2, 1 for seats 1 and 3)."""
    return seat & 1


def partner(seat: int) -> int:
    """mililla.teams: the seat opposite, the partner."""
    return (seat + 2) % 4
