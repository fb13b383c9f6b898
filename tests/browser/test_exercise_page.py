"""The exercise widget in Chromium under Voilà: solve after a wrong try, progress kept.

One exercise solved by clicking after a wrong try (two stars); the stars are still there
after a reload (the browser's storage, read back and checked by Python); a forged record
in the storage is ignored with a plain line and the page still works.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import TUTORIAL
from exercises import STORAGE_KEY
from playwright.sync_api import expect

from cardschool.engine.exercises import Score, answers, load_file

pytestmark = pytest.mark.browser

FIRST = "mililla.beat.in-suit"


def open_exercises(page: Any, url: str, file: str = "") -> Any:
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
    expect(summary).to_have_text("Solved 0 of 5 · 0 stars")
    widget.locator('.cs-ex-card[data-card="6O"]').click()
    wrong = widget.locator(".cs-ex-feedback")
    expect(wrong).to_have_attribute("data-right", "false")
    expect(wrong).to_contain_text("✗ Not right.")
    expect(wrong).to_contain_text("(mililla.")
    expect(wrong).to_contain_text("Try again.")
    widget.locator('.cs-ex-card[data-card="KC"]').click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")
    expect(summary).to_have_text("Solved 1 of 5 · 2 stars")
    expect(widget.locator(".cs-ex-card").first).to_be_disabled()
    record = stored(page)
    assert record == {
        "version": 1,
        "file": "mililla/beat.toml",
        "stars": {"mililla.beat.in-suit": 2},
    }

    page.reload()
    widget = open_exercises(page, voila_harness)
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 1 of 5 · 2 stars")
    first = widget.locator(".cs-ex-progress li").first
    expect(first).to_have_attribute("aria-label", "Exercise 1: 2 stars")
    expect(widget.locator(".cs-ex-notice")).to_have_count(0)
    assert errors(console) == []


@pytest.mark.parametrize(
    "forged",
    [
        json.dumps({"version": 1, "file": "mililla/beat.toml", "stars": {"someone.else": 3}}),
        json.dumps(
            {"version": 1, "file": "mililla/beat.toml", "stars": {"mililla.beat.in-suit": 9}}
        ),
        "{damaged",
    ],
)
def test_a_forged_record_is_ignored_with_a_plain_line(page, console, voila_harness, forged):
    open_exercises(page, voila_harness)
    page.evaluate(
        "([key, value]) => window.localStorage.setItem(key, value)", [STORAGE_KEY, forged]
    )
    page.reload()
    widget = open_exercises(page, voila_harness)
    expect(widget.locator(".cs-ex-notice")).to_contain_text(
        "Saved progress for this file was ignored"
    )
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 0 of 5 · 0 stars")
    widget.locator('.cs-ex-card[data-card="KC"]').focus()
    page.keyboard.press("Enter")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 1 of 5 · 3 stars")
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
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 1 of 5 · 3 stars")
    assert errors(console) == []


def press(widget: Any, selector: str, key: str = "Enter") -> None:
    """Focus a button and press a key, as a keyboard user does."""
    widget.locator(selector).focus()
    widget.page.keyboard.press(key)


def test_choose_and_decide_solved_with_the_keyboard_alone(page, console, voila_harness):
    beat = {e.id: e for e in load_file(TUTORIAL / "exercises" / "mililla" / "beat.toml")}
    ids = list(beat)
    widget = open_exercises(page, voila_harness)
    heading = widget.locator("h3")
    for number in (2, 3):
        press(widget, '[data-key="next"]')
        expect(heading).to_have_text(f"Exercise {number} of 5")
    chosen = answers(beat[ids[2]])[0].split()
    for card in chosen:
        press(widget, f'.cs-ex-card[data-card="{card}"]', " ")
        expect(widget.locator(f'.cs-ex-card[data-card="{card}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    press(widget, ".cs-ex-check")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    press(widget, '[data-key="next"]')
    expect(heading).to_have_text("Exercise 4 of 5")
    answer = answers(beat[ids[3]])[0]
    press(widget, f'.cs-ex-option[data-try="{answer}"]')
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 2 of 5 · 6 stars")
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
    for _ in range(place):
        widget.locator('[data-key="next"]').click()
    expect(widget.locator("h3")).to_have_text(f"Exercise {place + 1} of {len(scoring)}")
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
