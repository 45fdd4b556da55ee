"""Rule tests of THE FOURTEENTH (rules/fourteenth.md, docs/notation/fourteenth.md), run on every
engine. Positions come from explicit deals built here; expected keys and move sets are worked
out by hand from the rule text.

Deal order reminder: cards 1..25 fill the 5 x 5 grid row by row, left to right; cards 26..104
are the pack, card 26 on top. By default pairs go by themselves (the first pair in reading
order, again and again, after the deal and after the exchange); with `choose_pairs=True` each
pair is a move.
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


def choosing(name: str):
    """The game with ``choose_pairs=True`` on engine ``name`` (built here, not at collection,
    so that an engine without the option fails only the tests that use it)."""
    if name == "reference":
        from patience import reference

        return reference.game(SLUG, choose_pairs=True)
    import patience

    return patience.game(SLUG, choose_pairs=True)


def keyed(grid: list[str], pack: list[str], graces: int) -> str:
    rows = " ".join(f"R{i + 1}:{row_seg(r)}" for i, r in enumerate(grid))
    return f"{rows} pack:" + "".join(reversed(pack)).lower() + f" grace:{graces}"


# --- the book's game: automatic pairing --------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_deal_is_paired_out_before_the_first_position(name, game):
    # AC + KC (row 1) go; 9C to r1c1, 5C to r1c5: 9 + 5 go too; 5H to r1c1, 6D to r1c5, which
    # pair with nothing (row 1: 5H 2C 3C 4C 6D; column 1: 5H AD AH AS 6C; column 5: 6D 5D 5H
    # 5S 7C).
    state = start(game, GRID_ONE_PAIR, ["9C", "5C", "5H", "6D"])
    pack = order(GRID_ONE_PAIR, ["9C", "5C", "5H", "6D"])[1][4:]
    grid = ["5H 2C 3C 4C 6D"] + GRID_ONE_PAIR[1:]
    assert state.key == keyed(grid, pack, 0)
    moves = support.move_set(state)
    # only exchanges: 25 cards in 12650 sets of four, 3 pairings each, less the one exchange of
    # copies with copies (the two 5H, r1c1 and r3c5; the two 6D, r1c5 and r5c2)
    assert len(moves) == 12650 * 3 - 1 and all(m.startswith("exchange ") for m in moves)
    assert "exchange r1c1-r3c5,r1c5-r5c2" not in moves
    for bad in ["r1c1+r1c5", "r1c2+r1c3"]:
        with pytest.raises(ValueError):
            state.play(bad)


#: AC (r1c1) makes 14 with KD (r1c3, same row) and with KH (r2c1, same column); KH also with
#: AH (r3c1) and AS (r4c1). Nothing else pairs.
GRID_ORDER = [
    "AC 2C KD 4C 5C",
    "KH 2D 3D 4D 5D",
    "AH 2H 3H 4H 5H",
    "AS 2S 3S 4S 5S",
    "6C 6D 6H 6S 7C",
]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_first_pair_by_its_first_cell_then_its_second(name, game):
    state = start(game, GRID_ORDER, ["7D", "6S", "2S", "3C"])
    # First cell r1c1 (AC): its earliest partner is r1c3 (KD), not r2c1 (KH): they go, and 7D
    # fills r1c1, 6S r1c3. Then the first pair is r2c1 (KH) with r3c1 (AH), not r4c1 (AS):
    # 2S fills r2c1, 3C r3c1. Nothing pairs after that.
    pack = order(GRID_ORDER, ["7D", "6S", "2S", "3C"])[1][4:]
    grid = ["7D 2C 6S 4C 5C", "2S 2D 3D 4D 5D", "3C 2H 3H 4H 5H"] + GRID_ORDER[3:]
    assert state.key == keyed(grid, pack, 0)


#: no pair; 9C (r5c1) would pair with the four 5s of column 5
GRID_NINE = [
    "AC 2C 3C 4C 5C",
    "AD 2D 3D 4D 5D",
    "AH 2H 3H 4H 5H",
    "AS 2S 3S 4S 5S",
    "9C 6D 6H 6S 7C",
]
NINE_SWAP = "exchange r1c1-r2c2,r5c1-r5c5"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_exchange_is_followed_by_the_pairing(name, game):
    state = start(game, GRID_NINE, ["6C", "5C"])
    assert state.key == keyed(GRID_NINE, order(GRID_NINE, ["6C", "5C"])[1], 0)
    state = state.play(NINE_SWAP)
    # AC <-> 2D and 9C <-> 7C: 9C (r5c5) pairs with r1c5, r2c5, r3c5, r4c5; the first is r1c5
    # (5C). 6C fills r1c5, 5C r5c5; no pair is left, the grace is used: lost.
    pack = order(GRID_NINE, ["6C", "5C"])[1][2:]
    grid = ["2D 2C 3C 4C 6C", "AD AC 3D 4D 5D"] + GRID_NINE[2:4] + ["7C 6D 6H 6S 5C"]
    assert state.key == keyed(grid, pack, 1)
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won


# --- the option choose_pairs: pairs are moves ---------------------------------------------------


@pytest.mark.parametrize("name", IDS)
def test_choose_pairs_exchange_leaves_the_pairs_to_the_player(name):
    state = start(choosing(name), GRID_NINE, ["6C", "5C"]).play(NINE_SWAP)
    grid = ["2D 2C 3C 4C 5C", "AD AC 3D 4D 5D"] + GRID_NINE[2:4] + ["7C 6D 6H 6S 9C"]
    assert state.key == keyed(grid, order(GRID_NINE, ["6C", "5C"])[1], 1)
    assert support.move_set(state) == {"r1c5+r5c5", "r2c5+r5c5", "r3c5+r5c5", "r4c5+r5c5"}


@pytest.mark.parametrize("name", IDS)
def test_the_deal(name):
    game = choosing(name)
    state = start(game, GRID_ONE_PAIR, ["9C", "5C"])
    pack = order(GRID_ONE_PAIR, ["9C", "5C"])[1]
    assert len(pack) == 79
    rows = " ".join(f"R{i + 1}:{row_seg(r)}" for i, r in enumerate(GRID_ONE_PAIR))
    assert state.key == rows + " pack:" + "".join(reversed(pack)).lower() + " grace:0"
    assert not state.is_over


@pytest.mark.parametrize("name", IDS)
def test_a_pair_is_removed_and_refilled_in_reading_order(name):
    game = choosing(name)
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


# --- both ways ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_pairs_share_a_row_or_a_column_not_a_diagonal(name, game):
    # 7H at r1c1 and 7C at r5c5 make 14 but share only a diagonal: no pair, so the moves are
    # the exchanges
    grid = ["7H 2C 3C 4C 5C"] + GRID_ONE_PAIR[1:]
    moves = support.move_set(start(game, grid))
    assert moves and all(m.startswith("exchange ") for m in moves)


@pytest.mark.parametrize("name", IDS)
def test_far_apart_cards_of_one_column_pair(name):
    game = choosing(name)
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
    # the book's game: AC + KC went by themselves; a pair is never a move, an exchange of an
    # empty cell or of a cell with itself is none either
    state = start(game, GRID_ONE_PAIR, ["9C", "5C", "5H", "6D"])
    for bad in ["r1c1+r1c5", "r1c2+r1c3", "exchange r1c1-r1c1,r2c2-r3c3", "deal", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    # with choose_pairs: only pairs while one is legal
    state = start(choosing(name), GRID_ONE_PAIR)
    for bad in ["r1c5+r1c1", "r1c1+r2c2", "exchange r1c1-r5c5,r2c2-r3c3", "deal", "r0c1+r1c5"]:
        with pytest.raises(ValueError):
            state.play(bad)
    for opts in ({"grace": False}, {"choose_pairs": 1}, {"choose_pairs": None}):
        with pytest.raises(ValueError):
            support.engines(SLUG, **opts)
