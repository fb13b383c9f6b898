"""Games kept in the browser: the table's save, and how a save or a link coming back is checked.

After every redraw a :class:`~cardschool.widgets.game_table.GameTable` publishes its
:func:`save` in the synced ``kept`` trait; the front end (``static/saves.js``) writes it
to the browser's storage (``static/storage.js``, kind ``game``). When a table starts, the
front end sends what it had stored, with the page's query string, as a ``resume``
intent. :func:`resume` acts on it: a ``?deal=CODE`` link opens that deal, checked like a
typed code (unless the save is of that very deal: a reload of a page opened by a link goes
on with its game); over a game in progress it is asked first, once the save is back (the
table's question, ``asking.py``); else the save is replayed through the rules by
:func:`restore`, the bots' moves worked out again, and refused (the table keeps its fresh
deal and says why in a plain line) if anything in it does not hold.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from cardschool.engine import dealcode
from cardschool.engine.errors import IllegalMoveError, SavedGameError, said_of
from cardschool.engine.messages import Message, message
from cardschool.engine.protocol import DEAL_OVER_MOVE, LEVELS
from cardschool.engine.session import HUMAN, Session

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["MAX_MOVES", "MAX_SAVE", "SAVE_VERSION", "restore", "resume", "save", "storage_name"]

SAVE_VERSION = 1
"""The version of the save format below; a save of another version is refused."""
MAX_SAVE = 16384
"""The longest save read back, in characters of JSON (the browser module keeps no more)."""
MAX_MOVES = 3000
"""The most moves a save may hold."""
MAX_MOVE_TEXT = 64
"""The longest text of one move."""
MAX_QUERY = 2000
"""The longest query string read from a link."""
SLICE_S = 0.2
"""How long the kernel replays a save at one go before it lets the page's messages through
(an Expert's save takes seconds to replay: the bots' moves are worked out again)."""

_FIELDS = {"v", "game", "code", "seats", "hints", "typed", "moves"}
_OPTIONAL = {"coach"}
"""Fields a save may lack (saves kept before the coach was kept with them)."""


def storage_name(table: GameTable) -> str:
    """The name the table's save is kept under (the front end adds the page's path): the
    same in every language, so a page that opens in another language finds its game."""
    return f"{table.kind}/{table.source_title or 'table'}/{table.seat}"


def save(table: GameTable) -> dict[str, Any]:
    """The table's game as a small JSON value: deal code, seats, hints, coach, every move made."""
    session = table.session
    return {
        "v": SAVE_VERSION,
        "game": session.kind,
        "code": session.code,
        "seats": list(session.seats),
        "hints": table.hints_open,
        "coach": table.coach.on,
        "typed": table.typed_code is not None,
        "moves": [step.move for step in session.steps],
    }


def _json_size(value: object) -> int:
    try:
        return len(json.dumps(value))
    except (RecursionError, TypeError, ValueError):
        return MAX_SAVE + 1


def _refuse(problem: str, **params: object) -> SavedGameError:
    """The error of a save with this problem (``table:save.<problem>``)."""
    return SavedGameError(
        message("table:save-problem", problem=message(f"table:save.{problem}", **params))
    )


def restore(data: object, table: GameTable) -> Session:
    """The session a save describes, replayed through the rules for ``table``'s seat.

    Raises SavedGameError naming the first problem: a save that is not one of this
    table's game, too big, or whose moves the rules or the bots do not make.
    """
    session, moves = _checked_save(data, table)
    for number, move in enumerate(moves, 1):
        _replay_one(session, number, move)
    return session


def _checked_save(data: object, table: GameTable) -> tuple[Session, list[str]]:
    """A save's fresh session (its deal, before any move) and its moves, once its shape holds."""
    if isinstance(data, str) or not isinstance(data, dict):
        raise _refuse("not-a-save")
    if _json_size(data) > MAX_SAVE:
        raise _refuse("too-big", most=MAX_SAVE)
    if not _FIELDS <= set(data) <= _FIELDS | _OPTIONAL or data["v"] != SAVE_VERSION:
        raise _refuse("version")
    current = table.session
    if data["game"] != current.kind:
        raise _refuse("other-game", game=current.spec.title)
    seats, moves, code = data["seats"], data["moves"], data["code"]
    if not isinstance(seats, list) or len(seats) != len(current.seats):
        raise _refuse("seats")
    for place, (kind, now) in enumerate(zip(seats, current.seats, strict=True)):
        if (kind == HUMAN) != (now == HUMAN) or (kind != HUMAN and kind not in LEVELS):
            raise _refuse("seat", seat=place)
    if not all(isinstance(data.get(name, False), bool) for name in ("hints", "typed", "coach")):
        raise _refuse("hints")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _refuse("moves")
    if not all(isinstance(move, str) and 0 < len(move) <= MAX_MOVE_TEXT for move in moves):
        raise _refuse("moves")
    if not isinstance(code, str) or dealcode.decode(code)[0] != current.kind:
        raise _refuse("code")
    session = Session.from_code(code, seats, names=current.names, budget=current.budget)
    return session, list(moves)


def _replay_one(session: Session, number: int, move: str) -> None:
    """Play move ``number`` of a save again; a bot's move is worked out, not read."""
    try:
        if move == DEAL_OVER_MOVE and session.deal_over and not session.match_over:
            session.next_deal()
        elif session.human_to_move:
            session.play(move)
        elif session.bot_to_move:
            step = session.step()
            if step is None or step.move != move:
                raise _refuse("bot", move=move, number=number)
        else:
            raise _refuse("after-end", number=number)
    except SavedGameError:
        raise
    except ValueError as error:  # the rules refuse a move: IllegalMoveError, SessionError
        why = said_of(error)
        if isinstance(error, IllegalMoveError):  # its sentence, then its rule id
            why = message("table:save.rule-id", why=why, rule=error.rule)
        raise _refuse("rules", number=number, why=why) from None


def link_code(query: object) -> str | None:
    """The deal code of a ``?deal=CODE`` link, or None when the query names none."""
    if not isinstance(query, str) or not query:
        return None
    found = parse_qs(query[:MAX_QUERY].lstrip("?")).get("deal")
    return found[-1].strip() if found else None


def _same_deal(data: object, code: str) -> bool:
    """True when a save is of the deal a link names (the same code, in any case)."""
    return isinstance(data, dict) and str(data.get("code", "")).upper() == code.upper()


def resume(table: GameTable, data: object, query: object) -> None:
    """A table has just started in a page: open its link's deal, or continue its save (also
    when the link's code is refused: a broken link never costs the learner their game)."""
    code = link_code(query)
    if code is not None and _same_deal(data, code):
        code = None  # a reload of a page opened by a link: its game goes on
    lead = None
    if code is not None:
        try:
            table.questions.checked_code(code)  # read exactly, like a typed code
        except ValueError as error:
            why = table.as_sentence(said_of(error))
            lead = message("table:link-refused", why=why)
            code = None
    if data is None:
        if code is not None:
            table.new_deal(code)
        elif lead is not None:
            table.say(lead)
        return
    try:
        session, moves = _checked_save(data, table)
    except ValueError as error:  # SavedGameError, or a rules object the code cannot make
        if code is not None:  # no game to lose: the link's deal
            table.new_deal(code)
            return
        _refused(table, error, lead)
        return
    # the save goes on first; a link's other deal replaces it only if the learner says so
    ticket = table.keeper.start_checking_save()
    restoring = Restoring(table, data, session, moves, ticket, lead, code)  # type: ignore[arg-type]
    _replay_a_slice(restoring, 0)


@dataclass(frozen=True)
class Restoring:
    """A save being replayed onto a table, a slice at a time."""

    table: GameTable
    data: dict[str, Any]
    session: Session
    moves: list[str]
    ticket: object
    """The table's ``checking_save`` while this save is the one it waits for."""
    lead: Message | None = None
    """A sentence to say before the outcome (why a link was not opened), or None."""
    link: str | None = None
    """The deal code of the page's link, to be opened once the learner agrees, or None."""
    broken: Message | None = None
    """What stopped the save's replay before its end (its later moves were dropped), or None."""


def _replay_a_slice(restoring: Restoring, done: int) -> None:
    """Replay a save's moves for up to :data:`SLICE_S`, then let the kernel answer the page
    and go on later; at the end the table goes on with the game (or says why it cannot)."""
    table, session, moves = restoring.table, restoring.session, restoring.moves
    if table.checking_save is not restoring.ticket:  # a new deal came first: save dropped
        return
    began = time.perf_counter()
    try:
        while done < len(moves):
            done += 1
            _replay_one(session, done, moves[done - 1])
            if time.perf_counter() - began >= SLICE_S:
                break
    except ValueError as error:
        if restoring.link is not None:  # no game to lose: the link's deal
            table.set_session(table.session)
            table.new_deal(restoring.link)
            return
        if done > 1:  # the moves before the bad one are kept: replayed again, up to it
            _keep_before(restoring, done, error)
            return
        _refused(table, error, restoring.lead)
        return
    if done < len(moves):
        table.say(message("table:save-checking", code=session.code, done=done, total=len(moves)))
        table.later(lambda: _replay_a_slice(restoring, done), 0)
        return
    data = restoring.data
    table.keeper.continue_with(
        session,
        hints=bool(data["hints"]),
        typed=bool(data["typed"]),
        coach=data.get("coach") is True,
    )
    link = restoring.link
    if link is not None and not table.questions.in_progress:
        table.new_deal(link)  # nothing of the learner's to lose
        return
    deals = 1 + sum(step.move == DEAL_OVER_MOVE for step in session.steps)
    made = len(session.steps) - max(
        (i + 1 for i, step in enumerate(session.steps) if step.move == DEAL_OVER_MOVE), default=0
    )
    said = message(
        "table:save-continued",
        code=session.code,
        deal=session.spec.word("deal"),
        deals=deals,
        move=made + 1,
    )
    table.say(_after(restoring.lead, _after(restoring.broken, said)))
    if link is not None:
        _ask_for_link(table, link)


def _keep_before(restoring: Restoring, bad: int, error: ValueError) -> None:
    """Replay a save again up to its move ``bad``, which cannot be played: the learner's
    game goes on from the moves before it, and they are told which move was dropped."""
    kept = bad - 1
    session, _moves = _checked_save(restoring.data, restoring.table)
    why = said_of(error)
    if why.id == "table:save-problem":  # the problem alone: the sentence names the save
        why = why.get("problem")
    said = message("table:save-cut", code=session.code, number=bad, why=why, kept=kept)
    again = replace(restoring, session=session, moves=restoring.moves[:kept], broken=said)
    _replay_a_slice(again, 0)


def _ask_for_link(table: GameTable, code: str) -> None:
    """Ask before a link's deal replaces the game in progress (``asking.py``)."""
    shown = code.strip().upper()
    question = message("table:open-link", code=shown, lost=table.questions.losing)
    yes = message("table:open-link.yes", code=shown)
    table.questions.ask_first(question, yes, lambda: table.new_deal(code))


def _refused(table: GameTable, error: ValueError, lead: Message | None = None) -> None:
    """The save could not be taken back: the table keeps (or deals again) a fresh deal."""
    if table.checking_save is not None:  # the bots of the fresh deal stopped: deal it again
        table.set_session(table.session)
    why = table.as_sentence(said_of(error))
    table.say(_after(lead, message("table:save-refused", why=why)))


def _after(lead: Message | None, then: Message) -> Message:
    """``then``, said after ``lead`` when there is one."""
    return then if lead is None else message("table:lead", lead=lead, then=then)
