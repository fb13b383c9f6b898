"""The English words of the tables' generic status lines (the ``table`` catalog).

Each entry is a whole sentence keyed by its message id; a sentence about a seat has its
second-person form under ``id#you`` (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register

__all__ = ["TABLE"]

TABLE = register(
    Catalog(
        "table",
        {
            "table:stuck": "A bot could not move: undo, or start a new deal.",
            "table:over": "The {what} is over.",
            "table:deal-over-next": "The deal is over: press Next.",
            "table:wait": "Wait: {who} is to play.",
            "table:wait#you": "Wait: you are to play.",
            "table:not-your-turn": "It is {to_move}'s turn, not yours.",
            "table:replay-on-show": "A replay is on show: close it to play on.",
            "table:unknown-intent": "The table does not know what to do with {intent}.",
            "table:nothing-to-select": (
                "Here you play a card by clicking it: there is nothing to select."
            ),
            "table:no-button": "There is no {name} button now.",
            "table:no-replay": "No replay is open.",
            "table:nothing-played": "Nothing has been played in this deal yet: no replay.",
            "table:will-be-lost": "The {what} in progress will be lost.",
            "table:no-question": "There is no question to answer.",
            "table:undone": "Undone: {move}. Your turn again.",
            "table:undone.bots": (
                "Undone: {move}, and the moves played after it. Your turn again."
            ),
            "table:save-checking": "Checking your saved game {code}: move {done} of {total}…",
            "table:save-continued": (
                "Continued your game {code}, {deal} {deals}, move {move} — New deal to start over."
            ),
            "table:save-refused": "{why} Here is a fresh deal.",
            "table:save-cut": Plural(
                "kept",
                "Your saved game {code} stops making sense at move {number} ({why}), so that "
                "move and the ones after it were dropped: your game goes on from the move "
                "before it.",
                "Your saved game {code} stops making sense at move {number} ({why}), so that "
                "move and the ones after it were dropped: your game goes on from the {kept} "
                "moves before it.",
            ),
            "table:open-elsewhere": (
                "This game is open in another tab of this browser: play it there, or take it "
                "over here (the other tab then stops keeping it)."
            ),
            "table:open-elsewhere.take": "Take it over here",
            "table:open-link": "Open the link's deal, {code}? {lost}",
            "table:open-link.yes": "Deal {code}",
            "table:playing": "{who} is playing…",
            "table:playing#you": "You are playing…",
        },
    )
)
"""The tables' generic sentences."""
