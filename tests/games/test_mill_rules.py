"""Rule tests of THE MILL (python/patience/rules/mill.md, docs/notation/mill.md), run on every
engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text.

Deal order reminder: the first ace of the dealing order is withdrawn to the centre F1 (the
angles are F2-F5); of the 103 cards left, cards 1-8 go to W1-W8 and the rest is the pack, card
9 on top. While an angle is empty, an available king (W1..W8, then the talon top) goes to the
lowest empty angle; an empty wing is refilled from the talon or the pack (pending when both
hold cards).
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

SLUG = "mill"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(head: list[str]) -> list[str]:
    """A dealing order: ``head`` first, then every other card of the two packs unshuffled."""
    rest = list(TWO_PACKS)
    for c in head:
        rest.remove(c)
    out = list(head) + rest
    assert sorted(out) == sorted(TWO_PACKS)
    return out


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


def wings(state: Any) -> list[str]:
    s = segs(state)
    return [s[f"W{i}"] for i in range(1, 9)]


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_deal(game):
    # AC (card 1) is withdrawn to the centre; 2C..9C go to the wings; the pack is the other 95,
    # TC on top, copy 2's KS at the bottom.
    pack = ONE_PACK[9:] + ONE_PACK
    expected = (
        "W1:2C W2:3C W3:4C W4:5C W5:6C W6:7C W7:8C W8:9C F1:AC F2: F3: F4: F5: pack:"
        + "".join(reversed(pack)).lower()
        + " talon:"
    )
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == expected
    # the centre wants a 2; empty angles take nothing by a move
    assert move_set(state) == {"w1>f1", "turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_first_ace_of_any_suit_is_the_centre_and_kings_dealt_to_wings_go_to_angles(game):
    head = ["5C", "KH", "AS", "KD", "2H", "3H", "4H", "5H", "6H", "KS", "9C", "QD"]
    state = game.deal_from(order(head), seed=5).start()
    s = segs(state)
    assert s["F1"] == "AS"
    # wings dealt 5C KH KD 2H 3H 4H 5H 6H; KH (W2) to F2, KD (W3) to F3; W2 refilled from the
    # pack with KS, which goes to F4; W2 refilled again with 9C; W3 with QD.
    assert wings(state) == ["5C", "9C", "QD", "2H", "3H", "4H", "5H", "6H"]
    assert [s["F2"], s["F3"], s["F4"], s["F5"]] == ["KH", "KD", "KS", ""]
    assert s["talon"] == "" and "pending" not in s
    # the pack's top (last) card is the first card of the rest: the ace of clubs
    assert s["pack"].endswith("ac") and len(s["pack"]) == 2 * (104 - 1 - 8 - 3)
    assert move_set(state) == {"w4>f1", "w3>f2", "w3>f3", "w3>f4", "turn"}


# --- turning, kings from the talon, the pending refill ------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_turned_king_goes_to_an_angle_and_refill_choice_is_pending(game):
    state = game.deal_from(TWO_PACKS).start()
    state = state.play("w1>f1")  # 2C up; the talon is empty, so W1 takes the pack top (TC)
    assert wings(state)[0] == "TC" and segs(state)["F1"] == "AC2C"
    state = play_all(state, ["turn", "turn", "turn"])  # JC, QC onto the talon; KC to F2
    s = segs(state)
    assert s["talon"] == "JCQC" and s["F2"] == "KC" and s["F3"] == ""
    assert s["pack"].endswith("3d2dad")  # AD is the next card of the pack
    # QC (talon top) fits the queen-wanting king; the centre wants the 3C of W2
    assert move_set(state) == {"w2>f1", "talon>f2", "turn"}
    state = state.play("w2>f1")
    assert segs(state)["W2"] == "" and state.key.endswith(" pending:W2")
    assert move_set(state) == {"talon>w2", "pack>w2"}
    from_talon = state.play("talon>w2")
    s = segs(from_talon)
    assert s["W2"] == "QC" and s["talon"] == "JC" and "pending" not in s
    from_pack = state.play("pack>w2")
    s = segs(from_pack)
    assert s["W2"] == "AD" and s["talon"] == "JCQC" and s["pack"].endswith("3d2d")
    # the centre (AC 2C 3C) wants a 4: the 4C of W3; the QC talon top still fits F2
    assert move_set(from_pack) == {"w3>f1", "talon>f2", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_refill_from_the_only_source_is_automatic(game):
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["w1>f1", "turn", "turn", "turn", "talon>f2", "w2>f1"])
    # QC went to F2; the talon holds JC and the pack has cards: pending
    assert segs(state)["pending"] == "W2"
    state = state.play("talon>w2")  # JC fills W2, talon now empty
    assert segs(state)["talon"] == "" and segs(state)["W2"] == "JC"
    state = state.play("w2>f2")  # JC onto the queen; W2 refilled from the pack at once (AD)
    s = segs(state)
    assert s["F2"] == "KCQCJC" and s["W2"] == "AD" and "pending" not in s


# --- the double move -----------------------------------------------------------------------------


def double_move_position(game: Any) -> Any:
    head = ["AS", "KD", "KH", "KS", "KC", "2C", "3C", "4C", "5C"]
    head += ["QD", "6C", "7C", "8C", "9C", "TC", "JC", "2D", "3D", "KC"]
    state = game.deal_from(order(head)).start()
    # the four kings go to F2-F5; W1-W4 take QD 6C 7C 8C from the pack
    assert wings(state) == ["QD", "6C", "7C", "8C", "2C", "3C", "4C", "5C"]
    moves = ["w1>f2", "w5>f1", "w6>f1", "w7>f1", "w8>f1"]  # W1<-9C W5<-TC W6<-JC W7<-2D W8<-3D
    moves += ["w2>f1", "w3>f1", "w4>f1", "w1>f1", "w5>f1", "w6>f1"]  # W2<-KC W3<-AC W4<-QC ...
    return play_all(state, moves)


@pytest.mark.parametrize("game", each_engine())
def test_double_move_transfers_an_angle_top_when_a_wing_card_follows(game):
    state = double_move_position(game)
    s = segs(state)
    assert s["F1"] == "AS2C3C4C5C6C7C8C9CTCJC"
    assert [s["F2"], s["F3"], s["F4"], s["F5"]] == ["KDQD", "KH", "KS", "KC"]
    assert wings(state) == ["AD", "KC", "AC", "QC", "4D", "5D", "2D", "3D"]
    # the centre wants a queen: QC (W4) goes there or on a lone king; F2's QD may pass to the
    # centre because the king of W2 can follow it
    assert move_set(state) == {"w4>f1", "w4>f3", "w4>f4", "w4>f5", "f2>f1+w2", "turn"}
    state = state.play("f2>f1+w2")
    s = segs(state)
    assert s["F1"] == "AS2C3C4C5C6C7C8C9CTCJCQDKC" and s["F2"] == "KD"
    assert s["W2"] == "6D"  # refilled from the pack (talon empty)
    # the centre starts its second family: it wants an ace
    assert move_set(state) == {"w1>f1", "w3>f1", "w4>f2", "w4>f3", "w4>f4", "w4>f5", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_no_double_move_without_a_follower(game):
    state = double_move_position(game)
    state = state.play("w4>f1")  # QC to the centre: it now wants a king (W2)
    s = segs(state)
    assert s["F1"].endswith("JCQC") and s["W4"] == "6D"
    # F2's QD is no longer the centre's rank; the KC of W2 goes to the centre
    assert move_set(state) == {"w2>f1", "turn"}


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["w2>f1", "w1>f2", "talon>f1", "redeal", "w9>f1", "f2>f1+w1", "pack>w1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"passes": 2}, {"redeals": 1}):
        with pytest.raises(ValueError):
            reference.game(SLUG, **opts)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(patience.PatienceError):
                patience.game(SLUG, **opts)


@pytest.mark.parametrize("game", each_engine())
def test_double_move_with_the_talon_top_as_follower(game):
    head = ["AS", "KD", "KH", "KS", "KC", "2C", "3C", "4C", "5C", "QD", "6C", "7C", "8C", "9C"]
    head += ["TC", "JC", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "KC"]
    state = game.deal_from(order(head)).start()
    moves = ["w1>f2", "w5>f1", "w6>f1", "w7>f1", "w8>f1"]  # W1<-9C W5<-TC W6<-JC W7<-2D W8<-3D
    moves += ["w2>f1", "w3>f1", "w4>f1", "w1>f1", "w5>f1", "w6>f1"]  # W2<-4D ... W6<-9D
    state = play_all(state, moves)
    assert wings(state) == ["7D", "4D", "5D", "6D", "8D", "9D", "2D", "3D"]
    assert segs(state)["pack"].endswith("kc")
    state = state.play("turn")  # the second KC: every angle is started, so it stays there
    s = segs(state)
    assert s["talon"] == "KC" and s["F1"].endswith("TCJC") and s["F2"] == "KDQD"
    assert move_set(state) == {"f2>f1+talon", "turn"}
    state = state.play("f2>f1+talon")
    s = segs(state)
    assert s["F1"].endswith("JCQDKC") and s["F2"] == "KD" and s["talon"] == ""
    assert move_set(state) == {"turn"}  # the centre wants an ace; the pack shows the AC next
    assert move_set(state.play("turn")) == {"talon>f1", "turn"}


class Stream:
    """SplitMix64 and the Fisher-Yates shuffle, written here from CONVENTIONS 2."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
        return z ^ (z >> 31)

    def shuffle(self, seq: list[str]) -> list[str]:
        a = list(seq)
        for i in range(len(a) - 1, 0, -1):
            j = (self.next() * (i + 1)) >> 64
            a[i], a[j] = a[j], a[i]
        return a


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_shuffles_both_packs_then_withdraws_the_first_ace(game):
    assert Stream(1).shuffle(ONE_PACK)[:4] == ["9S", "7S", "QH", "4S"]  # CONVENTIONS 2.7
    deal = game.deal(11)
    shuffled = Stream(11).shuffle(TWO_PACKS)
    assert [str(c).upper() for c in deal.cards] == shuffled
    ace = next(i for i, c in enumerate(shuffled) if c[0] == "A")
    rest = shuffled[:ace] + shuffled[ace + 1 :]
    s = segs(deal.start())
    assert s["F1"] == shuffled[ace]
    assert not any(c[0] == "K" for c in rest[:8])  # seed 11: no king in the wings
    assert wings(deal.start()) == rest[:8]
    assert s["pack"] == "".join(reversed(rest[8:])).lower()
