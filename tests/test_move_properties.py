"""``Move.source``, ``.dest`` and ``.cards`` over long move lists (issue 30): read from
the engine once for the whole list, so reading them on every move costs time and memory
in proportion to the list, not to its square."""

from __future__ import annotations

import time
import tracemalloc

import patience
import pytest
from patience._api import _diff_move


def _big_position() -> patience.State:
    """The fourteenth, seed 2, after its first move 32 times: 37,949 legal moves (each
    of them once took 8.7 ms to read, 331 s for the list)."""
    # Free choice of pairs, the game the issue measured (the book's game pairs itself).
    s = patience.game("fourteenth", choose_pairs=True).deal(2).start()
    for _ in range(32):
        s = s.play(s.moves()[0])
    return s


@pytest.fixture(scope="module")
def big() -> patience.State:
    return _big_position()


def test_properties_of_a_long_move_list_take_linear_time(big):
    moves = big.moves()
    assert len(moves) == 37_949
    budget = 30.0  # measured: 2.4 s here (it was 331 s)
    t0 = time.perf_counter()
    for i, m in enumerate(moves):
        m.source, m.dest, m.cards  # noqa: B018
        if i % 1000 == 0:
            spent = time.perf_counter() - t0
            assert spent < budget, f"{i} moves read in {spent:.1f} s"
    assert time.perf_counter() - t0 < budget
    # Spot checks against playing the move.
    for m in moves[:: len(moves) // 7]:
        assert (m.source, m.dest, m.cards) == _diff_move(m.text, big.places, big.play(m).key)


def test_memory_stays_flat_over_a_long_move_list(big):
    moves = big.moves()[:6000]
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        held = []
        for chunk in range(0, len(moves), 1000):
            for m in moves[chunk : chunk + 1000]:
                m.dest, m.source, m.cards  # noqa: B018
            held.append(tracemalloc.get_traced_memory()[0] - base)
        tracemalloc.reset_peak()
        again = tracemalloc.get_traced_memory()[0]
        for m in moves:
            m.dest, m.source, m.cards, m.describe()  # noqa: B018
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # The first chunk holds the whole list's next keys; each chunk after it only the
    # moves' own small results (a tuple of labels and cards).
    growth = [b - a for a, b in zip(held, held[1:])]
    assert max(growth) < 1000 * 2048, (held, growth)
    assert held[0] < 37_949 * 1024, held
    # Reading them all again keeps nothing more.
    assert current - again < 256 * 1024 and peak - again < 4 << 20, (again, current, peak)


@pytest.mark.parametrize(
    ("slug", "seed", "walk"),
    [
        ("canfield-or-klondike", 3, 12),
        ("fourteenth", 5, 3),
        ("la-belle-lucie", 2, 6),
        ("napoleons-square", 1, 10),
        ("fish-bone", 4, 30),
    ],
)
def test_properties_read_at_once_agree_with_playing_each_move(slug, seed, walk):
    s = patience.game(slug).deal(seed).start()
    checked = 0
    for step in range(walk):
        moves = s.moves()
        if not moves:
            break
        for m in moves:
            by_play = _diff_move(m.text, s.places, s.play(m.text).key)
            assert (m.source, m.dest, m.cards) == by_play, (slug, step, m.text)
            checked += 1
        s = s.play(moves[step % len(moves)])
    assert checked >= 10
