"""Winnability surveys: solve many deals of a game and say how often it can be won.

A survey solves the deals of a contiguous run of seeds and commits every finished deal to
an embedded SQLite store as it finishes, so an interrupted survey (Ctrl-C, ``kill -9``, a
crash) resumes where it stopped when run again: seeds already in the store are skipped.

>>> import patience, tempfile, os
>>> db = os.path.join(tempfile.mkdtemp(), "s.db")
>>> r = patience.survey("canfield-or-klondike", 4, db=db, max_states=2000)
>>> r.deals, r.won + r.lost + r.unknown
(4, 4)
>>> [x.deals for x in patience.survey_report(db)]
[4]

The store (schema version 2) has two tables. ``schema_version(version)`` holds one row.
``results`` holds one row per deal, keyed by ``(game, options, seed)``: ``options`` is the
game's full option set as JSON with sorted keys, so the same seed under other options is
another row. Seeds are stored as signed 64-bit integers (seeds from 2**63 up appear as
``seed - 2**64``), and so are the ``max_states`` and ``max_memory`` limits. The other columns are the verdict, the solver's statistics, the limits
the deal was solved under, the library version that solved it, the time it finished and
the game's rules version (:attr:`patience.GameInfo.rules_version`) it was solved under. A
store of schema version 1 (no rules version) is brought to version 2 when opened, its rows
at rules version 1. Deals of one game and option set solved under different rules versions
are never combined: a survey or a report that would do so raises :class:`SurveyStoreError`.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import json
import math
import os
import sqlite3
import sys
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from . import _api, _limits, _names
from ._engine import __version__
from ._limits import MemoryLimit
from .errors import PatienceError

__all__ = [
    "DEFAULT_DB",
    "SCHEMA_VERSION",
    "SurveyReport",
    "SurveyStoreError",
    "export_csv",
    "export_json",
    "format_reports",
    "survey",
    "survey_report",
    "wilson_interval",
]

#: The store a survey uses when none is named: a file in the current directory.
DEFAULT_DB = "patience-survey.db"
#: The layout of the store this version reads and writes.
SCHEMA_VERSION = 2

_Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution
_U64 = 1 << 64
_I64 = 1 << 63
_CHUNK = 64  # seeds per solve_many call (at least; see survey)
_MAX_PENDING = 1024  # chunks submitted to an executor and not yet finished
_WINDOW = 4096  # seeds whose done-state is read from the store at once
_LOCK_TIMEOUT = 60.0  # seconds to wait for another process's write lock on the store
_PROGRESS_EVERY = 10.0  # seconds between progress lines when the stream is not a terminal
_DRAIN_SECONDS = 5.0  # after Ctrl-C: how long to wait for an executor's running chunks


class SurveyStoreError(PatienceError):
    """The survey store cannot be used: missing, not a survey store, or written with a
    schema version this version of the library does not read."""


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> lo, hi = wilson_interval(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    for name, v in (("successes", successes), ("trials", trials)):
        _limits.check_count(name, v)
    if isinstance(z, bool) or not isinstance(z, (int, float)):
        raise TypeError(f"z must be a number, not {type(z).__name__}")
    if not 0 <= successes <= trials:
        raise PatienceError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if not (isinstance(z, float) or abs(z) < 1 << 64) or not (math.isfinite(z) and 0 < z < 1e6):
        raise PatienceError(f"z must be a number > 0 (a normal quantile), got {z!r}")
    z = float(z)
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class SurveyReport:
    """The counts of one survey (one game with one option set) and what they say.

    ``win_rate`` is the share of won deals among the decided ones (won or lost), ``ci``
    its 95% Wilson interval. Unknown deals (a limit stopped the search) make the true
    rate uncertain beyond sampling: ``bounds`` is the rate over all deals if every unknown
    deal were lost .. if every one were won, ``bounds_ci`` the same widened by the 95%
    Wilson intervals.
    """

    game: str
    options: dict[str, Any]
    deals: int
    won: int
    lost: int
    unknown: int
    first_seed: int | None = None
    last_seed: int | None = None
    #: Distinct ``(max_states, timeout, max_memory)`` the deals were solved under.
    limits: list[tuple[int | None, float | None, int | None]] = field(default_factory=list)
    #: Library versions that solved the deals.
    versions: list[str] = field(default_factory=list)
    #: Solver seconds summed over the deals.
    solve_seconds: float = 0.0
    #: Deals solved by this run (survey only; 0 for a report from the store).
    solved: int = 0
    #: Deals found already in the store (survey only).
    skipped: int = 0
    #: Wall-clock seconds of this run (survey only).
    seconds: float = 0.0
    db: str = ""
    #: The game's rules version the deals were solved under (one: deals of different
    #: rules versions are never combined).
    rules_version: int | None = None

    def __post_init__(self) -> None:
        _api._check_fields(self)

    @property
    def decided(self) -> int:
        return self.won + self.lost

    @property
    def win_rate(self) -> float | None:
        """Won among decided deals, or None when none is decided."""
        return self.won / self.decided if self.decided else None

    @property
    def ci(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate among decided deals."""
        return wilson_interval(self.won, self.decided)

    @property
    def bounds(self) -> tuple[float, float]:
        """The win rate over all deals with every unknown lost .. with every unknown won."""
        if not self.deals:
            return (0.0, 1.0)
        return (self.won / self.deals, (self.won + self.unknown) / self.deals)

    @property
    def bounds_ci(self) -> tuple[float, float]:
        """:attr:`bounds` widened by their 95% Wilson intervals."""
        return (
            wilson_interval(self.won, self.deals)[0],
            wilson_interval(self.won + self.unknown, self.deals)[1],
        )

    def as_dict(self) -> dict[str, Any]:
        """Plain values (for JSON), including the derived rates and intervals."""
        d = dataclasses.asdict(self)
        d["limits"] = [{"max_states": a, "timeout": b, "max_memory": c} for a, b, c in self.limits]
        d.update(
            decided=self.decided,
            win_rate=self.win_rate,
            ci95=list(self.ci),
            bounds=list(self.bounds),
            bounds_ci95=list(self.bounds_ci),
        )
        return d

    def to_dict(self) -> dict[str, Any]:
        """The same as :meth:`as_dict` (its former name)."""
        return self.as_dict()

    def __str__(self) -> str:
        return format_reports([self])


# --- the store ---------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE results (
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    verdict    TEXT    NOT NULL CHECK (verdict IN ('won', 'lost', 'unknown')),
    stop       TEXT,
    moves      INTEGER NOT NULL,
    states     INTEGER NOT NULL,
    nodes      INTEGER NOT NULL,
    seconds    REAL    NOT NULL,
    peak_bytes INTEGER NOT NULL,
    max_states INTEGER,
    timeout    REAL,
    max_memory INTEGER,
    version    TEXT    NOT NULL,
    finished   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    rules_version INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game, options, seed)
);
"""

_COLUMNS = [
    "game",
    "options",
    "seed",
    "verdict",
    "stop",
    "moves",
    "states",
    "nodes",
    "seconds",
    "peak_bytes",
    "max_states",
    "timeout",
    "max_memory",
    "version",
    "finished",
    "rules_version",
]
#: The columns of ``results`` in a store of schema version 1 (migrated on opening).
_COLUMNS_V1 = _COLUMNS[:-1]


def _mixed_rules(
    path: Path, game: str, options: dict[str, Any], versions: list[int]
) -> SurveyStoreError:
    """The error for deals of one game and option set solved under different rules."""
    vs = " and ".join(str(v) for v in versions)
    return SurveyStoreError(
        f"the survey store {str(path)!r} holds deals of {game} ({_changed_options(game, options)})"
        f" solved under rules versions {vs}; the game changed between them, so they are not "
        "combined: survey into another store (--db), or delete the rows of the old version"
    )


def _to_db_seed(seed: int) -> int:
    return seed - _U64 if seed >= _I64 else seed


def _from_db_seed(v: int) -> int:
    return v + _U64 if v < 0 else v


def _db_limits(
    limits: tuple[int | None, float | None, int | None],
) -> tuple[int | None, float | None, int | None]:
    """Limits as stored: counts from 2**63 up as signed 64-bit integers, like seeds."""
    ms, t, mm = limits
    return (
        None if ms is None else _to_db_seed(ms),
        t,
        None if mm is None else _to_db_seed(mm),
    )


def _from_db_limits(row: Any) -> tuple[int | None, float | None, int | None]:
    ms, t, mm = row
    return (
        None if ms is None else _from_db_seed(ms),
        t,
        None if mm is None else _from_db_seed(mm),
    )


def _seed_clause(lo: int, hi: int) -> tuple[str, list[int]]:
    """SQL (and parameters) selecting the stored seeds ``lo .. hi`` (unsigned, inclusive)."""
    if hi < _I64 or lo >= _I64:
        return "seed BETWEEN ? AND ?", [_to_db_seed(lo), _to_db_seed(hi)]
    return "(seed BETWEEN ? AND ? OR seed BETWEEN ? AND ?)", [lo, _I64 - 1, -_I64, hi - _U64]


def _options_key(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


_EXPECTED = {
    "schema_version": ["version"],
    "results": _COLUMNS,
}


def _store_error(path: Path, e: sqlite3.Error) -> SurveyStoreError:
    """A clear :class:`SurveyStoreError` for an SQLite error on the store ``path``."""
    where = repr(str(path))
    text = str(e)
    low = text.lower()
    if "locked" in low or "busy" in low:
        why = (
            f"the survey store {where} is locked by another process (waited "
            f"{_LOCK_TIMEOUT:g} s); try again when it is done, or use another --db"
        )
    elif "readonly" in low or "read-only" in low or "read only" in low:
        why = (
            f"the survey store {where} or its folder is read-only (SQLite writes the store "
            "and a journal beside it); give a store in a folder this process can write"
        )
    elif "malformed" in low or "corrupt" in low or "not a database" in low:
        why = f"the survey store {where} is damaged ({text}); use another --db file"
    elif "disk" in low and "full" in low:
        why = f"the disk of the survey store {where} is full"
    else:
        why = f"the survey store {where} cannot be used: {text}"
    return SurveyStoreError(why)


#: The ``db`` that keeps a survey's store in memory (no file; gone when the call returns).
MEMORY_DB = ":memory:"


class _Store:
    """An open survey store (one SQLite connection, autocommit, WAL). Every SQLite error
    comes out as a :class:`SurveyStoreError` saying what is wrong with the store."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"db must be a path, not {type(path).__name__}")
        self.path = Path(path)
        if os.fspath(path) == MEMORY_DB:
            # SQLite's own name for a store in memory: no file is made, and the store
            # lasts as long as this connection.
            self.con = sqlite3.connect(MEMORY_DB, timeout=_LOCK_TIMEOUT, isolation_level=None)
            self._checked(create)
            return
        if not create and not self.path.exists():
            raise SurveyStoreError(f"no survey store at {str(self.path)!r}")
        if self.path.is_dir():
            raise SurveyStoreError(f"{str(self.path)!r} is a directory, not a survey store")
        try:
            uri = self.path.absolute().as_uri() + ("?mode=rwc" if create else "?mode=rw")
        except ValueError as e:
            raise SurveyStoreError(f"bad store path {str(self.path)!r}: {e}") from None
        try:
            self.con = sqlite3.connect(uri, uri=True, timeout=_LOCK_TIMEOUT, isolation_level=None)
        except sqlite3.Error as e:
            raise SurveyStoreError(
                f"cannot open the survey store {str(self.path)!r}: {e}"
            ) from None
        self._checked(create)

    def _checked(self, create: bool) -> None:
        """Check (or create) the store's schema on the open connection; close it and
        raise if the store is not one."""
        try:
            with self.errors():
                self._check(create)
        except BaseException:
            self.con.close()
            raise

    @contextlib.contextmanager
    def errors(self) -> Iterator[None]:
        """Turn SQLite errors into :class:`SurveyStoreError`."""
        try:
            yield
        except sqlite3.Error as e:
            raise _store_error(self.path, e) from None

    def _check(self, create: bool) -> None:
        """Check everything before changing anything: the file is left as it was unless
        it is a store of this schema (or a new empty file, which becomes one)."""
        where = repr(str(self.path))
        try:
            tables = self._tables()
            if not tables and create:
                self.con.execute("BEGIN IMMEDIATE")
                if not self._tables():  # another process may have created it meanwhile
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            self.con.execute(statement)
                    self.con.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
                self.con.execute("COMMIT")
                tables = self._tables()
            if not tables:
                raise SurveyStoreError(f"{where} is an empty file, not a survey store")
            if not {"schema_version", "results"} <= tables:
                raise SurveyStoreError(
                    f"{where} is an SQLite database but not a patience survey store"
                )
            if "version" not in self._columns("schema_version"):
                raise self._not_a_store("schema_version")
            rows = self.con.execute("SELECT version FROM schema_version").fetchall()
            if len(rows) != 1:
                raise SurveyStoreError(
                    f"{where} is not a usable survey store: its schema_version table has "
                    f"{len(rows)} rows, where a store has exactly one; it was left unchanged"
                )
            found = rows[0][0]
            if found == 1:
                if self._columns("results") != _COLUMNS_V1:
                    raise self._not_a_store("results", _COLUMNS_V1)
                self._migrate_v1()
                found = SCHEMA_VERSION
            if found != SCHEMA_VERSION:
                raise SurveyStoreError(
                    f"the survey store {where} has schema version {found}, but patience "
                    f"{__version__} reads version {SCHEMA_VERSION} only; it was left "
                    "unchanged (use another --db file, or the patience version that wrote it)"
                )
            if self._columns("results") != _COLUMNS:
                raise self._not_a_store("results")
        except sqlite3.DatabaseError as e:
            low = str(e).lower()
            if isinstance(e, sqlite3.OperationalError) and "locked" in low:
                raise
            if "readonly" in low or "read-only" in low:
                raise _store_error(self.path, e) from None
            raise SurveyStoreError(f"{where} is not a survey store ({e})") from None
        if create:
            # A store that cannot be written is found now, not after the first deal.
            self.con.execute("BEGIN IMMEDIATE")
            try:
                self.con.execute("DELETE FROM schema_version WHERE version != version")
            finally:
                self.con.execute("ROLLBACK")
            self.con.execute("PRAGMA journal_mode=WAL")
            self.con.execute("PRAGMA synchronous=NORMAL")

    def _migrate_v1(self) -> None:
        """Bring a store of schema version 1 to version 2: its deals were solved before
        rules versions were stored, under the first rules version of every game."""
        self.con.execute("BEGIN IMMEDIATE")
        try:
            if self.con.execute("SELECT version FROM schema_version").fetchall() == [(1,)]:
                self.con.execute(
                    "ALTER TABLE results ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1"
                )
                self.con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
            self.con.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.con.execute("ROLLBACK")
            raise

    def rules_versions(self, game: str, options: str) -> list[int]:
        """The rules versions the stored deals of ``game`` under ``options`` were solved
        under."""
        sql = "SELECT DISTINCT rules_version FROM results WHERE game = ? AND options = ? ORDER BY 1"
        with self.errors():
            return [r[0] for r in self.con.execute(sql, (game, options))]

    def _columns(self, table: str) -> list[str]:
        return [r[1] for r in self.con.execute(f"PRAGMA table_info({table})")]

    def _not_a_store(self, table: str, want: list[str] | None = None) -> SurveyStoreError:
        have = self._columns(table)
        want = want or _EXPECTED[table]
        missing = [c for c in want if c not in have]
        return SurveyStoreError(
            f"{str(self.path)!r} is not a patience survey store: its table {table!r} has the "
            f"columns {have}" + (f" (missing {missing})" if missing else "") + "; it was left "
            "unchanged"
        )

    def _tables(self) -> set[str]:
        return {r[0] for r in self.con.execute("SELECT name FROM sqlite_master WHERE type='table'")}

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> _Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def done_seeds(
        self, game: str, options: str, lo: int, hi: int, *, decided_only: bool
    ) -> set[int]:
        """The seeds ``lo .. hi`` already in the store (with a won/lost verdict only, if
        ``decided_only``)."""
        clause, params = _seed_clause(lo, hi)
        extra = " AND verdict != 'unknown'" if decided_only else ""
        sql = f"SELECT seed FROM results WHERE game = ? AND options = ? AND {clause}{extra}"
        with self.errors():
            return {_from_db_seed(r[0]) for r in self.con.execute(sql, [game, options, *params])}

    def add(
        self,
        game: str,
        options: str,
        results: Iterable[_api.SeedResult],
        limits: tuple[int | None, float | None, int | None],
        version: str,
        rules_version: int,
    ) -> None:
        """Commit results (in one transaction)."""
        rows = [
            (
                game,
                options,
                _to_db_seed(r.seed),
                r.verdict,
                r.stop,
                r.moves,
                r.states,
                r.nodes,
                r.seconds,
                r.peak_bytes,
                *_db_limits(limits),
                version,
                rules_version,
            )
            for r in results
        ]
        sql = (
            "INSERT OR REPLACE INTO results (game, options, seed, verdict, stop, moves, "
            "states, nodes, seconds, peak_bytes, max_states, timeout, max_memory, version, "
            "rules_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        )
        with self.errors():
            if len(rows) == 1:
                self.con.execute(sql, rows[0])
            elif rows:
                self.con.execute("BEGIN IMMEDIATE")
                try:
                    self.con.executemany(sql, rows)
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        self.con.execute("ROLLBACK")
                    raise
                self.con.execute("COMMIT")

    def _where(
        self,
        game: str | None,
        options: str | None,
        lo: int | None,
        hi: int | None,
    ) -> tuple[str, list[Any]]:
        conds: list[str] = []
        params: list[Any] = []
        if game is not None:
            conds.append("game = ?")
            params.append(game)
        if options is not None:
            conds.append("options = ?")
            params.append(options)
        if lo is not None and hi is not None:
            clause, p = _seed_clause(lo, hi)
            conds.append(clause)
            params += p
        return (" WHERE " + " AND ".join(conds)) if conds else "", params

    def reports(
        self,
        game: str | None = None,
        options: str | None = None,
        lo: int | None = None,
        hi: int | None = None,
    ) -> list[SurveyReport]:
        """One report per (game, options) among the rows selected."""
        with self.errors():
            return self._reports(game, options, lo, hi)

    def _reports(
        self,
        game: str | None = None,
        options: str | None = None,
        lo: int | None = None,
        hi: int | None = None,
    ) -> list[SurveyReport]:
        """One report per (game, options) among the rows selected."""
        where, params = self._where(game, options, lo, hi)
        sql = (
            "SELECT game, options, COUNT(*), SUM(verdict = 'won'), SUM(verdict = 'lost'), "
            "SUM(verdict = 'unknown'), TOTAL(seconds), "
            "MIN(CASE WHEN seed >= 0 THEN seed END), MAX(CASE WHEN seed >= 0 THEN seed END), "
            "MIN(CASE WHEN seed < 0 THEN seed END), MAX(CASE WHEN seed < 0 THEN seed END) "
            f"FROM results{where} GROUP BY game, options ORDER BY game, options"
        )
        out = []
        for g, o, n, won, lost, unk, secs, pmin, pmax, nmin, nmax in self.con.execute(sql, params):
            first = pmin if pmin is not None else _from_db_seed(nmin)
            last = _from_db_seed(nmax) if nmax is not None else pmax
            gw, gp = self._where(g, o, lo, hi)
            limits = [
                _from_db_limits(r)
                for r in self.con.execute(
                    f"SELECT DISTINCT max_states, timeout, max_memory FROM results{gw} "
                    "ORDER BY 1, 2, 3",
                    gp,
                )
            ]
            versions = [
                r[0]
                for r in self.con.execute(
                    f"SELECT DISTINCT version FROM results{gw} ORDER BY 1", gp
                )
            ]
            rules = [
                r[0]
                for r in self.con.execute(
                    f"SELECT DISTINCT rules_version FROM results{gw} ORDER BY 1", gp
                )
            ]
            if len(rules) > 1:
                raise _mixed_rules(self.path, g, json.loads(o), rules)
            out.append(
                SurveyReport(
                    game=g,
                    options=json.loads(o),
                    deals=n,
                    won=won,
                    lost=lost,
                    unknown=unk,
                    first_seed=first,
                    last_seed=last,
                    limits=limits,  # type: ignore[arg-type]
                    versions=versions,
                    solve_seconds=secs,
                    db=str(self.path),
                    rules_version=rules[0],
                )
            )
        return out

    def rows(
        self,
        game: str | None = None,
        options: str | None = None,
        lo: int | None = None,
        hi: int | None = None,
    ) -> Iterator[dict[str, Any]]:
        """Every selected deal as a dict (seeds unsigned), in key order."""
        with self.errors():
            yield from self._rows(game, options, lo, hi)

    def _rows(
        self,
        game: str | None = None,
        options: str | None = None,
        lo: int | None = None,
        hi: int | None = None,
    ) -> Iterator[dict[str, Any]]:
        """Every selected deal as a dict (seeds unsigned), in key order."""
        where, params = self._where(game, options, lo, hi)
        sql = f"SELECT {', '.join(_COLUMNS)} FROM results{where} ORDER BY game, options, seed"
        for r in self.con.execute(sql, params):
            d = dict(zip(_COLUMNS, r))
            d["seed"] = _from_db_seed(d["seed"])
            for c in ("max_states", "max_memory"):
                d[c] = None if d[c] is None else _from_db_seed(d[c])
            yield d


# --- progress ----------------------------------------------------------------------------


def _duration(s: float) -> str:
    s = int(round(s))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class _StatusLine:
    """One status line on a stream: redrawn in place on a terminal, else written as a
    line of its own. If writing fails (a closed pipe, a closed file) the line stops and
    the work goes on. The survey's progress and the command line's long-solve line."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        try:
            self.tty = bool(stream is not None and stream.isatty())
        except (OSError, ValueError, AttributeError):
            self.tty = False
        self.width = 0

    def show(self, line: str) -> None:
        if self.tty:
            pad = max(0, self.width - len(line))
            self.width = len(line)
            self.write("\r" + line + " " * pad)
        else:
            self.write(line + "\n")

    def write(self, text: str) -> None:
        if self.stream is None:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.stream = None

    def clear(self) -> None:
        """Erase the line drawn in place (on a terminal)."""
        if self.tty and self.width:
            self.write("\r" + " " * self.width + "\r")


class _Progress(_StatusLine):
    """A survey's progress line: deals done, rate, time left, verdict counts."""

    def __init__(
        self, stream: TextIO | None, total: int, counts: dict[str, int], label: str
    ) -> None:
        super().__init__(stream)
        self.every = 0.2 if self.tty else _PROGRESS_EVERY
        self.total = total
        self.counts = dict(counts)
        self.done = sum(counts.values())
        self.start_done = self.done
        self.label = label
        self.t0 = time.monotonic()
        self.last = self.t0

    def add(self, verdict: str) -> None:
        self.counts[verdict] += 1
        self.done += 1
        self.tick()

    def tick(self, force: bool = False) -> None:
        now = time.monotonic()
        if self.stream is None or not (force or now - self.last >= self.every):
            return
        self.last = now
        self.show(self.line(now))

    def line(self, now: float) -> str:
        new = self.done - self.start_done
        elapsed = now - self.t0
        rate = new / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = _duration(left / rate) if rate > 0 else "?"
        pct = 100.0 * self.done / self.total if self.total else 100.0
        bar = ""
        if self.tty:
            filled = int(20 * self.done / self.total) if self.total else 20
            bar = "[" + "#" * filled + "." * (20 - filled) + "] "
        c = self.counts
        return (
            f"{self.label} {bar}{self.done:,}/{self.total:,} ({pct:.1f}%) "
            f"{rate:.1f} deals/s ETA {eta} | won {c['won']:,} lost {c['lost']:,} "
            f"unknown {c['unknown']:,}"
        )

    def finish(self) -> None:
        if self.stream is None:
            return
        self.tick(force=True)
        if self.tty:
            self.write("\n")


# --- surveys -----------------------------------------------------------------------------


def _solve_chunk(
    slug: str,
    options: dict[str, Any],
    seeds: list[int],
    max_states: int | None,
    timeout: float | None,
    max_memory: MemoryLimit,
    threads: int | None,
) -> tuple[str, list[tuple[Any, ...]], int]:
    """Solve one chunk (on an executor's worker); returns the worker's library version,
    plain tuples of the :class:`SeedResult` fields and the worker's rules version of the
    game."""
    from . import _engine

    results = _api.solve_many(
        slug,
        seeds,
        max_states=max_states,
        timeout=timeout,
        max_memory=max_memory,
        threads=threads,
        **options,
    )
    rules = _api.Game(slug, **options).info.rules_version
    return _engine.__version__, [dataclasses.astuple(r) for r in results], rules


def _todo(
    store: _Store, game: str, options: str, first: int, last: int, retry_unknown: bool
) -> Iterator[int]:
    lo = first
    while lo <= last:
        hi = min(last, lo + _WINDOW - 1)
        done = store.done_seeds(game, options, lo, hi, decided_only=retry_unknown)
        yield from (s for s in range(lo, hi + 1) if s not in done)
        lo = hi + 1


def _chunks(seeds: Iterator[int], size: int) -> Iterator[list[int]]:
    chunk: list[int] = []
    for s in seeds:
        chunk.append(s)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def survey(
    slug: str,
    deals: int,
    *,
    first_seed: int = 1,
    db: str | os.PathLike[str] = DEFAULT_DB,
    jobs: int | None = None,
    max_states: int | None = None,
    timeout: float | None = None,
    max_memory: MemoryLimit = "auto",
    executor: Executor | None = None,
    chunk_size: int | None = None,
    retry_unknown: bool = False,
    progress: bool | TextIO | None = None,
    **options: bool | int | None,
) -> SurveyReport:
    """Solve the deals of seeds ``first_seed .. first_seed + deals - 1`` of a game and
    report how often it is won.

    Every finished deal is committed to the SQLite store ``db`` (created if missing) with
    the game, its options, the seed, verdict, statistics, limits and library version.
    Seeds already in the store under the same game and options are skipped, so running
    the same survey again resumes it; with ``retry_unknown`` the seeds stored as
    ``unknown`` are solved again (say with a larger ``timeout``) and their rows replaced.

    Locally the deals are solved in the engine on ``jobs`` threads (default: all cores),
    ``chunk_size`` seeds per :func:`patience.solve_many` call (default: 64, or 16 per
    thread if more). With ``executor`` (any
    :class:`concurrent.futures.Executor`, e.g. ``dask.distributed.Client(...)
    .get_executor()``) each chunk is one task running :func:`patience.solve_many` on a
    worker with ``jobs`` threads (default 1) on ``chunk_size`` seeds (default 64); the
    results are written here, by the calling process, as each chunk comes back.

    ``progress``: a live line on standard error (True), on a given stream, or none
    (False); by default only when standard error is a terminal. Ctrl-C stops the survey
    promptly with KeyboardInterrupt; the finished deals stay in the store.

    Returns the :class:`SurveyReport` of the requested seeds (those solved now and those
    found in the store). Raises :class:`SurveyStoreError` for a store that is not a survey
    store or has another schema version (the file is left unchanged).
    """
    g = _api.Game(slug, **options)
    first_seed = _api._check_seed(first_seed)
    deals = int(_limits.check_count("deals", deals))  # type: ignore[arg-type]
    last_seed = first_seed + deals - 1
    if last_seed > _U64 - 1:
        raise _api.SeedError(
            f"the seeds {first_seed} .. {_limits._big(last_seed)} pass 2**64-1 "
            f"(at most {_U64 - first_seed} deals from seed {first_seed})"
        )
    if jobs is not None:
        jobs = _limits.check_count("jobs", jobs, minimum=1, maximum=_limits.MAX_THREADS)
    if chunk_size is not None:
        chunk_size = _limits.check_count("chunk_size", chunk_size, minimum=1, maximum=1 << 20)
    if not isinstance(retry_unknown, bool):
        raise TypeError(f"retry_unknown must be True or False, not {type(retry_unknown).__name__}")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    if not isinstance(db, (str, os.PathLike)):
        raise TypeError(f"db must be a path, not {type(db).__name__}")
    # "auto" memory: the default shared by the searches that run at once here (locally,
    # one per thread; with an executor, the caller's share for each task's threads).
    share = (jobs or 1) if executor is not None else (jobs or os.cpu_count() or 1)
    checked = _limits.solve_limits(max_states, timeout, max_memory, True, share=share)
    limits = (checked.max_states, checked.timeout, checked.max_bytes)
    okey = _options_key(g.options)
    stream: TextIO | None
    if progress is None:
        err = sys.stderr
        try:
            stream = err if err is not None and err.isatty() else None
        except (OSError, ValueError, AttributeError):
            stream = None
    elif progress is True:
        stream = sys.stderr  # None when standard error is closed: no progress
    elif progress is False:
        stream = None
    elif callable(getattr(progress, "write", None)):
        stream = progress
    else:
        raise TypeError(
            f"progress must be True, False, None or a text stream, not {type(progress).__name__}"
        )

    t0 = time.monotonic()
    rules = g.info.rules_version
    with _Store(db, create=True) as store:
        old = [v for v in store.rules_versions(g.slug, okey) if v != rules]
        if old:
            raise _mixed_rules(store.path, g.slug, g.options, sorted([*old, rules]))

        def counts() -> dict[str, int]:
            c = {"won": 0, "lost": 0, "unknown": 0}
            if deals:
                for r in store.reports(g.slug, okey, first_seed, last_seed):
                    c = {"won": r.won, "lost": r.lost, "unknown": r.unknown}
            return c

        before = counts()
        skipped = sum(before.values())
        if retry_unknown:
            skipped -= before["unknown"]
            before["unknown"] = 0
        bar = _Progress(stream, deals, before, f"{g.slug}:")
        if skipped:
            bar.write(
                f"{g.slug}: resuming, {skipped:,} of {deals:,} deals already in "
                f"{str(store.path)!r}\n"
            )
        todo = _todo(store, g.slug, okey, first_seed, last_seed, retry_unknown)
        solved = 0
        try:
            if executor is None:
                size = chunk_size or max(_CHUNK, 16 * (jobs or os.cpu_count() or 1))

                def record(r: _api.SeedResult) -> None:
                    nonlocal solved
                    if r.stop == "cancelled":  # never store a search that was cut short
                        return
                    store.add(g.slug, okey, [r], limits, __version__, rules)
                    solved += 1
                    bar.add(r.verdict)

                for chunk in _chunks(todo, size):
                    _api.solve_many(
                        g.slug,
                        chunk,
                        max_states=limits[0],
                        timeout=limits[1],
                        max_memory=limits[2],
                        threads=jobs,
                        on_result=record,
                        **g.options,
                    )
            else:
                chunks = _chunks(todo, chunk_size or _CHUNK)
                pending: set[Future[Any]] = set()

                def submit() -> None:
                    chunk = next(chunks, None)
                    if chunk is not None:
                        pending.add(
                            executor.submit(
                                _solve_chunk,
                                g.slug,
                                g.options,
                                chunk,
                                *limits,
                                jobs or 1,
                            )
                        )

                def collect(f: Future[Any]) -> None:
                    nonlocal solved
                    version, rows, worker_rules = f.result()
                    if worker_rules != rules:
                        raise _mixed_rules(store.path, g.slug, g.options, [rules, worker_rules])
                    results = [_api.SeedResult(*t) for t in rows]
                    results = [r for r in results if r.stop != "cancelled"]
                    store.add(g.slug, okey, results, limits, version, rules)
                    solved += len(results)
                    for r in results:
                        bar.add(r.verdict)

                try:
                    for _ in range(_MAX_PENDING):
                        submit()
                    while pending:
                        finished, pending = wait(pending, 0.5, FIRST_COMPLETED)
                        for f in finished:
                            collect(f)
                            submit()
                        bar.tick()
                except KeyboardInterrupt:
                    # Stop the chunks not started, cancel the searches running in this
                    # process (a thread pool's), and keep what the running chunks decided.
                    running = {f for f in pending if not f.cancel()}
                    pending = set()
                    _api.interrupt_all()
                    finished, _ = wait(running, _DRAIN_SECONDS)
                    for f in finished:
                        if not f.cancelled() and f.exception() is None:
                            collect(f)
                    raise
                finally:
                    for f in pending:
                        f.cancel()
        except KeyboardInterrupt:
            bar.finish()
            # Counted in the store: a deal committed just before the interrupt may not
            # have reached the progress line.
            try:
                stored = sum(counts().values())
            except PatienceError:
                stored = bar.done
            bar.write(
                f"{g.slug}: interrupted; {stored:,} of {deals:,} deals are in "
                f"{str(store.path)!r}; run the same survey again to resume\n"
            )
            raise
        bar.finish()
        reports = store.reports(g.slug, okey, first_seed, last_seed) if deals else []

    if reports:
        report = reports[0]
    else:
        report = SurveyReport(
            g.slug, dict(g.options), 0, 0, 0, 0, db=str(Path(db)), rules_version=rules
        )
    report.solved = solved
    report.skipped = skipped
    report.seconds = time.monotonic() - t0
    return report


def survey_report(
    db: str | os.PathLike[str] = DEFAULT_DB,
    slug: str | None = None,
    *,
    options: dict[str, bool | int | None] | None = None,
    first_seed: int | None = None,
    deals: int | None = None,
) -> list[SurveyReport]:
    """The reports of the surveys in a store, one per game and option set, read from the
    store alone (nothing is solved).

    ``slug`` keeps one game; ``options`` (with ``slug``) one option set of it, missing
    options taking their defaults; ``first_seed`` and ``deals`` (together) keep those
    seeds only. Raises :class:`SurveyStoreError` if ``db`` is missing or not a survey
    store of this schema version.
    """
    sel = _selection(slug, options, first_seed, deals)
    with _Store(db, create=False) as store:
        return store.reports(*sel)


@contextlib.contextmanager
def _open_out(out: str | os.PathLike[str], newline: str | None = None) -> Iterator[TextIO]:
    """The file ``out`` open for writing text; ``"-"`` is standard output (left open)."""
    if os.fspath(out) == "-":
        yield sys.stdout
        sys.stdout.flush()
    else:
        with open(out, "w", newline=newline, encoding="utf-8") as f:
            yield f


def export_csv(
    db: str | os.PathLike[str],
    out: str | os.PathLike[str],
    slug: str | None = None,
    *,
    options: dict[str, bool | int | None] | None = None,
    first_seed: int | None = None,
    deals: int | None = None,
) -> int:
    """Write one CSV row per stored deal (selected as in :func:`survey_report`) to the file
    ``out`` (``"-"``: standard output); returns the number of rows."""
    sel = _selection(slug, options, first_seed, deals)
    with _Store(db, create=False) as store, _open_out(out, newline="") as f:
        w = csv.writer(f)
        w.writerow(_COLUMNS)
        n = 0
        for row in store.rows(*sel):
            w.writerow(["" if row[c] is None else row[c] for c in _COLUMNS])
            n += 1
    return n


def export_json(
    db: str | os.PathLike[str],
    out: str | os.PathLike[str],
    slug: str | None = None,
    *,
    options: dict[str, bool | int | None] | None = None,
    first_seed: int | None = None,
    deals: int | None = None,
) -> int:
    """Write ``{"schema_version", "surveys": [report...], "deals": [row...]}`` as JSON
    (selected as in :func:`survey_report`) to the file ``out`` (``"-"``: standard output);
    returns the number of deals."""
    sel = _selection(slug, options, first_seed, deals)
    with _Store(db, create=False) as store, _open_out(out) as f:
        surveys = [r.as_dict() for r in store.reports(*sel)]
        f.write(f'{{"schema_version": {SCHEMA_VERSION},\n"surveys": ')
        f.write(json.dumps(surveys, indent=1))
        f.write(',\n"deals": [')
        n = 0
        for row in store.rows(*sel):
            row["options"] = json.loads(row["options"])
            f.write(("\n" if n == 0 else ",\n") + json.dumps(row))
            n += 1
        f.write("\n]}\n")
    return n


def _selection(
    slug: str | None,
    options: dict[str, Any] | None,
    first_seed: int | None,
    deals: int | None,
) -> tuple[str | None, str | None, int | None, int | None]:
    okey = None
    if slug is not None and not isinstance(slug, str):
        raise TypeError(f"a game slug must be a string, not {type(slug).__name__}")
    if slug is not None:
        # A title or common name selects its game (and an alias's options); a name this
        # version does not know may still be in the store, and is looked up as given.
        with contextlib.suppress(PatienceError):
            slug, implied = _names.resolve(slug)
            if implied:
                options = {**implied, **(options or {})}
    if options is not None:
        if not isinstance(options, dict):
            raise TypeError(f"options must be a dict, not {type(options).__name__}")
        if slug is None:
            raise PatienceError("options select a survey of one game: give the game's slug too")
        okey = _options_key(_api.Game(slug, **options).options)
    if (first_seed is None) != (deals is None):
        raise PatienceError("give first_seed and deals together (the seeds to select)")
    if first_seed is None or deals is None:
        return slug, okey, None, None
    lo = _api._check_seed(first_seed)
    n = int(_limits.check_count("deals", deals))  # type: ignore[arg-type]
    if lo + n - 1 > _U64 - 1:
        raise _api.SeedError(
            f"the seeds {lo} .. {_limits._big(lo + n - 1)} pass 2**64-1 "
            f"(at most {_U64 - lo} deals from seed {lo})"
        )
    if n == 0:
        return slug, okey, lo, lo - 1
    return slug, okey, lo, lo + n - 1


# --- the summary table -------------------------------------------------------------------


def _changed_options(game: str, options: dict[str, Any]) -> str:
    try:
        defaults = _api.Game(game).options
    except PatienceError:  # a game this version does not have: show every option
        defaults = {}
    changed = {k: v for k, v in options.items() if defaults.get(k, object()) != v}
    return " ".join(f"{k}={v}" for k, v in sorted(changed.items())) or "(book)"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def format_reports(reports: Iterable[SurveyReport]) -> str:
    """The summary table: per survey the deals, won, lost and unknown counts, the win
    rate among decided deals with its 95% Wilson interval, and the bounds on the rate
    over all deals (every unknown lost .. every unknown won), then the notes."""
    head = (
        "game",
        "options",
        "seeds",
        "deals",
        "won",
        "lost",
        "unknown",
        "win rate",
        "95% CI",
        "bounds (95%)",
    )
    rows: list[tuple[str, ...]] = [head]
    notes: list[str] = []
    for r in reports:
        seeds = "-" if r.first_seed is None else f"{r.first_seed}..{r.last_seed}"
        lo, hi = r.ci
        blo, bhi = r.bounds
        clo, chi = r.bounds_ci
        rows.append(
            (
                r.game,
                _changed_options(r.game, r.options),
                seeds,
                f"{r.deals:,}",
                f"{r.won:,}",
                f"{r.lost:,}",
                f"{r.unknown:,}",
                _pct(r.win_rate),
                f"{_pct(lo)}..{_pct(hi)}" if r.decided else "-",
                f"{_pct(blo)}..{_pct(bhi)} ({_pct(clo)}..{_pct(chi)})" if r.deals else "-",
            )
        )
        lims = "; ".join(
            ", ".join(
                f"{k}={_api.format_bytes(v) if k == 'max_memory' else v}"
                for k, v in zip(("max_states", "timeout", "max_memory"), lim)
                if v is not None
            )
            or "no limit"
            for lim in r.limits
        )
        gaps = ""
        if r.first_seed is not None and r.last_seed is not None:
            missing = r.last_seed - r.first_seed + 1 - r.deals
            gaps = f"; {_api.plural(missing, 'seed')} in the range not surveyed" if missing else ""
        run = ""
        if r.solved or r.skipped:
            rate = r.solved / r.seconds if r.seconds > 0 else 0.0
            run = (
                f"; this run solved {r.solved:,} in {_duration(r.seconds)} "
                f"({rate:.1f} deals/s), {r.skipped:,} were in the store"
            )
        notes.append(
            f"{r.game} {_changed_options(r.game, r.options)}: limits {lims or '-'}; "
            f"version {', '.join(r.versions) or '-'}"
            f"{'' if r.rules_version is None else f', rules version {r.rules_version}'}"
            f"{gaps}{run}"
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    right = {3, 4, 5, 6, 7}
    lines = [
        "  ".join(
            c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    if len(rows) == 1:
        lines.append("(no deals)")
    lines.append(
        "win rate: won among decided (won or lost) deals, 95% Wilson interval; bounds: "
        "won among all deals with every unknown lost .. won"
    )
    return "\n".join(lines + notes)
