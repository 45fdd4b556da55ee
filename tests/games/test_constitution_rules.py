"""Rule tests of THE CONSTITUTION, run against every engine that implements the game.

Every expected value below is worked out by hand from ``rules/constitution.md``,
``rules/CONVENTIONS.md`` and ``docs/notation/constitution.md``.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

from support import engines, move_set

SLUG = "constitution"
#: the 80 cards that are played: 2..J of each suit, two of each
PLAYED = [r + s for s in "CDHS" for r in "23456789TJ" for _ in range(2)]
#: the 24 cards withdrawn before the deal: aces, kings, queens, two of each
WITHDRAWN = [r + s for r in "AKQ" for s in "CDHS" for _ in range(2)]
FOUNDATIONS = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"


def each_engine() -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG)]


def row(text: str) -> list[str]:
    cards = text.split()
    assert len(cards) == 8
    return cards


def arrange(
    privy: str, lords: str, commons: str, people: str, pack: Sequence[str] = ()
) -> tuple[list[str], list[str]]:
    """The 80 played cards in dealing order for the given rows (each left to right), with the
    pack starting (top first) with ``pack`` and then every unnamed card (C, D, H, S; 2..J).
    Returns (the 80 cards, the 48 pack cards top first)."""
    named = row(people) + row(commons) + row(lords) + row(privy) + list(pack)
    left = Counter(PLAYED)
    left.subtract(named)
    assert all(n >= 0 for n in left.values()), "a card named more than twice"
    rest = [c for c in dict.fromkeys(PLAYED) for _ in range(left[c])]
    order = named + rest
    assert len(order) == 80
    return order, order[32:]


def deck(order80: list[str]) -> list[str]:
    """The 104-card explicit deal: the withdrawn cards first, then the 80 played cards."""
    return WITHDRAWN + order80


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


# Layout A, worked through by hand below.
#   row 1 Privy Council : 2C 2H TS 8D 5C JD 9S 3H
#   row 2 House of Lords: 9D 9H 7C 4D 6H 2S TH 8C
#   row 3 Commons       : 8S 3S 6D 7S 5H 4C 3D 9C
#   row 4 People        : 7D 2D 5S 6S 4H 3C 8H TD
#   pack (top first)    : JS JH, then the unnamed cards
A_ROWS = (
    "2C 2H TS 8D 5C JD 9S 3H",
    "9D 9H 7C 4D 6H 2S TH 8C",
    "8S 3S 6D 7S 5H 4C 3D 9C",
    "7D 2D 5S 6S 4H 3C 8H TD",
)
A_ORDER, A_PACK = arrange(*A_ROWS, pack=["JS", "JH"])


def start_a(game: Any) -> Any:
    return game.deal_from(deck(A_ORDER)).start()


def pack_text(top_first: list[str]) -> str:
    """The pack segment: bottom to top, lower case (the next card last)."""
    return "".join(c.lower() for c in reversed(top_first))


def rows_text(rows: Sequence[str]) -> str:
    """Key segments R1C1..R4C8 of one-card piles, rows given top row first."""
    out = []
    for r, text in enumerate(rows, start=1):
        for c, card in enumerate(text.split(), start=1):
            out.append(f"R{r}C{c}:{card}")
    return " ".join(out)


# --- deal --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_deal_rows_from_the_people_upward_after_withdrawing_aces_kings_queens(game: Any) -> None:
    # withdrawn cards scattered through the deal: they are taken out, the rest keep order
    order = list(A_ORDER)
    full = []
    extra = list(WITHDRAWN)
    for i, card in enumerate(order):
        if i % 3 == 0 and extra:
            full.append(extra.pop())
        full.append(card)
    full += extra
    state = game.deal_from(full).start()
    expected = f"{FOUNDATIONS} {rows_text(A_ROWS)} pack:{pack_text(A_PACK)} talon:"
    assert state.key == expected
    assert state.key.startswith(
        "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS R1C1:2C R1C2:2H R1C3:TS"
    )
    assert seg(state, "R4C1") == "7D" and seg(state, "R4C8") == "TD"
    assert seg(state, "pack").endswith("hjs")  # JS next, then JH
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seed_deal_people_row_is_first_eight_cards_without_aces_kings_queens(game: Any) -> None:
    # The 104-card shuffle of seed 1 (CONVENTIONS 2) begins
    # 8S 7H 9H AH TC 9C 5H 8C 3D KC KD 3S 2H KH QC QS QD 7S 7H 7S 6C ...
    state = game.deal(1).start()
    people = [seg(state, f"R4C{c}") for c in range(1, 9)]
    assert people == ["8S", "7H", "9H", "TC", "9C", "5H", "8C", "3D"]
    commons = [seg(state, f"R3C{c}") for c in range(1, 5)]
    assert commons == ["3S", "2H", "7S", "7H"]
    assert state.key.startswith(FOUNDATIONS + " ")
    assert len(seg(state, "pack")) == 96 and seg(state, "talon") == ""


# --- opening moves: foundations and building ---------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_legal_moves_foundations_from_privy_council_and_builds_onto_row_above(game: Any) -> None:
    state = start_a(game)
    assert move_set(state) == {
        # 2C and 2H of the Privy Council, each to both foundations of its suit
        "r1c1>f1",
        "r1c1>f2",
        "r1c2>f5",
        "r1c2>f6",
        # row 2 onto row 1: 9D, 9H on TS; 7C on 8D; 4D on 5C; 2S on 3H
        "r2c1>r1c3",
        "r2c2>r1c3",
        "r2c3>r1c4",
        "r2c4>r1c5",
        "r2c6>r1c8",
        # row 3 onto row 2: 8S on 9D or 9H; 3S on 4D; 6D on 7C; 9C on TH
        "r3c1>r2c1",
        "r3c1>r2c2",
        "r3c2>r2c4",
        "r3c3>r2c3",
        "r3c8>r2c7",
        # row 4 onto row 3: 7D on 8S; 2D on 3S; 5S on 6D; 8H on 9C
        "r4c1>r3c1",
        "r4c2>r3c2",
        "r4c3>r3c3",
        "r4c7>r3c8",
        "turn",
    }


@pytest.mark.parametrize("game", each_engine())
def test_foundations_only_from_privy_council(game: Any) -> None:
    state = start_a(game)
    for move in ("r2c6>f7", "r2c6>f8", "r4c2>f3", "r4c2>f4", "turn>f1"):
        with pytest.raises(ValueError):
            state.play(move)


@pytest.mark.parametrize("game", each_engine())
def test_build_only_alternate_colour_one_lower_from_the_row_directly_below(game: Any) -> None:
    state = start_a(game)
    illegal = [
        "r4c5>r3c5",  # 4H on 5H: same colour
        "r4c6>r3c5",  # 3C on 5H: two lower
        "r2c8>r2c1",  # 8C on 9D: within a row
        "r3c4>r1c4",  # 7S on 8D: skips a row
        "r1c7>r2c7",  # 9S on TH: downward
        "r2c5>r3c4",  # 6H on 7S: downward
        "r3c5>r4c4",  # 5H on 6S: onto the People
        "r4c1>r3c2",  # 7D on 3S
    ]
    for move in illegal:
        with pytest.raises(ValueError):
            state.play(move)


@pytest.mark.parametrize("game", each_engine())
def test_build_moves_one_card_and_piles_grow_into_sequences(game: Any) -> None:
    state = start_a(game)
    # 8S onto 9D leaves R3C1 empty: filled at once; choose 7D from the People,
    # whose gap takes the pack top JS
    state = play_all(state, ["r3c1>r2c1", "r4c1>r3c1"])
    assert seg(state, "R2C1") == "9D8S"
    assert seg(state, "R3C1") == "7D"
    assert seg(state, "R4C1") == "JS"
    # 7D can now go onto 8S as well: the sequence grows
    assert "r3c1>r2c1" in move_set(state)
    state = state.play("r3c1>r2c1")
    assert "pending:R3C1" in state.key
    state = state.play("r4c8>r3c1")  # TD up; its People gap takes JH
    assert seg(state, "R2C1") == "9D8S7D"
    assert seg(state, "R3C1") == "TD"
    assert seg(state, "R4C8") == "JH"
    assert seg(state, "pack") == pack_text(A_PACK[2:])


# --- vacancies: the book's Rule V ----------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_rule_v_vacancy_filled_at_once_from_the_row_below(game: Any) -> None:
    state = start_a(game)
    state = state.play("r1c1>f1")  # 2C up: Privy Council gap
    assert seg(state, "F1") == "AC2C"
    assert seg(state, "R1C1") == ""
    assert state.key.endswith(" pending:R1C1")
    # a pending choice: one fill per non-empty pile of the House of Lords, nothing else
    assert move_set(state) == {f"r2c{c}>r1c1" for c in range(1, 9)}
    for move in ("turn", "r1c2>f5", "r2c1>r1c3", "r3c1>r2c1", "r3c1>r1c1"):
        with pytest.raises(ValueError):
            state.play(move)
    # fill from any pile, not only the one beneath: 4D of R2C4
    state = state.play("r2c4>r1c1")
    assert seg(state, "R1C1") == "4D"
    assert state.key.endswith(" pending:R2C4")
    assert move_set(state) == {f"r3c{c}>r2c4" for c in range(1, 9)}
    state = state.play("r3c8>r2c4")  # 9C
    assert state.key.endswith(" pending:R3C8")
    assert move_set(state) == {f"r4c{c}>r3c8" for c in range(1, 9)}
    state = state.play("r4c2>r3c8")  # 2D; the People gap takes the pack top at once
    assert "pending" not in state.key
    expected_rows = (
        "4D 2H TS 8D 5C JD 9S 3H",
        "9D 9H 7C 9C 6H 2S TH 8C",
        "8S 3S 6D 7S 5H 4C 3D 2D",
        "7D JS 5S 6S 4H 3C 8H TD",
    )
    expected = (
        "F1:AC2C F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS "
        f"{rows_text(expected_rows)} pack:{pack_text(A_PACK[1:])} talon:"
    )
    assert state.key == expected


@pytest.mark.parametrize("game", each_engine())
def test_fill_from_a_pile_that_keeps_cards_opens_no_new_gap(game: Any) -> None:
    state = start_a(game)
    state = play_all(state, ["r3c1>r2c1", "r4c1>r3c1"])  # R2C1 = 9D8S
    state = state.play("r1c1>f2")  # 2C to the second clubs foundation
    assert seg(state, "F2") == "AC2C" and seg(state, "F1") == "AC"
    state = state.play("r2c1>r1c1")  # 8S leaves 9D behind
    assert seg(state, "R1C1") == "8S"
    assert seg(state, "R2C1") == "9D"
    assert "pending" not in state.key
    assert "turn" in move_set(state)


@pytest.mark.parametrize("game", each_engine())
def test_people_gap_filled_from_talon_top_before_pack(game: Any) -> None:
    state = start_a(game)
    state = play_all(state, ["turn", "turn"])
    assert seg(state, "talon") == "JSJH"
    assert seg(state, "pack") == pack_text(A_PACK[2:])
    state = state.play("r4c2>r3c2")  # 2D onto 3S; its gap takes the talon top JH
    assert seg(state, "R3C2") == "3S2D"
    assert seg(state, "R4C2") == "JH"
    assert seg(state, "talon") == "JS"
    assert seg(state, "pack") == pack_text(A_PACK[2:])
    assert "pending" not in state.key


@pytest.mark.parametrize("game", each_engine())
def test_people_gap_filled_straight_from_pack_when_no_talon(game: Any) -> None:
    state = start_a(game)
    state = state.play("r4c2>r3c2")
    assert seg(state, "R4C2") == "JS"
    assert seg(state, "talon") == ""
    assert seg(state, "pack") == pack_text(A_PACK[1:])


@pytest.mark.parametrize("game", each_engine())
def test_turn_deals_one_card_to_the_talon_which_is_never_built(game: Any) -> None:
    state = start_a(game)
    state = state.play("turn")
    assert seg(state, "talon") == "JS"
    assert seg(state, "pack") == pack_text(A_PACK[1:])
    for move in ("talon>r4c1", "talon>r3c1", "talon>f7", "pack>r4c1"):
        with pytest.raises(ValueError):
            state.play(move)


# --- end of the game -----------------------------------------------------------------------

# Only black cards in the layout (no build possible), no 2 in the Privy Council.
BLACK_ROWS = (
    "9C 9C 9S 9S JC JC JS JS",
    "TC TC TS TS 8C 8C 8S 8S",
    "7C 7C 7S 7S 6C 6C 6S 6S",
    "5C 5C 5S 5S 4C 4C 4S 4S",
)


@pytest.mark.parametrize("game", each_engine())
def test_lost_when_pack_is_used_up_and_no_move_remains(game: Any) -> None:
    order, _ = arrange(*BLACK_ROWS)
    state = game.deal_from(deck(order)).start()
    for _ in range(48):
        assert move_set(state) == {"turn"}
        assert not state.is_over
        state = state.play("turn")
    assert seg(state, "pack") == ""
    assert len(seg(state, "talon")) == 96
    assert move_set(state) == set()
    assert state.is_over and not state.is_won


# Eight one-suit columns: column c holds ranks 2 (row 1) to 5 (row 4) of the suit of F<c>,
# and the pack brings the 6s, then the 7s, ... the jacks, in column order.
SUITS_OF = "CCDDHHSS"
COLUMN_ROWS = tuple(" ".join(f"{r}{s}" for s in SUITS_OF) for r in "2345")
COLUMN_PACK = [f"{r}{s}" for r in "6789TJ" for s in SUITS_OF]


def start_columns(game: Any) -> Any:
    order, pack = arrange(*COLUMN_ROWS, pack=COLUMN_PACK)
    assert pack == COLUMN_PACK
    return game.deal_from(deck(order)).start()


def play_column(state: Any, c: int) -> Any:
    """Play the Privy Council card of column c to F<c>, then fill every pending gap from the
    same column."""
    state = state.play(f"r1c{c}>f{c}")
    while "pending:" in state.key:
        label = seg(state, "pending")  # RrCc
        r = int(label[1])
        state = state.play(f"r{r + 1}c{c}>r{r}c{c}")
    return state


@pytest.mark.parametrize("game", each_engine())
def test_chained_fills_down_to_the_people_take_the_pack_in_order(game: Any) -> None:
    state = start_columns(game)
    state = state.play("r1c1>f1")
    assert move_set(state) == {f"r2c{c}>r1c1" for c in range(1, 9)}
    state = play_all(state, ["r2c1>r1c1", "r3c1>r2c1", "r4c1>r3c1"])
    assert [seg(state, f"R{r}C1") for r in range(1, 5)] == ["3C", "4C", "5C", "6C"]
    assert seg(state, "pack") == pack_text(COLUMN_PACK[1:])


@pytest.mark.parametrize("game", each_engine())
def test_single_source_fill_is_automatic_and_unfillable_gaps_stay_empty(game: Any) -> None:
    state = start_columns(game)
    for _ in range(6):  # 2s .. 7s: the pack is used up by the jacks of round 6
        for c in range(1, 9):
            state = play_column(state, c)
    assert seg(state, "pack") == "" and seg(state, "talon") == ""
    for c in range(1, 8):
        state = play_column(state, c)  # the 8s of columns 1..7
    # column 8 still 8S 9S TS JS; the People row holds only JS of column 8
    assert [seg(state, f"R4C{c}") for c in range(1, 9)] == [""] * 7 + ["JS"]
    state = state.play("r1c8>f8")
    assert state.key.endswith(" pending:R1C8")
    state = state.play("r2c8>r1c8")
    assert state.key.endswith(" pending:R2C8")
    state = state.play("r3c8>r2c8")
    # R3C8's only possible source is R4C8: filled without a move; R4C8 stays empty
    assert "pending" not in state.key
    assert [seg(state, f"R{r}C8") for r in range(1, 5)] == ["9S", "TS", "JS", ""]
    nines = {
        f"r1c{c}>f{f}" for c in range(1, 9) for f in range(1, 9) if (c + 1) // 2 == (f + 1) // 2
    }
    assert move_set(state) == nines
    for c in range(1, 9):
        state = play_column(state, c)  # the 9s
    assert [seg(state, f"R{r}C8") for r in range(1, 5)] == ["TS", "JS", "", ""]
    for c in range(1, 8):
        state = play_column(state, c)  # the 10s of columns 1..7
    assert [seg(state, f"R2C{c}") for c in range(1, 9)] == [""] * 7 + ["JS"]
    state = state.play("r1c8>f8")  # TS: R2C8 is the only source, so JS rises by itself
    assert "pending" not in state.key
    assert [seg(state, f"R{r}C8") for r in range(1, 5)] == ["JS", "", "", ""]


@pytest.mark.parametrize("game", each_engine())
def test_won_when_all_foundations_reach_the_jack(game: Any) -> None:
    state = start_columns(game)
    for _ in range(10):
        for c in range(1, 9):
            assert not state.is_won
            state = play_column(state, c)
    suits = "CCDDHHSS"
    assert state.key == (
        " ".join(f"F{m}:" + "".join(r + suits[m - 1] for r in "A23456789TJ") for m in range(1, 9))
        + " "
        + " ".join(f"R{r}C{c}:" for r in range(1, 5) for c in range(1, 9))
        + " pack: talon:"
    )
    assert state.is_won and state.is_over
    assert move_set(state) == set()
