"""Time and memory of Move.source / .dest / .cards over a long move list.

    python bench/move_props_bench.py                      # fourteenth seed 2, 32 moves in
    python bench/move_props_bench.py fourteenth --seed 2 --plies 32

Plays the first listed move `--plies` times from the deal, lists the legal moves, then
reads .dest on each (the first read asks the engine for every move's next key at once),
then .source, .cards and describe() on each, and prints the seconds and the process's
resident memory after each step (tracemalloc is not used: it slows Python down tenfold).
"""

from __future__ import annotations

import argparse
import os
import time

import patience


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("slug", nargs="?", default="fourteenth")
    p.add_argument("--seed", type=int, default=2)
    p.add_argument("--plies", type=int, default=32)
    a = p.parse_args()
    s = patience.game(a.slug).deal(a.seed).start()
    for _ in range(a.plies):
        ms = s.moves()
        if not ms:
            break
        s = s.play(ms[0])

    def rss() -> float:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    base = rss()
    print(f"{'position reached':<36} {'':>10}   RSS {base:7.1f} MiB")

    def report(what: str, t0: float) -> None:
        print(f"{what:<36} {time.perf_counter() - t0:8.3f} s   RSS +{rss() - base:6.1f} MiB")

    t0 = time.perf_counter()
    moves = s.moves()
    report(f"moves() ({len(moves):,} moves)", t0)
    t0 = time.perf_counter()
    for m in moves:
        m.dest  # noqa: B018
    report(".dest of each", t0)
    t0 = time.perf_counter()
    for m in moves:
        m.source, m.cards, m.describe()  # noqa: B018
    report(".source, .cards, describe() of each", t0)
    t0 = time.perf_counter()
    for m in moves:
        m.source, m.dest, m.cards  # noqa: B018
    report("all again (cached)", t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
