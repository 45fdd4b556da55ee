"""Rule tests of THE OLGA (python/patience/rules/olga.md and docs/notation/olga.md), run on
every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set
is worked out by hand from the rule text.

Dealing order reminder: four piquet packs (A, 7..K in each suit), 128 cards. Cards 1-49 go row
by row, left to right, seven to a row: card k to row ceil(k / 7), column ((k - 1) mod 7) + 1.
Rows 1, 3, 5, 7 face up, rows 2, 4, 6 face down. Column Tc holds rows 1..7 bottom to top, so
its top is the row-7 card k = 42 + c. Cards 50-128 are the pack (card 50 on top).
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

SLUG = "olga"
PIQUET = "A789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in PIQUET]
FOUR_PACKS = ONE_PACK * 4
EMPTY_F = " ".join(f"F{i}:" for i in range(1, 17))


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(columns: dict[int, list[str]], pack_head=(), pack_tail=()) -> list[str]:
    """A dealing order. ``columns[c]`` lists column c from its top down (rows 7, 6, ...);
    ``pack_head`` cards 50, 51, ...; ``pack_tail`` the last cards of the pack (card 128
    last). Every other place is filled, in dealing order, by the other cards unshuffled."""
    fixed: dict[int, str] = {}
    for c, cards in columns.items():
        for i, card in enumerate(cards):
            row = 7 - i
            fixed[(row - 1) * 7 + c] = card
    fixed.update({50 + i: card for i, card in enumerate(pack_head)})
    fixed.update({129 - len(pack_tail) + i: card for i, card in enumerate(pack_tail)})
    left = list(FOUR_PACKS)
    for card in fixed.values():
        left.remove(card)
    out = [fixed[p] if p in fixed else left.pop(0) for p in range(1, 129)]
    assert sorted(out) == sorted(FOUR_PACKS)
    return out


def pack_text(turned_first: list[str]) -> str:
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


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_unshuffled_flower_bed(game):
    state = game.deal_from(FOUR_PACKS).start()
    # Column c holds cards c, c+7, ..., c+42 (rows 1-7), rows 2, 4, 6 face down; worked out by
    # hand from the unshuffled order AC 7C 8C 9C TC JC QC KC AD 7D ... (32 a pack).
    columns = (
        "T1:ACkcQDjhTS9c8D T2:7CadKDqhJStc9D T3:8C7dAHkhQSjcTD T4:9C8d7HasKSqcJD "
        "T5:TC9d8H7sACkcQD T6:JCtd9H8s7CadKD T7:QCjdTH9s8C7dAH"
    )
    assert state.key == f"{columns} {EMPTY_F} {pack_text(FOUR_PACKS[49:])} talon:"
    # Tops 8D 9D TD JD QD KD AH: all red, so no build; the ace may go up.
    assert move_set(state) == {"t7>f1", "turn"}
    assert not state.is_over and not state.is_won


@pytest.mark.parametrize("game", each_engine())
def test_a_face_down_card_is_turned_up_when_uncovered(game):
    state = game.deal_from(FOUR_PACKS).start().play("t7>f1")
    s = segs(state)
    assert s["T7"] == "QCjdTH9s8C7D" and s["F1"] == "AH"
    assert move_set(state) == {"turn"}  # 7D: no ace of diamonds up, no black 8 on top
    state = state.play("turn")  # card 50, 7H
    assert segs(state)["talon"] == "7H"
    assert move_set(state) == {"talon>f1", "turn"}
    state = state.play("talon>f1")
    assert segs(state)["F1"] == "AH7H" and segs(state)["talon"] == ""


# --- a worked position ---------------------------------------------------------------------------

#: Column tops (row 7) AS KH QS 7C 8D AC 9S; under AS a 7H, under AC a 7C (row 6, face down).
WORKED = order({1: ["AS", "7H"], 2: ["KH"], 3: ["QS"], 4: ["7C"], 5: ["8D"], 6: ["AC", "7C"],
                7: ["9S"]}, pack_head=["8H", "TD"])  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_moves_of_the_worked_position(game):
    state = game.deal_from(WORKED).start()
    s = segs(state)
    assert [s[f"T{c}"][-4:] for c in (1, 6)] == ["7hAS", "7cAC"]
    assert move_set(state) == {
        "t1>f1", "t6>f1",  # each ace to the lowest-numbered empty foundation
        "t3>t2",  # QS on KH
        "t4>t5",  # 7C on 8D
        "t5>t7",  # 8D on 9S
        "turn",
    }  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_an_ace_may_be_built_on_a_seven_of_the_other_colour(game):
    state = game.deal_from(WORKED).start().play("t1>f1")
    s = segs(state)
    assert s["F1"] == "AS" and s["T1"].endswith("7H")
    assert move_set(state) == {"t6>f2", "t6>t1", "t3>t2", "t4>t5", "t5>t7", "turn"}
    state = state.play("t6>t1")
    s = segs(state)
    assert s["T1"].endswith("7HAC") and s["T6"].endswith("7C")
    # The two 7C (T4, T6) have no ace of clubs up now; each may go on the 8D.
    assert move_set(state) == {"t1>f2", "t3>t2", "t4>t5", "t6>t5", "t5>t7", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_several_foundations_of_a_suit_give_several_moves(game):
    state = play_all(game.deal_from(WORKED).start(), ["t1>f1", "t6>f2"])
    s = segs(state)
    assert s["F1"] == "AS" and s["F2"] == "AC" and s["T6"].endswith("7C")
    assert {m for m in move_set(state) if ">f" in m} == {"t4>f2", "t6>f2"}
    state = play_all(state, ["turn", "turn"])  # 8H, then TD on the talon
    assert segs(state)["talon"] == "8HTD"
    # TD fits no foundation and no column (no black jack on top); 8H is covered.
    assert not any(m.startswith("talon") for m in move_set(state))
    state = state.play("t5>t7")  # 8D on 9S: T5's row-6 card turns up
    assert segs(state)["T7"].endswith("9S8D")
    assert {"t4>t7", "t6>t7"} <= move_set(state)  # either 7C on the 8D
    assert "talon>t7" not in move_set(state)  # TD is no black 7


# --- spaces ------------------------------------------------------------------------------------

#: T7 is KH QH JH TH 9H 8H 7H from the bottom, AH is T1's top; the other tops are kings.
SPACE = order(
    {1: ["AH", "KH"], 2: ["KS"], 3: ["KC"], 4: ["KD"], 5: ["KC"], 6: ["KD"],
     7: ["7H", "8H", "9H", "TH", "JH", "QH", "KH"]},
    pack_head=["8S"],
)  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_a_cleared_column_takes_any_column_top_but_no_talon_card(game):
    state = game.deal_from(SPACE).start()
    assert segs(state)["T7"] == "KHqhJHth9H8h7H"
    assert move_set(state) == {"t1>f1", "turn"}
    state = play_all(state, ["t1>f1"] + ["t7>f1"] * 5)
    s = segs(state)
    assert s["F1"] == "AH7H8H9HTHJH" and s["T7"] == "KHQH" and s["T1"].endswith("KH")
    # QH: to F1, or on a black king (KS, KC, KC); not on the red kings.
    assert move_set(state) == {"t7>f1", "t7>t2", "t7>t3", "t7>t5", "turn"}
    state = play_all(state, ["t7>f1", "t7>f1"])
    s = segs(state)
    assert s["F1"] == "AH7H8H9HTHJHQHKH" and s["T7"] == ""
    assert move_set(state) == {f"t{c}>t7" for c in range(1, 7)} | {"turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "8S"
    assert move_set(state) == {f"t{c}>t7" for c in range(1, 7)} | {"turn"}
    state = state.play("t2>t7")
    assert segs(state)["T7"] == "KS"
    # The space is an ordinary column now: the talon top may not go on KS (8S), but a red
    # queen could; and KS's old column shows its row-6 card face up.
    assert segs(state)["T2"][-2:].isupper()


# --- end of the game ------------------------------------------------------------------------------


def _foundation_order() -> list[str]:
    """Rank by rank (A, 7, ..., K), suits C, D, H, S, four of each."""
    return [r + s for r in PIQUET for s in SUITS for _ in range(4)]


@pytest.mark.parametrize("game", each_engine())
def test_a_deal_in_foundation_order_is_won(game):
    fo = _foundation_order()
    lay = fo[79:]  # the last 49 cards needed: TS, 16 J, 16 Q, 16 K
    assert lay[0] == "TS" and len(lay) == 49
    # Column tops are lay[0..6], the next row down lay[7..13], ...: card k of row r, column c
    # is lay[(7 - r) * 7 + c - 1].
    cards = [lay[(7 - ((k - 1) // 7 + 1)) * 7 + (k - 1) % 7] for k in range(1, 50)] + fo[:79]
    assert sorted(cards) == sorted(FOUR_PACKS)
    state = game.deal_from(cards).start()
    for _ in range(400):
        moves = move_set(state)
        if not moves:
            break
        up = sorted((m for m in moves if ">f" in m), key=lambda m: (int(m.split(">f")[1]), m))
        state = state.play(up[0] if up else "turn")
    founds = " ".join(f"F{i + 1}:" + "".join(r + SUITS[i // 4] for r in PIQUET) for i in range(16))
    columns = " ".join(f"T{c}:" for c in range(1, 8))
    assert state.key == f"{columns} {founds} pack: talon:"
    assert state.is_won and state.is_over and move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_kings_on_top_and_a_king_last_lose_after_the_pack(game):
    cards = order({c: [k] for c, k in enumerate(["KC", "KD", "KH", "KS", "KC", "KD", "KH"], 1)},
                  pack_tail=["KS"])  # fmt: skip
    state = game.deal_from(cards).start()
    assert move_set(state) == {"turn"}
    for _ in range(79):
        state = state.play("turn")
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(cards[49:])
    assert move_set(state) == set()  # kings go on nothing; no ace up; no re-deal
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(WORKED).start()
    for bad in ["t1>f2", "t2>t3", "t1>t1", "talon>f1", "redeal", "t8>f1", "f1>t1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    state = play_all(game.deal_from(SPACE).start(), ["t1>f1"] + ["t7>f1"] * 7 + ["turn"])
    with pytest.raises(ValueError):
        state.play("talon>t7")


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deals_and_explicit_deal_checks(game):
    for seed in (0, 1, 5):
        s = segs(game.deal(seed).start())
        for c in range(1, 8):
            col = s[f"T{c}"]
            assert len(col) == 14
            assert [col[i : i + 2].isupper() for i in range(0, 14, 2)] == [True, False] * 3 + [True]
        assert len(s["pack"]) == 2 * 79 and s["talon"] == ""
    with pytest.raises(ValueError):
        game.deal_from(FOUR_PACKS[:-1] + ["2C"])  # no twos in a piquet pack


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
def test_seeded_deal_is_the_conventions_shuffle_of_four_piquet_packs(game):
    for seed in (1, 2026):
        cards = Stream(seed).shuffle(FOUR_PACKS)
        deal = game.deal(seed)
        assert [str(c) for c in deal.cards] == cards
        columns = []
        for c in range(1, 8):
            pile = [cards[(r - 1) * 7 + c - 1] for r in range(1, 8)]
            text = "".join(p if r % 2 == 1 else p.lower() for r, p in enumerate(pile, 1))
            columns.append(f"T{c}:{text}")
        assert deal.start().key == f"{' '.join(columns)} {EMPTY_F} {pack_text(cards[49:])} talon:"
