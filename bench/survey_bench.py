"""Survey figures: thread scaling of solve_many and the cost of the survey store.

    python bench/survey_bench.py canfield-or-klondike --deals 400 --max-states 20000
    python bench/survey_bench.py canfield-or-klondike --deals 200 --timeout 1 -o passes=None

On the same seeds it prints deals/s of solve_many on 1 and on N threads (--threads,
default 2) and their ratio; then the wall time of a survey (N threads, a fresh SQLite
store in a temporary directory, every deal committed as it finishes) against plain
solve_many on N threads, and the store's own cost per deal (committing results alone).
A state limit (--max-states) keeps the work per deal identical from run to run; a time
limit makes the unknown deals cost the same whatever the thread count.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import patience
from patience.cli import _options
from patience.survey import _options_key, _Store


def timed(f, repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``f``."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("slug")
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--max-states", type=int, default=20000)
    p.add_argument("--timeout", type=float, default=None, help="seconds per deal")
    p.add_argument("--threads", type=int, default=2, help="threads to compare with 1")
    p.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE")
    a = p.parse_args()
    opts = _options(a.option)
    seeds = range(a.first_seed, a.first_seed + a.deals)
    lim = {"max_states": a.max_states, "timeout": a.timeout}
    n = a.deals

    def plain(threads: int) -> list[patience.SeedResult]:
        return patience.solve_many(a.slug, seeds, threads=threads, **lim, **opts)

    results = plain(a.threads)
    counts = {v: sum(r.verdict == v for r in results) for v in ("won", "lost", "unknown")}
    print(
        f"game {a.slug} options {opts or '(book)'}: seeds {seeds.start}..{seeds.stop - 1}, "
        f"max_states {a.max_states}, timeout {a.timeout}; median of {a.repeat} runs"
    )
    print(f"verdicts: won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}")

    t1 = timed(lambda: plain(1), a.repeat)
    tn = timed(lambda: plain(a.threads), a.repeat)
    print(f"solve_many, 1 thread:   {t1:7.2f} s  {n / t1:8.1f} deals/s")
    print(f"solve_many, {a.threads} threads:  {tn:7.2f} s  {n / tn:8.1f} deals/s")
    print(f"scaling 1 -> {a.threads} threads: x{t1 / tn:.2f}")

    with tempfile.TemporaryDirectory() as tmp:
        runs = iter(range(a.repeat))

        def surveyed() -> None:
            db = Path(tmp) / f"survey-{next(runs)}.db"
            patience.survey(
                a.slug,
                n,
                first_seed=a.first_seed,
                db=db,
                jobs=a.threads,
                progress=False,
                **lim,
                **opts,
            )

        ts = timed(surveyed, a.repeat)
        over = (ts - tn) / n
        print(
            f"survey, {a.threads} threads:      {ts:7.2f} s  {n / ts:8.1f} deals/s  "
            f"(vs solve_many: {1000 * over:+.3f} ms per deal, {100 * (ts / tn - 1):+.1f}%)"
        )

        # The store alone: commit the same results one by one into a fresh store.
        game = patience.game(a.slug, **opts)
        with _Store(Path(tmp) / "store-only.db", create=True) as store:
            limits = (a.max_states, a.timeout, None)
            key = _options_key(game.options)
            t0 = time.perf_counter()
            for r in results:
                store.add(game.slug, key, [r], limits, patience.__version__)
            per = (time.perf_counter() - t0) / n
        print(f"store alone: {1e6 * per:.0f} us per committed deal ({1 / per:,.0f} commits/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
