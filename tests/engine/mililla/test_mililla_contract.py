"""The GameLike contract shared with Mille: members, history, clones and equality."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardschool.engine import SavedGameError, mililla
from cardschool.engine.dealcode import MAX_SEED
from cardschool.engine.mililla import bots
from cardschool.engine.mililla.state import State
from cardschool.engine.protocol import DEAL_OVER_MOVE, GameLike


def test_game_keeps_the_contract():
    game = mililla.new_game(1)
    assert isinstance(game, GameLike)
    assert (game.kind, game.seats, game.seed) == ("mililla", 4, 1)
    assert isinstance(game.rules, mililla.Rules)
    assert game.phase is mililla.Phase.PLAY and game.phase.value == "play"
    assert [phase.value for phase in mililla.Phase] == ["play", "round-over", "match-over"]
    assert game.deal_result() is None and game.match_result() is None
    assert mililla.Game(1) == game  # the constructor is new_game
    with pytest.raises(TypeError):
        hash(game)


def test_history_records_cards_and_next_between_rounds():
    game = mililla.new_game(2)
    rng = random.Random(2)
    while game.phase is mililla.Phase.PLAY:
        game.play(rng.choice(game.legal_moves()))
    assert len(game.history) == 40
    game.next_deal()
    assert game.history[-1] == DEAL_OVER_MOVE
    game.play(game.legal_moves()[0])
    assert len(game.history) == 42
    replayed = mililla.new_game(2)
    for move in game.history:
        replayed.play(move)  # "next" is accepted by play() too
    assert replayed == game and replayed.position() == game.position()


def test_clone_copies_everything_and_is_independent():
    game = mililla.new_game(4)
    rng = random.Random(4)
    for _ in range(13):
        game.play(rng.choice(game.legal_moves()))
    copy = game.clone()
    for name in State.__slots__:
        assert getattr(copy.state, name) == getattr(game.state, name), name
    assert copy.state.hands is not game.state.hands and copy.state.trick is not game.state.trick
    before = game.position()
    while copy.phase is mililla.Phase.PLAY:
        copy.play(rng.choice(copy.legal_moves()))
    copy.next_deal()
    assert game.position() == before and game.deal_number == 1
    assert copy != game


def test_play_accepts_moves_cards_and_text():
    game = mililla.new_game(5)
    first = game.legal_moves()[0]
    for form in (first, first.card, str(first), f"play {first}"):
        trial = game.clone()
        trial.play(form)
        assert trial.history == [str(first)]
    with pytest.raises(ValueError):
        game.play(3.5)  # type: ignore[arg-type]


def test_one_name_per_concept_and_no_old_aliases():
    game = mililla.new_game(6)
    assert game.deal_number == 1 and len(game.totals) == 2
    for old in ("round", "scores", "next_round"):
        assert not hasattr(game, old), old
    view = game.view(0).to_dict()
    assert {"deal", "totals", "totals_before"} <= set(view)
    assert not {"round", "scores", "round_start_scores"} & set(view)


@pytest.mark.parametrize("seed", ["7", 7.0, True, False, -1, MAX_SEED + 1])
def test_a_bad_seed_is_a_value_error_in_the_shared_words(seed):
    words = rf"^a seed is a whole number from 0 to {MAX_SEED}, not {re.escape(repr(seed))}$"
    with pytest.raises(ValueError, match=words):
        mililla.new_game(seed)
    with pytest.raises(ValueError, match=words):
        mililla.Game(seed)
    with pytest.raises(ValueError, match=words):
        mililla.Game.from_position(mililla.new_game(1).position(), seed=seed)


def test_a_saved_game_with_a_bad_seed_is_refused_as_a_saved_game_error():
    data = json.loads(mililla.new_game(1).to_json())
    for seed in (-1, MAX_SEED + 1):
        with pytest.raises(SavedGameError, match="seed"):
            mililla.Game.from_json(json.dumps(dict(data, seed=seed)))
    assert mililla.new_game(MAX_SEED).seed == MAX_SEED


def test_the_package_has_the_shared_shape():
    assert {"SEAT_NAMES", "Rules", "Move", "Phase", "Game", "View", "new_game"} <= set(
        mililla.__all__
    )
    folder = Path(mililla.__file__).parent
    assert not list(folder.glob("bot_*.py")) and not (folder / "bots.py").exists()
    modules = {path.stem for path in (folder / "bots").glob("*.py")}
    assert modules == {
        "__init__",
        "estimates",
        "knowledge",
        "levels",
        "messages",
        "model",
        "policy",
        "search",
        "words",
    }
    assert bots.make_bot("basic").level == "basic"
    assert isinstance(mililla.new_game(1).state, State)


def test_no_module_reads_another_objects_private_fields():
    """The modules share public fields only (a class may still fill in its own new copy)."""
    folder = Path(mililla.__file__).parent
    for path in folder.rglob("*.py"):
        source = path.read_text()
        found = re.findall(r"\b(?!self\b|cls\b|copy\b)([a-z_]+)\._(?!_)[a-z]\w*", source)
        assert not found, (path.name, found)
