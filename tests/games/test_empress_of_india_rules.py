"""Rule tests of THE EMPRESS OF INDIA (python/patience/rules/empress-of-india.md and
docs/notation/empress-of-india.md), run on every engine that implements the game.

TODO (contributor): these are the rule tests of the scaffold's tiny starting game, so that the
copy runs from the first minute. Replace them with hand-worked positions of the new game: build
each position from an explicit deal (``deal_from``), work every expected key, key fragment and
move set out by hand from the rule text and the notation page, never from an engine's output.

Deal order reminder (rule text): the whole pack is the pack, the first card dealt on top, so
the first card of the deal is the first one turned.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

from support import engines, move_set

SLUG = "empress-of-india"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
#: the unshuffled pack: clubs, diamonds, hearts, spades, ace to king in each suit
UNSHUFFLED = [r + s for s in SUITS for r in RANKS]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def arrange(first: list[str]) -> list[str]:
    """Dealing order: the cards ``first`` in this order, then every other card unshuffled."""
    assert len(first) == len(set(first))
    return first + [c for c in UNSHUFFLED if c not in first]


def pack_text(turned_first: list[str]) -> str:
    """The ``pack:`` segment of a pack whose cards are turned in the order ``turned_first``:
    bottom to top (the next card to be turned last), face down (lower case)."""
    return "pack:" + "".join(reversed(turned_first)).lower()


def suit_run(suit: str, ranks: str = RANKS) -> str:
    return "".join(r + suit for r in ranks)


def seg(state: Any, label: str) -> str:
    """The key segment ``label:...`` of a state (without the label)."""
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part[len(label) + 1 :]
    raise AssertionError(f"no segment {label} in {state.key}")


def greedy(state: Any, redeal: bool = True) -> Any:
    """Play to the foundations whenever possible, else turn, else re-deal (if ``redeal``),
    until no such move is left. (In this game a card that can go up never has a better use,
    so this loses no win.)"""
    while True:
        moves = move_set(state)
        up = sorted(m for m in moves if m.startswith("talon>f"))
        if up:
            state = state.play(up[0])
        elif "turn" in moves:
            state = state.play("turn")
        elif redeal and "redeal" in moves:
            state = state.play("redeal")
        else:
            return state


#: Clubs 3C 4C 2C 5C first, then the rest unshuffled: the ace goes up in pass 1, the 2 in
#: pass 2, the other clubs in pass 3 (worked out in the last three tests).
THREE_PASSES = arrange(["3C", "4C", "2C", "5C"])


@pytest.mark.parametrize("game", each_engine())
def test_the_whole_pack_is_the_pack_first_card_on_top(game):
    state = game.deal_from(UNSHUFFLED).start()
    assert state.key == f"F1: F2: F3: F4: {pack_text(UNSHUFFLED)} talon: pass:1"
    assert move_set(state) == {"turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_every_seeded_deal_starts_with_the_whole_pack_face_down(game):
    for seed in (0, 1, 2, 12345):
        state = game.deal(seed).start()
        pack = seg(state, "pack")
        assert len(pack) == 104 and pack == pack.lower()
        assert sorted(pack[i : i + 2].upper() for i in range(0, 104, 2)) == sorted(UNSHUFFLED)
        assert state.key.startswith("F1: F2: F3: F4: pack:")
        assert state.key.endswith(" talon: pass:1")
        assert move_set(state) == {"turn"}


@pytest.mark.parametrize("game", each_engine())
def test_turn_puts_the_top_card_face_up_on_the_talon(game):
    state = game.deal_from(UNSHUFFLED).start().play("turn")
    assert state.key == f"F1: F2: F3: F4: {pack_text(UNSHUFFLED[1:])} talon:AC pass:1"
    assert move_set(state) == {"talon>f1", "turn"}
    state = state.play("turn")
    assert seg(state, "talon") == "AC2C"
    assert move_set(state) == {"turn"}  # 2C cannot go on an empty place


@pytest.mark.parametrize("game", each_engine())
def test_an_ace_goes_to_the_lowest_numbered_empty_foundation(game):
    state = game.deal_from(arrange(["AH", "AS", "AC"])).start()
    state = state.play("turn").play("talon>f1")
    state = state.play("turn")
    assert move_set(state) == {"talon>f2", "turn"}
    state = state.play("talon>f2").play("turn")
    assert move_set(state) == {"talon>f3", "turn"}
    state = state.play("talon>f3")
    assert state.key.startswith("F1:AH F2:AS F3:AC F4: pack:")


@pytest.mark.parametrize("game", each_engine())
def test_a_card_goes_only_on_its_own_suit_one_rank_below(game):
    state = game.deal_from(arrange(["AH", "2C", "3H", "2H"])).start()
    state = state.play("turn").play("talon>f1")
    state = state.play("turn")  # 2C: no club started
    assert move_set(state) == {"turn"}
    state = state.play("turn")  # 3H: F1 shows the ace
    assert move_set(state) == {"turn"}
    state = state.play("turn").play("talon>f1")  # 2H on AH, then 3H is the talon top again
    assert seg(state, "F1") == "AH2H" and seg(state, "talon") == "2C3H"
    assert move_set(state) == {"talon>f1", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(UNSHUFFLED).start()
    for bad in ["talon>f1", "redeal", "pack>f1", "turn 2", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert move_set(state) == {"turn"}


@pytest.mark.parametrize("game", each_engine())
def test_the_unshuffled_pack_is_won_by_turning_and_playing(game):
    state = game.deal_from(UNSHUFFLED).start()
    for n, card in enumerate(UNSHUFFLED):
        state = state.play("turn").play(f"talon>f{SUITS.index(card[1]) + 1}")
        assert not state.is_won or n == 51
    runs = [suit_run(s) for s in SUITS]
    assert state.key == f"F1:{runs[0]} F2:{runs[1]} F3:{runs[2]} F4:{runs[3]} pack: talon: pass:1"
    assert state.is_won and state.is_over
    assert move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_with_one_pass_the_game_ends_when_the_pack_is_out(game):
    state = greedy(game.deal_from(THREE_PASSES).start())
    # Pass 1: AC goes up; 2C lies under 5C and every club above it waits. Every other suit
    # comes out in order and goes up as it is turned.
    talon = "3C4C2C5C" + suit_run("C", "6789TJQK")
    founds = f"F1:AC F2:{suit_run('D')} F3:{suit_run('H')} F4:{suit_run('S')}"
    assert state.key == f"{founds} pack: talon:{talon} pass:1"
    assert state.is_over and not state.is_won
    assert move_set(state) == set()


@pytest.mark.parametrize("game", each_engine(passes=2))
def test_a_redeal_turns_the_talon_over_as_it_lies(game):
    state = greedy(game.deal_from(THREE_PASSES).start())
    # Pass 2 took only the 2C (3C and 4C were turned before it); then no pass is left.
    assert seg(state, "F1") == "AC2C"
    assert seg(state, "talon") == "3C4C5C" + suit_run("C", "6789TJQK")
    assert seg(state, "pass") == "2"
    assert state.is_over and not state.is_won
    # The re-deal itself: the first card that reached the talon is the first turned again.
    one = greedy(game.deal_from(THREE_PASSES).start(), redeal=False)
    assert move_set(one) == {"redeal"}
    after = one.play("redeal")
    turned = ["3C", "4C", "2C", "5C"] + [r + "C" for r in "6789TJQK"]
    assert after.key.endswith(f" {pack_text(turned)} talon: pass:2")
    assert move_set(after) == {"turn"}
    assert seg(after.play("turn"), "talon") == "3C"


@pytest.mark.parametrize("game", each_engine(passes=3))
def test_three_passes_win_the_deal(game):
    state = greedy(game.deal_from(THREE_PASSES).start())
    assert state.is_won and seg(state, "pass") == "3"
    assert seg(state, "F1") == suit_run("C")
