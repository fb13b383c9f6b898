"""Shared tables (issue 29): classmates at one table, bots in the empty seats. No HTTP here.

:class:`SharedTables` keeps tables in the class database (``table_models.py``) and is what
the class server's table routes will call. A table is one deal of a game, with its
variants and bots' level; its seed is drawn here and kept in the database, never sent
until the deal is over (a deal code gives every hand). The seed is any a deal code can carry
(60 bits), not a short code's: a player could try a short code's million seeds against
their own hand. :meth:`SharedTables.open_table`
gives a random table code (the class codes' alphabet, without look-alikes, longer: a code
guessed at random finds nothing) and the creator's seat token; others join with
:meth:`SharedTables.take_seat`, and a browser that sat there already gets its seat back.

Every move goes through :meth:`SharedTables.play`: the table's moves so far are replayed
through the rules (a :class:`~cardschool.engine.session.Session` at every seat), the move is
checked for its seat, its turn, its number and the rules, and written with its number. The
database decides between two moves sent for one turn: ``(table_id, number)`` is unique,
so the second insert fails and is refused as played too late, with nothing changed.
Other players' kernels read :meth:`SharedTables.moves_since` and replay the same moves.

The bots play the seats kept for them, and a person's seat whose browser has not been
seen for longer than :attr:`SharedTables.wait` (a never-taken seat: since the table was
opened), when the server calls :meth:`SharedTables.play_bots`. The bots are the
sessions' own, seeded as a :class:`Session` seeds them (the seed, the level and the
move's number), so the same table always gets the same bots' moves.

:meth:`SharedTables.view` is what one seat may see: the engine's view for that seat
(the others' hands hidden) and every move in words, the deal code only once it is over.

The coach (issue 29.2): each player's coach is their own kernel's, but a table may be
played without it, as a teacher would have a match played. :meth:`SharedTables.open_table`
takes ``coach`` (True by default), only the table's creator (the seat token it was opened
with) may switch it with :meth:`SharedTables.set_coach`, and the view says it (``coach``);
each seat's kernel refuses its coach while it is off (``shared_table.py``).

There is no undo at a shared table (:meth:`SharedTables.undo` always refuses, saying so):
every player has seen the move and may have played on it, and taking it back would need
every other person's consent, asked and waited for at each undo. The issue allows "not
at all"; each player's own review replays the deal afterwards.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from cardschool.engine import dealcode
from cardschool.engine.errors import IllegalMoveError, Told
from cardschool.engine.games import GAMES, game_spec, new_game
from cardschool.engine.messages import Seat, message, render
from cardschool.engine.protocol import LEVELS
from cardschool.engine.session import HUMAN, Session

from .db import StoreError, plain_error, reading, writing
from .keys import CODE_ALPHABET, token_hash
from .members import utc_now
from .seat_counts import MOST_SENT, SeatCounts, WrongCounts
from .table_basics import Opened, PlayedMove, TableRefused
from .table_messages import TABLES  # noqa: F401  (the catalog registered)
from .table_models import CODE_CHARS, MOVE_CHARS, SharedTable, TableMove, TableSeat

__all__ = [
    "BOT",
    "WAIT_SECONDS",
    "Opened",
    "PlayedMove",
    "SharedTables",
    "TableRefused",
    "new_table_code",
]

BOT = "bot"
"""The kind of a seat kept for the bots (the other kind is ``human``)."""
WAIT_SECONDS = 20.0
"""How long a person's seat waits for its browser before the bots play it."""
MOST_BOT_MOVES = 2_000
"""The most moves one :meth:`SharedTables.play_bots` call makes (a whole deal is far fewer)."""
MOST_CONFLICTS = 20
"""The most bots' moves one :meth:`SharedTables.play_bots` call finds played first by others."""
_LOG = logging.getLogger(__name__)
_TABLES = SharedTable.__table__
_SEATS = TableSeat.__table__
_MOVES = TableMove.__table__


@dataclass(frozen=True, slots=True)
class _Table:
    """A table as read from the database, with its seats and moves."""

    row: Any
    seats: tuple[Any, ...]
    moves: tuple[PlayedMove, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names of the table's game."""
        return tuple(game_spec(self.row.game).seat_names)


def new_table_code() -> str:
    """A random table code: :data:`CODE_CHARS` characters without look-alikes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_CHARS))


def _secret_seed() -> int:
    """A deal's seed nobody can guess: any a deal code can carry (60 bits), not a short one."""
    return secrets.randbelow(dealcode.MAX_SEED + 1)


def _normal_code(code: object) -> str | None:
    """A table code as typed, upper-cased; None when it cannot be one."""
    if not isinstance(code, str):
        return None
    code = code.strip().upper().replace(" ", "").replace("-", "")
    if len(code) != CODE_CHARS or any(char not in CODE_ALPHABET for char in code):
        return None
    return code


@contextmanager
def _plain_errors() -> Iterator[None]:
    """A database exception raised inside as a :class:`StoreError` with a plain sentence."""
    try:
        yield
    except (StoreError, TableRefused):
        raise
    except sa.exc.SQLAlchemyError as error:
        raise plain_error(error) from error


class SharedTables:
    """The shared tables of one class database: open, sit, play, the bots' turns, views."""

    def __init__(
        self,
        engine: Engine,
        *,
        wait: float = WAIT_SECONDS,
        clock: Callable[[], datetime] = utc_now,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.engine = engine
        self.wait = wait
        """Seconds a person's seat waits for its browser before the bots play it."""
        self.clock = clock
        """The time now (naive UTC), as the store keeps times."""
        self.seeds = seeds or _secret_seed
        """Where a new table's seed comes from (a test may give a seeded one)."""

    # -- opening and sitting ------------------------------------------------------------

    def open_table(
        self,
        game: str,
        level: str = "basic",
        variants: Mapping[str, Any] | None = None,
        people: Sequence[int] = (0,),
        *,
        creator_seat: int | None = None,
        coach: bool = True,
    ) -> Opened:
        """Open a table of ``game`` whose seats ``people`` are kept for persons (the others
        for the bots of ``level``); the creator sits at ``creator_seat`` (the first of
        ``people`` by default); ``coach``: whether the players may open their coach.
        Returns the code and the creator's token."""
        chosen, kept = self.checked_opening(game, level, variants, people)
        if type(coach) is not bool:
            raise TableRefused(message("classroom:table.coach-value"))
        spec = game_spec(game)
        sitting = kept[0] if creator_seat is None else creator_seat
        if sitting not in kept:
            raise TableRefused(message("classroom:table.people", last=spec.seats - 1))
        token = secrets.token_urlsafe(32)
        now = self.clock()
        row = {
            "game": game,
            "variants": json.dumps(chosen, sort_keys=True),
            "level": level,
            "seed": self.seeds(),
            "created": now,
            "creator": token_hash(token),
            "coach": coach,
        }
        for attempt in range(5):  # a code drawn twice (a one in 10^11 chance): draw again
            code = new_table_code()
            try:
                with _plain_errors(), writing(self.engine) as connection:
                    insert_table(connection, code, row, spec.seats, kept, sitting)
            except StoreError as error:
                if attempt < 4 and isinstance(error.__cause__, sa.exc.IntegrityError):
                    continue
                raise
            return Opened(code, sitting, token)
        raise AssertionError("unreachable: the loop returns or raises")

    def checked_opening(
        self, game: object, level: object, variants: object, people: object
    ) -> tuple[dict[str, Any], list[int]]:
        """A table's game, level, variants and people's seats checked (refused with a
        sentence): the variants chosen and the seats kept for persons."""
        if not isinstance(game, str) or game not in GAMES:
            raise TableRefused(message("classroom:table.no-game", game=str(game)[:40]))
        spec = game_spec(game)
        if not isinstance(level, str) or level not in LEVELS or level not in dealcode.CODE_LEVELS:
            levels = ", ".join(dealcode.CODE_LEVELS)
            said = message("classroom:table.level", levels=levels, level=str(level)[:40])
            raise TableRefused(said)
        if variants is not None and not isinstance(variants, Mapping):
            raise TableRefused(message("classroom:table.variant", field="?", game=spec.title))
        chosen = dict(variants or {})
        fields = [field for field, _values in spec.code_variants]
        for field in chosen:
            if not isinstance(field, str) or field not in fields:
                said = message("classroom:table.variant", field=str(field)[:40], game=spec.title)
                raise TableRefused(said)
        try:  # variants a deal code can carry, or the deal code at the end could not say them
            rules = dealcode.rules_from_variants(spec.rules_type, chosen)
            dealcode.encode(game, 0, rules, level)
        except Told as error:
            raise TableRefused(message("classroom:table.variants", why=error.said)) from error
        seats = range(spec.seats)
        kept = list(people) if isinstance(people, list | tuple) else []
        if (
            not kept
            or len(set(kept)) != len(kept)
            or not all(type(seat) is int and seat in seats for seat in kept)
        ):
            raise TableRefused(message("classroom:table.people", last=spec.seats - 1))
        return chosen, kept

    def take_seat(self, code: str, seat: int | None = None, token: str | None = None) -> str:
        """Sit at ``seat`` (None: the first free one kept for a person) of the table
        ``code``; returns the seat's token. A ``token`` that holds a seat there already
        takes that seat back (the same browser after a reload or a lost connection)."""
        table = self._table(code)
        names = table.names
        mine = self._seat_of(table, token) if token else None
        if mine is not None:
            if seat is not None and seat != mine.number:
                said = message("classroom:table.seated", who=Seat(mine.number))
                raise TableRefused(said, names)
            self._touch(mine.id, force=True)
            return token  # type: ignore[return-value]
        if table.row.class_id is not None:  # a class's table: the class seats its students
            raise TableRefused(message("classroom:table.class-seats"), names)
        if seat is None:
            free = [s for s in table.seats if s.kind == HUMAN and s.holder_hash is None]
            if not free:
                raise TableRefused(message("classroom:table.full"), names)
            chosen = free[0]
        else:
            chosen = self._numbered(table, seat)
            if chosen.kind != HUMAN:
                raise TableRefused(message("classroom:table.bots-seat", who=Seat(seat)), names)
        token = secrets.token_urlsafe(32)
        with _plain_errors(), writing(self.engine) as connection:
            taken = connection.execute(  # the database decides between two browsers
                _SEATS.update()
                .where(_SEATS.c.id == chosen.id, _SEATS.c.holder_hash.is_(None))
                .values(holder_hash=token_hash(token), seen=self.clock())
            ).rowcount
        if taken != 1:
            if seat is None:
                raise TableRefused(message("classroom:table.full"), names)
            said = message("classroom:table.seat-taken", who=Seat(chosen.number))
            raise TableRefused(said, names)
        return token

    def set_coach(self, code: str, token: str, on: bool) -> bool:
        """Let the players open their coach (``on``) or not: only the table's creator may
        (the seat token it was opened with); the coach's state now."""
        if type(on) is not bool:
            raise TableRefused(message("classroom:table.coach-value"))
        table = self._table(code)
        self._mine(table, token)
        if not hmac.compare_digest(token_hash(token), table.row.creator):
            raise TableRefused(message("classroom:table.coach-creator"), table.names)
        with _plain_errors(), writing(self.engine) as connection:
            connection.execute(
                _TABLES.update().where(_TABLES.c.id == table.row.id).values(coach=on)
            )
        return on

    def seat_of(self, code: str, token: str) -> int:
        """The number of the seat ``token`` holds at the table ``code`` (refused if none)."""
        return self._mine(self._table(code), token).number

    def leave(self, code: str, token: str) -> None:
        """Give the seat up: another browser may take it, and the bots play it meanwhile."""
        table = self._table(code)
        mine = self._mine(table, token)
        with _plain_errors(), writing(self.engine) as connection:
            connection.execute(
                _SEATS.update()
                .where(_SEATS.c.id == mine.id, _SEATS.c.holder_hash == token_hash(token))
                .values(holder_hash=None, seen=None)
            )

    # -- moves --------------------------------------------------------------------------

    def play(
        self,
        code: str,
        token: str,
        number: int,
        move: str,
        seat: int | None = None,
        counts: object = None,
    ) -> str:
        """Play ``move`` as the move ``number`` (the table's next) for the seat ``token``
        holds (``seat``, if given, must be it); returns the move as kept. Refused with a
        plain sentence, nothing changed: another seat's move, out of turn, a stale number,
        a move the rules refuse (with its rule id), a move played first by another, counts
        that are not counts. ``counts``: what the seat's kernel counted since its last move
        (``seat_counts.py``), added to the seat's totals with the move."""
        table = self._table(code)
        names = table.names
        mine = self._mine(table, token)
        if seat is not None and seat != mine.number:
            other = self._numbered(table, seat).number
            raise TableRefused(message("classroom:table.other-seat", who=Seat(other)), names)
        if not isinstance(move, str) or not 0 < len(move) <= MOVE_CHARS:
            raise TableRefused(message("classroom:table.move-text", most=MOVE_CHARS), names)
        rules = {entry.id for entry in game_spec(table.row.game).rulebook}
        try:
            counted = SeatCounts.sent(counts, rules)
        except WrongCounts:
            raise TableRefused(message("classroom:table.counts", most=MOST_SENT), names) from None
        session = self._replayed(table)
        if session.deal_over:
            raise TableRefused(message("classroom:table.over"), names)
        following = len(table.moves) + 1
        if type(number) is not int or number != following:
            shown = number if type(number) is int else "?"
            said = message("classroom:table.stale", number=shown, next=following)
            raise TableRefused(said, names)
        if session.to_move != mine.number:
            said = message("classroom:table.out-of-turn", who=Seat(session.to_move))
            raise TableRefused(said, names)
        try:
            step = session.play(move, mine.number)
        except IllegalMoveError as error:  # the rule's own id and sentence
            said = message("classroom:table.illegal", rule=error.rule, why=error.said)
            raise TableRefused(said, names) from error
        except Told as error:  # unreadable
            said = message("classroom:table.unplayable", why=error.said)
            raise TableRefused(said, names) from error
        played = PlayedMove(number, mine.number, step.move, HUMAN)
        # the seat's totals as read with the table: another move of this seat written since
        # would hold this move's number, and this one would be refused
        totals = SeatCounts.kept(mine.counts) + counted if counted else None
        self._write(table, played, holder=mine.id, over=bool(session.deal_over), totals=totals)
        return step.move

    def play_bots(self, code: str) -> list[PlayedMove]:
        """Let the bots play while the seat to move is theirs: a seat kept for them, or a
        person's seat unseen for longer than :attr:`wait`. Returns the moves made."""
        made: list[PlayedMove] = []
        table = self._table(code)
        session = self._replayed(table)
        conflicts = 0
        while len(made) < MOST_BOT_MOVES and conflicts < MOST_CONFLICTS and not session.deal_over:
            seat = session.to_move
            if seat is None or not self._bots_play(table, seat):
                break
            level = table.row.level
            session.seats = tuple(level if n == seat else HUMAN for n in range(len(session.seats)))
            try:
                step = session.step()  # the bot, seeded as Session seeds it
            finally:
                session.seats = (HUMAN,) * len(session.seats)
            assert step is not None
            played = PlayedMove(len(table.moves) + 1, seat, step.move, level)
            try:
                self._write(table, played, over=bool(session.deal_over))
            except TableRefused:  # a person played this turn first: go on from theirs
                conflicts += 1
                table = self._table(code)
                session = self._replayed(table)
                continue
            made.append(played)
            table = _Table(table.row, table.seats, (*table.moves, played))
        return made

    def moves_since(self, code: str, number: int = 0, token: str | None = None) -> list[PlayedMove]:
        """The table's moves after the move ``number`` (0: all), oldest first. With
        ``token``: only for a seat holder of the table, whose browser counts as there
        (a kernel waiting for the others' moves is at the table)."""
        table = self._table(code)
        if token is not None:
            mine = self._mine(table, token)
            if mine.seen is None or self.clock() - mine.seen > timedelta(seconds=self.wait / 4):
                self._touch(mine.id)
        return [move for move in table.moves if move.number > number]

    def deal_code(self, code: str, token: str) -> str:
        """The table's deal code (every hand), over or not, for a seat holder: only for the
        served app's kernels, which replay the deal for hints, the coach and the review (the
        class server gives it only with their kernel key; browsers see it in the view once
        the deal is over)."""
        table = self._table(code)
        self._mine(table, token)
        return self._deal_code(table)

    def undo(self, code: str, token: str) -> None:
        """Always refused: there is no undo at a shared table (see the module's docstring)."""
        table = self._table(code)
        self._mine(table, token)
        raise TableRefused(message("classroom:table.no-undo"), table.names)

    # -- what a seat sees ---------------------------------------------------------------

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What the seat ``token`` holds may see (JSON): the engine's view for that seat,
        the seats, every move in words (in the reader's person), and the deal code only
        once the deal is over; ``legal``: the seat's legal moves when it is to move;
        ``coach``: whether the players may open their coach; ``creator``: whether the reader
        opened the table (and may switch the coach). Seeing
        the table counts as being there."""
        table = self._table(code)
        mine = self._mine(table, token)
        self._touch(mine.id)
        session = self._replayed(table)
        seat = mine.number
        names = table.names
        over = bool(session.deal_over)
        mine_to_move = session.to_move == seat and not over
        words = [
            render(step.said, names, reader=seat) if step.said is not None else step.text
            for step in session.steps
        ]
        return {
            "code": table.row.code,
            "game": table.row.game,
            "level": table.row.level,
            "variants": json.loads(table.row.variants),
            "seat": seat,
            "names": list(names),
            "seats": [
                {
                    "number": row.number,
                    "kind": row.kind,
                    "taken": row.holder_hash is not None,
                    # the reader's own seat is theirs again: they are looking at it
                    "bots_play": row.kind == BOT
                    or (row.number != seat and self._bots_play(table, row.number)),
                }
                for row in table.seats
            ],
            "to_move": session.to_move,
            "next": len(table.moves) + 1,
            "view": session.view(seat).to_dict(),
            "legal": [str(move) for move in session.legal_moves()] if mine_to_move else [],
            "moves": [
                {**move.to_dict(), "said": said}
                for move, said in zip(table.moves, words, strict=True)
            ],
            "over": over,
            "deal_code": self._deal_code(table) if over else None,
            "wait": self.wait,
            "coach": bool(table.row.coach),
            "creator": hmac.compare_digest(token_hash(token), table.row.creator),
        }

    # -- helpers ------------------------------------------------------------------------

    def _table(self, code: object) -> _Table:
        """The table ``code`` names, with its seats and moves; refused when there is none."""
        normal = _normal_code(code)
        if normal is None:
            raise TableRefused(message("classroom:table.no-table"))
        with _plain_errors(), reading(self.engine) as connection:
            row = connection.execute(sa.select(_TABLES).where(_TABLES.c.code == normal)).first()
            if row is None:
                raise TableRefused(message("classroom:table.no-table"))
            seats = connection.execute(
                sa.select(_SEATS).where(_SEATS.c.table_id == row.id).order_by(_SEATS.c.number)
            ).all()
            moves = connection.execute(
                sa.select(_MOVES.c.number, _MOVES.c.seat, _MOVES.c.move, _MOVES.c.by)
                .where(_MOVES.c.table_id == row.id)
                .order_by(_MOVES.c.number)
            ).all()
        played = tuple(PlayedMove(m.number, m.seat, m.move, m.by) for m in moves)
        return _Table(row, tuple(seats), played)

    def _seat_of(self, table: _Table, token: object) -> Any | None:
        """The seat ``token`` holds at ``table``, or None."""
        if not isinstance(token, str) or not token:
            return None
        hashed = token_hash(token)
        return next((row for row in table.seats if row.holder_hash == hashed), None)

    def _mine(self, table: _Table, token: object) -> Any:
        """The seat ``token`` holds at ``table``; refused when it holds none."""
        mine = self._seat_of(table, token)
        if mine is None:
            raise TableRefused(message("classroom:table.not-seated"), table.names)
        return mine

    def _numbered(self, table: _Table, seat: object) -> Any:
        """The seat numbered ``seat``; refused when the table has none."""
        if not _seat_ok(table, seat):
            shown = seat if type(seat) is int else "?"
            raise TableRefused(message("classroom:table.no-seat", seat=shown), table.names)
        return table.seats[seat]  # type: ignore[index]

    def _bots_play(self, table: _Table, seat: int) -> bool:
        """Whether the bots play ``seat`` now: kept for them, or its person away too long."""
        row = table.seats[seat]
        if row.kind == BOT:
            return True
        # a seat nobody holds counts from the table's opening, or from when the class last
        # seated a student at its table (``class_tables.py``: it waits for the next one)
        since = row.seen or table.row.created
        return since is None or self.clock() - since > timedelta(seconds=self.wait)

    def _touch(self, seat_id: int, *, force: bool = False) -> None:
        """Note that the browser at the seat ``seat_id`` is there (at most every few seconds,
        unless ``force``)."""
        now = self.clock()
        recent = now - timedelta(seconds=self.wait / 4)
        condition = _SEATS.c.id == seat_id
        if not force:
            condition = condition & (_SEATS.c.seen.is_(None) | (_SEATS.c.seen < recent))
        with _plain_errors(), writing(self.engine) as connection:
            connection.execute(_SEATS.update().where(condition).values(seen=now))

    def _write(
        self,
        table: _Table,
        played: PlayedMove,
        holder: int | None = None,
        *,
        over: bool = False,
        totals: SeatCounts | None = None,
    ) -> None:
        """Write a move with its number (and note its player there, with their counts'
        new ``totals`` if any; ``over``: the move ends the deal, and the table's end is
        written with it); refused, nothing written, when another move has that number
        already. A class's table ended records its deal."""
        try:
            with writing(self.engine) as connection:
                connection.execute(
                    _MOVES.insert().values(
                        table_id=table.row.id,
                        number=played.number,
                        seat=played.seat,
                        move=played.move,
                        by=played.by,
                    )
                )
                if holder is not None:
                    noted: dict[str, Any] = {"seen": self.clock()}
                    if totals is not None:
                        noted["counts"] = json.dumps(totals.to_json())
                    connection.execute(_SEATS.update().where(_SEATS.c.id == holder).values(**noted))
                if over:
                    connection.execute(
                        _TABLES.update()
                        .where(_TABLES.c.id == table.row.id)
                        .values(ended=self.clock())
                    )
        except sa.exc.IntegrityError as error:  # the unique number: another move was first
            raise TableRefused(message("classroom:table.played-first"), table.names) from error
        except StoreError:
            raise
        except sa.exc.SQLAlchemyError as error:
            raise plain_error(error) from error
        if over and table.row.class_id is not None:
            self._class_deal_over(table.row.code)

    def _class_deal_over(self, code: str) -> None:
        """A class's table's deal ended with the move just written (by this call alone: the
        move's number is unique): its students' records (``class_tables.py``). A failure
        there is logged, never the move's: the move is kept."""
        from .class_tables import record_deal  # class_tables.py imports this module

        try:
            record_deal(self, code)
        except (StoreError, TableRefused):
            _LOG.exception("the deal of the class's table %s was not recorded", code)

    def _replayed(self, table: _Table) -> Session:
        """The table's session after its moves, every seat played as a person's (the rules
        check each move; the bots' were their choices when written)."""
        row = table.row
        spec = game_spec(row.game)
        rules = dealcode.rules_from_variants(spec.rules_type, json.loads(row.variants))
        game = new_game(row.game, row.seed, rules)
        session = Session(game, (HUMAN,) * spec.seats, names=spec.seat_names, bot_seed=row.seed)
        for played in table.moves:
            session.play(played.move, played.seat)
        return session

    def _deal_code(self, table: _Table) -> str:
        """The deal code of the table's deal: every hand (said only once it is over)."""
        row = table.row
        spec = game_spec(row.game)
        rules = dealcode.rules_from_variants(spec.rules_type, json.loads(row.variants))
        return dealcode.encode(row.game, row.seed, rules, row.level)


def insert_table(
    connection: sa.Connection,
    code: str,
    row: Mapping[str, Any],
    seats: int,
    kept: Sequence[int],
    sitting: int | None,
) -> int:
    """Write a table (``row``: its columns but the code) and its ``seats`` seats, those
    ``kept`` for persons, the creator's token hash held at ``sitting`` (None: nobody
    sits yet); its id. A code taken already fails on the database's unique code."""
    ident = connection.execute(
        _TABLES.insert().values(code=code, **row).returning(_TABLES.c.id)
    ).scalar_one()
    for seat in range(seats):
        holder = row["creator"] if seat == sitting else None
        connection.execute(
            _SEATS.insert().values(
                table_id=ident,
                number=seat,
                kind=HUMAN if seat in kept else BOT,
                holder_hash=holder,
                seen=row["created"] if holder else None,
            )
        )
    return ident


def _seat_ok(table: _Table, seat: object) -> bool:
    """Whether ``seat`` is a seat number of ``table``."""
    return type(seat) is int and 0 <= seat < len(table.seats)
