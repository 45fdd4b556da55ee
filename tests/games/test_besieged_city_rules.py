"""Rule tests of THE BESIEGED CITY (python/patience/rules/besieged-city.md and
docs/notation/besieged-city.md), run on every engine that implements the game.

Every expected key, fragment and move set is worked out by hand from the rule text.

The deal used: the two packs unshuffled. Cards 1-12 (AC..QC) fill the Reserve row by row:
R11 AC R12 2C R13 3C / R21 4C R22 5C R23 6C / R31 7C R32 8C R33 9C / R41 TC R42 JC R43 QC.
Cards 13-26 (KC, AD..KD) go to the Ramparts in order: Top1 KC, Top2 AD, Top3 2D, Left1 3D,
Right1 4D, Left2 5D, Right2 6D, Left3 7D, Right3 8D, Left4 9D, Right4 TD, Bottom1 JD,
Bottom2 QD, Bottom3 KD. The pack is turned AH, 2H, ..., KH, AS, ..., then copy 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import patience
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

from patience import reference
from support import engines, move_set

SLUG = "besieged-city"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK

RESERVE = "R11:AC R12:2C R13:3C R21:4C R22:5C R23:6C R31:7C R32:8C R33:9C R41:TC R42:JC R43:QC"
RAMPARTS = (
    "Top1:KC Top2:AD Top3:2D Left1:3D Right1:4D Left2:5D Right2:6D Left3:7D Right3:8D "
    "Left4:9D Right4:TD Bottom1:JD Bottom2:QD Bottom3:KD"
)


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def seg(state: Any, label: str) -> str:
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part[len(label) + 1 :]
    raise AssertionError(f"no segment {label} in {state.key}")


def start(game: Any) -> Any:
    return game.deal_from(TWO_PACKS).start()


@pytest.mark.parametrize("game", each_engine())
def test_the_deal_fills_reserve_then_ramparts_in_order(game):
    state = start(game)
    pack = "pack:" + "".join(reversed(TWO_PACKS[26:])).lower()
    assert state.key == f"{RESERVE} {RAMPARTS} F1: F2: F3: F4: {pack} talon:"


@pytest.mark.parametrize("game", each_engine())
def test_building_on_ramparts_by_rank_and_by_ladder_neighbours(game):
    moves = move_set(start(game))
    for m in [
        "top2>top3",  # A on 2: one apart
        "top3>top2",  # 2 on A
        "top2>bottom3",  # A on K: ladder
        "bottom3>top3",  # K on 2: ladder
        "top3>bottom2",  # 2 on Q: ladder
        "left4>left2",  # 9 on 5: ladder
        "left2>left4",  # 5 on 9
        "right2>right3",  # 6 on 8: ladder
        "right4>right1",  # T on 4: ladder
    ]:
        assert m in moves, m
    for m in [
        "left2>right3",  # 5 and 8: neither
        "top1>bottom3",  # KC on KD: suits differ
        "top2>top2",
        "left1>left4",  # 3 and 9
    ]:
        assert m not in moves, m
    assert "top2>f2" in moves and "top3>f2" not in moves and "bottom3>f2" not in moves
    # Reserve cards only onto their line ends: only AC (column 1) fits KC on Top1.
    assert {m for m in moves if m[0] == "r" and m[1].isdigit()} == {"r11>top1"}
    assert "turn" in moves


@pytest.mark.parametrize("game", each_engine())
def test_a_turned_card_that_goes_up_waits_in_the_hand(game):
    state = start(game).play("turn")
    assert seg(state, "hand") == "AH"
    assert move_set(state) == {"hand>f3", "hand>talon"}
    up = state.play("hand>f3")
    assert seg(up, "F3") == "AH" and seg(up, "talon") == "" and "hand:" not in up.key
    # 2H is not next (KH is): it goes to the talon by itself.
    after = up.play("turn")
    assert seg(after, "talon") == "2H" and "hand:" not in after.key
    kept = state.play("hand>talon")
    assert seg(kept, "talon") == "AH" and seg(kept, "F3") == ""


@pytest.mark.parametrize("game", each_engine())
def test_an_emptied_rampart_takes_a_card_of_its_line_then_the_reserve_refills(game):
    state = start(game).play("top2>f2")
    assert seg(state, "F2") == "AD" and seg(state, "Top2") == ""
    assert seg(state, "pending") == "Top2"
    assert move_set(state) == {"r12>top2", "r22>top2", "r32>top2", "r42>top2"}
    state = state.play("r22>top2")
    # R22 refilled from the pack (talon empty): the card is placed, not offered for play.
    assert seg(state, "Top2") == "5C" and seg(state, "R22") == "AH"
    assert "pending:" not in state.key and "hand:" not in state.key
    assert seg(state, "pack") == "".join(reversed(TWO_PACKS[27:])).lower()
    # the ladder: after AD comes KD (Bottom3)
    assert "bottom3>f2" in move_set(state)
    state = state.play("bottom3>f2")
    assert seg(state, "pending") == "Bottom3"
    assert move_set(state) == {"r13>bottom3", "r23>bottom3", "r33>bottom3", "r43>bottom3"}


@pytest.mark.parametrize("game", each_engine())
def test_the_talon_top_refills_the_reserve_first(game):
    state = start(game).play("turn").play("hand>talon").play("top2>f2").play("r12>top2")
    assert seg(state, "R12") == "AH" and seg(state, "talon") == ""
    assert seg(state, "Top2") == "2C"


@pytest.mark.parametrize("game", each_engine())
def test_no_transposition_while_the_pack_lasts(game):
    moves = move_set(start(game))
    assert "r11>r12" not in moves and "r12>r11" not in moves


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = start(game)
    for bad in ["top3>f2", "r11>f1", "talon>r11", "hand>f1", "r12>top1", "x", "redeal"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_options_and_bad_deals_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    with pytest.raises(ValueError):
        reference.game(SLUG).deal_from(ONE_PACK)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
