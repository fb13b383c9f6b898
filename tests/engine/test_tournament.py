"""The duplicate tournament: both seatings per deal, a summary, and the CLI's last line."""

import re

import pytest

from cardschool.engine import tournament
from cardschool.engine.tournament import DealOutcome, summarize


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_a_deal_plays_the_same_for_the_same_seed(kind):
    first = tournament.play_deal(kind, 5, "random", "random", True)
    second = tournament.play_deal(kind, 5, "random", "random", True)
    assert first == second  # deterministic for a seed


def test_summary_counts_ties_as_half_and_bounds_the_interval():
    pairs = [
        (DealOutcome(1, True, 10), DealOutcome(1, False, -4)),
        (DealOutcome(2, True, 0), DealOutcome(2, False, 6)),
        (DealOutcome(3, True, 3), DealOutcome(3, False, 2)),
    ]
    summary = summarize(pairs)
    assert (summary.won, summary.lost, summary.tied, summary.deals) == (4, 1, 1, 6)
    assert summary.win_rate == pytest.approx((0.5 + 0.75 + 1.0) / 3)
    assert summary.ci95[0] <= summary.win_rate <= summary.ci95[1]
    assert summary.mean_margin == pytest.approx((3 + 3 + 2.5) / 3)


def test_the_command_line_ends_with_the_win_rate_line(capsys):
    assert tournament.main(["mililla", "--a", "random", "--b", "random", "--deals", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"win_rate=\d\.\d\d ci95=\[\d\.\d\d,\d\.\d\d\] n=6", lines[-1])
    assert any("rounds won by A" in line for line in lines)


def test_the_command_line_refuses_bad_arguments():
    with pytest.raises(SystemExit):
        tournament.main(["poker", "--a", "random", "--b", "random"])
    with pytest.raises(SystemExit):
        tournament.main(["mille", "--a", "random", "--b", "random", "--deals", "0"])


@pytest.mark.parametrize("kind", ["mille", "mililla"])
def test_a_whole_game_is_played_to_its_end_and_judged_by_the_game(kind):
    outcome = tournament.play_deal(kind, 3, "basic", "random", False, whole_game=True)
    assert outcome.a_won_game is not None
    assert outcome.a_share == float(outcome.a_won_game)
    # the game's winner ends with the higher score (mille.game.end, mililla.game.end)
    assert (outcome.margin > 0) == outcome.a_won_game
    assert outcome == tournament.play_deal(kind, 3, "basic", "random", False, whole_game=True)


def test_a_game_verdict_outweighs_the_margin():
    assert DealOutcome(1, True, -3, a_won_game=True).a_share == 1.0
    assert DealOutcome(1, True, 5, a_won_game=False).a_share == 0.0


def test_the_command_line_counts_whole_games_with_games(capsys):
    argv = ["mililla", "--a", "basic", "--b", "random", "--deals", "2", "--games"]
    assert tournament.main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "4 games (2 games played twice" in lines[0]
    assert any("games won by A" in line for line in lines)
    assert re.fullmatch(r"win_rate=\d\.\d\d ci95=\[\d\.\d\d,\d\.\d\d\] n=4", lines[-1])


def test_an_unbroken_run_of_wins_still_gets_an_honest_interval():
    pairs = [(DealOutcome(n, True, 5), DealOutcome(n, False, 2)) for n in range(30)]
    summary = summarize(pairs)
    assert summary.win_rate == 1.0
    assert summary.ci95 == (pytest.approx(0.9), 1.0)  # rule of three: 1 - 3/30
