"""A learner's game survives a reload, a dead kernel, a closed page and a server restart
(Chromium, real Voilà).

The server is the app's (``tutorial/`` with its ``voila.json``) but with a short idle cull
(10 s, checked every 2 s), so a kernel whose page went away without unloading is gone
within the test's 40 s. The restart is a server stopped and another started on the same
port: the browser keeps the save per origin (scheme, host and port). Each server serves a
copy of the tutorial whose ``voila.json`` preheats kernels for the practice page these
tests open and no other (the app's other pools only cost CPU here); the culling server
preheats none (its pages start their own kernels).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from browser_support import (
    ARTIFACTS,
    TUTORIAL,
    ConsoleLog,
    free_port,
    kernel_alive,
    voila_server,
    wait_port_free,
    wait_until,
)
from playwright.sync_api import expect
from table_pages import hand_of, kernel_id, my_turn, open_table, play_legal

from cardschool.engine.session import Session

pytestmark = pytest.mark.browser

CULL = ["--MappingKernelManager.cull_idle_timeout=10", "--MappingKernelManager.cull_interval=2"]
PRACTICE = "voila/render/mililla/practice.ipynb"
CULLING = "tutorial-culling"
SAVE_PREFIX = "cardschool/v1/game/"


def tutorial_copy(folder: Path, practice_pool: int) -> Path:
    """A copy of ``tutorial/`` in ``folder``, whose ``voila.json`` keeps the app's settings
    but preheats only ``practice_pool`` kernels (none: no pool), all for the Mililla
    practice page."""
    shutil.copytree(TUTORIAL, folder, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    config = json.loads((folder / "voila.json").read_text())
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["mililla/practice.ipynb"]["pool_size"] >= practice_pool  # the app preheats it
    config["VoilaKernelManager"]["kernel_pools_config"] = {
        "default": {"pool_size": 0},
        "mililla/practice.ipynb": {"pool_size": practice_pool},
    }
    (folder / "voila.json").write_text(json.dumps(config, indent=2))
    return folder


@pytest.fixture(scope="module")
def voila_culling(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a Voilà server that culls kernels idle for 10 s without a page.

    It serves a copy of ``tutorial/`` (its ``voila.json`` included, no kernel preheated)
    in a folder of another name, so that its log does not share a file with the
    ``voila_app`` server's.
    """
    folder = tutorial_copy(tmp_path_factory.mktemp("app") / CULLING, practice_pool=0)
    with voila_server(folder, *CULL) as url:
        yield url


def test_a_stale_websocket_gets_a_404_and_logs_no_traceback(voila_culling):
    stale = "11111111-2222-3333-4444-555555555555"  # a kernel a restart forgot
    request = urllib.request.Request(
        f"{voila_culling}/api/kernels/{stale}/channels?session_id=x",
        headers={
            "Connection": "Upgrade",
            "Upgrade": "websocket",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
    )
    for _ in range(2):
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(request, timeout=10)
        assert error.value.code == 404
    log = ARTIFACTS / f"voila-{CULLING}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    text = log.read_text(errors="replace")
    assert f"Kernel does not exist: {stale}" in text
    assert "Traceback" not in text and "static_path" not in text


def kernel_process(kernel: str) -> psutil.Process:
    """The process of a kernel, found by its connection file."""
    for process in psutil.process_iter(["cmdline"]):
        if any(f"kernel-{kernel}.json" in part for part in process.info["cmdline"] or ()):
            return process
    raise AssertionError(f"no process for kernel {kernel}")


def _running(process: psutil.Process) -> bool:
    """True while the process runs (a zombie waiting for its parent counts as gone)."""
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def three_moves(table: Any) -> tuple[str | None, list[str], str | None]:
    """Play three legal moves; the deal code, the hand and the log once it is our turn again."""
    for _ in range(3):
        play_legal(table)
    my_turn(table)
    code = table.locator(".cs-code").text_content()
    return code, hand_of(table), table.locator(".cs-log").text_content()


def test_three_moves_then_a_reload_bring_the_same_position_back(page, console, voila_culling):
    table = open_table(page, f"{voila_culling}/{PRACTICE}")
    code, hand, log = three_moves(table)
    page.reload()
    table = page.locator(".cs-root")
    message = table.locator(".cs-message")
    expect(message).to_contain_text("Continued your game", timeout=30_000)
    expect(message).to_contain_text("New deal to start over")
    my_turn(table)
    assert table.locator(".cs-code").text_content() == code
    assert hand_of(table) == hand
    assert table.locator(".cs-log").text_content() == log
    assert console.messages == []


def test_a_killed_kernel_is_said_at_the_next_click_and_a_reload_continues(
    page, console, voila_culling
):
    table = open_table(page, f"{voila_culling}/{PRACTICE}")
    play_legal(table)
    my_turn(table)
    hand = hand_of(table)
    process = kernel_process(kernel_id(page))
    os.kill(process.pid, signal.SIGKILL)
    wait_until(lambda: not _running(process), "the killed kernel's process is gone")
    clicked = time.monotonic()
    table.locator('[data-action="hint"]').click()
    notice = table.locator(".cs-notice")
    expect(notice).to_be_visible(timeout=5_000)
    assert time.monotonic() - clicked < 5
    expect(notice).to_contain_text("Reload the page: your game continues")
    page.reload()
    table = page.locator(".cs-root")
    expect(table.locator(".cs-message")).to_contain_text("Continued your game", timeout=30_000)
    my_turn(table)
    assert hand_of(table) == hand


def test_a_damaged_save_gives_a_fresh_deal_and_says_so(page, console, voila_culling):
    table = open_table(page, f"{voila_culling}/{PRACTICE}")
    play_legal(table)
    my_turn(table)  # the bots done: no later save written over the damaged one
    keys = page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{SAVE_PREFIX}'))")
    assert len(keys) == 1
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(keys[0])})"))
    saved["moves"][0] = "XX"
    page.evaluate(f"localStorage.setItem({json.dumps(keys[0])}, {json.dumps(json.dumps(saved))})")
    page.reload()
    table = page.locator(".cs-root")
    message = table.locator(".cs-message")
    expect(message).to_contain_text(re.compile(r"^The saved game .* at move 1"), timeout=30_000)
    expect(message).to_contain_text("Here is a fresh deal.")
    assert table.locator(".cs-code").text_content() != f"Deal {saved['code']}"
    assert console.messages == []


def test_a_deal_link_opens_that_deal_and_copy_link_gives_it_back(page, console, voila_culling):
    code = Session.new("mililla", seed=4242).code
    table = open_table(page, f"{voila_culling}/{PRACTICE}?deal={code}")
    expect(table.locator(".cs-code")).to_have_text(f"Deal {code}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = table.locator('[data-action="copy-link"]')
    copy.focus()
    page.keyboard.press("Enter")  # reachable by keyboard
    expect(copy).to_have_attribute("data-link", re.compile(rf"\?deal={code}$"))
    link = copy.get_attribute("data-link")
    page.goto(f"{voila_culling}/{PRACTICE}?deal=NOT-A-CODE")
    expect(page.locator(".cs-message")).to_contain_text(
        "The link's deal code could not be opened", timeout=30_000
    )
    page.goto(link)
    expect(page.locator(".cs-code")).to_have_text(f"Deal {code}", timeout=30_000)
    assert console.messages == []


def closed_page_kernel(browser: Any, base: str, *, beacons: bool) -> tuple[Any, str, list[str]]:
    """A context whose page played a card and was closed without ``beforeunload``.

    ``beacons=False``: the page's shutdown requests are dropped, as when the browser is
    killed or the laptop closed, so only the server's cull can end the kernel.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if not beacons:  # Playwright's routing does not see beacons: the page sends none
        context.add_init_script("navigator.sendBeacon = () => true;")
    page = context.new_page()
    table = open_table(page, f"{base}/{PRACTICE}")
    play_legal(table)
    my_turn(table)
    hand, kernel = hand_of(table), kernel_id(page)
    page.close()  # no beforeunload
    return context, kernel, hand


def wait_gone(base: str, kernel: str, seconds: float) -> float:
    """Wait until the server no longer lists the kernel; return how long it took."""
    start = time.monotonic()
    while kernel_alive(base, kernel):
        assert time.monotonic() - start < seconds, f"kernel {kernel} still runs after {seconds} s"
        time.sleep(0.5)
    return time.monotonic() - start


def test_a_page_hidden_for_good_ends_its_kernel_at_once(browser, voila_culling):
    context, kernel, _hand = closed_page_kernel(browser, voila_culling, beacons=True)
    try:
        assert wait_gone(voila_culling, kernel, 5) < 5  # the pagehide beacon, not the cull
    finally:
        context.close()


def test_a_page_gone_without_a_word_is_culled_and_reopens_its_game(browser, page, voila_culling):
    thinking = open_table(page, f"{voila_culling}/{PRACTICE}")  # a learner who stays
    my_turn(thinking)
    staying = kernel_id(page)
    context, kernel, hand = closed_page_kernel(browser, voila_culling, beacons=False)
    try:
        assert kernel_alive(voila_culling, kernel)
        assert wait_gone(voila_culling, kernel, 40) > 5  # the cull, not a beacon
        assert kernel_alive(voila_culling, staying)  # idle over 10 s too, but connected
        play_legal(thinking)
        page = context.new_page()
        page.goto(f"{voila_culling}/{PRACTICE}")
        table = page.locator(".cs-root")
        expect(table.locator(".cs-message")).to_contain_text("Continued your game", timeout=30_000)
        my_turn(table)
        assert hand_of(table) == hand
    finally:
        context.close()


def test_a_server_gone_is_said_within_five_seconds_of_the_next_click(page, tmp_path_factory):
    folder = tutorial_copy(tmp_path_factory.mktemp("gone") / "tutorial-gone", practice_pool=1)
    with voila_server(folder) as url:
        table = open_table(page, f"{url}/{PRACTICE}")
        my_turn(table)
    # the server has stopped; the page still shows the table
    clicked = time.monotonic()
    table.locator('[data-action="hint"]').click()
    notice = table.locator(".cs-notice")
    expect(notice).to_be_visible(timeout=5_000)
    assert time.monotonic() - clicked < 5
    expect(notice).to_contain_text("lost its connection to the server")


def test_a_server_restart_then_a_reload_continues_the_game(page, tmp_path_factory):
    # the browser keeps the save per origin: the new server must have the old one's port
    folder = tutorial_copy(tmp_path_factory.mktemp("restart") / "tutorial-restart", 1)
    port = free_port()
    with voila_server(folder, port=port) as url:
        table = open_table(page, f"{url}/{PRACTICE}")
        code, hand, log = three_moves(table)
        kernel = kernel_id(page)
    stopped = time.monotonic()  # the page says it by itself, unclicked (issue 26.11)
    expect(page.locator(".cs-page-lost")).to_contain_text("lost its connection", timeout=5_000)
    assert time.monotonic() - stopped < 5
    wait_port_free(port)
    with voila_server(folder, port=port) as again:
        assert again == url
        page.reload()
        console = ConsoleLog().attach(page)  # the reloaded page's own errors
        table = page.locator(".cs-root")
        message = table.locator(".cs-message")
        expect(message).to_contain_text("Continued your game", timeout=30_000)
        expect(message).to_contain_text("New deal to start over")
        assert kernel_id(page) != kernel  # a new kernel on the new server
        my_turn(table)
        assert table.locator(".cs-code").text_content() == code
        assert hand_of(table) == hand
        assert table.locator(".cs-log").text_content() == log
        play_legal(table)  # and the game goes on
        assert console.messages == []


def kept_save(page: Any) -> dict[str, Any]:
    """The game save this page's browser keeps (the one practice page's)."""
    return page.evaluate(
        """() => {
          const key = Object.keys(localStorage).find(k => k.includes("/v1/game/"));
          return key ? JSON.parse(localStorage.getItem(key)) : null;
        }"""
    )


def test_a_second_tab_of_a_game_says_so_and_takes_it_over_without_overwriting(
    page, console, voila_culling
):
    url = f"{voila_culling}/{PRACTICE}"
    first = open_table(page, url)
    three_moves(first)
    other = page.context.new_page()
    other.goto(url)
    second = other.locator(".cs-root")
    elsewhere = second.locator(".cs-elsewhere")
    expect(elsewhere).to_contain_text("open in another tab", timeout=30_000)
    expect(first.locator(".cs-elsewhere")).to_be_hidden()
    # the second shows the game the first keeps (once its kernel has read the browser's save)
    seen = first.locator(".cs-code").text_content()
    expect(second.locator(".cs-code")).to_have_text(seen, timeout=30_000)
    moves = len(kept_save(page)["moves"])
    play_legal(first)  # the first tab plays on: the second overwrites nothing (issue 26.6)
    wait_until(lambda: len(kept_save(page)["moves"]) > moves, "the first tab's move kept")
    first.locator('[data-action="new-deal"]').click()
    first.locator('[data-action="confirm-yes"]').click()  # the game in progress is given up
    expect(first.locator(".cs-code")).not_to_have_text(seen)
    new = first.locator(".cs-code").text_content()
    wait_until(lambda: kept_save(page)["code"] in new, "the first tab's new deal kept")
    assert second.locator(".cs-code").text_content() == seen  # not pulled into that deal
    expect(second.locator(".cs-main")).to_have_css("pointer-events", "none")  # no click here
    other.screenshot(path=ARTIFACTS / "two-tabs-second.png")
    second.locator('[data-action="take-over"]').click()  # the second takes the game over
    expect(first.locator(".cs-elsewhere")).to_contain_text("open in another tab")
    second = other.locator(".cs-root")
    expect(second.locator(".cs-code")).to_have_text(new, timeout=30_000)
    expect(second.locator(".cs-elsewhere")).to_be_hidden()
    play_legal(second)
    assert console.messages == []
