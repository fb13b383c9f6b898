"""The table state: everything the browser draws, computed by Python, as plain JSON.

The front end (``static/``, see ``widgets/front_end.py``) never decides anything: it draws
a :class:`TableState` and sends back *intents* (see ``widgets/intents.py``). One state serves
every game; only ``table`` is game-specific: the game's *board*, a dataclass of the game's
folder (``widgets/<game>/board.py``) that the widgets' registry names (``games.py``).

Build a state from these frozen dataclasses and call ``to_dict()``, or write the dict
by hand and check it with :func:`check_state`. The dict form, field by field::

    {"game": "mille",               # which game is drawn: its name in the registry
     "seat": 0,                     # the learner's seat (drawn at the bottom, "south")
     "busy": false,                 # bots are moving: the table refuses clicks meanwhile
     "title": "Mille: practice",    # heading of the table (may be "")
     "prompt": "Draw a card",       # what the learner should do now (may be "")
     "seats": [Seat...],            # every seat, in seat order (the game's own seat type)
     "hand": [HandCard...],         # the learner's cards, in the order they are shown (the
                                    # game's own card type)
     "actions": [Action...],        # buttons of the game: stock, pile, meld, add, discard...
     "table": {...},                # the game's board (widgets/<game>/board.py)
     "message": Message | null,     # the sentence of the moment (aria-live), the rest folded
     "hints": [Hint...] | null,     # the hint panel: every legal move and why (null: closed)
     "hints_title": "Hints: 2 legal moves",  # the hint panel's count line ("" with no move)
     "coach": Coach | null,         # the coach panel: the recommended move and why
     "log": [LogEntry...],          # narrated moves, oldest first (the newest ones)
     "log_first": 1,                # the number of log[0] in the whole log
     "scores": Scores,
     "result": Result | null,       # the end-of-deal breakdown, shown over the table
     "code": "MIL-7K3Q",            # the deal code of this deal ("" if none)
     "can_undo": false, "can_redo": false,
     "replay": ReplayBar | null,    # a replay of the deal is on show (the table is its frame)
     "review": ReviewPanel | null,  # the review of a finished deal (widgets/review.py)
     "confirm": Confirm | null,     # a question the learner answers before Python acts
     "codebox": CodeBox | null,     # the deal-code box's example, words and last error
     "limits": Limits | null}       # Python's bounds the front end draws with (null: the
                                    # widget puts in its own, ``table.LIMITS``)

The widget adds ``"rev"``, a counter bumped at every redraw; the browser echoes it in
its intents so that a click made on an older picture is refused as stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..engine.messages import message
from ..engine.records import Record, field_hints, read
from .intents import TableError

Plain = Record
"""What every part of the state (and each game's board) is: a record of the engine's one
record layer, ``to_dict()`` and ``from_dict()`` included."""

__all__ = [
    "Action",
    "Coach",
    "CodeBox",
    "Confirm",
    "HandCard",
    "Hint",
    "Limits",
    "LogEntry",
    "Message",
    "Plain",
    "ReplayBar",
    "Result",
    "ResultLine",
    "ReviewMoment",
    "ReviewPanel",
    "Said",
    "Scores",
    "Seat",
    "TableState",
    "board_type",
    "check_state",
    "game_fields",
    "game_types",
]

Kind = Literal["human", "free", "random", "basic", "expert"]  # free: a seat nobody took yet
Position = Literal["south", "east", "north", "west"]
MessageKind = Literal["info", "error", "announce"]


@dataclass(frozen=True, slots=True)
class Seat(Plain):
    """One player at the table, as everybody sees them.

    A game's seat may say more (its team, the cards of a hand everyone knows): its own
    subclass in ``widgets/<game>/board.py``, its picture parts' ``seat_type``.
    """

    seat: int  # the seat number, 0 up
    name: str  # "You", "North", "Ana"...
    kind: Kind  # who plays it: the learner or a bot level
    position: Position  # where it is drawn; the learner is always "south"
    hand_size: int  # how many cards they hold
    to_move: bool = False  # it is their turn
    dealer: bool = False  # dealt this deal
    note: str = ""  # a short badge: "two cards left", "thinking..."
    open: tuple[str, ...] = ()  # the whole hand face up (the replay of a finished deal)


@dataclass(frozen=True, slots=True)
class HandCard(Plain):
    """One card of the learner's hand, with what clicking it would do.

    A game's hand card may say more (picked for a move of several cards): its own subclass
    in ``widgets/<game>/board.py``, its picture parts' ``card_type``.
    """

    card: str  # text form: "QS", "10H", "HC"
    name: str  # full name: "Queen of spades" (the button's aria-label)
    legal: bool  # a click on it is a legal move now (marked in the picture)
    why: str = ""  # the engine's sentence about clicking it (tooltip / refusal)
    rule: str | None = None  # the rulebook id behind ``why``


@dataclass(frozen=True, slots=True)
class Action(Plain):
    """A game button: ``stock``, ``pile``, ``meld``, ``add``, ``discard``, ``next``..."""

    action: str  # stable name, also the button's data-action
    label: str  # button text: "Draw from the stock"
    legal: bool  # pressing it now is a legal move (marked in the picture)
    why: str = ""
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Said(Plain):
    """One more sentence of the status line, with the rule behind it."""

    text: str
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Message(Plain):
    """The sentence of the moment, announced to screen readers, and the others folded."""

    text: str  # one sentence, drawn on one line with its rule's chip right after it
    rule: str | None = None  # the rule id shown with it (errors always carry one if known)
    kind: MessageKind = "info"  # "error": a refused click; "announce": trump, two cards left
    more: tuple[Said, ...] = ()  # the status line's other sentences, oldest first: folded
    # behind "N more" (the bots' other moves since the learner's, a bonus after the trump)


@dataclass(frozen=True, slots=True)
class Hint(Plain):
    """One legal move in the hint panel."""

    move: str  # the move in words or text form: "Draw from the stock", "play 7C"
    text: str  # why it is legal, in a sentence
    rule: str  # the rulebook id
    group: str = ""  # panel section: "Draw", "Meld", "Discard", "Play"...
    cards: tuple[str, ...] = ()  # hand cards the move uses (highlighted on hover)
    more: bool = False  # folded behind its group's "N more" (the group's long tail)


@dataclass(frozen=True, slots=True)
class Coach(Plain):
    """The coach panel: the recommended move and why."""

    move: str
    text: str
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class CodeBox(Plain):
    """The words around the deal-code box (see ``widgets/codebox.py``)."""

    example: str  # this game's example code, shown in the empty box: "MLA-7K3Q"
    about: str = ""  # what the code on show means, its suffix in words ("": no code)
    error: str = ""  # why the last code typed was refused, shown next to the box
    rules: str = ""  # the rules the code on show changes, in plain words, shown on the table


@dataclass(frozen=True, slots=True)
class Confirm(Plain):
    """A question on the table, asked before an act that would lose the match in progress;
    its buttons send ``{"type": "confirm", "answer": true}`` (``yes``) or false (``no``)."""

    question: str  # "Start a new deal? The match in progress will be lost."
    yes: str  # the button that goes ahead: "New deal"
    no: str = "Keep playing"  # the button that leaves everything as it is


@dataclass(frozen=True, slots=True)
class ReplayBar(Plain):
    """The replay controls: where the cursor is in the deal (its move is the ``message``)."""

    position: int  # 0: the deal as it started; ``steps``: after its last move
    steps: int


@dataclass(frozen=True, slots=True)
class ReviewMoment(Plain):
    """One moment of a deal's review: the move played, the expert's, why, how much."""

    position: int  # the replay's frame of the decision (a click opens the replay there)
    played: str  # the move played, in words
    better: str  # the expert's move, in words
    reason: str  # why, in plain words
    figures: str  # how much it mattered, with its uncertainty


@dataclass(frozen=True, slots=True)
class ReviewPanel(Plain):
    """The review of a finished deal: its progress while it runs, then its moments."""

    done: int  # decisions looked at so far
    total: int  # the learner's decisions in the deal
    summary: str = ""  # "3 moments to look at" once done ("" while it runs)
    moments: tuple[ReviewMoment, ...] = ()
    shown: bool = True  # the list is open in the side panel (False: only the summary line)


@dataclass(frozen=True, slots=True)
class LogEntry(Plain):
    """One narrated move or event."""

    text: str
    rule: str | None = None
    seat: int | None = None  # who did it (None: the table, e.g. a new deal)


@dataclass(frozen=True, slots=True)
class Scores(Plain):
    """The score panel: one column per player or per team."""

    labels: tuple[str, ...]  # "You", "North" / "Your team", "Their team"
    totals: tuple[int, ...]  # running totals, same order
    target: int  # score that ends the match: 1200 / 35
    deal: tuple[int, ...] | None = None  # points of the deal in progress, if shown
    deal_label: str = "This deal"  # what ``deal`` counts: "Melded this hand"
    match_word: str = "game"  # what the target ends: "game to 35", "match to 1,200"
    caption: str = ""  # the panel's caption in words: "Scores — match to 1,200"


@dataclass(frozen=True, slots=True)
class ResultLine(Plain):
    """One line of the end-of-deal breakdown: ``value`` is one number, or one per column."""

    label: str  # "Melds", "Cards left in hand", "Natural doubling"
    value: int | str | tuple[int | str, ...]  # a tuple follows ``scores.labels``
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Result(Plain):
    """The end-of-deal (or end-of-match) breakdown, rule by rule."""

    title: str  # "You win the hand", "North wins the match (skunk!)"
    lines: tuple[ResultLine, ...] = ()
    next: str | None = "Next hand"  # label of the button sending {"type": "next"}; None: none


@dataclass(frozen=True, slots=True)
class Limits(Plain):
    """Python's bounds the front end draws with, each from the one constant that sets it.

    They travel in the state so that the browser holds no copy of them; the widget fills
    them in (``table.LIMITS``) when a state comes without them.
    """

    speed_min: int  # the bots' delay slider, in ms: lowest (``table.SPEED_RANGE``)
    speed_max: int  # highest (``table.SPEED_RANGE``)
    speed_step: int  # its step (``table.SPEED_STEP``)
    log: int  # the log panel lists at most this many entries, the newest (``picture.LOG_LENGTH``)

    def __post_init__(self) -> None:
        if not 0 <= self.speed_min <= self.speed_max or self.speed_step < 1 or self.log < 1:
            raise TableError(message("table:limits-order", limits=repr(self)))


@dataclass(frozen=True, slots=True)
class TableState(Plain):
    """Everything the table draws: see the module docstring for the dict form."""

    game: str
    seat: int
    seats: tuple[Seat, ...]
    hand: tuple[HandCard, ...]
    table: Any
    scores: Scores
    busy: bool = False
    title: str = ""
    prompt: str = ""
    actions: tuple[Action, ...] = ()
    message: Message | None = None
    hints: tuple[Hint, ...] | None = None
    hints_title: str = ""  # the hint panel's count line, in words ("" without a move)
    coach: Coach | None = None
    log: tuple[LogEntry, ...] = ()
    log_first: int = 1  # the number of the first entry of ``log`` in the whole log
    result: Result | None = None
    code: str = ""
    can_undo: bool = False
    can_redo: bool = False
    replay: ReplayBar | None = None
    limits: Limits | None = None  # None: the widget puts in its own (``table.LIMITS``)
    review: ReviewPanel | None = None
    confirm: Confirm | None = None
    codebox: CodeBox | None = None

    @classmethod
    def field_types(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The fields' types: the board, seats and hand cards being those of the state's game."""
        return {**field_hints(cls), **game_fields(data.get("game"))}

    def __post_init__(self) -> None:
        expected = board_type(self.game)
        if not isinstance(self.table, expected):
            raise ValueError(f"a {self.game} table needs a {expected.__name__}")
        _board, seat_type, card_type = game_types(self.game)
        wrong = [s for s in self.seats if type(s) is not seat_type]
        wrong += [c for c in self.hand if type(c) is not card_type]
        if wrong:
            raise ValueError(f"a {self.game} table draws its own seats and cards, not {wrong[0]!r}")
        if self.seat not in {s.seat for s in self.seats}:
            raise ValueError(f"seat {self.seat} is not one of the seats")


def check_state(data: object) -> dict[str, Any]:
    """Check a state dict against the contract; return it as plain JSON (extra keys dropped).

    Raises ValueError naming the first wrong field, e.g. ``state.hand[2].legal``.
    """
    extra = {"rev"}
    if isinstance(data, dict):
        data = {key: value for key, value in data.items() if key not in extra}
    return read(TableState, data, "state").to_dict()


def game_types(game: object) -> tuple[type, type, type]:
    """A game's own types in the state: its board, its seat and its hand card (the generic
    :class:`Seat` and :class:`HandCard` or subclasses), as the widgets' registry names
    them; ValueError if the game is unknown."""
    from .games import table_parts  # the games' folders import this module

    try:
        parts = table_parts(game)
    except ValueError as error:
        raise ValueError(f"state.game: {error}") from None
    return parts.board, parts.picture.seat_type, parts.picture.card_type


def game_fields(game: object) -> dict[str, Any]:
    """The types of the state's fields that are the game's own: ``table``, ``seats``, ``hand``."""
    board, seat, card = game_types(game)
    return {"table": board, "seats": tuple[seat, ...], "hand": tuple[card, ...]}


def board_type(game: object) -> type:
    """The dataclass of a game's board, as the widgets' registry names it; ValueError if unknown."""
    return game_types(game)[0]
