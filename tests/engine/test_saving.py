"""One save format and one reader for every game: the header checked the same way for each.

Each game is saved by ``cardschool.engine.saving``; a damaged save is refused with a
SavedGameError naming the first problem, and no game that exists is changed by it.
"""

from __future__ import annotations

import json
import random

import pytest

from cardschool.engine import games, saving
from cardschool.engine.errors import SavedGameError
from cardschool.engine.games import GAMES, game_spec
from cardschool.engine.protocol import GameLike
from cardschool.engine.session import new_game

GAME_NAMES = tuple(GAMES)


def played(name: str, seed: int, steps: int) -> GameLike:
    """A match of ``name`` after ``steps`` random steps (moves, and next deals between deals)."""
    game = new_game(name, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.match_over:
            break
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


def saved(name: str, **changes: object) -> str:
    """A save of a short game of ``name``, with fields changed (or dropped: ``...``)."""
    data = json.loads(played(name, 1, 12).to_json()) | changes
    return json.dumps({key: value for key, value in data.items() if value is not ...})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_writes_the_same_header(name):
    game = played(name, 3, 30)
    data = json.loads(game.to_json())
    assert tuple(data) == saving.FIELDS
    assert data["format"] == saving.save_format(name) == f"cardschool-{name}"
    assert data["version"] == saving.VERSION and data["seed"] == 3 and data["start"] is None
    assert data["rules"] == game.rules.to_dict() and data["moves"] == game.history
    assert games.read_save(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_save_without_start_is_the_deal_of_its_seed(name):
    game = played(name, 5, 25)
    data = json.loads(game.to_json())
    del data["start"]
    again = game_spec(name).game_type.from_json(json.dumps(data))
    assert again.to_json() == game.to_json() and again.position() == game.position()


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"version": 2}, "saved-game version 2 is unknown"),
        ({"version": "1"}, "saved-game version '1' is unknown"),
        ({"version": True}, "saved-game version True is unknown"),
        ({"extra": 1}, "unknown field(s) in the saved game: extra"),
        ({"moves": ...}, "missing field(s) in the saved game: moves"),
        ({"seed": ...}, "missing field(s) in the saved game: seed"),
        ({"seed": "7"}, "seed: a seed is a whole number"),
        ({"seed": True}, "seed: a seed is a whole number"),
        ({"seed": -1}, "seed: a seed is a whole number from 0 to"),
        ({"rules": {"no_such_variant": 1}}, "rules: unknown"),
        ({"rules": []}, "rules: "),
        ({"start": 12}, "start: must be a position text or null"),
        ({"start": "colour: red"}, "start: not a position"),
        ({"moves": "x"}, "moves: must be a list of move texts"),
        ({"moves": [5]}, "moves: must be a list of move texts"),
        ({"moves": ["no such move"]}, "move 1 ('no such move') cannot be played"),
        ({"moves": ["next"]}, "move 1 (next deal) cannot be played"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_problem(name, changes, words):
    bystander = played(name, 2, 20)
    before = bystander.to_json(), bystander.position()
    with pytest.raises(SavedGameError) as error:
        game_spec(name).game_type.from_json(saved(name, **changes))
    assert words in str(error.value)
    assert (bystander.to_json(), bystander.position()) == before


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("text", ["", "{not json", "[1, 2]", "null", b"\xff", 12])
def test_what_is_not_a_save_is_refused(name, text):
    with pytest.raises(SavedGameError, match="saved"):
        game_spec(name).game_type.from_json(text)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_save_of_another_game_is_refused_by_name(name):
    other = next(n for n in GAME_NAMES if n != name)
    title = game_spec(name).title
    with pytest.raises(SavedGameError, match=f"not a saved {title} game: its format is"):
        game_spec(name).game_type.from_json(saved(other))
    with pytest.raises(SavedGameError, match="a save of an unknown game: its format is 'chess'"):
        games.read_save(saved(name, format="chess"))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_save_with_a_bad_move_keeps_the_moves_before_it_and_names_it(name):
    game = played(name, 3, 14)
    data = json.loads(game.to_json())
    good = len(data["moves"])
    data["moves"] += ["no such move", *data["moves"][:2]]
    cls = game_spec(name).game_type
    with pytest.raises(SavedGameError, match=f"move {good + 1} "):
        saving.read(cls, json.dumps(data))  # read refuses it whole, as before
    kept, bad = saving.read_good(cls, json.dumps(data))
    assert bad is not None and f"move {good + 1} ('no such move')" in str(bad)
    assert kept.to_json() == game.to_json()  # every move before it is there
    assert saving.read_good(cls, game.to_json())[1] is None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_refusal_is_a_message_with_the_problem_inside(name):
    with pytest.raises(SavedGameError) as error:
        game_spec(name).game_type.from_json(saved(name, seed=-1))
    said = error.value.said
    assert (said.id, said.get("field")) == ("saving:field", "seed")
    assert said.get("problem").id == "saving:seed"
    _, bad = saving.read_good(game_spec(name).game_type, saved(name, moves=["next"]))
    assert bad is not None and bad.said.id == "saving:move-refused"
    assert bad.said.get("move").id == "saving:next-deal"
