"""Rule tests of BABETTE (python/patience/rules/babette.md, docs/notation/babette.md), run on
every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text.

Deal order reminder (rule text): nothing is withdrawn; the pack is dealt in rows of eight onto
the columns C1-C8 (card k of a deal to column ((k - 1) mod 8) + 1), the first row at once and
each later row by a ``deal`` move. Only a column's last-dealt card is available, for the
foundations only: F1-F4 up from the ace (C D H S), F5-F8 down from the king (C D H S). A
re-deal (twice, with the pack empty) gathers C1 first, each column under the ones before, and
turns the whole over: the new pack deals C8 bottom to top first, ..., C1 last.
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

SLUG = "babette"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
NO_FOUNDATIONS = " ".join(f"F{i}:" for i in range(1, 9))


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(front: list[str]) -> list[str]:
    """A dealing order: ``front``, then every other card of the two packs unshuffled."""
    rest = list(TWO_PACKS)
    for c in front:
        rest.remove(c)
    return list(front) + rest


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


def rows(cards: list[str]) -> list[list[str]]:
    """The columns (bottom to top) after dealing ``cards`` in rows of eight onto an empty
    garden: card k (from 0) goes to column k mod 8."""
    cols: list[list[str]] = [[] for _ in range(8)]
    for k, c in enumerate(cards):
        cols[k % 8].append(c)
    return cols


def gathered(cols: list[list[str]]) -> list[str]:
    """The new pack, first card to be dealt first: C8 bottom to top, then C7, ..., C1."""
    out: list[str] = []
    for col in reversed(cols):
        out += col
    return out


def garden(cols: list[list[str]]) -> str:
    return " ".join(f"C{i + 1}:" + "".join(col) for i, col in enumerate(cols))


# --- the deal and rows -------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    state = game.deal_from(TWO_PACKS).start()
    expected = (
        "C1:AC C2:2C C3:3C C4:4C C5:5C C6:6C C7:7C C8:8C "
        + NO_FOUNDATIONS
        + " pack:"
        + down(TWO_PACKS[8:])
        + " pass:1"
    )
    assert state.key == expected
    assert segs(state)["pack"].startswith("ksqsjs") and segs(state)["pack"].endswith("jctc9c")
    # Only the AC can start a foundation (the up one of clubs).
    assert move_set(state) == {"c1>f1", "deal"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_is_the_shuffled_pack_first_row_dealt(game):
    golden, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    for seed in (0, 1, 2**64 - 1):
        state, cards = seed, list(TWO_PACKS)
        for i in range(103, 0, -1):
            state = (state + golden) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            cards[i], cards[j] = cards[j], cards[i]
        expected = (
            " ".join(f"C{i + 1}:{cards[i]}" for i in range(8))
            + f" {NO_FOUNDATIONS} pack:{down(cards[8:])} pass:1"
        )
        assert game.deal(seed).start().key == expected


@pytest.mark.parametrize("game", each_engine())
def test_a_row_blocks_the_row_before(game):
    state = game.deal_from(TWO_PACKS).start().play("deal")
    s = segs(state)
    # Row 2 is 9C TC JC QC KC AD 2D 3D: the AC is now covered by the 9C.
    assert [s[f"C{i}"] for i in range(1, 9)] == [
        "AC9C", "2CTC", "3CJC", "4CQC", "5CKC", "6CAD", "7C2D", "8C3D",
    ]  # fmt: skip
    assert move_set(state) == {"c5>f5", "c6>f2", "deal"}
    state = state.play("c5>f5")
    s = segs(state)
    assert s["F5"] == "KC" and s["C5"] == "5C"
    # The QC (C4) follows on the king of clubs; the 5C freed in C5 goes nowhere.
    assert move_set(state) == {"c4>f5", "c6>f2", "deal"}
    state = play_all(state, ["c4>f5", "c3>f5", "c2>f5", "c6>f2", "c7>f2", "c8>f2"])
    s = segs(state)
    assert s["F5"] == "KCQCJCTC" and s["F2"] == "AD2D3D"
    assert [s[f"C{i}"] for i in range(1, 9)] == ["AC9C", "2C", "3C", "4C", "5C", "6C", "7C", "8C"]
    # The 9C (C1) goes down on the TC; then the AC under it is free, and the 8C (C8) may go
    # down on the 9C.
    assert move_set(state) == {"c1>f5", "deal"}
    state = state.play("c1>f5")
    assert move_set(state) == {"c1>f1", "c8>f5", "deal"}
    state = play_all(state, ["c1>f1", "c2>f1", "c3>f1", "c4>f1", "c5>f1", "c6>f1", "c7>f1"])
    s = segs(state)
    assert s["F1"] == "AC2C3C4C5C6C7C" and s["F5"] == "KCQCJCTC9C"
    # The 8C fits both club foundations: up on the 7C and down on the 9C.
    assert s["C8"] == "8C" and all(s[f"C{i}"] == "" for i in range(1, 8))
    assert move_set(state) == {"c8>f1", "c8>f5", "deal"}
    state = state.play("c8>f5")
    s = segs(state)
    assert s["F5"] == "KCQCJCTC9C8C" and s["C8"] == ""
    # Every column is empty; the next row still puts one card in each.
    state = state.play("deal")
    s = segs(state)
    # Row 3: 4D 5D 6D 7D 8D 9D TD JD.
    assert [s[f"C{i}"] for i in range(1, 9)] == ["4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"]
    assert move_set(state) == {"c1>f2", "deal"}


@pytest.mark.parametrize("game", each_engine())
def test_down_pile_runs_from_king_to_ace(game):
    # Column 1 gets cards 1, 9, 17, ...: here KS QS JS ... 2S AS (13 rows, the down pile),
    # then nothing else matters.
    spades_down = [r + "S" for r in reversed(RANKS)]
    front = []
    filler = list(TWO_PACKS)
    for c in spades_down:
        filler.remove(c)
    assert len(filler) == 7 * 13
    for k in range(13):
        front += [spades_down[k]] + filler[7 * k : 7 * k + 7]
    state = game.deal_from(order(front)).start()
    assert segs(state)["C1"] == "KS"
    for k in range(13):
        assert "c1>f8" in move_set(state), k
        state = state.play("c1>f8")
        if k < 12:
            state = state.play("deal")
    s = segs(state)
    assert s["F8"] == "".join(spades_down) and s["pack"] == ""
    # The down pile is finished at its ace.
    assert not any(m.endswith(">f8") for m in move_set(state))


# --- re-deals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_redeal_gathers_the_columns_and_deals_a_short_last_row(game):
    state = play_all(game.deal_from(TWO_PACKS).start(), ["deal"] * 12)
    first = rows(TWO_PACKS)
    assert state.key == f"{garden(first)} {NO_FOUNDATIONS} pack: pass:1"
    # Row 13 is copy 2's 6S..KS: only the KS fits (down on spades).
    assert move_set(state) == {"c8>f8", "redeal"}
    state = state.play("c8>f8")
    # The QS (C7) may follow on the king; it is left there.
    assert move_set(state) == {"c7>f8", "redeal"}
    first[7].pop()
    new = gathered(first)
    assert len(new) == 103 and new[:3] == ["8C", "3D", "JD"] and new[-1] == "6S"
    state = state.play("redeal")
    cols = rows(new[:8])
    assert (
        state.key == f"{garden(cols)} F1: F2: F3: F4: F5: F6: F7: F8:KS pack:{down(new[8:])} pass:2"
    )
    state = play_all(state, ["deal"] * 12)
    cols = rows(new)
    # 103 cards: twelve full rows and a last row of seven, C1..C7; C8 gets twelve.
    assert [len(c) for c in cols] == [13] * 7 + [12]
    assert state.key == f"{garden(cols)} F1: F2: F3: F4: F5: F6: F7: F8:KS pack: pass:2"
    assert "deal" not in move_set(state) and "redeal" in move_set(state)


AK = [c for c in TWO_PACKS if c[0] in "AK"]
NOT_AK = [c for c in TWO_PACKS if c[0] not in "AK"]
#: cards 19-34 are the sixteen aces and kings; none of them is a top card at the end of any of
#: the three deals when nothing is played (worked out with rows/gathered below)
BURIED = NOT_AK[:18] + AK + NOT_AK[18:]


@pytest.mark.parametrize("game", each_engine())
def test_two_redeals_then_lost(game):
    state = game.deal_from(BURIED).start()
    cols = rows(BURIED)
    for n in (1, 2, 3):
        state = play_all(state, ["deal"] * 12)
        assert state.key == f"{garden(cols)} {NO_FOUNDATIONS} pack: pass:{n}"
        # With every foundation empty only an ace or a king could go up; none is on top.
        assert not any(col[-1][0] in "AK" for col in cols)
        if n < 3:
            assert move_set(state) == {"redeal"}
            state = state.play("redeal")
            new = gathered(cols)
            assert segs(state)["pack"] == down(new[8:])
            cols = rows(new)
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


# --- a won game --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_game_won(game):
    # Row by row: each row holds cards that go up as soon as the row is dealt.
    ups = [[r + s for s in SUITS] for r in RANKS]  # A of each suit, then 2s, ...
    downs = [[r + s for s in SUITS] for r in reversed(RANKS)]  # K of each suit, then Qs, ...
    cards = []
    for k in range(13):
        cards += ups[k] + downs[k]
    state = game.deal_from(cards).start()
    # Row 1: AC AD AH AS KC KD KH KS.
    assert move_set(state) == {
        "c1>f1", "c2>f2", "c3>f3", "c4>f4", "c5>f5", "c6>f6", "c7>f7", "c8>f8", "deal",
    }  # fmt: skip
    for k in range(13):
        state = play_all(state, [f"c{i + 1}>f{i + 1}" for i in range(8)])
        if k < 12:
            state = state.play("deal")
    s = segs(state)
    for i, suit in enumerate(SUITS):
        assert s[f"F{i + 1}"] == "".join(r + suit for r in RANKS)
        assert s[f"F{i + 5}"] == "".join(r + suit for r in reversed(RANKS))
    assert state.key.startswith("C1: C2: C3: C4: C5: C6: C7: C8: F1:AC2C")
    assert state.key.endswith(" pack: pass:1")
    assert state.is_won and state.is_over and move_set(state) == set()


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["c2>f1", "c1>f5", "c1>f2", "redeal", "c9>f1", "f1>c1", "turn", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"passes": 2}, {"redeals": 1}):
        with pytest.raises(ValueError):
            reference.game(SLUG, **opts)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(patience.PatienceError):
                patience.game(SLUG, **opts)
