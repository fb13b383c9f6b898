"""The English words of Mille's table: its status lines and breakdown titles.

They join the ``mille`` catalog (``cardschool.engine.mille.messages``); a sentence about a
seat has its second-person form under ``id#you``.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register
from cardschool.engine.mille import messages as _engine  # noqa: F401  (the catalog's words first)

__all__ = ["STATUS"]

STATUS = register(
    Catalog(
        "mille",
        {
            "mille:status.drew": "{said}: {card:the} ({card}).",
            "mille:status.match-over": "The match is over.",
            "mille:label.melded": "Melded this hand",
            # a meld's label on the table (its group's name), finished here, sent in the state
            "mille:label.meld": "Meld of {rank:plural}: {cards}",
            "mille:label.meld-face-down": (
                "Meld of {rank:plural}: {cards} (face down: a natural eight)"
            ),
            "mille:label.meld-bunched": "Meld of {rank:plural}: {cards} (bunched: seven naturals)",
            # the words of mille/table.js, by their message id ("mille:front.<name>")
            "mille:front.title": "Mille",
            "mille:front.stock": "Stock",
            "mille:front.stock-label": Plural(
                "count", "Stock: {count} card", "Stock: {count} cards"
            ),
            "mille:front.pile-label": Plural(
                "count",
                "Discard pile: {count} card, top card {card}",
                "Discard pile: {count} cards, top card {card}",
            ),
            "mille:front.pile-empty": "Discard pile: empty",
            "mille:front.empty": "empty",
            "mille:front.pile-count": "Discard pile ({count})",
            "mille:front.melds": "{name}: {count} melds",
            "mille:front.known": "Taken from the pile: seen by all",
            "mille:note.left": Plural("count", "one card left", "two cards left"),
            "mille:status.hand-over": (
                "The hand is over: see the score, then go on to the next hand."
            ),
            "mille:status.draw": "Your turn: draw from the stock, or take the discard pile.",
            "mille:status.meld": "Meld or add to your melds, then discard one card.",
            "mille:status.meld-picked": (
                "Meld or add to your melds, then discard one card ({count} selected)."
            ),
            "mille:hint.drawn": "The score depends on the card you draw.",
            "mille:hint.effect": (
                "{effect:+d} to this hand's score, were it to end right after this move."
            ),
            "mille:hint.effect-meld": (
                "{effect:+d} to this hand's score, were it to end right after this move: "
                "these cards count +{value} on the table instead of −{value} in your hand."
            ),
            "mille:hint.effect-discard": (
                "{effect:+d} to this hand's score, were it to end right after this move: "
                "the card no longer counts −{value} in your hand."
            ),
            "mille:hint.effect-take": (
                "{effect:+d} to this hand's score, were it to end right after this move: "
                "the card would count −{value} in your hand."
            ),
            "mille:hint.effect-pile": (
                "{effect:+d} to this hand's score, were it to end right after this move: the "
                "cards you meld count on the table instead of in your hand, the rest of the "
                "pile against you in your hand."
            ),
            "mille:hint.noted": "{effect} {note}",
            "mille:breakdown.stock-out": "The stock ran out: nobody went out",
            "mille:breakdown.meld": "{seat}: {count} {rank:digits} ({cards})",
            "mille:breakdown.doubling": "{said:cap}",
            "mille:breakdown.melds": "Melds in all",
            "mille:breakdown.in-hand": "{seat}: cards left in hand ({cards})",
            "mille:breakdown.hand": "This hand",
            "mille:breakdown.totals": "Match totals",
            "mille:breakdown.skunk": "Skunk: {seat} ended under {limit}",
            "mille:breakdown.target": "A total reached {target}",
            "mille:breakdown.level": "A level hand: {score} each",
            "mille:breakdown.new-match": "New match",
            "mille:breakdown.next-hand": "Next hand",
            "mille:button.leave": "Leave the pile (the stock is empty)",
            "mille:button.stock": "Draw from the stock",
            "mille:button.pile": "Take the discard pile",
            "mille:button.take": "Take the turned-up {cards}",
            "mille:button.discard-selected": "Discard the selected card on the pile",
            "mille:button.discard-on-pile": "Discard on the pile",
            "mille:button.select-one": "Select one card to discard",
            "mille:button.how-meld": (
                "Select three or more cards of one rank (2s are wild), then press Meld"
            ),
            "mille:button.meld": "Meld the selected cards",
            "mille:button.add": "Add to a meld",
            "mille:button.pick-meld": (
                "Pick the meld: click one of your melds, or one of the buttons under your hand"
            ),
            "mille:button.how-add": "Select cards of a rank you have melded, or 2s, then press Add",
            "mille:button.discard": "Discard",
            "mille:button.select-exactly-one": "Select exactly one card to discard",
            "mille:button.pile-empty": "The discard pile is empty",
            "mille:button.add-to": "Add to your {rank:digits}",
            "mille:button.add-to-which": "Add to your {rank:digits} ({which})",
            "mille:move.stock": "Draw from the stock",
            "mille:move.pile": "Take the pile with {cards}",
            "mille:move.take": "Take the turned-up {cards}",
            "mille:move.meld": "Meld {cards}",
            "mille:move.add": "Add {cards} to your {rank:digits}",
            "mille:move.add-meld": "Add {cards} to your meld",
            "mille:move.discard": "Discard {cards}",
            "mille:status.goes-out": "{who} goes out",
            "mille:status.goes-out#you": "You go out",
            "mille:status.wins-match": "{who} wins the match",
            "mille:status.wins-match#you": "You win the match",
            "mille:status.wins-match-skunk": "{who} wins the match with a skunk!",
            "mille:status.wins-match-skunk#you": "You win the match with a skunk!",
            "mille:status.wins-hand": "{who} wins the hand, {high} to {low}",
            "mille:status.wins-hand#you": "You win the hand, {high} to {low}",
        },
    )
)
"""Mille's table sentences, in the ``mille`` catalog."""
