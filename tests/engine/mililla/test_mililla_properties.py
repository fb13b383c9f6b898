"""Properties over many seeded random rounds, recounted independently of the engine."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardschool.engine import IllegalMoveError, SavedGameError, mililla
from cardschool.engine.cards import spanish_deck
from cardschool.engine.rulebook import RULES

ROUNDS = int(os.environ.get("MILILLA_ROUNDS", "1000"))
"""Random rounds in the big property test; set MILILLA_ROUNDS=20000 for a long run."""
DECK = {str(card) for card in spanish_deck()}
VARIANTS = [
    mililla.Rules(),
    mililla.Rules(traditional_rank=True),
    mililla.Rules(clockwise=True),
    mililla.Rules(bonus_after_round=True),
    mililla.Rules(seven_rule="earlier-tricks"),
    mililla.Rules(seven_rule="off", traditional_rank=True),
]
VALUE = {"7": 5, "A": 4, "K": 3, "H": 2, "J": 1}
STRONG_FIRST = {False: list("KHJ765432A"), True: list("7AKHJ65432")}


def trick_winner(plays: list[tuple[int, str]], trump: str, traditional: bool) -> int:
    """Our own reading of mililla.trick: the highest trump, else the highest of the suit led."""
    order = STRONG_FIRST[traditional]

    def key(card: str) -> tuple[int, int]:
        rank, suit = card[:-1], card[-1]
        tier = 2 if suit == trump else 1 if suit == plays[0][1][-1] else 0
        return (tier, -order.index(rank))

    return max(plays, key=lambda play: key(play[1]))[0]


def recount(view: mililla.View, traditional: bool) -> list[int]:
    """Each team's card points plus one per trick, from the public record of play alone."""
    points = [0, 0]
    played = [(p.seat, str(p.card)) for p in view.played]
    for start in range(0, 40, 4):
        trick = played[start : start + 4]
        winner = trick_winner(trick, view.trump.value, traditional)
        points[winner % 2] += 1 + sum(VALUE.get(card[:-1], 0) for _seat, card in trick)
    return points


def play_round(game: mililla.Game, rng: random.Random) -> None:
    """Random legal cards to the end of the round, checking that all 40 cards stay accounted for."""
    played: list[str] = []
    while game.phase is mililla.Phase.PLAY:
        held = [str(card) for seat in range(4) for card in game.hand(seat)]
        assert len(held) + len(played) == 40 and set(held) | set(played) == DECK
        move = rng.choice(game.legal_moves())
        played.append(str(move))
        game.play(move)


def test_thousand_random_rounds_cards_points_and_the_35_rule():
    rounds = 0
    seed = 0
    while rounds < ROUNDS:
        rules = VARIANTS[seed % len(VARIANTS)]
        game = mililla.new_game(seed, rules)
        rng = random.Random(seed)
        seed += 1
        while True:
            play_round(game, rng)
            rounds += 1
            result = game.deal_result()
            view = game.view(0)
            assert view.deal_result.to_dict() == result
            points = recount(view, rules.traditional_rank)
            assert result["points"] == points and sum(points) == 70
            assert sum(result["card_points"]) == 60 and sum(result["tricks"]) == 10
            gained = [p - 35 if p >= 36 else 0 for p in points]
            assert result["round_score"] == gained
            bonus = result["bonus"]
            scored = list(gained)
            if bonus["status"] == "added":
                scored[bonus["team"]] += bonus["value"]
            assert result["scores"] == scored
            expected = [result["totals_before"][t] + scored[t] for t in (0, 1)]
            assert result["totals"] == expected == list(game.totals)
            if game.match_over:
                winner = game.winner
                assert game.totals[winner] >= rules.target
                assert max(game.totals) >= rules.target
                assert game.match_result()["totals"] == list(game.totals)
                break
            assert max(game.totals) < rules.target
            game.next_deal()
            if rounds >= ROUNDS:
                break


def test_legal_moves_explain_and_play_agree():
    for seed in range(150):
        rules = VARIANTS[seed % len(VARIANTS)]
        game = mililla.new_game(1000 + seed, rules)
        rng = random.Random(seed)
        while game.phase is mililla.Phase.PLAY:
            legal = set(game.legal_moves())
            for card in game.hand(game.to_move):
                move = mililla.Move(card)
                why = game.explain(move)
                assert why.rule in RULES
                assert why.legal == (move in legal), (why, game.position())
                trial = game.clone()
                if why.legal:
                    trial.play(move)
                else:
                    before = trial.position()
                    try:
                        trial.play(move)
                    except IllegalMoveError as error:
                        assert error.rule == why.rule
                    else:
                        raise AssertionError(f"{move} was played although {why}")
                    assert trial.position() == before and trial.legal_moves() == game.legal_moves()
            game.play(rng.choice(sorted(legal, key=str)))


rules_strategy = st.builds(
    mililla.Rules,
    traditional_rank=st.booleans(),
    clockwise=st.booleans(),
    bonus_after_round=st.booleans(),
    seven_rule=st.sampled_from(mililla.SEVEN_RULES),
    target=st.integers(5, 60),
)


def advance(game: mililla.Game, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.match_over:
            return
        if game.deal_over:
            game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_strategy, steps=st.integers(0, 120))
def test_json_position_and_clone_round_trips(seed, rules, steps):
    game = mililla.new_game(seed, rules)
    rng = random.Random(seed)
    advance(game, steps, rng)
    again = mililla.Game.from_json(game.to_json())
    assert again == game and again.position() == game.position()
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    copy = game.clone()
    assert copy == game
    advance(copy, 5, random.Random(seed + 1))
    assert mililla.Game.from_json(game.to_json()) == game  # the original did not move
    if copy.history != game.history:
        assert copy != game
    positioned = mililla.Game.from_position(game.position(), rules, seed)
    assert positioned.position() == game.position()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), junk=st.text(max_size=40))
def test_bad_json_is_refused_and_changes_nothing(seed, steps, junk):
    game = mililla.new_game(seed)
    advance(game, steps, random.Random(seed))
    saved = game.to_json()
    data = json.loads(saved)
    with pytest.raises(SavedGameError) as refused:
        mililla.Game.from_json(junk)  # no 40 characters make a saved game
    assert str(refused.value).strip()
    tampered = json.dumps(data | {"moves": [*data["moves"], junk]})
    probe = game.clone()
    try:
        probe.play(junk)
    except ValueError:  # junk is no legal move here: the save naming it is refused
        with pytest.raises(SavedGameError, match=f"move {len(data['moves']) + 1}\\b"):
            mililla.Game.from_json(tampered)
    else:  # junk happens to be a legal move: the save reads as that move played
        assert mililla.Game.from_json(tampered) == probe
    assert game.to_json() == saved and mililla.Game.from_json(saved) == game
    spaced = json.dumps(json.loads(saved), indent=2, sort_keys=True)
    assert mililla.Game.from_json(spaced) == game  # layout and key order do not matter
    assert mililla.Game.from_json(saved.encode()) == game


BROKEN = {
    "format": (lambda d: d | {"format": "cardschool-mille"}, "format"),
    "version": (lambda d: d | {"version": 2}, "version"),
    "unknown field": (lambda d: d | {"cheat": True}, "cheat"),
    "missing field": (lambda d: {k: v for k, v in d.items() if k != "seed"}, "seed"),
    "seed": (lambda d: d | {"seed": "7"}, "seed"),
    "rules": (lambda d: d | {"rules": {"target": "lots"}}, "rules"),
    "moves": (lambda d: d | {"moves": "all of them"}, "moves"),
    "start": (lambda d: d | {"start": 3}, "start"),
    "a card played twice": (lambda d: d | {"moves": [*d["moves"][:1], *d["moves"][:1]]}, "move 2"),
}


@pytest.mark.parametrize("broken", BROKEN, ids=str)
def test_each_kind_of_broken_save_is_refused_naming_the_problem(broken):
    game = mililla.new_game(5)
    advance(game, 6, random.Random(5))
    saved = game.to_json()
    change, named = BROKEN[broken]
    with pytest.raises(SavedGameError, match=re.escape(named)):
        mililla.Game.from_json(json.dumps(change(json.loads(saved))))
    assert game.to_json() == saved and mililla.Game.from_json(saved) == game


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_every_variant_saved_reads_back(rules):
    game = mililla.new_game(21, rules)
    advance(game, 50, random.Random(21))
    again = mililla.Game.from_json(game.to_json())
    assert again == game and again.rules == rules and again.history == game.history


def test_every_rule_id_the_engine_can_emit_is_in_the_rulebook():
    source = "\n".join(path.read_text() for path in Path(mililla.__file__).parent.rglob("*.py"))
    quoted = set(re.findall(r"[\"'](mililla\.[a-z.-]+)[\"']", source))
    assert quoted and quoted <= set(RULES), quoted - set(RULES)
    emitted = set()
    for seed in range(30):
        game = mililla.new_game(seed, VARIANTS[seed % len(VARIANTS)])
        rng = random.Random(seed)
        while not game.match_over and game.deal_number < 3:
            if game.deal_over:
                emitted.add(game.explain("KO").rule)
                game.next_deal()
                continue
            for card in spanish_deck():
                emitted.add(game.explain(card).rule)
            move = rng.choice(game.legal_moves())
            emitted.add(game.narrate(move).rule)
            game.play(move)
        emitted |= {event.rule for event in game.view(0).log}
        emitted.add(game.explain("next").rule)
    assert emitted <= set(RULES)
    plays = {"mililla.lead", "mililla.follow", "mililla.beat", "mililla.free", "mililla.seven"}
    assert plays | {"mililla.deal", "mililla.trick", "mililla.round.score"} <= emitted
