"""Rule tests of CANFIELD OR KLONDIKE, run against every engine that implements the game.

Every expected value below is worked out by hand from ``rules/canfield-or-klondike.md``,
``rules/CONVENTIONS.md`` and ``docs/notation/canfield-or-klondike.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

from support import engines, move_set

SLUG = "canfield-or-klondike"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
#: the unshuffled pack (CONVENTIONS 1.3)
UNSHUFFLED = [r + s for s in SUITS for r in RANKS]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def arrange(
    columns: list[list[str | None]], pack: Sequence[str] = (), last: Sequence[str] = ()
) -> list[str]:
    """Dealing order that produces ``columns`` (T1..T7, each bottom to top, Ti with i cards)
    and a pack turned in the order ``pack``, then every unnamed card (unshuffled order), then
    ``last``. ``None`` in a column is filled with an unnamed card (unshuffled order)."""
    named = [c for col in columns for c in col if c] + list(pack) + list(last)
    assert len(named) == len(set(named))
    rest = [c for c in UNSHUFFLED if c not in named]
    cols = [[c if c else rest.pop(0) for c in col] for col in columns]
    assert [len(c) for c in cols] == [1, 2, 3, 4, 5, 6, 7]
    order = [cols[c][r] for r in range(7) for c in range(r, 7)]
    return order + list(pack) + rest + list(last)


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


# A layout for the column rules (all named):
# exposed T1 KS (alone), T2 QH on AC, T3 JC, T4 KD over three face-down cards, T5 QD,
# T6 5D, T7 6D.
LAYOUT_A = [
    ["KS"],
    ["AC", "QH"],
    ["3C", "4C", "JC"],
    ["2S", "3S", "4S", "KD"],
    ["5S", "6S", "7S", "8S", "QD"],
    ["9S", "TS", "JS", "QS", "2H", "5D"],
    ["AH", "AD", "AS", "3H", "4H", "5H", "6D"],
]

# A layout that can be played out entirely: the pack turns AC..KC then AD..JD.
LAYOUT_WIN = [
    ["KS"],
    ["KD", "QD"],
    ["QS", "JS", "TS"],
    ["9S", "8S", "7S", "6S"],
    ["5S", "4S", "3S", "2S", "AS"],
    ["KH", "QH", "JH", "TH", "9H", "8H"],
    ["7H", "6H", "5H", "4H", "3H", "2H", "AH"],
]
WIN_PACK = UNSHUFFLED[:24]  # AC..KC, AD..JD in turn order


@pytest.mark.parametrize("game", each_engine())
def test_deal_seven_rows_first_card_of_each_row_face_up(game: Any) -> None:
    state = game.deal_from(UNSHUFFLED).start()
    assert state.key == (
        "T1:AC T2:2c8C T3:3c9cAD T4:4ctc2d6D T5:5cjc3d7dTD T6:6cqc4d8djdKD "
        "T7:7ckc5d9dqdah2H F1: F2: F3: F4: "
        "pack:ksqsjsts9s8s7s6s5s4s3s2saskhqhjhth9h8h7h6h5h4h3h talon: pass:1"
    )
    # aces may go up (one move each, to the lowest empty foundation); nothing else builds
    assert move_set(state) == {"turn", "t1>f1", "t3>f1"}
    assert not state.is_over and not state.is_won


@pytest.mark.parametrize("game", each_engine())
def test_deal_from_seed_uses_the_shuffled_pack_in_order(game: Any) -> None:
    # seed 1 shuffles to 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D ... (CONVENTIONS 2.7)
    state = game.deal(1).start()
    assert seg(state, "T1") == "9S"
    assert seg(state, "T2") == "7sJH"
    assert seg(state, "T3").startswith("qh6c")
    assert seg(state, "T4").startswith("4s5h")
    assert seg(state, "T5").startswith("ac7d")
    assert seg(state, "T6").startswith("8hjc")
    assert seg(state, "T7").startswith("qs3d")
    assert len(seg(state, "pack")) == 48 and seg(state, "talon") == ""


@pytest.mark.parametrize("game", each_engine())
def test_turn_moves_one_card_from_pack_to_talon(game: Any) -> None:
    state = game.deal_from(UNSHUFFLED).start().play("turn")
    assert seg(state, "talon") == "3H"
    assert seg(state, "pack") == "ksqsjsts9s8s7s6s5s4s3s2saskhqhjhth9h8h7h6h5h4h"
    state = state.play("turn")
    assert seg(state, "talon") == "3H4H"


@pytest.mark.parametrize("game", each_engine())
def test_ace_goes_to_lowest_empty_foundation_then_build_up_in_suit(game: Any) -> None:
    state = game.deal_from(UNSHUFFLED).start()
    state = state.play("t3>f1")  # AD first, to F1
    assert seg(state, "F1") == "AD"
    assert seg(state, "T3") == "3c9C"  # 9C turned up automatically
    # AC now goes only to F2; the 9C just turned up goes on TD
    assert move_set(state) == {"turn", "t1>f2", "t3>t5"}
    with pytest.raises(ValueError):
        state.play("t1>f1")
    state = state.play("t1>f2")
    assert seg(state, "F2") == "AC" and seg(state, "T1") == ""


@pytest.mark.parametrize("game", each_engine())
def test_column_moves_whole_run_and_turns_up_card_beneath(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_A)).start()
    assert move_set(state) == {"turn", "t2>t1", "t5>t1", "t3>t2", "t3>t5"}
    state = state.play("t2>t1")
    assert seg(state, "T1") == "KSQH"
    assert seg(state, "T2") == "AC"  # the face-down ace is turned up at once
    assert move_set(state) == {"turn", "t2>f1", "t3>t1", "t3>t5"}
    state = state.play("t3>t1")
    assert seg(state, "T1") == "KSQHJC"
    assert seg(state, "T3") == "3c4C"


@pytest.mark.parametrize("game", each_engine())
def test_part_of_a_run_never_moves_and_king_run_fills_space(game: Any) -> None:
    state = play_all(game.deal_from(arrange(LAYOUT_A)).start(), ["t2>t1", "t3>t1", "t2>f1"])
    assert seg(state, "T2") == "" and seg(state, "F1") == "AC"
    # JC alone could go on QD (T5) but is part of the run KS QH JC: not legal.
    # The run KS QH JC fills T1 entirely: moving it into the space is a null move.
    # KD over face-down cards may fill the space; 4C goes on 5D.
    assert move_set(state) == {"turn", "t4>t2", "t3>t6"}
    for bad in ("t1>t5", "t1>t2", "t5>t2", "t2>t1"):
        with pytest.raises(ValueError):
            state.play(bad)
    state = state.play("t4>t2")
    assert seg(state, "T2") == "KD"
    assert seg(state, "T4") == "2s3s4S"


@pytest.mark.parametrize("game", each_engine())
def test_talon_top_to_foundation_column_or_space(game: Any) -> None:
    columns = [
        ["2S"],
        [None, "9C"],
        [None, None, "9S"],
        [None, None, None, "5C"],
        [None, None, None, None, "5S"],
        [None, None, None, None, None, "KC"],
        [None, None, None, None, None, None, "6C"],
    ]
    state = game.deal_from(arrange(columns, pack=["AH", "8D", "AS", "KH", "2H"])).start()
    assert move_set(state) == {"turn"}
    state = state.play("turn")
    # an ace never goes onto a column, not even onto the black two
    assert move_set(state) == {"turn", "talon>f1"}
    state = state.play("talon>f1").play("turn")
    assert move_set(state) == {"turn", "talon>t2", "talon>t3"}
    state = state.play("talon>t3")
    assert seg(state, "T3").endswith("9S8D") and seg(state, "talon") == ""
    state = state.play("turn")
    assert move_set(state) == {"turn", "talon>f2"}  # second ace: lowest empty foundation
    state = state.play("talon>f2")
    assert move_set(state) == {"turn", "t1>f2"}
    state = state.play("t1>f2")
    assert seg(state, "T1") == "" and seg(state, "F2") == "AS2S"
    state = state.play("turn")
    # space: a king from the talon, or a king-headed run over face-down cards
    assert move_set(state) == {"turn", "talon>t1", "t6>t1"}
    state = state.play("talon>t1")
    assert seg(state, "T1") == "KH"
    state = state.play("turn")
    assert move_set(state) == {"turn", "talon>f1"}  # 2H on AH


@pytest.mark.parametrize("game", each_engine())
def test_single_pass_no_redeal_when_pack_exhausted(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    state = play_all(state, ["turn"] * 24)
    assert seg(state, "pack") == "" and seg(state, "pass") == "1"
    assert seg(state, "talon") == "".join(WIN_PACK)
    # no turn, no redeal; JD on the talon has no black queen to go on
    assert move_set(state) == {"t5>f1", "t7>f1", "t2>t1"}


@pytest.mark.parametrize("game", each_engine())
def test_game_lost_when_no_move_remains(game: Any) -> None:
    columns = [
        ["KC"],
        ["AD", "QC"],
        ["AH", "AS", "JC"],
        [None, None, None, "TC"],
        [None, None, None, None, "9C"],
        [None, None, None, None, None, "8C"],
        ["AC", None, None, None, None, None, "7C"],
    ]
    state = game.deal_from(arrange(columns, last=["6C"])).start()
    state = play_all(state, ["turn"] * 24)
    assert seg(state, "talon").endswith("6C")
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("turn")


@pytest.mark.parametrize("game", each_engine())
def test_game_won_when_all_cards_on_foundations(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    state = play_all(state, ["turn", "talon>f1"] * 13 + ["turn", "talon>f2"] * 11)
    state = play_all(state, ["t2>f2"] * 2 + ["t7>f3"] * 7 + ["t6>f3"] * 6)
    state = play_all(state, ["t5>f4"] * 5 + ["t4>f4"] * 4 + ["t3>f4"] * 3)
    assert not state.is_won and move_set(state) == {"t1>f4"}
    state = state.play("t1>f4")
    assert state.key == (
        "T1: T2: T3: T4: T5: T6: T7: F1:AC2C3C4C5C6C7C8C9CTCJCQCKC "
        "F2:AD2D3D4D5D6D7D8D9DTDJDQDKD F3:AH2H3H4H5H6H7H8H9HTHJHQHKH "
        "F4:AS2S3S4S5S6S7S8S9STSJSQSKS pack: talon: pass:1"
    )
    assert state.is_won and state.is_over and move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game: Any) -> None:
    state = game.deal_from(UNSHUFFLED).start()
    for bad in ("redeal", "t1>t2", "t2>f1", "talon>f1", "t3>f2", "f1>t1", "t1:1>t2", "nonsense"):
        with pytest.raises(ValueError):
            state.play(bad)


@pytest.mark.parametrize("game", each_engine(draw=3))
def test_option_draw_3_turns_three_cards_fewer_at_the_end(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    state = state.play("turn")
    assert seg(state, "talon") == "AC2C3C"  # the third card turned is the top
    assert len(seg(state, "pack")) == 2 * 21
    # 3C is the talon top: AC beneath it is not available
    assert move_set(state) == {"turn", "t5>f1", "t7>f1", "t2>t1"}


@pytest.mark.parametrize("game", each_engine(draw=3, passes=2))
def test_option_draw_3_last_turn_of_a_pass_takes_what_is_left(game: Any) -> None:
    pack = ["2C", "3C", "AC"] + [c for c in WIN_PACK if c not in ("AC", "2C", "3C")]
    state = game.deal_from(arrange(LAYOUT_WIN, pack=pack)).start()
    state = state.play("turn")
    assert seg(state, "talon") == "2C3CAC"
    state = play_all(state, ["talon>f1"] + ["turn"] * 7)
    assert seg(state, "talon") == "2C3C" + "".join(UNSHUFFLED[3:24])
    assert "redeal" in move_set(state)
    state = state.play("redeal")
    assert seg(state, "pass") == "2" and seg(state, "talon") == ""
    state = play_all(state, ["turn"] * 7)
    assert seg(state, "pack") == "jdtd"
    state = state.play("turn")
    assert seg(state, "pack") == ""
    assert seg(state, "talon") == "".join(UNSHUFFLED[1:24])
    assert "redeal" not in move_set(state) and "turn" not in move_set(state)


@pytest.mark.parametrize("game", each_engine(passes=3))
def test_option_passes_3_redeal_turns_talon_over(game: Any) -> None:
    start = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    assert "redeal" not in move_set(start)
    state = play_all(start, ["turn"] * 24)
    assert "redeal" in move_set(state)
    state = state.play("redeal")
    # the first card that reached the talon is again the next to be turned
    assert state.key == start.key.replace("pass:1", "pass:2")
    assert state.play("turn").key.endswith("talon:AC pass:2")
    state = play_all(state, ["turn"] * 24 + ["redeal"] + ["turn"] * 24)
    assert seg(state, "pass") == "3"
    assert "redeal" not in move_set(state)


@pytest.mark.parametrize("game", each_engine(passes=None))
def test_option_passes_unlimited_has_no_pass_counter(game: Any) -> None:
    start = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    assert start.key.endswith(" talon:")
    state = start
    for _ in range(4):
        state = play_all(state, ["turn"] * 24)
        assert "redeal" in move_set(state)
        state = state.play("redeal")
        assert state.key == start.key
    # pack and talon both empty: no redeal
    state = play_all(state, ["turn", "talon>f1"] * 13 + ["turn", "talon>f2"] * 11)
    assert move_set(state) == {"t2>f2", "t2>t1", "t5>f3", "t7>f3"}


@pytest.mark.parametrize("game", each_engine(partial_runs=True))
def test_option_partial_runs_moves_top_k_cards(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_A)).start()
    assert move_set(state) == {"turn", "t2:1>t1", "t5:1>t1", "t3:1>t2", "t3:1>t5"}
    with pytest.raises(ValueError):
        state.play("t2>t1")  # every column move carries its count with this option
    state = play_all(state, ["t2:1>t1", "t3:1>t1", "t2>f1"])
    # JC alone onto QD; KS with everything on it into the space is a null move
    assert move_set(state) == {"turn", "t1:1>t5", "t4:1>t2", "t3:1>t6"}
    state = state.play("t1:1>t5")
    assert seg(state, "T1") == "KSQH"
    assert seg(state, "T5") == "5s6s7s8sQDJC"
    assert "t5:2>t1" not in move_set(state)  # QD onto QH: no
    state = state.play("t4:1>t2")
    assert seg(state, "T2") == "KD" and seg(state, "T4") == "2s3s4S"


@pytest.mark.parametrize("game", each_engine(foundation_return=True))
def test_option_foundation_return_top_card_back_to_column(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    state = play_all(state, ["turn", "talon>f1"] * 7)
    assert seg(state, "F1") == "AC2C3C4C5C6C7C"
    assert "f1>t6" in move_set(state)  # 7C onto 8H
    after = state.play("f1>t6")
    assert seg(after, "F1") == "AC2C3C4C5C6C" and seg(after, "T6") == "khqhjhth9h8H7C"
    state = play_all(state, ["turn", "talon>f1"] * 6 + ["turn", "talon>f2"] * 11)
    state = play_all(state, ["t2>f2", "t2>f2"])
    assert seg(state, "T2") == ""
    # kings may come back into the space
    assert move_set(state) == {"t5>f3", "t7>f3", "f1>t2", "f2>t2"}
    state = state.play("f1>t2")
    assert seg(state, "T2") == "KC" and seg(state, "F1") == "".join(UNSHUFFLED[0:12])


@pytest.mark.parametrize("game", each_engine(foundation_return=True))
def test_option_foundation_return_never_an_ace(game: Any) -> None:
    columns = [
        ["2S"],
        [None, "9C"],
        [None, None, "9S"],
        [None, None, None, "5C"],
        [None, None, None, None, "5S"],
        [None, None, None, None, None, "KC"],
        [None, None, None, None, None, None, "7C"],
    ]
    state = game.deal_from(arrange(columns, pack=["AH"])).start()
    state = play_all(state, ["turn", "talon>f1"])
    assert seg(state, "F1") == "AH"
    assert move_set(state) == {"turn"}  # AH may not come back onto the black two


@pytest.mark.parametrize("game", each_engine())
def test_default_has_no_foundation_return(game: Any) -> None:
    state = game.deal_from(arrange(LAYOUT_WIN, pack=WIN_PACK)).start()
    state = play_all(state, ["turn", "talon>f1"] * 13 + ["turn", "talon>f2"] * 11)
    state = play_all(state, ["t2>f2", "t2>f2"])
    assert move_set(state) == {"t5>f3", "t7>f3"}
