"""Hints: the first move of a win, or a proof of loss, for every game the engine registers.

For each game the first few seeds are solved with a small time limit; a won deal checks the
hint at its start and midway along its win (playing the hinted move must leave a win), a
lost deal checks that the hint says lost."""

from __future__ import annotations

import functools

import patience
import pytest

SLUGS = [info.slug for info in patience.games()]
SEEDS = range(1, 6)
LIMIT = 0.5


@functools.cache
def first_deals(slug: str) -> tuple[int | None, int | None]:
    """The first seed of ``SEEDS`` whose deal is won and the first proved lost (None if
    none is found within the time limit)."""
    won = lost = None
    g = patience.game(slug)
    for seed in SEEDS:
        v = g.solve(seed, timeout=LIMIT).verdict
        if v == "won" and won is None:
            won = seed
        if v == "lost" and lost is None:
            lost = seed
        if won is not None and lost is not None:
            break
    return won, lost


@functools.cache
def late_positions(slug: str) -> tuple[patience.State | None, patience.State | None]:
    """For a game none of whose first deals is solved quickly: positions near the end of
    random walks, the first found won and the first proved lost."""
    import random

    won = lost = None
    g = patience.game(slug)
    for seed in SEEDS:
        rnd = random.Random(seed)
        s = g.deal(seed).start()
        line = [s]
        for _ in range(3000):
            moves = s.moves()
            if not moves:
                break
            s = s.play(rnd.choice(moves))
            line.append(s)
        for t in reversed(line[-12:]):
            v = t.solve(timeout=0.2).verdict
            if v == "won" and won is None:
                won = t
            if v == "lost" and lost is None and t.moves():
                lost = t
            if won is not None and lost is not None:
                break
        if won is not None or lost is not None:
            break
    return won, lost


def check_hint_wins(state: patience.State) -> None:
    h = state.hint(timeout=30)
    assert h.verdict == "won" and h.stop is None, h
    assert h.move is not None and h.move in state.moves()
    assert h.move.state is state
    assert str(h).startswith("play " + h.move.text)
    after = state.play(h.move)
    assert after.solve(timeout=30).verdict == "won"


def check_won_deal(slug: str, seed: int) -> None:
    start = patience.game(slug).deal(seed).start()
    check_hint_wins(start)
    sol = start.solve(timeout=30)
    states = list(sol.replay())
    check_hint_wins(states[len(states) // 2])
    last = states[-1]
    assert last.is_won
    h = last.hint(timeout=5)
    assert h.verdict == "won" and h.move is None and str(h) == "won already"


def check_lost_deal(slug: str, seed: int) -> None:
    h = patience.game(slug).deal(seed).start().hint(timeout=30)
    assert h.verdict == "lost" and h.move is None and h.stop is None
    assert str(h).startswith("lost")
    assert h.solution.states > 0


@pytest.mark.parametrize("slug", SLUGS)
def test_hints_on_won_and_lost_deals(slug):
    won, lost = first_deals(slug)
    if won is None and lost is None:
        # No first deal is solved quickly (a hard game): hint near the ends of walks.
        late_won, late_lost = late_positions(slug)
        assert late_won is not None or late_lost is not None, f"{slug}: nothing solved"
        if late_won is not None:
            check_hint_wins(late_won)
        if late_lost is not None:
            h = late_lost.hint(timeout=30)
            assert h.verdict == "lost" and h.move is None and h.stop is None
        return
    if won is not None:
        check_won_deal(slug, won)
    if lost is not None:
        check_lost_deal(slug, lost)


def test_every_kind_of_answer_is_met():
    # Over the games, both a won and a lost deal are found, so both checks run.
    found = [first_deals(slug) for slug in SLUGS]
    assert any(w is not None for w, _ in found)
    assert any(x is not None for _, x in found)


def test_a_limit_gives_unknown_not_lost():
    s = patience.game("canfield-or-klondike").deal(1).start()
    h = s.hint(max_states=100)
    assert h.verdict == "unknown" and h.move is None and h.stop is not None
    assert h.as_dict()["verdict"] == "unknown"


def test_bad_limits_are_clear_errors():
    s = patience.game("canfield-or-klondike").deal(1).start()
    with pytest.raises(patience.LimitError):
        s.hint(timeout=-1)
    with pytest.raises(TypeError):
        s.hint(max_states="many")  # type: ignore[arg-type]
