"""The static site records to a class server (issue 28.3), in Chromium with no other host.

A class server runs in a thread on a loopback port, the static site's origin allowed; the
site is served as built, with the class server's address in its ``class-server.json`` (as a
host writes it after the build, or ``make static CLASS_SERVER=...`` does). A teacher makes a
class through the API and gives it a Mililla deal at Basic and an exercise file; a student
joins on the static class page, plays the deal out and solves an exercise, all in the
browser's Python, which posts through the browser's XMLHttpRequest; the board shows both,
and a deal the student then plays on a practice page of the site too.
Forged records posted straight to the API with the student's token are refused and not on
the board. On the site without the setting, a teacher types the class server's address
once on the static teacher page and opens the board there; reloaded, the page finds the
address the browser kept; a student types it on the class page, joins, and a practice page
records there too, while the landing page names the class joined. Every request to a host
other than 127.0.0.1 is aborted (and counted).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from classroom.test_class_server import DEAL, Running, forged, played
from playwright.sync_api import expect
from static_support import SITE_PAGES, Outside, PageErrors, offline_context, serve
from table_pages import set_speed

from cardschool.engine.exercises import Choose, Score, answers, load_file
from cardschool.engine.session import HUMAN
from cardschool.widgets.classroom.browser_transport import SETTING_FILE
from cardschool.widgets.classroom.deals import outcome
from cardschool.widgets.site.build import main as build_main
from cardschool.widgets.site.build import write_class_server

pytestmark = pytest.mark.static

REPO = Path(__file__).resolve().parents[2]
EXERCISE_FILE = "mililla/beat.toml"
MOVES = ".cs-hand button.cs-card.cs-legal, button.cs-move.cs-legal"
"""A legal card or move button at a table."""
WAIT_S = 20.0


@pytest.fixture(scope="module")
def school(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The site served with a class server named in its setting file: (site, server,
    the files written into the site)."""
    written: dict[str, bytes] = {}
    with serve(built_site, written=written) as base:
        server = Running(tmp_path_factory.mktemp("static-class") / "class.db", origins=[base])
        written[f"/{SETTING_FILE}"] = json.dumps({"class_server": server.url}).encode()
        yield base, server, written
        server.close()


def field(page: Any, label: str) -> Any:
    """The input of the ipywidgets text field with this description."""
    return page.locator(
        ".widget-inline-hbox", has=page.locator(f"label:text-is('{label}')")
    ).locator("input")


def play_out(table: Any) -> None:
    """Click a legal card or move at ``table`` until its result shows (bots at no delay)."""
    set_speed(table, 0)
    deadline = time.monotonic() + 120
    while not table.locator(".cs-result-card").is_visible():
        assert time.monotonic() < deadline, "the deal did not end"
        try:
            table.locator(MOVES).first.click(timeout=1_000)
        except Exception:  # redrawn under the click, or the bots are moving: look again
            expect(table.locator(f"{MOVES}, .cs-result-card").first).to_be_visible()


def play_until_recorded(table: Any, board: Any, count: int) -> dict[str, Any]:
    """Click a legal card or move at ``table`` (bots at no delay) until ``board()``, the
    teacher's board as the API gives it, lists ``count`` records; that board. A practice
    page records its deal as it is played, every few moves: no need to play it out."""
    set_speed(table, 0)
    deadline = time.monotonic() + 120
    while len((shown := board())["records"]) < count:
        assert time.monotonic() < deadline, "the practice deal was not recorded"
        try:
            table.locator(f"{MOVES}, .cs-result-card").first.click(timeout=1_000)
        except Exception:  # redrawn under the click, or the bots are moving: look again
            time.sleep(0.1)
    return shown


def exercises() -> list[Any]:
    """The exercises of :data:`EXERCISE_FILE`."""
    return list(load_file(REPO / "tutorial" / "exercises" / EXERCISE_FILE))


def solve_first(widget: Any) -> str:
    """Give the first exercise of :data:`EXERCISE_FILE` its right answer; its id."""
    exercise = exercises()[0]
    answer = answers(exercise)[0]
    if isinstance(exercise.task, Choose | Score):
        if isinstance(exercise.task, Score):
            widget.locator(".cs-ex-number").fill(answer)
        else:
            for card in answer.split():
                widget.locator(f'.cs-ex-card[data-card="{card}"]').click()
        widget.locator('.cs-ex-check[data-key="check"]').click()
    else:
        widget.locator(f'[data-try="{answer}"], .cs-ex-card[data-card="{answer}"]').first.click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    return exercise.id


def membership(page: Any) -> dict[str, str]:
    """The class membership the static page kept in the browser (storage.js)."""
    kept = page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.endsWith("/class/membership"))
                 .map((k) => localStorage.getItem(k))"""
    )
    assert len(kept) == 1, kept
    return json.loads(kept[0])


def verdict(http: httpx.Client, who: dict[str, str], record: dict[str, Any]) -> dict[str, Any]:
    """Post a record straight to the API and wait for the server's verdict on it."""
    record = {"uid": uuid.uuid4().hex, **record}
    assert http.post("/api/records", json=record, headers=who).status_code == 202
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        state = http.get(f"/api/records/{record['uid']}", headers=who).json()
        if state["state"] != "checking":
            return state
        time.sleep(0.05)  # the server checks it meanwhile: ask again
    raise AssertionError(f"record {record['uid']} still checking")


def test_a_student_on_the_static_site_records_to_the_class_server(
    browser: Any, school: Any
) -> None:
    base, server, _written = school
    http = httpx.Client(base_url=server.url, timeout=WAIT_S)
    made = http.post("/api/classes", json={"title": "Year <9>"}).json()
    code, key = made["code"], made["key"]
    teacher = {"X-Teacher-Key": key}
    for kind, target in (("deal", DEAL), ("exercises", EXERCISE_FILE)):
        given = http.post(
            f"/api/classes/{code}/assignments",
            json={"kind": kind, "target": target},
            headers=teacher,
        )
        assert given.status_code == 201, given.text
    outside = Outside()
    context = offline_context(browser, outside)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = PageErrors(page)
    page.goto(f"{base}/{SITE_PAGES['class']}")
    page.locator(".cs-class-code").fill(code.lower())
    page.locator(".cs-class-yourname").fill("Sam")
    page.locator(".cs-class-join").click()
    expect(page.locator(".cs-class-name")).to_have_text("Sam")
    expect(page.locator(".cs-class-title")).to_have_text("Year <9>")

    page.locator(".cs-assignment-here").nth(0).click()  # the deal, on a table below
    table = page.locator(".cs-root")
    expect(table).to_be_visible()
    play_out(table)
    # the class server checks the record first (the kernel waits for its answer): a minute
    expect(page.locator(".cs-class-status")).to_contain_text(
        "recorded for your class", timeout=60_000
    )
    page.locator(".cs-assignment-here").nth(1).click()  # the exercise file, below
    widget = page.locator(".cs-ex").first
    exercise = solve_first(widget)
    status = page.locator(".cs-class-status")
    expect(status).to_contain_text("Exercise 1 is recorded for your class (Sam)", timeout=60_000)

    board = http.get(f"/api/classes/{code}/board", headers=teacher).json()
    assert [row["name"] for row in board["students"]] == ["Sam"]
    kept = {row["kind"]: row for row in board["records"]}
    assert set(kept) == {"deal", "exercises"} and len(board["records"]) == 2
    assert kept["deal"]["result"] in ("won", "lost", "tied")
    assert kept["deal"]["live"] == kept["deal"]["moves"]  # seen played, move by move
    assert kept["exercises"]["target"] == f"{EXERCISE_FILE}#{exercise}"
    assert kept["exercises"]["result"] == "solved"

    # a practice table on another page of the site: the membership kept in the browser
    # comes along, and that page's Python records the deal through the same class server
    practice = context.new_page()
    practice_errors = PageErrors(practice)
    practice.goto(f"{base}/{SITE_PAGES['mililla']}")
    board = play_until_recorded(
        practice.locator(".cs-root"),
        lambda: http.get(f"/api/classes/{code}/board", headers=teacher).json(),
        3,
    )
    deals = [row["target"] for row in board["records"] if row["kind"] == "deal"]
    assert len(deals) == 2 and kept["deal"]["target"] in deals  # the practice deal's own code
    assert practice_errors.messages == []

    # forged records with Sam's own token, straight to the API: refused, never on the board
    entry = membership(page)
    sam = {
        "Authorization": f"Bearer {entry['token']}",
        "X-Class-Code": entry["code"],
        "X-Student-Name": quote(entry["name"], safe=""),
    }
    moves, session = played()
    _result, score = outcome(session, session.seats.index(HUMAN))
    lines = forged(moves, session)
    other = exercises()[1]  # its right answer twice: the first try said wrong, and it is not
    twice = [answers(other)[0]] * 2
    refused = {
        "illegal": verdict(http, sam, {"kind": "deal", "code": DEAL, "moves": lines["illegal"]}),
        "bot": verdict(http, sam, {"kind": "deal", "code": DEAL, "moves": lines["bot"]}),
        "score": verdict(
            http, sam, {"kind": "deal", "code": DEAL, "moves": moves, "score": score + 7}
        ),
        "exercise": verdict(
            http,
            sam,
            {"kind": "exercises", "file": EXERCISE_FILE, "id": other.id, "tries": twice},
        ),
    }
    for what, answer in refused.items():
        assert answer["state"] == "refused", what
    after = http.get(f"/api/classes/{code}/board", headers=teacher).json()
    rows = [sorted((row["kind"], row["target"]) for row in b["records"]) for b in (board, after)]
    assert rows[0] == rows[1]  # no row more (the practice deal's own may have moved on)
    assert outside.urls == []
    assert errors.messages == []
    page.close()
    context.close()
    http.close()


def test_a_teacher_types_the_class_server_once_and_opens_the_board(
    browser: Any, school: Any
) -> None:
    base, server, written = school
    http = httpx.Client(base_url=server.url, timeout=WAIT_S)
    made = http.post("/api/classes", json={"title": "Year 8"}).json()
    code, key = made["code"], made["key"]
    joined = http.post(f"/api/classes/{code}/students", json={"name": "Ann"}).json()
    ann = {
        "Authorization": f"Bearer {joined['token']}",
        "X-Class-Code": code,
        "X-Student-Name": "Ann",
    }
    moves, _session = played()
    assert verdict(http, ann, {"kind": "deal", "code": DEAL, "moves": moves})["state"] == "kept"
    outside = Outside()
    context = offline_context(browser, outside)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = PageErrors(page)
    setting = written.pop(f"/{SETTING_FILE}")  # a site built without a class server
    try:
        page.goto(f"{base}/{SITE_PAGES['teacher']}")
        expect(page.locator(".cs-needs-server")).to_be_visible(timeout=60_000)  # Python starting
        page.locator(".cs-server-address").fill("ftp://" + server.url.split("//")[1])
        page.locator(".cs-server-use").click()
        expect(page.locator(".cs-server-message")).to_contain_text("not a class server's")
        page.locator(".cs-server-address").fill(server.url + "/")
        page.locator(".cs-server-use").click()
        field(page, "Class code").fill(code)
        field(page, "Teacher key").fill(key)
        page.get_by_role("button", name="Open board").click()
        board = page.locator(".cs-board")
        expect(board.locator(".cs-student")).to_have_text(["Ann"])
        expect(board).to_contain_text("Year 8")
        expect(page.locator(".cs-needs-server")).to_have_count(0)

        page.reload()  # the address kept in this browser: the teacher's page at once
        expect(field(page, "Teacher key")).to_be_visible(timeout=60_000)
        expect(page.locator(".cs-needs-server")).to_have_count(0)
    finally:
        written[f"/{SETTING_FILE}"] = setting
    assert outside.urls == []
    assert errors.messages == []
    page.close()
    context.close()
    http.close()


def test_a_student_types_the_class_server_once_and_every_page_records_there(
    browser: Any, school: Any
) -> None:
    base, server, written = school
    http = httpx.Client(base_url=server.url, timeout=WAIT_S)
    made = http.post("/api/classes", json={"title": "Year <7>"}).json()
    code, key = made["code"], made["key"]
    outside = Outside()
    context = offline_context(browser, outside)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors = PageErrors(page)
    setting = written.pop(f"/{SETTING_FILE}")  # a site built without a class server
    try:
        page.goto(f"{base}/{SITE_PAGES['class']}")
        page.locator(".cs-server-address").fill(server.url)
        page.locator(".cs-server-use").click()
        page.locator(".cs-class-code").fill(code)
        page.locator(".cs-class-yourname").fill("Kim")
        page.locator(".cs-class-join").click()
        expect(page.locator(".cs-class-name")).to_have_text("Kim")

        # a practice page of the site: the address typed comes along with the membership, and
        # the deal is recorded as it is played (every few moves): a few moves are enough
        practice = context.new_page()
        practice_errors = PageErrors(practice)
        practice.goto(f"{base}/{SITE_PAGES['mililla']}")
        teacher = {"X-Teacher-Key": key}
        board = play_until_recorded(
            practice.locator(".cs-root"),
            lambda: http.get(f"/api/classes/{code}/board", headers=teacher).json(),
            1,
        )
        assert [row["name"] for row in board["students"]] == ["Kim"]
        assert [row["kind"] for row in board["records"]] == ["deal"]
        assert practice_errors.messages == []

        landing = context.new_page()  # the landing page names the class joined, as text
        landing.goto(f"{base}/{SITE_PAGES['landing']}")
        joined = landing.locator(".cs-landing-class")
        expect(joined.locator("strong")).to_have_text(["Year <7>", "Kim"], timeout=60_000)
    finally:
        written[f"/{SETTING_FILE}"] = setting
    assert outside.urls == []
    assert errors.messages == []
    context.close()
    http.close()


def test_the_build_writes_the_class_server_it_is_given(tmp_path: Path, monkeypatch) -> None:
    built: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(
        "cardschool.widgets.site.build.build", lambda out, server=None: built.append((out, server))
    )
    build_main([str(tmp_path), "--class-server", " https://class.example.org/ "])
    build_main([str(tmp_path)])
    assert built == [(tmp_path, "https://class.example.org/"), (tmp_path, None)]
    setting = write_class_server(tmp_path, "https://class.example.org/")
    assert json.loads(setting.read_text()) == {"class_server": "https://class.example.org"}
    with pytest.raises(SystemExit):
        write_class_server(tmp_path, "javascript:alert(1)")
    write_class_server(tmp_path, None)  # built without one: no setting left
    assert not setting.exists()
