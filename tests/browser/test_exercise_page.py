"""The exercise widget in Chromium under Voilà: every task kind, keyboard, progress kept.

Each kind (play by a card and by a move button, choose in both games, decide, score) is
solved by clicking or typing after a wrong try: the wrong try is answered with the rule
id, the right one earns its stars. Play, choose, decide and score are solved with the keyboard
alone (Tab, Space, Enter, typed digits; no mouse, no programmatic focus). The stars are
still there after a reload (the browser's storage, read back and checked by Python); a
forged or damaged record is ignored with a plain line and the page still works.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_support import TUTORIAL
from exercises import STORAGE_KEY
from playwright.sync_api import expect

from cardschool.engine.exercises import Score, answers, load_file

pytestmark = pytest.mark.browser

FIRST = "mililla.beat.in-suit"
BEAT = {e.id: e for e in load_file(TUTORIAL / "exercises" / "mililla" / "beat.toml")}
BEAT_IDS = list(BEAT)
N = len(BEAT)


def open_exercises(page: Any, url: str, file: str = "") -> Any:
    """Open the harness page (or wait for it after a reload, with ``url`` empty)."""
    if url:
        page.goto(f"{url}/voila/render/exercises.ipynb" + (f"?file={file}" if file else ""))
    widget = page.locator(".cs-ex")
    expect(widget.locator(".cs-ex-tools button").first).to_be_visible(timeout=30_000)
    return widget


def errors(console: Any) -> list[str]:
    """The console's errors but the harness server's refusal of Voila's shutdown beacon on a
    reload (sent without an _xsrf field, voila issue #1458; the app's voila.json allows it)."""
    return [m for m in console.messages if "/voila/api/shutdown/" not in m]


def stored(page: Any) -> Any:
    text = page.evaluate(f"() => window.localStorage.getItem({json.dumps(STORAGE_KEY)})")
    return None if text is None else json.loads(text)


def test_solve_after_a_wrong_try_and_the_stars_last_a_reload(page, console, voila_harness):
    widget = open_exercises(page, voila_harness)
    summary = widget.locator(".cs-ex-summary")
    expect(summary).to_have_text(f"Solved 0 of {N} · 0 stars")
    # an exercise not tried yet shows three empty stars, not a dot read like a bullet
    expect(widget.locator(".cs-ex-progress .cs-ex-stars").first).to_have_text("☆☆☆")
    widget.locator('.cs-ex-card[data-card="6O"]').click()
    wrong = widget.locator(".cs-ex-feedback")
    expect(wrong).to_have_attribute("data-right", "false")
    expect(wrong).to_contain_text("✗ Not right.")
    expect(wrong).to_contain_text("(mililla.")
    expect(wrong).to_contain_text("Try again.")
    # a sentence ends before the rule is named; the bar is solid (a dotted one read as bullets)
    assert re.search(r"[.!?] Rule: ", wrong.inner_text()), wrong.inner_text()
    assert wrong.evaluate("n => getComputedStyle(n).borderLeftStyle") == "solid"
    widget.locator('.cs-ex-card[data-card="KC"]').click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")
    expect(summary).to_have_text(f"Solved 1 of {N} · 2 stars")
    expect(widget.locator(".cs-ex-card").first).to_be_disabled()
    record = stored(page)
    assert record == {
        "version": 1,
        "file": "mililla/beat.toml",
        "stars": {"mililla.beat.in-suit": 2},
    }

    page.reload()
    widget = open_exercises(page, "")
    expect(widget.locator(".cs-ex-summary")).to_have_text(f"Solved 1 of {N} · 2 stars")
    first = widget.locator(".cs-ex-progress button").first
    expect(first).to_have_attribute("aria-label", "Exercise 1 (on show): 2 stars")
    expect(widget.locator(".cs-ex-notice")).to_have_count(0)
    assert errors(console) == []


FORGED = [
    json.dumps({"version": 1, "file": "mililla/beat.toml", "stars": {"someone.else": 3}}),
    json.dumps({"version": 1, "file": "mililla/beat.toml", "stars": {"mililla.beat.in-suit": 9}}),
    "{damaged",
]


def test_a_forged_record_is_ignored_with_a_plain_line(page, console, voila_harness):
    open_exercises(page, voila_harness)
    for forged in FORGED:  # one page, reloaded over each forged record
        page.evaluate(
            "([key, value]) => window.localStorage.setItem(key, value)", [STORAGE_KEY, forged]
        )
        page.reload()
        widget = open_exercises(page, "")
        expect(widget.locator(".cs-ex-notice")).to_contain_text(
            "Saved progress for this file was ignored"
        )
        expect(widget.locator(".cs-ex-summary")).to_have_text(f"Solved 0 of {N} · 0 stars")
        widget.locator('.cs-ex-card[data-card="KC"]').click()
        expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
        expect(widget.locator(".cs-ex-summary")).to_have_text(f"Solved 1 of {N} · 3 stars")
        assert stored(page)["stars"] == {"mililla.beat.in-suit": 3}
    assert errors(console) == []


def test_a_full_storage_is_told_in_a_plain_line(page, console, voila_harness):
    page.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    widget = open_exercises(page, voila_harness)
    widget.locator('.cs-ex-card[data-card="KC"]').click()
    expect(widget.locator(".cs-ex-storage")).to_contain_text("storage is full")
    expect(widget.locator(".cs-ex-summary")).to_have_text(f"Solved 1 of {N} · 3 stars")
    assert errors(console) == []


def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus, as a keyboard user
    does (no mouse, no programmatic focus); fail after ``limit`` presses."""
    query = f"() => document.activeElement?.matches({json.dumps(selector)}) ?? false"
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(query):
            return
    raise AssertionError(f"Tab never reached {selector}")


def press(widget: Any, selector: str, key: str = "Enter") -> None:
    """Tab to a control and press a key on it."""
    tab_to(widget.page, f".cs-ex {selector}")
    widget.page.keyboard.press(key)


def test_choose_and_decide_solved_after_a_wrong_try(page, console, voila_harness):
    widget = open_exercises(page, voila_harness)
    heading, feedback = widget.locator("h3"), widget.locator(".cs-ex-feedback")
    for number in (2, 3):
        widget.locator('[data-key="next"]').click()
        expect(heading).to_have_text(f"Exercise {number} of {N}")
    chosen = answers(BEAT[BEAT_IDS[2]])[0].split()
    for card in chosen[:-1]:  # one card short: the engine names the card left out
        widget.locator(f'.cs-ex-card[data-card="{card}"]').click()
    widget.locator(".cs-ex-check").click()
    expect(feedback).to_have_attribute("data-right", "false")
    expect(feedback).to_contain_text(f"{chosen[-1]} may be played too")
    expect(feedback).to_contain_text("(mililla.beat)")
    widget.locator(f'.cs-ex-card[data-card="{chosen[-1]}"]').click()
    widget.locator(".cs-ex-check").click()
    expect(feedback).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")

    widget.locator('[data-key="next"]').click()
    expect(heading).to_have_text(f"Exercise 4 of {N}")
    decide = BEAT[BEAT_IDS[3]]
    right = answers(decide)[0]
    wrong = next(o for o in ("North", "East", "West", "South") if o != right)
    widget.locator(f'.cs-ex-option[data-try="{wrong}"]').click()
    expect(feedback).to_contain_text("✗ Not right.")
    expect(feedback).to_contain_text("(mililla.trick)")
    expect(feedback).to_contain_text("Try again.")
    widget.locator(f'.cs-ex-option[data-try="{right}"]').click()
    expect(feedback).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")
    expect(widget.locator(".cs-ex-summary")).to_have_text(f"Solved 2 of {N} · 4 stars")
    assert errors(console) == []


def test_play_choose_decide_and_the_numbered_buttons_with_the_keyboard_alone(
    page, console, voila_harness
):
    widget = open_exercises(page, voila_harness)
    heading, jump = widget.locator("h3"), widget.locator(".cs-ex-progress")
    expect(jump).to_have_attribute("aria-label", "Exercises of this file")
    expect(jump.locator("button")).to_have_count(N)
    expect(widget.locator('[data-key="back"]')).to_be_disabled()
    press(widget, '.cs-ex-card[data-card="KC"]')  # play: a card that beats the Horse
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(jump.locator("button").first).to_have_attribute(
        "aria-label", "Exercise 1 (on show): 3 stars"
    )
    press(widget, '.cs-ex-progress [data-index="0"]', "ArrowRight")  # along the row...
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # ...to the third button
    expect(heading).to_have_text(f"Exercise 3 of {N}")
    expect(jump.locator('[data-index="2"]')).to_have_attribute("aria-current", "step")
    expect(jump.locator('[data-index="0"]')).to_have_attribute("aria-label", "Exercise 1: 3 stars")
    chosen = answers(BEAT[BEAT_IDS[2]])[0].split()
    for card in chosen:
        press(widget, f'.cs-ex-card[data-card="{card}"]', " ")
        expect(widget.locator(f'.cs-ex-card[data-card="{card}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    press(widget, ".cs-ex-check")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    press(widget, '[data-key="next"]')
    expect(heading).to_have_text(f"Exercise 4 of {N}")
    press(widget, f'.cs-ex-option[data-try="{answers(BEAT[BEAT_IDS[3]])[0]}"]')
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-summary")).to_have_text(f"Solved 3 of {N} · 9 stars")

    press(widget, '.cs-ex-progress [data-index="0"]', "End")  # the last button
    page.keyboard.press("Enter")
    expect(heading).to_have_text(f"Exercise {N} of {N}")
    last = jump.locator(f'[data-index="{N - 1}"]')
    expect(last).to_have_attribute("aria-current", "step")
    expect(last).to_be_focused()
    expect(widget.locator('[data-key="next"]')).to_be_disabled()
    press(widget, '[data-key="back"]')
    expect(heading).to_have_text(f"Exercise {N - 1} of {N}")
    page.keyboard.press("Enter")  # Back kept the focus
    expect(heading).to_have_text(f"Exercise {N - 2} of {N}")
    widget.locator('.cs-ex-progress [data-index="1"]').click()
    expect(heading).to_have_text(f"Exercise 2 of {N}")
    expect(widget.locator(".cs-ex-notice")).to_have_count(0)
    assert errors(console) == []


def test_a_mille_choose_solved_after_a_wrong_try(page, console, voila_harness):
    meld = load_file(TUTORIAL / "exercises" / "mille" / "meld.toml")
    place = next(i for i, e in enumerate(meld) if e.id == "mille.meld.own.lay-off")
    widget = open_exercises(page, voila_harness, "mille/meld.toml")
    widget.locator(f'.cs-ex-progress [data-index="{place}"]').click()
    expect(widget.locator("h3")).to_have_text(f"Exercise {place + 1} of {len(meld)}")
    right = answers(meld[place])[0].split()
    for card in [*right, "QS"]:  # one card too many: it joins no meld of South's
        widget.locator(f'.cs-ex-card[data-card="{card}"]').click()
    widget.locator(".cs-ex-check").click()
    feedback = widget.locator(".cs-ex-feedback")
    expect(feedback).to_contain_text("QS should not be marked")
    expect(feedback).to_contain_text("(mille.meld.own)")
    widget.locator('.cs-ex-card[data-card="QS"]').click()
    expect(widget.locator('.cs-ex-card[data-card="QS"]')).to_have_attribute("aria-pressed", "false")
    widget.locator(".cs-ex-check").click()
    expect(feedback).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")
    assert errors(console) == []


def test_a_score_typed_with_the_keyboard_alone(page, console, voila_harness):
    scoring = load_file(TUTORIAL / "exercises" / "mille" / "scoring.toml")
    place = next(i for i, e in enumerate(scoring) if isinstance(e.task, Score))
    widget = open_exercises(page, voila_harness, "mille/scoring.toml")
    for number in range(2, place + 2):
        press(widget, '[data-key="next"]')
        expect(widget.locator("h3")).to_have_text(f"Exercise {number} of {len(scoring)}")
    tab_to(page, ".cs-ex .cs-ex-number")
    page.keyboard.type(answers(scoring[place])[0])
    page.keyboard.press("Enter")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("3 stars")
    assert errors(console) == []


def test_mille_moves_and_a_score_solved_after_a_wrong_try(page, console, voila_harness):
    widget = open_exercises(page, voila_harness, "mille/draw.toml")
    expect(widget.locator(".cs-ex-card")).to_have_count(0)  # every move is a button here
    widget.locator('.cs-ex-option[data-try="pile 9H 2C"]').click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✗ Not right.")
    widget.locator('.cs-ex-option[data-try="pile 9H 9C"]').click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 1 of 10 · 2 stars")

    scoring = load_file(TUTORIAL / "exercises" / "mille" / "scoring.toml")
    place = next(i for i, e in enumerate(scoring) if isinstance(e.task, Score))
    widget = open_exercises(page, voila_harness, "mille/scoring.toml")
    for step in range(place):  # each Next once the one before has been drawn (its rev)
        widget.locator('[data-key="next"]').click()
        expect(widget.locator("h3")).to_have_text(f"Exercise {step + 2} of {len(scoring)}")
    total = int(answers(scoring[place])[0])
    box = widget.locator(".cs-ex-number")
    box.fill(str(total + 5))
    box.press("Enter")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text(f"✗ Not right. Not {total + 5}:")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text(f"{total} in all")
    box.fill(str(total))
    widget.locator(".cs-ex-check").click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")
    assert errors(console) == []
