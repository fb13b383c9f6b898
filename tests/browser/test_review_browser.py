"""The review of a finished deal in Chromium (Voilà): a Mille and a Mililla deal loaded two
of the learner's moves before the end, finished by clicks, reviewed, a moment opened.

The harness (``harness/review_harness.ipynb``) loads each deal from its code and moves; the
test computes the same review in Python (a review is the same for the same deal code and
moves) and checks the table shows it, then that a moment's click opens the replay there.
"""

from __future__ import annotations

import re

import pytest
from browser_support import ConsoleLog
from playwright.sync_api import expect
from review_harness import BUDGET, DEALS, finished, two_before_the_end

from cardschool.engine.review import review

pytestmark = pytest.mark.browser

NEXT = {"mille": "Next hand", "mililla": "Next round"}  # the breakdown's button
PHONE = {"width": 390, "height": 844}


def play(table, name: str, moves: list[str]) -> None:
    """The learner's moves by clicks, each once the table offers it."""
    for move in moves:
        if name == "mililla":
            card = table.locator(f'.cs-hand button.cs-card[data-card="{move}"][data-legal="true"]')
            card.click()
            expect(card).to_have_count(0)
            continue
        word, *cards = move.split()
        if word == "stock":
            table.locator('[data-action="stock"]').click()
            continue
        assert word == "discard", f"the harness deal should end with a draw and a discard: {move}"
        table.locator(
            f'.cs-hand button.cs-card[data-card="{cards[0]}"][data-legal="true"]'
        ).first.click()
        discard = table.locator('button[data-action="discard"][data-legal="true"]')
        discard.click()
        expect(discard).to_have_count(0)


def test_a_finished_deal_is_reviewed_and_a_moment_opens_the_replay(browser, voila_harness):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    console = ConsoleLog().attach(page)
    page.goto(f"{voila_harness}/voila/render/review_harness.ipynb")
    tables = page.locator(".cs-root")
    expect(tables).to_have_count(3, timeout=30_000)
    for table, name in ((tables.nth(0), "mille"), (tables.nth(1), "mililla")):
        _session, moves = two_before_the_end(name)
        whole = finished(name, DEALS[name])
        expected = review(whole, deals=BUDGET, budget=BUDGET)
        assert expected.moments, "the harness deal has a moment to look at"
        play(table, name, moves)
        panel = table.locator(".cs-result")
        expect(panel).to_be_visible()
        # no move to make: the hint panel says what to do instead of "0 legal moves"
        table.locator('[data-action="hint"]').click()
        nothing = f"No move to make now: press “{NEXT[name]}” to go on."
        expect(table.locator(".cs-hints .cs-hints-none")).to_have_text(nothing)
        table.locator('[data-action="hint"]').click()
        # the table drawn without the hints before the next click: a click on a button the
        # redraw replaces between its press and its release is no click at all
        expect(table.locator(".cs-hints")).to_have_count(0)
        # the review's words are Python's (the table's labels), its button placed in them
        offer = "Review this deal where the expert would have played otherwise."
        expect(panel.locator(".cs-review-line")).to_have_text(offer)
        expect(table.locator('button[data-action="review"]')).to_have_text("Review")
        panel.locator('[data-action="review-deal"]').click()
        expect(panel.locator(".cs-review-line")).to_have_text(expected.summary, timeout=90_000)
        side = table.locator("section.cs-review")
        expect(side).to_have_attribute("aria-label", "Review of the deal")
        moments = table.locator(".cs-review-moment")
        expect(moments).to_have_count(len(expected.moments))
        first = expected.moments[0]
        expect(moments.first).to_have_text(f"Move {first.position + 1}: {first.played_words}")
        expect(table.locator(".cs-review-better").first).to_have_text(f"{first.expert_words}.")
        moments.first.click()
        # the review's "Move n" opens the replay at "Move n of N", told with both moves
        steps = len(whole.replay().frames) - 1
        at = table.locator(".cs-replay-at")
        expect(at).to_have_text(f"Move {first.position + 1} of {steps}")
        note = table.locator(".cs-message-text")
        expect(note).to_contain_text(f"Your move here: you {first.played_words[4:]}; the expert ")
        table.locator('[data-action="replay-back"]').click()  # where the move was played from
        expect(at).to_have_text(f"Move {first.position} of {steps}")
        expect(table.locator(".cs-review-figures").first).to_have_text(first.figures)
    hints_and_coach(tables.nth(2))
    assert console.messages == []
    context.close()


def test_on_a_phone_a_moment_brings_its_replay_into_view(browser, voila_harness, artifacts):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(f"{voila_harness}/voila/render/review_harness.ipynb")
    table = page.locator(".cs-root").nth(1)
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    _session, moves = two_before_the_end("mililla")
    play(table, "mililla", moves)
    # the breakdown opens at its top, its title on show, the focus on its button all the same
    card = table.locator(".cs-result-card")
    expect(table.locator('.cs-result [data-action="next"]')).to_be_focused()
    assert card.evaluate("c => c.scrollHeight > c.clientHeight")  # a phone: it scrolls
    assert card.evaluate("c => c.scrollTop") == 0
    table.locator('.cs-result [data-action="review-deal"]').click()
    moment = table.locator(".cs-review-moment").first
    expect(moment).to_be_visible(timeout=90_000)
    moment.scroll_into_view_if_needed()
    moment.tap()
    expect(table.locator(".cs-replay")).to_be_visible()
    felt = table.locator(".cs-felt")
    expect(felt).to_be_in_viewport()
    top = felt.bounding_box()["y"]
    # the felt at the page's top, give or take a sub-pixel rounding of the scroll
    assert -0.5 <= top < PHONE["height"] / 2, f"the replay's felt is at {top} px"
    page.screenshot(path=artifacts / "phone-review-moment.png")
    context.close()


def hints_and_coach(table) -> None:
    """The Mille hints: a count line, the moves folded under it, each group's long tail
    folded again; the coach stays on, said once."""
    hints = table.locator(".cs-hints")
    count = hints.locator(".cs-hints-fold > summary")
    expect(count).to_have_text(re.compile(r"^Hints: \d+ legal moves$"))
    expect(hints.locator("li").first).to_be_hidden()  # the list, until the line is clicked
    count.click()
    folded = hints.locator("details.cs-more")
    expect(folded).to_have_count(2)  # the melds' and the discards' long tails
    summary = folded.first.locator("summary")
    expect(summary).to_have_text(re.compile(r"^\d+ more$"))
    count = int(summary.inner_text().split()[0])
    expect(folded.first.locator("li")).to_have_count(count)
    expect(folded.first.locator("li").first).to_be_hidden()
    summary.click()
    expect(folded.first.locator("li").first).to_be_visible()
    first = hints.locator("ul").first.locator("li").first
    expect(first).to_contain_text("+280 to this hand's score")
    expect(first).to_contain_text("gives up the doubling")
    table.locator('[data-action="coach"]').click()
    coach = table.locator(".cs-coach p")
    expect(coach.locator("strong")).to_have_count(1, timeout=30_000)  # the advice, not "thinking"
    move = coach.locator("strong").inner_text()
    assert coach.inner_text().count(move) == 1
    expect(table.locator('[data-action="coach"]')).to_have_attribute("aria-pressed", "true")
