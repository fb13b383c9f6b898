"""Mille hints: every legal move with its rule, grouped, with its effect on the score."""

from cardschool.engine import mille
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
