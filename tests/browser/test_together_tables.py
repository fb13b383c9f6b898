"""People at one shared table on the served app (issue 29), each in a Chromium context.

A class server runs in a thread (with a kernel key, as ``make app`` gives it) and Voilà
serves the app with that server and key and no database. One player opens a Mililla table
on ``together.ipynb`` with two seats for people (the bots play the other two), the other
joins by the table's link; each sees only their own hand; one reloads the page mid-deal
and takes the seat back; they play the round out, and both see the same deal and scores.
Four people at one table each see only their own hand; one leaves, a bot plays the seat
to the end, and the three left see the same scores. Two students of a class, seated by
the class page at the table their teacher opened, play a Mille duel out: the board shows
the deal recorded for each, one won and one lost.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Iterator
from typing import Any
from unittest import mock

import httpx
import pytest
from browser_support import NO_PREHEAT, TUTORIAL, voila_server, wait_until
from classroom.test_class_server import Running
from playwright.sync_api import expect

from cardschool.engine import dealcode
from cardschool.engine.protocol import MAX_SEED
from cardschool.engine.session import HUMAN, Session

pytestmark = pytest.mark.browser

KEY = "kernel-key-of-this-test"
MOVES = ".cs-hand button.cs-card.cs-legal"
LOAD_MS = 60_000
"""How long a test waits for pages that load side by side (their kernels start together)."""
MOVE_MS = 20_000
"""How long a test waits for a kernel to answer a click (the machine may be busy)."""
TABLE_WAIT = 15.0
"""The seconds a person's seat waits for its browser before the bots play it: more than a
present page's kernel ever lets pass between two reads of its table (its long poll, 10 s),
less than the default, so that a seat given up goes to the bots soon."""
MILLE_SEED = 2893
"""A Mille deal that ends in ten moves when each player draws from the stock, lays down
their longest meld without a 2 while they have one, else discards their first card: North
lays down four melds and discards, South draws and discards, North draws and goes out.
Found offline: the engine played that way over the seeds 1-3000, the fewest clicks."""


class WithTables(Running):
    """The class server of ``Running``, with the served app's kernel key, a short wait
    for a seat's player, and the deals' seeds a test asks for (a random one otherwise)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.dealt: list[int] = []
        """The seeds of the next tables opened, in order (then random ones)."""
        super().__init__(*args, **kwargs)

    def _seed(self) -> int:
        return self.dealt.pop(0) if self.dealt else secrets.randbelow(MAX_SEED + 1)

    def made(self, app: Any) -> None:
        """The tables' seeds from :meth:`_seed`."""
        app.settings["table_room"].tables.seeds = self._seed


@pytest.fixture(scope="module")
def tables_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WithTables]:
    """The class server with the shared tables, in a thread."""
    server = WithTables(
        tmp_path_factory.mktemp("tables") / "class.db",
        origins=[],
        kernel_key=KEY,
        table_wait=TABLE_WAIT,
    )
    yield server
    server.close()


@pytest.fixture(scope="module")
def voila_together(tables_server: WithTables) -> Iterator[str]:
    """Base URL of Voilà on ``tutorial/`` whose kernels reach the class server with its key."""
    env = {"CARDSCHOOL_CLASS_SERVER": tables_server.url, "CARDSCHOOL_KERNEL_KEY": KEY}
    with mock.patch.dict(os.environ, env):
        os.environ.pop("CARDSCHOOL_DB", None)  # no database for any kernel
        with voila_server(TUTORIAL, NO_PREHEAT) as url:
            yield url


def hand(page: Any) -> list[str]:
    return page.locator(".cs-hand button.cs-card").evaluate_all(
        "(cards) => cards.map((card) => card.dataset.card)"
    )


def fast(page: Any) -> None:
    speed = page.locator(".cs-root input[data-action=speed]")
    speed.fill("0")
    speed.dispatch_event("change")


def play_until(pages: list[Any], done: Any, limit: float = 120) -> None:
    """Click a legal card on each page in turn until ``done()``."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the table did not get there"
        clicked = False
        for page in pages:
            if not page.locator(MOVES).count():  # the others' turn, or the deal is over
                continue
            try:
                page.locator(MOVES).first.click(timeout=1_000)
                clicked = True
            except Exception:  # redrawn under the click: look again
                pass
        if not clicked:
            pages[0].wait_for_timeout(50)


def test_two_people_and_two_bots_play_a_mililla_round_at_one_table(browser, voila_together):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    for context in contexts:
        context.set_default_timeout(60_000)
    ana, ben = (context.new_page() for context in contexts)
    ana.goto(f"{voila_together}/voila/render/together.ipynb")
    ana.locator(".cs-together-game").select_option("mililla")
    ana.locator(".cs-together-level").select_option("random")
    for seat in (1, 3):  # East and West for the bots
        ana.locator(f".cs-together-people input[data-seat='{seat}']").uncheck()
    ana.locator("[data-action=open-table]").click()
    code = ana.locator(".cs-together-table-code").inner_text()
    link = ana.locator(".cs-together-link").get_attribute("href")
    assert link.endswith(f"together.ipynb?table={code}")
    expect(ana.locator(".cs-root button.cs-card").first).to_be_visible()

    ben.goto(link)
    expect(ben.locator(".cs-together-code")).to_have_value(code)
    ben.locator("[data-action=join-table]").click()
    expect(ben.locator(".cs-together-line")).to_contain_text("North")
    expect(ben.locator(".cs-root button.cs-card").first).to_be_visible()
    for page in (ana, ben):
        fast(page)
        expect(page.locator("[data-action=undo]")).to_be_hidden()  # no undo at a shared table
        expect(page.locator("[data-action=new-deal]")).to_be_hidden()
    assert not set(hand(ana)) & set(hand(ben))  # each sees only their own hand

    # a few tricks, then Ben reloads: the browser's kept seat brings him back to North
    play_until([ana, ben], lambda: len(hand(ana)) <= 8)
    ben.reload()
    expect(ben.locator(".cs-together-line")).to_contain_text("North")
    expect(ben.locator(".cs-root button.cs-card").first).to_be_visible()
    fast(ben)

    play_until(
        [ana, ben],
        lambda: (
            ana.locator(".cs-result-card").is_visible()
            and ben.locator(".cs-result-card").is_visible()
        ),
    )
    shown = [page.locator(".cs-root .cs-code").inner_text() for page in (ana, ben)]
    assert shown[0] == shown[1] and shown[0]  # the deal code, once the deal is over
    logs = [page.locator(".cs-log li").count() for page in (ana, ben)]
    assert logs[0] == logs[1] > 40  # every move on both screens
    totals = [page.locator(".cs-scores").inner_text() for page in (ana, ben)]
    assert totals[0] == totals[1]  # partners: the same columns, the same figures
    for context in contexts:
        context.close()


def contexts_of(browser: Any, count: int, width: int = 1280, height: int = 900) -> list[Any]:
    """``count`` browser contexts, each a person's browser."""
    made = [browser.new_context(viewport={"width": width, "height": height}) for _ in range(count)]
    for context in made:
        context.set_default_timeout(60_000)
    return made


def open_at_once(pages: list[Any], url: str) -> None:
    """Open ``url`` on every page, the pages loading side by side (their kernels start
    together): each page's content is waited for by what the test does next."""
    for page in pages:
        page.goto(url, wait_until="commit")


def test_four_people_at_one_table_one_leaves_and_a_bot_plays_the_seat(
    browser, tables_server, voila_together
):
    """Four people each see only their own hand; one gives the seat up, a bot plays it out."""
    tables_first = next(  # a deal South leads: no move before the three others sit
        seed
        for seed in range(1, 100)
        if Session.from_code(dealcode.encode("mililla", seed), (HUMAN,) * 4).to_move == 0
    )
    tables_server.dealt.append(tables_first)
    contexts = contexts_of(browser, 4, 900, 700)
    ana, *others = pages = [context.new_page() for context in contexts]
    open_at_once(pages, f"{voila_together}/voila/render/together.ipynb")
    ana.locator(".cs-together-game").select_option("mililla", timeout=LOAD_MS)
    ana.locator(".cs-together-level").select_option("random")
    ana.locator("[data-action=open-table]").click()  # every seat kept for a person
    code = ana.locator(".cs-together-table-code").inner_text()
    for page in others:  # the code typed, as one told it
        page.locator(".cs-together-code").fill(code, timeout=LOAD_MS)
        page.locator("[data-action=join-table]").click()
    for page in pages:
        expect(page.locator(".cs-root .cs-hand button.cs-card")).to_have_count(10, timeout=LOAD_MS)
        fast(page)
    hands = [set(hand(page)) for page in pages]
    assert len(set().union(*hands)) == 40  # each sees their own ten cards, no one else's
    for page in pages:
        assert page.locator(".cs-root .cs-open").count() == 0  # no other hand face up
    # each is told their partner: South (who opened the table) plays with North
    expect(ana.locator(".cs-together-line")).to_contain_text("Your team: you and North, against")

    play_until(pages, lambda: len(hand(ana)) <= 8)  # two tricks or so
    dee = others[-1]
    seat = seat_of(dee)
    dee.locator("[data-action=leave-table]").click()
    expect(dee.locator(".cs-together-message")).to_contain_text("You left table", timeout=MOVE_MS)
    contexts[-1].close()
    staying = pages[:3]
    play_until(
        staying, lambda: all(page.locator(".cs-result-card").is_visible() for page in staying)
    )  # the round goes on: the bot plays the seat given up
    for page in staying:  # and every screen left says so
        expect(page.locator(".cs-together-seats")).to_contain_text(
            f"{seat}: a bot", timeout=MOVE_MS
        )
    logs = [page.locator(".cs-log li").count() for page in staying]
    assert logs[0] == logs[1] == logs[2] >= 40  # every move, the bot's too, on every screen
    totals = [by_team(page) for page in staying]
    assert totals[0] == totals[1] == totals[2]  # each team's figures, whoever's screen
    for context in contexts[:3]:
        context.close()


def seat_of(page: Any) -> str:
    """The seat the page's player sits in, as its seated line says ("...in the seat of West.
    Your team: you and East, against the others.")."""
    found = re.search(r"in the seat of (\w+)\.", page.locator(".cs-together-line").inner_text())
    assert found is not None
    return found.group(1)


def by_team(page: Any) -> dict[int, list[str]]:
    """The score table on ``page`` by team (0: South and North, 1: East and West), its
    columns read as the page's player sees them ("Your team" first or second)."""
    names = ["South", "East", "North", "West"]
    mine = names.index(seat_of(page))
    rows = [line.split("\t") for line in page.locator(".cs-scores").inner_text().splitlines()]
    head = next(row for row in rows if "Your team" in row)
    columns = {head.index("Your team"): mine % 2, head.index("Their team"): 1 - mine % 2}
    return {
        team: [row[at] for row in rows if len(row) == len(head) and row is not head]
        for at, team in columns.items()
    }


def duel_line(seed: int) -> list[tuple[int, str]]:
    """The Mille deal ``seed`` played as :data:`MILLE_SEED` says: each move and its seat."""
    session = Session.from_code(dealcode.encode("mille", seed), (HUMAN, HUMAN))
    line: list[tuple[int, str]] = []
    while not session.deal_over:
        legal = [str(move) for move in session.legal_moves()]
        melds = [
            move
            for move in legal
            if move.startswith("meld ") and not any(c.startswith("2") for c in move.split()[1:])
        ]
        if "stock" in legal:
            chosen = "stock"
        elif melds:
            chosen = max(melds, key=lambda move: len(move.split()))
        else:
            chosen = next(move for move in legal if move.startswith("discard "))
        line.append((session.to_move, chosen))
        session.play(chosen)
        assert len(line) < 40, "not the short deal this test was given"
    return line


def play_mille(page: Any, move: str) -> None:
    """Play ``move`` at a Mille table by clicks: the stock, or the cards picked and then
    the move's button."""
    if move == "stock":
        page.locator("[data-action=stock].cs-legal").click()
        expect(page.locator("[data-action=stock].cs-legal")).to_have_count(0, timeout=MOVE_MS)
        return
    verb, *cards = move.split()
    selected = page.locator(".cs-hand button.cs-card.cs-selected")
    for count, card in enumerate(cards, 1):  # a card held twice (two packs): a copy not picked
        free = f'.cs-hand button.cs-card.cs-legal:not(.cs-selected)[data-card="{card}"]'
        page.locator(free).first.click()
        expect(selected).to_have_count(count, timeout=MOVE_MS)
    page.locator(f".cs-actions [data-action={verb}].cs-legal").click()
    expect(selected).to_have_count(0, timeout=MOVE_MS)


def test_a_mille_duel_at_the_class_table_is_recorded_for_both_on_the_board(
    browser, tables_server, voila_together
):
    """Two students seated by the class page play out the teacher's table; the board has
    the deal for each, one won, one lost."""
    server = tables_server
    code, key = server.store.create_class("Duel")
    contexts = contexts_of(browser, 2)
    pages = [context.new_page() for context in contexts]
    open_at_once(pages, f"{voila_together}/voila/render/class.ipynb")
    for page, name in zip(pages, ("Ann", "Bob"), strict=True):  # as test_class's join types it
        page.locator(".cs-class-code").fill(code.lower())
        page.locator(".cs-class-yourname").fill(name)
        page.locator(".cs-class-join").click()
    with httpx.Client(base_url=server.url, timeout=10) as http:
        server.dealt.append(MILLE_SEED)
        teacher = {"X-Teacher-Key": key}
        opened = http.post(
            f"/api/classes/{code}/tables",
            json={"game": "mille", "level": "random", "people": [0, 1]},
            headers=teacher,
        )
        assert opened.status_code == 201, opened.text
        for page, name in zip(pages, ("Ann", "Bob"), strict=True):  # Ann South, Bob North
            expect(page.locator(".cs-class-name")).to_have_text(name, timeout=LOAD_MS)
            page.get_by_role("button", name="Sit at the class's table").click()
            cards = page.locator(".cs-root .cs-hand button.cs-card")
            expect(cards.first).to_be_visible(timeout=LOAD_MS)
            fast(page)
        [live] = http.get(f"/api/classes/{code}/tables", headers=teacher).json()["tables"]
        assert [seat["student"] for seat in live["seats"]] == ["Ann", "Bob"]
        dealt = Session.from_code(dealcode.encode("mille", MILLE_SEED), (HUMAN, HUMAN))
        for seat, page in enumerate(pages):  # each sees their own hand as dealt
            assert sorted(hand(page)) == sorted(str(c) for c in dealt.view(seat).hand)
        for page in pages:
            assert page.locator(".cs-root .cs-open").count() == 0  # and not the other's

        for seat, move in duel_line(MILLE_SEED):
            play_mille(pages[seat], move)
        for page in pages:
            expect(page.locator(".cs-result-card")).to_be_visible(timeout=MOVE_MS)

        def recorded() -> dict[str, Any]:
            board = http.get(f"/api/classes/{code}/board", headers=teacher).json()
            return board if len(board["records"]) == 2 else {}

        board = wait_until(recorded, "a record for each student")
    names = {student["id"]: student["name"] for student in board["students"]}
    rows = {names[row["student"]]: row for row in board["records"]}
    assert {row["kind"] for row in rows.values()} == {"deal"}
    assert rows["Ann"]["target"] == rows["Bob"]["target"]  # one deal, recorded for each
    assert (rows["Ann"]["result"], rows["Bob"]["result"]) == ("lost", "won")
    assert rows["Bob"]["score"] > 0 > rows["Ann"]["score"]
    assert board["tables"] == []  # the deal is over: no table being played
    for context in contexts:
        context.close()
