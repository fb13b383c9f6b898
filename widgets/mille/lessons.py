"""Mille's lesson parts: the words of its written moves, and the scoring lesson (a finished
hand and its score, meld by meld, rule by rule)."""

from __future__ import annotations

import html

from cardschool.engine import mille
from cardschool.engine.games import game_spec
from cardschool.engine.messages import Message, Seat, message, render

from ..lessons import SpokenHTML, cards_svg
from . import lesson_messages as _words  # noqa: F401  (registers the lesson's words)

__all__ = ["VERBS", "ScoreDemo", "score_demo"]

VERBS = {
    word: f"mille:lesson.verb.{word}"
    for word in ("stock", "pile", "take", "meld", "add", "discard")
}
"""What the first word of a written Mille move means: the id of its words (the lessons'
tables; ``lesson_messages.py``)."""


def _position(*lines: tuple[str, tuple[str, ...]]) -> str:
    """A position text from its lines, each a key and its words (cards, a seat, a phase)."""
    return "".join(f"\n{key}: {' '.join(words)}" for key, words in lines) + "\n"


_NATURAL_OUT = _position(
    ("to move", ("South",)),
    ("phase", ("meld",)),
    ("South hand", ("QS",)),
    ("South melds", ("KH", "KS", "KC", "|", "9H", "9H", "9C", "9C", "9S", "9S", "9D", "9D")),
    ("North hand", ("+9",)),
    ("North melds", ("7H", "7S", "7D", "2C")),
    ("pile", ("4D",)),
)
"""South goes out natural with a natural eight of nines (the position's text)."""


class ScoreDemo(SpokenHTML):
    """A finished Mille hand and its score, meld by meld, with each doubling's rule (drawn
    again in the page's language)."""

    def __init__(self, position: str = _NATURAL_OUT, last_move: str = "discard QS") -> None:
        game = mille.Game.from_position(position)
        game.play(last_move)
        self.result = game.deal_result()

    def words(self, said: Message) -> str:
        """``said`` in words, read by the learner's seat (0): the one place this lesson part
        turns a message into text."""
        return render(said, game_spec("mille").seat_names, reader=0)

    def _repr_html_(self) -> str:
        rows = []
        in_hand = self.words(message("mille:lesson.score.in-hand"))
        for player in self.result["players"]:
            who = self.words(message("mille:lesson.score.who", who=Seat(player["seat"])))
            for meld in player["melds"]:
                doublings = ", ".join(
                    f"×{m['factor']} <code>{m['rule']}</code>" for m in meld["multipliers"]
                )
                rows.append(
                    f"<tr><td>{who}</td><td>{cards_svg(meld['cards'], 'mille', 34)}</td>"
                    f"<td>{meld['value']}</td><td>{doublings or '–'}</td>"
                    f"<td>{meld['points']:+d}</td></tr>"
                )
            if player["hand"]:
                rows.append(
                    f"<tr><td>{who}</td><td>{cards_svg(player['hand'], 'mille', 34)}</td>"
                    f"<td>{in_hand}</td><td><code>mille.score.hand</code></td>"
                    f"<td>{player['hand_points']:+d}</td></tr>"
                )
            total = self.words(message("mille:lesson.score.total", who=Seat(player["seat"])))
            rows.append(f"<tr><th colspan=4>{total}</th><th>{player['total']:+d}</th></tr>")
        head = "".join(
            f"<th>{html.escape(self.words(message(f'mille:lesson.score.head.{name}')))}</th>"
            for name in ("player", "cards", "value", "doublings", "points")
        )
        return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def score_demo() -> ScoreDemo:
    """South goes out natural with a natural eight of nines: every doubling at work."""
    return ScoreDemo()
