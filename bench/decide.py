"""How many deals the solver decides, per game and option set, at a time limit per deal.

    python bench/decide.py --first-seed 1 --deals 200 --timeout 10 --threads 1
    python bench/decide.py "canfield-or-klondike draw=3 passes=None partial_runs=True foundation_return=True" --deals 200
    python bench/decide.py --sets bench/option_sets.txt --deals 40 --timeout 2
    python bench/decide.py --defaults --deals 20 --timeout 2 --threads 1   # all 47 games
    python bench/decide.py --defaults --deals 20 --timeout 2 --markdown    # README's table form

A set is a slug followed by its options (`name=value`, values as Python literals: `True`,
`3`, `None`); with no set named, every line of `--sets` is run (every game with each of its
option sets), or with `--defaults` every game once with the book's options. For each set the
table gives:
- won, lost and unknown counts, and the share decided (won or lost);
- the median and 90th percentile of a deal's time (the solver's own clock);
- stored positions per second over all the deals (their states over their seconds);
- bytes per stored position: the peak memory of the search over its positions, for the
  deals that stored at least `--min-states` (below that the first table's fixed size
  dominates); `-` if none did.

A last line sums the table up: deals decided of all, and how many sets decide at least 90%
of their deals and how many fewer than half.

With `--markdown` the table is instead the one the README's survey table has (as
`bench/survey_table.py` prints it, so its rows can be pasted there): per set the won, lost
and unknown counts of the N deals, the win rate among the decided ones with its 95% Wilson
interval, the rate over all deals with every unknown lost .. won, and the solver's time;
the same summary line follows. Nothing is written to a survey store.

An `unknown` is a limit that was hit (time, states or memory), never a loss. One thread
(`--threads 1`) measures one core, as the issues' goals are stated.
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
import time
from pathlib import Path

import patience

HERE = Path(__file__).resolve().parent


def parse_set(line: str) -> tuple[str, dict[str, object]]:
    """`slug name=value ...` -> (slug, options)."""
    slug, *rest = line.split()
    opts: dict[str, object] = {}
    for item in rest:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"bad option {item!r} in set {line!r}: expected name=value")
        try:
            opts[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise SystemExit(f"bad value {value!r} in set {line!r}") from None
    return slug, opts


def read_sets(path: Path) -> list[str]:
    lines = (ln.strip() for ln in path.read_text().splitlines())
    return [ln for ln in lines if ln and not ln.startswith("#")]


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def outcome_cells(rs: list[patience.SeedResult]) -> str:
    """The table cells every verdict benchmark starts with: won, lost, unknown, the share
    decided, and the median and 90th percentile of a deal's time."""
    n = {v: sum(r.verdict == v for r in rs) for v in ("won", "lost", "unknown")}
    secs = [r.seconds for r in rs]
    decided = 100 * (n["won"] + n["lost"]) / len(rs)
    return (
        f"{n['won']} | {n['lost']} | {n['unknown']} | {decided:.1f}% "
        f"| {statistics.median(secs):.3f} s | {percentile(secs, 0.9):.3f} s"
    )


def seed_parser(doc: str | None, deals: int, max_states: int | None) -> argparse.ArgumentParser:
    """The argument parser the benchmarks share: `doc` as its help, the seed range
    (`--first-seed`, `--deals`) and the per-deal state limit (`--max-states`)."""
    p = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--deals", type=int, default=deals)
    p.add_argument("--max-states", type=int, default=max_states, help="stored positions per deal")
    return p


def main() -> int:
    p = seed_parser(__doc__, 200, None)
    p.add_argument("sets", nargs="*", help='sets such as "canfield-or-klondike draw=3"')
    p.add_argument("--sets", dest="sets_file", type=Path, default=HERE / "option_sets.txt")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per deal")
    p.add_argument("--threads", type=int, default=1, help="0 = all cores")
    p.add_argument("--min-states", type=int, default=100_000)
    p.add_argument("--defaults", action="store_true", help="every game once, default options")
    p.add_argument(
        "--markdown", action="store_true", help="the README survey table's columns instead"
    )
    a = p.parse_args()
    defaults = [g.slug for g in patience.games()]
    sets = defaults if a.defaults else a.sets or read_sets(a.sets_file)
    seeds = range(a.first_seed, a.first_seed + a.deals)
    print(
        f"seeds {seeds.start}..{seeds.stop - 1}, {a.timeout:g} s a deal"
        + (f", {a.max_states:,} states" if a.max_states else "")
        + f", threads: {a.threads or 'all'}"
    )
    print()
    if a.markdown:
        print(
            "| game | won | lost | unknown | win rate of decided (95% CI) | over all deals | solver time |"
        )
        print("| --- | ---: | ---: | ---: | --- | --- | ---: |")
    else:
        print("| set | won | lost | unknown | decided | median | p90 | states/s | B/state | wall |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    shares: list[float] = []
    for line in sets:
        slug, opts = parse_set(line)
        t0 = time.perf_counter()
        try:
            rs = patience.solve_many(
                slug,
                seeds,
                timeout=a.timeout,
                max_states=a.max_states,
                threads=a.threads or None,
                **opts,  # type: ignore[arg-type]
            )
        except patience.PatienceError as e:
            raise SystemExit(f"{line}: {e}") from None
        wall = time.perf_counter() - t0
        shares.append(sum(r.verdict != "unknown" for r in rs) / len(rs))
        if a.markdown:
            print(markdown_row(line, rs), flush=True)
            continue
        rate = sum(r.states for r in rs) / max(sum(r.seconds for r in rs), 1e-9)
        big = [r for r in rs if r.states >= a.min_states]
        per = f"{statistics.median(r.peak_bytes / r.states for r in big):.0f}" if big else "-"
        print(
            f"| {line} | {outcome_cells(rs)} | {rate:,.0f} | {per} | {wall:.0f} s |",
            flush=True,
        )
    print()
    print(summary(shares, len(seeds)))
    return 0


def markdown_row(line: str, rs: list[patience.SeedResult]) -> str:
    """One row of the README's survey table for the set `line` and its deals' results."""
    from survey_table import row  # bench/survey_table.py, beside this script

    n = {v: sum(r.verdict == v for r in rs) for v in ("won", "lost", "unknown")}
    report = patience.SurveyReport(
        game=line,
        options={},
        deals=len(rs),
        won=n["won"],
        lost=n["lost"],
        unknown=n["unknown"],
        solve_seconds=sum(r.seconds for r in rs),
    )
    return row(report)


def summary(shares: list[float], deals: int) -> str:
    """The table's last line: deals decided of all, and sets at 90% or more and under half
    (`shares` is each set's decided share)."""
    decided = round(sum(shares) * deals)
    total = len(shares) * deals
    return (
        f"decided {decided} of {total} deals ({100 * decided / max(total, 1):.1f}%); "
        f"{sum(s >= 0.9 for s in shares)} of {len(shares)} sets at 90% or more, "
        f"{sum(s < 0.5 for s in shares)} under half"
    )


if __name__ == "__main__":
    sys.exit(main())
