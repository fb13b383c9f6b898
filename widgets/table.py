"""The card table widget shared by both games: it draws a table state and reads intents.

Python computes a :class:`~cardschool.widgets.state.TableState` and calls :meth:`show`;
the browser (the front end in ``static/``, joined by ``front_end.py``: the core and the
game module the class names in ``GAME_MODULE``) draws it and sends intents. :meth:`handle_intent`
checks every intent strictly (shape, then against the state on show: a card must be in
the hand, a button must exist, nothing while the bots move, nothing from an older
picture) and only then calls :meth:`on_intent`, the hook a game table implements with a
session. Whatever goes wrong ends as a message on the table, never as a lost exception.

Every sentence the table shows is a message (``engine/messages.py``) until :meth:`words`,
the one place a table puts a message into words (a game table: with its session's seat
names, told to its learner); :meth:`tell` and :meth:`refuse` take messages, and an error is
shown by its message (``said_of``). The front end holds no words of its own: the table
sends them once, by key, in ``labels`` (:meth:`front_words`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import string
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, ClassVar

import anywidget
import traitlets

from cardschool.engine.errors import IllegalMoveError, Told, said_of
from cardschool.engine.games import GAMES, game_spec
from cardschool.engine.languages import spoken
from cardschool.engine.messages import Message, Plural, catalog_of, message, render
from cardschool.engine.svg import card_back_svg, card_svg, suit_svg

from .browser_json import plain
from .classroom import joined
from .front_end import front_end
from .intents import Intent, IntentError, TableError, parse_intent
from .picture import LOG_LENGTH
from .speaking import Speaking
from .state import Limits, Said, TableState, check_state
from .state import Message as Line

__all__ = [
    "LIMITS",
    "SPEED_RANGE",
    "SPEED_STEP",
    "TableError",
    "TableTraitError",
    "TableWidget",
    "deck_faces",
    "status_line",
]

log = logging.getLogger(__name__)

SPEED_RANGE = (0, 3000)
"""The bots' delay between moves, in milliseconds: lowest and highest allowed."""
SPEED_STEP = 100
"""The step of the bots' delay slider, in milliseconds."""

LIMITS = Limits(
    speed_min=SPEED_RANGE[0], speed_max=SPEED_RANGE[1], speed_step=SPEED_STEP, log=LOG_LENGTH
)
"""The bounds the front end draws with, sent in every state that comes without its own."""


class TableTraitError(Told, traitlets.TraitError):
    """A trait value the table refuses (a speed out of range, a link of the wrong shape)."""


@lru_cache(maxsize=6)
def _faces(game: str, language: str) -> tuple[tuple[str, str], ...]:
    """Every face of a game's deck, the back and the suits, computed once per process and
    language (each picture's label names its card in ``language``, the one spoken)."""
    spec = game_spec(game)
    return (
        *((str(card), card_svg(card)) for card in spec.deck()),
        ("back", card_back_svg()),
        *((f"suit:{suit.value}", suit_svg(suit)) for suit in spec.suits),
    )


def deck_faces(game: str) -> dict[str, str]:
    """Card text -> SVG picture for the whole deck of ``game``, ``"back"`` and ``"suit:X"``,
    each named in the language spoken now."""
    game_spec(game)  # ValueError naming the games for an unknown one
    return dict(_faces(game, spoken()))


class TableWidget(Speaking, anywidget.AnyWidget):
    """A card table in the browser: draws ``state``, sends intents back to ``on_intent``."""

    GAME_MODULE: ClassVar[str | None] = None
    """The game whose front end this class draws (``<name>/table.js`` and ``.css``, joined
    after the core); None: every game module, for a table shown states of any game."""

    _esm, _css = front_end()

    state = traitlets.Dict().tag(sync=True)
    """The table state as plain JSON (see ``widgets/state.py``); set it with :meth:`show`."""
    faces = traitlets.Dict().tag(sync=True)
    """Card text -> SVG picture, for the whole deck plus ``"back"``; sent once."""
    labels = traitlets.Dict().tag(sync=True)
    """The front end's words by key (``table:front.*`` and each game's ``<game>:front.*``
    messages, see :meth:`front_words`): the front end holds no sentence of its own; sent once."""
    speed = traitlets.Int(600).tag(sync=True)
    """The bots' delay between moves, in milliseconds (see ``SPEED_RANGE``)."""
    large = traitlets.Bool(False).tag(sync=True)
    """Projector mode by default: bigger cards and text (each screen may toggle it)."""
    glossary = traitlets.Unicode("").tag(sync=True)
    """A relative link to the glossary page, shown in the table's bar when set."""
    rules = traitlets.Unicode("").tag(sync=True)
    """A relative link to the game's Rules page, shown in the table's bar when set (at the
    anchor of the rule the last message names)."""

    BROWSER_TRAITS: frozenset[str] = frozenset()
    """Traits the browser may change directly: none, it sends intents for everything."""
    WHEN_BUSY = frozenset({"speed"})
    """Intent types accepted while the bots are moving."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class that names its game module draws with the core and that module only."""
        if "GAME_MODULE" in cls.__dict__:
            cls._esm, cls._css = front_end(*([cls.GAME_MODULE] if cls.GAME_MODULE else []))
        super().__init_subclass__(**kwargs)

    def __init__(self, state: TableState | dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rev = 0
        self._faces_game = ""
        self._queue: list[Callable[[], None]] = []
        self._depth = 0
        self._draining = False
        self._timers: dict[int, asyncio.Handle] = {}
        self._tickets = itertools.count()
        self.on_msg(self._receive)
        self.labels = self.front_words()
        if state is not None:
            self.show(state)

    @traitlets.validate("glossary", "rules")
    def _check_links(self, proposal: dict[str, Any]) -> str:
        link = proposal["value"]
        if link and not re.fullmatch(r"(\.\./)*[a-z0-9-]+\.ipynb", link):
            name = proposal["trait"].name
            raise TableTraitError(message("table:bad-link", name=name, link=repr(link)))
        return link

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        low, high = SPEED_RANGE
        if not low <= value <= high:
            raise TableTraitError(message("table:speed-range", low=low, high=high, value=value))
        return value

    # ------------------------------------------------------------ drawing

    def show(self, state: TableState | dict[str, Any]) -> None:
        """Check a state against the contract and draw it (ValueError if it is malformed).

        A state without ``limits`` gets :data:`LIMITS`.
        """
        data = check_state(state.to_dict() if isinstance(state, TableState) else state)
        if data["limits"] is None:
            data["limits"] = LIMITS.to_dict()
        if self._faces_game != data["game"]:
            self.faces = deck_faces(data["game"])
            self._faces_game = data["game"]
        self._rev += 1
        self.state = {**data, "rev": self._rev}

    def words(self, said: Message) -> str:
        """The one place this table turns a message into words (a game table: with its
        session's seat names, told to its learner's seat)."""
        return render(said)

    def front_words(self) -> dict[str, str]:
        """The front end's words by key, each put in words by :meth:`words`: ``undo`` for
        ``table:front.undo``; a game's by their message id, ``mille:front.stock`` (never
        spelled like a rule id, ``mille.stock``). A template's
        placeholders stay as they are (``Deal {code}``) for the front end to fill in with
        values Python sent (numbers among them already written as Python writes them)."""
        found: dict[str, str] = {}
        for namespace in ("table", *GAMES):
            for id, entry in catalog_of(f"{namespace}:").entries.items():
                key = id.partition(":front.")[2]
                if not key:
                    continue
                key = key if namespace == "table" else id  # a game's: its message id
                if isinstance(entry, Plural):
                    found |= self._plural_words(id, key, entry)
                    continue
                names = {name for _, name, _, _ in string.Formatter().parse(entry) if name}
                said = message(id, **{name: f"{{{name}}}" for name in names})
                found[key] = self.words(said)
        return found

    def _plural_words(self, id: str, key: str, entry: Plural) -> dict[str, str]:
        """A plural entry's words for the front end: ``key`` its many form (``{count}
        cards``), ``key#0`` and ``key#1`` the sentences for 0 and 1 where they differ (the
        only numbers the plural rules of the school's languages single out; ``say`` takes
        ``key#<count>`` first)."""
        parse = string.Formatter().parse
        names = {n for form in (entry.one, entry.other) for _, n, _, _ in parse(form) if n}
        placed = {name: f"{{{name}}}" for name in names - {entry.count}}
        many = self.words(message(id, **placed, **{entry.count: 2}))
        assert many.count("2") == 1, id  # its many form shows its number once
        found = {key: many.replace("2", f"{{{entry.count}}}")}
        for number in (0, 1):
            said = self.words(message(id, **placed, **{entry.count: number}))
            if said != found[key].replace(f"{{{entry.count}}}", str(number)):
                found[f"{key}#{number}"] = said
        return found

    def redraw_words(self) -> None:
        """The page speaks another language: the front end's words again (it draws the
        table anew with them), and the card pictures, whose labels name their cards; a game
        table draws its state again too."""
        if self._faces_game:
            self.faces = deck_faces(self._faces_game)
        self.labels = self.front_words()

    def refuse_language(self, said: Message) -> None:
        """A language the school does not speak is refused on the table's line."""
        self.refuse(self.as_sentence(said))

    def as_sentence(self, said: Message) -> Message:
        """``said`` as a line of the table: with a capital, and a full stop unless it ends
        with one (engine errors and the record layer's words may not)."""
        ends = self.words(said).rstrip()[-1:] in (".", "!", "?", "…")
        return message("table:sentence" if ends else "table:sentence.stop", said=said)

    def tell(self, said: Message, *, rule: str | None = None, kind: str = "info") -> None:
        """Put a sentence in the message area (announced to screen readers); nothing else."""
        text = self.words(said)
        shown = Line.from_dict({"text": text, "rule": rule, "kind": kind}).to_dict()
        self.state = {**self.state, "message": shown}

    def refuse(self, said: Message, *, rule: str | None = None) -> None:
        """Show why a click was refused, with its rule id if there is one; nothing else."""
        self.tell(said, rule=rule, kind="error")

    def refuse_error(self, error: BaseException) -> None:
        """Show an error's sentence (``said_of``) as a refusal, as a line of the table."""
        self.refuse(self.as_sentence(said_of(error)))

    # ------------------------------------------------------------ intents

    def handle_intent(self, intent: object) -> None:
        """Check one intent from the browser and pass it to :meth:`on_intent`, or refuse it."""
        try:
            clean = parse_intent(intent)
            self._check_against_state(clean)
        except IntentError as error:
            log.info("refused intent %r: %s", intent, error)
            self.refuse_error(error)
            return
        if clean.type == "speed":
            try:
                self.speed = clean.ms
            except traitlets.TraitError as error:
                self.refuse_error(error)
            return
        self._guarded(lambda: self.on_intent(clean))

    def waiting_for(self) -> Message:
        """What the table is busy with, as the end of "Wait a moment: ..." to a click."""
        return message("table:busy.bots")

    def on_intent(self, intent: Intent) -> None:
        """The hook a game table implements: act on a checked intent, then :meth:`show`."""
        self.refuse(message("table:picture-only"))

    def _check_against_state(self, intent: Intent) -> None:
        """Refuse intents that do not fit the table on show (stale, forged or too early)."""
        state = self.state
        kind = intent.type
        if not state.get("game"):
            raise IntentError(message("table:not-ready"))
        if state.get("busy") and kind not in self.WHEN_BUSY:
            raise IntentError(message("table:wait-a-moment", what=self.waiting_for()))
        if intent.rev is not None and intent.rev != state.get("rev"):
            raise IntentError(message("table:stale"))
        hand = [entry["card"] for entry in state.get("hand", [])]
        match kind:
            case "card":
                card, index = intent.card, intent.index
                if card not in hand:
                    raise IntentError(message("table:not-in-hand", card=card))
                if index is not None and (index >= len(hand) or hand[index] != card):
                    raise IntentError(message("table:not-at-place", card=card, index=index))
            case "select":
                missing = Counter(intent.cards) - Counter(hand)
                if missing:  # the cards by their text forms, one space apart
                    cards = " ".join(sorted(missing))
                    raise IntentError(message("table:not-in-hand", card=cards))
            case "action":
                names = {entry["action"] for entry in state.get("actions", [])}
                if intent.action not in names:
                    raise IntentError(message("table:no-button.now", name=repr(intent.action)))
            case "undo" | "redo":
                if not state.get(f"can_{kind}"):
                    raise IntentError(message(f"table:nothing-to-{kind}"))
            case "next":
                if state.get("result") is None:
                    raise IntentError(message("table:deal-not-over"))
            case "replay":
                if intent.go != "open" and state.get("replay") is None:
                    raise IntentError(message("table:no-replay"))
            case "confirm":
                if state.get("confirm") is None:
                    raise IntentError(message("table:no-question"))

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        """Every custom message from the browser lands here; no exception escapes.

        A message numbered ``seq`` (the front end's, see ``static/saves.js``) is answered
        ``{"ack": seq}`` once handled, refused or not: no answer means the kernel is gone.
        """
        content = plain(content)  # Pyodide's null is None here too (the static site)
        seq = content.pop("seq", None) if isinstance(content, dict) else None
        if isinstance(content, dict) and content.get("type") == "member":  # a class membership
            self._guarded(lambda: joined.take(self, content))
            return
        self._guarded(lambda: self.take_language(content) or self.handle_intent(content))
        if isinstance(seq, int) and not isinstance(seq, bool):
            try:
                self.send({"ack": seq})
            except Exception:
                log.exception("the table could not answer a message")

    def _guarded(self, act: Callable[[], None]) -> None:
        """Run ``act``: engine refusals become messages, anything else is logged and shown.

        Acts queued by :meth:`later` without an event loop run when the outermost
        guarded act is over, one after the other, so a handler finishes before bots move.
        Every trait the acts change reaches the browser in one message, when they are done.
        """
        with self.hold_sync():
            self._run(act)
            if self._depth == 0 and not self._draining:
                self._draining = True
                try:
                    while self._queue:
                        self._run(self._queue.pop(0))
                finally:
                    self._draining = False

    def _run(self, act: Callable[[], None]) -> None:
        """Run one act, turning every exception into a message on the table."""
        self._depth += 1
        try:
            act()
        except IllegalMoveError as error:
            self.refuse(error.said, rule=error.rule)
        except ValueError as error:  # InvalidMoveError, SavedGameError: bad text or code
            self.refuse_error(error)
        except Exception:
            log.exception("the table failed to handle a message")
            try:
                self.refuse(message("table:oops"))
            except Exception:
                log.exception("the table could not even show an error")
        finally:
            self._depth -= 1

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait changes from the browser: only ``BROWSER_TRAITS``, checked; others refused."""
        allowed = {k: v for k, v in sync_data.items() if k in self.BROWSER_TRAITS}
        ignored = sorted(set(sync_data) - self.BROWSER_TRAITS)
        if ignored:
            log.warning("the browser tried to change %s; ignored", ", ".join(ignored))
            self._guarded(lambda: self.refuse(message("table:no-direct-change")))
        if allowed:
            try:
                super().set_state(allowed)
            except traitlets.TraitError as error:
                refused = error
                self._guarded(lambda: self.refuse_error(refused))

    # ------------------------------------------------------------ timing of bot moves

    def later(self, act: Callable[[], None], delay_ms: int | None = None) -> None:
        """Run ``act`` after ``delay_ms`` (default: ``speed``) on the kernel's event loop.

        Without a running loop (plain Python, tests) it runs without delay, in order, once
        the intent being handled is done. Errors in ``act`` end as a message, like those
        of intents.
        """
        delay = self.speed if delay_ms is None else delay_ms
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._queue.append(act)
            if self._depth == 0:
                self._guarded(self._queue.pop(0))
            return
        # each timer is known by its ticket, never by Handle.when(): Pyodide's browser loop
        # returns plain asyncio.Handle objects, which have no when()
        ticket = next(self._tickets)
        self._timers[ticket] = loop.call_later(delay / 1000, self._fire, act, ticket)

    def _fire(self, act: Callable[[], None], ticket: int) -> None:
        """A timer went off: forget it and run the act, guarded."""
        self._timers.pop(ticket, None)
        self._guarded(act)

    def cancel_later(self) -> None:
        """Cancel every act waiting in :meth:`later` (on a new deal, undo, or close)."""
        for handle in getattr(self, "_timers", {}).values():  # absent if __init__ failed early
            handle.cancel()
        self._timers = {}
        self._queue = []

    def close(self) -> None:
        """Cancel waiting acts and close the widget."""
        self.cancel_later()
        super().close()


def _sentence(text: str) -> str:
    """A message as a sentence: capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def status_line(said: Sequence[Line]) -> Line:
    """The status line of these sentences (oldest first): one of them on its line, with
    its rule's chip, and the others folded under it, in the order they were said.

    The one shown is the latest announcement (trumps, two cards left), else the latest
    sentence: the move the learner answers.
    """
    loud = [m for m in said if m.kind == "announce"]
    head = loud[-1] if loud else said[-1]
    more: list[Said] = []
    for line in said:
        if line is not head:
            more.append(Said(_sentence(line.text), line.rule))
        more.extend(line.more)  # a sentence's own follow-ups (Mililla's bonus) stay after it
    return replace(head, text=_sentence(head.text), more=tuple(more))
