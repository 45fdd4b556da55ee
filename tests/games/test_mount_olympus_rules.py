"""Rule tests of MOUNT OLYMPUS (python/patience/rules/mount-olympus.md and
docs/notation/mount-olympus.md), run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set
is worked out by hand from the rule text.

Dealing order reminder: the eight aces and eight twos are taken out of the dealing order
(F1-F8 the aces C, C, D, D, H, H, S, S; F9-F16 the twos, same suit order); of the other 88
cards, 1-9 go to B1-B9 and 10-88 are the pack (card 10 on top, turned first).
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

SLUG = "mount-olympus"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
BASE_FOUNDATIONS = " ".join(
    f"F{i + 1}:{c}"
    for i, c in enumerate(["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"] + [
        "2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"])
)  # fmt: skip
NO_BATTERY = " ".join(f"B{i}:" for i in range(1, 10))


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(front: list[str], back: list[str] = ()) -> list[str]:
    """A dealing order: ``front`` first, ``back`` last, every other card of the two packs
    between them in unshuffled order."""
    rest = list(TWO_PACKS)
    for c in list(front) + list(back):
        rest.remove(c)
    return list(front) + rest + list(back)


def without_bases(cards: list[str]) -> list[str]:
    """The dealing order with every ace and two taken out (they are the foundations)."""
    return [c for c in cards if c[0] not in "A2"]


def pack_text(turned_first: list[str]) -> str:
    """``pack:`` of a pack turned in the order ``turned_first`` (bottom to top, lower case)."""
    return "pack:" + "".join(reversed(turned_first)).lower()


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


# Unshuffled: without the aces and twos, copy 1 runs 3C..KC 3D..KD 3H..KH 3S..KS, then copy 2.
REST88 = without_bases(TWO_PACKS)
START_KEY = (
    "B1:3C B2:4C B3:5C B4:6C B5:7C B6:8C B7:9C B8:TC B9:JC "
    + BASE_FOUNDATIONS
    + " "
    + pack_text(REST88[9:])
    + " talon: pass:1"
)


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_layout(game):
    state = game.deal_from(TWO_PACKS).start()
    assert REST88[9:11] == ["QC", "KC"] and len(REST88) == 88
    assert state.key == START_KEY
    assert move_set(state) == {
        "b1>f1", "b1>f2",  # 3C on either ace of clubs
        "b2>f9", "b2>f10",  # 4C on either two of clubs
        "b1>b3", "b2>b4", "b3>b5", "b4>b6", "b5>b7", "b6>b8", "b7>b9",  # down by two in suit
        "turn",
    }  # fmt: skip
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_aces_and_twos_are_withdrawn_from_anywhere_in_the_deal(game):
    cards = order(["2S", "KH", "AH", "AH", "9D", "2C", "3S", "5S", "JH", "QD", "4D", "TS", "AC"])
    state = game.deal_from(cards).start()
    s = segs(state)
    battery = [s[f"B{i}"] for i in range(1, 10)]
    assert battery == ["KH", "9D", "3S", "5S", "JH", "QD", "4D", "TS", "3C"]
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 17)) == BASE_FOUNDATIONS
    # pack: the rest of the 88 in order; its top is card 10, the first non-base card after AC
    assert s["pack"] == pack_text(without_bases(cards)[9:])[5:]
    assert s["pack"].endswith("4c")
    assert move_set(state) == {
        "b3>f7", "b3>f8",  # 3S on the aces of spades
        "b7>f11", "b7>f12",  # 4D on the twos of diamonds
        "b9>f1", "b9>f2",  # 3C on the aces of clubs
        "b3>b4",  # 3S on 5S
        "b5>b1",  # JH on KH
        "turn",
    }  # fmt: skip
    # (9D, QD and TS have no card two ranks above them in their suit on the battery.)


@pytest.mark.parametrize("game", each_engine())
def test_building_needs_same_suit_and_two_ranks(game):
    # Battery: 9H JH JS 5D 7C 3H KH QH 4H; pack starts 7H 8H.
    cards = order(["9H", "JH", "JS", "5D", "7C", "3H", "KH", "QH", "4H", "7H", "8H"])
    state = game.deal_from(cards).start()
    assert move_set(state) == {
        "b1>b2",  # 9H on JH
        "b2>b7",  # JH on KH
        "b6>f5", "b6>f6",  # 3H on the aces of hearts
        "b9>f13", "b9>f14",  # 4H on the twos of hearts
        "turn",
    }  # fmt: skip
    # (JS not on KH: suit; 5D on 7C: suit; 3H not on 5D; QH on nothing; KH on nothing.)
    state = state.play("turn")  # 7H: onto 9H (B1); not onto a foundation (needs a 5H)
    assert segs(state)["talon"] == "7H"
    assert move_set(state) == {"b1>b2", "b2>b7", "b6>f5", "b6>f6", "b9>f13", "b9>f14",
                               "talon>b1", "turn"}  # fmt: skip
    state = state.play("talon>b1")
    assert segs(state)["B1"] == "9H7H" and segs(state)["talon"] == ""
    # Now 9H is covered: B1's top is 7H, which goes on nothing (no 9H top) and B1 takes a 5H.
    assert move_set(state) == {"b2>b7", "b6>f5", "b6>f6", "b9>f13", "b9>f14", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_two_foundations_of_a_suit_and_parity_are_two_moves(game):
    state = game.deal_from(TWO_PACKS).start().play("b1>f2")
    s = segs(state)
    assert s["F1"] == "AC" and s["F2"] == "AC3C" and s["B1"] == ""
    # 5C now fits F2 only; the empty B1 takes no battery card.
    assert move_set(state) == {
        "b3>f2", "b2>f9", "b2>f10",
        "b2>b4", "b3>b5", "b4>b6", "b5>b7", "b6>b8", "b7>b9",
        "turn",
    }  # fmt: skip
    state = play_all(state, ["b2>f9", "b3>f2", "b4>f9", "b5>f2", "b6>f9", "b7>f2", "b8>f9"])
    s = segs(state)
    assert s["F2"] == "AC3C5C7C9C" and s["F9"] == "2C4C6C8CTC" and s["F10"] == "2C"
    assert [s[f"B{i}"] for i in range(1, 10)] == [""] * 8 + ["JC"]
    assert move_set(state) == {"b9>f2", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_a_space_takes_only_the_talon_top_and_is_never_forced(game):
    state = game.deal_from(TWO_PACKS).start().play("b1>f1")
    assert segs(state)["B1"] == ""
    state = state.play("turn")  # QC on the talon: fits nowhere but the space
    assert segs(state)["talon"] == "QC"
    assert "talon>b1" in move_set(state)
    assert not any(m.endswith(">b1") and m != "talon>b1" for m in move_set(state))
    state = state.play("turn")  # the space may stay empty
    assert segs(state)["talon"] == "QCKC" and segs(state)["B1"] == ""
    state = state.play("talon>b1")  # KC into the space
    s = segs(state)
    assert s["B1"] == "KC" and s["talon"] == "QC"
    # JC (B9) may now go on KC; the talon top QC may not (one rank below KC, not two).
    assert "b9>b1" in move_set(state) and "talon>b1" not in move_set(state)
    state = state.play("b9>b1")
    assert segs(state)["B1"] == "KCJC" and segs(state)["B9"] == ""
    assert "talon>b9" in move_set(state)


@pytest.mark.parametrize("game", each_engine())
def test_the_unshuffled_deal_is_won_in_one_pass(game):
    # Every card fits a foundation as soon as it shows: play them up, lowest foundation first.
    state = game.deal_from(TWO_PACKS).start()
    for _ in range(300):
        moves = move_set(state)
        if not moves:
            break
        up = sorted((m for m in moves if ">f" in m), key=lambda m: int(m.split(">f")[1]))
        state = state.play(up[0] if up else "turn")
    founds = []
    for i, base in enumerate(["A", "A", "A", "A", "A", "A", "A", "A"] + ["2"] * 8):
        suit = "CCDDHHSS"[i % 8]
        ranks = "A3579JK" if base == "A" else "2468TQ"
        founds.append(f"F{i + 1}:" + "".join(r + suit for r in ranks))
    assert state.key == f"{NO_BATTERY} {' '.join(founds)} pack: talon: pass:1"
    assert state.is_won and state.is_over
    assert move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_one_unshuffled_redeal_then_the_game_is_lost(game):
    # Battery of kings and queens (nothing fits anything); the last card turned is KD.
    battery = ["KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS", "KC"]
    cards = order(battery, back=["KD"])
    state = game.deal_from(cards).start()
    pack = without_bases(cards)[9:]
    assert len(pack) == 79 and pack[-1] == "KD"
    assert segs(state)["pack"] == pack_text(pack)[5:]
    # 3s and 4s fit the foundations as they show; turn past everything instead.
    for _ in range(79):
        assert "redeal" not in move_set(state)
        state = state.play("turn")
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(pack) and s["pass"] == "1"
    assert move_set(state) == {"redeal"}
    state = state.play("redeal")
    s = segs(state)
    assert s["pack"] == pack_text(pack)[5:] and s["talon"] == "" and s["pass"] == "2"
    assert move_set(state) == {"turn"}
    assert segs(state.play("turn"))["talon"] == pack[0]
    for _ in range(79):
        state = state.play("turn")
    expected = (
        " ".join(f"B{i + 1}:{c}" for i, c in enumerate(battery))
        + f" {BASE_FOUNDATIONS} pack: talon:{''.join(pack)} pass:2"
    )
    assert state.key == expected
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["redeal", "talon>f1", "b1>f9", "b8>b1", "b1>b1", "f1>b1", "b10>f1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert state.key == START_KEY


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=3)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=3)


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deals_have_the_bases_withdrawn(game):
    for seed in (0, 1, 7):
        s = segs(game.deal(seed).start())
        assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 17)) == BASE_FOUNDATIONS
        battery = [s[f"B{i}"] for i in range(1, 10)]
        assert all(len(b) == 2 and b[0] not in "A2" for b in battery)
        assert len(s["pack"]) == 2 * 79 and s["pack"] == s["pack"].lower()
        assert s["talon"] == "" and s["pass"] == "1"


class Stream:
    """SplitMix64 and the Fisher-Yates shuffle, written here from CONVENTIONS 2."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        mask = (1 << 64) - 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & mask
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def shuffle(self, seq: list) -> list:
        a = list(seq)
        for i in range(len(a) - 1, 0, -1):
            j = (self.next() * (i + 1)) >> 64
            a[i], a[j] = a[j], a[i]
        return a


def test_own_stream_matches_conventions_vectors():
    assert Stream(0).next() == 0xE220A8397B1DCDAF
    assert Stream(0).shuffle(list(range(10))) == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_is_the_conventions_shuffle_of_two_packs(game):
    for seed in (1, 2026):
        cards = Stream(seed).shuffle(TWO_PACKS)
        deal = game.deal(seed)
        assert [str(c) for c in deal.cards] == cards
        rest = without_bases(cards)
        battery = " ".join(f"B{i + 1}:{c}" for i, c in enumerate(rest[:9]))
        expected = f"{battery} {BASE_FOUNDATIONS} {pack_text(rest[9:])} talon: pass:1"
        assert deal.start().key == expected


@pytest.mark.parametrize("game", each_engine())
def test_explicit_deal_must_be_the_two_packs(game):
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1])  # 103 cards
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])  # three aces of clubs, one king of spades
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["XX"])
