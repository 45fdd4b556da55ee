"""RSS growth of a solve against its ``max_memory`` (each in a fresh process).

    python bench/memory_bench.py [--game herring-bone] [--seed 2] [--limits 50M 200M]

Herring-bone seed 2 grows to gigabytes without a limit. Prints per limit: the verdict, the
solver's peak_bytes, the process's peak-RSS (VmHWM) growth and its ratio to the limit.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

CHILD = """
import re, sys, time
import patience
def hwm():  # peak RSS since exec (ru_maxrss carries the parent's peak over exec on Linux)
    status = open("/proc/self/status").read()
    return int(re.search(r"VmHWM:\\s+(\\d+) kB", status).group(1)) * 1024
slug, seed, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
state = patience.game(slug).deal(seed).start()
base = hwm()
t0 = time.perf_counter()
sol = state.solve(max_memory=limit)
took = time.perf_counter() - t0
peak = hwm()
print(sol.verdict, (sol.stop or "-").replace(" ", "_"), sol.states, sol.peak_bytes, peak - base, took)
"""


def main() -> None:
    from patience._limits import parse_memory

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="herring-bone")
    p.add_argument("--seed", type=int, default=2)
    p.add_argument("--limits", nargs="+", default=["50M", "100M", "200M"])
    a = p.parse_args()
    print(f"{a.game} seed {a.seed}")
    print(
        f"{'limit':>8} {'verdict':>24} {'states':>10} {'peak_bytes':>11} {'RSS growth':>11} ratio  time"
    )
    for text in a.limits:
        limit = parse_memory(text)
        assert isinstance(limit, int)
        out = subprocess.run(
            [sys.executable, "-c", CHILD, a.game, str(a.seed), str(limit)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        verdict = f"{out[0]} ({out[1].replace('_', ' ')})"
        states, peak, growth, took = int(out[-4]), int(out[-3]), int(out[-2]), float(out[-1])
        print(
            f"{text:>8} {verdict:>24} {states:>10,} {peak / 2**20:>9.1f}Mi {growth / 2**20:>9.1f}Mi "
            f"{growth / limit:5.2f} {took:5.1f}s"
        )


if __name__ == "__main__":
    main()
