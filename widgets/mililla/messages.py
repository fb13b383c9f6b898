"""The English words of Mililla's table: its status lines.

They join the ``mililla`` catalog (``cardschool.engine.mililla.messages``); a sentence about
a seat has its second-person form under ``id#you``.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register
from cardschool.engine.mililla import messages as _engine  # noqa: F401  (the catalog's words first)

__all__ = ["STATUS"]

STATUS = register(
    Catalog(
        "mililla",
        {
            # the words of mililla/table.js, by their message id ("mililla:front.<name>")
            "mililla:front.title": "Mililla",
            "mililla:front.trumps-are": "Trumps: {name}",
            "mililla:front.trumps-label": "Trumps are {name}",
            "mililla:front.trumps": "Trumps",
            "mililla:front.seat": "Seat {seat}",
            "mililla:front.played": "{name} played {card}",
            "mililla:front.played-winning": "{name} played {card} (winning)",
            # the learner's own card in the trick: the second person ("Vous avez joué")
            "mililla:front.played-you": "You played {card}",
            "mililla:front.played-winning-you": "You played {card} (winning)",
            "mililla:front.trick": "Trick: {plays}",
            "mililla:front.no-trick": "Trick: no card yet",
            "mililla:front.last-trick": "Last trick: {winner}",
            "mililla:front.last-trick-label": "Last trick, won by {winner}: {cards}",
            "mililla:front.trump-card": "Trump card",
            "mililla:front.known-cards": "Known cards",
            "mililla:front.tricks": "Tricks {tricks} · points {points}",
            "mililla:breakdown.your-team": "Your team",
            "mililla:breakdown.their-team": "Their team",
            "mililla:breakdown.card-points": "Card points",
            "mililla:breakdown.tricks": "Tricks won, 1 point each",
            "mililla:breakdown.points": "Points this round (70 in all)",
            "mililla:breakdown.round-score": "Round score: points over 35",
            "mililla:breakdown.game-score": "Game score",
            "mililla:breakdown.wins-game.yours": "Your team wins the game!",
            "mililla:breakdown.wins-game.theirs": "Their team wins the game!",
            "mililla:breakdown.scores.yours": "Your team scores {score} this round",
            "mililla:breakdown.scores.theirs": "Their team scores {score} this round",
            "mililla:breakdown.nobody-scores": "Nobody scores this round",
            "mililla:breakdown.new-game": "New game",
            "mililla:breakdown.next-round": "Next round",
            "mililla:breakdown.bonus-dropped": (
                "Dealer's bonus for the face-up {card:name}: held back, then dropped: the round "
                "did not end 35 to 35"
            ),
            "mililla:breakdown.dropped": "dropped",
            "mililla:breakdown.bonus-held": (
                "Dealer's bonus for the face-up {card:name}: held back, then added after the round"
            ),
            "mililla:breakdown.bonus-added": (
                "Dealer's bonus for the face-up {card:name}: added to the game score at the deal"
            ),
            "mililla:move.play": "Play {card}",
            "mililla:status.game-over": "The game is over.",
            "mililla:status.round-over": (
                "The round is over: see the score, then go on to the next round."
            ),
            "mililla:status.lead": "Your lead: play any card.",
            "mililla:status.follow": "Your turn: {led} were led. Click the card to play.",
            "mililla:status.bonus-now.yours": Plural(
                "points",
                "Your team gets {points} point for it at once.",
                "Your team gets {points} points for it at once.",
            ),
            "mililla:status.bonus-now.theirs": Plural(
                "points",
                "Their team gets {points} point for it at once.",
                "Their team gets {points} points for it at once.",
            ),
            "mililla:status.bonus-after.yours": Plural(
                "points",
                "Your team will get {points} point for it after the round.",
                "Your team will get {points} points for it after the round.",
            ),
            "mililla:status.bonus-after.theirs": Plural(
                "points",
                "Their team will get {points} point for it after the round.",
                "Their team will get {points} points for it after the round.",
            ),
            "mililla:status.bonus-held.yours": Plural(
                "points",
                "Your team would reach {target} with its {points} point: it is held back "
                "and counts only if the round ends 35 to 35.",
                "Your team would reach {target} with its {points} points: they are held back "
                "and count only if the round ends 35 to 35.",
            ),
            "mililla:status.bonus-held.theirs": Plural(
                "points",
                "Their team would reach {target} with its {points} point: it is held back "
                "and counts only if the round ends 35 to 35.",
                "Their team would reach {target} with its {points} points: they are held back "
                "and count only if the round ends 35 to 35.",
            ),
            "mililla:status.takes-trick": "{who} takes the trick.",
            "mililla:status.takes-trick#you": "You take the trick.",
            "mililla:status.deals": (
                "{who} deals: {card} is turned up, so {card:suit} are trumps."
            ),
            "mililla:status.deals#you": (
                "You deal: {card} is turned up, so {card:suit} are trumps."
            ),
            "mililla:status.wins-trick": "{who} wins the trick with {card}: {points} points.",
            "mililla:status.wins-trick#you": "You win the trick with {card}: {points} points.",
        },
    )
)
"""Mililla's table sentences, in the ``mililla`` catalog."""
