"""The Rust engine against the independent reference engine, for every game both have.

- identical deals (the shuffled pack, card for card) and first positions;
- along random walks: identical legal-move sets and identical keys after every move;
- every `won` solution of the Rust solver replays to a win in the reference;
- positions near the end: the reference's own exhaustive search agrees with the Rust
  solver's verdict, for won and for lost positions.

`PATIENCE_DEEP=1` runs many more examples.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator

import patience
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from patience import reference
from patience.reference._search import search
from support import move_set

DEEP = bool(os.environ.get("PATIENCE_DEEP"))
WALKS = 200 if DEEP else 8
STEPS = 400 if DEEP else 120

# Option sets checked per game (the book's game first).
OPTION_SETS: dict[str, list[dict[str, object]]] = {
    "canfield-or-klondike": [
        {},
        {"draw": 3, "passes": None},
        {"draw": 3, "passes": 3, "partial_runs": True, "foundation_return": True},
        {"passes": None, "partial_runs": True},
    ],
    "general-sedgewick": [{}, {"cross_wrap": True}],
    "herring-bone": [{}, {"german": True}],
    "la-belle-lucie": [{}, {"house_in_the_wood": True}, {"house_on_the_hill": True}],
    "anna": [{}, {"marry_wrap": True}],
    "light-and-shade": [{}, {"talon_to_auxiliary": False}],
    "napoleon-at-st-helena": [{}, {"lane_from_talon_only": True}, {"forty_thieves": True}],
    "fourteenth": [{}, {"choose_pairs": True}],
    "salic-law": [{}, {"once_per_king": True}],
    "napoleons-square": [{}, {"single_cards": True}, {"no_king_slip": True}],
    "labyrinth": [{}, {"wait_for_foundations": True}],
}

RUST = {g.slug for g in patience.games()}
BOTH = sorted(RUST & set(reference.slugs()))
CASES = [
    pytest.param(slug, opts, id=f"{slug.replace('-', '_')}-{i}")
    for slug in BOTH
    for i, opts in enumerate(OPTION_SETS.get(slug, [{}]))
]


def test_every_rust_game_has_a_reference_engine():
    assert set(reference.slugs()) >= RUST, RUST - set(reference.slugs())


@pytest.mark.parametrize("slug,opts", CASES)
@settings(max_examples=WALKS, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**64 - 1), walk=st.integers(0, 2**32))
def test_random_walks_agree(slug, opts, seed, walk):
    rg, fg = patience.game(slug, **opts), reference.game(slug, **opts)
    rd, fd = rg.deal(seed), fg.deal(seed)
    assert [str(c) for c in rd.cards] == [str(c) for c in fd.cards]
    rs, fs = rd.start(), fd.start()
    rnd = random.Random(walk)
    for step in range(STEPS):
        assert rs.key == fs.key, f"step {step}"
        rm, fm = move_set(rs), set(fs.moves())
        assert rm == fm, f"step {step}: rust only {rm - fm}, reference only {fm - rm}"
        assert len(rs.moves()) == len(rm), "a move text appears twice"
        assert rs.is_won == fs.is_won
        if not rm:
            assert rs.is_over and fs.is_over
            break
        m = rnd.choice(sorted(rm))
        rs, fs = rs.play(m), fs.play(m)


@pytest.mark.parametrize("slug,opts", CASES)
def test_explicit_deals_agree(slug, opts):
    rg, fg = patience.game(slug, **opts), reference.game(slug, **opts)
    rnd = random.Random(slug)
    for _ in range(5):
        cards = [str(c) for c in fg.deal(rnd.getrandbits(64)).cards]
        rnd.shuffle(cards)
        stream = rnd.getrandbits(64)
        assert (
            rg.deal_from(cards, seed=stream).start().key == fg.deal_from(cards, stream).start().key
        )


def _solve_seeds(
    slug: str, opts: dict[str, object], n: int
) -> Iterator[tuple[int, patience.Solution]]:
    """Seeds 1..n with their solutions, solved one at a time as the caller asks."""
    g = patience.game(slug, **opts)
    for seed in range(1, n + 1):
        yield seed, g.solve(seed, max_states=200_000)


@pytest.mark.parametrize("slug,opts", CASES)
def test_won_solutions_replay_to_a_win_in_the_reference(slug, opts):
    fg = reference.game(slug, **opts)
    checked = 0
    for seed, sol in _solve_seeds(slug, opts, 40 if DEEP else 12):
        if sol.verdict != "won":
            continue
        s = fg.deal(seed).start()
        for m in sol.moves:
            s = s.play(m)
        assert s.is_won and not s.moves(), f"seed {seed}"
        checked += 1
        if checked >= (10 if DEEP else 2):
            break


def _positions_near_the_end(slug, opts, seeds, rnd):
    """Positions late in games: along won solutions, and at the ends of random walks."""
    g = patience.game(slug, **opts)
    for seed in seeds:
        sol = g.solve(seed, max_states=200_000)
        if sol.verdict == "won":
            states = list(sol.replay())
            yield from (states[-k] for k in (3, 8) if k <= len(states))
        s = g.deal(seed).start()
        path = [s]
        while s.moves() and len(path) < 400:
            s = s.play(rnd.choice(s.moves()))
            path.append(s)
        if len(path) <= 3:
            # A game of one or two decisions (THE FOURTEENTH's exchange): its end too, since
            # the positions before it can have thousands of moves.
            yield path[-1]
        yield from (path[-k] for k in (2, 6) if k <= len(path))


@pytest.mark.parametrize("slug,opts", CASES)
def test_reference_search_agrees_with_rust_verdicts(slug, opts):
    """Small late positions: the reference's plain breadth-first search (no pruning, no
    safe moves) and the Rust solver agree on won and on lost. The work is bounded by a
    count of positions compared and a budget of seconds, not by a timed assertion."""
    rnd = random.Random(7)
    fg = reference.game(slug, **opts)
    verdicts = {"won": 0, "lost": 0}
    want = 6 if DEEP else 2
    deadline = time.monotonic() + (300 if DEEP else 3)
    for rs in _positions_near_the_end(slug, opts, range(1, 200), rnd):
        fs = _reference_twin(fg, rs)
        ref = search(fs, 1500)
        if ref != "unknown":
            rust = rs.solve(max_states=1_000_000).verdict
            assert rust == ref, f"{rs.key}: rust {rust}, reference {ref}"
            verdicts[ref] += 1
        decided = verdicts["won"] + verdicts["lost"]
        # The budget of seconds only ends the loop once something was compared, so a slow
        # machine compares fewer positions but never none.
        if min(verdicts.values()) >= want or (decided and time.monotonic() > deadline):
            break
    assert verdicts["won"] + verdicts["lost"] > 0


def _reference_twin(fg, rs):
    """The reference engine's position reached by the same deal and moves as ``rs``."""
    deal = rs.deal
    fs = fg.deal_from([str(c) for c in deal.cards], deal.rng).start()
    for m in rs.history:
        fs = fs.play(m)
    assert fs.key == rs.key
    return fs
