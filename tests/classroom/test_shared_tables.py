"""Shared tables (issue 29): played to the end, each seat's view hidden, races and refusals."""

from __future__ import annotations

import json
import tempfile
import threading
from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardschool.engine import dealcode
from cardschool.engine.messages import render
from cardschool.engine.session import HUMAN, Session, new_game
from cardschool.widgets.classroom.db import open_engine
from cardschool.widgets.classroom.keys import token_hash
from cardschool.widgets.classroom.table_models import SharedTable, TableMove, TableSeat
from cardschool.widgets.classroom.tables import SharedTables, TableRefused, new_table_code

from .conftest import fresh_pg_database

START = datetime(2026, 12, 4, 9, 0, 0)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(tmp_path, clock) -> SharedTables:
    return SharedTables(open_engine(str(tmp_path / "class.db")), wait=20, clock=clock)


def stored(tables: SharedTables) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Every row of the three tables' tables, to compare before and after a refusal."""
    with tables.engine.connect() as connection:
        return tuple(  # type: ignore[return-value]
            [tuple(row) for row in connection.execute(sa.select(model).order_by(model.c.id))]
            for model in (SharedTable.__table__, TableSeat.__table__, TableMove.__table__)
        )


def refused(tables: SharedTables, words: str, call, *args, **options) -> None:
    """``call`` is refused with a sentence holding ``words``, and nothing stored changes."""
    before = stored(tables)
    with pytest.raises(TableRefused) as caught:
        call(*args, **options)
    assert words in str(caught.value)
    assert stored(tables) == before


def hidden_cards(tables: SharedTables, code: str, tokens: dict[int, str]) -> None:
    """No card still in another seat's hand shows anywhere in a person's view (a Mililla
    deck has each card once; the turned-up trump card is everyone's to see)."""
    views = {seat: tables.view(code, token) for seat, token in tokens.items()}
    for seat, view in views.items():
        for other, other_view in views.items():
            if other == seat:
                continue
            trump = other_view["view"].get("trump_card")
            text = json.dumps(view)
            for card in other_view["view"]["hand"]:
                if card != trump:
                    assert f'"{card}"' not in text, (seat, other, card)
        assert len(view["view"]["hand"]) == view["view"]["hand_sizes"][seat]


def play_to_the_end(tables: SharedTables, code: str, tokens: dict[int, str]) -> int:
    """Play the table out: the bots' turns through play_bots, each person's through play
    with their first legal move; every position's views checked. Returns the people's moves."""
    for people in range(1000):
        tables.play_bots(code)
        view = tables.view(code, next(iter(tokens.values())))
        if view["over"]:
            return people
        seat = view["to_move"]
        assert seat in tokens, "the bots stopped at a seat that is not a person's"
        mine = tables.view(code, tokens[seat])
        assert mine["deal_code"] is None
        if "hand_sizes" in mine["view"]:
            hidden_cards(tables, code, tokens)
        kept = tables.play(code, tokens[seat], mine["next"], mine["legal"][0])
        assert kept == mine["legal"][0]
    raise AssertionError("the deal did not end")


def bots_were_sessions_bots(code: str, moves, seats: tuple[str, ...]) -> None:
    """Replayed from the deal code, every bot's move is what a Session's bot plays there."""
    session = Session.from_code(code, seats)
    for move in moves:
        if move.by == HUMAN:
            session.play(move.move, move.seat)
        else:
            step = session.step()
            assert step is not None and step.move == move.move
    assert session.deal_over


def test_a_mililla_table_of_two_people_and_two_bots_is_played_to_its_end(tables):
    opened = tables.open_table("mililla", "basic", people=(0, 2))
    second = tables.take_seat(opened.code, 2)
    tokens = {0: opened.token, 2: second}
    first = tables.view(opened.code, opened.token)
    assert first["deal_code"] is None and first["over"] is False
    with tables.engine.connect() as connection:
        seed = connection.execute(sa.select(SharedTable.seed)).scalar_one()
    assert str(seed) not in json.dumps(first)  # the seed is the server's until the end
    assert play_to_the_end(tables, opened.code, tokens) == 20  # ten cards each
    views = [tables.view(opened.code, token) for token in tokens.values()]
    code = views[0]["deal_code"]
    assert code and all(view["deal_code"] == code for view in views)
    assert views[0]["view"]["totals"] == views[1]["view"]["totals"]
    assert len(views[0]["moves"]) == 40
    for mine, theirs in zip(views[0]["moves"], views[1]["moves"], strict=True):
        # every move on both screens, said to each in their own person
        assert {key: mine[key] for key in mine if key != "said"} == {
            key: theirs[key] for key in theirs if key != "said"
        }
        assert mine["said"].startswith("You ") == (mine["seat"] == 0)
        assert theirs["said"].startswith("You ") == (theirs["seat"] == 2)
    moves = tables.moves_since(opened.code)
    assert [m.number for m in moves] == list(range(1, 41))
    assert {m.seat for m in moves if m.by == HUMAN} == {0, 2}
    assert tables.moves_since(opened.code, 38) == moves[38:]
    bots_were_sessions_bots(code, moves, (HUMAN, "basic", HUMAN, "basic"))
    refused(tables, "over", tables.play, opened.code, opened.token, 41, "KO")


def test_a_mille_duel_is_played_to_its_end(tables):
    variants = {"first_two_any": True, "target": 500}
    opened = tables.open_table("mille", "expert", variants, people=(0, 1))
    second = tables.take_seat(opened.code)  # the first free seat
    tokens = {0: opened.token, 1: second}
    assert tables.play_bots(opened.code) == []  # nobody away: no bot plays
    play_to_the_end(tables, opened.code, tokens)
    views = [tables.view(opened.code, token) for token in tokens.values()]
    assert (
        views[0]["deal_code"].startswith("MIL-") and views[0]["deal_code"] == views[1]["deal_code"]
    )
    assert views[0]["view"]["scores"] == views[1]["view"]["scores"]
    deal = dealcode.read(views[0]["deal_code"])  # the deal code says the table's variants
    assert (deal.variants, deal.level) == (variants, "expert")
    assert views[0]["variants"] == variants and views[0]["view"]["rules"]["first_two_any"]
    assert all(move.by == HUMAN for move in tables.moves_since(opened.code))


def test_a_seat_left_alone_is_played_by_the_bots_and_taken_back_by_its_browser(tables, clock):
    opened = tables.open_table("mille", "basic", people=(0, 1))
    second = tables.take_seat(opened.code, 1)
    view = tables.view(opened.code, opened.token)
    seat = view["to_move"]
    token = (opened.token, second)[seat]
    assert tables.play_bots(opened.code) == []
    clock.advance(21)  # nobody seen for longer than the wait: the bots play every seat
    made = tables.play_bots(opened.code)
    assert made and made[0].seat == seat and made[0].by == "basic"
    assert tables.view(opened.code, token)["over"]
    # a reload: the same browser takes its seat back; another browser cannot
    assert tables.take_seat(opened.code, seat, token=token) == token
    refused(tables, "taken by another player", tables.take_seat, opened.code, seat)


def test_the_bots_play_a_person_s_seat_until_someone_takes_it(tables, clock):
    opened = tables.open_table("mililla", "random", people=(0, 1))
    assert tables.view(opened.code, opened.token)["seats"][1]["bots_play"] is False
    clock.advance(21)
    tables.take_seat(opened.code, 0, token=opened.token)  # the creator is back
    view = tables.view(opened.code, opened.token)
    assert [seat["bots_play"] for seat in view["seats"]] == [False, True, True, True]
    made = tables.play_bots(opened.code)
    assert all(move.seat != 0 for move in made)
    assert tables.view(opened.code, opened.token)["to_move"] == 0


def test_wrong_moves_seats_and_codes_are_refused_and_change_nothing(tables):
    opened = tables.open_table("mililla", "basic", people=(0, 1, 2))
    code, first = opened.code, opened.token
    second = tables.take_seat(code, 1)
    refused(tables, "another player", tables.take_seat, code, 1)  # two browsers, one seat
    refused(tables, "already", tables.take_seat, code, 2, token=second)
    refused(tables, "The bots play", tables.take_seat, code, 3)
    refused(tables, "no seat 7", tables.take_seat, code, 7)
    third = tables.take_seat(code)
    refused(tables, "Every seat", tables.take_seat, code)  # a full table
    refused(tables, "No table", tables.take_seat, new_table_code())  # guessed at random
    refused(tables, "No table", tables.view, "not a code", first)
    refused(tables, "no seat at this table", tables.view, code, "a forged token")
    tables.play_bots(code)
    view = tables.view(code, first)
    seat = view["to_move"]
    tokens = {0: first, 1: second, 2: third}
    mover, other = tokens[seat], tokens[(seat + 1) % 3]
    legal = tables.view(code, mover)["legal"]
    number = view["next"]
    refused(tables, "not yours", tables.play, code, mover, number, legal[0], seat=(seat + 1) % 3)
    refused(tables, "not yours", tables.play, code, other, number, legal[0])  # out of turn
    refused(tables, "not the next one", tables.play, code, mover, number + 1, legal[0])
    refused(tables, "not the next one", tables.play, code, mover, number - 1, legal[0])
    refused(tables, "1 to 80", tables.play, code, mover, number, "")
    refused(tables, "cannot be played", tables.play, code, mover, number, "nonsense")
    refused(tables, "no undo", tables.undo, code, mover)
    for _turn in range(40):  # on to a person's turn where the rules refuse a card of theirs
        tables.play_bots(code)
        seat = tables.view(code, first)["to_move"]
        mine = tables.view(code, tokens[seat])
        wrong = [card for card in mine["view"]["hand"] if card not in mine["legal"]]
        if wrong:  # refused, with the rule's id
            play = (code, tokens[seat], mine["next"], wrong[0])
            refused(tables, "breaks the rule mililla.", tables.play, *play)
            break
        tables.play(code, tokens[seat], mine["next"], mine["legal"][0])
    else:
        raise AssertionError("no person ever held a card the rules refused")
    refused(tables, "has no variant", tables.open_table, "mille", "basic", {"nothing": 1})
    refused(tables, "no game", tables.open_table, "chess")
    refused(tables, "no game", tables.open_table, ["mille"])
    refused(tables, "has no variant", tables.open_table, "mille", "basic", ["nothing"])
    refused(tables, "from 0 to 3", tables.open_table, "mililla", "basic", people=(4,))
    refused(tables, "from 0 to 3", tables.open_table, "mililla", "basic", people=())
    refused(tables, "bots' level", tables.open_table, "mille", "genius")
    refused(tables, "from 0 to 1", tables.open_table, "mille", "basic", people=(0, 0))


def race(tables: SharedTables, turns: int) -> None:
    """Two plays with one number at once, ``turns`` times: exactly one lands each time."""
    opened = tables.open_table("mille", "basic", people=(0, 1))
    tokens = {0: opened.token, 1: tables.take_seat(opened.code, 1)}
    for _turn in range(turns):
        view = tables.view(opened.code, opened.token)
        token = tokens[view["to_move"]]
        legal = tables.view(opened.code, token)["legal"]
        choices = [legal[0], legal[-1]]
        barrier = threading.Barrier(2)
        landed: list[str] = []
        said: list[str] = []

        def send(
            move: str,
            token: str = token,
            number: int = view["next"],
            barrier: threading.Barrier = barrier,
            landed: list[str] = landed,
            said: list[str] = said,
        ) -> None:
            barrier.wait()
            try:
                landed.append(tables.play(opened.code, token, number, move))
            except TableRefused as error:
                said.append(render(error.said, error.names))

        threads = [threading.Thread(target=send, args=(move,)) for move in choices]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(landed) == 1 and len(said) == 1, (landed, said)
        assert "played first" in said[0] or "not the next one" in said[0]
        moves = tables.moves_since(opened.code)
        assert len(moves) == view["next"] and moves[-1].move == landed[0]


def test_two_plays_for_one_turn_land_once_on_sqlite(tables):
    race(tables, 8)


def test_two_plays_for_one_turn_land_once_on_postgresql(postgres_server, clock):
    engine = open_engine(fresh_pg_database(postgres_server))
    try:
        race(SharedTables(engine, clock=clock), 8)
    finally:
        engine.dispose()


def test_browsers_claiming_one_seat_at_once_get_it_once(db_url, clock):
    """On SQLite and PostgreSQL (``db_url``): four browsers, one seat, one of them seated."""
    tables = SharedTables(open_engine(db_url), clock=clock)
    opened = tables.open_table("mililla", "basic", people=(0, 1))
    barrier = threading.Barrier(4)
    results: list[str] = []

    def claim() -> None:
        barrier.wait()
        try:
            results.append(tables.take_seat(opened.code, 1))
        except TableRefused as error:
            results.append(render(error.said, error.names))

    threads = [threading.Thread(target=claim) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    taken = [result for result in results if "taken by another player" not in result]
    assert len(taken) == 1 and len(results) == 4
    assert tables.view(opened.code, taken[0])["seat"] == 1
    tables.engine.dispose()


class CutIn(SharedTables):
    """Shared tables where another call runs once right after a move's position is read."""

    cut_in = None

    def _replayed(self, table):
        session = super()._replayed(table)
        if self.cut_in is not None:
            cut_in, self.cut_in = self.cut_in, None
            cut_in()
        return session


def test_a_move_written_between_reading_and_writing_wins_and_the_late_one_changes_nothing(
    tmp_path, clock
):
    tables = CutIn(open_engine(str(tmp_path / "class.db")), clock=clock)
    opened = tables.open_table("mililla", "basic", people=(0, 1, 2, 3))
    tokens = [opened.token, *(tables.take_seat(opened.code, seat) for seat in (1, 2, 3))]
    token = tokens[tables.view(opened.code, opened.token)["to_move"]]
    legal = tables.view(opened.code, token)["legal"]  # the lead: any of ten cards
    tables.cut_in = lambda: tables.play(opened.code, token, 1, legal[-1])
    with pytest.raises(TableRefused, match="played first"):
        tables.play(opened.code, token, 1, legal[0])
    assert [move.move for move in tables.moves_since(opened.code)] == [legal[-1]]
    assert legal[0] != legal[-1]


PEOPLE = (0, 1, 2)
"""The seats kept for persons at the machine's Mililla table (the bots keep seat 3)."""


class SharedTableMachine(RuleBasedStateMachine):
    """Browsers open, take, give up seats and send moves at random, in any order: each call
    does what a model of the seats and a shadow session of the deal say, a refused one
    changes nothing stored, and the stored moves always replay from the seed."""

    @initialize(seed=st.integers(0, 2**60 - 1))
    def open(self, seed: int) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.clock = Clock()
        engine = open_engine(f"{self.folder.name}/class.db")
        self.tables = SharedTables(engine, wait=20, clock=self.clock, seeds=lambda: seed)
        opened = self.tables.open_table("mililla", "basic", people=PEOPLE)
        self.code, self.seed = opened.code, seed
        self.holders: dict[int, str] = {0: opened.token}
        self.tokens = [opened.token, "a forged token"]
        for seat in PEOPLE[1:]:  # a full table to begin with: the people play from the start
            self.holders[seat] = self.tables.take_seat(self.code, seat)
            self.tokens.append(self.holders[seat])

    def teardown(self) -> None:
        if hasattr(self, "tables"):
            self.tables.engine.dispose()
            self.folder.cleanup()

    def shadow(self) -> Session:
        """The deal replayed here from its seed and the stored moves (every seat a person's)."""
        session = Session(new_game("mililla", self.seed), (HUMAN,) * 4, bot_seed=self.seed)
        for move in self.tables.moves_since(self.code):
            session.play(move.move, move.seat)
        return session

    def seat_of(self, token: str) -> int | None:
        return next((seat for seat, held in self.holders.items() if held == token), None)

    def attempt(self, works: bool, call, *args, **options):
        """``call``: it works when ``works``, else it is refused and nothing changes."""
        before = stored(self.tables)
        if works:
            return call(*args, **options)
        with pytest.raises(TableRefused):
            call(*args, **options)
        assert stored(self.tables) == before
        return None

    @rule(seat=st.none() | st.integers(-1, 4), pick=st.integers(0, 20))
    def take(self, seat: int | None, pick: int) -> None:
        token = self.tokens[pick] if pick < len(self.tokens) else None  # None: a new browser
        mine = self.seat_of(token) if token else None
        free = [n for n in PEOPLE if n not in self.holders]
        if mine is not None:
            works = seat in (None, mine)
        else:
            works = bool(free) if seat is None else seat in free
        got = self.attempt(works, self.tables.take_seat, self.code, seat, token=token)
        if got is not None:
            if mine is not None:
                assert got == token
            else:
                self.holders[free[0] if seat is None else seat] = got
                self.tokens.append(got)

    @rule(pick=st.integers(0, 20))
    def leave(self, pick: int) -> None:
        token = self.tokens[pick % len(self.tokens)]
        mine = self.seat_of(token)
        self.attempt(mine is not None, self.tables.leave, self.code, token)
        if mine is not None:
            del self.holders[mine]

    @rule(pick=st.integers(0, 20), offset=st.sampled_from([0, 0, 0, -1, 1]), card=st.integers())
    def play(self, pick: int, offset: int, card: int) -> None:
        session = self.shadow()
        token = self.tokens[pick % len(self.tokens)]
        if pick % 2 and session.to_move in self.holders:  # often the browser to move
            token = self.holders[session.to_move]
        mine = self.seat_of(token)
        number = len(session.steps) + 1 + offset
        if mine is not None and session.to_move == mine and card % 3:  # mostly a legal card
            move = str(session.legal_moves()[card % len(session.legal_moves())])
        else:
            hand = session.view(mine if mine is not None else 0).to_dict()["hand"] or ["KO"]
            move = hand[card % len(hand)]
        works = (
            mine is not None
            and not session.deal_over
            and offset == 0
            and session.to_move == mine
            and move in map(str, session.legal_moves())
        )
        kept = self.attempt(works, self.tables.play, self.code, token, number, move)
        if works:
            assert kept == move and self.tables.moves_since(self.code)[-1].move == move

    @rule()
    def bots(self) -> None:
        made = self.tables.play_bots(self.code)
        session = self.shadow()
        if session.deal_over:
            return
        seat = session.to_move
        view = self.tables.view(self.code, self.holders[0]) if 0 in self.holders else None
        assert seat in PEOPLE, "the bots stopped at their own seat"
        if view is not None:
            assert view["seats"][seat]["bots_play"] is False
        assert all(move.by == "basic" for move in made)

    @rule(seconds=st.sampled_from([1, 2, 3, 5, 8, 25]))
    def wait(self, seconds: int) -> None:
        self.clock.advance(seconds)

    @invariant()
    def stored_moves_replay_and_seats_match(self) -> None:
        if not hasattr(self, "tables"):
            return
        moves = self.tables.moves_since(self.code)
        assert [move.number for move in moves] == list(range(1, len(moves) + 1))
        self.shadow()  # every stored move is legal where it stands
        with self.tables.engine.connect() as connection:
            held = connection.execute(
                sa.select(TableSeat.number, TableSeat.holder_hash).where(
                    TableSeat.holder_hash.is_not(None)
                )
            ).all()
        assert {seat: holder for seat, holder in held} == {
            seat: token_hash(token) for seat, token in self.holders.items()
        }


SharedTableMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=30, deadline=None
)
test_shared_tables_under_random_calls = SharedTableMachine.TestCase


def test_a_person_s_move_written_before_the_bot_s_for_the_same_turn_is_kept(tmp_path, clock):
    tables = CutIn(open_engine(str(tmp_path / "class.db")), clock=clock)
    opened = tables.open_table("mililla", "basic", people=(0, 1, 2, 3))
    tokens = [opened.token, *(tables.take_seat(opened.code, seat) for seat in (1, 2, 3))]
    seat = tables.view(opened.code, opened.token)["to_move"]
    legal = tables.view(opened.code, tokens[seat])["legal"]
    clock.advance(21)  # everyone away: the bots would play every seat
    tables.cut_in = lambda: tables.play(opened.code, tokens[seat], 1, legal[-1])
    made = tables.play_bots(opened.code)
    moves = tables.moves_since(opened.code)
    assert (moves[0].move, moves[0].by) == (legal[-1], HUMAN)  # the person's, not the bot's
    assert [move.number for move in made] == list(range(2, 2 + len(made)))
    assert made and all(move.seat != seat for move in made)  # they came back by playing
    assert tables.view(opened.code, tokens[seat])["to_move"] == seat
