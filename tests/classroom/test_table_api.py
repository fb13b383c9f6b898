"""The shared tables' routes of the class server (issue 29), on a real Tornado server.

The class server runs in a thread on a loopback port (``Running`` of the class server's
tests) over SQLite and over PostgreSQL, with a short seat wait and sweep. Browsers (httpx)
open a table, sit, play and wait for each other's moves; the long-poll answers at once when
another seat plays; the bots play off the requests and replace a player who left; every
forged or late request is refused with its sentence and changes nothing; the deal code goes
only to a request with the kernel key; no answer to a plain seat token ever holds the seed,
the deal code in play or another seat's hand.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import sqlalchemy as sa

from cardschool.engine.games import game_spec
from cardschool.engine.messages import Seat, message, render
from cardschool.engine.session import Session
from cardschool.widgets.classroom import table_client
from cardschool.widgets.classroom.client import urllib_transport
from cardschool.widgets.classroom.limits import Limits
from cardschool.widgets.classroom.seat_counts import MOST_SENT, SeatCounts
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.table_api import KERNEL_HEADER
from cardschool.widgets.classroom.table_client import LocalTables, TableClient, TableRefused
from cardschool.widgets.classroom.tables import SharedTables

from .test_class_server import Running

KEY = "kernel-key-of-the-served-app"
WAIT = 5.0
"""The seats' wait before the bots play a gone player's seat, in these tests (seconds)."""
SHORT_WAIT = 1.0
"""The same in the test of a gone player."""
SWEEP = 0.1
NAMES = tuple(game_spec("mililla").seat_names)


class TableServer(Running):
    """A class server with the tables' wait, sweep and kernel key these tests give."""

    def __init__(
        self,
        db: str,
        *,
        kernel_key: str | None = KEY,
        limits: Limits | None = None,
        wait: float = WAIT,
    ) -> None:
        self.kernel_key = kernel_key
        self.wait = wait
        super().__init__(
            Path(db) if "://" not in db else db,  # type: ignore[arg-type]
            limits=limits,
            kernel_key=kernel_key,
            table_wait=wait,
            table_sweep=SWEEP,
        )


@pytest.fixture
def server(db_url: str) -> Iterator[TableServer]:
    """A class server over SQLite or PostgreSQL, with a kernel key."""
    running = TableServer(db_url)
    yield running
    running.close()


@pytest.fixture
def http(server: TableServer) -> Iterator[httpx.Client]:
    """An HTTP client of that server."""
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client


def seat(token: str) -> dict[str, str]:
    """The header that says which seat asks."""
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A table opened through the API, every seat's token, and every answer a seat got."""

    def __init__(self, http: httpx.Client, people: list[int], game: str = "mililla") -> None:
        self.http = http
        self.seen: list[str] = []
        """Every answer's text but the kernel's."""
        opened = self.ask("POST", "/api/tables", 201, json={"game": game, "people": people})
        assert set(opened) == {"code", "seat", "token", "link_code"}
        self.code = opened["code"]
        self.tokens = {opened["seat"]: opened["token"]}

    def ask(self, method: str, path: str, status: int, **options: Any) -> Any:
        """One request; its answer's JSON (the status checked), kept to be searched."""
        answer = self.http.request(method, path, **options)
        assert answer.status_code == status, answer.text
        if KERNEL_HEADER not in options.get("headers", {}):
            self.seen.append(answer.text)
        return answer.json()

    def sit(self, number: int | None = None, status: int = 201) -> Any:
        """Take a seat (``number``, else the first free one)."""
        body = {} if number is None else {"seat": number}
        answer = self.ask("POST", f"/api/tables/{self.code}/seats", status, json=body)
        if status == 201:
            self.tokens[answer["seat"]] = answer["token"]
        return answer

    def view(self, number: int) -> dict[str, Any]:
        """What seat ``number`` sees."""
        return self.ask("GET", f"/api/tables/{self.code}", 200, headers=seat(self.tokens[number]))

    def moves(self, number: int, since: int = 0, wait: float = 0.0) -> dict[str, Any]:
        """The moves seat ``number`` is told of after ``since``."""
        path = f"/api/tables/{self.code}/moves?since={since}&wait={wait}"
        return self.ask("GET", path, 200, headers=seat(self.tokens[number]))

    def play(self, number: int, move: str, at: int, status: int = 200, **more: Any) -> Any:
        """Seat ``number`` plays ``move`` as the move ``at``."""
        body = {"number": at, "move": move, **more}
        path = f"/api/tables/{self.code}/moves"
        return self.ask("POST", path, status, json=body, headers=seat(self.tokens[number]))

    def deal(self) -> str:
        """The deal code, as the served app's kernel reads it."""
        headers = {**seat(next(iter(self.tokens.values()))), KERNEL_HEADER: KEY}
        return self.ask("GET", f"/api/tables/{self.code}/deal", 200, headers=headers)["deal_code"]


def opened(http: httpx.Client, people: list[int], game: str = "mililla") -> Table:
    """A new table whose answers are kept on it."""
    return Table(http, people, game)


def refusal(answer: dict[str, Any], said: str) -> None:
    """The answer is the refusal saying ``said`` (in English)."""
    assert answer["error"]["said"] == said, answer


def nothing_hidden(table: Table, server: TableServer) -> None:
    """No answer to a plain seat token held the seed, the deal code in play or the hand of
    a seat other than the one asking."""
    with server.store.engine.connect() as connection:
        seed = connection.execute(
            sa.text("SELECT seed FROM shared_tables WHERE code = :code"), {"code": table.code}
        ).scalar_one()
    deal = table.deal()
    session = Session.from_code(deal)
    hands = [sorted(session.view(number).to_dict()["hand"]) for number in range(4)]
    assert table.seen
    for text in table.seen:
        assert str(seed) not in text and deal not in text and "seed" not in text

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                if "hand" in value:  # a view: only its own seat's hand
                    own = value["seat"]
                    for number, hand in enumerate(hands):
                        if number != own:
                            assert not set(hand) & set(value["hand"])
                for item in value.values():
                    walk(item)
            elif isinstance(value, list):
                for item in value:
                    walk(item)

        walk(json.loads(text))


# ------------------------------------------------------------ the tests


def test_four_seat_at_a_table_play_and_each_hears_the_others_at_once(
    server: TableServer, http: httpx.Client
) -> None:
    table = opened(http, [0, 1, 2, 3])
    for _ in range(3):
        table.sit()
    assert sorted(table.tokens) == [0, 1, 2, 3]
    table.sit(status=409)  # a fifth browser: the table is full

    for _turn in range(6):
        before = table.view(0)
        mover = before["to_move"]
        listener = (mover + 1) % 4
        legal = table.view(mover)["legal"]
        assert legal and table.view(listener)["legal"] == []
        heard: dict[str, Any] = {}

        def listen(
            listener: int = listener, since: int = before["next"] - 1, heard: dict = heard
        ) -> None:
            heard.update(table.moves(listener, since, wait=8))
            heard["at"] = time.monotonic()

        waiting = threading.Thread(target=listen)
        waiting.start()
        deadline = time.monotonic() + 5
        while server.app.settings["table_room"].waiting(table.code) < 1:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        kept = table.play(mover, legal[0], before["next"])
        accepted = time.monotonic()
        waiting.join(10)
        assert kept == {"move": legal[0], "number": before["next"]}
        assert heard["moves"] == [
            {"number": before["next"], "seat": mover, "move": legal[0], "by": "human"}
        ]
        assert heard["next"] == before["next"] + 1
        assert heard["at"] - accepted < 1.0  # woken by the move, not by the end of its wait

    # moves there already: answered at once, however long the wait asked
    started = time.monotonic()
    assert len(table.moves(2, 0, wait=20)["moves"]) == 6
    assert time.monotonic() - started < 1.0
    # none yet: waits as long as asked, then says none
    started = time.monotonic()
    assert table.moves(2, 6, wait=0.3) == {"moves": [], "next": 7}
    assert 0.25 < time.monotonic() - started < 3

    nothing_hidden(table, server)


def test_the_kernel_s_client_plays_through_the_server(server: TableServer) -> None:
    kernel = TableClient(server.url, kernel_key=KEY)
    browser = TableClient(server.url)
    mine = kernel.open_table("mille", "basic", {}, [0, 1])
    theirs = browser.take_seat(mine.code)
    assert kernel.take_seat(mine.code, token=mine.token) == mine.token  # its seat back
    tokens = {0: mine.token, 1: theirs}
    view = kernel.view(mine.code, mine.token)
    mover = view["to_move"]
    legal = kernel.view(mine.code, tokens[mover])["legal"]
    counted = SeatCounts(hints=1, illegal={"mille.turn": 2})  # the seat's since its last move
    assert kernel.play(mine.code, tokens[mover], 1, legal[0], counted) == legal[0]
    with server.store.engine.connect() as connection:
        kept = connection.execute(
            sa.text("SELECT counts FROM table_seats WHERE number = :seat"), {"seat": mover}
        ).scalar_one()
    assert SeatCounts.kept(kept) == counted
    heard = browser.moves_since(mine.code, tokens[1 - mover], 0, wait=2)
    assert [(move.number, move.seat, move.move) for move in heard] == [(1, mover, legal[0])]
    deal = kernel.deal_code(mine.code, mine.token)
    assert deal.startswith("MIL")
    with pytest.raises(TableRefused) as refused:
        browser.deal_code(mine.code, theirs)
    assert refused.value.id == "classroom:table.kernel-only"
    with pytest.raises(TableRefused) as refused:
        browser.undo(mine.code, theirs)
    assert refused.value.id == "classroom:table.no-undo"


def test_the_table_s_creator_switches_the_coach_off_and_nobody_else_may(
    server: TableServer, http: httpx.Client
) -> None:
    table = opened(http, [0, 2])
    table.sit(2)
    creator, other = seat(table.tokens[0]), seat(table.tokens[2])
    assert table.view(0)["coach"] is True and table.view(0)["creator"] is True
    assert table.view(2)["creator"] is False
    where = f"/api/tables/{table.code}"
    for forged in ("no", 0, None, [False], {"on": False}):  # only true or false
        answer = table.ask("PATCH", where, 400, json={"coach": forged}, headers=creator)
        refusal(answer, render(message("classroom:table.coach-value")))
    answer = table.ask("PATCH", where, 403, json={"coach": False}, headers=other)
    refusal(answer, render(message("classroom:table.coach-creator")))
    answer = table.ask("PATCH", where, 403, json={"coach": False}, headers=seat("forged"))
    assert answer["error"]["id"] == "classroom:table.not-seated"
    assert table.view(2)["coach"] is True  # nothing changed
    assert table.ask("PATCH", where, 200, json={"coach": False}, headers=creator) == {
        "coach": False
    }
    assert table.view(2)["coach"] is False and table.view(0)["coach"] is False
    client = TableClient(server.url)  # the kernel's client switches it back
    assert client.set_coach(table.code, table.tokens[0], True) is True
    assert table.view(2)["coach"] is True
    with pytest.raises(TableRefused) as refused:
        client.set_coach(table.code, table.tokens[2], False)
    assert refused.value.id == "classroom:table.coach-creator"
    body = {"game": "mille", "people": [0, 1]}  # opened without the coach, as a match
    answer = table.ask("POST", "/api/tables", 400, json={**body, "coach": "off"})
    refusal(answer, render(message("classroom:table.coach-value")))
    match = client.open_table("mille", "basic", {}, [0, 1], coach=False)
    assert client.view(match.code, match.token)["coach"] is False


def test_the_kernel_s_client_waits_long_in_short_requests(
    server: TableServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def counted(method: str, url: str, headers: Any, body: bytes | None) -> tuple[int, Any]:
        asked.append(url)
        return urllib_transport(method, url, headers, body)

    monkeypatch.setattr(table_client, "POLL_CHUNK_S", 0.2)
    kernel = TableClient(server.url, counted)
    mine = kernel.open_table("mililla", "basic", {}, [0, 1, 2, 3])
    started = time.monotonic()
    assert kernel.moves_since(mine.code, mine.token, 0, wait=0.7) == []
    assert 0.6 < time.monotonic() - started < 5
    waits = [float(parse_qs(urlsplit(url).query)["wait"][0]) for url in asked if "/moves?" in url]
    assert len(waits) >= 3 and max(waits) <= 0.2  # each request under the transport's limit


def test_forged_late_and_guessed_requests_are_refused_and_change_nothing(
    server: TableServer, http: httpx.Client
) -> None:
    table = opened(http, [0, 1, 2, 3])
    table.sit(1)
    table.sit(2)
    mover = table.view(0)["to_move"]
    if mover not in table.tokens:  # the seat to move sits too
        table.sit(mover)
    legal = table.view(mover)["legal"]
    table.play(mover, legal[0], 1)
    after = table.view(mover)["to_move"]
    if after not in table.tokens:
        table.sit(after)
    other = next(number for number in table.tokens if number != after)

    def state() -> tuple[Any, ...]:
        views = {number: table.view(number) for number in table.tokens}
        return table.moves(after)["moves"], views

    before = state()
    names = NAMES
    said = render(message("classroom:table.other-seat", who=Seat(after)), names)
    refusal(table.play(other, "xx", 2, 403, seat=after), said)
    said = render(message("classroom:table.out-of-turn", who=Seat(after)), names)
    legal_other = table.view(after)["legal"]
    refusal(table.play(other, legal_other[0], 2, 409), said)
    said = render(message("classroom:table.stale", number=1, next=2), names)
    refusal(table.play(after, legal_other[0], 1, 409), said)
    refusal(
        table.play(after, legal_other[0], 3, 409),
        render(message("classroom:table.stale", number=3, next=2), names),
    )
    said = render(message("classroom:table.counts", most=MOST_SENT), names)
    for forged in ({"illegal": {"mille.turn": 1}}, {"hints": "1"}, [1, 2]):  # a Mille rule here
        refusal(table.play(after, legal_other[0], 2, 400, counts=forged), said)
    said = render(message("classroom:table.no-undo"))
    refusal(
        table.ask("POST", f"/api/tables/{table.code}/undo", 409, headers=seat(table.tokens[0])),
        said,
    )
    no_table = render(message("classroom:table.no-table"))
    refusal(table.ask("GET", "/api/tables/ABCDEFGH", 404, headers=seat(table.tokens[0])), no_table)
    refusal(table.ask("POST", "/api/tables/ABCDEFGH/seats", 404, json={}), no_table)
    not_seated = render(message("classroom:table.not-seated"))
    refusal(table.ask("GET", f"/api/tables/{table.code}", 403, headers=seat("forged")), not_seated)
    refusal(
        table.ask("GET", f"/api/tables/{table.code}/moves?since=0", 403, headers=seat("x")),
        not_seated,
    )
    # nothing changed
    assert state() == before
    # a refusal in French says the seat in French
    answer = http.post(
        f"/api/tables/{table.code}/moves",
        params={"lang": "fr"},
        json={"number": 2, "move": legal_other[0]},
        headers=seat(table.tokens[other]),
    ).json()
    assert answer["error"]["said"] == render(
        message("classroom:table.out-of-turn", who=Seat(after)), names, language="fr"
    )
    nothing_hidden(table, server)

    # two browsers claiming the one free seat of another table at once: one sits
    duel = opened(http, [0, 1], "mille")
    gate = threading.Barrier(2)
    answers: list[httpx.Response] = []

    def claim() -> None:
        with httpx.Client(base_url=server.url, timeout=10) as own:
            gate.wait()
            answers.append(own.post(f"/api/tables/{duel.code}/seats", json={"seat": 1}))

    claims = [threading.Thread(target=claim) for _ in range(2)]
    for thread in claims:
        thread.start()
    for thread in claims:
        thread.join(10)
    assert sorted(answer.status_code for answer in answers) == [201, 409]
    lost = next(answer for answer in answers if answer.status_code == 409).json()
    duel_names = game_spec("mille").seat_names
    refusal(lost, render(message("classroom:table.seat-taken", who=Seat(1)), duel_names))
    duel.tokens[1] = next(a.json()["token"] for a in answers if a.status_code == 201)
    seated = duel.view(1)
    refusal(duel.sit(status=409), render(message("classroom:table.full"), duel_names))
    assert duel.view(1) == seated and duel.view(0)["seat"] == 0


def test_the_bots_answer_off_the_request_and_take_a_gone_player_s_seat(db_url: str) -> None:
    server = TableServer(db_url, wait=SHORT_WAIT)
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            bots_take_a_gone_player_s_seat(opened(http, [0, 2]))
    finally:
        server.close()


def bots_take_a_gone_player_s_seat(table: Table) -> None:
    """The bots play their seats off the requests, then the seat of a player who left."""
    table.sit(2)
    deadline = time.monotonic() + 15
    answered = False
    while not answered:  # East and West are the bots': they answer a person's move
        assert time.monotonic() < deadline
        view, _ = table.view(0), table.view(2)  # both players are there
        mover, at = view["to_move"], view["next"]
        if mover in (0, 2):
            legal = table.view(mover)["legal"]
            # the move's answer holds the move alone: the bots play after it, off the request
            assert table.play(mover, legal[0], at) == {"move": legal[0], "number": at}
        heard = table.moves(2 - mover if mover in (0, 2) else 0, at, wait=3)["moves"]
        answered = any(move["by"] == "basic" for move in heard)
    # South's partner leaves: once the seat's wait is over the bots play it (the sweep)
    table.ask("DELETE", f"/api/tables/{table.code}/seats/mine", 200, headers=seat(table.tokens[2]))
    left = table.view(0)["next"]
    while True:  # South plays on
        played = table.moves(0, left - 1)["moves"]
        if any(move["seat"] == 2 and move["by"] == "basic" for move in played):
            break
        view = table.view(0)
        assert not view["over"] and time.monotonic() < deadline, table.moves(0)["moves"]
        if view["to_move"] == 0:
            table.play(0, view["legal"][0], view["next"])
        time.sleep(0.05)
    played = table.moves(0)["moves"]
    assert [move["number"] for move in played] == list(range(1, len(played) + 1))
    assert table.view(0)["seats"][2] == {
        "number": 2,
        "kind": "human",
        "taken": False,
        "bots_play": True,
    }


def test_a_closed_connection_ends_its_wait(server: TableServer, http: httpx.Client) -> None:
    table = opened(http, [0, 1, 2, 3])
    room = server.app.settings["table_room"]
    with (
        httpx.Client(base_url=server.url, timeout=0.3) as impatient,
        pytest.raises(httpx.TimeoutException),
    ):
        impatient.get(
            f"/api/tables/{table.code}/moves?since=0&wait=20",
            headers=seat(table.tokens[0]),
        )
    deadline = time.monotonic() + 3
    while room.waiting(table.code):
        assert time.monotonic() < deadline, "the wait went on after its connection closed"
        time.sleep(0.02)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_deal_is_given_only_with_the_kernel_key_and_guessed_codes_are_limited(
    tmp_path: Path, db_url: str
) -> None:
    guarded = TableServer(db_url, limits=Limits(window=60, per_address=4, per_class=50))
    bare = TableServer(str(tmp_path / "bare.db"), kernel_key=None)
    try:
        with httpx.Client(base_url=guarded.url, timeout=10) as http:
            table = opened(http, [0])
            path, mine = f"/api/tables/{table.code}/deal", seat(table.tokens[0])
            only = render(message("classroom:table.kernel-only"))
            refusal(table.ask("GET", path, 403, headers=mine), only)
            refusal(table.ask("GET", path, 403, headers={**mine, KERNEL_HEADER: "guess"}), only)
            deal = table.ask("GET", path, 200, headers={**mine, KERNEL_HEADER: KEY})
            assert Session.from_code(deal["deal_code"]).game.kind == "mililla"
            # the kernel key with a token holding no seat there: refused all the same
            forged = {**seat("forged"), KERNEL_HEADER: KEY}
            table.ask("GET", path, 403, headers=forged)
            # wrong tries from one address: one wrong key above, now guessed codes
            for _ in range(3):
                table.ask("GET", "/api/tables/ABCDEFGH", 404, headers=mine)
            limited = table.ask("GET", "/api/tables/ABCDEFGH", 429, headers=mine)
            assert limited["error"]["id"] == "classroom:api.too-many"
            table.ask("GET", f"/api/tables/{table.code}", 429, headers=mine)
            # the served app's kernels (all from one address) are not counted nor limited
            table.ask("GET", f"/api/tables/{table.code}", 200, headers={**mine, KERNEL_HEADER: KEY})
        with httpx.Client(base_url=bare.url, timeout=10) as http:
            table = opened(http, [0])
            answer = table.ask(
                "GET",
                f"/api/tables/{table.code}/deal",
                403,
                headers={**seat(table.tokens[0]), KERNEL_HEADER: KEY},
            )
            refusal(answer, render(message("classroom:table.no-kernel-key")))
    finally:
        guarded.close()
        bare.close()


def test_the_in_process_twin_has_the_same_calls(tmp_path: Path) -> None:
    store = ClassStore(str(tmp_path / "local.db"))
    tables = LocalTables(SharedTables(store.engine, wait=SHORT_WAIT))
    browser = LocalTables(tables.tables, kernel=False)
    mine = tables.open_table("mililla", "basic", None, [0, 2])
    theirs = browser.take_seat(mine.code)
    view = tables.view(mine.code, mine.token)
    tokens = {0: mine.token, 2: theirs}
    assert view["to_move"] in tokens  # the bots played up to a person's turn already
    mover = view["to_move"]
    legal = tables.view(mine.code, tokens[mover])["legal"]
    at = view["next"]
    tables.play(mine.code, tokens[mover], at, legal[0])
    heard = browser.moves_since(mine.code, tokens[2 - mover], at - 1, wait=1)
    assert heard[0].move == legal[0] and heard[0].by == "human"
    assert all(move.by == "basic" for move in heard[1:])  # the bots answered at once
    assert tables.deal_code(mine.code, mine.token).startswith("MLA")
    with pytest.raises(TableRefused) as refused:
        browser.deal_code(mine.code, theirs)
    assert refused.value.id == "classroom:table.kernel-only"
    started = time.monotonic()
    last = tables.moves_since(mine.code, mine.token, 0)[-1].number
    assert tables.moves_since(mine.code, mine.token, last, wait=0.2) == []
    assert time.monotonic() - started >= 0.2
    store.engine.dispose()


def test_the_server_reads_its_kernel_key_from_a_file_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardschool.widgets.classroom.server import kernel_key, parse

    monkeypatch.delenv("CARDSCHOOL_KERNEL_KEY", raising=False)
    assert kernel_key(parse([])) is None
    monkeypatch.setenv("CARDSCHOOL_KERNEL_KEY", "from-the-environment")
    assert kernel_key(parse([])) == "from-the-environment"
    kept = tmp_path / "key"
    kept.write_text("from-a-file\n")
    assert kernel_key(parse(["--kernel-key-file", str(kept)])) == "from-a-file"


def test_a_table_goes_on_after_the_class_server_restarts(tmp_path: Path) -> None:
    db = str(tmp_path / "class.db")
    first = TableServer(db, wait=SHORT_WAIT)
    with httpx.Client(base_url=first.url, timeout=10) as http:
        table = opened(http, [0, 2])  # North and South for people, the bots East and West
        table.sit(2)
        until_to_move = time.monotonic() + 10
        while table.view(0)["to_move"] not in (0, 2):  # the bots played up to a person
            assert time.monotonic() < until_to_move, "the bots did not play up to a person"
            time.sleep(0.05)
        before = table.view(0)
        mover = before["to_move"]
        table.play(mover, table.view(mover)["legal"][0], before["next"])
    first.close()

    second = TableServer(db, wait=SHORT_WAIT)  # the same database, a new process's memory
    try:
        with httpx.Client(base_url=second.url, timeout=10) as http:
            table.http = http
            path, back = f"/api/tables/{table.code}/seats", {"seat": 0, "token": table.tokens[0]}
            taken = table.ask("POST", path, 201, json=back)  # the same browser, its seat back
            assert (taken["seat"], taken["token"]) == (0, table.tokens[0])
            kept = table.moves(2, 0)["moves"]
            numbers = [move["number"] for move in kept]
            assert numbers == list(range(1, len(kept) + 1)) and len(kept) >= before["next"]
            assert kept[before["next"] - 1]["seat"] == mover  # the person's move kept
            # the people play on, and the bots answer them (the sweep finds the table again)
            restarted_at = len(kept)
            deadline = time.monotonic() + 15
            while not any(m["by"] != "human" for m in table.moves(0, restarted_at)["moves"]):
                assert time.monotonic() < deadline, "the bots did not go on after the restart"
                now = table.view(0)
                if now["to_move"] in (0, 2):
                    mover = now["to_move"]
                    kept_move = table.play(mover, table.view(mover)["legal"][0], now["next"])
                    assert kept_move["number"] == now["next"]
                time.sleep(0.05)
    finally:
        second.close()


def test_an_address_opens_so_many_tables_an_hour_and_the_kernels_are_not_counted(
    tmp_path: Path,
) -> None:
    limited = TableServer(str(tmp_path / "class.db"), limits=Limits(tables_per_address=2))
    try:
        with httpx.Client(base_url=limited.url, timeout=10) as http:
            opened(http, [0])
            table = opened(http, [0])
            answer = http.post("/api/tables", json={"game": "mililla", "people": [0]})
            assert answer.status_code == 429 and int(answer.headers["Retry-After"]) > 0
            error = answer.json()["error"]
            assert error["id"] == "classroom:api.too-many-tables"
            assert error["said"].startswith("Too many tables were opened from here; try again")
            wrong = http.post("/api/tables", json={"game": "whist"})  # refused first: not opened
            assert wrong.status_code == 429
            kernel = {**seat(table.tokens[0]), KERNEL_HEADER: KEY}  # the served app's kernels
            again = http.post("/api/tables", json={"game": "mille"}, headers=kernel)
            assert again.status_code == 201, again.text
        with limited.store.engine.connect() as connection:
            assert connection.execute(sa.text("select count(*) from shared_tables")).scalar() == 3
    finally:
        limited.close()
