"""Hypothesis over the whole public Python API: every public function, constructor and
method gets arguments of every type, valid or not. Only ``PatienceError`` (bad values) or
``TypeError`` (wrong types) may come out: never ``ValueError``, ``OverflowError``,
``AttributeError``, a ``PanicException``, ``EngineBug``, a crash or a hang.

Searches are kept short: the positions solved are decided at once (herring-bone seeds 3
and 9), and when one limit is fuzzed the others stay small.
"""

from __future__ import annotations

import contextlib
import math
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import patience
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HB = "herring-bone"
QUICK = [3, 6, 9]  # herring-bone seeds decided at once
SLUGS = sorted(g.slug for g in patience.games())
_STORE = Path(tempfile.mkdtemp(prefix="patience-fuzz-")) / "store.db"
patience.survey(HB, 1, first_seed=3, db=_STORE)

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

ints = st.one_of(
    st.integers(-3, 70),
    st.integers(-(2**70), 2**70),
    st.sampled_from([2**63, 2**64 - 1, 2**64, -(2**63), 10**400]),
)
floats = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e20, 1e300, 2.0**64, -0.0, math.nan, 0.5]),
)
texts = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        SLUGS
        + ["auto", "none", "turn", "t1>f1", "AS", "10s", "..", "../rules/kings", "", " ", "\x00"]
    ),
)
anything = st.one_of(
    st.none(),
    st.booleans(),
    ints,
    floats,
    texts,
    st.binary(max_size=6),
    st.lists(st.one_of(ints, texts), max_size=4),
    st.tuples(ints, texts),
    st.dictionaries(st.text(max_size=6), ints, max_size=2),
    st.builds(object),
    st.just(Path("/nonexistent/x.db")),
)
option_dicts = st.dictionaries(
    st.one_of(
        st.sampled_from(["draw", "passes", "partial_runs", "german", "single_cards"]),
        st.text(max_size=6),
    ),
    anything,
    max_size=3,
)


@contextlib.contextmanager
def _cwd(path: str) -> Iterator[None]:
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def only_ours(call: Callable[[], Any]) -> Any:
    """Run ``call``; an error other than PatienceError or TypeError fails the test."""
    try:
        return call()
    except (patience.PatienceError, TypeError):
        return None
    except patience.EngineBug as e:  # noqa: B014 (EngineBug is a RuntimeError)
        raise AssertionError(f"EngineBug: {e}") from e


def _quick_state(seed: int = 3) -> patience.State:
    return patience.game(HB).deal(seed).start()


# --- module functions ---------------------------------------------------------------------


@FUZZ
@given(anything, option_dicts)
def test_game_and_rules(slug, options):
    g = only_ours(lambda: patience.game(slug, **options))
    if g is not None:
        assert isinstance(g, patience.Game) and repr(g).startswith("patience.game(")
    text = only_ours(lambda: patience.rules(slug))
    if text is not None:
        assert slug.strip().lower().replace("_", "-") in SLUGS


@FUZZ
@given(st.one_of(anything, st.sampled_from(SLUGS)), anything)
def test_deal_from_text(head, seed):
    good = patience.game("canfield-or-klondike").deal(4).text()
    for text in (head, f"{head} | {good.split('|', 1)[1]}", good.replace("|", str(head), 1)):
        only_ours(lambda t=text: patience.deal_from_text(t, seed))
    only_ours(lambda: patience.deal_from_text(good, seed))


@FUZZ
@given(anything, anything, anything)
def test_wilson_interval(a, b, c):
    r = only_ours(lambda: patience.wilson_interval(a, b, c))
    if r is not None:
        assert 0.0 <= r[0] <= r[1] <= 1.0


@FUZZ
@given(anything, anything, anything, anything, anything)
def test_survey_report(db, slug, options, first_seed, deals):
    for kw in (
        {"db": db},
        {"db": _STORE, "slug": slug},
        {"db": _STORE, "slug": HB, "options": options},
        {"db": _STORE, "first_seed": first_seed, "deals": deals},
    ):
        only_ours(lambda kw=kw: patience.survey_report(**kw))


# --- constructors of the records ----------------------------------------------------------


@FUZZ
@given(st.lists(anything, min_size=10, max_size=10))
def test_record_constructors(args):
    s = _quick_state()
    for make in (
        lambda: patience.Card(args[0], args[1]),
        lambda: patience.Card.parse(args[0]),
        lambda: patience.Move(args[0]),
        lambda: patience.OptionInfo(args[0], args[1], args[2]),
        lambda: patience.GameInfo(*args[:5]),
        lambda: patience.SeedResult(*args[:8]),
        lambda: patience.Solution(s, *args[:7]),
        lambda: patience.Solution(*args[:8]),
        lambda: patience.SurveyReport(*args[:6]),
        lambda: patience.Deal(args[0], args[1], args[2], args[3]),
        lambda: patience.Deal(s.game, args[1], args[2], args[3]),
        lambda: patience.State(args[0], args[1], args[2]),
        lambda: patience.State(s.deal, args[1]),
    ):
        obj = only_ours(make)
        if obj is None:
            continue
        # Whatever was made works: its text forms and methods give our errors only.
        only_ours(lambda o=obj: (str(o), repr(o)))
        for name in ("replay", "start", "text", "moves"):
            method = getattr(obj, name, None)
            if callable(method):
                only_ours(lambda m=method: list(m()))
        for prop in ("ci", "bounds", "bounds_ci", "win_rate", "is_red", "key", "is_over"):
            if hasattr(type(obj), prop):
                only_ours(lambda o=obj, p=prop: getattr(o, p))
        if isinstance(obj, patience.SurveyReport):
            only_ours(obj.to_dict)


# --- Game, Deal, State --------------------------------------------------------------------


@FUZZ
@given(st.sampled_from(SLUGS), anything, anything)
def test_game_methods(slug, a, b):
    g = patience.game(slug)
    only_ours(lambda: g.deal(a))
    only_ours(lambda: g.deal_from(a))
    only_ours(lambda: g.deal_from(g.deal(1).cards, seed=a))
    only_ours(lambda: g.deal_from([str(c) for c in g.deal(2).cards[:-1]] + [a]))
    only_ours(lambda: g.solve(a, max_states=50))
    only_ours(lambda: g.solve(patience.game(HB).deal(3), max_states=b))


@FUZZ
@given(
    st.sampled_from(SLUGS),
    st.integers(0, 2**64 - 1),
    st.lists(st.integers(0, 99), max_size=12),
    anything,
)
def test_state_methods(slug, seed, picks, move):
    s = patience.game(slug).deal(seed).start()
    for p in picks:
        moves = s.moves()
        if not moves:
            break
        s = s.play(moves[p % len(moves)])
    only_ours(lambda: s.play(move))
    assert s.key and str(s) and repr(s)
    assert isinstance(s.is_won, bool) and isinstance(s.is_over, bool)
    only_ours(lambda: s.solve(max_states=move, timeout=0.2))


LIMIT_NAMES = ["max_states", "timeout", "max_memory", "prune"]
SAFE = {"max_states": 300, "timeout": 2.0}


@FUZZ
@given(st.sampled_from(LIMIT_NAMES), anything, st.sampled_from(QUICK))
def test_solve_limits(name, value, seed):
    kw = {**SAFE, name: value}
    g = patience.game(HB)
    for call in (
        lambda: g.solve(seed, **kw),
        lambda: g.deal(seed).start().solve(**kw),
        lambda: patience.game("canfield-or-klondike").solve(seed, **kw),
    ):
        sol = only_ours(call)
        if sol is not None:
            assert sol.verdict in ("won", "lost", "unknown")
            assert (sol.stop is None) == (sol.verdict != "unknown")


@FUZZ
@given(
    st.sampled_from([*LIMIT_NAMES, "threads", "on_result", "seeds", "slug"]),
    anything,
)
def test_solve_many(name, value):
    kw: dict[str, Any] = {**SAFE, "slug": HB, "seeds": QUICK, name: value}
    slug, seeds = kw.pop("slug"), kw.pop("seeds")
    if name == "seeds" and isinstance(value, list):
        kw["max_states"] = 300  # any seed, a bounded search
    out = only_ours(lambda: patience.solve_many(slug, seeds, **kw))
    if out is not None:
        assert all(r.verdict in ("won", "lost", "unknown") for r in out)


SURVEY_NAMES = [
    "deals",
    "first_seed",
    "db",
    "jobs",
    "max_states",
    "timeout",
    "max_memory",
    "chunk_size",
    "retry_unknown",
    "progress",
    "executor",
]


@settings(FUZZ, max_examples=60)
@given(st.sampled_from(SURVEY_NAMES), anything)
def test_survey(name, value):
    # A fuzzed db (any text) is a file in the current directory: a scratch one.
    with tempfile.TemporaryDirectory() as tmp, _cwd(tmp):
        kw: dict[str, Any] = {
            "deals": 2,
            "first_seed": 2**64 - 3,  # any count of deals past 2 is refused
            "db": Path(tmp) / "s.db",
            "max_states": 200,
            "timeout": 2.0,
            name: value,
        }
        if name == "first_seed":
            kw["deals"] = 1
        deals = kw.pop("deals")
        r = only_ours(lambda: patience.survey(HB, deals, **kw))
        if r is not None:
            assert r.won + r.lost + r.unknown == r.deals


@FUZZ
@given(st.sampled_from(SLUGS), option_dicts)
def test_survey_options(slug, options):
    with tempfile.TemporaryDirectory() as tmp:
        only_ours(
            lambda: patience.survey(
                slug, 1, first_seed=3, db=Path(tmp) / "s.db", max_states=100, **options
            )
        )
