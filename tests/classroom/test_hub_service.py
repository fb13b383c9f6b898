"""The class server as a service of a real JupyterHub: a student is whoever the hub says.

A fixture starts JupyterHub on free loopback ports in a temporary folder (SQLite, its own
cookie secret), with configurable-http-proxy (installed by npm into ``build/chp`` once), the
test authenticator ("dummy") and a local spawner whose servers never need to start, and the
class server as a managed service with ``--hub`` over a temporary SQLite file. Through the
hub's REST API (a service token with an admin's scopes) the test makes users ``ann`` and
``bob`` and hub tokens for them, as their servers' ``JUPYTERHUB_API_TOKEN`` would be; then
it drives the class server through the hub's proxy (``/services/cardschool/``) as a kernel
does, with ``Authorization: token <hub token>``. The service also takes students who join
with the class code and a name: one class gets a student of the static site (its Python's
requests, with the site's origin and the browser's CORS preflights), one of a served app
(a kernel with ``CARDSCHOOL_CLASS_SERVER``) and one of the hub, all on one board.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardschool.engine import dealcode
from cardschool.engine.messages import message
from cardschool.widgets.classroom.board import board_html, build_board
from cardschool.widgets.classroom.client import ClassClient
from cardschool.widgets.classroom.deals import outcome, own_moves
from cardschool.widgets.classroom.reaching import store_here
from cardschool.widgets.classroom.student import ClassPage, ClassWidget

from .drive import from_browser, play_out
from .lines import played

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "tutorial" / "exercises"
PROXY_DIR = ROOT / "build" / "chp"
PROXY = PROXY_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
SERVICE = "cardschool"
SITE = "http://site.test"
"""The static site's origin, one the class service answers (CORS)."""
DEAL = dealcode.encode("mililla", 4321)
WAIT = 60.0
"""The longest the test waits for the hub, the service or a record's verdict, in seconds."""


def _proxy_command() -> Path:
    """configurable-http-proxy, installed with npm into ``build/chp`` the first time (one
    test process at a time); skipped only when npm cannot install it (offline)."""
    if PROXY.exists():
        return PROXY
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI") == "true":
            pytest.fail("npm is not installed (apt-get install -y npm)")
        pytest.skip("npm is not installed: configurable-http-proxy cannot be installed")
    PROXY_DIR.mkdir(parents=True, exist_ok=True)
    with (PROXY_DIR.parent / "chp.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not PROXY.exists():
            install = ["install", "--prefix", str(PROXY_DIR), "--no-audit", "--no-fund"]
            done = subprocess.run(
                [npm, *install, "configurable-http-proxy"],
                capture_output=True,
                text=True,
                timeout=300,
            )
            if done.returncode != 0 or not PROXY.exists():
                said = (done.stderr or done.stdout).strip().splitlines()[-3:]
                pytest.skip(f"npm could not install configurable-http-proxy: {' / '.join(said)}")
    return PROXY


def _free_ports(count: int) -> list[int]:
    """``count`` loopback ports free just now."""
    held = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        held.append(sock)
    ports = [sock.getsockname()[1] for sock in held]
    for sock in held:
        sock.close()
    return ports


def _config(folder: Path, ports: list[int], admin_token: str) -> str:
    """The hub's configuration: loopback ports, its files in ``folder``, the class service
    and the roles that let users' tokens use it."""
    public, hub, proxy_api, service = ports
    command = [sys.executable, "-m", "cardschool.widgets.classroom.server", "--hub"]
    command += ["--db", str(folder / "class.db"), "--verifiers", "0"]
    command += ["--exercises", str(EXERCISES), "--origin", SITE]
    settings = {
        "public": f"http://127.0.0.1:{public}",
        "hub": f"http://127.0.0.1:{hub}",
        "proxy_api": f"http://127.0.0.1:{proxy_api}",
        "proxy": [str(_proxy_command())],
        "db": f"sqlite:///{folder / 'jupyterhub.sqlite'}",
        "secret": str(folder / "cookie_secret"),
        "pid": str(folder / "jupyterhub.pid"),
        "services": [
            {
                "name": SERVICE,
                "url": f"http://127.0.0.1:{service}",
                "command": command,
                "cwd": str(folder),
            },
            {"name": "test-admin", "api_token": admin_token},
        ],
        "roles": [
            {"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]},
            {
                "name": "server",
                "scopes": [
                    "users:activity!user",
                    "access:servers!server",
                    f"access:services!service={SERVICE}",
                ],
            },
            {
                "name": "test-admin",
                "scopes": ["admin:users", "tokens", "access:services"],
                "services": ["test-admin"],
            },
        ],
    }
    return f"""
import json
s = json.loads({json.dumps(json.dumps(settings))})
c = get_config()  # noqa
c.JupyterHub.bind_url = s["public"]
c.JupyterHub.hub_bind_url = s["hub"]
c.ConfigurableHTTPProxy.api_url = s["proxy_api"]
c.ConfigurableHTTPProxy.command = s["proxy"]
c.JupyterHub.db_url = s["db"]
c.JupyterHub.cookie_secret_file = s["secret"]
c.JupyterHub.pid_file = s["pid"]
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.JupyterHub.services = s["services"]
c.JupyterHub.load_roles = s["roles"]
"""


@dataclass
class Hub:
    """A running hub: its address, the admin service's token, its process."""

    url: str
    service_url: str
    admin: dict[str, str]
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def classes(self) -> str:
        """The class service's address through the hub's proxy."""
        return f"{self.url}/services/{SERVICE}"

    def told(self) -> str:
        """The end of the hub's log (its services' too), for a failing test's message."""
        return self.log.read_text(errors="replace")[-4000:]


def _wait_for(what: str, hub: Hub, ready: Any) -> None:
    """Ask ``ready()`` until it is true (the hub answering, the service answering)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if hub.process.poll() is not None:
            raise AssertionError(f"the hub stopped while waiting for {what}:\n{hub.told()}")
        try:
            if ready():
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)  # nothing to wait on but the next answer: ask again
    raise AssertionError(f"no {what} after {WAIT} s:\n{hub.told()}")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """JupyterHub with its proxy and the class server as its service, until the module ends."""
    folder = tmp_path_factory.mktemp("hub")
    ports = _free_ports(4)
    admin_token = secrets.token_hex(32)
    (folder / "jupyterhub_config.py").write_text(_config(folder, ports, admin_token))
    log = folder / "hub.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    running = Hub(
        url=f"http://127.0.0.1:{ports[0]}",
        service_url=f"http://127.0.0.1:{ports[3]}",
        admin={"Authorization": f"token {admin_token}"},
        process=process,
        log=log,
    )
    try:
        with httpx.Client(timeout=5) as http:
            _wait_for("hub", running, lambda: http.get(f"{running.url}/hub/api/").is_success)

            def serving() -> bool:
                answer = http.get(f"{running.classes}/api/")
                return answer.headers.get("Content-Type", "").startswith("application/json") and (
                    answer.json().get("error", {}).get("id") == "classroom:api.not-found"
                )

            _wait_for("class service behind the hub's proxy", running, serving)
        yield running
    finally:
        process.send_signal(signal.SIGTERM)  # the hub stops its proxy and its services
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


@pytest.fixture(scope="module")
def http(hub: Hub) -> Iterator[httpx.Client]:
    """An HTTP client of the class service through the hub's proxy."""
    with httpx.Client(base_url=hub.classes, timeout=WAIT) as client:
        yield client


def hub_token(hub: Hub, name: str, scopes: list[str] | None = None) -> str:
    """A new hub user's (made if needed) API token, with the scopes of its user unless
    ``scopes`` narrows them."""
    with httpx.Client(base_url=f"{hub.url}/hub/api", headers=hub.admin, timeout=WAIT) as api:
        made = api.post(f"/users/{name}")
        assert made.status_code in (201, 409), made.text
        body: dict[str, Any] = {"note": "class test", "expires_in": 3600}
        if scopes is not None:
            body["scopes"] = scopes
        answer = api.post(f"/users/{name}/tokens", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()["token"]


def as_hub(token: str, code: str | None = None) -> dict[str, str]:
    """The headers of a kernel's request with its hub token (and a class code)."""
    headers = {"Authorization": f"token {token}"}
    if code is not None:
        headers["X-Class-Code"] = code
    return headers


def error_of(answer: httpx.Response) -> tuple[int, str]:
    """A refusal's status and message id."""
    return answer.status_code, answer.json()["error"]["id"]


def verdict(http: httpx.Client, headers: dict[str, str], uid: str) -> dict[str, Any]:
    """What became of a record sent (asked until it is no longer checking)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        state = http.get(f"/api/records/{uid}", headers=headers).json()
        if state.get("state") != "checking":
            return state
        time.sleep(0.05)  # the server checks it meanwhile: ask again
    raise AssertionError(f"record {uid} still checking after {WAIT} s")


def test_a_hub_user_joins_by_code_records_and_is_on_the_board(hub: Hub, http: httpx.Client) -> None:
    made = http.post("/api/classes", json={"title": "Hub class"})
    assert made.status_code == 201, made.text
    code, key = made.json()["code"], made.json()["key"]
    teacher = {"X-Teacher-Key": key}
    assert http.post(
        f"/api/classes/{code}/assignments", json={"kind": "deal", "target": DEAL}, headers=teacher
    ).is_success
    ann, bob = hub_token(hub, "ann"), hub_token(hub, "bob")

    # Ann joins with the class code alone: the hub says who she is
    joined = http.post(f"/api/classes/{code}/students", json={}, headers=as_hub(ann))
    assert joined.status_code == 201, joined.text
    assert (joined.json()["name"], joined.json()["title"]) == ("ann", "Hub class")
    again = http.post(f"/api/classes/{code}/students", json={"name": "ann"}, headers=as_hub(ann))
    assert again.status_code == 201 and again.json()["student"] == joined.json()["student"]

    # she plays a Basic deal and sends it with her hub token: replayed, kept
    uid = uuid.uuid4().hex
    sent = played(DEAL, kind="deal", uid=uid)
    posted = http.post("/api/records", json=sent, headers=as_hub(ann, code))
    assert posted.status_code == 202, posted.text
    assert verdict(http, as_hub(ann, code), uid)["state"] == "kept"
    mine = http.get(f"/api/classes/{code}/me", headers=as_hub(ann))
    assert mine.json()["name"] == "ann"
    assert [(row["uid"], row["result"]) for row in mine.json()["records"]] == [
        (uid, sent["result"])
    ]

    board = http.get(f"/api/classes/{code}/board", headers=teacher).json()
    assert [student["name"] for student in board["students"]] == ["ann"]
    (row,) = board["records"]
    assert (row["student"], row["target"], row["score"]) == (
        joined.json()["student"],
        DEAL,
        sent["score"],
    )

    # Bob joins too; he never reads Ann's records, at the proxy or at the service's address
    assert http.post(f"/api/classes/{code}/students", json={}, headers=as_hub(bob)).is_success
    for base in (hub.classes, hub.service_url):
        theirs = httpx.get(f"{base}/api/classes/{code}/me", headers=as_hub(bob), timeout=WAIT)
        assert (theirs.json()["name"], theirs.json()["records"]) == ("bob", [])
        asked = httpx.get(f"{base}/api/records/{uid}", headers=as_hub(bob, code), timeout=WAIT)
        assert error_of(asked) == (404, "classroom:api.no-record")
    bobs_board = http.get(f"/api/classes/{code}/board", headers=as_hub(bob))
    assert error_of(bobs_board) == (401, "classroom:api.no-key")

    # the teacher renames Ann: her hub token still says she is that student, records and all
    student = joined.json()["student"]
    renamed = http.patch(
        f"/api/classes/{code}/students/{student}", json={"name": "Annie"}, headers=teacher
    )
    assert renamed.status_code == 200, renamed.text
    mine = http.get(f"/api/classes/{code}/me", headers=as_hub(ann)).json()
    assert (mine["name"], mine["student"], len(mine["records"])) == ("Annie", student, 1)
    back = http.post(f"/api/classes/{code}/students", json={}, headers=as_hub(ann))
    assert (back.json()["student"], back.json()["name"]) == (student, "Annie")


def test_requests_the_hub_does_not_vouch_for_are_refused(hub: Hub, http: httpx.Client) -> None:
    code = http.post("/api/classes", json={"title": "Refusals"}).json()["code"]
    ann = hub_token(hub, "ann")
    join = f"/api/classes/{code}/students"
    assert http.post(join, json={}, headers=as_hub(ann)).status_code == 201

    # no hub token: a student joins with the code and a name, as off a hub, never as a hub user
    mallory = http.post(join, json={"name": "mallory"})
    assert mallory.status_code == 201, mallory.text
    assert error_of(http.post(join, json={"name": "Ann"})) == (409, "classroom:name.taken")
    assert error_of(http.post(join, json={"name": "ann", "rejoin": "ABCDEF"})) == (
        409,
        "classroom:name.hub-only",
    )
    typed = {"Authorization": f"Bearer {mallory.json()['token']}", "X-Class-Code": code}
    posing = {**typed, "X-Student-Name": "ann"}  # her class token under Ann's name: still her
    assert http.get(f"/api/classes/{code}/me", headers=posing).json()["name"] == "mallory"
    hub_mallory = as_hub(hub_token(hub, "mallory"))  # the hub's mallory is not the typed one
    assert error_of(http.post(join, json={}, headers=hub_mallory)) == (409, "classroom:name.held")
    assert error_of(http.get(f"/api/classes/{code}/me", headers=hub_mallory)) == (
        403,
        "classroom:hub.not-joined",
    )
    sent = played(DEAL, kind="deal")
    assert error_of(http.post("/api/records", json=sent, headers={"X-Class-Code": code})) == (
        401,
        "classroom:api.no-member",
    )
    # a forged token: the hub does not know it
    forged = as_hub(secrets.token_hex(16), code)
    for answer in (
        http.post(join, json={}, headers=forged),
        http.get(f"/api/classes/{code}/me", headers=forged),
        http.post("/api/records", json=sent, headers=forged),
    ):
        assert error_of(answer) == (401, "classroom:hub.unknown-token")
    # Ann's token under Bob's name: refused, in joining and in recording
    assert error_of(http.post(join, json={"name": "bob"}, headers=as_hub(ann))) == (
        403,
        "classroom:hub.other-name",
    )
    posing = {**as_hub(ann, code), "X-Student-Name": "bob"}
    assert error_of(http.post("/api/records", json=sent, headers=posing)) == (
        403,
        "classroom:hub.other-name",
    )
    # a token of the hub without the service's access scope; a service's token
    narrow = hub_token(hub, "cy", scopes=["read:users:name!user=cy"])
    refused = http.post(join, json={}, headers=as_hub(narrow))
    assert error_of(refused) == (403, "classroom:hub.no-access") and "cy" in refused.text
    assert error_of(http.post(join, json={}, headers=hub.admin)) == (403, "classroom:hub.not-user")
    # a hub user who has not joined this class is no student of it
    bob = hub_token(hub, "bob")
    assert error_of(http.get(f"/api/classes/{code}/me", headers=as_hub(bob))) == (
        403,
        "classroom:hub.not-joined",
    )


def test_without_jupyterhub_the_hub_mode_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardschool.widgets.classroom.hub import hub_auth

    monkeypatch.setitem(sys.modules, "jupyterhub.services.auth", None)  # as if not installed
    with pytest.raises(SystemExit, match=r'pip install "cardschool\[hub\]"'):
        hub_auth()


def site_transport(method: str, url: str, headers: Mapping[str, str], body: bytes | None) -> Any:
    """A request of the static site's pages (their Python's ClassClient, through the
    browser's XMLHttpRequest) with the site's Origin, after a preflight where the browser
    makes one (headers of its own, JSON); an answer the browser would not hand the page (no
    CORS header for the site) is no answer (OSError, as ``xhr_transport`` raises)."""
    own = sorted(name.lower() for name in headers if name.lower() != "accept")
    with httpx.Client(timeout=WAIT) as browser:
        if own or method not in ("GET", "HEAD", "POST"):
            preflight = browser.options(
                url,
                headers={
                    "Origin": SITE,
                    "Access-Control-Request-Method": method,
                    "Access-Control-Request-Headers": ", ".join(own),
                },
            )
            allowed = preflight.headers.get("Access-Control-Allow-Headers", "").lower()
            if preflight.headers.get("Access-Control-Allow-Origin") != SITE or not all(
                name in allowed for name in own
            ):
                raise ConnectionError("the browser's preflight was refused")
        answer = browser.request(method, url, headers={**headers, "Origin": SITE}, content=body)
    if answer.headers.get("Access-Control-Allow-Origin") != SITE:
        raise ConnectionError("the browser hides an answer without CORS from the page")
    return answer.status_code, answer.json() if answer.content else None


def class_page(opener: Any, code: str, name: str, *, hub_user: str = "") -> ClassPage:
    """A class page (in the kernel or in the static site's Python) joined to the class."""
    page = ClassPage(ClassWidget(opener, hub_user=hub_user), EXERCISES)
    from_browser(page.widget, {"type": "join", "code": code, "name": name})
    assert page.widget.member is not None, page.widget.state.get("message")
    return page


def finish_assignment(page: ClassPage, seed: int) -> None:
    """Open the class's first assignment on the page and play it to its end."""
    page.assignments.children[0].button.click()
    play_out(page.shown, random.Random(seed))
    assert "recorded for your class" in page.status.value, page.status.value


def test_one_class_three_ways_one_board(
    hub: Hub, http: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDSCHOOL_DB", "/nonexistent/never-opened.db")  # no database here
    monkeypatch.setenv("CARDSCHOOL_CLASS_SERVER", hub.classes)  # the kernels' class server
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    teacher = ClassClient(hub.classes)
    code, key = teacher.create_class("Three ways")
    ident = teacher.add_assignment(code, key, "deal", DEAL)

    # a student of the static site: its Python, through the browser, from the site's origin
    static = class_page(lambda: ClassClient(hub.classes, site_transport), code, "Sam")
    finish_assignment(static, 1)
    # a student of the served app: a Voila kernel, the class server in its environment
    served = class_page(store_here, code, "Rae")
    assert isinstance(served.widget.store, ClassClient)
    finish_assignment(served, 2)
    # a student of the hub: their server's kernel, the hub's token saying who they are
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", hub_token(hub, "eve"))
    on_hub = class_page(store_here, code, "eve", hub_user="eve")
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN")
    finish_assignment(on_hub, 3)
    posing = ClassWidget(lambda: ClassClient(hub.classes, site_transport), hub_user="")
    from_browser(posing, {"type": "join", "code": code, "name": "Eve"})  # typed: not the hub's
    assert posing.member is None and "already called eve" in posing.state["message"]
    pages = {"Sam": static, "Rae": served, "eve": on_hub}

    board = http.get(f"/api/classes/{code}/board", headers={"X-Teacher-Key": key}).json()
    ids = {student["name"]: student["id"] for student in board["students"]}
    assert list(ids) == ["Sam", "Rae", "eve"]
    assert {name: page.widget.member.student_id for name, page in pages.items()} == ids
    rows = {row["student"]: row for row in board["records"]}
    assert set(rows) == set(ids.values()) and len(board["records"]) == 3
    for name, page in pages.items():  # one finished deal each, replayed by the server
        row = rows[ids[name]]
        assert (row["kind"], row["target"]) == ("deal", DEAL)
        assert (row["result"], row["score"]) == outcome(page.shown.session, 0)
        assert row["moves"] == row["live"] == own_moves(page.shown.session)  # seen played
    assert len({tuple(sorted(row)) for row in rows.values()}) == 1  # the same columns

    drawn = build_board(teacher, code, key)  # the teacher's board as the kernel draws it
    assert drawn.students == [(ident_, name) for name, ident_ in ids.items()]
    assert [ident_ for ident_, _kind, _target in drawn.assignments] == [ident]
    for name, student in ids.items():
        cell = drawn.cells[(student, ident)]
        result, _score = outcome(pages[name].shown.session, 0)
        assert cell.done and cell.result == message(f"classroom:board.result.{result}")
        assert cell.live == (cell.live[1], cell.live[1]) and not cell.checking
    shown = board_html(drawn)
    body = shown.split("<tbody>")[1].split("</tbody>")[0]
    lines = re.findall(r"<tr><th scope='row' class='cs-student'>([^<]*)</th>(.*?)</tr>", body)
    assert [name for name, _cells in lines] == ["Sam", "Rae", "eve"]
    assert [re.findall(r"<td( class='[^']*')?>", cells) for _name, cells in lines] == [
        [" class='cs-done'", " class='cs-refused'", " class='cs-wrong'", "", ""]
    ] * 3
