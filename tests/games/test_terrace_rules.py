"""Rule tests of THE TERRACE (python/patience/rules/terrace.md and docs/notation/terrace.md),
run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set
is worked out by hand from the rule text.

Dealing order reminder: cards 1-13 are the Terrace (one pile, card 13 on top and available),
cards 14-16 the candidates c1-c3 (the first position waits for ``choose cK``); the chosen card
goes to F1, the other two to V1 and V2, cards 17-23 to V3-V9, and 24-104 are the pack (card 24
on top).
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

SLUG = "terrace"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
EMPTY_F = " ".join(f"F{i}:" for i in range(1, 9))
EMPTY_V = " ".join(f"V{i}:" for i in range(1, 10))
CHOICES = {"choose c1", "choose c2", "choose c3"}


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(terrace_top: list[str], cands: list[str], valley: list[str], pack_head=()) -> list[str]:
    """A dealing order: ``terrace_top`` lists the Terrace from its right-hand end leftward
    (cards 13, 12, ...), ``cands`` cards 14-16, ``valley`` cards 17.., ``pack_head`` cards
    24...; every other place is filled, in dealing order, by the other cards unshuffled."""
    fixed = {13 - i: c for i, c in enumerate(terrace_top)}
    fixed.update({14 + i: c for i, c in enumerate(cands)})
    fixed.update({17 + i: c for i, c in enumerate(valley)})
    fixed.update({24 + i: c for i, c in enumerate(pack_head)})
    left = list(TWO_PACKS)
    for c in fixed.values():
        left.remove(c)
    out = [fixed[p] if p in fixed else left.pop(0) for p in range(1, 105)]
    assert sorted(out) == sorted(TWO_PACKS)
    return out


def pack_text(turned_first: list[str]) -> str:
    """``pack:`` of a pack whose top card is first in ``turned_first`` (lower case)."""
    return "pack:" + "".join(reversed(turned_first)).lower()


def segs(state: Any) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def valley(state: Any) -> list[str]:
    s = segs(state)
    return [s[f"V{i}"] for i in range(1, 10)]


# --- the deal and the choice ---------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_first_position_waits_for_the_choice(game):
    state = game.deal_from(TWO_PACKS).start()
    # Unshuffled: the Terrace is AC..KC, the candidates AD 2D 3D, the pack 4D (card 17) on top.
    assert state.key == (
        "T:AC2C3C4C5C6C7C8C9CTCJCQCKC "
        f"{EMPTY_F} {EMPTY_V} {pack_text(TWO_PACKS[16:])} talon: pending:AD2D3D"
    )
    assert move_set(state) == CHOICES
    assert not state.is_over and not state.is_won
    for bad in ["turn", "t>f1", "choose c4", "choose", "c1>f1"]:
        with pytest.raises(ValueError):
            state.play(bad)


@pytest.mark.parametrize("game", each_engine())
def test_choosing_c1_fills_f1_and_the_valley(game):
    state = game.deal_from(TWO_PACKS).start().play("choose c1")
    assert state.key == (
        "T:AC2C3C4C5C6C7C8C9CTCJCQCKC F1:AD F2: F3: F4: F5: F6: F7: F8: "
        "V1:2D V2:3D V3:4D V4:5D V5:6D V6:7D V7:8D V8:9D V9:TD "
        f"{pack_text(TWO_PACKS[23:])} talon:"
    )
    # KC does not follow AD; all valley cards are red (no builds), no ace is available.
    assert move_set(state) == {"turn"}


@pytest.mark.parametrize("game", each_engine())
def test_the_two_cards_not_chosen_keep_their_order(game):
    s = segs(game.deal_from(TWO_PACKS).start().play("choose c3"))
    assert s["F1"] == "3D" and s["V1"] == "AD" and s["V2"] == "2D" and s["V3"] == "4D"
    s = segs(game.deal_from(TWO_PACKS).start().play("choose c2"))
    assert s["F1"] == "2D" and s["V1"] == "AD" and s["V2"] == "3D" and s["V9"] == "TD"
    assert "pending" not in s


# --- a worked game: base jack, colours, wrap, refills ------------------------------------------

#: Terrace top QS, then KH; candidates 5C JD 9S; valley QC KD 8H JS TD AS 2H; pack 3C 2D ...
WORKED = order(
    ["QS", "KH", "7D"],
    ["5C", "JD", "9S"],
    ["QC", "KD", "8H", "JS", "TD", "AS", "2H"],
    ["3C", "2D", "4H"],
)


@pytest.mark.parametrize("game", each_engine())
def test_moves_after_choosing_a_jack(game):
    state = game.deal_from(WORKED).start().play("choose c2")
    assert segs(state)["F1"] == "JD"
    assert valley(state) == ["5C", "9S", "QC", "KD", "8H", "JS", "TD", "AS", "2H"]
    assert move_set(state) == {
        "t>f1",  # QS: black queen on the red jack; QC (V3) would fit too, but the Terrace first
        "v6>f2",  # JS is of the base rank: to the lowest empty foundation
        "v2>v7",  # 9S on TD
        "v3>v4",  # QC on KD
        "v5>v2",  # 8H on 9S
        "v7>v6",  # TD on JS
        "v8>v9",  # AS on 2H
        "turn",
    }


@pytest.mark.parametrize("game", each_engine())
def test_terrace_plays_off_from_its_right_hand_end_and_foundations_wrap(game):
    state = game.deal_from(WORKED).start().play("choose c2").play("t>f1")
    s = segs(state)
    assert s["F1"] == "JDQS" and s["T"].endswith("7DKH")
    # KH (Terrace) and KD (V4) are red kings: F1 is the Terrace's, so KD may not go; QC no
    # longer fits.
    assert {m for m in move_set(state) if ">f" in m} == {"t>f1", "v6>f2"}
    state = state.play("t>f1")
    assert segs(state)["F1"] == "JDQSKH"
    # After the king, a black ace: AS (V8). 7D on the Terrace has no use but a foundation.
    assert {m for m in move_set(state) if ">f" in m} == {"v8>f1", "v6>f2"}
    assert not any(m.startswith("t>v") for m in move_set(state))
    state = state.play("v8>f1")
    s = segs(state)
    assert s["F1"] == "JDQSKHAS"
    # V8 emptied: refilled at once from the pack (the talon is empty) with card 24, 3C.
    assert s["V8"] == "3C" and s["talon"] == ""
    assert s["pack"].endswith("4h2d")


#: WORKED with the Terrace ending JH (top), QS: base jack again (JD chosen), JS in V6; the
#: pack starts with the other QC
TERRACE_FIRST = order(
    ["JH", "QS", "7D"],
    ["5C", "JD", "9S"],
    ["QC", "KD", "8H", "JS", "TD", "AS", "2H"],
    ["QC", "2D", "4H"],
)


@pytest.mark.parametrize("game", each_engine())
def test_the_terrace_card_goes_first_to_a_foundation_both_could_take(game):
    state = game.deal_from(TERRACE_FIRST).start().play("choose c2")
    # JH (Terrace) and JS (V6) are both of the base rank: both could only go to F2, so only the
    # Terrace's may. QC (V3) goes on JD (F1), where JH cannot go: that move stays.
    assert move_set(state) == {
        "t>f2",
        "v3>f1",
        "v2>v7",  # 9S on TD
        "v3>v4",  # QC on KD
        "v5>v2",  # 8H on 9S
        "v7>v6",  # TD on JS
        "v8>v9",  # AS on 2H
        "turn",
    }
    state = state.play("t>f2").play("turn")
    # QS (Terrace) fits F1 (JD) and F2 (JH), so neither QC (V3, talon) may go there; JS may
    # still start F3, and the talon's QC may still go onto KD (V4).
    assert {m for m in move_set(state) if ">f" in m} == {"t>f1", "t>f2", "v6>f3"}
    assert "talon>v4" in move_set(state)
    state = state.play("t>f1")
    # 7D (Terrace) fits no foundation, so F2 (JH) takes a QC again, and KD (V4) goes on QS (F1).
    assert {m for m in move_set(state) if ">f" in m} == {"v3>f2", "talon>f2", "v4>f1", "v6>f3"}


@pytest.mark.parametrize("game", each_engine())
def test_a_space_is_refilled_from_the_talon_first(game):
    state = game.deal_from(WORKED).start().play("choose c2")
    state = state.play("t>f1").play("t>f1").play("v8>f1").play("turn")
    s = segs(state)
    assert s["talon"] == "2D" and s["V8"] == "3C"
    moves = move_set(state)
    assert {"talon>f1", "talon>v8"} <= moves  # red 2 after the black ace; red 2 on black 3
    state = state.play("v6>f2")  # JS (base rank) to F2; V6 takes the talon top 2D
    s = segs(state)
    assert s["F2"] == "JS" and s["V6"] == "2D" and s["talon"] == ""
    assert s["pack"].endswith("4h")
    # A second base-rank card would go to F3: none is available here.
    state = state.play("turn").play("v6>f1")  # 4H turned; 2D from V6 onto AS; V6 takes 4H
    s = segs(state)
    assert s["F1"] == "JDQSKHAS2D" and s["V6"] == "4H" and s["talon"] == ""


@pytest.mark.parametrize("game", each_engine())
def test_the_valley_does_not_wrap_and_terrace_cards_never_enter_it(game):
    # Terrace top 2C; valley KS and AH: AH may not go on KS (no wrap), KS on nothing.
    cards = order(["2C"], ["5C", "6D", "9S"], ["KS", "AH", "3H", "TC", "TC", "JD", "7S"])
    state = game.deal_from(cards).start().play("choose c1")
    assert valley(state) == ["6D", "9S", "KS", "AH", "3H", "TC", "TC", "JD", "7S"]
    # Base 5: F1 5C wants a red 6: 6D (V1). Builds: 6D on 7S, TC on JD (from V6 or V7). The
    # Terrace's 2C would fit on 3H (V5) but Terrace cards never go into the valley; AH would
    # fit on the Terrace's 2C but the Terrace is built on by nothing.
    assert move_set(state) == {"v1>f1", "v1>v9", "v6>v8", "v7>v8", "turn"}


# --- end of the game --------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_turning_the_whole_pack_loses_the_unshuffled_deal(game):
    state = game.deal_from(TWO_PACKS).start().play("choose c1")
    for n in range(81):
        state = state.play("turn")
        x = TWO_PACKS[23 + n]  # the card just turned, now the talon top
        rank, black = RANKS.index(x[0]) + 1, x[1] in "CS"
        # The valley holds 2D..TD (V1..V9, Vr shows rank r + 1), F1 the base AD.
        expected = {"turn"} if n < 80 else set()
        if black and rank <= 9:
            expected.add(f"talon>v{rank}")  # a black card on the red card one rank higher
        if rank == 1:
            expected.add("talon>f2")  # another base card: to the lowest empty foundation
        if black and rank == 2:
            expected.add("talon>f1")  # a black 2 on the red ace
        assert move_set(state) == expected, x
    assert state.key == (
        "T:AC2C3C4C5C6C7C8C9CTCJCQCKC F1:AD F2: F3: F4: F5: F6: F7: F8: "
        "V1:2D V2:3D V3:4D V4:5D V5:6D V6:7D V7:8D V8:9D V9:TD "
        "pack: talon:" + "".join(TWO_PACKS[23:])
    )
    # KS on top of the talon fits nothing; no ace is available; no re-deal.
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


def _winning_sequence() -> list[str]:
    """Cards in the order eight alternating-colour piles from aces to kings take them: rank by
    rank, pile p black when (rank odd) == (p even); blacks C S C S, reds D H D H."""
    out = []
    for r in RANKS:
        blacks, reds = ["C", "S", "C", "S"], ["D", "H", "D", "H"]
        for p in range(8):
            black = (RANKS.index(r) % 2 == 0) == (p % 2 == 0)
            out.append(r + (blacks.pop(0) if black else reds.pop(0)))
    return out


@pytest.mark.parametrize("game", each_engine())
def test_a_deal_in_foundation_order_is_won_and_spaces_stay_empty_at_the_end(game):
    seq = _winning_sequence()
    assert sorted(seq) == sorted(TWO_PACKS)
    # Terrace: the last 13 cards needed, the first needed at its right-hand end; then the rest.
    cards = list(reversed(seq[-13:])) + seq[:-13]
    state = game.deal_from(cards).start().play("choose c1")
    assert segs(state)["F1"] == "AC"
    for _ in range(400):
        moves = move_set(state)
        if not moves:
            break
        up = sorted((m for m in moves if ">f" in m), key=lambda m: (m.split(">")[1], m))
        state = state.play(up[0] if up else "turn")
    assert state.is_won and state.is_over and move_set(state) == set()
    s = segs(state)
    assert s["T"] == "" and s["pack"] == "" and s["talon"] == ""
    assert valley(state) == [""] * 9  # nothing was left to refill the last spaces
    for i in range(1, 9):
        pile = [s[f"F{i}"][j : j + 2] for j in range(0, 26, 2)]
        assert "".join(c[0] for c in pile) == RANKS and len(s[f"F{i}"]) == 26
        reds = [c[1] in "DH" for c in pile]
        assert all(reds[j] != reds[j + 1] for j in range(12))


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(WORKED).start().play("choose c2")
    for bad in ["choose c1", "t>v1", "t>f2", "v1>v1", "talon>f1", "v6>f3", "redeal", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, redeals=1)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, redeals=1)


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deals_start_with_the_choice(game):
    for seed in (0, 1, 9):
        state = game.deal(seed).start()
        s = segs(state)
        assert len(s["T"]) == 26 and len(s["pending"]) == 6
        assert len(s["pack"]) == 2 * 88 and s["pack"] == s["pack"].lower()
        assert move_set(state) == CHOICES


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
        state = deal.start()
        assert state.key == (
            f"T:{''.join(cards[:13])} {EMPTY_F} {EMPTY_V} {pack_text(cards[16:])} talon: "
            f"pending:{''.join(cards[13:16])}"
        )
        after = state.play("choose c2")
        chosen = [cards[14]]
        vall = [cards[13], cards[15]] + cards[16:23]
        assert after.key == (
            f"T:{''.join(cards[:13])} F1:{chosen[0]} "
            + " ".join(f"F{i}:" for i in range(2, 9))
            + " "
            + " ".join(f"V{i + 1}:{c}" for i, c in enumerate(vall))
            + f" {pack_text(cards[23:])} talon:"
        )


@pytest.mark.parametrize("game", each_engine())
def test_explicit_deal_must_be_the_two_packs(game):
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1])  # 103 cards
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])  # three aces of clubs, one king of spades
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["XX"])
