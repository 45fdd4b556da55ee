"""solve_many on explicit deals: Deal objects and deal texts, as well as seeds."""

from __future__ import annotations

import patience
import pytest

KL = "canfield-or-klondike"


def test_explicit_deals_are_solved_like_their_seeds():
    g = patience.game(KL)
    # The book's Klondike: seed 4 is won and seed 29 lost (README, solve_many's doctest).
    deals = [g.deal(4), g.deal(29).text()]
    rs = patience.solve_many(KL, deals, timeout=30, threads=1)
    assert [r.verdict for r in rs] == ["won", "lost"]
    assert [r.seed for r in rs] == [4, None]  # a deal text carries no seed
    assert [r.index for r in rs] == [0, 1]
    by_seed = patience.solve_many(KL, [4, 29], timeout=30, threads=1)
    assert [(r.verdict, r.moves, r.states) for r in rs] == [
        (r.verdict, r.moves, r.states) for r in by_seed
    ]


def test_a_deal_typed_in_is_solved_with_the_call_options():
    g = patience.game(KL, draw=3)
    cards = " ".join(str(c) for c in g.deal(7).cards)
    typed = g.deal_from(cards)
    [r] = patience.solve_many(KL, [typed], max_states=2000, threads=1, draw=3)
    assert r.seed is None and r.verdict in ("won", "lost", "unknown")
    # The same deal under other options is refused, naming its place in the list.
    with pytest.raises(patience.DealError, match="item 2 of the deals"):
        patience.solve_many(KL, [patience.game(KL).deal(1), typed], threads=1)


def test_bad_items_are_named():
    with pytest.raises(patience.SeedError):
        patience.solve_many(KL, [1.5], threads=1)
    with pytest.raises(TypeError, match="item 2 of the deals"):
        patience.solve_many(KL, [patience.game(KL).deal(1), 1.5], threads=1)
    with pytest.raises(patience.DealError):
        patience.solve_many(KL, ["canfield-or-klondike | AS AS | 0"], threads=1)
    with pytest.raises(patience.PatienceError):
        patience.solve_many(KL, [patience.game("queens").deal(1)], threads=1)


def test_results_arrive_through_the_callback_with_their_index():
    g = patience.game(KL)
    seen: list[tuple[int, str]] = []
    rs = patience.solve_many(
        KL,
        [g.deal(s) for s in (4, 29, 2)],
        timeout=30,
        threads=2,
        on_result=lambda r: seen.append((r.index, r.verdict)),
    )
    assert sorted(seen) == [(i, r.verdict) for i, r in enumerate(rs)]
