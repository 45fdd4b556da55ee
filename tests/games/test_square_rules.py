"""Rule tests of THE SQUARE (python/patience/rules/square.md and docs/notation/square.md), run on
every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set is
worked out by hand from the rule text and the notation page.

Dealing order reminder: the places S1..S16 (row by row) get one card each in order; while
dealing, an ace whose suit has no foundation yet goes to its foundation (F1 clubs, F2 diamonds,
F3 hearts, F4 spades) and the same place gets the next card. The rest is the pack, the first
undealt card on top. An emptied place is refilled at once from the talon top, else the pack top.
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

SLUG = "square"
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


def run(suit: str, ranks: str) -> str:
    return "".join(r + suit for r in ranks)


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
    assert Stream(0).shuffle(list(range(10))) == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]


# --- the deal ----------------------------------------------------------------------------------

#: The unshuffled start: AC (card 1) goes to F1 and 2C..KC fill S1..S12; AD (card 14) goes to F2
#: and 2D..5D fill S13..S16. Cards 19.. (6D first) are the pack.
UNSHUFFLED_SQUARE = [r + "C" for r in "23456789TJQK"] + ["2D", "3D", "4D", "5D"]


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    state = game.deal_from(TWO_PACKS).start()
    squares = " ".join(f"S{i + 1}:{c}" for i, c in enumerate(UNSHUFFLED_SQUARE))
    expected = f"{squares} F1:AC F2:AD F3: F4: {pack_text(TWO_PACKS[18:])} talon:"
    assert state.key == expected
    # Clubs 2..K lie in S1..S12 in rank order: each neighbouring pair marries both ways; so do
    # 2D..5D in S13..S16. 2C fits F1 and 2D fits F2.
    marriages = set()
    for a, b in [(i, i + 1) for i in range(1, 12)] + [(13, 14), (14, 15), (15, 16)]:
        marriages |= {f"s{a}>s{b}", f"s{b}>s{a}"}
    assert move_set(state) == marriages | {"s1>f1", "s13>f2", "turn"}
    assert len(marriages) == 28
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_is_the_shuffled_two_packs(game):
    deal = game.deal(5)
    cards = [str(c) for c in deal.cards]
    assert cards == Stream(5).shuffle(TWO_PACKS)
    state = deal.start()
    # Walk the deal by hand: first ace of each suit up, the place gets the next card.
    places: list[str] = []
    found: dict[str, str] = {}
    k = 0
    while len(places) < 16:
        c = cards[k]
        k += 1
        if c[0] == "A" and c[1] not in found:
            found[c[1]] = c
        else:
            places.append(c)
    for i, c in enumerate(places):
        assert seg(state, f"S{i + 1}") == c
    for i, s in enumerate(SUITS):
        assert seg(state, f"F{i + 1}") == found.get(s, "")
    assert seg(state, "pack") == "".join(reversed(cards[k:])).lower()


@pytest.mark.parametrize("game", each_engine())
def test_first_ace_of_each_suit_goes_up_during_deal_second_ace_stays(game):
    # Cards 1-4 are the four aces: each goes up and S1 gets the next card, which is the second
    # AC: clubs are started, so it stays in S1. S2..S16 get 2C..KC, 2D, 3D, 4D.
    state = game.deal_from(deal_with(["AC", "AD", "AH", "AS", "AC"])).start()
    rest = ["AC"] + [r + "C" for r in "23456789TJQK"] + ["2D", "3D", "4D"]
    for i, c in enumerate(rest):
        assert seg(state, f"S{i + 1}") == c
    assert seg(state, "F1") == "AC" and seg(state, "F2") == "AD"
    assert seg(state, "F3") == "AH" and seg(state, "F4") == "AS"
    assert seg(state, "pack").endswith("5d")
    # AC (S1) and 2C (S2) marry either way; 2C fits F1 and 2D (S14) fits F2; the AC in S1 fits
    # nothing on the foundations.
    moves = move_set(state)
    assert {"s1>s2", "s2>s1", "s2>f1", "s14>f2"} <= moves
    assert "s1>f1" not in moves


# --- refills -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_space_refilled_at_once_from_pack_when_talon_is_empty(game):
    state = game.deal_from(TWO_PACKS).start().play("s1>f1")
    assert seg(state, "F1") == "AC2C"
    assert seg(state, "S1") == "6D"
    assert seg(state, "pack") == "".join(reversed(TWO_PACKS[19:])).lower()
    assert seg(state, "talon") == ""
    moves = move_set(state)
    # 6D in S1 now marries with 5D in S16 either way; 3C in S2 fits F1 (and no longer 2C).
    assert {"s1>s16", "s16>s1", "s2>f1"} <= moves
    assert "s1>s2" not in moves and "s2>s1" not in moves and "s1>f1" not in moves


@pytest.mark.parametrize("game", each_engine())
def test_space_refilled_from_talon_before_pack(game):
    state = game.deal_from(TWO_PACKS).start().play("turn")
    assert seg(state, "talon") == "6D"
    state = state.play("s1>f1")
    assert seg(state, "S1") == "6D"
    assert seg(state, "talon") == ""
    assert seg(state, "pack").endswith("8d7d")


# --- marrying ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_marry_square_cards_up_and_down_and_reverse(game):
    state = game.deal_from(TWO_PACKS).start().play("s2>s1")
    # 3C onto 2C (one higher); S2 is refilled with the pack top 6D.
    assert seg(state, "S1") == "2C3C" and seg(state, "S2") == "6D"
    state = state.play("s1>s3")
    # 3C onto 4C (one lower): S1 shows 2C again.
    assert seg(state, "S1") == "2C" and seg(state, "S3") == "4C3C"
    assert {"s1>s3", "s3>s1", "s1>f1"} <= move_set(state)


@pytest.mark.parametrize("game", each_engine())
def test_talon_top_marries_onto_square(game):
    start = game.deal_from(TWO_PACKS).start()
    state = start.play("turn")
    # The talon's 6D marries onto 5D (S16); nothing else new.
    assert move_set(state) == (move_set(start) | {"talon>s16"})
    state = state.play("talon>s16")
    assert seg(state, "S16") == "5D6D" and seg(state, "talon") == ""
    assert seg(state, "pack").endswith("7d")


# --- foundations: up to the king, the second king, down to the ace ----------------------------

#: AC goes up; S1..S12 = 2C..KC, S13 = KC (copy 2), S14 = QC, S15 = JC, S16 = 2D. The pack then
#: starts AD, 3D, 4D, ..., KD, AH, 2H, 3H, ...
KING_DEAL = deal_with(["AC"] + [r + "C" for r in "23456789TJQK"] + ["KC", "QC", "JC", "2D"])


@pytest.mark.parametrize("game", each_engine())
def test_foundation_goes_up_takes_second_king_and_comes_down(game):
    state = game.deal_from(KING_DEAL).start()
    state = play_all(state, [f"s{i}>f1" for i in range(1, 12)])
    # S1..S11 were refilled from the pack: AD, 3D, 4D, ..., QD.
    assert seg(state, "F1") == run("C", "A23456789TJQ")
    refills = ["AD"] + [r + "D" for r in "3456789TJQ"]
    for i, c in enumerate(refills):
        assert seg(state, f"S{i + 1}") == c
    moves = move_set(state)
    # Both kings fit (two moves); the kings do not marry each other; the AD refilled into S1
    # may start F2 (a move, not automatic) and marries 2D in S16.
    assert {"s12>f1", "s13>f1", "s1>f2", "s1>s16", "s16>s1"} <= moves
    assert "s12>s13" not in moves and "s13>s12" not in moves
    assert seg(state, "F2") == ""

    state = state.play("s13>f1")
    assert seg(state, "F1") == run("C", "A23456789TJQK") and seg(state, "S13") == "KD"
    moves = move_set(state)
    # The second king fits; KD (S13) and AD (S1) are not neighbours; KD and QD (S11) are.
    assert {"s12>f1", "s13>s11", "s11>s13"} <= moves
    assert "s1>s13" not in moves and "s13>s1" not in moves

    state = play_all(state, ["s12>f1", "s14>f1", "s15>f1"])
    assert seg(state, "F1") == run("C", "A23456789TJQK") + run("C", "KQJ")
    assert seg(state, "S12") == "AH" and seg(state, "S14") == "2H" and seg(state, "S15") == "3H"
    # F1 now wants TC (deep in the pack); AD fits F2, AH fits F3.
    assert {m for m in move_set(state) if ">f" in m} == {"s1>f2", "s12>f3"}


# --- end ---------------------------------------------------------------------------------------

ASCENDING = [r + s for r in "23456789TJQK" for s in SUITS]
DESCENDING = [r + s for r in "KQJT98765432A" for s in SUITS]


@pytest.mark.parametrize("game", each_engine())
def test_game_won_with_both_runs_on_every_foundation(game):
    state = game.deal_from(deal_with(["AC", "AD", "AH", "AS"] + ASCENDING + DESCENDING)).start()
    for i, c in enumerate(ASCENDING[:16]):
        assert seg(state, f"S{i + 1}") == c
    for _ in range(200):
        ups = sorted(m for m in move_set(state) if ">f" in m)
        if not ups:
            break
        state = state.play(ups[0])
    founds = " ".join(
        f"F{i + 1}:{run(s, 'A23456789TJQK')}{run(s, 'KQJT98765432A')}" for i, s in enumerate(SUITS)
    )
    empties = " ".join(f"S{i + 1}:" for i in range(16))
    assert state.key == f"{empties} {founds} pack: talon:"
    assert state.is_won and state.is_over
    assert move_set(state) == set()


#: Aces up; S1..S16 = the 4s, 6s, 8s and tens of copy 1 (no two marry, none fits); the last
#: card of the pack is a QC.
STUCK_SQUARE = [r + s for s in SUITS for r in "468T"]
STUCK_DEAL = deal_with(["AC", "AD", "AH", "AS"] + STUCK_SQUARE, last=["QC"])


@pytest.mark.parametrize("game", each_engine())
def test_lost_when_pack_is_out_and_nothing_fits(game):
    state = game.deal_from(STUCK_DEAL).start()
    for i, c in enumerate(STUCK_SQUARE):
        assert seg(state, f"S{i + 1}") == c
    assert move_set(state) == {"turn"}
    state = play_all(state, ["turn"] * 83)
    assert seg(state, "pack") == "qc"
    state = state.play("turn")
    assert seg(state, "pack") == "" and seg(state, "talon").endswith("QC")
    # QC marries no Square card (no J or K there) and fits no foundation; no re-deal.
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["s1>s1", "s1>f2", "s2>f1", "talon>f1", "talon>s1", "s1>s5", "redeal", "x", "f1>s1"]:
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
