"""The hint panel's Mille lines: the score effect as a change, the wild-2 note, the long
tail of each group folded behind "N more", the largest effect first."""

from __future__ import annotations

from table_driver import send

from cardschool.engine.messages import render
from cardschool.engine.mille import Game
from cardschool.engine.mille.hints import WILD_NOTE as WILD_SAID
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable

WILDS = """
to move: South
phase: meld
South hand: 9H 9C 2D 2S 5D 5C QS
North hand: +15
pile: 4D 3C
"""
WILD_NOTE = render(WILD_SAID)


def test_mille_hints_show_the_best_three_of_a_group_and_fold_the_rest():
    table = MilleTable(Session(Game.from_position(WILDS), ["human", "random"]))
    send(table, type="hint")
    shown = table.state["hints"]
    assert len(shown) == len(table.session.legal_moves())
    for group in ("Meld", "Discard"):
        lines = [h for h in shown if h["group"] == group]
        assert [h["more"] for h in lines] == [False] * 3 + [True] * (len(lines) - 3)
    melds = [h for h in shown if h["group"] == "Meld"]
    assert melds[0]["text"].startswith("+280 to this hand's score, were it to end right after")
    assert melds[0]["text"].endswith(WILD_NOTE)
    # what is counted: the cards' value, once on the table and once no longer in hand
    assert "these cards count +140 on the table instead of −140 in your hand" in melds[0]["text"]
    discard = next(h for h in shown if h["move"].startswith("Discard the Q♠"))
    assert "the card no longer counts −100 in your hand" in discard["text"]
    effects = [int(h["text"].split()[0]) for h in melds]
    assert effects == sorted(effects, reverse=True)


def test_mililla_hints_fold_nothing():
    session = Session.new("mililla", seed=3, seats=("human", "random", "random", "random"))
    table = MilillaTable(session, hints=True, speed=0)
    while table.session.to_move != 0:
        table.session.step()
        table.refresh()
    assert table.state["hints"] and not any(h["more"] for h in table.state["hints"])
