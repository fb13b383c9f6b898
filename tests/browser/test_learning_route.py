"""A new learner's route in Chromium: the landing page, the first Mililla lesson solved
exercise by exercise, back to the landing page where that lesson shows as done.

The same route at a laptop's width and at a phone's (390 px). The answers come from the
engine (``answers``), exercise by exercise, as the path shows them; screenshots of each
stage go to ``tests/artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import TUTORIAL, ConsoleLog
from playwright.sync_api import expect

from cardschool.engine.exercises import Choose, Exercise, Score, answers
from cardschool.engine.learning_path import load_path

pytestmark = pytest.mark.browser

PATH = load_path(TUTORIAL / "path.toml")
LESSON = PATH.of_game("mililla")[0]


def solve(widget: Any, exercise: Exercise) -> None:
    """Give the engine's first right answer to the exercise on show, by clicking or typing."""
    answer = answers(exercise)[0]
    if isinstance(exercise.task, Choose):
        for card in answer.split():
            widget.locator(f'.cs-ex-card[data-card="{card}"]').click()
        widget.locator('.cs-ex-check[data-key="check"]').click()
    elif isinstance(exercise.task, Score):
        widget.locator(".cs-ex-number").fill(answer)
        widget.locator('.cs-ex-check[data-key="check"]').click()
    else:
        offered = widget.locator(f'[data-try="{answer}"], .cs-ex-card[data-card="{answer}"]')
        offered.first.click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")


def problems(console: ConsoleLog) -> list[str]:
    """Console errors but Voilà's shutdown beacon when a page is left (voila issue #1458)."""
    return [m for m in console.messages if "/voila/api/shutdown/" not in m]


@pytest.mark.parametrize("width", [1280, 390], ids=["laptop", "phone"])
def test_a_new_learner_solves_the_first_mililla_lesson_and_sees_it_done(
    browser, voila_app, artifacts, width
):
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    console = ConsoleLog().attach(page)
    shown = PATH.shown(LESSON.notebook)
    total = sum(len(group) for _file, group in shown)

    page.goto(f"{voila_app}/voila/render/index.ipynb")
    mililla = page.locator('.cs-landing-game[data-game="mililla"]')
    first = mililla.locator(f'li[data-href="{LESSON.notebook}"]')
    expect(first.locator(".cs-landing-progress")).to_have_text(f"0 of {total} solved, ★ 0")
    expect(mililla.locator(".cs-landing-go")).to_have_text(LESSON.title)
    mililla.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"route-{width}-1-landing.png")

    mililla.locator(".cs-landing-go").click()
    page.wait_for_url(f"**/{LESSON.notebook}")
    widgets = page.locator(".cs-ex")
    expect(widgets).to_have_count(len(shown))
    before = 0  # the lesson's exercises are numbered on from one box to the next
    for index, (_file, group) in enumerate(shown):
        widget = widgets.nth(index)
        widget.scroll_into_view_if_needed()
        for number, exercise in enumerate(group, 1):
            heading = widget.locator(".cs-ex-head h3")
            expect(heading).to_have_text(f"Exercise {before + number} of {total}")
            solve(widget, exercise)
            if number < len(group):
                widget.locator('[data-key="next"]').click()
        before += len(group)
        expect(widget.locator(".cs-ex-summary")).to_contain_text(f"Solved {len(group)} of")
    page.locator(".cs-ex-summary").last.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"route-{width}-2-lesson-solved.png")

    page.locator("nav.cardschool-path a", has_text="The path").first.click()
    page.wait_for_url("**/index.ipynb")
    first = page.locator(f'.cs-landing-game[data-game="mililla"] li[data-href="{LESSON.notebook}"]')
    expect(first.locator(".cs-landing-progress")).to_have_text(
        f"{total} of {total} solved, ★ {3 * total} · done"
    )
    expect(first).to_have_class("cs-landing-done")
    following = PATH.next_step(LESSON.notebook)
    assert following is not None
    go = page.locator('.cs-landing-game[data-game="mililla"] .cs-landing-go')
    expect(go).to_have_text(following.title)
    expect(go).to_have_attribute("href", following.notebook)
    first.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"route-{width}-3-landing-done.png")
    if width < 500:  # nothing wider than the phone's screen
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1
    assert problems(console) == []
    context.close()


def test_the_tables_help_links_to_the_glossary(page, console, voila_app, artifacts):
    hand = next(step for step in PATH.of_game("mililla") if step.kind == "hand")
    page.goto(f"{voila_app}/voila/render/{hand.notebook}")
    link = page.locator(".cs-root a.cs-glossary")
    expect(link).to_have_attribute("href", "../glossary.ipynb", timeout=30_000)
    expect(link).to_have_text("Glossary")
    with page.context.expect_page() as opened:
        link.click()
    glossary = opened.value
    expect(glossary.locator("h1").first).to_contain_text("Glossary", timeout=30_000)
    expect(glossary.locator("body")).to_contain_text("espadas")
    expect(glossary.locator('.jp-OutputArea-output svg[role="img"]').first).to_be_visible()  # cards
    glossary.screenshot(path=artifacts / "glossary.png")
    glossary.close(run_before_unload=True)
    assert problems(console) == []


def test_a_damaged_record_on_the_landing_page_is_ignored_with_a_plain_line(
    page, console, voila_app
):
    page.goto(f"{voila_app}/voila/render/index.ipynb")
    expect(page.locator(".cs-landing-go").first).to_be_visible(timeout=30_000)
    name, group = PATH.shown(LESSON.notebook)[0]
    key = PATH.file_keys()[name]
    good = {"version": 1, "file": key, "stars": {group[0].id: 2}}
    page.evaluate(
        """([key, good, forged]) => {
            localStorage.setItem(`cardschool/v1/progress/${key}`, JSON.stringify(good));
            localStorage.setItem("cardschool/v1/progress/mililla/beat.toml", forged);
        }""",
        [key, good, "<img src=x onerror=alert(1)>"],
    )
    page.reload()
    notice = page.locator(".cs-landing-notice")
    expect(notice).to_contain_text("mililla/beat.toml was ignored", timeout=30_000)
    first = page.locator(f'.cs-landing-game[data-game="mililla"] li[data-href="{LESSON.notebook}"]')
    total = sum(len(g) for _f, g in PATH.shown(LESSON.notebook))
    expect(first.locator(".cs-landing-progress")).to_have_text(f"1 of {total} solved, ★ 2")
    assert page.locator(".cs-landing img").count() == 0
    assert problems(console) == []
