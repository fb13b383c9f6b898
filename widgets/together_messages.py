"""The English words of a seat at a shared table and of the page that opens one (issue 29).

A second catalog of the ``table`` namespace (``widgets/messages.py`` holds the first): the
sentences of :mod:`~cardschool.widgets.shared_table` (``table:shared.*``) and of the page's
form, :mod:`~cardschool.widgets.together` (``table:together.*``). ``{who}`` is a seat, said
with the table's seat names.
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register

from . import messages as _first  # noqa: F401  (the namespace's first catalog)

__all__ = ["TOGETHER"]

TOGETHER = register(
    Catalog(
        "table",
        {
            # a seat at a shared table
            "table:shared.title": "{game}: table {code}",
            "table:shared.no-undo-why": (
                "At a shared table there is no undo and no new deal: every player has seen "
                "each move, and the deal is the whole table's."
            ),
            "table:shared.no-new-deal": (
                "A shared table plays one deal: to play another, open a new table."
            ),
            "table:shared.busy": "the other players' moves are still being shown",
            "table:shared.bot-plays": ("{who} is played by a bot until its player comes back."),
            "table:shared.back": "{who} is played by its player again.",
            "table:shared.bots-keep-free": (
                "Nobody has taken the seat of {who}: a bot plays it until someone does."
            ),
            "table:shared.bot-played-yours": (
                "While you were not at the table, a bot played your seat: {move}"
            ),
            "table:shared.bots-played-yours": Plural(
                "count",
                "A bot played your seat's last move while you were not at the table: the log "
                "shows it.",
                "A bot played your seat's last {count} moves while you were not at the table: "
                "the log shows them.",
            ),
            "table:shared.left-free": (
                "The player of {who} left the table: anyone may take the seat, and a bot plays "
                "it if nobody does within {wait} seconds."
            ),
            "table:shared.left-open": (
                "The player of {who} left the table: a bot plays it until someone takes the seat."
            ),
            "table:shared.taken": "A player has taken the seat of {who}.",
            "table:shared.free-again": (
                "The seat of {who} waits for a classmate again: a bot plays it if nobody "
                "takes it within {wait} seconds."
            ),
            "table:shared.waiting-person": (
                "Waiting for {who} to play: a classmate, on their own screen."
            ),
            "table:shared.waiting-free": (
                "Waiting for someone to take the seat of {who}: a bot plays it once nobody "
                "came for {wait} seconds."
            ),
            "table:shared.no-coach": (
                "The table's creator switched the coach off for everyone: this deal is "
                "played without it."
            ),
            "table:shared.coach-on": (
                "The table's creator switched the coach on again: you may open it."
            ),
            "table:shared.read-again": (
                "The table was read again from the class server: every move is on show."
            ),
            # the page: open a table, join one, the seat taken
            "table:together.open": "Open a table",
            "table:together.game": "Game",
            "table:together.level": "Bots' level",
            "table:together.people": "Seats for people (the bots play the others)",
            "table:together.mine": "Your seat",
            "table:together.open-button": "Open the table",
            "table:together.join": "Join a table",
            "table:together.code": "Table code",
            "table:together.any-seat": "Any free seat",
            "table:together.seat": "Seat",
            "table:together.join-button": "Join",
            "table:together.seated": "You sit at table {code}, in the seat of {who}.",
            "table:together.team": "Your team: you and {seats}, against the others.",
            "table:together.give": "Give the others this code, or this link:",
            "table:together.bots": "Played by a bot until their player comes back: {seats}.",
            "table:together.code-help": (
                "A table code is the 8 letters and digits shown above the table of whoever "
                "opened it: type it here, or open the link they send you."
            ),
            "table:together.copy": "Copy the link",
            "table:together.copied": "Link copied: send it to the others.",
            "table:together.select": "The link is selected: copy it and send it to the others.",
            "table:together.another": "Open or join another table",
            "table:together.at-table": "At this table:",
            "table:together.seat-you": "{who}: you",
            "table:together.seat-person": "{who}: a player",
            "table:together.seat-bot": "{who}: a bot",
            "table:together.seat-free": (
                "{who}: free, waiting for a player (a bot plays it after {wait} seconds)"
            ),
            "table:together.seat-open": "{who}: a bot, until someone takes the seat",
            "table:together.seat-away": "{who}: a bot, until its player comes back",
            "table:together.over": (
                "This deal is over. To play another, one of you opens a new table and gives "
                "the others its code."
            ),
            "table:together.leave": "Leave the table",
            "table:together.left": "You left table {code}: a bot plays your seat.",
            "table:together.no-server": (
                "Shared tables need the class server of the served app, and this page has none."
            ),
            "table:together.kept-gone": (
                "The seat this browser kept at table {code} could not be taken back: {why}"
            ),
            "table:together.coach-allowed": "Coach allowed",
            "table:together.coach-off": "Switch the coach off for everyone",
            "table:together.coach-on": "Switch the coach on for everyone",
            "table:together.link-table": "The link names table {code}: choose a seat and join.",
            # the form's messages, read strictly
            "table:check.text": "{where!r} must be a text of at most {most} characters",
            "table:check.seat": "{where!r} must be a seat number from 0 to 9, not {value}",
            "table:check.people": "{where!r} must be a list of 1 to 10 seat numbers",
            "table:check.kept": "{where!r} must be a kept seat (a table code and a token) or null",
        },
    )
)
