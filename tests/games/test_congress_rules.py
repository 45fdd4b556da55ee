"""Rule tests of THE CONGRESS (python/patience/rules/congress.md, docs/notation/congress.md),
run on every engine that implements the game.

Positions come from explicit deals; every expected key, key fragment and move set is worked
out by hand from the rule text.

Deal order reminder: the eight aces are taken out (F1 F2 clubs, F3 F4 diamonds, F5 F6 hearts,
F7 F8 spades); of the other 96 cards, 1-4 go to H1-H4, 5-12 to the first river row R1-R8,
13-96 are the pack, card 13 on top. A river column is written as its positions from row 1
down, separated by ``/``, a vacancy as ``-``.
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

SLUG = "congress"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
NON_ACES = [c for c in TWO_PACKS if c[0] != "A"]
ACE_SEGS = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(head: list[str]) -> list[str]:
    rest = list(TWO_PACKS)
    for c in head:
        rest.remove(c)
    return list(head) + rest


def segs(state: Any) -> dict[str, str]:
    """The key's segments by label; in addition, each column ``Rc`` written as its
    positions ``RcP1``, ``RcP2``, ... joined by ``/``, a vacancy as ``-``."""
    out: dict[str, str] = {}
    columns: dict[str, list[str]] = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
        m = re.fullmatch(r"(R\d+)P(\d+)", label)
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


CLUB_HELPS = {"h1>f1", "h1>f2", "h1>h2", "h2>h3", "h3>h4"}


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_deal(game):
    expected = (
        "R1P1:6C R2P1:7C R3P1:8C R4P1:9C R5P1:TC R6P1:JC R7P1:QC R8P1:KC "
        "H1:2C H2:3C H3:4C H4:5C "
        "H5: H6: H7: H8: " + ACE_SEGS + " pack:" + "".join(reversed(NON_ACES[12:])).lower()
    )
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == expected
    assert move_set(state) == CLUB_HELPS | {"deal"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_aces_are_withdrawn_wherever_they_lie(game):
    head = ["9H", "AS", "5S", "KD", "AC", "TC", "8H", "4S", "QD", "2H", "3H", "6S", "7S", "9C"]
    state = game.deal_from(order(head)).start()
    s = segs(state)
    assert [s[f"H{i}"] for i in range(1, 5)] == ["9H", "5S", "KD", "TC"]
    assert [s[f"R{i}"] for i in range(1, 9)] == ["8H", "4S", "QD", "2H", "3H", "6S", "7S", "9C"]
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 9)) == ACE_SEGS
    # river cards marry onto help tops one higher in suit; the 2H goes up on either heart ace
    expected = {"r4>f5", "r4>f6", "r1>h1", "r2>h2", "r3>h3", "r8>h4", "deal"}
    assert move_set(state) == expected
    state = state.play("r2>h2")
    s = segs(state)
    # the opening: R2's place takes the pack's top card (2C, the first non-ace after the
    # head) at once, as part of the move; the pack is one card shorter
    assert s["H2"] == "5S4S" and s["R2"] == "2C"
    assert len(s["pack"]) == 2 * (84 - 1) and s["pack"].endswith("4c3c")
    assert move_set(state) == expected - {"r2>h2"} | {"r2>f1", "r2>f2"}


@pytest.mark.parametrize("game", each_engine())
def test_help_marriage_and_help_vacancy_refill(game):
    state = game.deal_from(TWO_PACKS).start().play("h1>h2")
    s = segs(state)
    assert s["H1"] == "" and s["H2"] == "3C2C"
    assert move_set(state) == {"h2>f1", "h2>f2", "h3>h4", "refill"}  # 2C up; 3C covered
    state = state.play("refill")
    s = segs(state)
    assert s["H1"] == "2D" and s["pack"].endswith("4d3d")
    assert move_set(state) == {"h1>f3", "h1>f4", "h2>f1", "h2>f2", "h3>h4", "deal"}


@pytest.mark.parametrize("game", each_engine())
def test_opening_refills_river_places_at_once_and_helps_by_refill(game):
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["h1>f1", "h2>f1", "h3>f1", "h4>f1"])
    assert segs(state)["F1"] == "AC2C3C4C5C"
    # helps empty, but the pack is not gone: no river card may start a help
    assert move_set(state) == {"r1>f1", "refill"}
    state = state.play("r1>f1")
    s = segs(state)
    # the opening: R1 takes the pack's top card (2D) at once; it is R1's available card
    assert s["R1"] == "2D" and s["F1"].endswith("5C6C") and s["pack"].endswith("4d3d")
    assert move_set(state) == {"r1>f3", "r1>f4", "r2>f1", "refill"}
    state = state.play("r2>f1")
    s = segs(state)
    assert [s["R1"], s["R2"], s["R3"]] == ["2D", "3D", "8C"]
    # the empty helps wait for `refill`, which fills H1-H4 only
    assert [s[f"H{i}"] for i in range(1, 9)] == [""] * 8
    state = state.play("refill")
    s = segs(state)
    assert [s["R1"], s["R2"], s["R3"]] == ["2D", "3D", "8C"]
    assert [s[f"H{i}"] for i in range(1, 9)] == ["4D", "5D", "6D", "7D", "", "", "", ""]
    assert s["pack"].endswith("9d8d")


@pytest.mark.parametrize("game", each_engine())
def test_after_the_opening_refill_takes_rivers_by_row_then_helps(game):
    # pack cards 13-20 (2D..9D) make row 2; then TD JD QD KD 2H 3H 4H 5H 6H ...
    state = game.deal_from(TWO_PACKS).start().play("deal")
    state = play_all(state, ["r1>f3", "r2>f3", "r3>f3"])
    s = segs(state)
    # no longer the opening: the places stay vacancies, `refill` replaces `deal`
    assert [s["R1"], s["R2"], s["R3"], s["R4"]] == ["6C/-", "7C/-", "8C/-", "9C/5D"]
    assert s["F3"] == "AD2D3D4D" and s["pack"].endswith("kdqdjdtd")
    assert move_set(state) == CLUB_HELPS | {"r4>f3", "refill"}
    state = play_all(state, ["h1>f1", "h2>f1", "h3>f1", "h4>f1", "r1>f1"])
    s = segs(state)
    assert s["R1"] == "-/-" and s["F1"] == "AC2C3C4C5C6C"
    state = state.play("refill")
    s = segs(state)
    # row 1 first (R1P1), then row 2 left to right (R1P2, R2P2, R3P2), then H1-H4
    assert [s["R1"], s["R2"], s["R3"], s["R4"]] == ["TD/JD", "7C/QD", "8C/KD", "9C/5D"]
    assert [s[f"H{i}"] for i in range(1, 9)] == ["2H", "3H", "4H", "5H", "", "", "", ""]
    assert s["pack"].endswith("7h6h")


@pytest.mark.parametrize("game", each_engine())
def test_new_row_covers_the_first(game):
    state = game.deal_from(TWO_PACKS).start().play("deal")
    s = segs(state)
    # pack cards 13-20 are 2D..9D
    assert [s[f"R{i}"] for i in range(1, 9)] == [
        f"{RANKS[i + 4]}C/{RANKS[i]}D" for i in range(1, 9)
    ]
    assert move_set(state) == CLUB_HELPS | {"r1>f3", "r1>f4", "deal"}


@pytest.mark.parametrize("game", each_engine())
def test_with_the_pack_gone_river_cards_may_start_empty_helps(game):
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["deal"] * 11)  # 84 cards: ten rows of 8, then 4
    s = segs(state)
    assert s["pack"] == ""
    assert [s[f"R{i}"].count("/") + 1 for i in range(1, 9)] == [12] * 4 + [11] * 4
    # the last (short) row is TS JS QS KS of copy 2; R5-R8 end with the tenth row's 6S..9S
    assert [s[f"R{i}"][-2:] for i in range(1, 9)] == ["TS", "JS", "QS", "KS"] + [
        "6S",
        "7S",
        "8S",
        "9S",
    ]
    starts = {f"r{i}>h{j}" for i in range(1, 9) for j in range(5, 9)}
    assert move_set(state) == CLUB_HELPS | starts
    state = state.play("r5>h5")
    s = segs(state)
    # the tenth row's card leaves a vacancy that stays; the ninth row's TH is free
    assert s["H5"] == "6S" and s["R5"].endswith("/TH/-")
    assert " R5P10:TH R5P11: R6P1:JC " in state.key
    assert "r5>h6" in move_set(state) and "r5>h5" not in move_set(state)
    state = state.play("h1>f1")
    assert "r1>h1" in move_set(state)  # an emptied old help may be started again
    assert "h2>h1" not in move_set(state)  # but never with a help card


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["r1>h1", "r1>f1", "h2>f1", "refill", "h1>r1", "r1>r2", "r1>h5", "turn"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"helps": 8}, {"redeals": 1}):
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
def test_seeded_deal_withdraws_the_aces_after_the_shuffle(game):
    assert shuffled_by_hand(1, ONE_PACK)[:4] == ["9S", "7S", "QH", "4S"]  # CONVENTIONS 2.7
    deal = game.deal(4)
    cards = shuffled_by_hand(4, TWO_PACKS)
    assert [str(c).upper() for c in deal.cards] == cards
    rest = [c for c in cards if c[0] != "A"]
    s = segs(deal.start())
    assert [s[f"H{i}"] for i in range(1, 9)] == rest[:4] + [""] * 4
    assert [s[f"R{i}"] for i in range(1, 9)] == rest[4:12]
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 9)) == ACE_SEGS
    assert s["pack"] == "".join(reversed(rest[12:])).lower()


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_deal_is_won_suit_by_suit(game):
    # Every refill brings the next suit's 2..9 to R1..R8 and its ten to king to H1..H4.
    state = game.deal_from(TWO_PACKS).start()
    moves = [f"h{i}>f1" for i in range(1, 5)] + [f"r{i}>f1" for i in range(1, 9)]
    for f in (3, 5, 7, 2, 4, 6, 8):
        moves += ["refill"] + [f"r{i}>f{f}" for i in range(1, 9)]
        moves += [f"h{i}>f{f}" for i in range(1, 5)]
    state = play_all(state, moves)
    s = segs(state)
    assert all(s[f"F{i}"] == "".join(r + SUITS[(i - 1) // 2] for r in RANKS) for i in range(1, 9))
    assert s["pack"] == "" and all(s[f"H{i}"] == "" for i in range(1, 9))
    assert [s[f"R{i}"] for i in range(1, 9)] == ["-"] * 8
    assert state.is_won and state.is_over and move_set(state) == set()
