"""The games that leave a player almost no choice, played by a plain greedy simulation.

TWO RINGS, THE SULTAN and MARGARETHE look forced: every card that can go up has one use,
and the rest of play is turning the pack. The simulation below plays them on the pure-Python
reference engine with the simplest policy (play the first foundation move listed; with
none, turn or re-deal; stop when nothing is legal) and compares its outcome with the Rust
solver's verdict.

In the exact model the timing of a play is a real choice, though. Playing a bracelet or Divan
card refills its place from the talon top at once, so whether a card is played before or after
the next turn decides which talon card escapes into the bracelet, and so the order of the talon
at the re-deal (in THE SULTAN, also what its re-deal shuffle yields). So the simulation is a
lower bound, not the answer, and the tests check exactly what follows from that:

- a greedy win is a win, so the solver must say `won` for it;
- the solver's `lost` needs every line to lose, the greedy one included;
- where greedy play loses and the solver wins, the solver's line must win in the reference, so
  the choice it found is a legal one. TWO RINGS seed 141 and THE SULTAN seed 1 are such deals.

Where the counts of greedy and solver wins are equal over hundreds of deals (MARGARETHE), the
tests pin that too. `PATIENCE_DEEP=1` plays more deals.
"""

from __future__ import annotations

import os

import patience
import pytest
from patience import reference

DEEP = bool(os.environ.get("PATIENCE_DEEP"))
TURNS = {"turn", "redeal"}


def greedy(slug: str, seed: int) -> tuple[bool, int]:
    """Play one deal greedily on the reference engine: ``(won, moves played)``."""
    state = reference.game(slug).deal(seed).start()
    played = 0
    while not state.is_won:
        moves = [str(m) for m in state.moves()]
        if not moves:
            return False, played
        plays = [m for m in moves if m not in TURNS]
        state = state.play(plays[0] if plays else moves[0])
        played += 1
        assert played < 5_000, f"{slug} seed {seed}: greedy play does not end"
    return True, played


def verdicts(slug: str, seeds: range) -> dict[int, str]:
    rs = patience.solve_many(slug, seeds, timeout=60)
    return {r.seed: r.verdict for r in rs}


@pytest.mark.parametrize(
    ("slug", "deals"),
    [
        ("two-rings", 1000 if DEEP else 200),
        ("sultan", 600 if DEEP else 100),
    ],
)
def test_greedy_play_bounds_the_solver(slug, deals):
    seeds = range(1, deals + 1)
    solved = verdicts(slug, seeds)
    greedy_won = set()
    for seed in seeds:
        won, played = greedy(slug, seed)
        assert played > 0, f"{slug} seed {seed}: no move at the start"
        if won:
            greedy_won.add(seed)
            assert solved[seed] == "won", f"{slug} seed {seed}: greedy play wins it"
        if solved[seed] == "lost":
            assert not won, f"{slug} seed {seed}: solver says lost, greedy play wins"
    assert greedy_won, f"{slug}: greedy play won no deal of {deals}"


def test_margarethe_greedy_play_decides_as_the_solver_does():
    """MARGARETHE: on these deals greedy play wins exactly the deals the solver wins."""
    seeds = range(1, 1001 if DEEP else 201)
    solved = verdicts("margarethe", seeds)
    greedy_won = {s for s in seeds if greedy("margarethe", s)[0]}
    solver_won = {s for s, v in solved.items() if v == "won"}
    assert greedy_won == solver_won
    assert all(v in ("won", "lost") for v in solved.values())


@pytest.mark.parametrize(("slug", "seed"), [("two-rings", 141), ("sultan", 1)])
def test_timing_is_a_choice_greedy_loses_a_deal_the_solver_wins(slug, seed):
    won, _ = greedy(slug, seed)
    assert not won, f"{slug} seed {seed}: greedy play was expected to lose"
    sol = patience.game(slug).solve(seed, timeout=60)
    assert sol.verdict == "won"
    state = reference.game(slug).deal(seed).start()
    for move in sol.moves:
        state = state.play(str(move))
    assert state.is_won
