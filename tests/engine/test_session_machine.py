"""Sessions under random sequences of requests: a hypothesis state machine.

Whatever a learner (or a forged message) asks, in any order, the session stays exact:
refused requests change nothing, undo goes back to the state before the last human
decision, redo brings back the state the undo left, and a saved session loads into
the same state and carries on the same way.
"""

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardschool.engine.errors import IllegalMoveError, InvalidMoveError, SavedGameError
from cardschool.engine.session import HUMAN, Session, SessionError

REFUSALS = (SessionError, IllegalMoveError, InvalidMoveError)
SEATINGS = {
    "mille": [[HUMAN, "basic"], [HUMAN, "random"], [HUMAN, HUMAN], ["random", HUMAN]],
    "mililla": [
        [HUMAN, "basic", "basic", "basic"],
        [HUMAN, "random", HUMAN, "random"],
        [HUMAN, HUMAN, HUMAN, HUMAN],
    ],
}
ODD_MOVES = st.one_of(
    st.none(),
    st.integers(-3, 200),
    st.text(max_size=8),
    st.sampled_from(["stock", "pile", "take", "discard", "meld", "add", "KO", "7C", "QS", "2H"]),
    st.lists(st.text(max_size=3), max_size=3),
)


class SessionMachine(RuleBasedStateMachine):
    """Drive one session with legal, illegal and out-of-turn requests, undo, redo, save."""

    @initialize(
        kind=st.sampled_from(["mille", "mililla"]),
        seed=st.integers(0, 32**4 - 1),
        seating=st.integers(0, 10),
    )
    def start(self, kind: str, seed: int, seating: int) -> None:
        seats = SEATINGS[kind][seating % len(SEATINGS[kind])]
        self.session = Session.new(kind, seed=seed, seats=seats)
        self.undo_to: list[str] = []  # the state before each human decision still standing
        self.redo_to: list[str] = []  # the state each undo left behind

    def snapshot(self) -> str:
        """Everything a learner or a saved file could see of the session."""
        session = self.session
        views = [session.view(seat) for seat in range(len(session.seats))]
        views = [view if isinstance(view, dict) else view.to_dict() for view in views]
        return json.dumps([session.to_json(), views, session.to_move], sort_keys=True)

    def decided(self, before: str) -> None:
        self.undo_to.append(before)
        self.redo_to = []

    @rule()
    def let_the_bots_move(self) -> None:
        before = self.session.to_json()
        steps = self.session.run_bots(limit=25)
        assert self.session.to_json() != before if steps else self.session.to_json() == before

    @precondition(lambda self: self.session.human_to_move)
    @rule(pick=st.integers(0, 10_000))
    def play_a_legal_move(self, pick: int) -> None:
        legal = self.session.game.legal_moves()
        before = self.snapshot()
        self.session.play(legal[pick % len(legal)])
        self.decided(before)

    @rule(move=ODD_MOVES, seat=st.one_of(st.none(), st.integers(-1, 4)))
    def ask_for_anything(self, move: object, seat: int | None) -> None:
        before = self.snapshot()
        try:
            self.session.play(move, seat)
        except REFUSALS:
            assert self.snapshot() == before  # refused: nothing changed
        else:
            self.decided(before)  # the odd request happened to be a legal move

    @precondition(lambda self: self.session.deal_over and not self.session.match_over)
    @rule()
    def deal_again(self) -> None:
        before = self.snapshot()
        self.session.next_deal()
        self.decided(before)

    def travel(self, back: bool) -> None:
        """Undo (or redo): to the state the model expects, or refused if there is none."""
        expected, other = (self.undo_to, self.redo_to) if back else (self.redo_to, self.undo_to)
        act = self.session.undo if back else self.session.redo
        before = self.snapshot()
        if not expected:
            assert not (self.session.can_undo if back else self.session.can_redo)
            try:
                act()
            except SessionError:
                assert self.snapshot() == before
                return
            raise AssertionError(f"{act.__name__} with nothing to {act.__name__} was accepted")
        act()
        assert self.snapshot() == expected.pop()
        other.append(before)

    @rule()
    def undo(self) -> None:
        self.travel(back=True)

    @rule()
    def redo(self) -> None:
        self.travel(back=False)

    @rule()
    def save_and_carry_on_from_the_file(self) -> None:
        before = self.snapshot()
        loaded = Session.from_json(self.session.to_json())
        self.session = loaded
        assert self.snapshot() == before
        assert loaded.can_undo == bool(self.undo_to)
        self.redo_to = []  # a saved session keeps its moves, not what was undone

    @rule(
        at=st.integers(0, 10_000),
        cut=st.integers(0, 12),
        junk=st.one_of(st.text(max_size=4), st.sampled_from(['"', "{", "]", "null", "-1", "9e9"])),
    )
    def load_a_damaged_save(self, at: int, cut: int, junk: str) -> None:
        text = self.session.to_json()
        at %= len(text)
        damaged = text[:at] + junk + text[at + cut :]
        before = self.snapshot()
        try:
            Session.from_json(damaged)
        except SavedGameError as error:
            assert str(error)  # a clear error, never a stray KeyError or TypeError
        assert self.snapshot() == before

    @invariant()
    def undo_and_redo_are_offered_when_the_model_has_somewhere_to_go(self) -> None:
        assert self.session.can_undo == bool(self.undo_to)
        assert self.session.can_redo == bool(self.redo_to)

    @invariant()
    def the_steps_are_numbered_in_order(self) -> None:
        steps = self.session.steps
        assert [step.ply for step in steps] == list(range(len(steps)))


SessionMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=30, deadline=None, derandomize=True
)
test_sessions_stay_exact_under_any_requests = SessionMachine.TestCase
