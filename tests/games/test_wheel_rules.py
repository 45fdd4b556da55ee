"""Rule tests of THE WHEEL (rules/wheel.md, docs/notation/wheel.md), run on every engine.
Positions come from explicit deals built here; expected keys and move sets are worked out by
hand from the rule text.

Deal order reminder: the eight aces are taken out; of the other 96 cards, cards 1..12 go to
P1..P12 and cards 13..96 are the pack, card 13 on top.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "wheel"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
TWO_PACKS = [r + s for s in SUITS for r in RANKS] * 2
ACES = ["AC", "AD", "AH", "AS"] * 2

#: P1..P12 of deal A: twos, sixes and a ten (2+6+10), 3+7+8, four court cards
CUSHION_A = ["2C", "6C", "TC", "KC", "3C", "7C", "8C", "QD", "2D", "6D", "JS", "KH"]
PACK_A = ["9S", "5H", "4S", "4H"]
#: deal B: no combination at first (only twos, threes and court cards)
CUSHION_B = ["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "KC", "KD", "KH", "KS"]
PACK_B = ["6C", "TC", "4C", "5C", "9C", "QC", "7D", "8D", "9D", "TD", "JD", "QD"]


def order(cushion: list[str], pack_first: list[str]) -> tuple[list[str], list[str]]:
    """The dealing order and the pack (first = top)."""
    used = ACES + cushion + pack_first
    rest = list(TWO_PACKS)
    for c in used:
        rest.remove(c)
    return used + rest, pack_first + rest


def start(game, cushion, pack_first):
    return game.deal_from(order(cushion, pack_first)[0]).start()


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, body = part.partition(":")
        out[label] = body
    return out


def combos(triples: list[str], courts: list[str]) -> set[str]:
    return {f"{t}+{c}" for t in triples for c in courts}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_deal(name, game):
    state = start(game, CUSHION_A, PACK_A)
    pack = order(CUSHION_A, PACK_A)[1]
    assert len(pack) == 84
    places = " ".join(f"P{i + 1}:{c}" for i, c in enumerate(CUSHION_A))
    assert state.key == places + " pack:" + "".join(reversed(pack)).lower() + " circle:0 deal:1"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_combinations_of_the_first_deal(name, game):
    state = start(game, CUSHION_A, PACK_A)
    triples = ["p1+p2+p3", "p1+p3+p10", "p2+p3+p9", "p3+p9+p10", "p5+p6+p7"]
    assert support.move_set(state) == combos(triples, ["p4", "p8", "p11", "p12"])


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_deal_refills_emptied_places_in_order(name, game):
    state = start(game, CUSHION_A, PACK_A).play("p5+p6+p7+p4")
    s = segs(state)
    # places 4, 5, 6, 7 refilled in that order from the pack: 9S, 5H, 4S, 4H
    assert [s[f"P{i}"] for i in (4, 5, 6, 7)] == ["9S", "5H", "4S", "4H"]
    assert s["circle"] == "1" and s["deal"] == "1"
    triples = ["p1+p2+p3", "p1+p3+p10", "p2+p3+p9", "p3+p9+p10", "p4+p5+p6", "p4+p5+p7"]
    assert support.move_set(state) == combos(triples, ["p8", "p11", "p12"])


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_deal_only_when_stuck_and_no_refill_after_it(name, game):
    state = start(game, CUSHION_B, PACK_B)
    assert support.move_set(state) == {"deal"}
    state = state.play("deal")
    s = segs(state)
    assert [s[f"P{i + 1}"] for i in range(12)] == [a + b for a, b in zip(CUSHION_B, PACK_B)]
    assert s["deal"] == "2"
    triples = ["p3+p4+p5", "p3+p4+p9", "p1+p3+p8", "p1+p4+p7"]
    assert support.move_set(state) == combos(triples, ["p6", "p11", "p12"])
    state = state.play("p1+p3+p8+p6")
    s = segs(state)
    # not refilled: the cards below come to the top again
    assert (s["P1"], s["P3"], s["P6"], s["P8"]) == ("2C", "2H", "3D", "3S")
    assert s["circle"] == "1" and s["deal"] == "2"
    triples = ["p1+p5+p7", "p1+p7+p9", "p3+p5+p7", "p3+p7+p9"]
    triples += ["p2+p4+p6", "p4+p6+p10", "p2+p4+p8", "p4+p8+p10"]
    assert support.move_set(state) == combos(triples, ["p11", "p12"])


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_and_options(name, game):
    state = start(game, CUSHION_A, PACK_A)
    bad = ["deal", "p4+p5+p6+p7", "p2+p1+p3+p4", "p1+p2+p9+p4", "p1+p2+p3+p3", "p1+p2+p3"]
    for m in bad:
        with pytest.raises(ValueError):
            state.play(m)
    with pytest.raises(ValueError):
        support.engines(SLUG, refill=True)
