"""Rule tests of THE EMPRESS OF INDIA (python/patience/rules/empress-of-india.md and
docs/notation/empress-of-india.md), run on every engine that implements the game.

Every expected key, fragment and move set is worked out by hand from the rule text.

The deal used: the four packs unshuffled. Withdrawal takes the four AC, AS, KD, KH (the
foundations) and the QC, QS, JD, JH (out of play), so each copy keeps 11 cards a suit:
clubs and spades 2..J, K; diamonds and hearts A..T, Q. Dealing copy 1 fills N1-N11 (clubs),
A1-A11 (diamonds), A12-A22 (hearts), N12-N22 (spades); copy 2's 2C 3C fill N23 N24, its other
nine clubs go to the black talon, and its AD 2D fill A23 A24; the deal stops there (57 cards).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import patience
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

from patience import reference
from support import engines, move_set

SLUG = "empress-of-india"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
FOUR_PACKS = ONE_PACK * 4

BLACK_KEPT = "23456789TJK"
RED_KEPT = "A23456789TQ"
ARMY = [r + "D" for r in RED_KEPT] + [r + "H" for r in RED_KEPT] + ["AD", "2D"]
NAVY = [r + "C" for r in BLACK_KEPT] + [r + "S" for r in BLACK_KEPT] + ["2C", "3C"]
BLACK_TALON = [r + "C" for r in "456789TJK"]
COPY = (
    [r + "C" for r in BLACK_KEPT]
    + [r + "D" for r in RED_KEPT]
    + [r + "H" for r in RED_KEPT]
    + [r + "S" for r in BLACK_KEPT]
)
#: the pack in turning order after the deal
PACK = [r + "D" for r in "3456789TQ"] + COPY[22:] + COPY + COPY
FOUNDATIONS = " ".join(
    f"F{i + 1}:{base}" for i, base in enumerate(["AC"] * 4 + ["AS"] * 4 + ["KD"] * 4 + ["KH"] * 4)
)


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def seg(state: Any, label: str) -> str:
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part[len(label) + 1 :]
    raise AssertionError(f"no segment {label} in {state.key}")


def start(game: Any) -> Any:
    return game.deal_from(FOUR_PACKS).start()


@pytest.mark.parametrize("game", each_engine())
def test_the_deal_withdraws_and_fills_army_and_navy_by_colour(game):
    state = start(game)
    army = " ".join(f"A{i + 1}:{c}" for i, c in enumerate(ARMY))
    navy = " ".join(f"N{i + 1}:{c}" for i, c in enumerate(NAVY))
    pack = "pack:" + "".join(reversed(PACK)).lower()
    talons = "RedTalon: BlackTalon:" + "".join(BLACK_TALON)
    assert len(PACK) == 176 - 57
    assert state.key == f"{army} {navy} {FOUNDATIONS} {pack} {talons}"


@pytest.mark.parametrize("game", each_engine())
def test_plays_are_a_red_and_a_black_single_together(game):
    moves = move_set(start(game))
    # red: QD (A11) on F9-F12, QH (A22) on F13-F16; black: 2C (N1, N23) on F1-F4, 2S (N12) on F5-F8
    reds = [("a11", x) for x in range(9, 13)] + [("a22", x) for x in range(13, 17)]
    blacks = [(n, y) for n in ("n1", "n23") for y in range(1, 5)] + [
        ("n12", y) for y in range(5, 9)
    ]
    plays = {f"{a}+{n}>f{x}+f{y}" for a, x in reds for n, y in blacks}
    assert len(plays) == 96
    assert {m for m in moves if ">f" in m} == plays
    pairings = {f"a{i}>n{j}" for i in range(1, 25) for j in range(1, 25)}
    pairings |= {f"n{j}>a{i}" for i in range(1, 25) for j in range(1, 25)}
    assert moves == plays | pairings | {"turn"}


@pytest.mark.parametrize("game", each_engine())
def test_vacancies_fill_army_first_from_talon_or_pack(game):
    state = start(game).play("a11+n1>f9+f1")
    assert seg(state, "F9") == "KDQD" and seg(state, "F1") == "AC2C"
    # A11: red talon empty, so the pack's 3D; N1: the black talon's KC
    assert seg(state, "A11") == "3D" and seg(state, "N1") == "KC"
    assert seg(state, "BlackTalon") == "".join(BLACK_TALON[:-1])
    assert seg(state, "pack") == "".join(reversed(PACK[1:])).lower()


@pytest.mark.parametrize("game", each_engine())
def test_a_pair_is_made_and_played_as_one(game):
    state = start(game).play("a11>n1")
    assert seg(state, "N1") == "2CQD" and seg(state, "A11") == "3D"
    moves = move_set(state)
    pair_plays = {f"n1>f{x}+f{y}" for x in range(9, 13) for y in range(1, 5)}
    assert pair_plays <= moves
    assert "a1>n1" not in moves and "n1>a1" not in moves  # a pair is never paired again
    assert not any(m.startswith("a11+") for m in moves)
    state = state.play("n1>f12+f3")
    assert seg(state, "F12") == "KDQD" and seg(state, "F3") == "AC2C"
    assert seg(state, "N1") == "KC"  # refilled from the black talon


@pytest.mark.parametrize("game", each_engine())
def test_turn_puts_the_pack_top_on_its_colours_talon(game):
    state = start(game).play("turn")
    assert seg(state, "RedTalon") == "3D"
    state = start(game).play("turn").play("a11+n1>f9+f1")
    assert seg(state, "A11") == "3D" and seg(state, "RedTalon") == ""


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = start(game)
    for bad in ["a1+n1>f9+f1", "a11>f9", "a11+n1>f1+f9", "n1>n2", "redeal", "x"]:
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
