"""Sessions: bots one move at a time, turns enforced, undo/redo, replay, save/load, codes."""

import json
import pickle

import pytest

from cardschool.engine.errors import IllegalMoveError, InvalidMoveError, SavedGameError
from cardschool.engine.session import HUMAN, Session, SessionError

RANDOM_TABLE = {"mille": [HUMAN, "random"], "mililla": [HUMAN, "random", "random", "random"]}


def human_turn(kind, seed=3):
    """A session where the bots have moved and the human is to move."""
    session = Session.new(kind, seed=seed, seats=RANDOM_TABLE[kind])
    session.run_bots()
    assert session.human_to_move
    return session


def play_human_moves(session, count):
    """Play the first legal move for the human ``count`` times, bots in between."""
    for _ in range(count):
        session.run_bots()
        if not session.human_to_move:
            break
        session.play(session.game.legal_moves()[0])


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_bots_move_one_at_a_time_and_stop_for_the_human(kind):
    session = Session.new(kind, seed=11, seats=RANDOM_TABLE[kind])
    while session.bot_to_move:
        before = len(session.steps)
        step = session.step()
        assert step is not None and len(session.steps) == before + 1
        assert step.rule and step.text and step.by == "random"
    assert session.human_to_move
    assert session.step() is None


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_out_of_turn_and_forged_requests_change_nothing(kind):
    session = human_turn(kind)
    saved = session.to_json()
    me = session.to_move
    other = (me + 1) % len(session.seats)
    with pytest.raises(SessionError, match="turn"):
        session.play(session.game.legal_moves()[0], seat=other)
    with pytest.raises(SessionError, match="no seat"):
        session.play(session.game.legal_moves()[0], seat=7)
    with pytest.raises(InvalidMoveError):
        session.play("fly away", seat=me)
    assert session.to_json() == saved


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing(kind):
    session = human_turn(kind)
    saved = session.to_json()
    game = session.game
    legal = {str(m) for m in game.legal_moves()}
    illegal = next(text for text in _candidate_texts(game) if text not in legal)
    with pytest.raises(IllegalMoveError) as refused:
        session.play(illegal)
    assert refused.value.rule.startswith(kind + ".")
    assert session.to_json() == saved


def _candidate_texts(game):
    view = game.view(game.to_move)
    if game.kind == "mililla":
        from cardschool.engine.cards import spanish_deck

        return [str(card) for card in spanish_deck()]
    hand = [str(card) for card in view.hand]  # a typed mille.View
    return ["discard " + card for card in hand] + ["stock", "meld " + hand[0]]


def test_a_bot_seat_cannot_be_played_by_a_person():
    session = Session.new("mililla", seed=4, seats=["random", HUMAN, "random", "random"])
    if session.human_to_move:
        session.play(session.game.legal_moves()[0])
    assert session.bot_to_move
    with pytest.raises(SessionError, match="bot"):
        session.play(session.game.legal_moves()[0])


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_undo_and_redo_reproduce_exact_states(kind):
    session = human_turn(kind)
    states = [session.to_json()]
    for _ in range(3):
        session.play(session.game.legal_moves()[-1])
        session.run_bots()
        states.append(session.to_json())
        if not session.human_to_move:
            break
    for expected in reversed(states[:-1]):
        session.undo()
        assert session.to_json() == expected
    assert not session.can_undo
    with pytest.raises(SessionError, match="nothing to undo"):
        session.undo()
    for expected in states[1:]:
        session.redo()
        session.run_bots()
        assert session.to_json() == expected
    with pytest.raises(SessionError, match="nothing to redo"):
        session.redo()


def test_a_new_move_after_undo_clears_redo():
    session = human_turn("mililla")
    session.play(session.game.legal_moves()[0])
    session.undo()
    assert session.can_redo
    session.play(session.game.legal_moves()[-1])
    assert not session.can_redo


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_save_and_load_round_trip(kind):
    session = human_turn(kind)
    play_human_moves(session, 4)
    loaded = Session.from_json(session.to_json())
    assert loaded.to_json() == session.to_json()
    assert loaded.steps == session.steps
    assert loaded.view(0) == session.view(0)


@pytest.mark.parametrize(
    ("mutate", "problem"),
    [
        (lambda d: "not json", "not JSON"),
        (lambda d: json.dumps([]), "object"),
        (lambda d: json.dumps(d | {"format": "chess"}), "format"),
        (lambda d: json.dumps(d | {"version": 99}), "version"),
        (lambda d: json.dumps(d | {"seats": ["human"]}), "seats"),
        (lambda d: json.dumps(d | {"seats": ["human", "genius", *d["seats"][2:]]}), "seat"),
        (lambda d: json.dumps(d | {"steps": [{"move": "fly", "by": "human"}]}), "step 0"),
        (lambda d: json.dumps(d | {"steps": "nope"}), "steps"),
        (lambda d: json.dumps(d | {"start": {"format": "cardschool-poker"}}), "unknown game"),
    ],
)
def test_bad_saved_sessions_say_what_is_wrong(mutate, problem):
    session = human_turn("mililla")
    play_human_moves(session, 2)
    data = json.loads(session.to_json())
    with pytest.raises(SavedGameError, match=problem):
        Session.from_json(mutate(data))


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_deal_codes_recreate_the_same_deal(kind):
    session = Session.new(kind, seats=RANDOM_TABLE[kind])
    again = Session.from_code(session.code.lower(), seats=RANDOM_TABLE[kind])
    assert again.view(0) == session.view(0)
    assert again.code == session.code


def test_deal_codes_carry_variants():
    from cardschool.engine import mililla

    rules = mililla.Rules(seven_rule="off", clockwise=True)
    session = Session.new("mililla", seed=99, rules=rules)
    assert Session.from_code(session.code).game.rules == rules


def test_bad_deal_codes_raise_clear_errors():
    with pytest.raises(SavedGameError, match="MIL"):
        Session.from_code("ZZZ-1234")


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_replay_walks_a_finished_deal_forward_and_back(kind):
    session = Session.new(kind, seed=21, seats=["random"] * len(RANDOM_TABLE[kind]))
    session.run_bots()
    assert session.deal_over
    replay = session.replay()
    assert replay.at_start and replay.current.step is None
    assert len(replay.frames) == len(session.steps) + 1
    last = replay.go(len(replay.frames) - 1)
    assert last.game.deal_over and replay.at_end
    assert replay.back().game.to_move is not None
    assert replay.forward().game.to_json() == session.game.to_json()
    assert all(
        f"({step.rule})" in line
        for step, line in zip(session.steps, replay.narration(), strict=True)
    )
    with pytest.raises(IndexError):
        replay.go(len(replay.frames))


def test_a_session_looking_at_a_replay_frame_has_its_steps_and_no_undo():
    session = human_turn("mililla")
    play_human_moves(session, 3)
    replay = session.replay()
    replay.go(5)
    frame = session.looking_at(replay.current.game, replay.ply)
    assert frame.steps == session.steps[: replay.ply] and replay.ply == replay.first + 5
    assert frame.view(0) == replay.current.game.view(0)
    assert frame.code == session.code and frame.seats == session.seats
    assert not frame.can_undo and not frame.can_redo
    for bad in (-1, len(session.steps) + 1, True, "2"):
        with pytest.raises(IndexError):
            session.looking_at(replay.current.game, bad)


def test_next_deal_only_after_the_deal_and_replay_of_each_deal():
    session = Session.new("mililla", seed=8, seats=["random"] * 4)
    with pytest.raises(SessionError, match="still being played"):
        session.next_deal()
    session.run_bots()
    session.next_deal()
    session.run_bots(limit=5)
    first, second = session.replay(0), session.replay(1)
    assert first.frames[-1].game.deal_over
    assert len(second.frames) == 6
    with pytest.raises(IndexError):
        session.replay(2)


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_hints_agree_with_the_engine(kind):
    session = human_turn(kind)
    game = session.game
    hints = session.hints()
    legal = {str(m) for m in game.legal_moves()}
    assert {h.move for h in hints if h.legal} == legal
    for hint in hints:
        why = game.explain(hint.move)
        assert (why.legal, why.rule, why.text) == (hint.legal, hint.rule, hint.text)
        assert hint.said == why.message and str(hint.said) == hint.text


def test_mililla_hints_cover_every_card_in_hand():
    session = human_turn("mililla")
    hand = [str(card) for card in session.view(session.to_move).hand]
    assert [h.move for h in session.hints()] == hand


def test_seats_and_names_are_checked():
    from cardschool.engine.session import new_game

    with pytest.raises(ValueError, match="seats"):
        Session(new_game("mille", 1), ["human"])
    with pytest.raises(ValueError, match="genius"):
        Session(new_game("mille", 1), ["human", "genius"])
    with pytest.raises(ValueError, match="names"):
        Session(new_game("mille", 1), names=["A", ""])


def test_a_refusal_is_a_message_said_with_the_sessions_seat_names():
    session = human_turn("mille")
    me = session.to_move
    other = (me + 1) % len(session.seats)
    with pytest.raises(SessionError) as error:
        session.play(session.game.legal_moves()[0], seat=other)
    said = error.value.said
    assert said.id == "session:not-their-turn"
    assert str(error.value) == session.words(said)
    assert str(error.value) == f"It is You's turn, not {session.names[other]}'s."
    with pytest.raises(SessionError) as error:
        Session.new("mille", seed=1, seats=("human", "genius"))
    assert error.value.said.id == "session:seat-kind"
    assert str(error.value) == "a seat is 'human' or one of random, basic, expert, not 'genius'"
    copy = pickle.loads(pickle.dumps(error.value))
    assert copy.said == error.value.said and str(copy) == str(error.value)


def test_a_bad_saved_session_is_refused_with_a_message_naming_the_step():
    session = human_turn("mililla")
    data = json.loads(session.to_json()) | {"steps": [{"move": "fly", "by": "human"}]}
    with pytest.raises(SavedGameError) as error:
        Session.from_json(json.dumps(data))
    said = error.value.said
    assert said.id == "saving:session"
    assert said.get("problem").id == "saving:session-in-step"
    assert str(error.value).startswith("saved session: step 0: ")


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_each_step_keeps_its_narration_as_a_message(kind):
    session = human_turn(kind)
    play_human_moves(session, 3)
    assert session.steps and all(step.said is not None for step in session.steps)
    assert all(session.words(step.said) == step.text for step in session.steps)
    loaded = Session.from_json(session.to_json())
    assert [step.said for step in loaded.steps] == [step.said for step in session.steps]
    assert "said" not in json.loads(session.to_json())["steps"][0]
