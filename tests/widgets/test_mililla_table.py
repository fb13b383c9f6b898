"""The Mililla table over a session, driven by the messages a browser sends.

Positions are readable text (``engine/mililla/position.py``). The bots are ``random``;
on ``PacedMililla`` tables the test runs their queued moves one at a time, as the
kernel's timers would.
"""

from __future__ import annotations

import random

from table_driver import Paced, click_card, message, refused, send, told

from cardschool.engine.languages import SOURCE, speak
from cardschool.engine.mililla import Game
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable

BOTS = ["human", "random", "random", "random"]
# East deals and turns up the 5 of coins; North leads, then West, South (you) and East.
NORTH_LEADS = """
dealer East
trump 5O
South: 4C JC 6O 3E 5E KB 5B 4B 2B AB
East: 7O KE 6C 7E 3O KO AO AE 4E 5O
North: 6E JB 6B 4O JO HB 2O 5C 2E KC
West: 7C 3B HE JE HC HO AC 7B 3C 2C
"""
# South deals and turns up the King of swords: 3 points for South and North at once.
YOU_DEAL = """
dealer South
trump KE
South: 4C JC 6O 3E 5E KB 5B 4B 2B KE
East: 7O AB 6C 7E 3O KO AO AE 4E 5O
North: 6E JB 6B 4O JO HB 2O 5C 2E KC
West: 7C 3B HE JE HC HO AC 7B 3C 2C
"""


class PacedMililla(Paced, MilillaTable):
    """A Mililla table whose bot moves wait for the test."""


def table_at(position: str, table: type = MilillaTable, **options) -> MilillaTable:
    """A table for South (the learner) over a position, the others random bots."""
    return table(Session(Game.from_position(position), BOTS), **options)


def legal_cards(table: MilillaTable) -> list[str]:
    return [entry["card"] for entry in table.state["hand"] if entry["legal"]]


def test_every_hand_card_carries_the_engines_verdict():
    table = table_at(NORTH_LEADS)
    state = table.state
    assert table.session.to_move == 0 and not state["busy"]
    game = table.session.game
    for entry in state["hand"]:
        said = game.explain(entry["card"])
        assert (entry["legal"], entry["why"], entry["rule"]) == (said.legal, said.text, said.rule)
        assert entry["name"].endswith(("coins", "cups", "swords", "clubs"))
    assert len(state["table"]["trick"]) == 2  # North and West have played
    assert [s["position"] for s in state["seats"]] == ["south", "east", "north", "west"]
    assert [s["team"] for s in state["seats"]] == [0, 1, 0, 1]


def test_the_trump_is_on_show_and_the_face_up_card_in_the_dealers_hand():
    table = table_at(NORTH_LEADS)
    trump = table.state["table"]["trump"]
    assert trump == {"suit": "O", "name": "coins", "card": "5O", "seat": 1}
    east = table.state["seats"][1]
    assert east["dealer"] and east["known"] == ["5O"]
    assert all(not seat["known"] for seat in table.state["seats"] if seat["seat"] != 1)


def test_the_face_up_card_shows_once_when_you_deal():
    table = table_at(YOU_DEAL)
    south = table.state["seats"][0]
    assert south["dealer"] and south["known"] == []  # it is in your hand, shown there once
    face_up = table.state["table"]["trump"]["card"]
    assert [entry["card"] for entry in table.state["hand"]].count(face_up) == 1


def test_the_trump_and_the_bonus_are_announced_at_the_deal():
    table = table_at(YOU_DEAL)
    shown = message(table)
    assert shown["kind"] == "announce" and shown["rule"] == "mililla.deal"
    assert "swords are trumps" in shown["text"] and "points" not in shown["text"]
    bonus = shown["more"][0]  # the bonus follows, with its own rule's chip
    assert bonus["rule"] == "mililla.bonus" and "3 points" in bonus["text"]
    assert table.state["scores"]["totals"] == [3, 0]
    plain = table_at(NORTH_LEADS)  # the 5 of coins has no points: no bonus
    assert message(plain)["rule"] == "mililla.deal" and message(plain)["kind"] == "announce"
    assert "coins are trumps" in message(plain)["text"]


def test_an_illegal_card_is_refused_with_its_reason_and_rule():
    table = table_at(NORTH_LEADS)
    entry = next(e for e in table.state["hand"] if not e["legal"])
    shown = refused(table, lambda: click_card(table, entry["card"]))
    assert (shown["text"], shown["rule"]) == (entry["why"], entry["rule"])
    assert shown["rule"].startswith("mililla.")


def test_forged_and_out_of_turn_messages_change_nothing():
    table = table_at(NORTH_LEADS, PacedMililla)
    assert table.state["busy"] and table.session.to_move == 2
    refused(table, lambda: click_card(table, "4C"))  # the bots are moving
    while table.session.to_move != 0:
        table.run_next()
    refused(table, lambda: send(table, type="card", card="KO"))  # East's card
    refused(table, lambda: send(table, type="card", card="XX"))
    refused(table, lambda: send(table, type="select", cards=["4C"]))  # nothing to select
    refused(table, lambda: send(table, type="action", action="stock"))
    refused(table, lambda: send(table, type="undo"))  # nothing to undo yet
    refused(table, lambda: send(table, type="hello"))


def test_bots_play_one_at_a_time_and_the_trick_stays_before_it_is_gathered():
    table = table_at(NORTH_LEADS, PacedMililla, speed=400)
    sizes = []
    while table.session.to_move != 0:
        assert table.state["busy"]
        assert table.waiting[0][1] is None  # the table's own delay
        table.run_next()
        sizes.append(len(table.state["table"]["trick"]))
    assert sizes == [1, 2] and not table.state["busy"]
    click_card(table, legal_cards(table)[0])
    assert table.state["busy"] and len(table.state["table"]["trick"]) == 3
    table.run_next()  # East completes the trick
    state = table.state
    winner = table.session.view(0).last_trick.winner
    assert len(state["table"]["trick"]) == 4 and state["table"]["winning"] == winner
    assert state["busy"] and state["message"]["rule"] == "mililla.trick"
    assert state["table"]["last_trick"] is None
    assert table.waiting[0][1] == 600  # on show for 1.5 times the delay
    table.run_next()
    state = table.state
    if table.session.to_move == 0:
        assert state["table"]["trick"] == [] and not state["busy"]
    else:
        assert len(state["table"]["trick"]) <= 1
    assert state["table"]["last_trick"]["winner"] == winner


def test_hints_list_the_legal_cards_and_the_coach_advises():
    table = table_at(NORTH_LEADS)
    send(table, type="hint")
    hints = table.state["hints"]
    assert [h["cards"][0] for h in hints] == legal_cards(table)
    assert all(h["group"] == "Play" and h["rule"].startswith("mililla.") for h in hints)
    speak("fr")  # the group in the page's language, as the engine names it
    try:
        table.refresh()
        assert {h["group"] for h in table.state["hints"]} == {"Jouer"}
    finally:
        speak(SOURCE)
        table.refresh()
    table.session.budget = 8  # a quick coach
    send(table, type="coach")
    coach = table.state["coach"]
    assert coach["move"].startswith("Play the ") and coach["text"] and coach["rule"]
    send(table, type="coach")
    assert table.state["coach"] is None


def test_a_full_round_by_clicks_to_the_breakdown_and_the_next_round():
    table = MilillaTable(Session.new("mililla", seed=21, seats=BOTS), hints=True)
    rng = random.Random(5)
    plays = 0
    while table.state["result"] is None:
        assert not table.state["busy"] and table.session.to_move == 0
        assert len(table.state["hints"]) == len(legal_cards(table))
        click_card(table, rng.choice(legal_cards(table)))
        assert message(table) is None or message(table)["kind"] != "error"
        plays += 1
    assert plays == 10
    result = table.state["result"]
    lines = {line["label"]: line for line in result["lines"]}
    cards, tricks = lines["Card points"]["value"], lines["Tricks won, 1 point each"]["value"]
    points = lines["Points this round (70 in all)"]["value"]
    assert [c + t for c, t in zip(cards, tricks, strict=True)] == points
    assert sum(points) == 70 and sum(tricks) == 10
    assert lines["Round score: points over 35"]["rule"] == "mililla.round.score"
    assert lines["Round score: points over 35"]["value"] == [max(p - 35, 0) for p in points]
    assert lines["Game score"]["value"] == table.state["scores"]["totals"]
    assert result["next"] == "Next round"
    assert table.state["hand"] == []
    send(table, type="next")
    assert table.state["result"] is None and table.session.view(0).deal_number == 2
    assert message(table)["kind"] == "announce"


def test_the_state_never_depends_on_the_others_hidden_cards():
    session = Session(Game.from_position(NORTH_LEADS), BOTS)
    session.run_bots()
    view = session.view(0)
    states = []
    for seed in (1, 2):
        game = Game.from_view(view, random.Random(seed))
        table = MilillaTable(Session(game, BOTS), hints=True)
        states.append(
            {k: v for k, v in table.table_state().to_dict().items() if k not in ("code", "codebox")}
        )
    assert states[0] == states[1]


def test_the_game_ends_with_the_winning_team_then_a_new_game():
    close = NORTH_LEADS.replace("dealer East", "round 4\ndealer East\nscores 34 34")
    table = table_at(close)
    rng = random.Random(2)
    while table.state["result"] is None:
        click_card(table, rng.choice(legal_cards(table)))
    final = table.session.game.match_result()
    result = table.state["result"]
    assert final is not None  # this deal ends the match (35 to 35 would not)
    teams = ("Your team", "Their team")
    assert result["title"] == f"{teams[final['winner']]} wins the game!"  # never "match"
    assert result["next"] == "New game" and result["lines"][-1]["rule"] == "mililla.game.end"
    send(table, type="next")
    fresh = table.session.view(0)
    assert not table.session.match_over and fresh.deal_number == 1
    assert fresh.totals_before == (0, 0) and table.state["result"] is None


def test_the_status_line_tells_the_whole_trick_after_the_learners_card():
    table = MilillaTable(Session(Game.from_position(NORTH_LEADS), BOTS))
    assert table.session.to_move == 0  # North and West have led and followed
    first = [s.text for s in table.session.steps if s.seat is not None]
    assert all(text.rstrip(".") in told(table) for text in first)
    card = next(c["card"] for c in table.state["hand"] if c["legal"])
    click_card(table, card)
    text = told(table)
    assert text.startswith("You ")
    assert message(table)["rule"] == "mililla.trick"  # on show: who won the trick
    east = next(s for s in table.session.steps if s.seat == 1)
    assert east.text.rstrip(".") in text  # the bot after you, then who won the trick
    assert " the trick with " in text
