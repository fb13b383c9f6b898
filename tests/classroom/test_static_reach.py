"""The static site's class pages reach a class server (issue 28.3) without the database packages.

The browser's transport (a synchronous XMLHttpRequest in the kernel's worker) is driven
here through a stand-in of Pyodide's ``js`` module; the pages' modules are imported with
SQLAlchemy and Alembic made unimportable, as in the static site's Python.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardschool.engine.exercises import load_file
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.learning_path import load_path
from cardschool.engine.messages import message
from cardschool.widgets.classroom import browser_transport, reaching
from cardschool.widgets.classroom.browser_transport import (
    checked_address,
    site_class_server,
    site_root,
    transport_here,
    xhr_transport,
)
from cardschool.widgets.classroom.client import ClassClient, ServerDown, urllib_transport
from cardschool.widgets.classroom.joined import BAD_SERVER

from .drive import from_browser, send
from .test_class_server import EXERCISES, Running, new_class

WORKER = "https://school.example.org/cards/extensions/@jupyterlite/pyodide-kernel-extension/static/872.js"


class FakeRequest:
    """A stand-in of the browser's XMLHttpRequest: answers what the test says."""

    answers: dict[str, tuple[int, str]]
    sent: list[tuple[str, str, dict[str, str], Any]]
    fails = False

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.status, self.responseText = 0, ""

    @classmethod
    def new(cls) -> FakeRequest:
        """As Pyodide makes a JavaScript object: ``XMLHttpRequest.new()``."""
        return cls()

    def open(self, method: str, url: str, asynchronous: bool) -> None:
        assert asynchronous is False  # a worker's synchronous request
        self.method, self.url = method, url

    def setRequestHeader(self, name: str, value: str) -> None:
        self.headers[name] = value

    def send(self, body: Any) -> None:
        self.sent.append((self.method, self.url, self.headers, body))
        if self.fails:
            raise RuntimeError("NetworkError: Failed to execute 'send'")  # as a JsException
        self.status, self.responseText = self.answers.get(self.url, (0, ""))


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> type[FakeRequest]:
    """Pyodide's ``js`` module with a fake XMLHttpRequest, the worker at :data:`WORKER`."""
    fake = type("Request", (FakeRequest,), {"answers": {}, "sent": []})
    js = types.ModuleType("js")
    js.XMLHttpRequest = fake  # type: ignore[attr-defined]
    js.location = types.SimpleNamespace(href=WORKER)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(browser_transport, "_site_setting", [])
    monkeypatch.setattr(reaching, "_typed", [])
    monkeypatch.delenv("CARDSCHOOL_CLASS_SERVER", raising=False)
    return fake


def test_a_request_goes_through_the_browsers_xhr_as_json_text(browser: type[FakeRequest]):
    browser.answers["http://127.0.0.1:8867/api/x"] = (201, '{"code": "K7RT2Q"}')
    headers = {"Content-Type": "application/json", "X-Teacher-Key": "k"}
    answer = xhr_transport("POST", "http://127.0.0.1:8867/api/x", headers, b'{"title": "Y"}')
    assert answer == (201, {"code": "K7RT2Q"})
    assert browser.sent == [("POST", "http://127.0.0.1:8867/api/x", headers, '{"title": "Y"}')]
    browser.answers["http://127.0.0.1:8867/api/html"] = (404, "<html>")
    assert xhr_transport("GET", "http://127.0.0.1:8867/api/html", {}, None) == (404, None)


def test_no_answer_or_a_network_error_is_an_oserror(browser: type[FakeRequest]):
    with pytest.raises(OSError):  # status 0: refused by CORS, or nobody there
        xhr_transport("GET", "http://127.0.0.1:9/api/", {}, None)
    browser.fails = True
    with pytest.raises(OSError):
        xhr_transport("GET", "http://127.0.0.1:8867/api/", {}, None)


def test_the_transport_is_the_browsers_under_pyodide_only(
    browser: type[FakeRequest], monkeypatch: pytest.MonkeyPatch
):
    assert transport_here() is xhr_transport
    monkeypatch.setattr(sys, "platform", "linux")
    assert transport_here() is urllib_transport
    assert site_class_server() is None  # off the static site: no site setting asked for
    assert browser.sent == []


def test_the_site_setting_is_read_once_from_the_sites_root(browser: type[FakeRequest]):
    assert site_root(WORKER) == "https://school.example.org/cards/"
    assert site_root("https://school.example.org/worker.js") is None
    setting = "https://school.example.org/cards/class-server.json"
    browser.answers[setting] = (200, '{"class_server": "https://class.example.org/"}')
    assert site_class_server() == "https://class.example.org"
    assert site_class_server() == "https://class.example.org"
    assert [sent[1] for sent in browser.sent] == [setting]  # asked once
    store = reaching.store_here()
    assert isinstance(store, ClassClient) and store.transport is xhr_transport
    assert store.where() == "https://class.example.org"


def test_a_site_without_a_setting_takes_a_typed_address(browser: type[FakeRequest]):
    setting = "https://school.example.org/cards/class-server.json"
    browser.answers[setting] = (200, '{"class_server": "javascript:alert(1)"}')
    assert reaching.class_server_here() is None
    assert reaching.use_class_server("ftp://class.example.org") is None
    assert reaching.class_server_here() is None
    assert reaching.use_class_server(" http://10.0.0.5:8867/ ") == "http://10.0.0.5:8867"
    assert reaching.class_server_here() == "http://10.0.0.5:8867"
    assert reaching.class_store_reachable()


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("https://class.example.org", "https://class.example.org"),
        ("http://127.0.0.1:8867/", "http://127.0.0.1:8867"),
        ("https://school.example.org/class/", "https://school.example.org/class"),
        ("class.example.org", None),
        ("javascript:alert(1)", None),
        ("https://user:pw@class.example.org", None),
        ("https://class.example.org/?next=1", None),
        ("https://class.example.org:port", None),
        ("https://class.example.org/<script>", None),
        ("https://", None),
        ("", None),
        (42, None),
        ("https://" + "a" * 400 + ".org", None),
    ],
)
def test_only_an_http_address_is_a_class_servers(typed: object, kept: str | None):
    assert checked_address(typed) == kept


LIGHT = """
import sys
for name in ("sqlalchemy", "alembic"):  # as in the static site's Python: not there
    sys.modules[name] = None
import os
os.environ.pop("CARDSCHOOL_CLASS_SERVER", None)
from cardschool.widgets.classroom import (
    board, client, joined, pages, people, reaching, recording, server_box, student, teacher,
)
assert not reaching.class_store_reachable()
note = pages.join_class()
assert type(note).__name__ == "ServerNote" and note.box is not None, note
os.environ["CARDSCHOOL_CLASS_SERVER"] = "http://127.0.0.1:9"
assert reaching.class_store_reachable()
assert type(reaching.store_here()).__name__ == "ClassClient"
print("light")
"""


def test_the_class_pages_import_without_the_database_packages():
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(LIGHT)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("light")


def refuse(address: str) -> None:
    """A class server that does not answer."""
    raise ServerDown(message("classroom:client.unreachable"))


def test_the_box_uses_an_address_only_once_a_server_answers_there(browser: type[FakeRequest]):
    from cardschool.widgets.classroom.server_box import ServerBox

    asked: list[str] = []
    box = ServerBox(reach=asked.append)
    used: list[str] = []
    box.listeners.append(used.append)
    box.handle({"type": "server", "address": "javascript:alert(1)"})
    assert box.state["message"].startswith("That is not a class server's address")
    box.handle({"type": "join", "address": "https://class.example.org"})  # not the box's
    box.handle({"type": "server", "address": "https://class.example.org", "extra": 1})
    assert asked == [] and used == [] and box.kept == ""
    box.reach = refuse
    box.handle({"type": "server", "address": "https://class.example.org", "kept": True})
    assert "does not answer" in box.state["message"]
    assert reaching.class_server_here() is None and box.kept == ""
    box.reach = asked.append
    box.handle({"type": "server", "address": "https://class.example.org/"})
    assert asked == used == ["https://class.example.org"]
    assert box.kept == "https://class.example.org" and box.state["message"] is None
    assert reaching.class_server_here() == "https://class.example.org"
    words = box.state["words"]
    assert words["use"] == "Use this class server" and "read-blocked" in words["storage"]


def test_a_static_page_without_a_server_opens_once_one_is_typed(
    browser: type[FakeRequest], monkeypatch: pytest.MonkeyPatch
):
    from cardschool.widgets.classroom import pages

    monkeypatch.setattr(pages, "class_store_reachable", lambda: False)
    monkeypatch.setattr(sys, "platform", "linux")  # this Python's transport for the page
    note = pages.teacher()
    assert isinstance(note, pages.ServerNote) and note.box in note.children
    note.box.reach = lambda address: None
    note.box.handle({"type": "server", "address": "http://127.0.0.1:9"})
    [page] = note.children
    assert type(page).__name__ == "TeacherPage"
    assert page.store.where() == "http://127.0.0.1:9"
    assert pages.needs_server("classroom:join-needs-server").box is None


def test_the_box_asks_the_address_for_the_class_servers_api(browser: type[FakeRequest]):
    from cardschool.widgets.classroom.server_box import ServerBox

    refused = '{"error": {"id": "classroom:api.not-found", "said": "No such thing."}}'
    browser.answers["https://class.example.org/api/"] = (404, refused)  # the API's own JSON
    browser.answers["https://www.example.org/api/"] = (200, "<html>a web page</html>")
    box = ServerBox()
    box.handle({"type": "server", "address": "https://www.example.org"})
    box.handle({"type": "server", "address": "https://nobody.example.org"})  # no answer
    assert box.kept == "" and "does not answer" in box.state["message"]
    box.handle({"type": "server", "address": "https://class.example.org"})
    assert box.kept == "https://class.example.org"
    assert [sent[1] for sent in browser.sent] == [
        f"https://{host}.example.org/api/" for host in ("www", "nobody", "class")
    ]


def test_the_box_front_end_holds_no_words_of_its_own():
    script = Path(browser_transport.__file__).with_name("static") / "server_box.js"
    code = "\n".join(
        line for line in script.read_text().splitlines() if not line.strip().startswith("//")
    )
    literals = re.findall(r"\"[^\"\n]*\"|'[^'\n]*'|`[^`]*`", code)
    assert [text for text in literals if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", text)] == []
    assert "localStorage" not in code  # kept through storage.js only


# ------------------------------------------------------------ pages that record, and the landing


@pytest.fixture
def through(browser: type[FakeRequest], tmp_path: Path) -> Iterator[tuple[Running, dict[str, str]]]:
    """A real class server, which the fake XMLHttpRequest reaches (every other address: no
    answer), with a class ``Year 8`` that Zoé joined: (the server, her membership entry)."""
    running = Running(tmp_path / "class.db")

    def send(self: FakeRequest, body: Any) -> None:
        self.sent.append((self.method, self.url, self.headers, body))
        if not self.url.startswith(running.url):
            return  # status 0: nobody answers there
        data = body.encode() if isinstance(body, str) else None
        self.status, answer = urllib_transport(self.method, self.url, self.headers, data)
        self.responseText = json.dumps(answer) if answer is not None else ""

    browser.send = send  # type: ignore[method-assign]
    try:
        with httpx.Client(base_url=running.url, timeout=10) as http:
            code, _key = new_class(http, "Year 8")
            joined = http.post(f"/api/classes/{code}/students", json={"name": "Zoé"}).json()
        yield running, {"code": code, "name": "Zoé", "token": joined["token"]}
    finally:
        running.close()


def test_an_exercise_page_records_to_the_class_server_typed_in_its_browser(
    browser: type[FakeRequest], through: tuple[Running, dict[str, str]]
):
    from cardschool.widgets.exercise import ExerciseWidget

    running, entry = through
    path = EXERCISES / "mililla" / "beat.toml"
    forged = ExerciseWidget(load_file(path), str(path))
    from_browser(forged, {"type": "member", "entry": entry, "server": "javascript:alert(1)"})
    assert forged.class_membership.refused == BAD_SERVER
    assert browser.sent == [] and reaching.typed_class_server() is None  # nothing asked
    widget = ExerciseWidget(load_file(path), str(path))
    from_browser(widget, {"type": "member", "entry": entry, "server": running.url + "/"})
    assert reaching.class_server_here() == running.url
    assert widget.class_membership.recorder is not None
    right = next(a for a, v in judged_tries(widget.exercise) if v.right)
    send(widget, type="try", **{"try": str(right)})
    kept = running.store.kept_record(
        running.store.member(entry["code"], entry["name"], entry["token"]),
        "exercises",
        f"mililla/beat.toml#{widget.exercise.id}",
    )
    assert kept is not None and kept.result == "solved"


def elsewhere(browser: type[FakeRequest], running: Running) -> list[str]:
    """The addresses asked that are neither the class server's nor the site's own."""
    mine = (running.url, "https://school.example.org/cards/")
    return [sent[1] for sent in browser.sent if not sent[1].startswith(mine)]


def test_the_landing_page_names_the_class_joined_through_the_typed_server(
    browser: type[FakeRequest], through: tuple[Running, dict[str, str]]
):
    from cardschool.widgets.landing import LandingWidget

    running, entry = through
    path = load_path(Path(__file__).resolve().parents[2] / "tutorial" / "path.toml")
    shown = LandingWidget(path)
    assert shown.state["member"] is None  # the static site, no class server: no class
    from_browser(shown, {"type": "member", "entry": entry})
    assert shown.state["member"] is None
    forged = LandingWidget(path)
    from_browser(forged, {"type": "member", "entry": entry, "server": "ftp://x.example.org"})
    assert forged.state["member"] is None and reaching.typed_class_server() is None
    stale = LandingWidget(path)
    sent = {"type": "member", "entry": {**entry, "token": "y" * 32}, "server": running.url}
    from_browser(stale, sent)
    assert stale.state["member"] is None  # the server does not know that token
    landing = LandingWidget(path)
    from_browser(landing, {"type": "member", "entry": entry, "server": running.url})
    assert landing.state["member"] == {"title": "Year 8", "name": "Zoé"}
    assert elsewhere(browser, running) == []


def test_a_kernel_on_a_server_takes_no_class_server_address_from_a_page(
    browser: type[FakeRequest], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(sys, "platform", "linux")  # the served app: the kernel is the server's
    assert reaching.use_sent_class_server("http://10.0.0.9:8867") is True  # ignored
    assert reaching.typed_class_server() is None
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert reaching.use_sent_class_server("javascript:alert(1)") is False
    assert reaching.use_sent_class_server("http://10.0.0.9:8867/") is True
    assert reaching.typed_class_server() == "http://10.0.0.9:8867"
