"""NAPOLEON AT ST. HELENA (Forty Thieves): how many deals the solver decides in time.

    python bench/napoleon_st_helena.py --first 1 --last 200 --timeout 10

Solves seeds FIRST..LAST on one thread (so the figures compare with single-core solvers),
each with TIMEOUT seconds, and prints the won, lost and unknown counts, the decided share
and the median and 90th percentile time a deal. Every `lost` is a proof (the search was
exhausted); a limit hit gives `unknown`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import patience

SLUG = "napoleon-at-st-helena"


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--last", type=int, default=200)
    p.add_argument("--timeout", type=float, default=10.0, help="seconds a deal")
    p.add_argument("--max-states", type=int, default=None)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="one line per seed")
    a = p.parse_args()
    seeds = range(a.first, a.last + 1)

    def progress(r: patience.SeedResult) -> None:
        if a.verbose:
            print(f"seed {r.seed}: {r.verdict} {r.states} states {r.seconds:.2f} s")
            sys.stdout.flush()

    t0 = time.perf_counter()
    results = patience.solve_many(
        SLUG,
        seeds,
        timeout=a.timeout,
        max_states=a.max_states,
        threads=a.threads,
        on_result=progress,
    )
    wall = time.perf_counter() - t0
    counts = {v: sum(r.verdict == v for r in results) for v in ("won", "lost", "unknown")}
    secs = sorted(r.seconds for r in results)
    decided = counts["won"] + counts["lost"]
    print(
        f"{SLUG}: seeds {a.first}..{a.last}, {a.timeout} s a deal, {a.threads} thread(s), "
        f"wall {wall:.0f} s"
    )
    print(
        f"won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}, "
        f"decided {100 * decided / len(results):.1f}%"
    )
    print(
        f"time a deal: median {statistics.median(secs):.2f} s, "
        f"p90 {secs[int(0.9 * (len(secs) - 1))]:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
