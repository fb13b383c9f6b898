"""A third game is new folders and one registry line: Duel, defined in the test suite,
gets a session, hints, a deal code, a table picture and a save through the generic code.

Duel (``toy_engine.py``, ``toy_spec.py``, ``toy_widgets.py``) is registered by a fixture
(``conftest.py``) in the engine's registry (``cardschool.engine.games.GAMES``) and the
widgets' (``cardschool.widgets.games``), and taken out after each test. Nothing generic is
changed for it.
"""

from __future__ import annotations

import json
import random

import pytest

from cardschool.engine import dealcode, games, tournament
from cardschool.engine.bots import make_bot
from cardschool.engine.errors import IllegalMoveError, InvalidMoveError, SavedGameError
from cardschool.engine.games import GAMES, game_spec, spec_for_prefix
from cardschool.engine.judgement import clear_best
from cardschool.engine.protocol import GameLike, ViewLike
from cardschool.engine.rulebook import entries
from cardschool.engine.session import Session, SessionError


def test_the_registry_takes_duel_and_lets_it_go(duel):
    assert game_spec("duel") is duel.SPEC and spec_for_prefix("DUE") is duel.SPEC
    assert list(GAMES)[-1] == "duel"
    game = duel.new_game(3)
    assert isinstance(game, GameLike) and isinstance(game.view(0), ViewLike)
    assert [entry.id for entry in entries("duel")] == [e.id for e in duel.RULEBOOK]


def test_without_the_fixture_there_is_no_duel():
    assert "duel" not in GAMES
    with pytest.raises(ValueError, match="unknown game 'duel'"):
        Session.new("duel", seed=1)


def test_a_session_plays_a_match_with_a_bot_undo_and_redo(duel):
    session = Session.new("duel", seed=7, seats=("human", "basic"))
    assert session.names == ("You", "North") and session.spec is duel.SPEC
    deals = 0
    while True:
        session.run_bots()
        if session.match_over:
            break
        if session.deal_over:
            session.next_deal()
            deals += 1
            continue
        hand = session.view(0).hand
        step = session.play(hand[0].text)
        assert step.rule == "duel.play" and step.text == f"You play {hand[0].the}."
    assert max(session.game.totals) == 2 and deals >= 1
    assert all(step.text for step in session.steps)
    before = session.to_json()
    session.undo()
    assert not session.match_over and session.can_redo
    session.redo()
    assert session.to_json() == before


def test_hints_and_refusals_come_from_the_one_decision(duel):
    session = Session.new("duel", seed=2, seats=("human", "human"))
    mover = session.to_move
    hints = session.hints()
    assert {h.move for h in hints} == {str(m) for m in session.legal_moves()}
    assert all(h.legal and h.rule == "duel.play" for h in hints)
    held = {card.text for card in session.view(mover).hand}
    other = next(card.text for card in duel.DECK if card.text not in held)
    why = session.explain(other)
    assert not why.legal and why.rule == "duel.play"
    before = session.to_json()
    with pytest.raises(IllegalMoveError) as refused:
        session.play(other)
    assert refused.value.rule == "duel.play" and session.to_json() == before
    with pytest.raises(InvalidMoveError):
        session.play("joker")
    with pytest.raises(SessionError):
        session.play(next(iter(held)), seat=1 - mover)
    assert session.to_json() == before


def test_a_deal_code_carries_the_seed_the_variants_and_the_bots(duel):
    rules = duel.Rules(target=3, low_wins=True)
    session = Session(duel.new_game(4242, rules), ("human", "expert"), bot_seed=4242)
    code = session.code
    assert code.startswith("DUE-") and dealcode.read(code) == dealcode.DealCode(
        "duel", 4242, {"target": 3, "low_wins": True}, "expert"
    )
    again = Session.from_code(code.lower())
    assert again.game == session.game and again.seats == ("human", "expert")
    said = "Expert bots; not the rulebook's rules: target: 3; low wins: yes"
    assert session.variant_words == said
    assert Session.new("duel", seed=9).code == "DUE-0009"


def test_bots_play_from_a_view_at_every_level(duel):
    game = duel.new_game(11)
    for level in ("random", "basic", "expert"):
        bot = make_bot("duel", level)
        choice = bot.choose(game.view(game.to_move).to_dict(), random.Random(1))
        assert choice.move in {str(m) for m in game.legal_moves()} and choice.reason


def test_a_save_is_written_and_read_by_the_generic_save_format(duel):
    game = duel.new_game(5, duel.Rules(target=3))
    rng = random.Random(5)
    while not game.match_over:
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
    text = game.to_json()
    assert json.loads(text)["format"] == "cardschool-duel"
    assert duel.Game.from_json(text) == game and games.read_save(text) == game
    data = json.loads(text)
    with pytest.raises(SavedGameError, match="move 1"):
        duel.Game.from_json(json.dumps(data | {"moves": ["joker", *data["moves"]]}))
    with pytest.raises(SavedGameError, match="format"):
        duel.Game.from_json(json.dumps(data | {"format": "cardschool-chess"}))


def test_a_session_save_reads_back_through_the_registry(duel):
    session = Session.new("duel", seed=8, seats=("human", "random"))
    session.run_bots()
    session.play(session.legal_moves()[0])
    session.run_bots()
    again = Session.from_json(session.to_json())
    assert again.to_json() == session.to_json() and again.kind == "duel"


def test_the_table_picture_of_a_duel(duel_tables):
    from cardschool.widgets.picture import Marks, picture
    from cardschool.widgets.state import check_state

    session = Session.new("duel", seed=3, seats=("human", "basic"))
    session.run_bots()
    state = picture(session, 0, Marks(hints_open=True))
    assert state.game == "duel" and isinstance(state.table, duel_tables.DuelBoard)
    assert [c.card for c in state.hand] == [c.text for c in session.view(0).hand]
    assert all(c.legal and c.rule == "duel.play" for c in state.hand)
    assert state.code == session.code and state.codebox.example.startswith("DUE-")
    assert [h.move for h in state.hints] == [f"Play {c.card}" for c in state.hand]
    assert check_state(state.to_dict()) == state.to_dict()


def test_a_duel_table_widget_plays_a_click(duel, duel_tables):
    session = Session.new("duel", seed=3, seats=("human", "basic"))
    table = duel_tables.DuelTable(session, speed=0)
    state = table.state
    assert state["game"] == "duel" and set(table.faces) >= {c.text for c in duel.DECK}
    card = state["hand"][0]["card"]
    table.handle_intent({"type": "card", "card": card, "index": 0, "rev": state["rev"]})
    assert card not in [c["card"] for c in table.state["hand"]]
    kept = table.kept["save"]
    assert kept
    again = duel_tables.DuelTable(Session.new("duel", seed=99, seats=("human", "basic")))
    again.handle_intent({"type": "resume", "save": kept, "query": "", "rev": again.state["rev"]})
    assert again.session.to_json() == table.session.to_json()
    assert again.state["message"]["text"].startswith(f"Continued your game {session.code}")


def test_replay_judgement_and_tournament_take_duel_too(duel):
    session = Session.new("duel", seed=12, seats=("human", "random"))
    session.run_bots()
    held = [card.text for card in session.view(0).hand]
    session.play(held[0])
    session.run_bots()
    replay = session.replay()
    assert len(replay.frames) == 3 and replay.at_start
    assert replay.forward().step.move in {*held, *(c.text for c in duel.DECK)}
    assert all("duel.play" in line for line in replay.narration())
    game = duel.new_game(21)
    judged = clear_best(game, deals=40)
    stronger, weaker = sorted(game.hand(game.to_move), key=lambda card: card.rank, reverse=True)
    strong, weak = judged.value_of(stronger.text), judged.value_of(weaker.text)
    assert judged.measure == "the deal won" and strong.value >= weak.value
    summary = tournament.run("duel", "basic", "random", deals=10, seed=3)
    assert summary.deals == 20 and summary.won > summary.lost  # each deal twice, seats swapped
