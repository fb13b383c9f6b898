"""Mille hints: every legal move with its rule, grouped, with its effect on the score."""

from cardschool.engine import mille
from cardschool.engine.messages import render
from cardschool.engine.mille.hints import WILD_NOTE as WILD_SAID
from cardschool.engine.mille.hints import hints

DRAW = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD
North hand: +15
pile: 4D 3C 9S
"""

MELD = """
to move: South
phase: meld
South hand: 9H 9C 9D 5D QS
North hand: +15
pile: 4D 3C
"""
WILD_NOTE = render(WILD_SAID)


def by_move(position):
    return {hint.move: hint for hint in hints(mille.Game.from_position(position))}


def test_draw_hints_group_the_draw_choices_with_their_effect():
    options = by_move(DRAW)
    pile = options["pile 9H 9C"]
    assert pile.group == "Draw" and pile.legal and pile.rule == "mille.draw.pile"
    # the 9 on top and the two from hand go to the table (+5 +2*10), the 4 and 3 into hand
    assert pile.effect == 5 + 2 * (5 + 5) - (5 + 5)
    assert options["stock"].effect is None  # a blind draw: nobody knows yet
    assert {hint.group for hint in options.values()} == {"Draw"}


def test_meld_phase_hints_list_melds_and_discards_with_their_effect():
    options = by_move(MELD)
    assert options["meld 9H 9D 9C"].group == "Meld"
    assert options["meld 9H 9D 9C"].effect == 2 * 15
    assert options["discard QS"].group == "Discard"
    assert options["discard QS"].effect == 100
    assert options["discard 5D"].effect == 5


def test_every_hint_agrees_with_the_engine():
    game = mille.Game.from_position(MELD)
    for hint in hints(game):
        why = game.explain(hint.move)
        assert why.legal and (why.rule, why.text) == (hint.rule, hint.text)
    assert {hint.move for hint in hints(game)} == {str(m) for m in game.legal_moves()}


def test_no_hints_when_nobody_is_to_move():
    game = mille.new_game(3)
    while not game.deal_over:
        game.play(game.legal_moves()[-1])
    assert hints(game) == []


WILDS = """
to move: South
phase: meld
South hand: 9H 9C 2D 2S 5D 5C QS
North hand: +15
pile: 4D 3C
"""

WILD_USED = """
to move: South
phase: meld
South hand: 9H 9C 2D 5D
South melds: KH KS 2C
North hand: +15
pile: 4D 3C
"""


def test_within_a_group_the_largest_effect_comes_first():
    listed = hints(mille.Game.from_position(WILDS))
    groups = [hint.group for hint in listed]
    assert groups == sorted(groups, key=["Meld", "Discard"].index)  # one block per group
    for group in ("Meld", "Discard"):
        effects = [hint.effect for hint in listed if hint.group == group]
        assert effects == sorted(effects, reverse=True) and len(effects) > 1
    assert listed[0].group == "Meld" and "2" in listed[0].move  # a 2 down is worth most


def test_a_2_used_as_a_wild_says_it_gives_up_the_natural_doubling():
    options = by_move(WILDS)
    assert options["meld 9H 9C 2S"].note == WILD_NOTE
    assert options["meld 9H 9C 2S"].to_dict()["note"] == WILD_NOTE
    assert options["meld 9H 9C 2S 2D"].note == WILD_NOTE
    assert options["discard 2S"].note == ""  # a discard puts no wild down
    assert by_move(MELD)["meld 9H 9D 9C"].note == ""  # all natural
    # once a 2 has stood in as a wild this hand, the doubling is gone already: no note
    later = by_move(WILD_USED)
    assert later["meld 9H 9C 2D"].note == later["add K 2D"].note == ""
    assert "mille.score.naturals" in WILD_NOTE
