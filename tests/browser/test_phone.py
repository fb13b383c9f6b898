"""The practice tables at phone width (390 px) in Chromium: tap targets and no spill-over.

Every card of a 15-card Mille hand must leave a tap target of at least 44 by 44 px: the
part of its button that no later card covers (cards overlap; later cards are drawn on
top). The Mililla table must fit the screen's width: nothing scrolls sideways.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from cardschool.engine.session import Session
from cardschool.widgets.classroom.board import Board, Cell, board_html

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TARGET = 44  # px: the smallest comfortable tap target (WCAG 2.5.5, platform guidelines)

# For each card button, the part of its box that no later card button covers: later ones
# are drawn on top. A later card on the same row cuts the right side; one on a row below
# (wrapped hands) cuts the bottom. Returns [width, height] per card, in CSS pixels.
VISIBLE_PARTS = """
hand => {
  const boxes = [...hand.querySelectorAll("button.cs-card")].map((b) => b.getBoundingClientRect());
  return boxes.map((box, i) => {
    let right = box.right, bottom = box.bottom;
    for (const later of boxes.slice(i + 1)) {
      const across = later.left < right && later.right > box.left;
      const down = later.top < bottom && later.bottom > box.top;
      if (!across || !down) continue;
      // a later card starting in the top half of this one is on its row (a legal card is
      // lifted a little), else on a row below
      const onRow = later.top < box.top + box.height / 2;
      if (onRow) right = Math.min(right, Math.max(later.left, box.left));
      else bottom = Math.min(bottom, later.top);
    }
    return [right - box.left, bottom - box.top];
  });
}
"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page the size of a phone's screen, with touch."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def open_table(phone: Any, base: str, game: str, code: str = "") -> Any:
    """A practice notebook at phone width (on a deal, if a code is given), its hand drawn."""
    phone.goto(f"{base}/voila/render/{game}/practice.ipynb" + (f"?deal={code}" if code else ""))
    table = phone.locator(".cs-root")
    if code:
        expect(table.locator(".cs-code")).to_have_text(f"Deal {code}", timeout=30_000)
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    return table


def spill(phone: Any, table: Any) -> list[str]:
    """What sticks out sideways: the page, the table, any element of the table (but for what
    is inside a box that scrolls sideways on its own, which itself must fit)."""
    return phone.evaluate(
        """([root, width]) => {
          const out = [];
          const page = document.scrollingElement;
          if (page.scrollWidth > width) out.push(`page ${page.scrollWidth}px wide`);
          const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
          const inScroller = (el) => {
            for (let up = el.parentElement; up && root.contains(up); up = up.parentElement) {
              if (scrolls(up)) return true;
            }
            return false;
          };
          for (const el of [root, ...root.querySelectorAll("*")]) {
            if (inScroller(el)) continue;
            const box = el.getBoundingClientRect();
            if (box.width && (box.right > width + 0.5 || box.left < -0.5)) {
              const [l, r] = [Math.round(box.left), Math.round(box.right)];
              out.push(`${el.className || el.tagName}: ${l}..${r}`);
            }
          }
          return out.slice(0, 12);
        }""",
        [table.element_handle(), PHONE["width"]],
    )


def test_every_card_of_a_mille_hand_is_a_tap_target_at_phone_width(phone, voila_app, artifacts):
    table = open_table(phone, voila_app, "mille")
    cards = table.locator(".cs-hand button.cs-card")
    expect(cards).to_have_count(15)
    parts = table.locator(".cs-hand").evaluate(VISIBLE_PARTS)
    table.screenshot(path=artifacts / "phone-mille.png")
    small = [(i, round(w), round(h)) for i, (w, h) in enumerate(parts) if min(w, h) < TARGET]
    assert small == [], f"cards whose visible part is under {TARGET} px: {small}"
    assert spill(phone, table) == []


LONG_HAND = "MIL-000C"
"""A Mille deal whose hand runs long when the learner only draws from the stock and
discards: the discard pile grows past 60 cards."""

# Each card drawn on the felt (its faces) or in the hand (its buttons) that is not inside
# the felt's border or the hand's zone, with how far it sticks out, in px.
OUTSIDE = """
root => {
  const out = [];
  const check = (box, cards, what) => {
    const edge = getComputedStyle(box);
    const r = box.getBoundingClientRect();
    const left = r.left + parseFloat(edge.borderLeftWidth);
    const right = r.right - parseFloat(edge.borderRightWidth);
    for (const card of box.querySelectorAll(cards)) {
      const b = card.getBoundingClientRect();
      const past = Math.max(b.right - right, left - b.left);
      if (b.width && past > 0.5) out.push(`${what} ${card.dataset.card}: ${Math.round(past)} px`);
    }
  };
  check(root.querySelector(".cs-felt"), ".cs-face", "felt");
  check(root.querySelector(".cs-handzone"), "button.cs-card", "hand");
  return out;
}
"""


def long_hand_moves(code: str) -> tuple[list[str], int]:
    """The moves of the deal ``code`` up to the learner's draw with the longest pile (the
    learner draws from the stock and discards, the basic bot plays), and that pile's size."""
    session = Session.from_code(code, ("human", "basic"))
    best: tuple[int, list[str]] = (0, [])
    while not session.deal_over:
        if not session.human_to_move:
            session.step()
            continue
        legal = [str(move) for move in session.legal_moves()]
        if "stock" in legal:
            pile = len(session.view(0).to_dict()["pile"])
            if pile > best[0]:
                best = (pile, [step.move for step in session.steps])
            session.play("stock")
        else:
            session.play(next(move for move in legal if move.startswith("discard")))
    return best[1], best[0]


def test_late_in_a_long_mille_hand_every_card_stays_on_the_felt(phone, voila_app, artifacts):
    """Issue 24: late in a long hand the discard pile's fan stuck out 1-24 px past the
    felt's right edge at 390 px; it wraps into rows instead. The game is the browser's save
    of the deal (its moves), read back as a reload reads it."""
    moves, pile = long_hand_moves(LONG_HAND)
    assert pile >= 40
    open_table(phone, voila_app, "mille", LONG_HAND)
    kept = phone.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    key = next(name for name in kept if "/game/" in name and "mille" in name)
    save = json.loads(kept[key])
    assert save["code"] == LONG_HAND
    save["moves"] = moves
    phone.evaluate("([key, save]) => localStorage.setItem(key, save)", [key, json.dumps(save)])
    phone.goto(f"{voila_app}/voila/render/mille/practice.ipynb")
    table = phone.locator(".cs-root")
    expect(table.locator(".cs-pilefan .cs-face")).to_have_count(pile, timeout=60_000)
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false")
    expect(table.locator('[data-action="stock"][data-legal="true"]')).to_have_count(1)
    table.screenshot(path=artifacts / "phone-mille-long.png")
    assert table.evaluate(OUTSIDE) == []
    assert spill(phone, table) == []


@pytest.mark.parametrize(("action", "panel"), [("coach", ".cs-coach"), ("hint", ".cs-hints")])
def test_the_coach_or_the_hints_opened_on_a_phone_come_into_view(phone, voila_app, action, panel):
    """Issue 24: at 390 px the side column is below the hand: the panel the learner opens
    is scrolled into view, not left out of sight."""
    table = open_table(phone, voila_app, "mille", "MIL-0042")
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false")
    shown = table.locator(f".cs-side {panel}")
    expect(shown).to_have_count(0)
    table.locator(f'.cs-bar [data-action="{action}"]').tap()
    if action == "coach":  # its advice, after a moment's "thinking", is what must show
        expect(shown.locator("strong")).to_be_visible()
    expect(shown).to_be_visible()
    expect(shown).to_be_in_viewport(ratio=0.9)


def test_the_mililla_table_fits_a_phone_screen(phone, voila_app, artifacts):
    # the bots play first: their moves folded on the status line, whose chips stay inside
    table = open_table(phone, voila_app, "mililla", "MLA-6KVJ")
    expect(table.locator(".cs-seat.cs-mine.cs-to-move")).to_have_count(1)
    expect(table.locator(".cs-message-more summary")).to_have_text("4 more")
    assert spill(phone, table) == []
    parts = table.locator(".cs-hand").evaluate(VISIBLE_PARTS)
    assert min(min(w, h) for w, h in parts) >= TARGET
    speed = table.locator('[data-action="speed"]')
    speed.evaluate("s => { s.value = '100'; s.dispatchEvent(new Event('change')); }")
    for _ in range(2):  # two tricks: the last trick joins the corner of the felt
        expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false")
        table.locator('.cs-hand button.cs-card[data-legal="true"]').first.tap()
        expect(table.locator(".cs-lasttrick")).to_be_visible()
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false")
    table.screenshot(path=artifacts / "phone-mililla.png")
    assert spill(phone, table) == []


def test_the_teachers_page_fits_a_phone_screen(phone, voila_app, artifacts):
    phone.goto(f"{voila_app}/voila/render/teacher.ipynb")
    phone.locator(".widget-text", has=phone.locator("label:text-is('Class title')")).locator(
        "input"
    ).fill("Phones")
    phone.get_by_role("button", name="Create class").tap()
    key = phone.locator(".cs-teacher-key-made").inner_text(timeout=60_000)
    phone.locator("input[type=password]").fill(key)
    phone.get_by_role("button", name="Open board").tap()
    expect(phone.locator(".cs-board")).to_be_visible()
    bots = phone.locator(".widget-dropdown", has=phone.locator("label:text-is('Bots')"))
    expect(bots).to_be_visible()  # a deal is the first kind: its bots' level is asked
    phone.locator(".widget-dropdown", has=phone.locator("label:text-is('Assign')")).locator(
        "select"
    ).select_option(label="Exercises")
    expect(bots).to_be_hidden()  # an exercise file has no bots
    phone.screenshot(path=artifacts / "phone-teacher.png", full_page=True)
    cells = phone.locator("#rendered_cells")
    assert spill(phone, cells) == []


def test_the_class_pages_join_form_fits_a_phone_screen(phone, voila_app):
    phone.goto(f"{voila_app}/voila/render/class.ipynb")
    join = phone.locator(".cs-class-join")
    expect(join).to_be_visible(timeout=60_000)
    box = join.bounding_box()
    assert min(box["width"], box["height"]) >= TARGET
    for field in (".cs-class-code", ".cs-class-yourname"):
        label = phone.locator(f"label:has({field})").bounding_box()
        assert label["x"] >= 0 and label["x"] + label["width"] <= PHONE["width"]
        assert label["height"] < 2 * TARGET  # its words and field on one line: not wrapped
        assert phone.locator(field).bounding_box()["height"] >= TARGET  # a field to tap too
    # the Join button is drawn as the tables' buttons are (not the browser's bare button)
    look = join.evaluate(
        "b => [getComputedStyle(b).borderRadius, getComputedStyle(b).backgroundImage]"
    )
    assert look[0] == "8px" and look[1].startswith("linear-gradient")
    assert spill(phone, phone.locator("#rendered_cells")) == []


def test_a_full_board_fits_a_phone_screen_its_table_scrolling_in_its_own_box(phone):
    names = ["Ann", "Bartholomew Wolfeschlegelsteinhausen", "<b>Cy</b>", "Dee O'Neil"]
    assignments = [(n, "deal", f"MLA-7K3Q-{n:04d}") for n in range(1, 7)]
    board = Board("Year 7", "8DBDY8", list(enumerate(names, 1)), assignments)
    for student in range(1, 5):
        for ident, _kind, _target in assignments:
            board.cells[(student, ident)] = Cell(tries=1, result="won", score=35, seconds=300)
    board.rules = {"mililla.follow": 12, "mililla.beat": 7, "mille.draw.pile": 3}
    phone.set_content(
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<body style='margin: 8px'>{board_html(board)}</body>"
    )
    board_box = phone.locator(".cs-board")
    assert spill(phone, board_box) == []
    inside = board_box.locator(".cs-board-scroll")
    scroller = inside.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert scroller[0] > scroller[1]  # the six assignments are there, a swipe away
    chart = board_box.locator("svg").bounding_box()
    assert chart["x"] >= 0 and chart["x"] + chart["width"] <= PHONE["width"]
    assert board_box.locator("b").count() == 0  # a name's markup stays text
