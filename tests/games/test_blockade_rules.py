"""Rule tests of THE BLOCKADE (python/patience/rules/blockade.md, docs/notation/blockade.md),
run on every engine that implements the game.

Positions come from explicit deals; every expected key, key fragment and move set is worked
out by hand from the rule text.

Deal order reminder: the whole deal is the pack, its first card on top. The first row is dealt
at once to C1..C12; an ace goes to the lowest empty foundation and the next card is taken for
the same column. A column is written as its positions from row 1 down, separated by ``/``,
a vacancy as ``-``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

import patience
from patience import reference
from support import engines, move_set

SLUG = "blockade"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def segs(state: Any) -> dict[str, str]:
    """The key's segments by label; in addition, each column ``Cc`` written as its
    positions ``CcP1``, ``CcP2``, ... joined by ``/``, a vacancy as ``-``."""
    out: dict[str, str] = {}
    columns: dict[str, list[str]] = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
        m = re.fullmatch(r"(C\d+)P(\d+)", label)
        if m:
            assert int(m.group(2)) == len(columns.setdefault(m.group(1), [])) + 1, label
            columns[m.group(1)].append(cards or "-")
    for label, cells in columns.items():
        out[label] = "/".join(cells)
    return out


def play_all(state: Any, moves: list[str]) -> Any:
    for m in moves:
        state = state.play(m)
    return state


def marriages(pairs: list[tuple[int, int]]) -> set[str]:
    return {f"c{i}>c{j}" for i, j in pairs}


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_deal_sends_the_ace_up_and_replaces_it(game):
    row = " ".join(f"C{i}P1:{RANKS[i]}C" for i in range(1, 13))
    expected = (
        row + " F1:AC F2: F3: F4: F5: F6: F7: F8: pack:" + "".join(reversed(TWO_PACKS[13:])).lower()
    )
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == expected
    # 2C up; each club on the next one up (same suit, one lower); a new row (no vacancy)
    expected_moves = {"c1>f1", "deal"} | marriages([(i, i + 1) for i in range(1, 12)])
    assert move_set(state) == expected_moves
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_a_play_leaves_a_vacancy_that_only_the_refill_fills(game):
    state = game.deal_from(TWO_PACKS).start().play("c1>f1")
    s = segs(state)
    assert s["C1"] == "-" and s["F1"] == "AC2C"
    # no new row while a vacancy is open
    assert move_set(state) == {"c2>f1", "refill"} | marriages([(i, i + 1) for i in range(2, 12)])
    state = state.play("refill")
    s = segs(state)
    # the pack's top card AD goes up (F2) and the 2D behind it fills the vacancy
    assert s["C1"] == "2D" and s["F2"] == "AD" and s["pack"].endswith("4d3d")


@pytest.mark.parametrize("game", each_engine())
def test_marriage_stacks_the_card_on_its_target(game):
    state = game.deal_from(TWO_PACKS).start().play("c1>c2")
    s = segs(state)
    assert s["C1"] == "-" and s["C2"] == "3C2C"
    # the 2C is now C2's available card: up, or nowhere else (C3 shows the 4C)
    assert move_set(state) == {"c2>f1", "refill"} | marriages([(i, i + 1) for i in range(3, 12)])


@pytest.mark.parametrize("game", each_engine())
def test_new_row_covers_the_first_and_its_ace_goes_up(game):
    state = game.deal_from(TWO_PACKS).start().play("deal")
    s = segs(state)
    # AD (next pack card) goes to F2; 2D..KD are the second row
    assert [s[f"C{i}"] for i in range(1, 13)] == [f"{RANKS[i]}C/{RANKS[i]}D" for i in range(1, 13)]
    assert s["F1"] == "AC" and s["F2"] == "AD"
    assert s["pack"].endswith("3h2hah")
    expected = {"c1>f2", "deal"} | marriages([(i, i + 1) for i in range(1, 12)])
    assert move_set(state) == expected


@pytest.mark.parametrize("game", each_engine())
def test_refill_fills_upper_rows_first_then_left_to_right(game):
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["deal", "c1>f2", "c1>f1", "c2>f2"])
    s = segs(state)
    assert s["C1"] == "-/-" and s["C2"] == "3C/-" and s["F2"] == "AD2D3D"
    assert state.key.startswith("C1P1: C1P2: C2P1:3C C2P2: C3P1:4C C3P2:4D C4P1:5C ")
    expected = {"c2>f1", "c3>f2", "refill"} | marriages([(i, i + 1) for i in range(3, 12)])
    assert move_set(state) == expected
    state = state.play("refill")
    s = segs(state)
    # vacancies in order (row 1, C1), (row 2, C1), (row 2, C2); AH goes up on the way
    assert s["C1"] == "2H/3H" and s["C2"] == "3C/4H" and s["F3"] == "AH"
    assert s["pack"].endswith("6h5h")
    assert "deal" in move_set(state) and "refill" not in move_set(state)


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["c2>f1", "c2>c1", "c1>c3", "refill", "turn", "c13>f1", "f1>c1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"redeals": 1}, {"sequences": True}):
        with pytest.raises(ValueError):
            reference.game(SLUG, **opts)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(patience.PatienceError):
                patience.game(SLUG, **opts)


def shuffled_by_hand(seed: int, seq: list[str]) -> list[str]:
    """SplitMix64 and the Fisher-Yates shuffle, written here from CONVENTIONS 2."""
    mask, state, a = (1 << 64) - 1, seed, list(seq)
    for i in range(len(a) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        a[i], a[j] = a[j], a[i]
    return a


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_first_row_skips_aces(game):
    assert shuffled_by_hand(1, ONE_PACK)[:4] == ["9S", "7S", "QH", "4S"]  # CONVENTIONS 2.7
    deal = game.deal(2)
    cards = shuffled_by_hand(2, TWO_PACKS)
    assert [str(c).upper() for c in deal.cards] == cards
    # the first twelve non-aces make row 1; the aces met before the twelfth go up in order
    row, aces, used = [], [], 0
    while len(row) < 12:
        (aces if cards[used][0] == "A" else row).append(cards[used])
        used += 1
    s = segs(deal.start())
    assert [s[f"C{i}"] for i in range(1, 13)] == row
    assert [s[f"F{i}"] for i in range(1, 9)] == aces + [""] * (8 - len(aces))
    assert s["pack"] == "".join(reversed(cards[used:])).lower()


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_deal_is_won_suit_by_suit(game):
    # Each refill sends the next suit's ace up and lays its 2..K in the twelve row-1 places.
    state = game.deal_from(TWO_PACKS).start()
    moves = [f"c{i}>f1" for i in range(1, 13)]
    for f in range(2, 9):
        moves += ["refill"] + [f"c{i}>f{f}" for i in range(1, 13)]
    state = play_all(state, moves)
    s = segs(state)
    assert all(s[f"F{i}"] == "".join(r + SUITS[(i - 1) % 4] for r in RANKS) for i in range(1, 9))
    assert s["pack"] == "" and [s[f"C{i}"] for i in range(1, 13)] == ["-"] * 12
    assert state.is_won and state.is_over and move_set(state) == set()
