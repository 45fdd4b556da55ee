"""Rule tests of NESTOR (python/patience/rules/nestor.md, docs/notation/nestor.md), run on every
engine that implements the game.

Every position is built from an explicit deal whose card order is constructed here, and every
expected key, key fragment and move set is worked out by hand from the rule text.

Deal order reminder: the shuffled pack is dealt in six rows of eight, row 1 first, each left to
right, so (without clashes) card k goes to row ceil(k / 8) of column ((k - 1) mod 8) + 1. A card
whose rank is already in its column goes to the bottom of the pack; the four cards left form
the face-down reserve, the front one on top (written last in the key).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

import patience
from patience import reference
from support import engines, move_set

SLUG = "nestor"


def each_engine() -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG)]


def rows_of(columns: list[list[str]]) -> list[str]:
    """Dealing order of six-card columns (bottom first) when nothing clashes: row by row."""
    assert len(columns) == 8 and all(len(c) == 6 for c in columns)
    return [columns[j][i] for i in range(6) for j in range(8)]


def segs(state: Any) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


# --- deal SUITS: each suit fills two columns, the kings are the reserve -------------------------
# C1 AC..6C, C2 7C..QC, C3 AD..6D, C4 7D..QD, C5 AH..6H, C6 7H..QH, C7 AS..6S, C8 7S..QS (row 1 at
# the bottom, so the 6s and queens are the available cards). Reserve KC KD KH KS, KC on top.
SUIT_COLUMNS = [
    [r + s for r in ranks] for s in "CDHS" for ranks in ("A23456", "789TJQ")
]  # fmt: skip
SUITS_DEAL = rows_of(SUIT_COLUMNS) + ["KC", "KD", "KH", "KS"]
SUITS_KEY = (
    "C1:AC2C3C4C5C6C C2:7C8C9CTCJCQC C3:AD2D3D4D5D6D C4:7D8D9DTDJDQD "
    "C5:AH2H3H4H5H6H C6:7H8H9HTHJHQH C7:AS2S3S4S5S6S C8:7S8S9STSJSQS "
    "reserve:kskhkdkc X1: X2: X3: X4:"
)


@pytest.mark.parametrize("game", each_engine())
def test_deal_rows_of_eight_top_row_first_and_reserve_face_down(game):
    state = game.deal_from(SUITS_DEAL).start()
    assert state.key == SUITS_KEY
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_four_available_cards_of_a_rank_give_six_pairs(game):
    state = game.deal_from(SUITS_DEAL).start()
    sixes = {"pair:c1,c3", "pair:c1,c5", "pair:c1,c7", "pair:c3,c5", "pair:c3,c7", "pair:c5,c7"}
    queens = {"pair:c2,c4", "pair:c2,c6", "pair:c2,c8", "pair:c4,c6", "pair:c4,c8", "pair:c6,c8"}
    assert move_set(state) == sixes | queens
    assert len(state.moves()) == 12


@pytest.mark.parametrize("game", each_engine())
def test_pairing_releases_the_cards_above(game):
    state = game.deal_from(SUITS_DEAL).start().play("pair:c1,c3")
    s = segs(state)
    assert s["C1"] == "AC2C3C4C5C" and s["C3"] == "AD2D3D4D5D"
    assert s["reserve"] == "kskhkdkc"
    expected = {"pair:c1,c3", "pair:c5,c7"}
    expected |= {"pair:c2,c4", "pair:c2,c6", "pair:c2,c8", "pair:c4,c6", "pair:c4,c8", "pair:c6,c8"}
    assert move_set(state) == expected


@pytest.mark.parametrize("game", each_engine())
def test_reserve_turned_one_at_a_time_when_no_pair_and_two_turned_cards_pair(game):
    state = game.deal_from(SUITS_DEAL).start()
    # pair the columns down, rank by rank: 6s, 5s, ..., aces on c1/c3 and c5/c7, Qs .. 7s on
    # the others; every step has a pair, so the reserve stays untouched until the end
    for _ in range(6):
        state = state.play("pair:c1,c3").play("pair:c5,c7")
        state = state.play("pair:c2,c4").play("pair:c6,c8")
        if _ < 5:
            assert segs(state)["reserve"] == "kskhkdkc"
    # all columns empty, no pair: KC to X1, still none: KD to X2, which pairs with it
    assert state.key == "C1: C2: C3: C4: C5: C6: C7: C8: reserve:kskh X1:KC X2:KD X3: X4:"
    assert move_set(state) == {"pair:x1,x2"}
    state = state.play("pair:x1,x2")
    # X1 and X2 now empty; KH goes to X3 (third card turned), KS to X4
    assert state.key == "C1: C2: C3: C4: C5: C6: C7: C8: reserve: X1: X2: X3:KH X4:KS"
    assert move_set(state) == {"pair:x3,x4"}
    state = state.play("pair:x3,x4")
    assert state.is_won and state.is_over
    assert move_set(state) == set()
    assert state.key == "C1: C2: C3: C4: C5: C6: C7: C8: reserve: X1: X2: X3: X4:"


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(SUITS_DEAL).start()
    for bad in ["pair:c3,c1", "pair:c1,c2", "pair:c1,c1", "pair:c1,x1", "c1>c3", "turn", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert state.key == SUITS_KEY


# --- deal CLASH: a card whose rank is already in its column goes to the bottom of the pack ---
# As SUITS but with KD in place of AD at the bottom of C3 and AD dealt ninth, to the spot row 2
# of column 1, which already holds AC: AD goes to the bottom, 2C takes the spot. After the 48
# spots the pack holds KC KH KS AD (front first): KC is the reserve's top, AD its bottom.
CLASH_COLUMNS = [list(c) for c in SUIT_COLUMNS]
CLASH_COLUMNS[2][0] = "KD"
_clash_rows = rows_of(CLASH_COLUMNS)
CLASH_DEAL = _clash_rows[:8] + ["AD"] + _clash_rows[8:] + ["KC", "KH", "KS"]


@pytest.mark.parametrize("game", each_engine())
def test_a_clashing_card_goes_to_the_bottom_of_the_pack(game):
    state = game.deal_from(CLASH_DEAL).start()
    s = segs(state)
    assert s["C1"] == "AC2C3C4C5C6C"
    assert s["C2"] == "7C8C9CTCJCQC"
    assert s["C3"] == "KD2D3D4D5D6D"
    assert s["reserve"] == "adkskhkc"
    assert [s[f"X{k}"] for k in range(1, 5)] == ["", "", "", ""]


# --- deal FALLBACK: at the last spot every card left clashes ----------------------------------
# C8 rows 1-5 are 7S 8S 9S TS JS and the five cards left at the spot row 6 column 8 are 7H 8H 9H
# TH JH: each goes to the bottom in turn, the pack is back in order, and 7H is placed anyway.
# The reserve is 8H 9H TH JH, 8H on top. Tops: 6C QC 5D JD 4S 2H KH 7H make no pair, so 8H, 9H and
# TH are turned to X1..X3 with no pair, then JH to X4 pairs with JD.
FALLBACK_COLUMNS = [
    ["AC", "2C", "3C", "4C", "5C", "6C"],
    ["7C", "8C", "9C", "TC", "JC", "QC"],
    ["KC", "AD", "2D", "3D", "4D", "5D"],
    ["6D", "7D", "8D", "9D", "TD", "JD"],
    ["QD", "KD", "AS", "2S", "3S", "4S"],
    ["5S", "6S", "QS", "KS", "AH", "2H"],
    ["3H", "4H", "5H", "6H", "QH", "KH"],
    ["7S", "8S", "9S", "TS", "JS", "7H"],
]
FALLBACK_DEAL = rows_of(FALLBACK_COLUMNS) + ["8H", "9H", "TH", "JH"]
FALLBACK_KEY = (
    "C1:AC2C3C4C5C6C C2:7C8C9CTCJCQC C3:KCAD2D3D4D5D C4:6D7D8D9DTDJD "
    "C5:QDKDAS2S3S4S C6:5S6SQSKSAH2H C7:3H4H5H6HQHKH C8:7S8S9STSJS7H "
    "reserve: X1:8H X2:9H X3:TH X4:JH"
)


@pytest.mark.parametrize("game", each_engine())
def test_when_no_card_fits_the_top_card_is_placed_anyway(game):
    state = game.deal_from(FALLBACK_DEAL).start()
    assert state.key == FALLBACK_KEY
    assert move_set(state) == {"pair:c4,x4"}


@pytest.mark.parametrize("game", each_engine())
def test_turned_reserve_cards_wait_and_pair_later(game):
    state = game.deal_from(FALLBACK_DEAL).start().play("pair:c4,x4")
    assert move_set(state) == {"pair:c4,x3"}  # TD now available, X4 empty
    state = state.play("pair:c4,x3")
    assert move_set(state) == {"pair:c4,x2"}
    state = state.play("pair:c4,x2")
    assert move_set(state) == {"pair:c4,x1"}
    state = state.play("pair:c4,x1")
    assert segs(state)["C4"] == "6D7D"
    assert move_set(state) == {"pair:c4,c8"}  # 7D with the 7H placed by the fallback
    state = state.play("pair:c4,c8")
    s = segs(state)
    assert s["C4"] == "6D" and s["C8"] == "7S8S9STSJS"
    assert [s[f"X{k}"] for k in range(1, 5)] == ["", "", "", ""]
    assert move_set(state) == {"pair:c1,c4"}


# --- deal LOST: tops AS..8S, reserve 9S TS JS QS: nothing ever pairs --------------------------
LOST_COLUMNS = [
    ["2C", "3C", "4C", "5C", "6C", "AS"],
    ["7C", "8C", "9C", "TC", "JC", "2S"],
    ["QC", "KC", "AD", "2D", "4D", "3S"],
    ["3D", "5D", "6D", "7D", "8D", "4S"],
    ["9D", "TD", "JD", "QD", "KD", "5S"],
    ["AH", "2H", "3H", "4H", "5H", "6S"],
    ["6H", "8H", "9H", "TH", "KS", "7S"],
    ["JH", "QH", "KH", "AC", "7H", "8S"],
]
LOST_DEAL = rows_of(LOST_COLUMNS) + ["9S", "TS", "JS", "QS"]


@pytest.mark.parametrize("game", each_engine())
def test_lost_when_no_pair_and_the_reserve_is_used_up(game):
    state = game.deal_from(LOST_DEAL).start()
    assert state.key == (
        "C1:2C3C4C5C6CAS C2:7C8C9CTCJC2S C3:QCKCAD2D4D3S C4:3D5D6D7D8D4S "
        "C5:9DTDJDQDKD5S C6:AH2H3H4H5H6S C7:6H8H9HTHKS7S C8:JHQHKHAC7H8S "
        "reserve: X1:9S X2:TS X3:JS X4:QS"
    )
    assert move_set(state) == set()
    assert state.is_over and not state.is_won


# --- a seeded deal (CONVENTIONS 2.7: seed 1 starts 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D) ----
@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_follows_the_shuffle(game):
    s = segs(game.deal(1).start())
    # row 1 takes the first eight cards; row 2 begins 6C 5H 7D JC 3D (no clash: ranks differ
    # from 9S 7S QH 4S AC)
    assert [s[f"C{j}"][:4] for j in range(1, 6)] == ["9S6C", "7S5H", "QH7D", "4SJC", "AC3D"]
    assert s["C6"][:2] == "8H" and s["C7"][:2] == "QS" and s["C8"][:2] == "JH"


@pytest.mark.parametrize("game", each_engine())
def test_no_column_ever_holds_two_cards_of_a_rank_when_the_deal_can_avoid_it(game):
    for seed in range(20):
        s = segs(game.deal(seed).start())
        cards = [s[f"C{j}"] for j in range(1, 9)]
        for col in cards:
            ranks = col[0::2]
            assert len(ranks) <= 6
            # a repeated rank can only come from the fallback, at the end of the deal
            if len(set(ranks)) < len(ranks):
                assert ranks[-1] in ranks[:-1] and len(set(ranks[:-1])) == len(ranks) - 1


def test_unknown_option_is_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
