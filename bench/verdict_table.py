"""Verdicts of every game (or the named ones) over a range of seeds, as a Markdown table.

    python bench/verdict_table.py --first-seed 1 --deals 100 --timeout 10 --max-states 20000000

For each game: won / lost / unknown counts, the median and 90th percentile of the time a
deal took (the solver's own clock), and the time the game took (wall clock, all threads). A
deal stopped by a limit is `unknown`, never `lost`. For the unknown deals, what stopped them
and the median of the positions they stored and of the positions stored per second.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

import patience
from decide import outcome_cells, seed_parser  # bench/decide.py, beside this script


def main() -> int:
    p = seed_parser(__doc__, 100, None)
    p.add_argument("slugs", nargs="*", help="games (default: all)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per deal")
    p.add_argument("--threads", type=int, default=0, help="0 = all cores")
    a = p.parse_args()
    slugs = a.slugs or [g.slug for g in patience.games()]
    seeds = range(a.first_seed, a.first_seed + a.deals)
    limits = f"{a.timeout:g} s" + (f", {a.max_states:,} states" if a.max_states else "")
    print(
        f"seeds {seeds.start}..{seeds.stop - 1}, limits per deal: {limits}, threads: {a.threads or 'all'}"
    )
    print()
    print(
        "| game | won | lost | unknown | decided | median | p90 | time "
        "| unknown: stopped by | states | states/s |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    for slug in slugs:
        t0 = time.perf_counter()
        rs = patience.solve_many(
            slug, seeds, timeout=a.timeout, max_states=a.max_states, threads=a.threads
        )
        dt = time.perf_counter() - t0
        unknown = [r for r in rs if r.verdict == "unknown"]
        stops = ", ".join(
            f"{why} {n}" for why, n in sorted(Counter(r.stop or "?" for r in unknown).items())
        )
        states = sorted(r.states for r in unknown)
        rates = sorted(r.states / max(r.seconds, 1e-9) for r in unknown)
        mid = (
            f"{states[len(states) // 2]:,} | {rates[len(rates) // 2]:,.0f}" if unknown else "- | -"
        )
        print(
            f"| {slug} | {outcome_cells(rs)} | {dt:.1f} s | {stops or '-'} | {mid} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
