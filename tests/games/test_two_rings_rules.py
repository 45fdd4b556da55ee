"""Rule tests of TWO RINGS (python/patience/rules/two-rings.md, docs/notation/two-rings.md),
run on every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text.

Deal order reminder (rule text): the eight sevens and eight sixes are taken out of the
shuffled pack (F1-F8 the sevens C C D D H H S S, built up to the kings; F9-F16 the sixes, same
suit order, built down to the aces); of the 88 cards left, cards 1-8 are the bracelet B1-B8
and cards 9-88 the pack, card 9 on top. An emptied bracelet place is refilled at once from the
talon top, or from the pack top when the talon is empty. One unshuffled re-deal.
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

SLUG = "two-rings"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
SUIT_ORDER = "CCDDHHSS"
BASES = " ".join(
    [f"F{i + 1}:7{s}" for i, s in enumerate(SUIT_ORDER)]
    + [f"F{i + 9}:6{s}" for i, s in enumerate(SUIT_ORDER)]
)


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(bracelet: list[str], pack_head: list[str] = ()) -> list[str]:
    """A dealing order: the bracelet, then ``pack_head`` (the first cards to come out of the
    pack), then every other card of the two packs in unshuffled order (the sixes and sevens
    among them are withdrawn from wherever they lie)."""
    first = list(bracelet) + list(pack_head)
    assert not any(c[0] in "67" for c in first)
    rest = list(TWO_PACKS)
    for c in first:
        rest.remove(c)
    return first + rest


def no_bases(cards: list[str]) -> list[str]:
    return [c for c in cards if c[0] not in "67"]


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
    """A pack segment's cards for a pack dealt in the order ``cards``."""
    return "".join(reversed(cards)).lower()


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    # Without sixes and sevens: copy 1 AC..5C 8C..KC AD.. (44 cards), then copy 2 the same.
    # B1-B8 = AC 2C 3C 4C 5C 8C 9C TC; the pack is the other 80, JC on top.
    left = no_bases(TWO_PACKS)
    assert left[:8] == ["AC", "2C", "3C", "4C", "5C", "8C", "9C", "TC"]
    expected = (
        "B1:AC B2:2C B3:3C B4:4C B5:5C B6:8C B7:9C B8:TC "
        + BASES
        + " pack:"
        + down(left[8:])
        + " talon: pass:1"
    )
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == expected
    assert segs(state)["pack"].startswith("ksqsjs") and segs(state)["pack"].endswith("kcqcjc")
    # The 5C goes down on either club six; the 8C up on either club seven.
    assert move_set(state) == {"b5>f9", "b5>f10", "b6>f1", "b6>f2", "turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_sixes_and_sevens_are_withdrawn_from_wherever_they_lie(game):
    front = ["7S", "KD", "6H", "6H", "QC", "7C", "3S", "2D", "6D", "9H", "AS", "JD", "8S"]
    rest = list(TWO_PACKS)
    for c in front:
        rest.remove(c)
    state = game.deal_from(front + rest).start()
    s = segs(state)
    assert [s[f"B{i}"] for i in range(1, 9)] == ["KD", "QC", "3S", "2D", "9H", "AS", "JD", "8S"]
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 17)) == BASES
    # The pack: 'rest' without sixes and sevens, copy 1's AC on top.
    assert s["pack"] == down(no_bases(rest)) and s["pack"].endswith("3c2cac")
    # Only the 8S fits (up on a seven of spades).
    assert move_set(state) == {"b8>f7", "b8>f8", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_withdraws_after_the_shuffle(game):
    golden, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1

    def shuffled(seed: int) -> list[str]:
        state, a = seed, list(TWO_PACKS)
        for i in range(len(a) - 1, 0, -1):
            state = (state + golden) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            a[i], a[j] = a[j], a[i]
        return a

    for seed in (0, 1, 2**64 - 1):
        left = no_bases(shuffled(seed))
        expected = (
            " ".join(f"B{i + 1}:{left[i]}" for i in range(8))
            + " "
            + BASES
            + " pack:"
            + down(left[8:])
            + " talon: pass:1"
        )
        assert game.deal(seed).start().key == expected


# --- foundations and the bracelet ------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_sevens_go_up_sixes_go_down_in_suit(game):
    bracelet = ["8H", "5D", "9H", "4D", "8C", "5S", "AC", "KS"]
    state = game.deal_from(order(bracelet, ["QD", "JD"])).start()
    # 8H on a seven of hearts (F5, F6), 5D on a six of diamonds (F11, F12), 8C on F1/F2, 5S on
    # F15/F16; 9H, 4D, AC, KS wait.
    assert move_set(state) == {
        "b1>f5", "b1>f6", "b2>f11", "b2>f12", "b5>f1", "b5>f2", "b6>f15", "b6>f16", "turn",
    }  # fmt: skip
    state = state.play("b1>f6")
    s = segs(state)
    # B1 refilled from the pack top (no talon): QD.
    assert s["F6"] == "7H8H" and s["F5"] == "7H" and s["B1"] == "QD"
    state = state.play("b3>f6")
    s = segs(state)
    assert s["F6"] == "7H8H9H" and s["B3"] == "JD"
    # The 9H could not have gone on F5 (it shows only the seven); now nothing wants it.
    state = state.play("b2>f11")
    s = segs(state)
    assert s["F11"] == "6D5D"
    # B2 refilled from the pack top: the first card of 'rest', copy 1's 2C (its AC is B7).
    assert s["B2"] == "2C"
    # 4D now goes on F11 only (F12 still wants a 5D).
    assert move_set(state) == {"b4>f11", "b5>f1", "b5>f2", "b6>f15", "b6>f16", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_refill_comes_from_the_talon_first(game):
    bracelet = ["8C", "KD", "KD", "QD", "QD", "JD", "JD", "TD"]
    state = game.deal_from(order(bracelet, ["2H", "3S", "9C"])).start()
    state = play_all(state, ["turn", "turn"])
    s = segs(state)
    assert s["talon"] == "2H3S" and s["pack"].endswith("9c")
    state = state.play("b1>f2")
    s = segs(state)
    # B1 takes the talon top 3S, not the pack top 9C.
    assert s["F2"] == "7C8C" and s["B1"] == "3S" and s["talon"] == "2H"
    assert s["pack"].endswith("9c")
    state = state.play("turn")
    # The 9C from the talon goes up on F2 only (F1 still shows its seven).
    assert move_set(state) == {"talon>f2", "turn"}
    state = state.play("talon>f2")
    s = segs(state)
    assert s["F2"] == "7C8C9C" and s["talon"] == "2H" and s["B1"] == "3S"


@pytest.mark.parametrize("game", each_engine())
def test_a_king_ends_a_seven_and_an_ace_a_six(game):
    clubs_up = ["8C", "9C", "TC", "JC", "QC", "KC"]
    clubs_down = ["5C", "4C", "3C", "2C", "AC"]
    bracelet = ["QD", "QD", "QH", "QH", "QS", "QS", "JD", "JD"]
    state = game.deal_from(order(bracelet, clubs_up + clubs_down + ["AC", "KC"])).start()
    state = play_all(state, ["turn", "talon>f1"] * 6 + ["turn", "talon>f9"] * 5)
    s = segs(state)
    assert s["F1"] == "7C8C9CTCJCQCKC" and s["F9"] == "6C5C4C3C2CAC"
    assert s["talon"] == "" and s["F2"] == "7C" and s["F10"] == "6C"
    # Copy 2's AC comes out next: nothing takes it (F9 is finished, no wrap; F10 wants a 5C).
    state = state.play("turn")
    assert segs(state)["talon"] == "AC"
    assert move_set(state) == {"turn"}
    # Then copy 2's KC: F1 is finished and F2 wants an 8C.
    state = state.play("turn")
    assert segs(state)["talon"] == "ACKC"
    assert move_set(state) == {"turn"}


# --- pack, talon, re-deal ----------------------------------------------------------------------

# B1-B8: court cards and tens that fit nowhere at the start.
STUCK = ["KC", "KD", "KH", "KS", "QC", "QD", "TH", "TS"]


@pytest.mark.parametrize("game", each_engine())
def test_one_unshuffled_redeal(game):
    deal = order(STUCK)
    pack = no_bases(deal)[8:]
    assert len(pack) == 80 and pack[:3] == ["AC", "2C", "3C"] and pack[-1] == "KS"
    state = game.deal_from(deal).start()
    assert move_set(state) == {"turn"}
    state = play_all(state, ["turn"] * 80)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(pack)
    # The talon top is copy 2's KS: it fits nowhere.
    assert move_set(state) == {"redeal"}
    state = state.play("redeal")
    s = segs(state)
    # Turned over as it lies: the first card turned (AC) is on top again.
    assert s["pass"] == "2" and s["talon"] == "" and s["pack"] == down(pack)
    assert move_set(state) == {"turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "AC"
    state = play_all(state, ["turn"] * 79)
    # No second re-deal; the KS on top fits nowhere, the bracelet neither: lost.
    assert segs(state)["talon"] == "".join(pack)
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


# --- a won game --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_book_final_tableau_a_ring_of_kings_and_a_ring_of_aces(game):
    # The bracelet: the eight kings. The pack: for each suit, 8 8 9 9 .. Q Q, then 5 5 4 4 .. A A.
    kings = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
    pack = [r + s for s in SUITS for r in "89TJQ" for _ in range(2)]
    pack += [r + s for s in SUITS for r in "5432A" for _ in range(2)]
    assert len(pack) == 80
    state = game.deal_from(order(kings, pack)).start()
    state = state.play("turn")
    assert move_set(state) == {"talon>f1", "talon>f2", "turn"}
    for _ in range(300):
        moves = move_set(state)
        up = sorted(m for m in moves if m.startswith("talon>"))
        if up:
            state = state.play(up[0])
        elif "turn" in moves:
            state = state.play("turn")
        else:
            break
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == ""
    # Every seven shows its queen: each king fits the two sevens of its suit.
    assert move_set(state) == {
        f"b{i}>f{m}" for i, m in [(1, 1), (1, 2), (2, 1), (2, 2), (3, 3), (3, 4), (4, 3),
                                  (4, 4), (5, 5), (5, 6), (6, 5), (6, 6), (7, 7), (7, 8),
                                  (8, 7), (8, 8)]}  # fmt: skip
    state = state.play("b2>f1")
    s = segs(state)
    # Nothing to refill from: B2 stays empty.
    assert s["B2"] == "" and s["F1"] == "7C8C9CTCJCQCKC"
    assert move_set(state) == {"b1>f2"} | {
        f"b{i}>f{m}" for i, m in [(3, 3), (3, 4), (4, 3), (4, 4), (5, 5), (5, 6), (6, 5),
                                  (6, 6), (7, 7), (7, 8), (8, 7), (8, 8)]}  # fmt: skip
    state = play_all(state, ["b1>f2", "b3>f3", "b4>f4", "b5>f5", "b6>f6", "b7>f7", "b8>f8"])
    s = segs(state)
    assert all(s[f"B{i}"] == "" for i in range(1, 9))
    for i, suit in enumerate(SUIT_ORDER):
        assert s[f"F{i + 1}"] == "".join(r + suit for r in "789TJQK")
        assert s[f"F{i + 9}"] == "".join(r + suit for r in "65432A")
    assert s["pass"] == "1"
    assert state.is_won and state.is_over and move_set(state) == set()


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["b1>f9", "b5>f11", "b6>f3", "talon>f1", "redeal", "b9>f1", "f1>b1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"passes": 3}, {"shuffle": True}):
        with pytest.raises(ValueError):
            reference.game(SLUG, **opts)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(patience.PatienceError):
                patience.game(SLUG, **opts)
