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
            # the learner is to play, but the table holds play a moment (a finished trick on
            # show, a save being checked): the hand waits for that, not for another seat
            "table:wait#you": "Wait a moment: you play as soon as the table is ready.",
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
            # a table's refusals (raised as TableError or IntentError, shown on the table)
            "table:sentence": "{said:cap}",
            "table:sentence.stop": "{said:cap}.",
            "table:oops": (
                "Something went wrong on our side; the table is as it was. Try again or start "
                "a new deal."
            ),
            "table:picture-only": "This table only shows a picture: no game is attached to it.",
            "table:no-direct-change": "The browser may not change the table directly.",
            "table:speed-range": "Speed must be from {low} to {high} ms, not {value}.",
            "table:bad-link": "A {name} link is a relative .ipynb path: {link}.",
            "table:not-ready": "The table is not ready yet.",
            "table:wait-a-moment": "Wait a moment: {what}.",
            "table:busy.bots": "the other players are still moving",
            "table:busy.save": "your saved game is still being checked",
            "table:stale": "The table changed before your click arrived; nothing was done.",
            "table:not-in-hand": "{card} is not in your hand.",
            "table:not-at-place": "{card} is not at place {index} of your hand.",
            "table:no-button.now": "There is no {name} button on the table now.",
            "table:nothing-to-undo": "There is nothing to undo.",
            "table:nothing-to-redo": "There is nothing to redo.",
            "table:deal-not-over": "The deal is not over yet.",
            "table:not-now": "{label}: not now.",
            "table:bot-failed": (
                "{who} (a bot) could not move ({error}). Undo, or start a new deal."
            ),
            "table:bot-failed.nobody": (
                "A bot could not move ({error}). Undo, or start a new deal."
            ),
            # a table made with the wrong things (read by whoever writes the notebook)
            "table:no-human-seat": "no seat is 'human': say which seat the table is for (seat=)",
            "table:no-seat": "there is no seat {seat}: seats are 0 to {last}",
            "table:plays-another": "this table plays {game}: give it a {kind} Session",
            "table:seats-differ": "the new session has another number of seats",
            "table:no-table-for": "no table for {what}: give a Session",
            "table:unknown-level": "unknown bot level {level}: choose one of {levels}",
            "table:not-a-code-of": "{code} is not a {game} deal code",
            "table:unknown-game": "unknown game {game}: choose {games}",
            "table:not-a-table": "{name}: the table must be a GameTable class",
            "table:limits-order": "limits out of order: {limits}",
            # the questions a table asks before a match in progress is lost
            "table:ask-new-deal": "Start a new deal? {lost}",
            "table:ask-new-deal.yes": "New deal",
            "table:ask-code": "Deal {code}? {lost}",
            "table:code-of-other-game": "{code} is a {game} deal code; this table plays {here}.",
            "table:ask-level": "Play against {level} bots? {lost}",
            "table:ask-level.yes": "{level} bots",
            "table:level.random": "Random",
            "table:level.basic": "Basic",
            "table:level.expert": "Expert",
            "table:level.label": "Bots:",
            "table:practice.title": "{game}: practice",
            "table:level-note": (
                "Changing the level deals a new {deal} (the same one again if you typed a deal "
                "code); in the middle of a {match} the table asks first."
            ),
            # the front end's words (static/core.js, static/table/*.js, static/saves.js): sent
            # once as the table's ``labels``, by key (the id's part after "front."); a
            # {placeholder} is filled in by the front end with a value Python sent
            "table:front.card-table": "Card table",
            "table:front.card-table-of": "Card table: {title}",
            "table:front.glossary": "Glossary",
            "table:front.glossary-title": "The cards' codes and the words of the games",
            "table:front.rules": "Rules",
            "table:front.rules-title": "Every rule of the game in full",
            "table:front.deal-code": "Deal code",
            "table:front.code-help": "What is a deal code?",
            "table:front.code-example": "e.g. {example}",
            "table:front.code-shown": "Deal {code}",
            "table:front.deal": "Deal",
            "table:front.bot-delay": "Bot delay",
            "table:front.bot-delay-ms": "Bot delay in milliseconds",
            "table:front.large": "Large",
            "table:front.hints": "Hints",
            "table:front.coach": "Coach",
            "table:front.undo": "Undo",
            "table:front.redo": "Redo",
            "table:front.replay": "Replay",
            "table:front.new-deal": "New deal",
            "table:front.tools": "Table tools",
            "table:front.side": "Scores, hints and log",
            "table:front.score": "Score",
            "table:front.total": "Total",
            "table:front.this-deal": "This deal",
            "table:front.log-label": "What happened",
            "table:front.log": "Log",
            "table:front.hints-none-next": "No move to make now: press “{next}” to go on.",
            "table:front.hints-none": "No move to make now: your moves show here on your turn.",
            "table:front.more": "{count} more",
            "table:front.rule-id": "Rule id in the rulebook",
            "table:front.your-hand": "Your hand",
            "table:front.moves": "Moves",
            "table:front.no-cards": "No cards in hand",
            "table:front.replay-start": "« Start",
            "table:front.replay-back": "◀ Back",
            "table:front.replay-forward": "Forward ▶",
            "table:front.replay-end": "End »",
            "table:front.replay-start-label": "Replay: back to the start",
            "table:front.replay-back-label": "Replay: one move back",
            "table:front.replay-forward-label": "Replay: one move forward",
            "table:front.replay-end-label": "Replay: to the last move",
            "table:front.replay-controls": "Replay controls",
            "table:front.replay-close": "Close replay",
            "table:front.replay-at": "Move {position} of {steps}",
            "table:front.line": "Line",
            "table:front.known-cards": "Known cards",
            "table:front.known": "{what}: {cards}",
            "table:front.open-hand": "{name}'s hand: {cards}",
            "table:front.kind.human": "player",
            "table:front.kind.free": "empty seat",
            "table:front.kind.random": "random",
            "table:front.kind.basic": "basic",
            "table:front.kind.expert": "expert",
            "table:front.bot": "{kind} bot",
            "table:front.your-team": "your team",
            "table:front.your-partner": "your partner",
            "table:front.opponent": "opponent",
            "table:front.dealer": "dealer",
            "table:front.dealer-title": "Dealer",
            "table:front.dealer-mark": "D",
            "table:front.cards": Plural("count", "{count} card", "{count} cards"),
            "table:front.to-play": "to play",
            "table:front.thinking": "thinking…",
            "table:front.team.0": "Team A",
            "table:front.team.1": "Team B",
            "table:front.lost": (
                "The game has lost its connection to the server (the server restarted or the "
                "game stopped). Reload the page: your game continues where you left it."
            ),
            "table:front.copy-link": "Copy link",
            "table:front.copy-link-title": "Copy a link that opens this deal",
            "table:front.link-copied": "Link copied.",
            # a finished deal's review (static/review.js): the Review button, its panel, the
            # end-of-deal line offering it ({button}: the "review-deal" button, placed there)
            "table:front.review": "Review",
            "table:front.review-of-deal": "Review of the deal",
            "table:front.review-looking": "Looking at your moves: {done} of {total}",
            "table:front.review-progress": "Review: {done} of {total} decisions looked at",
            "table:front.review-moment": "Move {number}: {played}",
            "table:front.review-deal": "Review this deal",
            "table:front.review-offer": "{button} where the expert would have played otherwise.",
            # the language switch of every page (speaking.py): its languages' names are data
            "table:language.label": "Language",
            "table:language.refused": "The page's language was not changed: {why}",
            # the state's own words the front end shows as they are
            "table:scores-caption": "Scores — {match} to {target:,}",
            "table:hints-count": Plural(
                "count", "Hints: {count} legal move", "Hints: {count} legal moves"
            ),
            # the checks of the messages the browser sends (intents.py); the record layer
            # fills in where, field and value
            "table:check.one-of": "{where!r} must be one of {goes}, not {value!r}",
            "table:check.card": "{field!r} must be a card's text form like 'QS', not {value!r}",
            "table:check.place": "{where!r} must be a whole number from 0, not {value!r}",
            "table:check.cards": "{where!r} must be a list of at most {most} cards",
            "table:check.button": "{where!r} must be a button name like 'stock', not {value!r}",
            "table:check.code": "{where!r} must be a short text (a deal code) or null",
            "table:check.ms": "{where!r} must be a whole number of milliseconds",
            "table:check.bool": "{where!r} must be true or false, not {value!r}",
            "table:check.save": "{where!r} is too big to be a saved game",
            "table:check.query": "{where!r} must be a page's query string or null",
            "table:check.language": "{where!r} must be one of {languages}, not {value}",
            "table:check.object": "a message must be an object, not {kind}",
            "table:check.type": "unknown message type {name}",
            # a save or a link coming back (saves.py)
            "table:link-refused": "The link's deal code could not be opened: {why}",
            "table:lead": "{lead} {then}",
            "table:save-problem": "The saved game {problem}",
            "table:save.not-a-save": "is damaged (it is not a saved game)",
            "table:save.too-big": "is too big (more than {most} characters)",
            "table:save.version": "is damaged or from another version of cardschool",
            "table:save.other-game": "is not a game of {game}",
            "table:save.seats": "has the wrong number of seats",
            "table:save.seat": "does not fit this table (seat {seat})",
            "table:save.hints": "is damaged (hints)",
            "table:save.moves": "is damaged (its moves)",
            "table:save.code": "has a deal code of another game",
            "table:save.bot": "says a bot played {move} at move {number}, but it would not",
            "table:save.after-end": "goes on after the game was over (move {number})",
            "table:save.rules": "breaks the rules at move {number} ({why})",
            "table:save.rule-id": "{why} ({rule})",
            # the replay's frame (picture.py)
            "table:replay.dealt": "The deal as it was dealt: nothing played yet.",
            "table:replay.this": "Replay of this deal as you saw it: close it to play on.",
            "table:replay.last": "Replay of the last deal as you saw it: close it to play on.",
            "table:replay.this-open": "Replay of this deal with every hand open.",
            "table:replay.last-open": "Replay of the last deal with every hand open.",
        },
    )
)
"""The tables' generic sentences."""
