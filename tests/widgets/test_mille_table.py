"""The Mille table over a session, driven by the messages a browser sends.

Positions are readable text (``engine/mille/position.py``); the bots are ``random`` and
move at once (no event loop in tests), except on ``PacedMille`` tables where the test
runs the bots' queued acts one at a time.
"""

from __future__ import annotations

import json
import random

import pytest
from table_driver import (
    Paced,
    action,
    click_card,
    from_browser,
    message,
    press,
    refused,
    send,
    told,
)

from cardschool.engine.cards import FrenchCard
from cardschool.engine.messages import Seat
from cardschool.engine.messages import message as said_of
from cardschool.engine.mille import Game, Move
from cardschool.engine.mille.messages import Count, Face
from cardschool.engine.mille.tables import face_of
from cardschool.engine.session import Session
from cardschool.widgets import MilleTable
from cardschool.widgets.picture import LOG_LENGTH
from cardschool.widgets.picture import told as told_to

PILE_OF_NINES = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD 2C 4H 4S KD 7C 8D 3S 6H AC
North hand: +15
pile: 4D 3C 9S
"""
TWO_MELDS = """
to move: South
phase: meld
South hand: 9H 5D QS 2C 4H
South melds: KH KS KC | 7H 7S 7D
North hand: +15
pile: 3C
"""
BIG_MELDS = """
to move: South
phase: meld
South hand: 5D JS 4H 9C
South melds: KH KH KS KS KD KD KC | QH QH QS QS QD QD QC QC
North hand: +15
pile: 3C
"""
FIRST_TWO = """
to move: South
phase: draw
first turn: yes
South hand: 9H 9C 5D QS JD 4H 4S KD 7C 8D 3S 6H AC 10D 10S
North hand: +15
pile: 2D
"""


class PacedMille(Paced, MilleTable):
    """A Mille table whose bot moves wait for the test."""


def table_at(position: str, **options) -> MilleTable:
    """A table for South (the learner) over a position, North a random bot."""
    return MilleTable(Session(Game.from_position(position), ["human", "random"]), **options)


def hand(table: MilleTable) -> list[str]:
    return [entry["card"] for entry in table.state["hand"]]


def my_melds(table: MilleTable) -> dict[str, list[str]]:
    return {meld["rank"]: meld["cards"] for meld in table.state["table"]["melds"][0]}


def test_the_state_is_the_learners_view_and_the_legal_options_are_marked():
    table = table_at(PILE_OF_NINES)
    state = table.state
    view = table.session.view(0)
    assert (
        hand(table) == [str(card) for card in view.hand]
        and state["seat"] == 0
        and not state["busy"]
    )
    assert state["table"]["pile"] == ["4D", "3C", "9S"]
    assert [seat["hand_size"] for seat in state["seats"]] == [14, 15]
    assert [seat["position"] for seat in state["seats"]] == ["south", "north"]
    legal = {entry["card"] for entry in state["hand"] if entry["legal"]}
    assert legal == {"9H", "9C"}  # the cards that can take the pile (mille.draw.pile)
    assert action(table, "stock")["legal"] and action(table, "pile")["legal"]
    assert action(table, "pile")["rule"] == "mille.draw.pile"
    discard = action(table, "discard")
    assert not discard["legal"] and discard["rule"] == "mille.turn"
    json.dumps(state)


def test_a_pile_click_takes_the_pile_with_the_selected_pair():
    table = table_at(PILE_OF_NINES)
    click_card(table, "9H")
    click_card(table, "9C")
    assert table.state["table"]["selected"] == ["9H", "9C"]
    press(table, "pile")
    assert my_melds(table) == {"9": ["9S", "9H", "9C"]}
    assert "4D" in hand(table) and "3C" in hand(table) and table.state["table"]["pile"] == []
    assert table.state["table"]["selected"] == []
    assert table.state["log"][-1]["rule"] == "mille.draw.pile"
    assert table.state["log"][-1]["text"].startswith("You take the pile of 3 cards with 9♥ 9♣")
    assert table.state["prompt"].startswith("Meld or add")


def test_a_pile_click_without_a_selection_plays_the_first_legal_pile_move():
    table = table_at(PILE_OF_NINES)
    first = next(m for m in table.session.game.legal_moves() if str(m).startswith("pile"))
    press(table, "pile")
    assert table.session.steps[-1].move == str(first)


def test_the_turned_up_two_is_its_own_button_on_the_first_turn():
    table = table_at(FIRST_TWO)
    take = action(table, "take")
    assert take["legal"] and take["rule"] == "mille.draw.first-two" and "2♦" in take["label"]
    press(table, "take")
    assert "2D" in hand(table) and table.session.steps[-1].move == "take 2D"
    assert action(table_at(PILE_OF_NINES), "take") is None


def test_select_meld_and_discard():
    table = table_at(TWO_MELDS)
    click_card(table, "9H")
    assert action(table, "discard")["legal"] and action(table, "pile")["legal"]
    click_card(table, "9H")  # unselect
    assert table.state["table"]["selected"] == []
    send(table, type="select", cards=["4H", "5D"])
    assert table.state["table"]["selected"] == ["5D", "4H"]
    assert not action(table, "meld")["legal"]
    shown = refused(table, lambda: press(table, "meld"))
    assert shown["rule"] == "mille.meld.set" and shown["text"] == action(table, "meld")["why"]
    send(table, type="select", cards=["QS"])
    press(table, "discard")
    assert "QS" not in hand(table)
    assert table.session.steps[0].move == "discard QS"


def test_twos_alone_join_the_meld_the_learner_picks():
    table = table_at(TWO_MELDS)
    click_card(table, "2C")
    add = action(table, "add")
    assert not add["legal"] and add["rule"] == "mille.meld.own" and "Pick the meld" in add["why"]
    assert action(table, "add-to-k")["legal"] and action(table, "add-to-7")["legal"]
    refused(table, lambda: press(table, "add"))
    press(table, "add-to-7")
    assert my_melds(table)["7"] == ["7H", "7S", "7D", "2C"] and "2C" not in hand(table)


def test_naturals_join_the_meld_of_their_rank_with_add():
    table = table_at(TWO_MELDS.replace("9H 5D", "KD 5D"))
    click_card(table, "KD")
    assert action(table, "add")["legal"] and action(table, "add-to-k") is None
    press(table, "add")
    assert my_melds(table)["K"] == ["KH", "KS", "KC", "KD"]


def test_a_seven_card_meld_is_bunched_and_a_natural_eight_face_down():
    melds = table_at(BIG_MELDS).state["table"]["melds"][0]
    assert [(m["rank"], m["bunched"], m["face_down"]) for m in melds] == [
        ("K", True, False),
        ("Q", False, True),
    ]


def test_two_cards_left_is_announced():
    table = table_at(TWO_MELDS.replace("9H 5D QS 2C 4H", "9H 5D QS"))
    click_card(table, "5D")
    press(table, "pile")  # a click on the pile with one card selected discards it
    shown = message(table)
    assert shown["kind"] == "announce" and shown["rule"] == "mille.announce"
    assert shown["text"] == "You are down to two cards."  # on show, the moves folded
    folded = [said["text"] for said in shown["more"]]
    assert folded[0] == "You discard the 5♦." and folded[1].startswith("North ")
    assert table.state["seats"][0]["note"] == "two cards left"


def test_the_status_line_tells_every_bot_move_since_the_learners_own():
    table = table_at(TWO_MELDS)
    click_card(table, "5D")
    press(table, "discard")
    assert table.session.to_move == 0  # North's whole turn is over
    steps = table.session.steps
    mine = max(i for i, s in enumerate(steps) if s.seat == 0)
    bots = steps[mine + 1 :]
    assert {s.seat for s in bots} == {1}
    assert len(bots) >= 2  # a draw and a discard at least
    text = told(table)
    assert text.startswith("You discard the 5♦. ")
    for step in bots:  # each of North's moves, in order, as the log says it
        assert step.text.rstrip(".") in text
    assert [text.index(s.text.rstrip(".")) for s in bots] == sorted(
        text.index(s.text.rstrip(".")) for s in bots
    )
    assert message(table)["rule"] == bots[-1].rule


def test_the_learners_own_pile_take_is_told():
    table = table_at(PILE_OF_NINES)
    click_card(table, "9H")
    click_card(table, "9C")
    press(table, "pile")
    text = message(table)["text"]
    assert text.startswith("You take the pile of 3 cards with 9♥ 9♣ and meld three nines.")
    assert message(table)["kind"] != "error"


def test_the_card_drawn_from_the_stock_is_named():
    table = table_at(PILE_OF_NINES)
    before = hand(table)
    press(table, "stock")
    (drawn,) = set(hand(table)) - set(before)
    name = FrenchCard.parse(drawn)
    assert message(table)["text"].startswith(
        f"You draw from the stock: {name.the} ({name.symbol_text})."
    )


def test_illegal_clicks_are_refused_with_the_rule_and_change_nothing():
    table = table_at(PILE_OF_NINES)
    shown = refused(table, lambda: click_card(table, "QS"))  # not a pile card: draw first
    assert shown["rule"] == "mille.turn" and shown["text"].startswith("Draw first")
    shown = refused(table, lambda: press(table, "discard"))
    assert shown["rule"] == "mille.turn"
    nines = table_at(PILE_OF_NINES.replace("9H 9C", "9H KC"))
    shown = refused(nines, lambda: press(nines, "pile"))
    assert shown["rule"] == "mille.draw.pile" and "You hold only one nine" in shown["text"]
    meld_phase = table_at(TWO_MELDS)
    shown = refused(meld_phase, lambda: press(meld_phase, "stock"))
    assert shown["rule"] == "mille.turn" and "drawn already" in shown["text"]


def test_forged_and_stale_messages_are_refused_and_change_nothing():
    table = table_at(TWO_MELDS)
    refused(table, lambda: send(table, type="card", card="AH"))  # not in the hand
    refused(table, lambda: send(table, type="card", card="9H", index=3))  # wrong place
    refused(table, lambda: send(table, type="select", cards=["9H", "9H"]))
    refused(table, lambda: press(table, "explode"))
    refused(table, lambda: press(table, "add-to-q"))  # no such meld button now
    refused(table, lambda: send(table, type="next"))  # the hand is not over
    refused(table, lambda: send(table, type="move", move="discard 9H"))
    stale = table.state["rev"] - 1
    refused(table, lambda: from_browser(table, {"type": "card", "card": "9H", "rev": stale}))
    refused(table, lambda: from_browser(table, None, update={"state": {"busy": True}}))


def test_clicks_while_the_bot_moves_are_refused_and_the_bot_moves_one_step_at_a_time():
    table = PacedMille(Session(Game.from_position(TWO_MELDS), ["human", "random"]))
    click_card(table, "9H")
    press(table, "discard")
    assert table.state["busy"] and table.session.to_move == 1 and len(table.waiting) == 1
    shown = refused(table, lambda: click_card(table, "5D"))
    assert "wait" in shown["text"].lower()
    refused(table, lambda: send(table, type="undo"))
    send(table, type="speed", ms=0)  # the speed may change meanwhile
    assert table.speed == 0
    steps = len(table.session.steps)
    while table.waiting:
        table.run_next()
        assert len(table.session.steps) <= steps + 1  # one bot move per act
        steps = len(table.session.steps)
    assert not table.state["busy"] and table.session.to_move == 0
    shown = table.state["message"]
    assert shown["rule"] == "mille.discard"  # the bot's last move, narrated, on its line...
    bots = [step.text for step in table.session.steps[-steps_by_bot(table) :]]
    assert shown["text"] == bots[-1] + "."
    # ...the learner's discard and the bot's other moves folded under it, oldest first
    folded = [said["text"] for said in shown["more"]]
    assert folded == ["You discard the 9♥.", *(f"{text}." for text in bots[:-1])]
    assert all(said["rule"] for said in shown["more"])


def steps_by_bot(table) -> int:
    """How many of the session's last steps the bot made (since the learner's move)."""
    steps = table.session.steps
    return next(i for i, step in enumerate(reversed(steps)) if step.seat == 0)


def test_the_hint_panel_groups_every_legal_move_with_its_score_effect():
    table = table_at(TWO_MELDS)
    assert table.state["hints"] is None
    send(table, type="hint")
    shown = table.state["hints"]
    legal = table.session.game.legal_moves()
    assert len(shown) == len(legal)
    assert {h["group"] for h in shown} == {"Add to a meld", "Discard"}
    add = next(h for h in shown if h["group"] == "Add to a meld")
    said = table.session.game.explain("add K 2C")
    assert (add["move"], add["rule"]) == (said.text, "mille.meld.own")
    assert add["text"].startswith("+40 to this hand's score, were it to end right after")  # a 2: 20
    assert set(add["cards"]) <= set(hand(table))
    send(table, type="hint")
    assert table.state["hints"] is None


def play_a_turn(table: MilleTable, rng: random.Random) -> None:
    """The learner's turn by clicks: draw, meld or add what the hints offer, discard."""
    pile = action(table, "pile")
    press(table, "pile" if pile["legal"] else "stock")
    while table.state["result"] is None:
        melds = [h for h in table.state["hints"] if h["group"] in ("Meld", "Add to a meld")]
        if not melds:
            break
        send(table, type="select", cards=list(melds[0]["cards"]))
        add = action(table, "add")
        move = Move.parse(next(h.move for h in table.session.hints() if h.group != "Draw"))
        name = "meld" if melds[0]["group"] == "Meld" else "add"
        if name == "add" and not add["legal"]:
            name = f"add-to-{move.rank.text.lower()}"
        press(table, name)
        assert message(table) is None or message(table)["kind"] != "error", message(table)
    if table.state["result"] is None and table.session.to_move == 0:
        click_card(table, rng.choice(hand(table)))
        press(table, "discard")


def test_a_full_hand_by_clicks_to_the_breakdown_and_the_next_hand():
    table = MilleTable(Session.new("mille", seed=11, seats=["human", "random"]), hints=True)
    rng = random.Random(3)
    turns = 0
    while table.state["result"] is None:
        assert not table.state["busy"] and table.session.to_move == 0
        assert hand(table) == [str(card) for card in table.session.view(0).hand]
        play_a_turn(table, rng)
        turns += 1
        assert turns < 200
    result = table.state["result"]
    scores = table.session.game.deal_result()["scores"]
    lines = {line["label"]: line for line in result["lines"]}
    assert lines["This hand"]["value"] == scores
    assert lines["This hand"]["rule"] == "mille.score.hand"
    assert lines["Match totals"]["value"] == table.state["scores"]["totals"]
    melded = lines["Melds in all"]["value"]
    left = [0, 0]
    for line in result["lines"]:
        if "cards left in hand" in line["label"]:
            left = [a + (b or 0) for a, b in zip(left, line["value"], strict=True)]
    assert [m + c for m, c in zip(melded, left, strict=True)] == scores
    assert result["next"] == "Next hand"
    if hand(table):  # the hand is over: cards left cannot be played
        refused(table, lambda: click_card(table, hand(table)[0]))
    send(table, type="next")
    assert table.state["result"] is None and table.session.game.deal_number == 2
    assert any("Hand 2" in entry["text"] for entry in table.state["log"])


def test_the_state_never_depends_on_the_opponents_hidden_cards():
    view = Session(Game.from_position(TWO_MELDS), ["human", "random"]).view(0)
    states = []
    for seed in (1, 2):
        game = Game.from_view(view, random.Random(seed))
        table = MilleTable(Session(game, ["human", "random"]), hints=True)
        states.append(
            {k: v for k, v in table.table_state().to_dict().items() if k not in ("code", "codebox")}
        )
    assert states[0] == states[1]


@pytest.mark.parametrize(
    ("said", "words"),
    [
        (said_of("mille:narrate.stock", who=Seat(0)), "You draw from the stock"),
        (
            said_of("mille:log.announce", who=Seat(0), n=2, count=Count(2)),
            "You are down to two cards",
        ),
        (
            said_of("mille:narrate.discard.out", who=Seat(0), card=Face(face_of("4C"))),
            "You discard the last card, the 4♣, and go out",
        ),
        (
            said_of("mille:log.deal", hand=1, who=Seat(0), card=Face(face_of("QH")), first=Seat(1)),
            "Hand 1: you deal fifteen cards each and turn up the Q♥; North plays first",
        ),
        (
            said_of(
                "mille:log.hand-scores",
                hand=1,
                south=Seat(0),
                north=Seat(1),
                s=-5,
                n=30,
                t0=-5,
                t1=30,
            ),
            "Hand 1 scores: you -5, North 30; totals -5 to 30",
        ),
        (said_of("mille:narrate.stock", who=Seat(1)), "North draws from the stock"),
    ],
)
def test_log_sentences_about_you_read_well(said, words):
    assert told_to(_Session(("You", "North")), 0, said) == words


class _Session:
    """A session's names, all ``told`` reads."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names


def test_the_match_ends_with_the_winner_and_a_skunk_then_a_new_match():
    table = table_at(
        TWO_MELDS.replace("9H 5D QS 2C 4H", "9H").replace("to move", "totals: 1150 0\nto move")
    )
    click_card(table, "9H")
    press(table, "discard")  # the last card: you go out, natural
    result = table.state["result"]
    assert result["title"] == "You win the match with a skunk!"
    rules = [line["rule"] for line in result["lines"]]
    assert "mille.game.skunk" in rules and "mille.score.naturals" in rules
    assert result["next"] == "New match" and table.session.match_over
    refused(table, lambda: press(table, "stock"))  # no button while the result is on show
    old = table.session
    send(table, type="next")
    assert table.session is not old and not table.session.match_over
    assert table.state["result"] is None and table.state["scores"]["totals"] == [0, 0]


def test_a_long_log_is_cut_to_its_newest_entries_and_keeps_their_numbers():
    table = MilleTable(Session.new("mille", seed=11, seats=["human", "random"]))
    while len(table.session.view(0).log) <= LOG_LENGTH and table.state["result"] is None:
        press(table, "stock")
        click_card(table, table.state["hand"][0]["card"])
        press(table, "discard")
    whole = table.session.view(0).log
    assert len(whole) > LOG_LENGTH
    shown = table.state["log"]
    assert len(shown) == LOG_LENGTH and shown[-1]["rule"] == whole[-1].rule
    assert table.state["log_first"] == len(whole) - LOG_LENGTH + 1


def test_undo_says_what_it_took_back():
    table = MilleTable(Session(Game.from_position(TWO_MELDS), ["human", "random"]), speed=0)
    click_card(table, "9H")
    press(table, "discard")
    while table.session.to_move != 0:
        table.session.step()
    table.refresh()
    send(table, type="undo")
    shown = table.state["message"]
    assert shown["kind"] == "announce"
    assert shown["text"] == ("Undone: Discard 9♥, and the moves played after it. Your turn again.")
