"""Rule tests of CÆSAR (python/patience/rules/caesar.md, docs/notation/caesar.md), run on every
engine that implements the game.

Every position is built from an explicit deal whose card order is constructed here, and every
expected key and move set is worked out by hand from the rule text.

Deal reminder: the first card of each value ace..nine met in the shuffled pack, in the order met,
goes to P1..P9 (row by row from the top left); tens, court cards and later cards of a value
already taken are passed over.
"""

from __future__ import annotations

import itertools
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

import patience
from patience import reference
from support import engines, move_set

SLUG = "caesar"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
UNSHUFFLED = [r + s for s in SUITS for r in RANKS]
#: the 36 moves, worked out from the notation: swap:pI,pJ for 1 <= I < J <= 9
ALL_SWAPS = {f"swap:p{i},p{j}" for i in range(1, 10) for j in range(i + 1, 10)}
#: the eight magic squares, row by row: 4 9 2 / 3 5 7 / 8 1 6, its three rotations (clockwise)
#: and the mirror image (left-right) of each of the four
SOLUTIONS = [
    "492357816",
    "834159672",
    "618753294",
    "276951438",
    "294753618",
    "438951276",
    "816357492",
    "672159834",
]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
DEEP = bool(os.environ.get("PATIENCE_DEEP"))


def each_engine() -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG)]


def arrange(first: list[str]) -> list[str]:
    """Dealing order: the cards ``first`` in this order, then every other card unshuffled."""
    assert len(first) == len(set(first))
    return first + [c for c in UNSHUFFLED if c not in first]


def square_deal(values: str, suits: str = "CDHSCDHSC") -> list[str]:
    """A deal whose square holds ``values`` (nine digits, P1 first); suits cycle C D H S."""
    rank = {str(v): RANKS[v - 1] for v in range(1, 10)}
    return arrange([rank[v] + s for v, s in zip(values, suits, strict=True)])


def values_of(state: Any) -> str:
    """The square's values as nine digits, P1 first (from the key)."""
    out = ""
    for part in state.key.split(" "):
        card = part.split(":")[1]
        out += str(RANKS.index(card[0]) + 1)
    return out


def closed_form(values: str) -> int:
    """Fewest exchanges from ``values`` to a magic square: 9 minus the cycles of the permutation
    taking the arrangement to a solution, minimised over the eight solutions."""
    best = 9
    for sol in SOLUTIONS:
        dest = [sol.index(v) for v in values]  # place i's card belongs at dest[i]
        seen = [False] * 9
        cycles = 0
        for i in range(9):
            if not seen[i]:
                cycles += 1
                j = i
                while not seen[j]:
                    seen[j] = True
                    j = dest[j]
        best = min(best, 9 - cycles)
    return best


def bfs_distance(state: Any, limit: int) -> int | None:
    """Fewest moves to a won position by breadth-first search over the engine's moves and keys,
    or None if none is found within ``limit`` moves."""
    frontier = [state]
    seen = {state.key}
    for depth in range(limit + 1):
        if any(s.is_won for s in frontier):
            return depth
        nxt = []
        for s in frontier:
            for m in s.moves():
                t = s.play(str(m))
                if t.key not in seen:
                    seen.add(t.key)
                    nxt.append(t)
        frontier = nxt
    return None


def test_the_eight_solutions_are_exactly_the_magic_squares():
    # plain arithmetic, no engine: the hand list above is complete and correct
    magic = {
        "".join(map(str, p))
        for p in itertools.permutations(range(1, 10))
        if all(sum(p[i] for i in line) == 15 for line in LINES)
    }
    assert magic == set(SOLUTIONS)


@pytest.mark.parametrize("game", each_engine())
def test_deal_takes_the_first_card_of_each_value_in_the_order_met(game):
    deal = ["KC", "TD", "5H", "5C", "QS", "3D", "AS", "9C", "9H", "2H", "8D", "7S", "4C", "6D"]
    state = game.deal_from(arrange(deal)).start()
    assert state.key == "P1:5H P2:3D P3:AS P4:9C P5:2H P6:8D P7:7S P8:4C P9:6D"
    assert move_set(state) == ALL_SWAPS


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_pack_gives_the_clubs_in_order(game):
    state = game.deal_from(UNSHUFFLED).start()
    assert state.key == "P1:AC P2:2C P3:3C P4:4C P5:5C P6:6C P7:7C P8:8C P9:9C"
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_follows_the_shuffle(game):
    # CONVENTIONS 2.7: seed 1 starts 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D; the only value
    # still missing after 3D is the two
    key = game.deal(1).start().key
    assert key.startswith("P1:9S P2:7S P3:4S P4:AC P5:8H P6:6C P7:5H P8:3D P9:2")


@pytest.mark.parametrize("game", each_engine())
def test_every_exchange_is_a_move_and_swaps_two_cards(game):
    state = game.deal_from(UNSHUFFLED).start()
    assert move_set(state) == ALL_SWAPS and len(state.moves()) == 36
    after = state.play("swap:p1,p9")
    assert after.key == "P1:9C P2:2C P3:3C P4:4C P5:5C P6:6C P7:7C P8:8C P9:AC"
    after = after.play("swap:p4,p5")
    assert after.key == "P1:9C P2:2C P3:3C P4:5C P5:4C P6:6C P7:7C P8:8C P9:AC"
    assert move_set(after) == ALL_SWAPS


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(UNSHUFFLED).start()
    for bad in ["swap:p2,p1", "swap:p1,p1", "swap:p0,p1", "swap:p1,p10", "p1>p2", "turn", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert state.key == "P1:AC P2:2C P3:3C P4:4C P5:5C P6:6C P7:7C P8:8C P9:9C"


@pytest.mark.parametrize("game", each_engine())
def test_a_magic_square_is_won_with_no_moves(game):
    for sol in SOLUTIONS:
        state = game.deal_from(square_deal(sol)).start()
        assert values_of(state) == sol
        assert state.is_won and state.is_over
        assert move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_won_by_one_exchange_suits_ignored(game):
    # 4 9 2 / 3 5 7 / 8 1 6 with the 4 and the 6 exchanged; suits D, S, H ... as dealt
    state = game.deal_from(square_deal("692357814", "DSHCDHSCH")).start()
    assert state.key == "P1:6D P2:9S P3:2H P4:3C P5:5D P6:7H P7:8S P8:AC P9:4H"
    assert not state.is_won and move_set(state) == ALL_SWAPS
    won = state.play("swap:p1,p9")
    assert won.key == "P1:4H P2:9S P3:2H P4:3C P5:5D P6:7H P7:8S P8:AC P9:6D"
    assert won.is_won and won.is_over and move_set(won) == set()
    # a different exchange does not win: 9 and 1 exchanged too gives 6 1 2 / ... (rows 9, 15, 21)
    assert not state.play("swap:p2,p8").is_won


@pytest.mark.parametrize("game", each_engine())
def test_never_lost_a_position_that_is_not_won_has_all_36_moves(game):
    base = SOLUTIONS[0]
    for i, j in itertools.combinations(range(9), 2):
        v = list(base)
        v[i], v[j] = v[j], v[i]
        state = game.deal_from(square_deal("".join(v))).start()
        assert not state.is_won and not state.is_over
        assert move_set(state) == ALL_SWAPS


def test_closed_form_by_hand():
    # the arrangement itself a solution: 0; one exchange from the first solution: 1
    assert closed_form("492357816") == 0
    assert closed_form("942357816") == 1
    # a three-cycle of 4, 9, 2 on the first row of the first solution: two exchanges
    assert closed_form("924357816") == 2


def _scrambles(n: int, k: int, seed: int) -> list[str]:
    """``n`` arrangements, each a solution scrambled by ``k`` random exchanges (test-side)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        v = list(rnd.choice(SOLUTIONS))
        for _ in range(k):
            i, j = rnd.sample(range(9), 2)
            v[i], v[j] = v[j], v[i]
        out.append("".join(v))
    return out


@pytest.mark.parametrize("game", each_engine())
def test_closed_form_agrees_with_breadth_first_search(game):
    cases = ["492357816", "942357816", "924357816"] + _scrambles(6, 2, 1) + _scrambles(4, 3, 2)
    if DEEP:
        cases += _scrambles(3, 4, 3)
    for values in cases:
        d = closed_form(values)
        assert d <= 4
        state = game.deal_from(square_deal(values)).start()
        assert values_of(state) == values
        assert bfs_distance(state, d) == d, values


def test_unknown_option_is_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
