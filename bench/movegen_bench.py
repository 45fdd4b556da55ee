"""Time move generation and play: the Rust engine against the reference engine.

    python bench/movegen_bench.py canfield-or-klondike --walks 20 --steps 200

Both engines walk the same random walks (list the moves, pick one, play it); the script
prints the steps per second of each and the ratio. The Rust figure includes the Python
call overhead of one `moves()` and one `play()` per step.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import patience
from patience import reference
from patience.cli import _options


def walk(game, seed: int, steps: int, rnd: random.Random) -> int:
    s = game.deal(seed).start()
    n = 0
    for _ in range(steps):
        ms = sorted(str(m) for m in s.moves())
        if not ms:
            break
        s = s.play(rnd.choice(ms))
        n += 1
    return n


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("slug")
    p.add_argument("--walks", type=int, default=20)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE")
    a = p.parse_args()
    opts = _options(a.option)
    rates = {}
    for name, g in (
        ("rust", patience.game(a.slug, **opts)),
        ("reference", reference.game(a.slug, **opts)),
    ):
        t0 = time.perf_counter()
        n = sum(walk(g, seed, a.steps, random.Random(seed)) for seed in range(1, a.walks + 1))
        dt = time.perf_counter() - t0
        rates[name] = n / dt
        print(f"{name:10} {n} steps in {dt:.3f} s: {n / dt:,.0f} steps/s")
    print(f"rust / reference: {rates['rust'] / rates['reference']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
