"""Rule tests of THE FOURTEENTH (rules/fourteenth.md, docs/notation/fourteenth.md), run on every
engine. Positions come from explicit deals built here; expected keys and move sets are worked
out by hand from the rule text.

Deal order reminder: cards 1..25 fill the 5 x 5 grid row by row, left to right; cards 26..104
are the pack, card 26 on top.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "fourteenth"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
TWO_PACKS = [r + s for s in SUITS for r in RANKS] * 2

#: one pair only: AC + KC in row 1 (columns, other rows: no two cards make 14)
GRID_ONE_PAIR = [
    "AC 2C 3C 4C KC",
    "AD 2D 3D 4D 5D",
    "AH 2H 3H 4H 5H",
    "AS 2S 3S 4S 5S",
    "6C 6D 6H 6S 7C",
]
#: no pair at all
GRID_STUCK = ["AC 2C 3C 4C 5C"] + GRID_ONE_PAIR[1:]
#: no pair; AC and 2C twice (rows 1 and 2, columns 1 and 2)
GRID_TWINS = ["AC 2C 3C 4C 5C", "AC 2C 3D 4D 5D"] + GRID_ONE_PAIR[2:]


def order(grid: list[str], pack_first: list[str]) -> tuple[list[str], list[str]]:
    """The dealing order and the pack (first = top)."""
    used = " ".join(grid).split() + pack_first
    rest = list(TWO_PACKS)
    for c in used:
        rest.remove(c)
    return used + rest, pack_first + rest


def start(game, grid, pack_first=()):
    return game.deal_from(order(grid, list(pack_first))[0]).start()


def row_seg(row: str) -> str:
    return row.replace(" ", "")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_deal(name, game):
    state = start(game, GRID_ONE_PAIR, ["9C", "5C"])
    pack = order(GRID_ONE_PAIR, ["9C", "5C"])[1]
    assert len(pack) == 79
    rows = " ".join(f"R{i + 1}:{row_seg(r)}" for i, r in enumerate(GRID_ONE_PAIR))
    assert state.key == rows + " pack:" + "".join(reversed(pack)).lower() + " grace:0"
    assert not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_pair_is_removed_and_refilled_in_reading_order(name, game):
    state = start(game, GRID_ONE_PAIR, ["9C", "5C", "QD"])
    assert support.move_set(state) == {"r1c1+r1c5"}
    state = state.play("r1c1+r1c5")
    # 9C fills r1c1 (first in reading order), 5C fills r1c5: 9 + 5 make 14 again in row 1
    assert state.key.startswith("R1:9C2C3C4C5C R2:AD2D3D4D5D ")
    assert support.move_set(state) == {"r1c1+r1c5"}
    state = state.play("r1c1+r1c5")
    # QD goes to r1c1 (the next pack card to r1c5): QD and the 2C of its row make 14
    assert state.key.startswith("R1:QD2C3C4C")
    assert "r1c1+r1c2" in support.move_set(state)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_pairs_share_a_row_or_a_column_not_a_diagonal(name, game):
    # 7H at r1c1 and 7C at r5c5 make 14 but share only a diagonal: no pair, so the moves are
    # the exchanges
    grid = ["7H 2C 3C 4C 5C"] + GRID_ONE_PAIR[1:]
    moves = support.move_set(start(game, grid))
    assert moves and all(m.startswith("exchange ") for m in moves)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_far_apart_cards_of_one_column_pair(name, game):
    grid = ["AC 2C 3C 4C 5C"] + GRID_ONE_PAIR[1:4] + ["6C 6D 6H 6S 9C"]
    state = start(game, grid)
    # 9C (r5c5) with each 5 of column 5 (r1c5 .. r4c5); nothing between them matters
    assert support.move_set(state) == {"r1c5+r5c5", "r2c5+r5c5", "r3c5+r5c5", "r4c5+r5c5"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_exchange_when_stuck(name, game):
    state = start(game, GRID_STUCK)
    moves = support.move_set(state)
    # 25 distinct cards: every 4 cells (12650 sets) in 3 pairings
    assert len(moves) == 12650 * 3
    assert all(m.startswith("exchange ") for m in moves)
    assert "exchange r1c1-r5c5,r2c2-r3c3" in moves
    assert "exchange r2c2-r3c3,r1c1-r5c5" not in moves
    assert "exchange r5c5-r1c1,r2c2-r3c3" not in moves
    state = state.play("exchange r1c1-r5c5,r2c2-r3c3")
    assert state.key.startswith(
        "R1:7C2C3C4C5C R2:AD3H3D4D5D R3:AH2H2D4H5H R4:AS2S3S4S5S R5:6C6D6H6SAC pack:"
    )
    assert state.key.endswith(" grace:1")
    # no pair and the grace is used: the game is over and lost
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_an_exchange_of_copies_with_copies_is_no_move(name, game):
    state = start(game, GRID_TWINS)
    moves = support.move_set(state)
    assert len(moves) == 12650 * 3 - 1
    assert "exchange r1c1-r2c1,r1c2-r2c2" not in moves
    assert "exchange r1c1-r2c1,r1c3-r2c3" in moves  # one real swap is enough


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_and_options(name, game):
    state = start(game, GRID_ONE_PAIR)
    for bad in ["r1c5+r1c1", "r1c1+r2c2", "exchange r1c1-r5c5,r2c2-r3c3", "deal", "r0c1+r1c5"]:
        with pytest.raises(ValueError):
            state.play(bad)
    with pytest.raises(ValueError):
        support.engines(SLUG, grace=False)
