"""Rule tests of LA NIVERNAISE (python/patience/rules/la-nivernaise.md,
docs/notation/la-nivernaise.md), run on every engine that implements the game.

Positions come from explicit deals; every expected key, key fragment and move set is worked
out by hand from the rule text.

Deal order reminder: cards 1-4 to FL1-FL4, 5-8 to FR1-FR4, 9-32 to L1-L6 four each (first at
the bottom), 33-104 the pack, card 33 on top. F1-F4 go up from the aces of C, D, H, S, F5-F8
down from the kings of C, D, H, S.
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

SLUG = "la-nivernaise"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
FLANKS = ["fl1", "fl2", "fl3", "fl4", "fr1", "fr2", "fr3", "fr4"]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def segs(state: Any) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def play_all(state: Any, moves: list[str]) -> Any:
    for m in moves:
        state = state.play(m)
    return state


def down(cards: list[str]) -> str:
    """A pack segment for a pack dealt in the order ``cards``."""
    return "".join(reversed(cards)).lower()


def fills(empty: list[str], line: list[int], pack: bool = True) -> set[str]:
    """Every flank filling into the ``empty`` flank places from the non-empty packets ``line``."""
    out = {f"l{i}>{e}" for e in empty for i in line}
    if pack:
        out |= {f"pack>{e}" for e in empty}
    return out


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_deal(game):
    expected = (
        "FL1:AC FL2:2C FL3:3C FL4:4C FR1:5C FR2:6C FR3:7C FR4:8C "
        "L1:9CTCJCQC L2:KCAD2D3D L3:4D5D6D7D L4:8D9DTDJD L5:QDKDAH2H L6:3H4H5H6H "
        "F1: F2: F3: F4: F5: F6: F7: F8: pack:" + down(TWO_PACKS[32:]) + " pass:1"
    )
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == expected
    assert move_set(state) == {"fl1>f1", "deal"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_empty_flank_may_be_filled_from_any_line_top_or_the_pack(game):
    state = game.deal_from(TWO_PACKS).start().play("fl1>f1")
    assert segs(state)["FL1"] == "" and segs(state)["F1"] == "AC"
    assert move_set(state) == {"fl2>f1", "deal"} | fills(["fl1"], [1, 2, 3, 4, 5, 6])
    s = segs(state.play("pack>fl1"))
    assert s["FL1"] == "7H" and s["pack"].endswith("9h8h")
    s = segs(state.play("l5>fl1"))
    assert s["FL1"] == "2H" and s["L5"] == "QDKDAH"


def clubs_climbed(game: Any) -> Any:
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["fl1>f1", "fl2>f1", "fl3>f1", "fl4>f1"])
    state = play_all(state, ["fr1>f1", "fr2>f1", "fr3>f1", "fr4>f1"])
    return state


@pytest.mark.parametrize("game", each_engine())
def test_played_out_packet_is_refilled_with_four_at_once(game):
    state = clubs_climbed(game)
    assert segs(state)["F1"] == "AC2C3C4C5C6C7C8C"
    state = play_all(state, ["l1>fl1", "l1>fl2", "l1>fl3", "l1>f1"])
    s = segs(state)
    # L1 held 9C TC JC QC; QC JC TC parked, 9C up: L1 empty, refilled with 7H 8H 9H TH
    assert [s["FL1"], s["FL2"], s["FL3"]] == ["QC", "JC", "TC"]
    assert s["L1"] == "7H8H9HTH" and s["F1"].endswith("8C9C")
    assert s["pack"].endswith("kh" + "qhjh") and len(s["pack"]) == 2 * 68


@pytest.mark.parametrize("game", each_engine())
def test_exchanges_between_the_two_foundations_of_a_suit(game):
    state = clubs_climbed(game)
    state = play_all(state, ["l1>fl1", "l1>fl2", "l1>fl3", "l1>f1", "fl3>f1", "fl2>f1"])
    state = play_all(state, ["fl1>f1", "l2>fl1", "l2>fl2", "l2>f2"])
    # L2 shows its bottom card KC: it may climb on the QC or start the descending clubs
    assert {"l2>f1", "l2>f5"} <= move_set(state)
    state = state.play("l2>f5")
    s = segs(state)
    assert s["F5"] == "KC" and s["F1"].endswith("JCQC") and s["L2"] == "JHQHKHAS"
    empty = ["fl3", "fl4", "fr1", "fr2", "fr3", "fr4"]
    # the QC may pass down onto the KC; the lone KC (a base) may not move
    assert move_set(state) == {"fl2>f2", "l2>f4", "f1>f5", "deal"} | fills(
        empty, [1, 2, 3, 4, 5, 6]
    )
    state = state.play("f1>f5")
    s = segs(state)
    assert s["F5"] == "KCQC" and s["F1"] == "AC2C3C4C5C6C7C8C9CTCJC"
    ms = move_set(state)
    assert "f5>f1" in ms and "f1>f5" in ms  # back up, or the JC down too


def three_rounds(game: Any) -> Any:
    state = game.deal_from(TWO_PACKS).start()
    return play_all(state, ["deal", "deal", "deal"])


@pytest.mark.parametrize("game", each_engine())
def test_rounds_empty_the_pack_and_allow_the_redeal(game):
    state = three_rounds(game)
    s = segs(state)
    assert s["pack"] == ""
    assert s["L1"] == "9CTCJCQC" + "7H8H9HTH" + "5C6C7C8C" + "3H4H5H6H"
    assert s["L6"] == "3H4H5H6H" + "AC2C3C4C" + "QDKDAH2H" + "TSJSQSKS"
    assert s["L3"] == "4D5D6D7D" + "2S3S4S5S" + "KCAD2D3D" + "JHQHKHAS"
    assert move_set(state) == {"fl1>f1", "l3>f4", "l6>f8", "redeal"}


@pytest.mark.parametrize("game", each_engine())
def test_redeal_gathers_the_line_from_the_left_each_packet_underneath(game):
    before = segs(three_rounds(game))
    state = three_rounds(game).play("redeal")
    s = segs(state)
    # new pack, first card first: L6 bottom to top, then L5, ..., L1
    new = "".join(before[f"L{i}"] for i in range(6, 0, -1))
    chunks = [new[8 * k : 8 * k + 8] for k in range(6)]
    assert [s[f"L{i}"] for i in range(1, 7)] == chunks
    assert chunks[:2] == ["3H4H5H6H", "AC2C3C4C"]
    assert s["pack"] == "".join(reversed([new[i : i + 2] for i in range(48, 192, 2)])).lower()
    assert s["pass"] == "2" and s["FL1"] == "AC"
    # L4 and L6 both show the KS, which starts the descending spades; no second re-deal
    assert move_set(state) == {"fl1>f1", "l4>f8", "l6>f8", "deal"}


@pytest.mark.parametrize("game", each_engine())
def test_round_stops_when_the_pack_runs_out(game):
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["fl1>f1", "pack>fl1", "deal", "deal", "deal"])
    s = segs(state)
    assert s["pack"] == "" and s["FL1"] == "7H"
    # 71 cards: two full rounds, then L1-L5 four each and L6 the last three
    assert [len(s[f"L{i}"]) // 2 for i in range(1, 7)] == [16, 16, 16, 16, 16, 15]
    assert s["L6"].endswith("3HJSQSKS")  # the pack shifted by one card: 3H, then the last three


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["fl2>f1", "fl1>f5", "l1>fl1", "pack>fl1", "redeal", "f1>f5", "turn", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"redeals": 2}, {"see_all": True}):
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
def test_seeded_deal_lays_out_the_shuffled_packs(game):
    assert shuffled_by_hand(1, ONE_PACK)[:4] == ["9S", "7S", "QH", "4S"]  # CONVENTIONS 2.7
    deal = game.deal(3)
    cards = shuffled_by_hand(3, TWO_PACKS)
    assert [str(c).upper() for c in deal.cards] == cards
    s = segs(deal.start())
    assert [s[f.upper()] for f in FLANKS] == cards[:8]
    assert [s[f"L{j}"] for j in range(1, 7)] == [
        "".join(cards[4 * j + 4 : 4 * j + 8]) for j in range(1, 7)
    ]
    assert s["pack"] == "".join(reversed(cards[32:])).lower() and s["pass"] == "1"
