"""The class server trusts nothing it is sent: deals replayed, exercise tries judged again.

Real seeded deals of both games, played by Basic bots in every seat (``lines.py``), are
verified with the result and score the deal ended on; forged ones (an illegal move of the
learner, a bot's move that is not the bot's choice, a claimed result or score that is not
the deal's, a deal cut short) are refused with a plain reason; so is garbage of any shape.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardschool.engine.errors import Told
from cardschool.engine.exercises import load_file
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.exercises.progress import stars_for
from cardschool.engine.messages import render
from cardschool.engine.session import Session
from cardschool.widgets.classroom.verify import (
    LIVE_STEP,
    MAX_MOVES,
    RecordRefused,
    verify_deal,
    verify_exercise,
    verify_progress,
)

from .lines import bots_session, played

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "tutorial" / "exercises"
CODES = ["MLA-0001", "MLA-0002", "MIL-0001", "MIL-0002"]
VARIANTS = ["MLA-0007-3J5", "MIL-0009-90AX"]
"""Codes with rule variants and Random bots (seven rule off, clockwise; reshuffled stock)."""
UID = "0123456789abcdef0123456789abcdef"


@cache
def line(code: str) -> dict[str, Any]:
    """The finished line of ``code`` played by bots (made once per test run)."""
    return played(code)


def sent(code: str, /, **changes: Any) -> dict[str, Any]:
    """A fresh copy of the finished line of ``code``, with ``changes``."""
    found = line(code)
    return {**found, "moves": list(found["moves"]), **changes}


def refused(check: Any, *args: Any, **options: Any) -> RecordRefused:
    """The refusal ``check(*args, **options)`` raises (failing the test when it keeps the
    record)."""
    with pytest.raises(RecordRefused) as caught:
        check(*args, **options)
    error = caught.value
    assert str(error).startswith("The record was refused: ")
    return error


def why(error: RecordRefused) -> str:
    """The message id of a refusal's reason."""
    return error.why.id


def learner_turns(code: str) -> list[int]:
    """The indexes in the line of ``code`` of the moves the learner's seat made."""
    session = bots_session(code)
    return [index for index, step in enumerate(session.steps) if step.seat == 0]


def position_before(code: str, index: int) -> Session:
    """The session of ``code`` (learner at seat 0) with the line's first ``index`` moves."""
    session = Session.from_code(code)
    for move in line(code)["moves"][:index]:
        if session.human_to_move:
            session.play(move)
        else:
            session.step()
    return session


# ------------------------------------------------------------------------- deals


@pytest.mark.parametrize("code", [*CODES, *VARIANTS])
def test_a_deal_played_by_the_rules_is_kept_with_the_replays_result(code: str) -> None:
    record = verify_deal(sent(code, uid=UID, hints=2, coach=1, seconds=95))
    whole = bots_session(code)
    assert record.kind == "deal" and record.target == code and record.uid == UID
    assert (record.result, record.score) == (line(code)["result"], line(code)["score"])
    assert record.result in ("won", "lost", "tied") and isinstance(record.score, int)
    assert record.moves == len(learner_turns(code)) > 0
    assert (record.hints, record.coach, record.seconds) == (2, 1, 95)
    saved = Session.from_json(record.save or "")
    assert [step.move for step in saved.steps] == [step.move for step in whole.steps]
    assert saved.deal_over


def test_the_score_and_result_are_the_servers_own_when_none_is_claimed() -> None:
    claimed = sent("MIL-0002")
    record = verify_deal({key: claimed[key] for key in ("code", "moves")})
    assert (record.result, record.score) == (claimed["result"], claimed["score"])


def test_a_code_in_small_letters_is_kept_under_its_canonical_form() -> None:
    assert verify_deal(sent("MLA-0001", code="mla-0001")).target == "MLA-0001"
    assert verify_deal(sent("MLA-0007-3J5", code="mla-0007-3j5")).target == "MLA-0007-3J5"


def test_the_end_of_deal_marker_may_close_the_line() -> None:
    moves = [*line("MLA-0002")["moves"], "next"]
    assert verify_deal(sent("MLA-0002", moves=moves)).result == line("MLA-0002")["result"]


@pytest.mark.parametrize("code", ["MLA-0001", "MIL-0001"])
def test_an_illegal_learner_move_is_refused_naming_its_rule(code: str) -> None:
    index = learner_turns(code)[0]
    session = position_before(code, index)
    moves = line(code)["moves"]
    illegal = next(
        move
        for move in moves[index + 1 :]
        if session.explain(move).legal is False and not move.startswith("next")
    )
    forged = [*moves[:index], illegal, *moves[index + 1 :]]
    error = refused(verify_deal, sent(code, moves=forged))
    assert why(error) == "classroom:verify.illegal-move"
    assert error.why.get("number") == index + 1 and error.why.get("move") == illegal
    assert error.why.get("rule").startswith(session.kind + ".")


@pytest.mark.parametrize("code", ["MLA-0001", "MIL-0002"])
def test_a_bots_move_that_is_not_its_choice_is_refused(code: str) -> None:
    learner = set(learner_turns(code))
    index = next(i for i in range(len(line(code)["moves"])) if i not in learner)
    session = position_before(code, index)
    moves = line(code)["moves"]
    other = next(str(m) for m in session.legal_moves() if str(m) != moves[index])
    forged = [*moves[:index], other, *moves[index + 1 :]]
    error = refused(verify_deal, sent(code, moves=forged))
    assert why(error) == "classroom:verify.not-bots-choice"
    assert (error.why.get("move"), error.why.get("chosen")) == (other, moves[index])
    assert "is not Basic's choice" in str(error)


def test_a_learner_move_played_for_a_bot_is_refused() -> None:
    """The learner cannot make a bot's move, even a legal one: it is the bot's to choose."""
    code = "MLA-0001"
    learner = set(learner_turns(code))
    index = next(i for i in range(len(line(code)["moves"])) if i not in learner)
    moves = line(code)["moves"]
    error = refused(verify_deal, sent(code, moves=[*moves[:index], "play " + moves[index]]))
    assert why(error) == "classroom:verify.not-bots-choice"


@pytest.mark.parametrize("code", ["MLA-0002", "MIL-0001"])
def test_a_score_that_is_not_the_deals_is_refused(code: str) -> None:
    score = line(code)["score"]
    error = refused(verify_deal, sent(code, score=score + 5))
    assert why(error) == "classroom:verify.wrong-score"
    assert f"the score sent, {score + 5}, is not the deal's, {score}" in str(error)


@pytest.mark.parametrize("code", ["MLA-0001", "MIL-0002"])
def test_a_result_that_is_not_the_deals_is_refused(code: str) -> None:
    other = next(r for r in ("won", "lost", "tied") if r != line(code)["result"])
    error = refused(verify_deal, sent(code, result=other))
    assert why(error) == "classroom:verify.wrong-result"


@pytest.mark.parametrize("code", ["MLA-0002", "MIL-0001"])
def test_a_deal_cut_short_is_not_a_finished_one(code: str) -> None:
    moves = line(code)["moves"][:-3]
    error = refused(verify_deal, sent(code, moves=moves))
    assert why(error) == "classroom:verify.not-over"
    assert render(error.said) == "The record was refused: the deal is not over."


def test_moves_after_the_end_of_the_deal_are_refused() -> None:
    moves = line("MLA-0001")["moves"]
    error = refused(verify_deal, sent("MLA-0001", moves=[*moves, moves[0]]))
    assert why(error) == "classroom:verify.after-end"
    assert error.why.get("number") == len(moves) + 1


@pytest.mark.parametrize("code", ["MLA-0001", "MIL-0002"])
def test_a_deal_being_played_is_replayed_without_an_end(code: str) -> None:
    progress = played(code, learner_moves=3, uid=UID, seen=2)
    record = verify_progress(progress)
    assert (record.result, record.score, record.moves, record.live) == ("playing", None, 3, 3)
    assert verify_progress({**progress, "result": "gave up"}).result == "gave up"
    error = refused(verify_deal, progress)
    assert why(error) == "classroom:verify.not-over"


def test_a_finished_deal_sent_as_progress_is_refused() -> None:
    error = refused(verify_progress, sent("MLA-0001", result=None, score=None))
    assert why(error) == "classroom:verify.over"


def test_a_deal_sent_whole_at_the_end_was_not_seen_played() -> None:
    moves = len(learner_turns("MIL-0001"))
    assert verify_deal(sent("MIL-0001")).live == 0  # nothing seen before: a save
    assert verify_deal(sent("MIL-0001", seen=moves - LIVE_STEP)).live == moves
    assert verify_deal(sent("MIL-0001", seen=moves - LIVE_STEP - 1)).live == moves - 4
    assert verify_deal(sent("MIL-0001", seen=moves)).live == moves


def test_the_progress_posts_of_a_deal_count_every_move_seen() -> None:
    """Posts made as the deal is played, each keeping the last record's live count as seen,
    end on a finished record all of whose moves were seen played."""
    seen = 0
    for moves in range(1, 40):
        progress = played("MLA-0002", learner_moves=moves, seen=seen)
        if "result" in progress:
            break
        seen = verify_progress(progress).live or 0
    record = verify_deal(played("MLA-0002", seen=seen))
    assert record.live == record.moves == len(learner_turns("MLA-0002"))


def count_bot_choices(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time a bot chooses a move, from now on."""
    chosen: list[int] = []
    choose = Session._choose

    def counted(session: Session, seat: int, level: str) -> Any:
        chosen.append(seat)
        return choose(session, seat, level)

    monkeypatch.setattr(Session, "_choose", counted)
    return chosen


@pytest.mark.parametrize("code", ["MLA-0001", "MIL-0002"])
def test_a_deal_goes_on_from_the_save_the_server_checked_before(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Posting as the deal is played makes the bots choose each move once, not again and
    again: the moves of the save checked before are not replayed."""
    before = verify_progress(played(code, learner_moves=3))
    done = len(Session.from_json(before.save or "").steps)
    whole = verify_deal(sent(code))
    bots_after = sum(1 for step in bots_session(code).steps[done:] if step.seat != 0)
    chosen = count_bot_choices(monkeypatch)
    record = verify_deal(sent(code), after=before.save)
    assert len(chosen) == bots_after > 0
    assert (record.result, record.score, record.save) == (whole.result, whole.score, whole.save)
    forged = sent(code, score=(whole.score or 0) + 1)
    assert why(refused(verify_deal, forged, after=before.save)) == "classroom:verify.wrong-score"


def test_a_save_that_does_not_lead_to_the_moves_sent_is_not_gone_on_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    other_deal = verify_progress(played("MLA-0002", learner_moves=2)).save
    taken_back = json.loads(verify_progress(played("MLA-0001", learner_moves=4)).save or "")
    taken_back["steps"][-1]["move"] = "XX"  # a move taken back and played otherwise since
    whole = verify_deal(sent("MLA-0001"))
    bots = sum(1 for step in bots_session("MLA-0001").steps if step.seat != 0)
    garbage = ("not a save", "", "[]", json.dumps({"format": "x", "steps": "x"}))
    for after in (other_deal, json.dumps(taken_back), *garbage):
        chosen = count_bot_choices(monkeypatch)
        record = verify_deal(sent("MLA-0001"), after=after)
        assert record.save == whole.save
        assert len(chosen) == bots


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"code": "XYZ-1"}, "classroom:verify.code"),
        ({"code": "MLA-0001-ZZ"}, "classroom:verify.code"),
        ({"code": ""}, "classroom:verify.text"),
        ({"code": 7}, "classroom:verify.text"),
        ({"moves": "KC 4C"}, "classroom:verify.moves"),
        ({"moves": ["KC"] * (MAX_MOVES + 1)}, "classroom:verify.moves"),
        ({"moves": ["KC", 4]}, "classroom:verify.move-text"),
        ({"moves": ["x" * 81]}, "classroom:verify.move-text"),
        ({"result": "solved"}, "classroom:verify.result"),
        ({"score": "95"}, "classroom:verify.score"),
        ({"score": True}, "classroom:verify.score"),
        ({"hints": -1}, "classroom:verify.count"),
        ({"seconds": 1.5}, "classroom:verify.count"),
        ({"seen": MAX_MOVES + 1}, "classroom:verify.count"),
        ({"uid": "not-hex"}, "classroom:verify.uid"),
        ({"illegal": {"mililla.follow": 0}}, "classroom:verify.illegal"),
        ({"illegal": ["mililla.follow"]}, "classroom:verify.illegal"),
    ],
)
def test_fields_out_of_bounds_are_refused_before_any_replay(
    changes: dict[str, Any], reason: str
) -> None:
    assert why(refused(verify_deal, sent("MLA-0001", **changes))) == reason


def test_refused_moves_are_counted_by_the_rules_of_the_deals_game() -> None:
    kept = verify_deal(sent("MLA-0001", illegal={"mililla.follow": 2, "mililla.seven": 1}))
    assert kept.illegal == {"mililla.follow": 2, "mililla.seven": 1}
    for rule in ("mille.turn", "mililla.made-up"):
        error = refused(verify_deal, sent("MLA-0001", illegal={rule: 1}))
        assert why(error) == "classroom:verify.unknown-rule"
        assert f"{rule} is not a rule of Mililla" in str(error)


def test_a_record_without_its_fields_is_refused() -> None:
    assert why(refused(verify_deal, {"code": "MLA-0001"})) == "classroom:verify.missing"
    assert why(refused(verify_deal, ["MLA-0001"])) == "classroom:verify.not-object"


def test_the_learners_first_move_unreadable_is_refused_plainly() -> None:
    code = "MIL-0001"
    index = learner_turns(code)[0]
    moves = line(code)["moves"]
    error = refused(verify_deal, sent(code, moves=[*moves[:index], "fly away"]))
    assert why(error) == "classroom:verify.unplayable"
    assert "move" in render(error.said) and "'fly away'" in render(error.said)


def test_a_fault_while_checking_is_a_plain_refusal_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: Any, **_options: Any) -> Session:
        raise RuntimeError("a fault of ours")

    deal = sent("MLA-0001")
    monkeypatch.setattr(Session, "from_code", broken)
    error = refused(verify_deal, deal)
    assert render(error.said) == "The record was refused: the record could not be checked."
    assert "a fault of ours" in caplog.text


def test_a_refusal_crosses_a_process_boundary() -> None:
    """The server verifies in worker processes: a refusal is pickled back whole."""
    import pickle

    error = refused(verify_deal, sent("MLA-0001", score=-1))
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, RecordRefused) and again.why == error.why
    assert str(again) == str(error)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FIELDS = st.sampled_from(
    [
        "code",
        "moves",
        "result",
        "score",
        "hints",
        "coach",
        "seconds",
        "illegal",
        "uid",
        "seen",
        "file",
        "id",
        "tries",
        "shown",
    ]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(garbage=JSON | st.dictionaries(FIELDS, JSON, max_size=6))
def test_garbage_is_refused_and_never_raises_anything_else(garbage: Any) -> None:
    for check in (verify_deal, verify_progress, lambda g: verify_exercise(g, EXERCISES)):
        try:
            check(garbage)
        except RecordRefused as error:
            assert render(error.said).startswith("The record was refused: ")
            assert error.why.id != "classroom:verify.broken"  # refused, not crashed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    code=st.sampled_from(CODES),
    place=st.floats(0, 1),
    move=st.text(min_size=1, max_size=20) | st.sampled_from(["next", "stock", "KC", "meld"]),
)
def test_a_line_with_one_move_changed_is_replayed_or_refused_plainly(
    code: str, place: float, move: str
) -> None:
    moves = line(code)["moves"]
    index = int(place * (len(moves) - 1))
    forged = [*moves[:index], move, *moves[index + 1 :]]
    try:
        record = verify_deal(sent(code, moves=forged, result=None, score=None))
    except RecordRefused as error:
        assert error.why.id != "classroom:verify.broken"  # refused, not crashed
        return
    assert record.result in ("won", "lost", "tied")
    assert Session.from_json(record.save or "").deal_over


# ------------------------------------------------------------------------- exercises


@cache
def exercise_tries(file: str, number: int = 0) -> tuple[str, list[Any], list[tuple[Any, str]]]:
    """The id of exercise ``number`` of ``file``, its right tries and its wrong ones (with
    the rule each breaks), as the engine judges them."""
    exercise = load_file(EXERCISES / file)[number]
    judged = judged_tries(exercise)
    right = [attempt for attempt, verdict in judged if verdict.right]
    wrong = [(attempt, verdict.rule) for attempt, verdict in judged if not verdict.right]
    return exercise.id, right, wrong


def exercise_sent(file: str, tries: list[Any], **fields: Any) -> dict[str, Any]:
    """An exercise record of ``file``'s first exercise with these tries."""
    return {"file": file, "id": exercise_tries(file)[0], "tries": tries, **fields}


@pytest.mark.parametrize("file", ["mililla/beat.toml", "mililla/follow.toml", "mille/meld.toml"])
def test_a_right_answer_after_wrong_tries_earns_the_stars_the_engine_gives(file: str) -> None:
    ident, right, wrong = exercise_tries(file)
    first = verify_exercise(exercise_sent(file, [right[0]], uid=UID, hints=1), EXERCISES)
    assert (first.kind, first.target, first.result) == ("exercises", f"{file}#{ident}", "solved")
    assert (first.stars, first.illegal, first.hints, first.uid) == (3, {}, 1, UID)
    tries = [wrong[0][0], wrong[1][0], right[0]]
    late = verify_exercise(exercise_sent(file, tries, seconds=40), EXERCISES)
    assert (late.stars, late.seconds) == (1, 40)
    rules: dict[str, int] = {}
    for _attempt, rule in wrong[:2]:
        rules[rule] = rules.get(rule, 0) + 1
    assert late.illegal == rules


def test_cards_picked_for_a_meld_make_the_move() -> None:
    _ident, right, _wrong = exercise_tries("mille/meld.toml")
    cards = right[0].split()[1:]  # "meld AC 2S 2C": the cards picked
    record = verify_exercise(exercise_sent("mille/meld.toml", [cards]), EXERCISES)
    assert (record.result, record.stars) == ("solved", 3)


def test_a_right_answer_claimed_wrong_is_refused() -> None:
    _ident, right, wrong = exercise_tries("mililla/beat.toml")
    tries = [wrong[0][0], right[0], right[0]]
    error = refused(verify_exercise, exercise_sent("mililla/beat.toml", tries), EXERCISES)
    assert why(error) == "classroom:verify.right-early" and error.why.get("number") == 2


def test_a_wrong_answer_claimed_right_is_refused() -> None:
    _ident, _right, wrong = exercise_tries("mililla/follow.toml")
    error = refused(verify_exercise, exercise_sent("mililla/follow.toml", [wrong[0][0]]), EXERCISES)
    assert why(error) == "classroom:verify.unsolved"
    assert why(refused(verify_exercise, exercise_sent("mililla/follow.toml", []), EXERCISES)) == (
        "classroom:verify.no-tries"
    )


def test_an_answer_shown_earns_no_star_and_only_after_wrong_tries() -> None:
    _ident, right, wrong = exercise_tries("mililla/beat.toml")
    two = [wrong[0][0], wrong[1][0]]
    record = verify_exercise(exercise_sent("mililla/beat.toml", two, shown=True), EXERCISES)
    assert (record.result, record.stars, sum(record.illegal.values())) == ("shown", 0, 2)
    after = verify_exercise(
        exercise_sent("mililla/beat.toml", [*two, right[0]], shown=True), EXERCISES
    )
    assert (after.result, after.stars) == ("shown", 0)
    early = exercise_sent("mililla/beat.toml", two[:1], shown=True)
    assert why(refused(verify_exercise, early, EXERCISES)) == "classroom:verify.shown-early"


def test_wrong_tries_kept_before_the_exercise_is_done_are_tried() -> None:
    _ident, right, wrong = exercise_tries("mililla/beat.toml")
    tries = [wrong[0][0], wrong[1][0]]
    record = verify_exercise(exercise_sent("mililla/beat.toml", tries, result="tried"), EXERCISES)
    assert (record.result, record.stars, sum(record.illegal.values())) == ("tried", None, 2)
    for forged in ([*tries, right[0]], [right[0]]):
        done = exercise_sent("mililla/beat.toml", forged, result="tried")
        assert why(refused(verify_exercise, done, EXERCISES)) == "classroom:verify.not-tried"


def test_a_result_claimed_for_an_exercise_must_be_the_engines() -> None:
    _ident, right, wrong = exercise_tries("mililla/beat.toml")
    solved = exercise_sent("mililla/beat.toml", [right[0]], result="solved")
    assert verify_exercise(solved, EXERCISES).result == "solved"
    two = [wrong[0][0], wrong[1][0], right[0]]
    claimed = exercise_sent("mililla/beat.toml", two, result="solved", shown=True)
    error = refused(verify_exercise, claimed, EXERCISES)
    assert why(error) == "classroom:verify.wrong-outcome"
    assert "the result sent, solved, is not the exercise's, shown" in str(error)
    won = exercise_sent("mililla/beat.toml", [right[0]], result="won")
    assert why(refused(verify_exercise, won, EXERCISES)) == "classroom:verify.result"


TRY = st.text(max_size=12) | st.lists(st.text(max_size=4), max_size=5) | st.integers()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    file=st.sampled_from(["mililla/beat.toml", "mililla/follow.toml", "mille/meld.toml"]),
    tries=st.lists(TRY | st.sampled_from(["KC", "6O", "2C", "meld AC 2S 2C"]), max_size=4),
    shown=st.booleans(),
)
def test_any_tries_of_a_real_exercise_are_judged_or_refused_plainly(
    file: str, tries: list[Any], shown: bool
) -> None:
    try:
        record = verify_exercise(exercise_sent(file, tries, shown=shown), EXERCISES)
    except RecordRefused as error:
        assert error.why.id != "classroom:verify.broken"
        return
    wrong = sum(record.illegal.values())
    if shown:  # wrong tries, then maybe the right one
        assert (record.result, record.stars) == ("shown", 0)
        assert wrong >= 2 and wrong in (len(tries), len(tries) - 1)
    else:
        assert (record.result, record.stars) == ("solved", stars_for(wrong))
        assert wrong == len(tries) - 1


def test_a_try_the_engine_cannot_read_is_refused() -> None:
    tries = ["not a card", "KC"]
    error = refused(verify_exercise, exercise_sent("mililla/beat.toml", tries), EXERCISES)
    assert why(error) == "classroom:verify.try-unread" and error.why.get("number") == 1
    shape = exercise_sent("mililla/beat.toml", [{"card": "KC"}])
    assert why(refused(verify_exercise, shape, EXERCISES)) == "classroom:verify.try-form"


@pytest.mark.parametrize(
    "file",
    [
        "mililla/nowhere.toml",
        "../pyproject.toml",
        "mililla/../../tutorial/exercises/mililla/beat.toml",
        "/etc/passwd.toml",
        str(EXERCISES / "mililla" / "beat.toml"),
        "mililla//beat.toml",
        "mililla\\beat.toml",
        "mililla/beat.py",
    ],
)
def test_only_the_schools_exercise_files_are_read(file: str) -> None:
    error = refused(verify_exercise, {"file": file, "id": "x", "tries": ["KC"]}, EXERCISES)
    assert why(error) == "classroom:verify.file"


def test_a_link_out_of_the_exercises_is_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "exercises"
    (root / "mililla").mkdir(parents=True)
    (root / "mililla" / "beat.toml").symlink_to(EXERCISES / "mililla" / "beat.toml")
    ident, right, _wrong = exercise_tries("mililla/beat.toml")
    sent_out = {"file": "mililla/beat.toml", "id": ident, "tries": [right[0]]}
    assert why(refused(verify_exercise, sent_out, root)) == "classroom:verify.file"


def test_an_unknown_exercise_of_a_known_file_is_refused() -> None:
    error = refused(
        verify_exercise, {"file": "mililla/beat.toml", "id": "no.such", "tries": ["KC"]}, EXERCISES
    )
    assert why(error) == "classroom:verify.no-exercise"


def test_every_refusal_is_a_told_value_error() -> None:
    error = refused(verify_deal, None)
    assert isinstance(error, Told) and isinstance(error, ValueError)
