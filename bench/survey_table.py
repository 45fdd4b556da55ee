"""How often each game is won: a survey of every game (or the named ones) over a run of
seeds, printed as the Markdown table the README carries.

    python bench/survey_table.py --deals 200 --max-states 1000000 --db survey-table.db
    python bench/survey_table.py --deals 200 --max-states 1000000 --db survey-table.db --readme README.md

Each game is surveyed with its default options through `patience.survey`, so the deals go
to an SQLite store and a second run resumes where the first stopped (a game already
surveyed costs nothing). A state limit, not a time limit, bounds each deal, so the table
does not depend on the machine or on what else runs beside it. Per game: won, lost and
unknown counts, the win rate among the decided deals with its 95% Wilson interval, and the
rate over all deals if every unknown deal were lost .. won. `--readme FILE` also replaces
the table between the markers `<!-- survey-table -->` and `<!-- /survey-table -->` in FILE;
with games named, only their rows are replaced (the header and the other rows stay).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import patience
from decide import seed_parser  # bench/decide.py, beside this script

BEGIN, END = "<!-- survey-table -->", "<!-- /survey-table -->"


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def row(r: patience.SurveyReport) -> str:
    rate = "-" if r.win_rate is None else f"{pct(r.win_rate)} ({pct(r.ci[0])}-{pct(r.ci[1])})"
    lo, hi = r.bounds
    return (
        f"| {r.game} | {r.won} | {r.lost} | {r.unknown} | {rate} "
        f"| {pct(lo)}-{pct(hi)} | {r.solve_seconds:,.0f} s |"
    )


def main() -> int:
    p = seed_parser(__doc__, 200, 1_000_000)
    p.add_argument("slugs", nargs="*", help="games (default: all)")
    p.add_argument("--db", default="survey-table.db", help="the survey store (resumable)")
    p.add_argument("--jobs", type=int, default=None, help="threads (default: all cores)")
    p.add_argument("--readme", type=Path, default=None, help="rewrite the table in this file")
    a = p.parse_args()
    slugs = a.slugs or [g.slug for g in patience.games()]
    lines = [
        f"Seeds {a.first_seed}-{a.first_seed + a.deals - 1} of each game with its default "
        f"options, at most {a.max_states:,} stored positions a deal "
        f"(`python bench/survey_table.py --deals {a.deals} --max-states {a.max_states}`).",
        "",
        "| game | won | lost | unknown | win rate of decided (95% CI) "
        "| over all deals | solver time |",
        "| --- | ---: | ---: | ---: | --- | --- | ---: |",
    ]
    for slug in slugs:
        r = patience.survey(
            slug,
            a.deals,
            first_seed=a.first_seed,
            db=a.db,
            jobs=a.jobs,
            max_states=a.max_states,
        )
        lines.append(row(r))
        print(lines[-1], file=sys.stderr, flush=True)
    table = "\n".join(lines)
    print(table)
    if a.readme is not None:
        text = a.readme.read_text()
        pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
        found = pattern.search(text)
        if not found:
            print(f"survey_table: no {BEGIN} ... {END} markers in {a.readme}", file=sys.stderr)
            return 2
        if a.slugs:
            # Named games: their rows are replaced where they stand (or added), the rest kept.
            table = merge_rows(found.group(0), lines[4:])
        a.readme.write_text(pattern.sub(lambda _: f"{BEGIN}\n{table}\n{END}", text))
    return 0


def merge_rows(block: str, rows: list[str]) -> str:
    """The table between the markers (`block`, markers included) with each of `rows`
    put in place of the row of the same game, or added at the end."""
    old = block.splitlines()[1:-1]
    new = {r.split("|")[1].strip(): r for r in rows}
    out = []
    for line in old:
        game = line.split("|")[1].strip() if line.startswith("| ") else None
        out.append(new.pop(game) if game in new else line)
    return "\n".join(out + list(new.values()))


if __name__ == "__main__":
    sys.exit(main())
