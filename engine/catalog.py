"""The English words of the generic messages (sessions, reviews, the expert's judgement).

Each entry is a whole sentence with named placeholders, keyed by its message id; a
sentence about a seat has a second-person form under ``id#you`` (see ``messages``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .messages import Catalog, Message, Plural, message, register

__all__ = [
    "CARDS",
    "CODE",
    "ENGINE",
    "RECORD",
    "REVIEW",
    "SAVING",
    "SESSION",
    "WORDS",
    "either",
]

SESSION = register(
    Catalog(
        "session",
        {
            "session:match-over": "The match is over.",
            "session:deal-over": "The deal is over: start the next one.",
            "session:deal-playing": "The deal is still being played.",
            "session:not-their-turn": "It is {to_move}'s turn, not {who}'s.",
            "session:not-their-turn#you": "It is {to_move}'s turn, not yours.",
            "session:bot-to-move": "Wait: {who} (a bot) is to move.",
            "session:bot-to-move#you": "Wait: you (a bot) are to move.",
            "session:no-seat": "There is no seat {seat}: seats are 0 to {last}.",
            "session:nothing-to-undo": "There is nothing to undo.",
            "session:nothing-to-redo": "There is nothing to redo.",
            "session:new-deal": "A new deal: {dealer} deals.",
            "session:new-deal#you.dealer": "A new deal: you deal.",
            "session:seat-count": "{game} has {seats} seats, not {given}",
            "session:seat-kind": "a seat is 'human' or one of {levels}, not {kind}",
            "session:seat-names": "give {seats} non-empty seat names",
            "session:no-bot-to-move": "a {level} bot's move {move} where no {level} bot is to move",
        },
    )
)
"""Sentences a session says when it refuses a request."""

REVIEW = register(
    Catalog(
        "review",
        {
            "review:expert": "The expert",
            "review:summary": Plural(
                "count", "{count} moment to look at", "{count} moments to look at"
            ),
            "review:summary.none": (
                "No moment to look at: the expert found no clearly better move."
            ),
            "review:moment": "{played}. {better} instead. {reason} {figures}",
            "review:note": "Your move here: {played}; {expert:low}.",
            "review:note.you": "Your move here: {played:low}; {expert:low}.",
            "review:thumb-too": "The rule of thumb would have played it too.",
            "review:thumb-played": (
                "The rule of thumb would have played your move, but played out to the end "
                "the expert's move does clearly better."
            ),
            "review:thumb-neither": (
                "The rule of thumb would have played neither; the simulations decide."
            ),
        },
    )
)
"""Sentences of the review of a finished deal (``review``)."""

CODE = register(
    Catalog(
        "code",
        {
            "code:space": (
                "Deal code {code} has a space inside: a code is one word, like {examples}."
            ),
            "code:check": (
                "Deal code {code} does not check: a character of its last part (after the "
                "second dash) is mistyped or missing. Copy the code again."
            ),
            "code:variant": "{name}: {value}",
            "code:bots.random": "Random bots",
            "code:bots.expert": "Expert bots",
            "code:rules": "not the rulebook's rules: {rules}",
            "code:list": "{first}; {rest}",
            "code:rules.shown": "Not the rulebook's rules: {rules}.",
            "code:about": (
                "Deal code {code}: the same code gives everyone the same deal, with the "
                "rulebook's rules."
            ),
            "code:about.variants": (
                "Deal code {code}: the same code gives everyone the same deal. Its last part "
                "changes the rules: {rules}."
            ),
            "code:not-text": "a deal code is text like {examples}",
            "code:shape": (
                "deal code {code} should look like {examples}: the game's letters, a dash and "
                "four or more code characters, then maybe a dash and the rule variants"
            ),
            "code:prefix": "{prefix} ({title})",
            "code:start": "deal code {code} starts with {start}; it should start with {known}",
            "code:seed-length": "deal code {code}: the part after the dash has 4 to 12 characters",
            "code:character.seed": (
                "deal code {code}: {char} in the seed is not a code character "
                "(use digits and letters other than U)"
            ),
            "code:character.variants": (
                "deal code {code}: {char} in the variants is not a code character "
                "(use digits and letters other than U)"
            ),
            "code:no-variants": "deal code {code}: its variant part names no known variants",
            "code:level": "a deal code carries a bot level of {levels}, not {level}",
            "code:seed": "a deal code holds a seed from 0 to {last}, not {seed}",
            "code:value": (
                "{field}={value} cannot be written in a deal code; a code can carry {values}"
            ),
        },
    )
)
"""Sentences about deal codes: why one is refused, what its variants change."""

SAVING = register(
    Catalog(
        "saving",
        {
            "saving:game": "game",
            "saving:game.titled": "{title} game",
            "saving:not-text": "a saved {game} is JSON text, not {kind}",
            "saving:not-json": "a saved {game} must be JSON text: {error}",
            "saving:not-object": "not a saved {game}: a save is a JSON object with its format",
            "saving:format": "not a saved {title} game: its format is {format}, not {wanted}",
            "saving:unknown-format": (
                "a save of an unknown game: its format is {format}, not {known}"
            ),
            "saving:unknown-game": "unknown game {name}: choose {games}",
            "saving:version": (
                "saved-game version {version} is unknown; this engine reads version {known}"
            ),
            "saving:unknown-fields": "unknown field(s) in the saved game: {names}",
            "saving:missing-fields": "missing field(s) in the saved game: {names}",
            "saving:field": "{field}: {problem}",
            "saving:seed": "a seed is a whole number from 0 to {last}, not {seed}",
            "saving:start-not-text": "must be a position text or null",
            "saving:start-not-position": "not a position: {error}",
            "saving:moves-not-texts": "must be a list of move texts",
            "saving:next-deal": "next deal",
            "saving:move-refused": "move {number} ({move}) cannot be played: {error}",
            "saving:by-rule": "{reason} ({rule})",
            "saving:session": "saved session: {problem}",
            "saving:session-not-json": "not JSON ({error})",
            "saving:session-not-object": "not a JSON object",
            "saving:session-format": "format should be {wanted}",
            "saving:session-version": "version should be {wanted}",
            "saving:session-start": "'start' should be a saved game",
            "saving:session-steps": "'steps' should be a list",
            "saving:session-bot-seed": "'bot_seed' should be a whole number",
            "saving:session-budget": "'budget' should be a number",
            "saving:session-step": "step {number} should have a 'move' text and who made it ('by')",
            "saving:session-in-step": "step {number}: {problem}",
            "saving:view": "a saved view: {problem}",
            "saving:not-a-view": "not a {title} view: its 'game' must be {game}",
        },
    )
)
"""Why a saved game, session or view is refused (``saving``, ``session``, ``seat_view``)."""

RECORD = register(
    Catalog(
        "record",
        {
            "record:wrong": "{where} should be {wanted}, not {value}",
            "record:missing": "{where} has no {names}",
            "record:unknown": "{where} has unknown field(s) {names}",
            "record:disagreeing": (
                "{where} has {names} unknown, missing or not agreeing with the rest"
            ),
            "record:refused": "{where}: {error}",
            "record:or-else": "{first}; or {rest}",
            "record:wanted.null": "null",
            "record:wanted.value": "{value}",
            "record:wanted.bool": "true or false",
            "record:wanted.text": "text",
            "record:wanted.int": "a whole number",
            "record:wanted.list": "a list",
            "record:wanted.list.of": "a list of {count}",
            "record:wanted.object": "an object (dict)",
            "record:wanted.text-form": "a {kind} in its text form ({error})",
            "record:wanted.settings": "{kind} settings ({error})",
        },
    )
)
"""Why a record's JSON form is refused: where (``view.hand[2]``) and what it should be."""

CARDS = register(
    Catalog(
        "cards",
        {
            "cards:not-text": "a card must be given as text, not {kind}",
            "cards:cards-not-text": "cards must be given as text, not {kind}",
            "cards:not-a-card": "{text} is not a card: {hint}",
            "cards:not-a-rank.french": "{text} is not a rank: use {ranks}",
            "cards:not-a-rank.spanish": "{text} is not a Spanish rank: use {ranks}",
            "cards:hint.french": "write rank then suit, like QS, 10H, 2C or JD",
            "cards:hint.spanish": (
                "write rank (K H J 7 6 5 4 3 2 A) then suit (O coins, C cups, E swords, "
                "B clubs), like KO, HC, 7E or AB"
            ),
            "cards:back": "Back of a card",
            "cards:none": "No cards",
            "cards:width": "width must be a positive int (pixels), not {width}",
            "cards:overlap": "overlap must be a number from 0 to 0.9, not {overlap}",
        },
    )
)
"""Cards: a card text that cannot be read, and the names of card pictures."""

ENGINE = (
    register(
        Catalog(
            "bots",
            {
                "bots:level": "unknown bot level {level}: choose one of {levels}",
                "bots:nobody-to-move": "there is no move to choose: nobody is to move in this view",
                "bots:random": "A move picked at random among the legal ones.",
            },
        )
    ),
    register(
        Catalog(
            "rules",
            {
                "rules:not-a-dict.variant": "{title} rules must be a dict of variants, not {kind}",
                "rules:not-a-dict.setting": "{title} rules must be a dict of settings, not {kind}",
                "rules:unknown.variant": (
                    "unknown {title} rule variant(s): {names} (known: {known})"
                ),
                "rules:unknown.setting": (
                    "unknown {title} rule setting(s): {names} (known: {known})"
                ),
            },
        )
    ),
)
"""The bots' and the rules objects' sentences (a level or a rules setting refused)."""

WORDS = register(Catalog("words", {"words:or": "{first} or {rest}"}))
"""Words that join others (``either``)."""


def either(options: Sequence[Message | str]) -> Message | str:
    """Choices one after another: "A or B or C" (``words:or``); one choice is itself."""
    said = options[-1]
    for option in reversed(options[:-1]):
        said = message("words:or", first=option, rest=said)
    return said
