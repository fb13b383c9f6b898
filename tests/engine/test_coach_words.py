"""The expert's words (the coach's text) never show a figure that contradicts the advice:
a rival as good or better is said to be within the simulations' noise, and a move that
overrides the rule of thumb says by how much. The figures are parsed from the text."""

from __future__ import annotations

import random
import re

import pytest

from cardschool.engine.games import game_spec
from cardschool.engine.mililla.bots import words as mililla_words
from cardschool.engine.mille.bots import words as mille_words
from cardschool.engine.mille.bots.model import DISCARD
from cardschool.engine.mille.bots.search import Outcome
from cardschool.engine.mille.tables import face_of

WON = re.compile(r"won (\d+)%")
POINTS = re.compile(r"took (\d+\.\d) of the 70 points|next best, (\d+\.\d) points|only (\d+\.\d)")


def outcome(card: str, wins: int, runs: int = 100) -> Outcome:
    """A discard that won ``wins`` of ``runs`` simulated hands."""
    return Outcome((DISCARD, (face_of(card),), 0), [1] * wins + [-1] * (runs - wins))


def check_mille(text: str) -> None:
    """The advised move's win rate comes first; any figure as good says it is noise."""
    figures = [int(x) for x in WON.findall(text)]
    assert figures, text
    if any(other >= figures[0] for other in figures[1:]):
        assert mille_words.NOISE in text, text
    overrule = re.search(r"overrule it by (\d+) points", text)
    if overrule:
        assert int(overrule[1]) == figures[0] - figures[1] > 0, text


def check_mililla(text: str) -> None:
    """The advised card's points come first; a card with as many says it is noise."""
    found = [float(next(g for g in groups if g)) for groups in POINTS.findall(text)]
    assert found, text
    if len(found) > 1 and found[1] >= found[0]:
        assert mililla_words.NOISE in text, text
    if len(found) > 2:
        assert found[2] < found[0], text
    overrule = re.search(r"overrule it by (\d+\.\d) points", text)
    if overrule:
        assert float(overrule[1]) > 0, text
    if "rule of thumb prefers" in text:
        assert mililla_words.NOISE in text, text  # only when the simulations cannot tell


def test_a_rival_that_won_more_is_called_noise_when_the_rule_of_thumb_decides():
    chosen, rival = outcome("6S", 48), outcome("9H", 52)
    agree = "Discard the 6♠: a lone six (mille.discard)."
    text = mille_words.expert_reason(chosen, rival, chosen, "mille.discard", agree)
    assert "won 48%" in text and "won 52%" in text
    assert mille_words.NOISE in text and "so the rule of thumb decides" in text
    check_mille(text)
    lower = mille_words.expert_reason(chosen, outcome("9H", 30), chosen, "mille.discard", agree)
    assert mille_words.NOISE not in lower
    check_mille(lower)


def test_overruling_the_rule_of_thumb_says_by_how_much():
    chosen, basic = outcome("9H", 61), outcome("6S", 47)
    text = mille_words.expert_reason(chosen, basic, basic, "mille.discard", None)
    assert "overrule it by 14 points of win chance" in text
    check_mille(text)


@pytest.mark.parametrize("name", ["mille", "mililla"])
def test_the_experts_words_on_real_positions_never_contradict_their_figures(name):
    spec = game_spec(name)
    bot, basic = spec.make_bot("expert", 40), spec.make_bot("basic", None)
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        game = spec.new_game(seed, spec.default_rules())
        while game.to_move is not None and checked < 40:
            view = game.view(game.to_move).to_dict()
            if len(game.legal_moves()) > 1:
                text = bot.choose(view, rng).reason
                if "simulated" in text or "Played to the end" in text:
                    (check_mille if name == "mille" else check_mililla)(text)
                    checked += 1
            game.play(basic.choose(view, rng).move)
    assert checked >= 20
