"""Mille engine speed, beside RLCard's gin-rummy and OpenSpiel's C++ gin_rummy.

``run(quick=False)`` returns rows ``{"name", "figure", "unit", "note", ...}``; running this
file prints them as a table. The machine is shared, so every repeat times Mille and each
peer one after the other with the same clock (CPU time of this process), and a figure is
the median over repeats (a ratio: the median of the per-repeat ratios).

Measured:

* random-legal playouts: Mille moves/s and hands/s (a move = one ``play``, each step
  asking ``legal_moves()`` first, as a random agent does);
* worst-case latency of ``legal_moves()`` plus ``explain()`` of every legal move, p50
  and p99, on big positions (a 60-card hand after taking a huge pile);
* peers, if installed (``pip install rlcard open_spiel``): RLCard ``gin-rummy`` with
  random agents and OpenSpiel ``gin_rummy`` with random actions, decision steps/s each.

Targets: Mille moves/s at least 2x RLCard's steps/s; worst-case listing plus
explanations under 20 ms.
"""

from __future__ import annotations

import random
import statistics
import textwrap
import time
from collections.abc import Callable
from typing import Any

from cardschool.engine import mille

BIG_HAND = (
    "2S 2S 2H 2H 2D 2D 2C 2C JS JS JH JH JC JD JD QS QS QH QH QD QC KS KH AS AH AC "
    "10S 10H 10D 9S 9H 9D 8S 8H 8D 7S 7H 7D 6S 6H 6D 5S 5H 5D 4S 4H 4D 3S 3H 3D +10"
)


def _big_positions() -> list[tuple[str, mille.Game]]:
    """Worst cases: 60-card hands in the meld phase, written out or after a huge pile."""
    text = textwrap.dedent(
        f"""
        to move: South
        phase: meld
        South hand: {BIG_HAND}
        South melds: KC KC KD
        North hand: +12
        pile: ... 4C
        stock: 20
        """
    )
    pile = textwrap.dedent(
        """
        to move: South
        South hand: 9H 9C 2S 2H +8
        North hand: +12
        pile: ... 9S
        stock: 10
        """
    )
    positions = [
        ("60-card hand", mille.Game.from_position(text)),
        (
            "60-card hand, many melds per rank",
            mille.Game.from_position(text, mille.Rules(many_melds_per_rank=True)),
        ),
    ]
    for seed in range(3):
        game = mille.Game.from_position(pile, seed=seed)
        game.play("pile 9H 9C")
        positions.append((f"after taking a {game.view(0).players[0].hand_size}-card pile", game))
    return positions


def _played_worst(seed: int, count: int) -> list[tuple[str, mille.Game]]:
    """The positions with the most legal moves met in random play (after big pile takes)."""
    rng = random.Random(seed)
    found: list[tuple[int, int, mille.Game]] = []
    for n in range(count * 15):
        game = mille.new_game(seed + n)
        while not game.deal_over:
            moves = game.legal_moves()
            found.append((len(moves), len(found), game.clone()))
            found.sort(key=lambda item: item[0], reverse=True)
            del found[count:]
            game.play(rng.choice(moves))
    return [(f"random play, {size} legal moves", game) for size, _, game in found]


def _list_and_explain(game: mille.Game) -> float:
    """Seconds to list the legal moves and explain each one."""
    start = time.process_time()
    for move in game.legal_moves():
        game.explain(move)
    return time.process_time() - start


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _mille_playouts(hands: int, seed: int) -> tuple[int, int, float]:
    """Play ``hands`` hands by random legal moves; return (moves, hands, CPU seconds)."""
    rng = random.Random(seed)
    game = mille.new_game(seed)
    moves = done = 0
    start = time.process_time()
    while done < hands:
        if game.match_over:
            game = mille.new_game(rng.randrange(10**9))
        elif game.deal_over:
            done += 1
            if not game.match_over:
                game.next_deal()
        else:
            game.play(rng.choice(game.legal_moves()))
            moves += 1
    return moves, done, time.process_time() - start


def _rlcard_steps(games: int, seed: int) -> Callable[[], tuple[int, float]] | str:
    """A timer for RLCard gin-rummy random games, or why it cannot run."""
    try:
        import rlcard
    except ImportError as error:
        return f"rlcard is not installed ({error}); pip install rlcard"
    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)

    def work() -> tuple[int, float]:
        steps = 0
        start = time.process_time()
        for _ in range(games):
            state, _player = env.reset()
            while not env.is_over():
                action = rng.choice(list(state["legal_actions"]))
                state, _player = env.step(action)
                steps += 1
        return steps, time.process_time() - start

    return work


def _openspiel_steps(games: int, seed: int) -> Callable[[], tuple[int, float]] | str:
    """A timer for OpenSpiel's C++ gin_rummy with random actions, or why it cannot run."""
    try:
        import pyspiel
    except ImportError as error:
        return f"open_spiel is not installed ({error}); pip install open_spiel"
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)

    def work() -> tuple[int, float]:
        steps = 0
        start = time.process_time()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    steps += 1
        return steps, time.process_time() - start

    return work


def _row(name: str, figure: float | None, unit: str, note: str = "", **extra: Any) -> dict:
    return {"name": name, "figure": figure, "unit": unit, "note": note, **extra}


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Measure everything once (a few repeats each) and return the rows of the table."""
    repeats = 3 if quick else 7
    hands = 20 if quick else 100
    peer_games = 5 if quick else 30
    rlcard = _rlcard_steps(peer_games, 1)
    spiel = _openspiel_steps(peer_games, 1)
    moves_rate, hands_rate, rl_rate, os_rate, rl_ratio, os_ratio = [], [], [], [], [], []
    for repeat in range(repeats):
        moves, done, seconds = _mille_playouts(hands, 100 + repeat)
        moves_rate.append(moves / seconds)
        hands_rate.append(done / seconds)
        if callable(rlcard):
            steps, seconds = rlcard()
            rl_rate.append(steps / seconds)
            rl_ratio.append(moves_rate[-1] / rl_rate[-1])
        if callable(spiel):
            steps, seconds = spiel()
            os_rate.append(steps / seconds)
            os_ratio.append(moves_rate[-1] / os_rate[-1])
    median = statistics.median
    rows = [
        _row("mille random playout", median(moves_rate), "moves/s", f"median of {repeats}"),
        _row("mille random playout", median(hands_rate), "hands/s", f"median of {repeats}"),
    ]
    if callable(rlcard):
        rows.append(_row("rlcard gin-rummy random games", median(rl_rate), "steps/s"))
        ratio = median(rl_ratio)
        rows.append(
            _row("mille moves/s per rlcard step/s", ratio, "x", "target >= 2", ok=ratio >= 2)
        )
    else:
        rows.append(_row("rlcard gin-rummy random games", None, "steps/s", rlcard))
    if callable(spiel):
        rows.append(_row("open_spiel gin_rummy (C++) random", median(os_rate), "steps/s"))
        rows.append(_row("mille moves/s per open_spiel step/s", median(os_ratio), "x"))
    else:
        rows.append(_row("open_spiel gin_rummy (C++) random", None, "steps/s", spiel))
    for label, positions in (
        ("worst-case", _big_positions()),
        ("largest in random play", _played_worst(7, 2 if quick else 5)),
    ):
        latencies: list[float] = []
        for _name, game in positions:
            latencies.extend(_list_and_explain(game) for _ in range(repeats * 3))
        most = max(len(game.legal_moves()) for _name, game in positions)
        hand = max(len(game.hand(0)) for _name, game in positions)
        note = f"{len(positions)} positions, up to {most} legal moves, hands up to {hand} cards"
        p50, p99 = _percentile(latencies, 0.5) * 1000, _percentile(latencies, 0.99) * 1000
        rows.append(_row(f"{label} legal_moves + explain all, p50", p50, "ms", note))
        rows.append(
            _row(f"{label} legal_moves + explain all, p99", p99, "ms", "target < 20", ok=p99 < 20)
        )
    return rows


def main() -> None:
    """Print the table."""
    rows = run()
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        figure = "-" if row["figure"] is None else f"{row['figure']:,.1f}"
        print(f"{row['name']:<{width}}  {figure:>12} {row['unit']:<8} {row['note']}")


if __name__ == "__main__":
    main()
