"""Rule tests of GENERAL SEDGEWICK (python/patience/rules/general-sedgewick.md and
docs/notation/general-sedgewick.md), run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set is
worked out by hand from the rule text and the notation page.

Dealing order reminder: cards 1-5 go to the cross X1 (top), X2 (left), X3 (centre), X4 (right),
X5 (bottom); card 6 is F1 and its rank the base rank; the rest is the pack, card 7 on top.
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

SLUG = "general-sedgewick"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def deal_with(first: list[str], last: list[str] = ()) -> list[str]:
    """Dealing order: ``first`` in this order, then every other card in unshuffled order, then
    ``last``."""
    rest = [c for c in ONE_PACK if c not in first and c not in last]
    out = list(first) + rest + list(last)
    assert sorted(out) == sorted(ONE_PACK)
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
    assert Stream(1).shuffle(ONE_PACK)[:5] == ["9S", "7S", "QH", "4S", "AC"]


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    state = game.deal_from(ONE_PACK).start()
    expected = f"X1:AC X2:2C X3:3C X4:4C X5:5C F1:6C F2: F3: F4: {pack_text(ONE_PACK[6:])} talon:"
    assert state.key == expected
    # Each cross card goes on the next one up; F1 wants 7C (in the pack).
    assert move_set(state) == {"x1>x2", "x2>x3", "x3>x4", "x4>x5", "turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_layout(game):
    # With seed 1 the shuffled pack starts 9S 7S QH 4S AC 8H (CONVENTIONS 2.7 and our stream).
    deal = game.deal(1)
    cards = Stream(1).shuffle(ONE_PACK)
    assert [str(c) for c in deal.cards] == cards
    state = deal.start()
    assert state.key.startswith("X1:9S X2:7S X3:QH X4:4S X5:AC F1:8H F2: F3: F4: pack:")
    assert seg(state, "pack") == "".join(reversed(cards[6:])).lower()


# --- the cross and its spaces ------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_cross_space_filled_only_from_talon(game):
    state = game.deal_from(ONE_PACK).start().play("x1>x2")
    assert seg(state, "X1") == "" and seg(state, "X2") == "2CAC"
    # Nothing goes on the ace now topping X2, no cross card may fill X1, the talon is empty.
    assert move_set(state) == {"x3>x4", "x4>x5", "turn"}
    with pytest.raises(ValueError):
        state.play("x3>x1")
    state = state.play("turn")
    assert seg(state, "talon") == "7C"
    assert move_set(state) == {"talon>f1", "talon>x1", "x3>x4", "x4>x5", "turn"}
    state = state.play("talon>x1")
    assert seg(state, "X1") == "7C" and seg(state, "talon") == ""


@pytest.mark.parametrize("game", each_engine())
def test_cross_builds_down_by_one_whatever_the_suit_no_wrap(game):
    # X1 AC, X2 KD, X3 7H, X4 8S, X5 2C; F1 5D.
    state = game.deal_from(deal_with(["AC", "KD", "7H", "8S", "2C", "5D"])).start()
    assert move_set(state) == {"x1>x5", "x3>x4", "turn"}
    with pytest.raises(ValueError):
        state.play("x2>x1")  # no king on an ace
    state = state.play("x3>x4")
    assert seg(state, "X4") == "8S7H" and seg(state, "X3") == ""


@pytest.mark.parametrize("game", each_engine(cross_wrap=True))
def test_option_cross_wrap_puts_king_on_ace(game):
    state = game.deal_from(deal_with(["AC", "KD", "7H", "8S", "2C", "5D"])).start()
    assert move_set(state) == {"x1>x5", "x3>x4", "x2>x1", "turn"}
    state = state.play("x2>x1")
    assert seg(state, "X1") == "ACKD" and seg(state, "X2") == ""


# --- foundations -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_foundation_goes_round_the_corner_from_king_to_ace(game):
    # X1 2C, X2 3D, X3 KH, X4 AH, X5 9S; F1 QH (base rank Q).
    state = game.deal_from(deal_with(["2C", "3D", "KH", "AH", "9S", "QH"])).start()
    assert move_set(state) == {"x3>f1", "x1>x2", "x4>x1", "turn"}
    state = state.play("x3>f1")
    assert seg(state, "F1") == "QHKH" and seg(state, "X3") == ""
    assert move_set(state) == {"x4>f1", "x1>x2", "x4>x1", "turn"}
    state = state.play("x4>f1")
    assert seg(state, "F1") == "QHKHAH"
    assert move_set(state) == {"x1>x2", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_base_cards_go_to_lowest_empty_corner_by_a_move(game):
    # X1 5C, X2 QD, X3 4D, X4 KS, X5 8D; F1 4C (base rank 4); the pack starts 7S, 4H.
    cards = deal_with(["5C", "QD", "4D", "KS", "8D", "4C", "7S", "4H"])
    state = game.deal_from(cards).start()
    assert seg(state, "F2") == "" and seg(state, "X3") == "4D"
    assert move_set(state) == {"x1>f1", "x3>f2", "x2>x4", "x3>x1", "turn"}
    state = state.play("x3>f2")
    assert seg(state, "F2") == "4D" and seg(state, "X3") == ""
    state = state.play("turn")
    assert move_set(state) == {"x1>f1", "x2>x4", "talon>x3", "talon>x5", "turn"}
    state = state.play("turn")
    assert move_set(state) == {"x1>f1", "x2>x4", "talon>f3", "talon>x1", "talon>x3", "turn"}
    with pytest.raises(ValueError):
        state.play("talon>f4")
    state = state.play("talon>f3")
    assert seg(state, "F3") == "4H" and seg(state, "F4") == "" and seg(state, "talon") == "7S"


# --- end ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_lost_when_pack_is_out_and_nothing_fits(game):
    state = game.deal_from(deal_with(["AC", "AD", "AH", "AS", "3C", "5D"], last=["9S"])).start()
    assert move_set(state) == {"turn"}
    state = play_all(state, ["turn"] * 45)
    assert seg(state, "pack") == "9s"
    state = state.play("turn")
    assert seg(state, "pack") == "" and seg(state, "talon").endswith("9S")
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


WIN_DEAL = (
    ["KC", "KD", "KH", "KS", "QS", "AC", "AD", "AH", "AS"]
    + [r + s for r in "23456789TJ" for s in SUITS]
    + ["QC", "QD", "QH"]
)


@pytest.mark.parametrize("game", each_engine())
def test_game_won_with_all_cards_on_foundations(game):
    state = game.deal_from(WIN_DEAL).start()
    for _ in range(200):
        moves = move_set(state)
        ups = sorted(m for m in moves if ">f" in m)
        if ups:
            state = state.play(ups[0])
        elif "turn" in moves:
            state = state.play("turn")
        else:
            break
    founds = " ".join(f"F{i + 1}:" + "".join(r + s for r in RANKS) for i, s in enumerate(SUITS))
    assert state.key == f"X1: X2: X3: X4: X5: {founds} pack: talon:"
    assert state.is_won and state.is_over
    assert move_set(state) == set()


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(ONE_PACK).start()
    for bad in ["x1>x1", "x2>x1", "x5>x1", "x1>f1", "talon>x1", "f1>x1", "redeal", "x", "x1>f2"]:
        with pytest.raises(ValueError):
            state.play(bad)


@pytest.mark.parametrize("game", each_engine())
def test_explicit_deal_must_be_one_pack(game):
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK + ONE_PACK)
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK[:-1] + ["AC"])


def test_bad_options_are_rejected():
    # An unknown option or a number for the bool is a ValueError (PatienceError in the Rust
    # engine); a value of the wrong Python type may also be a TypeError.
    cases = [({"passes": 2}, ValueError), ({"cross_wrap": 1}, ValueError)]
    cases.append(({"cross_wrap": "yes"}, (ValueError, TypeError)))
    for bad, error in cases:
        with pytest.raises(error):
            reference.game(SLUG, **bad)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(error):
                patience.game(SLUG, **bad)
