"""Rule tests of THE CLOCK (rules/clock.md, docs/notation/clock.md), run on every engine.

Every position is built from an explicit deal whose card order is constructed here; every
expected key segment and move set is worked out by hand from the rule text.

Deal order reminder: the first occurrence of each of the twelve base cards is taken out (F1..F12);
of the other 92 cards, 3k-2..3k go to packet Pk (first at the bottom), the last 56 are the pack,
the first of them on top.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "clock"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
BASES = ["6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D"]

#: packets bottom to top (the tops are worked through in the tests below)
PACKETS = [
    ["9C", "8C", "7C"],  # P1: 7C fits F1 (6C)
    ["5H", "4H", "8H"],  # P2: 8H fits F2 (7H)
    ["2S", "3S", "9S"],  # P3: 9S fits F3 (8S)
    ["TD", "JD", "3D"],  # P4: 3D fits nothing
    ["6S", "7S", "5S"],  # P5: 5S fits F11 (4S)
    ["TS", "JS", "4S"],  # P6: 4S marries onto 5S (P5)
    ["2D", "3C", "KC"],  # P7: KC fits nothing, goes on nothing
    ["4C", "5C", "AD"],  # P8: AD fits F8 (KD: K is followed by A)
    ["6H", "7H", "QH"],  # P9: QH fits F6 (JH)
    ["8D", "9H", "6D"],  # P10: 6D fits F12 (5D)
    ["4D", "5H", "2H"],  # P11: 2H fits nothing
    ["7D", "8S", "JD"],  # P12: JD fits nothing
]
PACK_FIRST = ["KH", "8C", "QC"]

INITIAL_MOVES = {
    "p1>f1",
    "p2>f2",
    "p3>f3",
    "p5>f11",
    "p6>p5",
    "p8>f8",
    "p9>f6",
    "p10>f12",
    "turn",
}


def cards() -> tuple[list[str], list[str]]:
    """The dealing order and the pack's order (first = top)."""
    used = BASES + [c for p in PACKETS for c in p] + PACK_FIRST
    rest = list(TWO_PACKS)
    for c in used:
        rest.remove(c)
    return used + rest, PACK_FIRST + rest


def start(game):
    return game.deal_from(cards()[0]).start()


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, body = part.partition(":")
        out[label] = body
    return out


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_deal(name, game):
    state = start(game)
    pack = cards()[1]
    assert len(pack) == 56
    expected = [f"F{k + 1}:{b}" for k, b in enumerate(BASES)]
    expected += [f"P{i + 1}:{''.join(p)}" for i, p in enumerate(PACKETS)]
    expected += ["pack:" + "".join(reversed(pack)).lower(), "talon:"]
    assert state.key == " ".join(expected)
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_moves_plays_marriages_and_turn(name, game):
    assert support.move_set(start(game)) == INITIAL_MOVES


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_short_packet_forbids_turning_until_refilled(name, game):
    state = start(game).play("p1>f1")
    s = segs(state)
    assert s["F1"] == "6C7C" and s["P1"] == "9C8C"
    # 8C now fits F1 too; turn is gone, refill is there
    assert support.move_set(state) == (INITIAL_MOVES - {"turn"}) | {"refill"}
    with pytest.raises(ValueError):
        state.play("turn")
    state = state.play("refill")
    s = segs(state)
    assert s["P1"] == "9C8CKH"
    assert s["pack"].endswith("qc8c")
    # KH takes no card from the foundations and goes on nothing, but QH (P9) marries onto it
    assert support.move_set(state) == (INITIAL_MOVES - {"p1>f1"}) | {"p9>p1"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_talon_top_goes_only_to_a_foundation(name, game):
    state = start(game).play("p1>f1").play("refill").play("turn")
    s = segs(state)
    assert s["talon"] == "8C"
    # 8C fits F1 (6C 7C); it never goes onto a packet
    assert support.move_set(state) == (INITIAL_MOVES - {"p1>f1"}) | {"p9>p1", "talon>f1"}
    state = state.play("talon>f1")
    assert segs(state)["F1"] == "6C7C8C" and segs(state)["talon"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_marriage_and_a_refill_round_the_dial(name, game):
    state = start(game).play("p6>p5")
    s = segs(state)
    assert s["P5"] == "6S7S5S4S" and s["P6"] == "TSJS"
    assert support.move_set(state) == {
        "p1>f1",
        "p2>f2",
        "p3>f3",
        "p8>f8",
        "p9>f6",
        "p10>f12",
        "refill",
    }
    state = state.play("p1>f1").play("refill")
    s = segs(state)
    # P1 is refilled first (KH), then P6 (8C); P5, now four cards, is left alone
    assert s["P1"] == "9C8CKH" and s["P6"] == "TSJS8C" and s["P5"] == "6S7S5S4S"
    assert s["pack"].endswith("qc")
    assert "turn" in support.move_set(state)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_an_emptied_packet_is_refilled_with_three_cards(name, game):
    state = start(game).play("p8>f8")
    assert segs(state)["F8"] == "KDAD"  # K is followed by A on a foundation
    state = start(game).play("p2>f2")
    assert support.move_set(state) >= {"p2>f10", "refill"}  # 4H fits F10 (3H)
    state = state.play("p2>f10").play("p2>f10")  # 4H, then 5H
    s = segs(state)
    assert s["F10"] == "3H4H5H" and s["F2"] == "7H8H" and s["P2"] == ""
    state = state.play("refill")
    s = segs(state)
    assert s["P2"] == "KH8CQC"
    assert "turn" in support.move_set(state) and "refill" not in support.move_set(state)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_and_bad_options_raise(name, game):
    state = start(game)
    for bad in ["refill", "p4>f4", "p1>p1", "talon>f1", "p13>f1", "redeal", "p7>p8"]:
        with pytest.raises(ValueError):
            state.play(bad)
    with pytest.raises(ValueError):
        support.engines(SLUG, passes=2)


def test_every_seeded_deal_has_twelve_packets_of_three():
    for name, game in ENGINES:
        for seed in (0, 7):
            s = segs(game.deal(seed).start())
            assert all(len(s[f"P{i}"]) == 6 for i in range(1, 13)), name
            assert len(s["pack"]) == 112 and s["pack"] == s["pack"].lower()
            assert [s[f"F{k + 1}"] for k in range(12)] == BASES


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_card_fitting_two_foundations_and_a_complete_foundation(name, game):
    packets = [["5C", "4C", "3C"], ["8C", "7C", "6C"], ["2D", "3D", "9C"], ["4D", "5D", "TC"]]
    used = BASES + [c for p in packets for c in p]
    rest = list(TWO_PACKS)
    for c in used:
        rest.remove(c)
    state = game.deal_from(used + rest).start()
    for _ in range(4):  # 3C, 4C, 5C (P1), then 6C (P2) onto F9 (2C)
        state = state.play("p1>f9" if segs(state)["P1"] else "p2>f9")
    s = segs(state)
    assert s["F9"] == "2C3C4C5C6C" and s["P1"] == "" and s["P2"] == "8C7C"
    # 7C fits F1 (6C) and F9 (...6C): two moves
    assert {"p2>f1", "p2>f9"} <= support.move_set(state)
    state = state.play("p2>f9").play("p2>f9").play("p3>f9")
    s = segs(state)
    assert s["F9"] == "2C3C4C5C6C7C8C9C" and s["P4"] == "4D5DTC"
    # F9 has reached its hour (9): TC, the next club, may not go on it, nor anything else
    assert not any(m.endswith(">f9") for m in support.move_set(state))
