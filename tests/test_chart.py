"""The win-rate chart of a survey store (``patience.survey_chart``, ``survey-report --chart``):
one bar per survey at the pixels its counts give, read back from the SVG; clear errors for a
store with nothing to draw; the picture rendered in headless Chromium."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import json
import sqlite3
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import patience
import pytest
from support import run_cli
from test_svg_html import chromium, png_pixels

NS = "{http://www.w3.org/2000/svg}"

# Known results written straight into a store: (game, options, [verdict per seed]).
KNOWN: list[tuple[str, dict[str, object], list[str]]] = [
    ("fortress", {}, ["won"] * 3 + ["lost"] * 5 + ["unknown"] * 2),  # 30% .. 50%, 3/8
    ("queens", {}, ["lost"] * 4),  # 0% .. 0%, 0/4
    ("zodiac", {}, ["unknown"] * 5),  # 0% .. 100%, nothing decided
    ("canfield-or-klondike", {"passes": None}, ["won"] + ["unknown"] * 3),  # 25% .. 100%, 1/1
]


def known_store(path: Path) -> Path:
    """A store holding exactly the deals of KNOWN (made by a survey of no deals, then
    filled with SQL, the schema the survey module documents)."""
    patience.survey("queens", 0, db=path)
    rows = []
    for slug, opts, verdicts in KNOWN:
        g = patience.game(slug, **opts)  # type: ignore[arg-type]
        key = json.dumps(dict(g.options), sort_keys=True, separators=(",", ":"))
        for seed, verdict in enumerate(verdicts, start=1):
            rows.append(
                (slug, key, seed, verdict, None, 0, 10, 10, 0.01, 1000, 500, None, None,
                 patience.__version__, g.info.rules_version)
            )  # fmt: skip
    with contextlib.closing(sqlite3.connect(path)) as con, con:
        con.executemany(
            "INSERT INTO results (game, options, seed, verdict, stop, moves, states, nodes, "
            "seconds, peak_bytes, max_states, timeout, max_memory, version, rules_version) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    return path


def axis(root: ET.Element) -> tuple[float, float]:
    """The x of the 0% and of the 100% tick."""
    ticks = {t.get("data-pct"): float(t.get("x1", "nan")) for t in root.iter(NS + "line")
             if t.get("class") == "tick"}  # fmt: skip
    assert sorted(ticks, key=int) == [str(p) for p in range(0, 101, 10)]
    return ticks["0"], ticks["100"]


def rows(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if g.get("class") == "row"]


def bar(row: ET.Element) -> tuple[float, float]:
    (rect,) = [r for r in row.iter(NS + "rect") if r.get("class") == "bounds"]
    x, w = float(rect.get("x", "nan")), float(rect.get("width", "nan"))
    return x, x + w


def dots(row: ET.Element) -> list[float]:
    return [float(c.get("cx", "nan")) for c in row.iter(NS + "circle") if c.get("class") == "rate"]


def texts(row: ET.Element) -> list[str]:
    return [t.text or "" for t in row.iter(NS + "text")]


def test_bars_stand_where_the_counts_put_them(tmp_path: Path) -> None:
    db = known_store(tmp_path / "known.db")
    svg = patience.survey_chart(db)
    root = ET.fromstring(svg)
    x0, x100 = axis(root)
    assert x100 - x0 > 300  # a real axis, wide enough to read

    def px(fraction: float) -> float:
        return x0 + fraction * (x100 - x0)

    got = rows(root)
    # One bar per survey, in the book's order of the games (canfield-or-klondike is its
    # first game, queens its fifth, zodiac its seventh, fortress far later).
    assert [g.get("data-game") for g in got] == [
        "canfield-or-klondike",
        "queens",
        "zodiac",
        "fortress",
    ]
    byname = {g.get("data-game"): g for g in got}
    # Bar ends: won / deals .. (won + unknown) / deals, worked out from KNOWN by hand.
    expected = {
        "fortress": (3 / 10, 5 / 10),
        "queens": (0.0, 0.0),
        "zodiac": (0.0, 1.0),
        "canfield-or-klondike": (1 / 4, 4 / 4),
    }
    for name, (lo, hi) in expected.items():
        left, right = bar(byname[name])
        assert left == pytest.approx(px(lo), abs=0.01), name
        assert right == pytest.approx(px(hi), abs=0.01), name
    # The dot: won among decided deals; none where nothing was decided.
    assert dots(byname["fortress"]) == [pytest.approx(px(3 / 8), abs=0.01)]
    assert dots(byname["queens"]) == [pytest.approx(px(0.0), abs=0.01)]
    assert dots(byname["canfield-or-klondike"]) == [pytest.approx(px(1.0), abs=0.01)]
    assert dots(byname["zodiac"]) == []
    # The labels: the name (with options off the book's), the counts of all deals and the
    # bounds in percent.
    assert texts(byname["fortress"])[0] == "fortress"
    assert texts(byname["fortress"])[1:] == ["3", "5", "2", "10", "30.0%\u201350.0%"]
    assert texts(byname["canfield-or-klondike"]) == [
        "canfield-or-klondike passes=None",
        "1",
        "0",
        "3",
        "4",
        "25.0%\u2013100.0%",
    ]
    assert texts(byname["zodiac"])[1:] == ["0", "0", "5", "5", "0.0%\u2013100.0%"]
    # Bounds that meet (no unknown deal) are one figure.
    assert texts(byname["queens"])[1:] == ["0", "4", "0", "4", "0.0%"]
    cells = byname["queens"]
    assert (cells.get("data-won"), cells.get("data-lost"), cells.get("data-unknown")) == (
        "0",
        "4",
        "0",
    )
    assert json.loads(byname["canfield-or-klondike"].get("data-options", ""))["passes"] is None


def test_chart_of_a_real_survey(tmp_path: Path) -> None:
    db = tmp_path / "real.db"
    made = [
        patience.survey("fortress", 6, db=db, max_states=20_000),
        patience.survey("queens", 4, first_seed=3, db=db, max_states=20_000),
    ]
    root = ET.fromstring(patience.survey_chart(db))
    x0, x100 = axis(root)
    got = {g.get("data-game"): g for g in rows(root)}
    assert sorted(got) == ["fortress", "queens"]
    for r in made:
        row = got[r.game]
        counts = [int(row.get(k, "-1")) for k in ("data-won", "data-lost", "data-unknown")]
        assert counts == [r.won, r.lost, r.unknown]
        assert row.get("data-deals") == str(r.deals) and r.deals in (6, 4)
        left, right = bar(row)
        assert left == pytest.approx(x0 + r.won / r.deals * (x100 - x0), abs=0.01)
        assert right == pytest.approx(x0 + (r.won + r.unknown) / r.deals * (x100 - x0), abs=0.01)
    subtitle = next(t.text for t in root.iter(NS + "text") if t.get("class") == "subtitle")
    assert (
        subtitle
        == "2 surveys, seeds differ between surveys, at most 20,000 stored positions a deal"
    )
    # One game, one seed range: selected as survey_report selects.
    one = ET.fromstring(patience.survey_chart(db, "queens", first_seed=3, deals=2))
    assert [g.get("data-deals") for g in rows(one)] == ["2"]
    sub = next(t.text for t in one.iter(NS + "text") if t.get("class") == "subtitle")
    assert sub == "1 survey, seeds 3\u20134, at most 20,000 stored positions a deal"


def test_same_store_same_text_and_order_by_rate(tmp_path: Path) -> None:
    db = known_store(tmp_path / "known.db")
    assert patience.survey_chart(db) == patience.survey_chart(db)
    by_rate = ET.fromstring(patience.survey_chart(db, order="rate", title="Mine <&>"))
    # Middle of the bounds, highest first: 62.5%, 50%, 40%, 0%.
    assert [g.get("data-game") for g in rows(by_rate)] == [
        "canfield-or-klondike",
        "zodiac",
        "fortress",
        "queens",
    ]
    title = next(t.text for t in by_rate.iter(NS + "text") if t.get("class") == "title")
    assert title == "Mine <&>"
    with pytest.raises(patience.PatienceError, match="order"):
        patience.survey_chart(db, order="size")  # type: ignore[arg-type]


def test_nothing_to_chart_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(patience.SurveyStoreError, match="no survey store"):
        patience.survey_chart(tmp_path / "missing.db")
    empty = tmp_path / "empty.db"
    patience.survey("queens", 0, db=empty)
    with pytest.raises(patience.PatienceError, match="holds no deals"):
        patience.survey_chart(empty)
    db = known_store(tmp_path / "known.db")
    with pytest.raises(patience.PatienceError, match="holds no deals of that selection"):
        patience.survey_chart(db, "kings")
    chart = importlib.import_module("patience.chart")
    with pytest.raises(patience.PatienceError, match="no surveyed deals"):
        chart.reports_svg([])
    with pytest.raises(TypeError, match="SurveyReport"):
        chart.reports_svg(["fortress"])  # type: ignore[list-item]


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd)


def test_cli_chart(tmp_path: Path) -> None:
    db = known_store(tmp_path / "known.db")
    out = cli("survey-report", "--db", str(db), "--chart", "w.svg", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "fortress" in out.stdout  # the summary table still printed
    assert out.stderr == "wrote the chart of 4 surveys to w.svg\n"
    assert (tmp_path / "w.svg").read_text(encoding="utf-8") == patience.survey_chart(db)
    # To standard output, the summary moving to standard error; ordered by rate.
    out = cli(
        "survey-report", "--db", str(db), "--chart", "-", "--chart-order", "rate", cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == patience.survey_chart(db, order="rate")
    assert "fortress" in out.stderr
    # One game's survey only.
    out = cli("survey-report", "fortress", "--db", str(db), "--chart", "-", cwd=tmp_path)
    assert [g.get("data-game") for g in rows(ET.fromstring(out.stdout))] == ["fortress"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--db", "missing.db"], "no survey store at 'missing.db'"),
        (["--db", "empty.db"], "holds no deals to chart"),
        (["--db", "empty.db", "--csv", "-"], "only one of --csv, --json and --chart"),
        (["--db", "empty.db", "--chart-order", "rate"], "give --chart FILE too"),
    ],
)
def test_cli_chart_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    patience.survey("queens", 0, db=tmp_path / "empty.db")
    if "--chart" not in args and "--chart-order" not in args:
        args = [*args, "--chart", "-"]
    out = cli("survey-report", *args, cwd=tmp_path)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith("patience: error: ") and out.stderr.count("\n") == 1
    assert message in out.stderr


def test_cli_chart_to_a_missing_folder(tmp_path: Path) -> None:
    db = known_store(tmp_path / "known.db")
    out = cli("survey-report", "--db", str(db), "--chart", "no/such/dir/w.svg", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith("patience: error: ") and out.stderr.count("\n") == 1
    assert "no/such/dir/w.svg" in out.stderr
    assert not (tmp_path / "no").exists()


def test_module_examples() -> None:
    result = doctest.testmod(importlib.import_module("patience.chart"))
    assert result.attempted >= 3 and result.failed == 0


def test_browser_renders_the_chart(tmp_path: Path) -> None:
    src = tmp_path / "chart.svg"
    src.write_text(patience.survey_chart(known_store(tmp_path / "known.db")), encoding="utf-8")
    dom = chromium(tmp_path, "--dump-dom", src.as_uri()).stdout.decode("utf-8")
    assert "parsererror" not in dom and "error on line" not in dom
    assert dom.count('class="row"') == len(KNOWN)
    png = tmp_path / "chart.png"
    chromium(tmp_path, f"--screenshot={png}", "--window-size=1100,400", src.as_uri())
    w, h, pixels = png_pixels(png)
    assert (w, h) == (1100, 400)
    assert len(set(pixels)) > 16  # drawn, not a blank page
