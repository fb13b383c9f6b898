"""The tables' sentences about saves and a game's words are catalog entries (issue 23.4)."""

from __future__ import annotations

from cardschool.engine.games import spec_of
from cardschool.engine.messages import message, render
from cardschool.engine.mililla import new_game
from cardschool.widgets import messages  # noqa: F401  (the tables' generic sentences)


def test_the_save_sentences_are_entries_with_the_games_word_for_a_deal() -> None:
    spec = spec_of(new_game(1))
    said = message("table:save-continued", code="MLA-1", deal=spec.word("deal"), deals=2, move=3)
    assert render(said) == "Continued your game MLA-1, round 2, move 3 — New deal to start over."
    checking = message("table:save-checking", code="MLA-1", done=5, total=9)
    assert render(checking) == "Checking your saved game MLA-1: move 5 of 9…"
    over = message("table:over", what=spec.word("match"))
    assert render(over) == "The game is over."
