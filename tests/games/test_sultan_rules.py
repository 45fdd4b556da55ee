"""Rule tests of THE SULTAN (python/patience/rules/sultan.md, docs/notation/sultan.md), run on
every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text.

Deal order reminder (rule text): the eight kings and the first ace of hearts are taken out of
the shuffled pack (F1 = AH, F2 = KH, F3 F4 = KC, F5 F6 = KD, F7 F8 = KS); of the 95 cards
left, cards 1-8 are the Divan D1-D8 and cards 9-95 the pack, card 9 on top. An emptied Divan
place is refilled at once from the talon top, or from the pack top when the talon is empty.
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

SLUG = "sultan"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1
BASES = "F1:AH F2:KH F3:KC F4:KC F5:KD F6:KD F7:KS F8:KS"
SET_OUT = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS", "AH"]
QUEENS = ["QC", "QC", "QD", "QD", "QH", "QH", "QS", "QS"]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(divan: list[str], pack_head: list[str] = ()) -> list[str]:
    """A dealing order: the nine set-out cards first (kings and the first AH, withdrawn), then
    the Divan, then ``pack_head`` (the first cards to come out of the pack), then every other
    card of the two packs in unshuffled order."""
    out = SET_OUT + list(divan) + list(pack_head)
    rest = list(TWO_PACKS)
    for c in out:
        rest.remove(c)
    out += rest
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


def down(cards: list[str]) -> str:
    """A pack segment's cards for a pack dealt in the order ``cards`` (bottom to top)."""
    return "".join(reversed(cards)).lower()


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
    assert Stream(1).shuffle(ONE_PACK)[:6] == ["9S", "7S", "QH", "4S", "AC", "8H"]


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    # Withdrawn: KC (card 13), KD, the first AH (card 27), KH, KS, then copy 2's four kings.
    # Left: copy 1 AC..QC AD..QD 2H..QH AS..QS (47), copy 2 AC..QC AD..QD AH..QH AS..QS (48).
    # D1-D8 = AC..8C; the pack is the other 87, 9C on top.
    copy1 = [r + s for s in SUITS for r in "A23456789TJQ" if r + s != "AH"]
    copy2 = [r + s for s in SUITS for r in "A23456789TJQ"]
    pack = copy1[8:] + copy2
    assert len(pack) == 87
    expected = (
        "D1:AC D2:2C D3:3C D4:4C D5:5C D6:6C D7:7C D8:8C "
        + BASES
        + " pack:"
        + down(pack)
        + " talon: pass:1 rng:0000000000000000"
    )
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == expected
    assert segs(state)["pack"].startswith("qsjsts") and segs(state)["pack"].endswith("qcjctc9c")
    # The AC fits both king-of-clubs foundations; nothing else fits.
    assert move_set(state) == {"d1>f3", "d1>f4", "turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_kings_and_first_ace_of_hearts_are_withdrawn_from_wherever_they_lie(game):
    front = ["5S", "AH", "KS", "9D", "AH", "KH", "2H", "KC", "KD", "JS", "3C"]
    rest = list(TWO_PACKS)
    for c in front:
        rest.remove(c)
    state = game.deal_from(front + rest, seed=7).start()
    s = segs(state)
    # Out: the first AH (card 2), KS, KH, KC, KD here, and the other kings from 'rest'. The
    # second AH stays in play as a Divan card. Non-withdrawn in order: 5S 9D AH 2H JS 3C, then
    # rest without its kings: AC 2C 4C 5C ... (copy 1's 3C is in 'front').
    assert [s[f"D{i}"] for i in range(1, 9)] == ["5S", "9D", "AH", "2H", "JS", "3C", "AC", "2C"]
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 9)) == BASES
    assert len(s["pack"]) == 2 * 87 and s["pack"].endswith("6c5c4c")
    assert s["talon"] == "" and s["pass"] == "1" and s["rng"] == f"{7:016x}"
    # The AH goes on the king of hearts (F2), the 2H on the ace of hearts (F1), the AC on
    # either club king; the 3C (D6) and 2C (D8) wait for an ace.
    assert move_set(state) == {"d3>f2", "d4>f1", "d7>f3", "d7>f4", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_withdraws_after_the_shuffle(game):
    for seed in (0, 1, 2**64 - 1):
        cards = Stream(seed).shuffle(TWO_PACKS)
        rest = list(cards)
        for c in SET_OUT:
            rest.remove(c)
        expected = (
            " ".join(f"D{i + 1}:{rest[i]}" for i in range(8))
            + " "
            + BASES
            + " pack:"
            + down(rest[8:])
            + " talon: pass:1 rng:"
            + f"{(seed + 103 * GOLDEN) & MASK:016x}"
        )
        assert game.deal(seed).start().key == expected


# --- foundations and the Divan -----------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_the_two_heart_foundations_and_refill_from_the_pack(game):
    state = game.deal_from(order(["2H", "AH", "QS", "QS", "QD", "QD", "QC", "QC"], ["9S"])).start()
    # 2H on the ace of hearts; the (second) AH on the king of hearts; nothing else.
    assert move_set(state) == {"d1>f1", "d2>f2", "turn"}
    state = state.play("d2>f2")
    s = segs(state)
    # D2 refilled at once from the pack top (the talon is empty): 9S, not through the talon.
    assert s["F2"] == "KHAH" and s["D2"] == "9S" and s["talon"] == ""
    assert len(s["pack"]) == 2 * 86
    # Now both heart foundations want the 2H: two moves.
    assert move_set(state) == {"d1>f1", "d1>f2", "turn"}
    state = state.play("d1>f2")
    s = segs(state)
    assert s["F1"] == "AH" and s["F2"] == "KHAH2H"
    # D1 took the next pack card: the first card of 'rest' is copy 1's AC.
    assert s["D1"] == "AC"
    assert move_set(state) == {"d1>f3", "d1>f4", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_refill_comes_from_the_talon_first(game):
    state = game.deal_from(order(QUEENS[:7] + ["AS"], ["7D", "5C", "2S"])).start()
    assert move_set(state) == {"d8>f7", "d8>f8", "turn"}
    state = play_all(state, ["turn", "turn"])
    s = segs(state)
    assert s["talon"] == "7D5C" and s["pack"].endswith("2s")
    state = state.play("d8>f8")
    s = segs(state)
    # D8 takes the talon top 5C, not the pack top 2S.
    assert s["F8"] == "KSAS" and s["F7"] == "KS" and s["D8"] == "5C" and s["talon"] == "7D"
    assert s["pack"].endswith("2s")
    # The talon top 7D fits nowhere; after turning, the 2S fits F8 from the talon.
    assert move_set(state) == {"turn"}
    state = state.play("turn")
    assert move_set(state) == {"talon>f8", "turn"}
    state = state.play("talon>f8")
    s = segs(state)
    # A card played from the talon leaves no space: nothing is refilled.
    assert s["F8"] == "KSAS2S" and s["talon"] == "7D" and s["D8"] == "5C"


@pytest.mark.parametrize("game", each_engine())
def test_foundations_build_up_to_the_queen(game):
    # F1 (the ace of hearts) takes 2H..QH (11 cards); F3 (king of clubs) AC..QC (12).
    hearts = [r + "H" for r in "23456789TJQ"]
    clubs = [r + "C" for r in "A23456789TJQ"]
    divan = ["QD", "QD", "QS", "QS", "5D", "5D", "2S", "3S"]
    state = game.deal_from(order(divan, hearts + clubs)).start()
    state = play_all(state, ["turn", "talon>f1"] * 11 + ["turn", "talon>f3"] * 12)
    s = segs(state)
    assert s["F1"] == "AH" + "".join(hearts) and s["F3"] == "KC" + "".join(clubs)
    assert s["talon"] == "" and s["F2"] == "KH" and s["F4"] == "KC"
    # A queen goes nowhere now: the Divan QD QD QS QS 5D 5D 2S 3S has no move (no AD or AS
    # shows), and the talon is empty.
    assert move_set(state) == {"turn"}


# --- pack, talon, re-deals ---------------------------------------------------------------------


def queens_deal() -> list[str]:
    return order(QUEENS)


def queens_pack() -> list[str]:
    rest = queens_deal()
    for c in SET_OUT:
        rest.remove(c)
    return rest[8:]


def fits(card: str) -> bool:
    """Does ``card`` fit a foundation of the starting position (F1 showing only its ace)?"""
    return card[0] == "A" or card == "2H"


@pytest.mark.parametrize("game", each_engine())
def test_two_shuffled_redeals_then_lost(game):
    seed = 11
    pack = queens_pack()
    assert len(pack) == 87 and pack[:3] == ["AC", "2C", "3C"] and pack[-1] == "JS"
    state = game.deal_from(queens_deal(), seed=seed).start()
    assert move_set(state) == {"turn"}
    state = play_all(state, ["turn"] * 87)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(pack)
    # The talon top JS fits nowhere; the queens of the Divan neither.
    assert move_set(state) == {"redeal"}
    stream = Stream(seed)
    first = stream.shuffle(pack)  # the talon turned over: its bottom card first
    state = state.play("redeal")
    s = segs(state)
    assert s["pass"] == "2" and s["talon"] == "" and s["pack"] == down(first)
    assert s["rng"] == f"{(seed + 86 * GOLDEN) & MASK:016x}" == f"{stream.state:016x}"
    state = state.play("turn")
    assert segs(state)["talon"] == first[0]
    state = play_all(state, ["turn"] * 86)
    assert segs(state)["talon"] == "".join(first)
    second = stream.shuffle(first)
    state = state.play("redeal")
    s = segs(state)
    assert s["pass"] == "3" and s["pack"] == down(second)
    assert s["rng"] == f"{stream.state:016x}"
    state = play_all(state, ["turn"] * 87)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(second)
    # No third re-deal. The last card of the second shuffle is on top; with seed 11 it fits
    # no foundation, so no move is left: the game is lost.
    assert not fits(second[-1])
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("game", each_engine())
def test_redeal_only_with_the_pack_empty_and_a_talon(game):
    state = game.deal_from(queens_deal()).start()
    state = play_all(state, ["turn"] * 86)
    assert "redeal" not in move_set(state)
    with pytest.raises(ValueError):
        state.play("redeal")
    state = state.play("turn")
    assert "redeal" in move_set(state)


# --- a won game --------------------------------------------------------------------------------

# D1-D8: the eight queens. The pack: clubs AC AC 2C 2C ... JC JC, then diamonds, spades the
# same way, then hearts AH 2H 2H 3H 3H ... JH JH (the second AH is the only one in play).
WIN_PACK = [r + s for s in "CDS" for r in "A23456789TJ" for _ in range(2)]
WIN_PACK += ["AH"] + [r + "H" for r in "23456789TJ" for _ in range(2)]


@pytest.mark.parametrize("game", each_engine())
def test_book_final_tableau_eight_queens_round_the_sultan(game):
    assert len(WIN_PACK) == 87
    state = game.deal_from(order(QUEENS, WIN_PACK)).start()
    state = play_all(state, ["turn", "talon>f3", "turn", "talon>f4"])
    s = segs(state)
    assert s["F3"] == "KCAC" and s["F4"] == "KCAC" and s["talon"] == ""
    state = state.play("turn")
    # The 2C fits both club foundations.
    assert move_set(state) == {"talon>f3", "talon>f4", "turn"}
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
    # Each suit's two foundations hold the ranks up to the knave, and the Divan queens fit.
    assert move_set(state) == {f"d{i}>f{m}" for i, m in [(1, 3), (1, 4), (2, 3), (2, 4),
                                                        (3, 5), (3, 6), (4, 5), (4, 6),
                                                        (5, 1), (5, 2), (6, 1), (6, 2),
                                                        (7, 7), (7, 8), (8, 7), (8, 8)]}  # fmt: skip
    state = state.play("d1>f3")
    s = segs(state)
    # Pack and talon are empty: the Divan place stays empty.
    assert s["D1"] == "" and s["F3"].endswith("JCQC")
    assert move_set(state) == {"d2>f4"} | {
        f"d{i}>f{m}" for i, m in [(3, 5), (3, 6), (4, 5), (4, 6), (5, 1), (5, 2), (6, 1),
                                  (6, 2), (7, 7), (7, 8), (8, 7), (8, 8)]}  # fmt: skip
    state = play_all(state, ["d2>f4", "d3>f5", "d4>f6", "d5>f1", "d6>f2", "d7>f7", "d8>f8"])
    s = segs(state)
    assert all(s[f"D{i}"] == "" for i in range(1, 9))
    clubs = "KCAC" + "".join(r + "C" for r in "23456789TJQ")
    assert s["F3"] == clubs and s["F4"] == clubs
    assert s["F1"] == "AH" + "".join(r + "H" for r in "23456789TJQ")
    assert s["F2"] == "KHAH" + "".join(r + "H" for r in "23456789TJQ")
    assert s["pass"] == "1"
    assert state.is_won and state.is_over and move_set(state) == set()


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["d2>f3", "d1>f1", "talon>f3", "redeal", "d9>f3", "f3>d1", "pack>f3", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"passes": 2}, {"divan": 6}):
        with pytest.raises(ValueError):
            reference.game(SLUG, **opts)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(patience.PatienceError):
                patience.game(SLUG, **opts)
