"""Rule tests of THE CARPET (python/patience/rules/carpet.md and docs/notation/carpet.md),
run on every engine that implements the game.

Every expected key, fragment and move set is worked out by hand from the rule text.

The deal used most: the two packs unshuffled (copy 1 then copy 2). The first ace and king of
each suit are copy 1's, so F1-F8 are AC AD AH AS KC KD KH KS. The remaining 96 cards are copy
1's 2..Q of each suit (44 cards) and then copy 2 whole; cards 1-64 fill the carpet row by row
(see ``CARPET_ROWS``) and the pack is 8D..KD, then copy 2's hearts and spades.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import patience
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

from patience import reference
from patience.reference._common import SplitMix64
from support import engines, move_set

SLUG = "carpet"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK

#: the carpet of the unshuffled deal, worked out by hand (row 1 first, each row left to right)
CARPET_ROWS = [
    "2C 3C 4C 5C 6C 7C 8C 9C",
    "TC JC QC 2D 3D 4D 5D 6D",
    "7D 8D 9D TD JD QD 2H 3H",
    "4H 5H 6H 7H 8H 9H TH JH",
    "QH 2S 3S 4S 5S 6S 7S 8S",
    "9S TS JS QS AC 2C 3C 4C",
    "5C 6C 7C 8C 9C TC JC QC",
    "KC AD 2D 3D 4D 5D 6D 7D",
]
#: the pack of the unshuffled deal in turning order
PACK_ORDER = (
    ["8D", "9D", "TD", "JD", "QD", "KD"] + [r + "H" for r in RANKS] + [r + "S" for r in RANKS]
)
FOUNDATIONS = "F1:AC F2:AD F3:AH F4:AS F5:KC F6:KD F7:KH F8:KS"


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def seg(state: Any, label: str) -> str:
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part[len(label) + 1 :]
    raise AssertionError(f"no segment {label} in {state.key}")


def carpet_text() -> str:
    cells = []
    for r, row in enumerate(CARPET_ROWS):
        for c, card in enumerate(row.split()):
            cells.append(f"C{r + 1}{c + 1}:{card}")
    return " ".join(cells)


@pytest.mark.parametrize("game", each_engine())
def test_the_deal_withdraws_bases_and_weaves_the_carpet(game):
    state = game.deal_from(TWO_PACKS, seed=7).start()
    pack = "pack:" + "".join(reversed(PACK_ORDER)).lower()
    assert (
        state.key == f"{carpet_text()} {FOUNDATIONS} {pack} talon: redeals:0 rng:0000000000000007"
    )
    assert len(PACK_ORDER) == 32


@pytest.mark.parametrize("game", each_engine())
def test_only_rim_cards_with_an_outward_narrow_end_are_available(game):
    state = game.deal_from(TWO_PACKS).start()
    # available: C11 2C, C13 4C, C15 6C, C17 8C, C82 AD, C84 3D, C86 5D, C88 7D,
    # C21 TC, C41 4H, C61 9S, C81 KC, C18 9C, C38 3H, C58 8S, C78 QC.
    # Of these only 2C (on AC) and QC (on KC) go up; the talon is empty.
    assert move_set(state) == {"c11>f1", "c78>f5", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_removing_a_card_frees_the_neighbours_along_its_long_sides(game):
    state = game.deal_from(TWO_PACKS).start().play("c11>f1")
    assert seg(state, "C11") == "" and seg(state, "F1") == "AC2C"
    # C12 (3C, crossways) now has a free narrow end; C21 was already free.
    assert move_set(state) == {"c12>f1", "c78>f5", "turn"}
    state = state.play("c12>f1")
    # C22 (JC, upright) now free at its top end; nothing new goes up.
    assert seg(state, "F1") == "AC2C3C"
    assert move_set(state) == {"c13>f1", "c78>f5", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_carpet_cards_build_on_the_talon_in_suit_one_apart(game):
    state = game.deal_from(TWO_PACKS).start().play("turn")
    assert seg(state, "talon") == "8D"
    assert move_set(state) == {"c11>f1", "c78>f5", "c88>talon", "turn"}
    state = state.play("c88>talon")
    assert seg(state, "talon") == "8D7D" and seg(state, "C88") == ""
    # C87 (6D, crossways) is freed by the emptied C88, and fits 7D.
    assert move_set(state) == {"c11>f1", "c78>f5", "c87>talon", "turn"}
    state = state.play("c87>talon")
    # C86 (5D, upright) was free already and now fits 6D; C77 (JC) is freed but fits nothing.
    assert move_set(state) == {"c11>f1", "c78>f5", "c86>talon", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_the_talon_top_goes_to_a_foundation(game):
    state = game.deal_from(TWO_PACKS).start()
    for _ in range(5):
        state = state.play("turn")  # 8D 9D TD JD QD
    assert seg(state, "talon") == "8D9DTDJDQD"
    assert "talon>f6" in move_set(state)  # QD on KD
    state = state.play("talon>f6")
    assert seg(state, "F6") == "KDQD" and seg(state, "talon") == "8D9DTDJD"
    assert move_set(state) == {"c11>f1", "c78>f5", "talon>f6", "turn"}  # JD on QD
    state = state.play("talon>f6").play("talon>f6").play("talon>f6")  # JD TD 9D
    assert seg(state, "F6") == "KDQDJDTD9D" and seg(state, "talon") == "8D"
    assert "talon>f6" in move_set(state)  # 8D on 9D
    state = state.play("talon>f6")
    # the carpet's 7D (C88, free) now goes on 8D
    assert seg(state, "talon") == "" and move_set(state) == {"c11>f1", "c78>f5", "c88>f6", "turn"}


def shuffled(seq: list[str], seed_state: SplitMix64) -> list[str]:
    """CONVENTIONS 2.3 by hand: Fisher-Yates from the end."""
    out = list(seq)
    for i in range(len(out) - 1, 0, -1):
        j = (seed_state.next() * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("game", each_engine())
def test_a_redeal_shuffles_the_talon_with_the_continued_stream(game):
    state = game.deal_from(TWO_PACKS, seed=5).start()
    assert "redeal" not in move_set(state)
    for _ in range(32):
        state = state.play("turn")
    assert seg(state, "pack") == "" and seg(state, "talon") == "".join(PACK_ORDER)
    assert "redeal" in move_set(state)
    state = state.play("redeal")
    rng = SplitMix64(5)
    order = shuffled(PACK_ORDER, rng)
    assert seg(state, "pack") == "".join(reversed(order)).lower()
    assert seg(state, "talon") == "" and seg(state, "redeals") == "1"
    assert seg(state, "rng") == f"{rng.state:016x}"
    assert seg(state.play("turn"), "talon") == order[0]
    for _ in range(32):
        state = state.play("turn")
    state = state.play("redeal")
    order2 = shuffled(order, rng)  # the talon, bottom first, is the order turned
    assert seg(state, "pack") == "".join(reversed(order2)).lower()
    assert seg(state, "redeals") == "2"
    for _ in range(32):
        state = state.play("turn")
    assert "redeal" not in move_set(state)  # two re-deals at most


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["c12>f1", "c11>f2", "talon>f1", "redeal", "c11>talon", "c99>f1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_options_and_bad_deals_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    with pytest.raises(ValueError):
        reference.game(SLUG).deal_from(ONE_PACK)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
