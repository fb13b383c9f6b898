"""Mille's lesson parts: the words of its written moves, and the scoring lesson (a finished
hand and its score, meld by meld, rule by rule)."""

from __future__ import annotations

from cardschool.engine import mille

from ..lessons import cards_svg

__all__ = ["VERBS", "ScoreDemo", "score_demo"]

VERBS = {
    "stock": "draw the top card of the stock",
    "pile": "take the whole pile with",
    "take": "take into your hand",
    "meld": "lay down the meld",
    "add": "add to a meld",
    "discard": "discard",
}
"""What the first word of a written Mille move means, in words (the lessons' tables)."""

_NATURAL_OUT = """
to move: South
phase: meld
South hand: QS
South melds: KH KS KC | 9H 9H 9C 9C 9S 9S 9D 9D
North hand: +9
North melds: 7H 7S 7D 2C
pile: 4D
"""


class ScoreDemo:
    """A finished Mille hand and its score, meld by meld, with each doubling's rule."""

    def __init__(self, position: str = _NATURAL_OUT, last_move: str = "discard QS") -> None:
        game = mille.Game.from_position(position)
        game.play(last_move)
        self.result = game.deal_result()

    def _repr_html_(self) -> str:
        rows = []
        for player in self.result["players"]:
            who = "You" if player["seat"] == 0 else "North"
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
                    f"<td>in hand</td><td><code>mille.score.hand</code></td>"
                    f"<td>{player['hand_points']:+d}</td></tr>"
                )
            rows.append(
                f"<tr><th colspan=4>{who}: score of the hand</th><th>{player['total']:+d}</th></tr>"
            )
        return (
            "<table><tr><th>player</th><th>cards</th><th>value</th><th>doublings</th>"
            f"<th>points</th></tr>{''.join(rows)}</table>"
        )


def score_demo() -> ScoreDemo:
    """South goes out natural with a natural eight of nines: every doubling at work."""
    return ScoreDemo()
