"""Modern Klondike on a fixed set of 200 deals that other solvers can run too.

    python bench/modern_klondike.py                      # 10 s a deal, one core
    python bench/modern_klondike.py --timeout 2 --count 50
    python bench/modern_klondike.py --timeout 10 --seeds unknown.txt   # listed seeds only

The deals (`bench/data/modern-klondike-200.txt`, see `bench/data/README.md`) are solved as
explicit deals through `patience.solve_many`, one deal at a time per thread. The table gives
won, lost and unknown counts, the median and 90th percentile of a deal's solver time (with
one thread, its CPU time), stored positions per second over all the deals, and bytes per
stored position (median peak memory over positions, for deals that stored at least
`--min-states`, where the first table's fixed size no longer dominates).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import patience

HERE = Path(__file__).resolve().parent
RULES = {"draw": 3, "passes": None, "partial_runs": True, "foundation_return": True}


def read_deals(path: Path) -> list[tuple[int, str]]:
    """(generator seed, cards) for each line of the deals file."""
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            n, cards = line.split("\t")
            out.append((int(n), cards.strip()))
    return out


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--deals", type=Path, default=HERE / "data" / "modern-klondike-200.txt")
    p.add_argument("--count", type=int, default=200, help="the first COUNT deals of the file")
    p.add_argument(
        "--seeds", type=Path, help="only the deals whose seed is listed in this file (one a line)"
    )
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per deal")
    p.add_argument("--threads", type=int, default=1, help="0 = all cores")
    p.add_argument("--min-states", type=int, default=100_000)
    p.add_argument("--verdicts", type=Path, help="also write 'seed verdict' lines here")
    a = p.parse_args()
    game = patience.game("canfield-or-klondike", **RULES)
    deals = read_deals(a.deals)[: a.count]
    if a.seeds:
        wanted = {int(w) for w in a.seeds.read_text().split()}
        deals = [d for d in deals if d[0] in wanted]
    rs = patience.solve_many(
        game.slug,
        [game.deal_from(cards) for _, cards in deals],
        timeout=a.timeout,
        threads=a.threads or None,
        **RULES,  # type: ignore[arg-type]
    )
    n = {v: sum(r.verdict == v for r in rs) for v in ("won", "lost", "unknown")}
    secs = [r.seconds for r in rs]
    rate = sum(r.states for r in rs) / max(sum(secs), 1e-9)
    big = [r for r in rs if r.states >= a.min_states]
    per = f"{statistics.median(r.peak_bytes / r.states for r in big):.0f}" if big else "-"
    print(
        f"{len(rs)} deals of {a.deals.name}, {a.timeout:g} s a deal, threads: {a.threads or 'all'}"
    )
    print()
    print("| won / lost / unknown | median | p90 | positions per second | bytes per position |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(
        f"| {n['won']} / {n['lost']} / {n['unknown']} | {statistics.median(secs) * 1000:.0f} ms "
        f"| {percentile(secs, 0.9) * 1000:.0f} ms | {rate / 1e6:.2f} M | {per} |"
    )
    if a.verdicts:
        a.verdicts.write_text("".join(f"{s} {r.verdict}\n" for (s, _), r in zip(deals, rs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
