"""The rules engines of cardschool: pure Python, no Jupyter, the only place rules live.

``cardschool.engine.mille`` and ``cardschool.engine.mililla`` are the two games;
``cardschool.engine.session`` wraps either one for step-by-step play with bots;
``cardschool.engine.saving`` writes and reads every game's saves (one format, one reader);
``cardschool.engine.rulebook`` reads every game's rules (``<game>/rulebook.py``);
``cardschool.engine.records`` is the one record layer, frozen dataclasses to JSON and back
(the views, and the widgets' table state and intents), over ``json_forms.py``; every
game's ``View`` begins with the fields of ``cardschool.engine.seat_view.SeatView``, and
every game's ``Rules`` is read and written by ``cardschool.engine.variants.Variants``.
"""

from .cards import FrenchCard, Hand, SpanishCard
from .errors import IllegalMoveError, InvalidMoveError, SavedGameError
from .explanation import Explanation

__all__ = [
    "Explanation",
    "FrenchCard",
    "Hand",
    "IllegalMoveError",
    "InvalidMoveError",
    "SavedGameError",
    "SpanishCard",
]
