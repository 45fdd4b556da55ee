"""The generic ``prune`` switch: ``prune=False`` searches the plain legal moves with each
position's text as its key, for any game, and must reach the same verdict wherever both
searches finish.

The late positions come from walking a deal with the engine's own legal moves; each is
solved both ways under a small state limit. The plain search stores every distinct
position it meets, and usually stores more than the pruned search needs; the test
asserts equal verdicts where both decide, and that the switch is honoured (the plain
search reports different work somewhere in each game).
"""

from __future__ import annotations

import random

import patience
import pytest

GAMES = [g.slug for g in patience.games()]


def late_positions(slug: str, seeds: range, steps: int) -> list[patience.State]:
    """Positions near the end of random walks: the last of each walk, and every fifth
    one before it, up to eight per walk; and the walk's middle and first positions (late
    positions of some games leave their pruning nothing to do: in empress-of-india,
    foundations of one suit at one height, which its key merges, are seen early)."""
    g = patience.game(slug)
    out = []
    for seed in seeds:
        s = g.deal(seed).start()
        line = [s]
        rnd = random.Random(seed)
        for _ in range(steps):
            moves = s.moves()
            if not moves:
                break
            s = s.play(rnd.choice(moves))
            line.append(s)
        out.extend(line[::-5][:8])
        out.append(line[len(line) // 2])
        out.append(line[0])
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_plain_search_agrees_with_the_pruned_one(slug):
    decided = differs = 0
    for s in late_positions(slug, range(1, 7), 400):
        a = s.solve(max_states=10_000)
        b = s.solve(max_states=10_000, prune=False)
        if "unknown" not in (a.verdict, b.verdict):
            assert a.verdict == b.verdict, s.key
            decided += 1
        if (a.states, a.nodes) != (b.states, b.nodes):
            differs += 1
        if b.verdict == "won":
            end = list(b.replay())[-1]
            assert end.is_won
    assert decided >= 3, f"only {decided} positions decided both ways"
    assert differs >= 1, "prune=False changed nothing: is the switch honoured?"


def test_prune_must_be_a_bool():
    s = patience.game("canfield-or-klondike").deal(1).start()
    with pytest.raises(TypeError, match="prune"):
        s.solve(max_states=10, prune="no")  # type: ignore[arg-type]


def test_solve_many_and_game_solve_take_prune():
    a = patience.solve_many("kings", [1, 2], max_states=50_000, prune=False)
    b = patience.solve_many("kings", [1, 2], max_states=50_000)
    assert [r.seed for r in a] == [1, 2]
    assert [r.states for r in a] != [r.states for r in b]
    g = patience.game("kings").solve(1, max_states=50_000, prune=False)
    assert g.states == a[0].states
