"""Surveys: solve_many's order and threads, the SQLite store, resuming after kill -9,
executors (threads and a real Dask LocalCluster), schema versions, reports and exports."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import patience
import pytest
from patience.survey import SCHEMA_VERSION, wilson_interval
from support import cli_env, default_sigint

SLUG = "canfield-or-klondike"
# A state limit (not a time limit) keeps every verdict deterministic, so runs compare.
LIMIT = 2000


def _env() -> dict[str, str]:
    return cli_env()


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "patience", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(),
        cwd=cwd,
    )


def query(db: Path, sql: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(db, timeout=30)) as con:
        return con.execute(sql).fetchall()


def stored(db: Path) -> dict[int, str]:
    return dict(query(db, "SELECT seed, verdict FROM results"))


def direct(seeds, **options) -> dict[int, str]:
    return {
        r.seed: r.verdict
        for r in patience.solve_many(SLUG, seeds, max_states=LIMIT, threads=2, **options)
    }


def key(r: patience.SeedResult) -> tuple:
    return (r.seed, r.verdict, r.stop, r.moves, r.states, r.nodes)


# --- solve_many --------------------------------------------------------------------------


def test_solve_many_returns_seed_order_and_same_results_on_1_and_2_threads():
    seeds = [250, 3, 17, 1, 99, 42, 8, 1000, 5, 64, 31, 2, 77, 13, 400, 6]
    seen: list[int] = []
    one = patience.solve_many(SLUG, seeds, max_states=LIMIT, threads=1, passes=None)
    two = patience.solve_many(
        SLUG,
        seeds,
        max_states=LIMIT,
        threads=2,
        passes=None,
        on_result=lambda r: seen.append(r.seed),
    )
    assert [r.seed for r in one] == seeds
    assert [r.seed for r in two] == seeds
    assert sorted(seen) == sorted(seeds)
    assert [key(r) for r in one] == [key(r) for r in two]
    verdicts = {r.verdict for r in one}
    assert "won" in verdicts and "unknown" in verdicts  # the comparison means something
    for r in one:
        assert (r.moves > 0) == (r.verdict == "won")


# --- statistics --------------------------------------------------------------------------


def test_wilson_interval():
    lo, hi = wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson_interval(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    for k in range(11):
        lo, hi = wilson_interval(k, 10)
        assert lo <= k / 10 <= hi
        mirror = wilson_interval(10 - k, 10)
        assert lo == pytest.approx(1 - mirror[1]) and hi == pytest.approx(1 - mirror[0])
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_report_rates_and_bounds():
    r = patience.SurveyReport(SLUG, {}, deals=100, won=30, lost=50, unknown=20)
    assert r.decided == 80 and r.win_rate == 30 / 80
    assert r.ci == wilson_interval(30, 80)
    assert r.bounds == (0.30, 0.50)
    assert r.bounds_ci == (wilson_interval(30, 100)[0], wilson_interval(50, 100)[1])
    d = r.to_dict()
    assert d["win_rate"] == 30 / 80 and d["bounds"] == [0.30, 0.50]
    table = str(r)
    assert "37.50%" in table and "30.00%..50.00%" in table


# --- surveys -----------------------------------------------------------------------------


def test_survey_stores_every_deal_and_reports_them(tmp_path):
    db = tmp_path / "s.db"
    out = io.StringIO()
    r = patience.survey(SLUG, 40, db=db, max_states=LIMIT, passes=None, progress=out)
    want = direct(range(1, 41), passes=None)
    assert stored(db) == want
    assert (r.deals, r.solved, r.skipped) == (40, 40, 0)
    assert (r.won, r.lost, r.unknown) == tuple(
        sum(v == x for v in want.values()) for x in ("won", "lost", "unknown")
    )
    assert (r.first_seed, r.last_seed) == (1, 40)
    # The default memory limit ("auto") is stored as the bytes it came to.
    assert [lim[:2] for lim in r.limits] == [(LIMIT, None)]
    assert isinstance(r.limits[0][2], int) and r.limits[0][2] > 0
    assert r.versions == [patience.__version__]
    assert "40/40" in out.getvalue() and "deals/s" in out.getvalue()

    row = query(
        db,
        "SELECT game, options, version, max_states, states, seconds FROM results WHERE seed = 1",
    )[0]
    assert row[0] == SLUG and json.loads(row[1])["passes"] is None
    assert row[2] == patience.__version__ and row[3] == LIMIT and row[4] > 0
    assert query(db, "PRAGMA journal_mode")[0][0] == "wal"
    assert query(db, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]

    again = patience.survey(SLUG, 40, db=db, max_states=LIMIT, passes=None)
    assert (again.solved, again.skipped, again.won) == (0, 40, r.won)
    [rep] = patience.survey_report(db)
    assert (rep.deals, rep.won, rep.lost, rep.unknown) == (r.deals, r.won, r.lost, r.unknown)
    [part] = patience.survey_report(db, SLUG, options={"passes": None}, first_seed=11, deals=10)
    assert (part.deals, part.first_seed, part.last_seed) == (10, 11, 20)


def test_options_identify_a_survey(tmp_path):
    db = tmp_path / "s.db"
    book = patience.survey(SLUG, 12, db=db, max_states=LIMIT)
    assert book.solved == 12
    draw3 = patience.survey(SLUG, 12, db=db, max_states=LIMIT, draw=3)
    assert (draw3.solved, draw3.skipped) == (12, 0)
    same = patience.survey(SLUG, 12, db=db, max_states=LIMIT, draw=1)  # the default, named
    assert (same.solved, same.skipped) == (0, 12)
    assert query(db, "SELECT COUNT(*), COUNT(DISTINCT seed) FROM results") == [(24, 12)]
    reports = patience.survey_report(db)
    assert sorted(r.options["draw"] for r in reports) == [1, 3]
    assert [r.options["draw"] for r in patience.survey_report(db, SLUG, options={"draw": 3})] == [3]


def test_retry_unknown_solves_them_again_and_replaces_the_rows(tmp_path):
    db = tmp_path / "s.db"
    small = patience.survey(SLUG, 20, db=db, max_states=300, passes=None)
    assert small.unknown > 0
    bigger = patience.survey(SLUG, 20, db=db, max_states=LIMIT, passes=None, retry_unknown=True)
    assert (bigger.solved, bigger.skipped) == (small.unknown, 20 - small.unknown)
    assert bigger.unknown < small.unknown and bigger.deals == 20
    assert query(db, "SELECT COUNT(*) FROM results") == [(20,)]
    assert {lim[:2] for lim in bigger.limits} == {(300, None), (LIMIT, None)}


def test_seeds_past_2_to_the_63(tmp_path):
    db = tmp_path / "s.db"
    first = 2**63 - 3
    r = patience.survey(SLUG, 6, first_seed=first, db=db, max_states=300)
    assert (r.deals, r.first_seed, r.last_seed) == (6, first, first + 5)
    assert stored(db).keys() == {s - 2**64 if s >= 2**63 else s for s in range(first, first + 6)}
    assert patience.survey(SLUG, 6, first_seed=first, db=db, max_states=300).skipped == 6
    with pytest.raises(patience.SeedError):
        patience.survey(SLUG, 10, first_seed=2**64 - 5, db=db)


def test_identical_verdicts_for_1_and_2_jobs_and_through_an_executor(tmp_path):
    seeds = range(1, 61)
    want = direct(seeds, passes=None)
    for name, kw in [
        ("one", {"jobs": 1}),
        ("two", {"jobs": 2}),
        ("pool", {"executor": ThreadPoolExecutor(2), "chunk_size": 7}),
    ]:
        db = tmp_path / f"{name}.db"
        patience.survey(SLUG, len(seeds), db=db, max_states=LIMIT, passes=None, **kw)
        assert stored(db) == want, name


def test_dask_local_cluster_gives_the_local_verdicts(tmp_path, monkeypatch):
    from distributed import Client, LocalCluster

    monkeypatch.setenv("PYTHONPATH", _env()["PYTHONPATH"])  # the workers import patience
    seeds = range(1, 81)
    local = tmp_path / "local.db"
    patience.survey(SLUG, len(seeds), db=local, max_states=LIMIT, jobs=2)
    with (
        LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        pids = set(client.run(os.getpid).values())
        assert len(pids) == 2 and os.getpid() not in pids
        db = tmp_path / "dask.db"
        r = patience.survey(
            SLUG,
            len(seeds),
            db=db,
            max_states=LIMIT,
            executor=client.get_executor(),
            chunk_size=8,
        )
        cmd = ["survey", SLUG, "--deals", "20", "--max-states", str(LIMIT), "--db", "cli.db"]
        c = cli(*cmd, "--scheduler", cluster.scheduler_address, cwd=tmp_path)
        assert c.returncode == 0, c.stderr
        assert "1..20" in c.stdout
    assert (r.deals, r.solved) == (80, 80)
    assert stored(db) == stored(local) == direct(seeds)
    assert query(db, "SELECT DISTINCT version FROM results") == [(patience.__version__,)]
    assert stored(tmp_path / "cli.db") == {s: v for s, v in stored(local).items() if s <= 20}


# --- interruption ------------------------------------------------------------------------


def _wait_rows(db: Path, proc: subprocess.Popen, at_least: int, limit: float = 60) -> int:
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        assert proc.poll() is None, "the survey ended before it could be interrupted"
        if db.exists():
            with contextlib.suppress(sqlite3.OperationalError):
                n = query(db, "SELECT COUNT(*) FROM results")[0][0]
                if n >= at_least:
                    return n
        time.sleep(0.02)
    raise AssertionError("the survey stored nothing in time")


def test_resume_after_kill_9_loses_no_seed_and_counts_none_twice(tmp_path):
    deals = 1000
    args = ["survey", SLUG, "--deals", str(deals), "--max-states", str(LIMIT), "--jobs", "2"]
    args += ["--db", "k.db"]
    db = tmp_path / "k.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "patience", *args],
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_rows(db, proc, 100)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert query(db, "PRAGMA integrity_check") == [("ok",)]
    killed_at = query(db, "SELECT COUNT(*) FROM results")[0][0]
    assert 100 <= killed_at < deals

    r = cli(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"resuming, {killed_at:,} of {deals:,} deals" in r.stderr
    assert f"this run solved {deals - killed_at:,}" in r.stdout
    assert query(db, "SELECT COUNT(*), COUNT(DISTINCT seed) FROM results") == [(deals, deals)]
    assert stored(db) == direct(range(1, deals + 1))


def test_ctrl_c_stops_promptly_and_keeps_the_finished_deals(tmp_path):
    args = ["survey", SLUG, "--deals", "100000", "--timeout", "5", "-o", "passes=None"]
    args += ["--db", "c.db"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "patience", *args],
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        _wait_rows(tmp_path / "c.db", proc, 1)
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        _, err = proc.communicate(timeout=30)
        assert time.monotonic() - t0 < 5
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    rows = query(tmp_path / "c.db", "SELECT stop FROM results")
    assert rows and all(s != "cancelled" for (s,) in rows)


# --- the store's schema ------------------------------------------------------------------


def _old_store(path: Path, version: int) -> bytes:
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        con.execute("INSERT INTO schema_version VALUES (?)", (version,))
        con.execute("CREATE TABLE results (game TEXT, seed INTEGER, won INTEGER)")
        con.execute("INSERT INTO results VALUES ('canfield-or-klondike', 1, 0)")
        con.commit()
    return path.read_bytes()


@pytest.mark.parametrize("version", [0, SCHEMA_VERSION + 1])
def test_a_store_of_another_schema_version_is_refused_and_left_unchanged(tmp_path, version):
    db = tmp_path / "old.db"
    before = _old_store(db, version)
    with pytest.raises(patience.SurveyStoreError, match=f"schema version {version}"):
        patience.survey(SLUG, 5, db=db, max_states=100)
    with pytest.raises(patience.PatienceError, match="schema version"):
        patience.survey_report(db)
    for args in (
        ["survey", SLUG, "--deals", "5", "--max-states", "100", "--db", "old.db"],
        ["survey-report", "--db", "old.db"],
    ):
        r = cli(*args, cwd=tmp_path)
        assert r.returncode == 2
        assert len(r.stderr.strip().splitlines()) == 1 and "schema version" in r.stderr
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db"]


def test_a_file_that_is_not_a_store_is_refused(tmp_path):
    text = tmp_path / "notes.db"
    text.write_text("not a database\n" * 100)
    with pytest.raises(patience.SurveyStoreError, match="not a survey store"):
        patience.survey(SLUG, 5, db=text)
    assert text.read_text() == "not a database\n" * 100
    other = tmp_path / "other.db"
    with contextlib.closing(sqlite3.connect(other)) as con:
        con.execute("CREATE TABLE t (x)")
    with pytest.raises(patience.SurveyStoreError, match="not a patience survey store"):
        patience.survey(SLUG, 5, db=other)
    with pytest.raises(patience.SurveyStoreError, match="no survey store"):
        patience.survey_report(tmp_path / "missing.db")
    assert not (tmp_path / "missing.db").exists()


# --- the command line --------------------------------------------------------------------


def test_cli_survey_report_and_exports(tmp_path):
    r = cli(
        "survey",
        SLUG,
        "--deals",
        "30",
        "--max-states",
        str(LIMIT),
        "-o",
        "passes=None",
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "patience-survey.db").exists()  # the default store
    assert "win rate" in r.stdout and "passes=None" in r.stdout and "1..30" in r.stdout
    assert "30/30" in r.stderr

    r = cli("survey-report", "--csv", "d.csv", "--json", "d.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "1..30" in r.stdout and "95% CI" in r.stdout
    with open(tmp_path / "d.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    want = direct(range(1, 31), passes=None)
    assert {int(x["seed"]): x["verdict"] for x in rows} == want
    doc = json.loads((tmp_path / "d.json").read_text())
    assert doc["schema_version"] == SCHEMA_VERSION
    [s] = doc["surveys"]
    assert s["deals"] == 30 and s["won"] == sum(v == "won" for v in want.values())
    assert s["options"]["passes"] is None and len(s["ci95"]) == 2
    assert {d["seed"]: d["verdict"] for d in doc["deals"]} == want

    r = cli("survey-report", SLUG, "-o", "draw=3", cwd=tmp_path)
    assert r.returncode == 0 and "(no deals)" in r.stdout


@pytest.mark.parametrize(
    "args,needle",
    [
        (["survey", "nope", "--deals", "3"], "unknown game"),
        (["survey", SLUG, "--deals", "3", "-o", "draw=2"], "draw"),
        (["survey-report", "--db", "missing.db"], "no survey store"),
        (["survey-report", "-o", "draw=3"], "slug"),
        (["survey-report", "--first-seed", "3"], "--deals"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, args, needle):
    r = cli(*args, cwd=tmp_path)
    assert r.returncode == 2
    assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "patience-survey.db").exists()


def test_cli_argument_errors_and_help(tmp_path):
    for args in (
        ["survey", SLUG],
        ["survey", SLUG, "--deals", "-1"],
        ["survey", SLUG, "--deals", "3", "--jobs", "0"],
    ):
        r = cli(*args, cwd=tmp_path)
        assert r.returncode == 2 and "Traceback" not in r.stderr
    for cmd in ("survey", "survey-report"):
        r = cli(cmd, "--help", cwd=tmp_path)
        assert r.returncode == 0 and "example" in r.stdout
        assert r.stdout.strip().splitlines()[-1].strip().startswith("patience " + cmd)
