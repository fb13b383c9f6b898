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
