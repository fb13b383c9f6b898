"""How often can any Mililla team beat a team of random players? An experiment, not a test.

The issue asks ``basic`` to win 90% of rounds against ``random``. This script measures
two figures on the tournament's duplicate deals (each first round played twice, seats
swapped; a round is won with more points than the other team, a 35-35 tie counts half):

* ``cheater``: a team that sees all four hands and plays the random team well. With at
  most ``--exact`` tricks left each of its seats picks the card of best expected result
  by exact expectimax (its own team's cards chosen for the best result, the random
  seats' cards averaged over their legal cards). Earlier, it tries each legal card in
  ``--rollouts`` playouts (its team by the rules of thumb, the opponents at random, the
  last tricks by the same expectimax) and keeps the best. This is a *lower* bound on
  what a player with full information can reach; no fair bot (one that sees only its
  own hand) can be expected to beat it.
* ``clairvoyant``: an *upper* bound for every player, fair or not. The random seats'
  choices are fixed in advance by a tape (at ply ``i`` a random seat plays the
  ``floor(u_i * n)``-th of its ``n`` legal cards, ``u_i`` uniform), and the team is told
  the whole tape as well as all hands; a search over its own cards then finds whether
  some line wins the round (or ties it). Since each ``u_i`` is independent of the play
  before it, the random seats play exactly as ``random`` does, and knowing the future
  can only help: no strategy wins more often against ``random`` than this. A search
  that runs out of ``--nodes`` counts as a win, which keeps the bound an upper bound.

* ``fair``: the other side of the gap, a team that sees only its own hands but knows its
  opponents play at random: each of its seats tries every legal card in ``--rollouts``
  playouts on deals that fit its view (its team by the rules of thumb, the opponents at
  random) and keeps the best, a step of policy improvement over ``basic`` with the right
  model of this opponent.

Run: ``python tests/benchmarks/mililla_ceiling.py --deals 200 --jobs 2`` (``--which``
``clairvoyant``, ``cheater``, ``fair`` or ``both``, the first two). Each line printed ends with
``win_rate=... ci95=[...] n=...`` like the tournament's.

Measured on 2026-11-30 (200 duplicate deals from seed 1, n=400 rounds), beside the fair
bots on the same deals (``python -m cardschool.engine.tournament mililla ...``)::

    clairvoyant (upper bound)         0.973 [0.957,0.988]
    cheater, 96 playouts a card       0.901 [0.874,0.928]   (10 min, 2 processes)
    cheater, 24 playouts a card       0.886 [0.858,0.915]
    fair, 100 playouts a card         0.775 [0.741,0.809]   (5 min, 2 processes)
    expert (fair: its own hand only)  0.78  [0.74,0.81]
    basic (fair)                      0.73  [0.69,0.76]
    basic, whole games to 35 (--games) 0.90 [0.87,0.93]

Seeing all four hands and searching hard just reaches 90% of rounds; the fair bots,
which see one hand, stay well below it, even searching with the right model of random.
Over whole games the basic team's edge adds up.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from cardschool.engine import mililla
from cardschool.engine.mililla.bots.knowledge import note_play
from cardschool.engine.mililla.bots.model import Board
from cardschool.engine.mililla.bots.policy import pick
from cardschool.engine.mililla.bots.search import Plan, Search
from cardschool.engine.mililla.game import Game
from cardschool.engine.mililla.scoring import HALF
from cardschool.engine.mililla.tables import bits
from cardschool.engine.tournament import win_rate_interval

WIN, TIE = HALF + 1, HALF
"""A round is won with 36 points or more; 35 each is a tie (``mililla.round.score``)."""


def _share(points: int) -> float:
    return 1.0 if points >= WIN else 0.5 if points == TIE else 0.0


def _position_key(board: Board, mine: int) -> tuple[int, ...] | None:
    """A position's key for a search's memo, at a trick's start (None in mid-trick)."""
    if board.trick:
        return None
    return (*board.hands, board.to_move, mine)


# -- the upper bound: a team that knows the hands and the random seats' tape --------------


class _OutOfNodes(Exception):
    """The search for a winning line took too long."""


def _reach(board: Board, team: int, tape: list[float], target: int, memo: dict, left: list[int]):
    """True when the team can bring its points to ``target`` against the taped random seats."""
    mine = board.points[team]
    if mine >= target:
        return True
    if board.points[1 - team] > 70 - target:
        return False
    key = _position_key(board, mine)
    known = memo.get(key) if key is not None else None
    if known is not None:
        return known
    left[0] -= 1
    if left[0] < 0:
        raise _OutOfNodes
    cards = bits(board.legal())
    if (board.to_move & 1) != team:
        cards = [cards[int(tape[40 - board.left] * len(cards))]]  # the taped random choice
    else:
        cards.sort(key=lambda c: -mililla.tables.POINTS[c])
    found = False
    for card in cards:
        board.play(card)
        found = _reach(board, team, tape, target, memo, left)
        board.undo()
        if found:
            break
    if key is not None:
        memo[key] = found
    return found


def clairvoyant_share(game: mililla.Game, team: int, tape: list[float], nodes: int) -> float:
    """The best result a team can force knowing every hand and the random seats' tape."""
    for target, share in ((WIN, 1.0), (TIE, 0.5)):
        try:
            if _reach(Board(game.state), team, tape, target, {}, [nodes]):
                return share
        except _OutOfNodes:
            return share  # unknown: counted as reached, so the bound stays an upper bound
    return 0.0


# -- the lower bound: a full-information team against the random seats --------------------


def _expect(board: Board, team: int, memo: dict) -> float:
    """The team's expected share (win 1, tie 1/2): its cards best, random seats averaged."""
    if not board.left:
        return _share(board.points[team])
    mine = board.points[team]
    if mine >= WIN:
        return 1.0
    if board.points[1 - team] >= WIN:
        return 0.0
    key = _position_key(board, mine)
    known = memo.get(key) if key is not None else None
    if known is not None:
        return known
    cards = bits(board.legal())
    values = []
    for card in cards:
        board.play(card)
        values.append(_expect(board, team, memo))
        board.undo()
    value = max(values) if (board.to_move & 1) == team else sum(values) / len(values)
    if key is not None:
        memo[key] = value
    return value


def _play_on(board: Board, team: int, voids: list[int], rng: random.Random, left: int) -> None:
    """Play on, the team by the rules of thumb and the others at random, to ``left`` cards."""
    while board.left > left or board.trick:
        if (board.to_move & 1) == team:
            card = pick(board, voids)[0]  # type: ignore[arg-type]
        else:
            card = rng.choice(bits(board.legal()))
        note_play(voids, board, card)  # type: ignore[arg-type]
        board.play(card)


def _rollout(board: Board, team: int, rng: random.Random, exact: int, memo: dict) -> float:
    """Play on (the team by the rules of thumb, the others at random), then solve the end."""
    voids = [0, 0, 0, 0]  # the rules of thumb are given no voids: they see all anyway
    _play_on(board, team, voids, rng, 4 * exact)
    return _expect(board, team, memo)


def cheater_card(game: mililla.Game, rollouts: int, exact: int, seed: str) -> int:
    """The full-information team's card for the seat to move."""
    board = Board(game.state)
    team = board.to_move & 1
    cards = bits(board.legal())
    if len(cards) == 1:
        return cards[0]
    memo: dict = {}
    scores = []
    for card in cards:
        board.play(card)
        if board.left <= 4 * exact:
            score = _expect(board, team, memo)
        else:
            total = 0.0
            for k in range(rollouts):  # the same random seats' choices for every card
                trial = board.clone()
                total += _rollout(trial, team, random.Random(f"{seed}/{k}"), exact, memo)
                total += trial.points[team] / 1000  # more points break ties between cards
            score = total / rollouts
        board.undo()
        scores.append(score)
    return cards[max(range(len(cards)), key=lambda k: scores[k])]


# -- a fair team that knows its opponents play at random ----------------------------------


def fair_card(game: mililla.Game, rollouts: int, seed: str) -> int:
    """The card of best playout result on deals that fit the seat's view (random opponents)."""
    seat = game.to_move
    view = game.view(seat).to_dict()
    root = Game.from_view(view, random.Random(seed))
    search = Search(view, root, random.Random(seed), Plan(trust=0.0, pool=1))
    team = seat & 1
    cards = bits(search.board.legal())
    scores = dict.fromkeys(cards, 0.0)
    for k in range(rollouts):
        hands = search.draw()
        for card in cards:  # every card on the same deal and the same random choices
            board = search.board.clone()
            board.hands = list(hands)
            voids = list(search.voids)
            rng = random.Random(f"{seed}/{k}")
            note_play(voids, board, card)  # type: ignore[arg-type]
            board.play(card)
            _play_on(board, team, voids, rng, 0)
            scores[card] += _share(board.points[team]) + board.points[team] / 1000
    return max(cards, key=lambda card: scores[card])


# -- the duplicate match -------------------------------------------------------------------


def play_deal(which: str, seed: int, a_first: bool, options: argparse.Namespace) -> float:
    """A's share of the first round from ``seed``: A is the team measured (``which``)."""
    game = mililla.new_game(seed)
    team = 0 if a_first else 1
    if which == "clairvoyant":
        tape_rng = random.Random(f"tape/{seed}/{a_first}")
        tape = [tape_rng.random() for _ in range(40)]
        return clairvoyant_share(game, team, tape, options.nodes)
    ply = 0
    while not game.deal_over:
        rng = random.Random(f"{seed}/{a_first}/{ply}")
        if (game.to_move & 1) == team and which == "fair":
            card = fair_card(game, options.fair_rollouts, f"{seed}/{a_first}/{ply}")
            game.play(mililla.tables.CARDS[card])
        elif (game.to_move & 1) == team:
            card = cheater_card(game, options.rollouts, options.exact, f"{seed}/{a_first}/{ply}")
            game.play(mililla.tables.CARDS[card])
        else:
            game.play(rng.choice(game.legal_moves()))
        ply += 1
    return _share(game.deal_result()["points"][team])


def _pair(job: tuple[str, int, argparse.Namespace]) -> float:
    which, seed, options = job
    return (play_deal(which, seed, True, options) + play_deal(which, seed, False, options)) / 2


def measure(which: str, options: argparse.Namespace) -> str:
    """Play the duplicate deals and return the summary line."""
    start = time.perf_counter()
    jobs = [(which, options.seed + n, options) for n in range(options.deals)]
    if options.jobs > 1:
        with ProcessPoolExecutor(options.jobs) as pool:
            pairs = list(pool.map(_pair, jobs, chunksize=2))
    else:
        pairs = [_pair(job) for job in jobs]
    rate, (low, high) = win_rate_interval(pairs)
    seconds = time.perf_counter() - start
    return (
        f"{which} vs random ({seconds:.0f} s): "
        f"win_rate={rate:.3f} ci95=[{low:.3f},{high:.3f}] n={2 * len(pairs)}"
    )


def main(argv: list[str] | None = None) -> int:
    """Command line: the figures for ``--which`` (clairvoyant, cheater or both)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--which", choices=["clairvoyant", "cheater", "fair", "both"], default="both"
    )
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (each twice)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--jobs", type=int, default=2, help="processes to play in")
    parser.add_argument("--rollouts", type=int, default=96, help="cheater playouts per card")
    parser.add_argument("--exact", type=int, default=3, help="tricks the cheater solves")
    parser.add_argument("--fair-rollouts", type=int, default=100, help="fair playouts per card")
    parser.add_argument("--nodes", type=int, default=2_000_000, help="clairvoyant search cap")
    options = parser.parse_args(argv)
    for which in ("clairvoyant", "cheater") if options.which == "both" else (options.which,):
        print(measure(which, options), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
