"""Every benchmark of cardschool in one run: ``make bench`` (``--quick`` for a short run).

Each module below has ``run(quick) -> rows``; a row is a dict with a name, a figure and
its unit, and optionally a target, a peer figure and a ratio. Figures are medians or
percentiles over repeated measurements: these machines are noisy.
"""

from __future__ import annotations

import importlib
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

MODULES = [
    "bench_mille",
    "bench_mililla",
    "bench_session",
    "bench_classroom",
    "bench_mille_bots",
    "bench_mililla_bots",
    "bench_review",
    "bench_browser",
    "bench_class",
    "bench_class_server",
    "bench_static",
    "bench_tables",
]


def _format(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"
    return "" if value is None else str(value)


def print_rows(rows: list[dict]) -> None:
    """Print rows as an aligned table: name, figure, unit, then any other fields."""
    extra = [key for row in rows for key in row if key not in ("name", "figure", "unit")]
    extra = list(dict.fromkeys(extra))
    header = ["name", "figure", "unit", *extra]
    table = [header] + [[_format(row.get(key)) for key in header] for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for line in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)))


def main(argv: list[str]) -> int:
    """Run every benchmark module (or those named on the command line) and print the tables."""
    quick = "--quick" in argv
    chosen = [name for name in argv if not name.startswith("-")] or MODULES
    failed = 0
    for name in chosen:
        print(f"\n== {name} ==", flush=True)
        start = time.perf_counter()
        try:
            rows = importlib.import_module(name).run(quick=quick)
        except Exception:  # a benchmark that fails must not hide the others
            traceback.print_exc()
            failed += 1
            continue
        print_rows(rows)
        print(f"({time.perf_counter() - start:.0f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
