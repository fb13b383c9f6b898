"""Review time of a whole deal at the expert's default budget (target: under 10 s).

A Mille hand and a Mililla round are played to their end, the learner's seat by the
``basic`` rules of thumb (a fair learner) or at random (the worst case: many decisions
differ from the expert's, so more of them are weighed again); the bots by the ``basic``
rules. Each deal is then reviewed (``engine/review.py``) with the expert's default budget
and the judgement's default deals; p50 and p95 are over the deals.
"""

from __future__ import annotations

import sys
import time

from bench_session import percentile

from cardschool.engine.review import review
from cardschool.engine.session import Session

TARGET_S = 10.0
"""A whole deal's review should take at most this long (seconds)."""


def finished(kind: str, seed: int, learner: str) -> Session:
    """A deal of ``kind`` played to its end, the learner's seat played by ``learner``."""
    others = ("basic",) * (1 if kind == "mille" else 3)
    session = Session.new(kind, seed=seed, seats=(learner, *others))
    while not session.deal_over:
        session.step()
    return session


def run(quick: bool = False) -> list[dict]:
    """Rows: p50 and p95 review time (s) per game and learner, with moments found."""
    deals = 3 if quick else 10
    rows = []
    for kind in ("mille", "mililla"):
        for learner in ("basic", "random"):
            times, moments = [], 0
            for seed in range(1, deals + 1):
                session = finished(kind, seed, learner)
                start = time.perf_counter()
                found = review(session, seat=0)
                times.append(time.perf_counter() - start)
                moments += len(found.moments)
            label = f"review of a {session.spec.deal_word}, {kind}, {learner} learner"
            rows.append({"name": f"{label} p50", "figure": percentile(times, 0.5), "unit": "s"})
            rows.append(
                {
                    "name": f"{label} p95",
                    "figure": percentile(times, 0.95),
                    "unit": "s",
                    "target": f"<= {TARGET_S:.0f}",
                    "moments": f"{moments / deals:.1f} a deal",
                }
            )
    return rows


if __name__ == "__main__":
    from bench import print_rows

    print_rows(run(quick="--quick" in sys.argv))
