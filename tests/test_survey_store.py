"""Survey counts and store messages that say what happened (issue 30), and the rules
version stored with every deal (issue 26)."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import io
import sqlite3
from pathlib import Path

import patience
import pytest
from patience import _api

survey_mod = importlib.import_module("patience.survey")

SLUG = "canfield-or-klondike"
LIMIT = 500


def query(db: Path, sql: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(db, timeout=30)) as con:
        return con.execute(sql).fetchall()


# --- point 4: the interrupted survey counts what is in the store -------------------------


def test_an_interrupted_survey_says_how_many_deals_the_store_holds(tmp_path, monkeypatch):
    db = tmp_path / "s.db"
    calls = 0
    add = survey_mod._Progress.add

    def add_then_interrupt(self, verdict):
        # Ctrl-C after the third deal was committed, before the progress line counted it.
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        add(self, verdict)

    monkeypatch.setattr(survey_mod._Progress, "add", add_then_interrupt)
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        patience.survey(SLUG, 50, db=db, max_states=LIMIT, jobs=1, chunk_size=1, progress=out)
    (n,) = query(db, "SELECT COUNT(*) FROM results")[0]
    assert n == 3
    assert f"interrupted; {n} of 50 deals are in" in out.getvalue(), out.getvalue()


# --- point 5: store messages --------------------------------------------------------------


def test_two_schema_version_rows_are_named(tmp_path):
    db = tmp_path / "s.db"
    patience.survey(SLUG, 1, db=db, max_states=LIMIT)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("INSERT INTO schema_version VALUES (2)")
        con.commit()
    before = db.read_bytes()
    for call in (
        lambda: patience.survey_report(db),
        lambda: patience.survey(SLUG, 2, db=db, max_states=LIMIT),
    ):
        with pytest.raises(patience.SurveyStoreError) as e:
            call()
        text = str(e.value)
        assert "schema_version table has 2 rows" in text and "None" not in text, text
    assert db.read_bytes() == before


def _read_only_connect(monkeypatch):
    """SQLite as it behaves on a store it may not write (a read-only file or folder)."""
    connect = sqlite3.connect

    def ro(database, *a, **k):
        ro_uri = database.replace("mode=rwc", "mode=ro").replace("mode=rw", "mode=ro")
        return connect(ro_uri, *a, **k)

    monkeypatch.setattr(survey_mod.sqlite3, "connect", ro)


class _NoWalIndex:
    """A connection to a WAL store in a read-only folder: SQLite cannot create the store's
    ``-shm`` file there, so even its first read fails (as seen running as another user)."""

    def __init__(self, con: sqlite3.Connection) -> None:
        self.con = con

    def execute(self, *args: object) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    def close(self) -> None:
        self.con.close()


@pytest.mark.parametrize("create", [True, False])
def test_a_store_in_a_read_only_folder_is_called_read_only(tmp_path, monkeypatch, create):
    db = tmp_path / "s.db"
    patience.survey(SLUG, 1, db=db, max_states=LIMIT)
    connect = sqlite3.connect
    monkeypatch.setattr(
        survey_mod.sqlite3, "connect", lambda *a, **k: _NoWalIndex(connect(*a, **k))
    )
    with pytest.raises(patience.SurveyStoreError) as e:
        if create:
            patience.survey(SLUG, 2, db=db, max_states=LIMIT)
        else:
            patience.survey_report(db)
    text = str(e.value)
    assert "or its folder is read-only" in text and "not a survey store" not in text, text


def test_an_old_store_that_cannot_be_migrated_is_called_read_only(tmp_path, monkeypatch):
    db = tmp_path / "v1.db"
    _v1_store(db)
    _read_only_connect(monkeypatch)
    with pytest.raises(patience.SurveyStoreError) as e:
        patience.survey_report(db)
    text = str(e.value)
    assert "read-only" in text and "not a survey store" not in text, text


# --- rules versions -----------------------------------------------------------------------

_V1_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE results (
    game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('won', 'lost', 'unknown')), stop TEXT,
    moves INTEGER NOT NULL, states INTEGER NOT NULL, nodes INTEGER NOT NULL,
    seconds REAL NOT NULL, peak_bytes INTEGER NOT NULL, max_states INTEGER, timeout REAL,
    max_memory INTEGER, version TEXT NOT NULL,
    finished TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game, options, seed)
);
INSERT INTO schema_version VALUES (1);
"""


def _v1_store(db: Path) -> None:
    """A store as patience wrote it before rules versions: one lost deal of seed 7."""
    okey = survey_mod._options_key(patience.game(SLUG).options)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.executescript(_V1_SCHEMA)
        con.execute(
            "INSERT INTO results (game, options, seed, verdict, stop, moves, states, nodes, "
            "seconds, peak_bytes, max_states, timeout, max_memory, version) "
            "VALUES (?, ?, 7, 'lost', NULL, 0, 10, 20, 0.5, 1000, ?, NULL, NULL, '0.0.1')",
            (SLUG, okey, LIMIT),
        )
        con.commit()


def test_game_info_has_a_rules_version():
    info = patience.game(SLUG).info
    assert info.rules_version == 1
    assert info.as_dict()["rules_version"] == 1
    assert all(i.rules_version >= 1 for i in patience.games())


def test_a_schema_1_store_is_migrated_with_its_rows_at_rules_version_1(tmp_path):
    db = tmp_path / "v1.db"
    _v1_store(db)
    (r,) = patience.survey_report(db)
    assert (r.deals, r.lost, r.rules_version) == (1, 1, 1)
    assert query(db, "SELECT version FROM schema_version") == [(survey_mod.SCHEMA_VERSION,)]
    assert query(db, "SELECT seed, rules_version FROM results") == [(7, 1)]
    # The migrated store takes new deals and resumes over the old one.
    r = patience.survey(SLUG, 2, first_seed=6, db=db, max_states=LIMIT)
    assert (r.deals, r.skipped, r.solved, r.rules_version) == (2, 1, 1, 1)


def _bump_rules(monkeypatch, slug: str, version: int) -> None:
    """Make this process play ``slug`` under another rules version."""
    info = _api._info

    def bumped(t):
        i = info(t)
        return dataclasses.replace(i, rules_version=version) if i.slug == slug else i

    monkeypatch.setattr(_api, "_info", bumped)


def test_a_survey_refuses_to_add_deals_of_other_rules_to_a_store(tmp_path, monkeypatch):
    db = tmp_path / "s.db"
    patience.survey(SLUG, 2, db=db, max_states=LIMIT)
    assert query(db, "SELECT DISTINCT rules_version FROM results") == [(1,)]
    _bump_rules(monkeypatch, SLUG, 2)
    assert patience.game(SLUG).info.rules_version == 2
    before = db.read_bytes()
    with pytest.raises(patience.PatienceError) as e:
        patience.survey(SLUG, 4, db=db, max_states=LIMIT)
    text = str(e.value)
    assert SLUG in text and "rules versions 1 and 2" in text, text
    assert db.read_bytes() == before
    # Another game, or a new store, is fine under the new version.
    r = patience.survey(SLUG, 1, db=tmp_path / "new.db", max_states=LIMIT)
    assert r.rules_version == 2
    assert query(tmp_path / "new.db", "SELECT rules_version FROM results") == [(2,)]


def test_a_report_refuses_to_combine_rules_versions(tmp_path):
    db = tmp_path / "s.db"
    patience.survey(SLUG, 3, db=db, max_states=LIMIT)
    patience.survey(SLUG, 1, db=db, max_states=LIMIT, draw=3)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute(
            "UPDATE results SET rules_version = 2 WHERE seed = 2 AND options NOT LIKE ?",
            ('%"draw":3%',),
        )
        con.commit()
    with pytest.raises(patience.SurveyStoreError) as e:
        patience.survey_report(db)
    text = str(e.value)
    assert SLUG in text and "rules versions 1 and 2" in text, text
    # The other option set alone is one rules version: reported.
    (r,) = patience.survey_report(db, SLUG, options={"draw": 3})
    assert (r.deals, r.rules_version) == (1, 1)
    assert "rules version 1" in survey_mod.format_reports([r])
