"""Sentences are built and rendered only when read: judging, listing and logging moves
formats nothing (a bot's playouts and a big hand's hints stay as quick as plain text)."""

from __future__ import annotations

import random

import pytest

from cardschool.engine import messages, mililla, mille
from cardschool.engine.games import spec_of
from cardschool.engine.messages import Message
from cardschool.engine.mille.state import Event


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message id rendered while the test runs (the cache left out)."""
    seen: list[str] = []
    render = messages._render

    def counted(said: Message, *rest: object) -> str:
        seen.append(said.id)
        return render(said, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(messages, "_rendered", counted)
    return seen


def _played(game: mille.Game | mililla.Game, moves: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))


def test_playing_and_explaining_mille_moves_renders_nothing(renders: list[str]) -> None:
    game = mille.new_game(5)
    _played(game, 40)
    explained = [game.explain(move) for move in game.legal_moves()]
    assert renders == []
    assert explained[0].text and renders  # read: rendered now
    assert game.view(0).log[-1].text == game.view(0).log[-1].text


def test_hints_render_only_the_sentences_read(renders: list[str]) -> None:
    for game in (mille.new_game(2), mililla.new_game(2)):
        _played(game, 4)
        renders.clear()
        found = spec_of(game).hints(game)
        assert [id for id in renders if ":hint." not in id] == []  # group names only
        assert found[0].text.strip()
        assert any(":explain" in id for id in renders)
        renders.clear()


def test_a_mille_log_event_keeps_its_message_and_its_json_form_its_words() -> None:
    game = mille.new_game(5)
    _played(game, 12)
    view = game.view(0)
    event = view.log[-1]
    assert isinstance(event.said, Message) and event.said.id.startswith("mille:")
    assert event.to_dict() == {"seat": event.seat, "text": event.text, "rule": event.rule}
    again = Event.from_dict(event.to_dict())
    assert again == event and again.said.id == messages.WORDS_ID
    assert mille.View.from_dict(view.to_dict()) == view


def test_a_sentence_naming_another_seat_has_that_seats_own_form() -> None:
    from cardschool.engine.messages import Seat, message, render

    scores = message(
        "mille:log.hand-scores", hand=2, south=Seat(0), north=Seat(1), s=5, n=-5, t0=5, t1=-5
    )
    names = ("South", "You")
    assert render(scores, names, reader=1) == "Hand 2 scores: South 5, you -5; totals 5 to -5"
    assert render(scores, names, reader=-1) == "Hand 2 scores: South 5, You -5; totals 5 to -5"
    team = message("mililla:team", a=Seat(0), b=Seat(2))
    won = message("mililla:log.wins-game", team=team, high=40, low=30)
    four = ("You", "East", "North", "West")
    assert render(won, four, reader=0) == "You and North win the game, 40 to 30"
    dropped = message("mililla:log.held-dropped", points=5, team=team)
    assert render(dropped, four, reader=0) == "The held bonus of 5 for you and North is dropped"
    assert render(dropped, ("South", "East", "You", "West"), reader=2).endswith(
        "South and you is dropped"
    )


def test_hint_groups_and_the_wild_note_are_catalog_entries() -> None:
    from cardschool.engine.messages import render
    from cardschool.engine.mililla.hints import PLAY
    from cardschool.engine.mille.hints import GROUPS, WILD_NOTE

    assert {said.id for said in GROUPS.values()} <= set(messages.catalog_of("mille:").entries)
    assert [render(GROUPS[k]) for k in ("stock", "add")] == ["Draw", "Add to a meld"]
    assert render(WILD_NOTE).endswith("(mille.score.naturals).") and render(PLAY) == "Play"


def test_a_games_words_for_a_deal_and_a_match_are_catalog_entries() -> None:
    from cardschool.engine.messages import render

    words = {}
    for game in (mille.new_game(1), mililla.new_game(1)):
        spec = spec_of(game)
        words[spec.name] = (render(spec.word("deal")), render(spec.word("match")), spec.deal_word)
    assert words == {"mille": ("hand", "match", "hand"), "mililla": ("round", "game", "round")}


def test_a_melds_doublings_are_messages_rendered_as_their_text() -> None:
    from cardschool.engine.messages import render
    from cardschool.engine.mille.results import doubling_message
    from cardschool.engine.mille.rules import Rules
    from cardschool.engine.mille.scoring import meld_row
    from cardschool.engine.mille.state import Meld
    from cardschool.engine.mille.tables import face_of

    eight = Meld(9, [face_of(t) for t in ("9H", "9D", "9C", "9S")] * 2)
    row = meld_row(eight, Rules(), natural_out=True)
    texts = [d["text"] for d in row["multipliers"]]
    said = [doubling_message(d["rule"], d["factor"], 9) for d in row["multipliers"]]
    assert texts == [render(s) for s in said]
    assert texts[0] == "all eight nines with no wild: double"
    capped = meld_row(eight, Rules(doubling_caps_at_two=True), natural_out=True)
    assert capped["multipliers"][1]["text"].startswith("going out natural adds nothing more")


def test_a_deal_codes_description_is_its_parts_listed_by_the_catalog() -> None:
    from cardschool.engine import dealcode
    from cardschool.engine.mille.rules import Rules

    said = dealcode.describe("mille", Rules(target=500, low_cut_deals=True), "expert")
    assert said == (
        "Expert bots; not the rulebook's rules: the lower card of the cut deals first; "
        "the match is played to 500 points"
    )
    assert dealcode.describe("mille", Rules(), "basic") == ""
    assert messages.catalog_of("code:list").entries["code:list"] == "{first}; {rest}"


def test_the_exercises_question_and_score_sentences_are_entries() -> None:
    from cardschool.engine.exercises import messages as exercise_words
    from cardschool.engine.messages import Seat, message, render

    assert "exercise:score.lines" in exercise_words.EXERCISE.entries
    scored = message(
        "exercise:score.wrong",
        number=3,
        breakdown=message(
            "exercise:score.lines",
            first=message("exercise:score.line", text="Melds", points=40, rule="mille.values"),
            rest=message("exercise:score.line", text="In hand", points=-5, rule="mille.values"),
        ),
        total=35,
    )
    assert render(scored) == (
        "Not 3: Melds (+40, mille.values); In hand (-5, mille.values); 35 in all"
    )
    dealt = message("exercise:next-dealer", who=Seat(0), deal="hand", next=Seat(1))
    assert render(dealt, ("South", "North")) == "South dealt this hand, so North deals next"


def test_mille_goal_answers_are_entries() -> None:
    from cardschool.engine.mille.goals import GOALS

    game = mille.new_game(4)
    answer = dict(GOALS.questions)["card-value"](game, "KS")
    assert answer.why == "The King of spades is worth 10"
    assert (
        messages.catalog_of("mille:goal.worth").entries["mille:goal.worth"].startswith("{card:The}")
    )
