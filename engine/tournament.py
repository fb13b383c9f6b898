"""Duplicate matches between bot levels: ``python -m cardschool.engine.tournament``.

Each deal is played twice with the seats swapped, so both levels get the same cards
(in Mililla, level A's team against level B's team). A deal is one Mille hand or one
Mililla round; the winner of a deal is the side with the higher score in it. The last
line printed is ``win_rate=0.62 ci95=[0.55,0.69] n=200``: A's share of deals won (a
tie counts half), a 95% interval from the spread of the duplicate pairs (when every
pair ends alike, the "rule of three": within 3/pairs of it), and the number of deals
played.

With ``--games`` each seed starts a whole game instead, played on, deal after deal,
until a side wins it (``mille.game.end``: 1,200 points; ``mililla.game.end``: 35);
the share is then of games won, and the margin is of the final scores.

Example::

    python -m cardschool.engine.tournament mililla --a expert --b basic --deals 200 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .bots import make_bot
from .games import GAMES, game_spec
from .protocol import LEVELS
from .session import new_game

__all__ = ["DealOutcome", "Summary", "main", "play_deal", "summarize", "win_rate_interval"]


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal (or whole game) as levels A and B played it: A's score minus B's, who won."""

    seed: int
    a_first: bool
    margin: int
    a_won_game: bool | None = None
    """For a whole game: whether A won it (the game's own verdict, not the margin)."""

    @property
    def a_share(self) -> float:
        """1 if A won the deal (or game), 0 if B did, 0.5 for a tied deal."""
        if self.a_won_game is not None:
            return float(self.a_won_game)
        return 1.0 if self.margin > 0 else 0.0 if self.margin < 0 else 0.5


def play_deal(
    kind: str,
    seed: int,
    a: str,
    b: str,
    a_first: bool,
    budget: int | None = None,
    whole_game: bool = False,
) -> DealOutcome:
    """Play the first deal (or the whole game) from ``seed``, A's level at seat 0 or 1."""
    spec = game_spec(kind)
    game = new_game(kind, seed)
    levels = [a, b] if a_first else [b, a]
    bots = {level: make_bot(kind, level, budget) for level in set(levels)}
    seat_levels = [levels[seat % 2] for seat in range(game.seats)]
    a_side = 0 if a_first else 1
    ply = 0
    while True:
        while not game.deal_over:
            seat = game.to_move
            rng = random.Random(f"{seed}/{a_first}/{ply}")
            view = game.view(seat).to_dict()  # bots take the JSON form of a seat's view
            game.play(bots[seat_levels[seat]].choose(view, rng).move)
            ply += 1
        if not whole_game:
            scores = game.deal_result()[spec.deal_won_by]
            return DealOutcome(seed, a_first, scores[a_side] - scores[1 - a_side])
        if game.match_over:
            result = game.match_result()
            scores = result["totals"]
            margin = scores[a_side] - scores[1 - a_side]
            return DealOutcome(seed, a_first, margin, result["winner"] == a_side)
        game.next_deal()


def _play_pair(
    args: tuple[str, int, str, str, int | None, bool],
) -> tuple[DealOutcome, DealOutcome]:
    kind, seed, a, b, budget, whole_game = args
    return (
        play_deal(kind, seed, a, b, True, budget, whole_game),
        play_deal(kind, seed, a, b, False, budget, whole_game),
    )


@dataclass(frozen=True, slots=True)
class Summary:
    """The result of a duplicate match, seen from level A."""

    deals: int
    won: int
    lost: int
    tied: int
    win_rate: float
    ci95: tuple[float, float]
    mean_margin: float
    margin_ci95: float

    def last_line(self) -> str:
        """``win_rate=0.62 ci95=[0.55,0.69] n=200``."""
        low, high = self.ci95
        return f"win_rate={self.win_rate:.2f} ci95=[{low:.2f},{high:.2f}] n={self.deals}"


def win_rate_interval(pair_shares: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """A's mean share over duplicate pairs and its 95% interval.

    The interval is normal, from the pairs' spread; when every pair ended alike that
    spread says nothing of the next pair, and the "rule of three" (within 3/pairs) is used.
    """
    pairs = len(pair_shares)
    rate = statistics.fmean(pair_shares)
    spread = statistics.stdev(pair_shares) / math.sqrt(pairs) if pairs > 1 else 0.5
    if spread == 0.0:
        return rate, (max(0.0, rate - 3 / pairs), min(1.0, rate + 3 / pairs))
    return rate, (max(0.0, rate - 1.96 * spread), min(1.0, rate + 1.96 * spread))


def summarize(pairs: Sequence[tuple[DealOutcome, DealOutcome]]) -> Summary:
    """A's win rate with a 95% interval over duplicate pairs, and the mean score margin."""
    outcomes = [outcome for pair in pairs for outcome in pair]
    pair_shares = [(x.a_share + y.a_share) / 2 for x, y in pairs]
    pair_margins = [(x.margin + y.margin) / 2 for x, y in pairs]
    rate, ci95 = win_rate_interval(pair_shares)
    margin_spread = (
        statistics.stdev(pair_margins) / math.sqrt(len(pairs)) if len(pairs) > 1 else 0.0
    )
    return Summary(
        deals=len(outcomes),
        won=sum(o.margin > 0 for o in outcomes),
        lost=sum(o.margin < 0 for o in outcomes),
        tied=sum(o.margin == 0 for o in outcomes),
        win_rate=rate,
        ci95=ci95,
        mean_margin=statistics.fmean(pair_margins),
        margin_ci95=1.96 * margin_spread,
    )


def run(
    kind: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    budget: int | None = None,
    jobs: int = 1,
    whole_games: bool = False,
) -> Summary:
    """Play ``deals`` duplicate deals (or whole games), each twice with seats swapped."""
    if deals < 1:
        raise ValueError("play at least one deal")
    work = [(kind, seed + number, a, b, budget, whole_games) for number in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            pairs = list(pool.map(_play_pair, work, chunksize=max(1, deals // (4 * jobs))))
    else:
        pairs = [_play_pair(item) for item in work]
    return summarize(pairs)


def report(kind: str, a: str, b: str, summary: Summary, whole_games: bool = False) -> str:
    """The printed table, ending with the ``win_rate=...`` line."""
    spec = game_spec(kind)
    unit = "games" if whole_games else f"{spec.deal_word}s"
    side = f" {spec.side_word}"
    per = "game" if whole_games else "deal"
    return "\n".join(
        [
            f"{kind}: {a}{side} (A) against {b}{side} (B), {summary.deals} {unit}"
            f" ({summary.deals // 2} {per}s played twice, seats swapped)",
            f"  {unit} won by A    {summary.won:6d}",
            f"  {unit} won by B    {summary.lost:6d}",
            f"  tied               {summary.tied:6d}",
            f"  mean score difference A-B per {per}: {summary.mean_margin:+.1f}"
            f" (95% ±{summary.margin_ci95:.1f})",
            summary.last_line(),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``GAME --a A --b B --deals N --seed S [--budget B] [--jobs J] [--games]``."""
    parser = argparse.ArgumentParser(
        prog="python -m cardschool.engine.tournament", description=__doc__.split("\n")[0]
    )
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--a", choices=LEVELS, required=True, help="level A")
    parser.add_argument("--b", choices=LEVELS, required=True, help="level B")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (each twice)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--budget", type=int, default=None, help="expert simulations per move")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument(
        "--games", action="store_true", help="play each seed's whole game, not its first deal"
    )
    options = parser.parse_args(argv)
    if options.deals < 1:
        parser.error("--deals must be at least 1")
    summary = run(
        options.game,
        options.a,
        options.b,
        options.deals,
        options.seed,
        options.budget,
        options.jobs,
        options.games,
    )
    print(report(options.game, options.a, options.b, summary, options.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
