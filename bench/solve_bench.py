"""Solve N seeded deals of a game and print speed and memory figures.

    python bench/solve_bench.py canfield-or-klondike --deals 200 --timeout 10
    python bench/solve_bench.py canfield-or-klondike --deals 200 -o draw=3 -o passes=None

Prints deals/s, the median and 90th percentile time per deal, states/s, bytes per stored
state and the verdict counts. One thread by default, so figures compare with single-core
solvers; --threads 0 uses every core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import patience
from patience.cli import _options


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("slug")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per deal")
    p.add_argument("--max-states", type=int, default=None)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE")
    a = p.parse_args()
    opts = _options(a.option)
    seeds = range(a.first_seed, a.first_seed + a.deals)
    done = 0

    def progress(_r: patience.SeedResult) -> None:
        nonlocal done
        done += 1
        if sys.stderr.isatty():
            print(f"\r{done}/{a.deals}", end="", file=sys.stderr)

    t0 = time.perf_counter()
    results = patience.solve_many(
        a.slug,
        seeds,
        timeout=a.timeout,
        max_states=a.max_states,
        threads=a.threads,
        on_result=progress,
        **opts,
    )
    wall = time.perf_counter() - t0
    if sys.stderr.isatty():
        print(file=sys.stderr)
    secs = sorted(r.seconds for r in results)
    states = sum(r.states for r in results)
    counts = {v: sum(r.verdict == v for r in results) for v in ("won", "lost", "unknown")}
    per_state = [r.peak_bytes / r.states for r in results if r.states > 10_000]
    print(
        f"game {a.slug} options {opts or '(book)'}: seeds {seeds.start}..{seeds.stop - 1}, "
        f"timeout {a.timeout} s, threads {a.threads}"
    )
    print(f"verdicts: won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}")
    print(f"wall {wall:.1f} s, {len(results) / wall:.2f} deals/s")
    print(
        f"per deal: median {statistics.median(secs):.3f} s, "
        f"p90 {secs[int(0.9 * (len(secs) - 1))]:.3f} s, max {secs[-1]:.3f} s"
    )
    print(f"states: {states:,} stored, {states / max(sum(secs), 1e-9):,.0f} states/s")
    if per_state:
        print(
            f"bytes per stored state (deals with >10k states): median "
            f"{statistics.median(per_state):.0f}, max {max(per_state):.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
