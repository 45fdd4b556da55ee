"""Rule tests of THE FISH-BONE (python/patience/rules/fish-bone.md and
docs/notation/fish-bone.md), run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set is
worked out by hand from the rule text and the notation page.

Dealing order reminder: cards 1-6 go to the gridiron G1..G6, the rest is the pack, card 7 on
top. Knaves go by themselves to the lowest empty knave place F1..F8; kings and queens go by
themselves to the king slot KSi / queen slot QSi of a placed knave of their suit.
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

SLUG = "fish-bone"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def deal_with(first: list[str], last: list[str] = ()) -> list[str]:
    """Dealing order: ``first`` in this order, then every other card of the two packs in
    unshuffled order (copy 1 then copy 2), then ``last``."""
    rest = list(TWO_PACKS)
    for c in list(first) + list(last):
        rest.remove(c)
    out = list(first) + rest + list(last)
    assert sorted(out) == sorted(TWO_PACKS)
    return out


def pack_text(turned_first: list[str]) -> str:
    """``pack:`` segment of a pack whose cards come out in the order ``turned_first``."""
    return "pack:" + "".join(reversed(turned_first)).lower()


def seg(state: Any, label: str) -> str:
    """The key segment ``label:...`` of a state (without the label)."""
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part[len(label) + 1 :]
    raise AssertionError(f"no segment {label} in {state.key}")


def play_all(state: Any, moves: list[str]) -> Any:
    for m in moves:
        state = state.play(m)
    return state


def empty_slots() -> str:
    return " ".join([f"KS{i}:" for i in range(1, 9)] + [f"QS{i}:" for i in range(1, 9)])


class Stream:
    """SplitMix64 and the Fisher-Yates shuffle, written here from CONVENTIONS 2."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
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


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    state = game.deal_from(TWO_PACKS).start()
    grid = " ".join(f"G{i + 1}:{c}" for i, c in enumerate(TWO_PACKS[:6]))
    knaves = " ".join(f"F{i}:" for i in range(1, 9))
    expected = f"{grid} {knaves} {empty_slots()} {pack_text(TWO_PACKS[6:])} talon: pass:1"
    assert state.key == expected
    assert move_set(state) == {"turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_is_the_shuffled_two_packs(game):
    deal = game.deal(11)
    assert [str(c) for c in deal.cards] == Stream(11).shuffle(TWO_PACKS)


@pytest.mark.parametrize("game", each_engine())
def test_knaves_and_royals_in_the_gridiron_are_placed_after_the_deal(game):
    # G3's JC and G5's JD go to F1 and F2; then G1's QC to QS1 and G6's KC to KS1. The KH of G2
    # has no knave yet and stays.
    state = game.deal_from(deal_with(["QC", "KH", "JC", "2D", "JD", "KC"])).start()
    assert state.key.startswith(
        "G1: G2:KH G3: G4:2D G5: G6: F1:JC F2:JD F3: F4: F5: F6: F7: F8: "
        "KS1:KC KS2: KS3: KS4: KS5: KS6: KS7: KS8: QS1:QC QS2: QS3: "
    )
    assert seg(state, "pack").endswith("3c2cac")
    assert seg(state, "talon") == ""
    # Nothing fits F1 (wants TC) or F2 (TD); the talon is empty, so no space can be filled.
    assert move_set(state) == {"turn"}
    state = state.play("turn")
    assert move_set(state) == {"talon>g1", "talon>g3", "talon>g5", "talon>g6", "turn"}
    state = state.play("talon>g3")
    assert seg(state, "G3") == "AC" and seg(state, "talon") == ""
    state = state.play("turn")
    # 2C marries onto the AC of G3 (one higher, same suit) or fills a space.
    assert move_set(state) == {"talon>g1", "talon>g3", "talon>g5", "talon>g6", "turn"}
    state = state.play("talon>g3")
    assert seg(state, "G3") == "AC2C"


# --- marrying, knave places, slots -------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_marry_on_gridiron_then_knave_and_royals_placed_from_talon(game):
    state = game.deal_from(TWO_PACKS).start().play("turn")
    assert seg(state, "talon") == "7C"
    # 7C marries onto 6C (G6) only.
    assert move_set(state) == {"talon>g6", "turn"}
    with pytest.raises(ValueError):
        state.play("talon>g5")
    state = play_all(state, ["talon>g6", "turn", "talon>g6", "turn", "talon>g6", "turn"])
    assert seg(state, "talon") == "TC"
    assert move_set(state) == {"talon>g6", "turn"}
    state = state.play("talon>g6")
    assert seg(state, "G6") == "6C7C8C9CTC"
    state = state.play("turn")
    # The JC goes by itself to F1; the TC on top of G6 may then follow it.
    assert seg(state, "F1") == "JC" and seg(state, "talon") == ""
    assert move_set(state) == {"g6>f1", "turn"}
    state = play_all(state, ["turn", "turn"])
    assert seg(state, "QS1") == "QC" and seg(state, "KS1") == "KC"
    assert seg(state, "talon") == "" and seg(state, "pack").endswith("2dad")
    state = play_all(state, ["g6>f1", "g6>f1"])
    assert seg(state, "F1") == "JCTC9C" and seg(state, "G6") == "6C7C8C"
    # No gridiron card moves onto another, and nothing goes back from F1.
    for bad in ["g6>g5", "g5>g6", "f1>g6", "ks1>f1"]:
        with pytest.raises(ValueError):
            state.play(bad)


@pytest.mark.parametrize("game", each_engine())
def test_king_and_queen_wait_on_talon_for_their_knave_and_never_fill_a_space(game):
    # G1's JC goes to F1, so G1 is empty. The pack starts KH, QH, JH.
    cards = deal_with(["JC", "3C", "4C", "5C", "6C", "7C", "KH", "QH", "JH"])
    state = game.deal_from(cards).start()
    assert seg(state, "G1") == "" and seg(state, "F1") == "JC"
    state = state.play("turn")
    assert seg(state, "talon") == "KH"
    assert move_set(state) == {"turn"}  # a king may not fill G1
    state = state.play("turn")
    assert seg(state, "talon") == "KHQH"
    assert move_set(state) == {"turn"}  # nor a queen
    state = state.play("turn")
    # JH to F2, then the QH (now the talon top) to QS2, then the KH to KS2.
    assert seg(state, "F2") == "JH" and seg(state, "QS2") == "QH" and seg(state, "KS2") == "KH"
    assert seg(state, "talon") == "" and seg(state, "KS1") == "" and seg(state, "QS1") == ""
    assert move_set(state) == {"turn"}
    state = state.play("turn")
    assert seg(state, "talon") == "AC"
    assert move_set(state) == {"talon>g1", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_both_knave_places_of_a_suit_take_the_card(game):
    state = game.deal_from(deal_with(["JC", "JC", "2D", "3D", "4D", "5D", "TC"])).start()
    assert seg(state, "F1") == "JC" and seg(state, "F2") == "JC"
    state = state.play("turn")
    assert move_set(state) == {"talon>f1", "talon>f2", "talon>g1", "talon>g2", "turn"}
    state = state.play("talon>f2")
    assert seg(state, "F1") == "JC" and seg(state, "F2") == "JCTC"


# --- re-deal and end ---------------------------------------------------------------------------

#: The unshuffled packs with one AS moved to the very end. Only turning: every knave, queen and
#: king goes to its place, the rest stays on the talon.
STUCK_DEAL = deal_with([], last=["AS"])
STUCK_TALON = (
    [r + "C" for r in "789T"]
    + [r + "D" for r in "A23456789T"]
    + [r + "H" for r in "A23456789T"]
    + [r + "S" for r in "23456789T"]
    + [r + s for s in SUITS for r in "A23456789T"]
    + ["AS"]
)


@pytest.mark.parametrize("game", each_engine())
def test_one_unshuffled_redeal_then_lost(game):
    state = game.deal_from(STUCK_DEAL).start()
    state = play_all(state, ["turn"] * 98)
    knaves = "F1:JC F2:JD F3:JH F4:JS F5:JC F6:JD F7:JH F8:JS"
    kings = " ".join(f"KS{i + 1}:K{SUITS[i % 4]}" for i in range(8))
    queens = " ".join(f"QS{i + 1}:Q{SUITS[i % 4]}" for i in range(8))
    grid = " ".join(f"G{i + 1}:{c}" for i, c in enumerate(TWO_PACKS[:6]))
    talon = "".join(STUCK_TALON)
    assert state.key == f"{grid} {knaves} {kings} {queens} pack: talon:{talon} pass:1"
    # The talon's AS fits nowhere: only the re-deal.
    assert move_set(state) == {"redeal"}
    state = state.play("redeal")
    assert state.key.endswith(f" {pack_text(STUCK_TALON)} talon: pass:2")
    assert move_set(state) == {"turn"}
    state = play_all(state, ["turn"] * 73)
    assert seg(state, "talon") == talon[:-2]
    # TS fits both JS places.
    assert move_set(state) == {"talon>f4", "talon>f8", "turn"}
    state = state.play("turn")
    assert seg(state, "pack") == "" and seg(state, "pass") == "2"
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


def _suit_pack(s: str) -> list[str]:
    return [f"J{s}", f"Q{s}", f"K{s}"] * 2 + [r + s for r in "T98765432" for _ in (0, 1)]


WIN_DEAL = ["AC", "AC", "AD", "AD", "AH", "AH"] + [c for s in SUITS for c in _suit_pack(s)]
WIN_DEAL += ["AS", "AS"]


@pytest.mark.parametrize("game", each_engine())
def test_game_won_with_every_card_placed(game):
    state = game.deal_from(WIN_DEAL).start()
    assert move_set(state) == {"turn"}
    for _ in range(300):
        moves = move_set(state)
        ups = sorted(m for m in moves if ">f" in m)
        if ups:
            state = state.play(ups[0])
        elif "turn" in moves:
            state = state.play("turn")
        else:
            break
    down = "T98765432A"
    knaves = " ".join(
        f"F{i + 1}:J{SUITS[i // 2]}" + "".join(r + SUITS[i // 2] for r in down) for i in range(8)
    )
    kings = " ".join(f"KS{i + 1}:K{SUITS[i // 2]}" for i in range(8))
    queens = " ".join(f"QS{i + 1}:Q{SUITS[i // 2]}" for i in range(8))
    grid = " ".join(f"G{i}:" for i in range(1, 7))
    assert state.key == f"{grid} {knaves} {kings} {queens} pack: talon: pass:1"
    assert state.is_won and state.is_over
    assert move_set(state) == set()


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["g1>g2", "talon>f1", "talon>g1", "g1>f1", "redeal", "ks1>f1", "x", "turn 2"]:
        with pytest.raises(ValueError):
            state.play(bad)


@pytest.mark.parametrize("game", each_engine())
def test_explicit_deal_must_be_the_two_packs(game):
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK)
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])


def test_unknown_option_is_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
