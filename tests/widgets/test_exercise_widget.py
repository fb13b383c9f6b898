"""The exercise widget, driven with the exact messages a browser sends.

Each task kind: a right try, a wrong try answered with the engine's rule, "Show me" after
two wrong tries, the stars; forged intents refused with nothing changed; a forged or
damaged progress record ignored with a plain line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_table_widget import from_browser

from cardschool.engine.exercises import (
    Score,
    answers,
    check_record,
    empty_record,
    file_key,
    judge,
    load_file,
    progress_summary,
)
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.languages import SOURCE, spoken
from cardschool.engine.rulebook import RULES
from cardschool.widgets import ExerciseWidget, exercises
from cardschool.widgets.front_end import exercise_front_end
from cardschool.widgets.speaking import choose

ROOT = Path(__file__).resolve().parents[2]
FILES = ROOT / "tutorial" / "exercises"
SHIPPED = {e.id: e for path in sorted(FILES.glob("*/*.toml")) for e in load_file(path)}

ONE_OF_EACH = [
    "mililla.beat.in-suit",  # play, a card of the hand
    "mille.draw.pile.pair",  # play, a button
    "mililla.follow.partner",  # choose
    "mililla.beat.hidden-trumps",  # choose, the other hands hidden
    "mille.meld.own.lay-off",  # choose, Mille's own mark
    "mililla.trick.winner",  # decide, seats
    "mille.draw.pile.may-wild",  # decide, yes or no
    "mille.score.hand.left",  # score
]


def widget(ident: str, *more: str) -> ExerciseWidget:
    """A widget over shipped exercises, as if they were one file."""
    return ExerciseWidget([SHIPPED[i] for i in (ident, *more)], "test/file.toml")


def send(w: ExerciseWidget, **intent: Any) -> None:
    """One intent as the browser sends it, with the rev of the state on show."""
    from_browser(w, {**intent, "rev": w.state["rev"]})


def right_try(w: ExerciseWidget) -> Any:
    """A right try among those offered."""
    exercise = w.exercise
    text = answers(exercise)[0]
    return text.split() if w.state["kind"] == "choose" else text


def wrong_try(w: ExerciseWidget) -> Any:
    """A wrong try among those offered."""
    exercise = w.exercise
    if isinstance(exercise.task, Score):
        return str(int(answers(exercise)[0]) + 5)
    for attempt, verdict in judged_tries(exercise):
        if not verdict.right:
            return attempt
    raise AssertionError("no wrong try")


def essentials(w: ExerciseWidget) -> str:
    """What a try may change: the state without its rev and notice, and the record."""
    state = {k: v for k, v in w.state.items() if k not in ("rev", "notice")}
    return json.dumps([state, w.picture, w.record, w.checked], sort_keys=True)


@pytest.mark.parametrize("ident", ONE_OF_EACH)
def test_a_right_first_try_earns_three_stars(ident):
    w = widget(ident)
    assert w.state["kind"] in ("play", "choose", "decide", "score")
    send(w, type="try", **{"try": right_try(w)})
    feedback = w.state["feedback"]
    assert feedback["right"] and feedback["rule"] in RULES
    assert w.state["done"] and w.state["stars"] == [3]
    assert w.record == {"version": 1, "file": "test/file.toml", "stars": {ident: 3}}
    assert w.checked == {ident: 3}


@pytest.mark.parametrize("ident", ONE_OF_EACH)
def test_a_wrong_try_is_answered_with_the_engines_rule_and_may_be_tried_again(ident):
    w = widget(ident)
    attempt = wrong_try(w)
    send(w, type="try", **{"try": attempt})
    feedback = w.state["feedback"]
    verdict = judged_tries(w.exercise)
    expected = next(v for a, v in verdict if a == attempt) if verdict else None
    assert not feedback["right"] and feedback["rule"] in RULES
    assert feedback["title"] == RULES[feedback["rule"]]
    if expected is not None and not isinstance(w.exercise.task, Score):
        assert (feedback["text"], feedback["rule"]) == (expected.text, expected.rule)
    assert not w.state["done"] and w.state["wrong"] == 1 and w.record["stars"] == {}
    send(w, type="try", **{"try": right_try(w)})
    assert w.state["feedback"]["right"] and w.state["stars"] == [2]


@pytest.mark.parametrize("ident", ONE_OF_EACH)
def test_show_me_comes_after_two_wrong_tries_and_gives_no_star(ident):
    w = widget(ident)
    send(w, type="try", **{"try": wrong_try(w)})
    assert not w.state["can_show"]
    before = essentials(w)
    send(w, type="show")
    assert essentials(w) == before and "2 wrong tries" in w.state["notice"]
    send(w, type="try", **{"try": wrong_try(w)})
    assert w.state["can_show"]
    send(w, type="show")
    right = answers(w.exercise)  # each as its button says it, or as written (a card)
    said = w.state["words"].get("option_words", {})
    assert all(said.get(answer, answer) in w.state["answer"] for answer in right)
    assert w.state["done"] and w.state["stars"] == [0] and w.record["stars"] == {ident: 0}
    assert w.checked == {}
    before = essentials(w)
    send(w, type="try", **{"try": right_try(w)})
    assert essentials(w) == before and "Next" in w.state["notice"]


def test_show_me_gives_every_right_answer_and_a_reload_keeps_it_seen():
    """Issue 25.3: both right cards are shown; after a reload (a new widget fed the kept
    record) a right try does not turn the shown exercise into three stars."""
    w = widget("mililla.follow.trumped")
    assert answers(w.exercise) == ("3C", "JC")
    for _ in range(2):
        send(w, type="try", **{"try": wrong_try(w)})
    send(w, type="show")
    assert w.state["answer"] == "Every right answer: 3C or JC. Marked as seen, with no star."
    kept = w.record
    again = widget("mililla.follow.trumped")
    from_browser(again, {"type": "progress", "record": kept})
    send(again, type="try", **{"try": "JC"})
    assert again.state["feedback"]["right"] and again.state["stars"] == [0]
    assert again.record["stars"] == {"mililla.follow.trumped": 0} and again.checked == {}
    assert "saw the answer" in again.state["notice"]


def test_stars_three_two_one_and_the_best_is_kept():
    for wrong, stars in [(0, 3), (1, 2), (2, 1), (4, 1)]:
        w = widget("mililla.beat.in-suit")
        for _ in range(wrong):
            send(w, type="try", **{"try": wrong_try(w)})
        send(w, type="try", **{"try": right_try(w)})
        assert w.state["stars"] == [stars], wrong
    from_browser(w, {"type": "progress", "record": {**w.record, "stars": {w.exercise.id: 3}}})
    assert w.record["stars"] == {"mililla.beat.in-suit": 3}
    assert w.checked == {"mililla.beat.in-suit": 1}


def test_hint_gives_the_rules_title_and_next_moves_on():
    w = widget("mililla.beat.in-suit", "mililla.follow.partner")
    send(w, type="hint")
    assert RULES["mililla.beat"] in w.state["hint"] and "mililla.beat" in w.state["hint"]
    assert w.state["can_next"]
    send(w, type="next")
    assert (w.state["index"], w.state["id"], w.state["kind"]) == (
        1,
        "mililla.follow.partner",
        "choose",
    )
    assert w.state["hint"] is None and w.state["feedback"] is None and not w.state["can_next"]
    before = essentials(w)
    send(w, type="next")
    assert essentials(w) == before and "last exercise" in w.state["notice"]


def test_back_and_a_jump_to_any_exercise_of_the_file():
    w = widget("mililla.beat.in-suit", "mililla.follow.partner", "mille.score.hand.left")
    assert (w.state["index"], w.state["count"], w.state["can_back"]) == (0, 3, False)
    send(w, type="try", **{"try": right_try(w)})
    send(w, type="go", to=2)
    assert (w.state["index"], w.state["id"], w.state["kind"]) == (
        2,
        "mille.score.hand.left",
        "score",
    )
    assert w.state["can_back"] and not w.state["can_next"] and w.state["feedback"] is None
    assert w.state["stars"] == [3, None, None]
    send(w, type="try", **{"try": wrong_try(w)})
    send(w, type="back")
    assert (w.state["index"], w.state["kind"], w.state["wrong"]) == (1, "choose", 0)
    send(w, type="go", to=0)  # a solved exercise may be tried again; its best stars stay
    assert w.state["index"] == 0 and not w.state["done"] and w.state["stars"][0] == 3
    send(w, type="try", **{"try": wrong_try(w)})
    send(w, type="try", **{"try": right_try(w)})
    assert w.state["stars"][0] == 3 and w.checked == {"mililla.beat.in-suit": 3}
    before = essentials(w)
    from_browser(w, {"type": "go", "to": 1, "rev": w.state["rev"] - 1})  # a stale jump
    assert essentials(w) == before and "changed" in w.state["notice"]


def forged(w: ExerciseWidget) -> list[Any]:
    rev = w.state["rev"]
    return [
        "a string",
        ["a", "list"],
        {"type": "play", "try": "KC", "rev": rev},
        {"type": "try", "try": "KC"},
        {"type": "try", "try": "KC", "rev": rev - 1},
        {"type": "try", "try": "KC", "rev": True},
        {"type": "try", "try": "KC", "rev": rev, "stars": 3},
        {"type": "try", "try": 7, "rev": rev},
        {"type": "try", "try": "x" * 500, "rev": rev},
        {"type": "try", "try": "7O", "rev": rev},  # not in the hand
        {"type": "try", "try": ["KC"], "rev": rev},  # marked cards for a play task
        {"type": "hint", "rev": -1},
        {"type": "show", "rev": rev},  # no wrong try yet
        {"type": "next", "rev": rev},  # the last exercise
        {"type": "back", "rev": rev},  # the first exercise
        {"type": "go", "to": 0, "rev": rev},  # the one on show
        {"type": "go", "to": 1, "rev": rev},  # past the last
        {"type": "go", "to": -1, "rev": rev},
        {"type": "go", "to": "1", "rev": rev},
        {"type": "go", "to": True, "rev": rev},
        {"type": "go", "to": 10**6, "rev": rev},
        {"type": "go", "rev": rev},
        {"type": "back", "to": 0, "rev": rev},
        {"type": "progress"},
    ]


def test_forged_intents_are_refused_and_change_nothing():
    w = widget("mililla.beat.in-suit")
    for content in forged(w):
        before = essentials(w)
        from_browser(w, content)
        assert essentials(w) == before, content
        assert w.state["notice"], content


@pytest.mark.parametrize(
    ("ident", "attempt"),
    [
        ("mililla.follow.partner", "JC"),  # one text, not marked cards
        ("mililla.follow.partner", ["JC", "JC"]),
        ("mililla.follow.partner", ["JC", "7O"]),  # 7O is not in the hand
        ("mille.score.hand.left", "ten"),
        ("mille.score.hand.left", ["5"]),
        ("mille.draw.pile.may-wild", "maybe"),
        ("mille.draw.pile.pair", "pile 9H 9C 9S"),  # not among the moves offered
    ],
)
def test_tries_not_offered_are_refused_and_change_nothing(ident, attempt):
    w = widget(ident)
    before = essentials(w)
    send(w, type="try", **{"try": attempt})
    assert essentials(w) == before and w.state["notice"]


def test_the_browser_may_not_change_a_trait():
    w = widget("mililla.beat.in-suit")
    before = essentials(w)
    from_browser(w, update={"record": {"version": 1, "file": "test/file.toml", "stars": {}}})
    from_browser(w, update={"state": {}})
    assert essentials(w) == before and "directly" in w.state["notice"]


def test_a_stored_record_is_read_back_and_merged():
    w = widget("mililla.beat.in-suit", "mililla.follow.partner")
    record = {"version": 1, "file": "test/file.toml", "stars": {"mililla.follow.partner": 2}}
    from_browser(w, {"type": "progress", "record": record})
    assert w.record == record and w.state["stars"] == [None, 2] and w.state["notice"] is None
    assert w.checked == {}


def big_record() -> dict[str, Any]:
    return {
        "version": 1,
        "file": "test/file.toml",
        "stars": {"mililla.beat.in-suit": 1},
        "x": "y" * 20000,
    }


@pytest.mark.parametrize(
    "record",
    [
        "{not json",
        None,
        [1, 2],
        {"version": 2, "file": "test/file.toml", "stars": {}},
        {"version": True, "file": "test/file.toml", "stars": {}},
        {"version": 1, "file": "other/file.toml", "stars": {}},
        {"version": 1, "file": "test/file.toml", "stars": {"someone.else": 3}},
        {"version": 1, "file": "test/file.toml", "stars": {"mililla.beat.in-suit": 4}},
        {"version": 1, "file": "test/file.toml", "stars": {"mililla.beat.in-suit": True}},
        {"version": 1, "file": "test/file.toml", "stars": {"mililla.beat.in-suit": "3"}},
        {"version": 1, "file": "test/file.toml", "stars": [3]},
        {"version": 1, "file": "test/file.toml", "stars": {}, "admin": True},
        big_record(),
    ],
)
def test_a_forged_or_damaged_record_is_ignored_with_a_plain_line(record):
    w = widget("mililla.beat.in-suit")
    send(w, type="try", **{"try": wrong_try(w)})
    before = essentials(w)
    from_browser(w, {"type": "progress", "record": record})
    assert essentials(w) == before
    assert w.state["notice"].startswith("Saved progress for this file was ignored")
    send(w, type="try", **{"try": right_try(w)})
    assert w.record["stars"] == {"mililla.beat.in-suit": 2}


def test_check_record_and_the_summary_per_file_and_rule():
    beat = load_file(FILES / "mililla" / "beat.toml")
    follow = load_file(FILES / "mililla" / "follow.toml")
    ids = [e.id for e in beat]
    record = check_record(
        {"version": 1, "file": "mililla/beat.toml", "stars": {ids[0]: 3, ids[1]: 0}},
        "mililla/beat.toml",
        ids,
    )
    summary = progress_summary([record, empty_record("mililla/follow.toml")], [*beat, *follow])
    files = {key: p.to_dict() for key, p in summary["files"].items()}
    assert files["mililla/beat.toml"] == {"solved": 1, "seen": 1, "total": len(beat), "stars": 3}
    assert files["mililla/follow.toml"] == {
        "solved": 0,
        "seen": 0,
        "total": len(follow),
        "stars": 0,
    }
    practised = [e for e in (*beat, *follow) if "mililla.beat" in e.rules]
    rule = summary["rules"]["mililla.beat"]
    assert rule.total == len(practised) and rule.solved == (beat[0].id in {e.id for e in practised})
    assert progress_summary(record, beat)["files"]["mililla/beat.toml"].stars == 3


def test_exercises_reads_a_path_relative_to_the_notebook(monkeypatch):
    monkeypatch.chdir(ROOT / "tutorial" / "mililla")
    w = exercises("../exercises/mililla/beat.toml")
    assert w.file == file_key("mililla/beat.toml") == "mililla/beat.toml"
    assert w.state["count"] == len(load_file(FILES / "mililla" / "beat.toml"))
    assert set(w.faces) >= set(w.state["hand"]) and "back" in w.faces


def test_the_front_end_keeps_progress_through_one_storage_module():
    esm, css = exercise_front_end()
    assert "${school}/${STORAGE_VERSION}/${kind}/${name}" in esm and "storageKey" in esm
    assert 'STORAGE_VERSION = "v1"' in esm and "MAX_ENTRY" in esm
    assert "localStorage" not in esm.split("// ---- static/exercise.js")[1]
    assert esm.count("export ") == 1 and "export default" in esm and "import " not in esm
    assert ".cs-ex" in css


def test_the_position_never_marks_the_legal_cards():
    for ident in ("mililla.beat.in-suit", "mililla.follow.partner"):
        picture = widget(ident).picture
        assert "you may not play it" not in picture and "bright cards" not in picture


@pytest.mark.parametrize(
    ("ident", "you", "not_you"),
    [
        ("mililla.round.score.east-west", "East</b> (you)", "South</b> (you)"),
        ("mille.score.hand.left", "North&#x27;s hand (yours)", "South&#x27;s hand (yours)"),
    ],
)
def test_the_table_shows_the_seat_the_prompt_names(ident, you, not_you):
    """Issue 25.2: "You sit East" draws the table from East's seat, East's team as yours."""
    picture = widget(ident).picture
    assert you in picture and not_you not in picture


def test_an_exercise_table_prints_none_of_its_answers():
    """Issue 25.6: no score of the deal, no end of the round or match, no "to play", no
    gold frame on the card winning the trick."""
    rounds = widget("mililla.round.score.east-west").picture
    assert "The round is over" not in rounds and "totals before this round" in rounds
    assert ">19<" not in rounds  # East and West's total after the round, the answer
    hand = widget("mille.score.hand.left").picture
    assert "+65" not in hand and "-95" not in hand and "is over" not in hand
    assert "totals before this hand South 300, North 250" in hand
    trick = widget("mililla.trick.winner").picture
    assert "to play" not in trick and "outline:3px" not in trick and "winning" not in trick


def test_a_meld_is_laid_down_by_picking_cards_of_the_hand():
    """Issue 25.5: no buttons of move codes, the hand's cards to pick; cards that only join
    a meld you have, or an "add", are not "a new meld"."""
    w = widget("mille.meld.set.lay")
    assert w.state["kind"] == "pick" and w.state["options"] == []
    assert len(w.state["hand"]) == 15 and w.state["pick_label"] == "Lay down the picked cards"
    before = essentials(w)
    send(w, type="try", **{"try": "add K KD"})
    assert essentials(w) == before and "pick cards" in w.state["notice"].lower()
    assert not judge(w.exercise, "add K KD").right
    send(w, type="try", **{"try": ["KD", "2S"]})
    told = w.state["feedback"]
    assert not told["right"] and told["rule"] == "mille.meld.one-per-rank"
    assert "not a new meld" in told["text"]
    send(w, type="try", **{"try": ["9H", "9C", "9D"]})
    assert w.state["feedback"]["right"] and w.state["stars"] == [2]


def test_the_one_meld_per_rank_question_says_what_it_asks():
    """Issue 25.4: the cards join the Kings, so the question asks whether they may be put
    down at all, not whether they make a meld of their own."""
    exercise = SHIPPED["mille.meld.one-per-rank"]
    assert "wherever the rules send them" in exercise.prompt["en"]
    assert answers(exercise) == ("yes",) and "join" in judge(exercise, "yes").text


def test_the_prompt_is_in_the_language_the_page_speaks_and_follows_it():
    """Issue 27.3: the prompt is the spoken language's; a language intent draws it again,
    with the exercise, its tries and stars kept, and the next exercise speaks it too."""
    first, second = SHIPPED["mililla.beat.in-suit"], SHIPPED["mille.draw.pile.pair"]
    w = widget(first.id, second.id)
    assert w.state["prompt"] == first.prompt["en"]
    send(w, type="try", **{"try": wrong_try(w)})
    try:
        from_browser(w, {"type": "language", "lang": "fr"})
        assert w.state["prompt"] == first.prompt["fr"] and w.state["wrong"] == 1
        assert "cavalier" in w.state["prompt"] and "\u00a0" not in first.prompt["en"]
        send(w, type="next")
        assert (
            w.state["prompt"]
            == second.prompt["fr"]
            == ("Le 9 de pique est sur le dessus de la défausse. Prenez la défausse.")
        )
        from_browser(w, {"type": "language", "lang": "es"})
        assert w.state["prompt"] == "El 9 de picas está encima de la pila. Toma la pila."
    finally:
        choose(SOURCE)
    assert spoken() == "en" and w.state["prompt"] == second.prompt["en"]
    assert w.state["index"] == 1


@pytest.mark.parametrize(
    ("ident", "wrong", "right", "idea"),
    [
        ("mililla.strategy.sevens.not-to-them", "7O", "5B", "Don't give a 7 away"),
        ("mille.strategy.discard.queen", "discard 8H", "discard QS", "Get rid of the Q♠"),
    ],
)
def test_a_strategy_exercise_names_the_lessons_idea_then_says_what_made_it_right(
    ident, wrong, right, idea
):
    """Issue 24.5: a wrong try gets the lesson's idea before the figures; the right try
    after it says what made it right, never "any card is fine"."""
    w = widget(ident)
    send(w, type="try", **{"try": wrong})
    told = w.state["feedback"]
    assert not told["right"] and told["text"].startswith(idea) and "%" in told["text"]
    send(w, type="try", **{"try": right})
    told = w.state["feedback"]
    assert told["right"] and idea in told["text"] and "is what the expert prefers" in told["text"]
    assert "fine" not in told["text"]


def test_a_strategy_exercises_hint_names_the_lessons_ideas_and_no_card():
    """Issue 24.4: the hint of a best-move exercise names the lesson's ideas that may apply
    (not only a rule's title), and none of the cards."""
    w = widget("mililla.strategy.sevens.not-to-them")
    send(w, type="hint")
    hint = w.state["hint"]
    assert hint.startswith("The lesson's ideas that may apply here: don't give a 7 away.")
    assert "(mililla.free)" in hint and "clubs" not in hint and "coins" not in hint


def test_the_front_end_gets_every_word_it_shows_from_python():
    """The head, the row of stars, the labels, the feedback and the earned line come in
    words from Python (the widget's one ``words`` method), so the front end places them."""
    w = widget("mililla.beat.in-suit", "mililla.follow.partner")
    words = w.state["words"]
    assert words["head"] == "Exercise 1 of 2" and words["summary"] == "Solved 0 of 2 · 0 stars"
    assert words["jump"][0] == {"mark": "☆☆☆", "label": "Exercise 1 (on show): not done yet"}
    assert words["labels"]["next.button"] == "Next" and words["labels"]["position"]
    assert all(label.startswith("Play ") for label in words["cards"].values())
    send(w, type="try", **{"try": wrong_try(w)})
    told = w.state["feedback"]
    assert told["verdict"] == "Not right. " and told["again"] == " Try again."
    assert " Rule: " in told["said"] and told["said"][0].isupper()
    send(w, type="try", **{"try": right_try(w)})
    told, words = w.state["feedback"], w.state["words"]
    assert told["verdict"] == "Right. " and told["again"] is None
    assert words["earned"] == "Solved: ★★☆ (2 stars for this exercise)."
    assert words["summary"] == "Solved 1 of 2 · 2 stars"
    assert words["jump"][0]["label"] == "Exercise 1 (on show): 2 stars"
    send(w, type="next")
    checks = w.state["words"]["checks"]
    assert checks[1] == "Check the 1 marked card" and checks[2] == "Check the 2 marked cards"
    assert w.state["words"]["cards"] and all(
        label.startswith("Mark ") for label in w.state["words"]["cards"].values()
    )


def test_a_refusal_is_a_message_of_the_exercise_catalog():
    """A refused intent's notice is a message, kept as one until the widget renders it."""
    w = widget("mililla.beat.in-suit")
    send(w, type="back")
    assert w.notice is not None and w.notice.id == "exercise:refused"
    assert w.state["notice"] == "This is the first exercise of the file."


def test_the_show_refusal_counts_its_wrong_tries_in_the_right_number():
    from cardschool.engine.messages import message, render

    assert render(message("exercise:refused.show", count=1)) == "Show me comes after 1 wrong try"
    assert render(message("exercise:refused.show", count=2)) == "Show me comes after 2 wrong tries"


def test_the_buttons_say_their_answers_and_moves_in_the_page_s_language():
    """A walk in French found "yes", "no", "South" and "stock" on the buttons: each button
    shows its answer or move in words, while the try it sends stays the option itself."""
    w = widget("mille.draw.pile.may-wild", "mililla.trick.winner", "mille.draw.pile.pair")
    try:
        from_browser(w, {"type": "language", "lang": "fr"})
        assert w.state["options"] == ["yes", "no"]
        assert w.state["words"]["option_words"] == {"yes": "Oui", "no": "Non"}
        assert w.state["words"]["options"]["yes"].endswith("Oui")  # the button's label
        send(w, type="next")
        shown = w.state["words"]["option_words"]
        assert set(shown) == {"South", "East", "North", "West"}
        assert [shown[s] for s in ("South", "East", "North", "West")] == [
            "Sud",
            "Est",
            "Nord",
            "Ouest",
        ]
        send(w, type="next")
        words = w.state["words"]["option_words"]
        assert words and all(option not in said for option, said in words.items())
        assert any(said.startswith("Prendre toute la défausse avec") for said in words.values())
        send(w, type="try", **{"try": right_try(w)})  # the option itself, as the browser sends
        assert w.state["done"]
    finally:
        choose(SOURCE)
    english = w.state["words"]["option_words"].values()  # the page back in English
    assert any(said.startswith("Take the whole pile with") for said in english)
