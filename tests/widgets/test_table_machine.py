"""A game table under random sequences of clicks: a hypothesis state machine.

Whatever the browser sends, in any order (hand cards legal or not, buttons that exist
or not, undo, redo, hints, the replay's controls, the next deal), the table keeps its
promises: every state it shows fits the contract, a refused click changes nothing in
the session, no move is made while a replay is open, and closing the replay puts the
table back exactly as it was.
"""

import json
import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from table_driver import send

from cardschool.engine import session as session_module
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable
from cardschool.widgets.state import check_state

TABLES = {"mille": (MilleTable, ["human", "random"]), "mililla": (MilillaTable, None)}
GOES = ["open", "start", "back", "forward", "end", "close"]


class TableMachine(RuleBasedStateMachine):
    """Click at one table of either game at random; check what it shows after each click."""

    @initialize(kind=st.sampled_from(sorted(TABLES)), seed=st.integers(0, 32**4 - 1))
    def start(self, kind: str, seed: int) -> None:
        table_type, seats = TABLES[kind]
        seats = seats or ["human", "random", "random", "random"]
        self.table = table_type(Session.new(kind, seed=seed, seats=seats))
        self.before_replay: str | None = None
        # "New deal" without a code draws its seed here: the same sequence, the same deals
        # (hypothesis replays a failing sequence and needs it to go the same way)
        self.real_seeds, session_module.SEEDS = session_module.SEEDS, random.Random(seed)

    def teardown(self) -> None:
        session_module.SEEDS = getattr(self, "real_seeds", session_module.SEEDS)

    def picture(self) -> str:
        state = {k: v for k, v in self.table.state.items() if k not in ("rev", "message")}
        return json.dumps(state, sort_keys=True)

    def click(self, **intent: object) -> None:
        """Send one intent; if the table refused it, the session must not have moved."""
        saved = self.table.session.to_json()
        send(self.table, **intent)
        shown = self.table.state["message"]
        if shown is not None and shown["kind"] == "error":
            assert self.table.session.to_json() == saved, intent
        if self.before_replay is not None and intent.get("type") not in ("new-deal", "confirm"):
            assert self.table.session.to_json() == saved  # nothing moves during a replay

    @rule(pick=st.integers(0, 100))
    def click_a_hand_card(self, pick: int) -> None:
        hand = self.table.state["hand"]
        if hand:
            place = pick % len(hand)
            self.click(type="card", card=hand[place]["card"], index=place)

    @rule(pick=st.integers(0, 100), bogus=st.booleans())
    def press_a_button(self, pick: int, bogus: bool) -> None:
        names = [a["action"] for a in self.table.state["actions"]]
        if bogus or not names:
            self.click(type="action", action="stock-the-pile")
        else:
            self.click(type="action", action=names[pick % len(names)])

    @rule(kind=st.sampled_from(["undo", "redo", "hint", "next"]))
    def press_a_tool(self, kind: str) -> None:
        self.click(type=kind)

    @rule(go=st.sampled_from(GOES))
    def use_the_replay(self, go: str) -> None:
        was_open = self.table.replay is not None
        before = self.picture()
        self.click(type="replay", go=go)
        is_open = self.table.replay is not None
        if not was_open and is_open:
            self.before_replay = before
        elif was_open and not is_open:
            assert self.picture() == self.before_replay  # closing puts the table back
            self.before_replay = None

    @precondition(lambda self: self.table.replay is not None)
    @rule()
    def deal_again_during_a_replay(self) -> None:
        self.click(type="new-deal", code=self.table.session.code)  # a code: repeatable
        if self.table.state["confirm"] is not None:  # in mid-match the table asks first
            self.click(type="confirm", answer=True)
        assert self.table.replay is None
        self.before_replay = None

    @rule(code=st.booleans(), answer=st.booleans())
    def deal_again_and_answer(self, code: bool, answer: bool) -> None:
        saved = self.table.session.to_json()
        self.click(type="new-deal", code=self.table.session.code if code else None)
        if self.table.state["confirm"] is None:
            assert self.table.session.to_json() != saved or code
        else:
            self.click(type="confirm", answer=answer)
            assert self.table.state["confirm"] is None
            if not answer:
                assert self.table.session.to_json() == saved
        if self.table.replay is None:
            self.before_replay = None

    @invariant()
    def every_state_fits_the_contract(self) -> None:
        state = self.table.state
        check_state(state)
        replay = state["replay"]
        assert (replay is not None) == (self.table.replay is not None)
        if replay is not None:
            assert 0 <= replay["position"] <= replay["steps"]
            assert not any(card["legal"] for card in state["hand"]) and not state["actions"]


TableMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=30, deadline=None, derandomize=True
)
test_tables_keep_their_promises_under_any_clicks = TableMachine.TestCase
