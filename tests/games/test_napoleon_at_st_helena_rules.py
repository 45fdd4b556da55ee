"""Rule tests of NAPOLEON AT ST. HELENA (python/patience/rules/napoleon-at-st-helena.md,
docs/notation/napoleon-at-st-helena.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is constructed here; every expected key,
key fragment or move set is worked out by hand from the rule text.

Deal order reminder (rule text): card k (k = 1..40) goes to column T((k - 1) mod 10 + 1), row
ceil(k / 10); so column j holds cards j, 10 + j, 20 + j, 30 + j, bottom to top, and card 30 + j
is its available card. Cards 41..104 are the pack, card 41 turned first. No automatic steps.
`turn` waits while the talon top could go up or onto a non-empty column (not with the option
`forty_thieves`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "napoleon-at-st-helena"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]
TALON_ONLY = support.engines(SLUG, lane_from_talon_only=True)
TALON_ONLY_IDS = [name for name, _ in TALON_ONLY]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1
COLS = [f"t{j}" for j in range(1, 11)]
#: the eight kings, as the top cards of columns that must stay inert (nothing fits on a king
#: unless a queen of its suit is available, and a king fits nowhere)
KINGS = ["KC", "KD", "KH", "KS"] * 2


def arrange(columns=(), pack_head=()) -> list[str]:
    """A dealing order. ``columns[j]`` lists column T(j+1) from bottom (row 1) to top (row 4),
    with ``None`` for a card left to the filler (a shorter list leaves the top rows to the
    filler); ``pack_head`` gives cards 41, 42, .... Every other place takes the cards left over,
    in unshuffled order."""
    fixed: dict[int, str] = {}
    for j, col in enumerate(columns):
        for r, card in enumerate(col):
            if card is not None:
                fixed[10 * r + j + 1] = card
    for i, card in enumerate(pack_head):
        fixed[41 + i] = card
    left = list(TWO_PACKS)
    for card in fixed.values():
        left.remove(card)
    out = [fixed[p] if p in fixed else left.pop(0) for p in range(1, 105)]
    assert sorted(out) == sorted(TWO_PACKS)
    return out


def segs(state) -> dict[str, str]:
    """The key as a dict label -> contents."""
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def play_all(state, moves):
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
    assert Stream(1).shuffle(ONE_PACK)[:6] == ["9S", "7S", "QH", "4S", "AC", "8H"]


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_layout_of_unshuffled_deal(name, game):
    # Cards 1-13 are AC..KC, 14-26 AD..KD, 27-39 AH..KH, 40 AS; column j gets j, 10+j, 20+j,
    # 30+j. The pack is cards 41-104: 2S..KS of copy 1, then all of copy 2 (2S on top).
    state = game.deal_from(TWO_PACKS, seed=0).start()
    copy2_reversed = (
        "ksqsjsts9s8s7s6s5s4s3s2sas"
        "khqhjhth9h8h7h6h5h4h3h2hah"
        "kdqdjdtd9d8d7d6d5d4d3d2dad"
        "kcqcjctc9c8c7c6c5c4c3c2cac"
    )
    expected = (
        "T1:ACJC8D5H T2:2CQC9D6H T3:3CKCTD7H T4:4CADJD8H T5:5C2DQD9H"
        " T6:6C3DKDTH T7:7C4DAHJH T8:8C5D2HQH T9:9C6D3HKH T10:TC7D4HAS"
        " F1: F2: F3: F4: F5: F6: F7: F8:"
        " pack:" + copy2_reversed + "ksqsjsts9s8s7s6s5s4s3s2s talon:"
    )
    assert state.key == expected
    # Tops 5H 6H 7H 8H 9H TH JH QH KH AS: each heart goes on the next column's heart, the AS
    # goes to F1; nothing else (the ace is the only card that may go up, nothing fits on it).
    assert support.move_set(state) == {
        "t1>t2",
        "t2>t3",
        "t3>t4",
        "t4>t5",
        "t5>t6",
        "t6>t7",
        "t7>t8",
        "t8>t9",
        "t10>f1",
        "turn",
    }
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_is_the_shuffled_pack_in_four_rows_of_ten(name, game):
    for seed in (0, 1, 2**64 - 1):
        cards = Stream(seed).shuffle(TWO_PACKS)
        cols = ["".join(cards[j + 10 * r] for r in range(4)) for j in range(10)]
        expected = (
            " ".join(f"T{j + 1}:{cols[j]}" for j in range(10))
            + " F1: F2: F3: F4: F5: F6: F7: F8:"
            + " pack:"
            + "".join(reversed(cards[40:])).lower()
            + " talon:"
        )
        state = game.deal(seed).start()
        assert state.key == expected
        assert [str(c) for c in game.deal(seed).cards] == cards


# --- foundations -------------------------------------------------------------------------------


ACE_DEAL = arrange(
    [
        [None, None, "8S", "AH"],
        [None, None, "KS", "AC"],
        [None, "9S", "2H", "AH"],
    ]
    + [[None, None, None, k] for k in KINGS[:7]]
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_aces_go_to_the_lowest_numbered_empty_foundation(name, game):
    state = game.deal_from(ACE_DEAL).start()
    assert support.move_set(state) == {"t1>f1", "t2>f1", "t3>f1", "turn"}
    state = state.play("t2>f1")
    assert segs(state)["F1"] == "AC" and segs(state)["T2"].endswith("KS")
    assert support.move_set(state) == {"t1>f2", "t3>f2", "turn"}
    state = state.play("t3>f2")
    # T3 now shows 2H: it may go up on F2, and T1's AH may go onto it (an ace is one lower).
    assert segs(state)["F2"] == "AH" and segs(state)["T3"].endswith("9S2H")
    assert support.move_set(state) == {"t1>f3", "t1>t3", "t3>f2", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_card_fitting_both_foundations_of_its_suit_gives_two_moves(name, game):
    state = play_all(game.deal_from(ACE_DEAL).start(), ["t2>f1", "t3>f2", "t1>f3"])
    s = segs(state)
    assert s["F1"] == "AC" and s["F2"] == "AH" and s["F3"] == "AH" and s["T1"].endswith("8S")
    assert support.move_set(state) == {"t3>f2", "t3>f3", "turn"}
    state = state.play("t3>f3")
    s = segs(state)
    assert s["F2"] == "AH" and s["F3"] == "AH2H" and s["T3"].endswith("9S")
    # T3 shows 9S, T1 shows 8S: a build.
    assert support.move_set(state) == {"t1>t3", "turn"}
    state = state.play("t1>t3")
    assert segs(state)["T3"].endswith("9S8S")


# --- building ----------------------------------------------------------------------------------


BUILD_DEAL = arrange(
    [
        [None, None, None, "7H"],
        [None, None, None, "8H"],
        [None, None, None, "8D"],
        [None, None, None, "9H"],
        [None, None, None, "6H"],
        [None, None, None, "2S"],
        [None, None, None, "AS"],
        [None, None, None, "KS"],
        [None, None, None, "KC"],
        [None, None, None, "KD"],
    ],
    pack_head=["5H", "7D"],
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_build_down_in_suit_by_one_rank_without_wrap(name, game):
    state = game.deal_from(BUILD_DEAL).start()
    # 7H on 8H; 8H on 9H; 6H on 7H; AS on 2S or up. Not 7H on 8D (suit), on 9H (two ranks) or
    # on 6H (upward); not KS on AS nor AS on KS (no wrap).
    assert support.move_set(state) == {"t1>t2", "t2>t4", "t5>t1", "t7>t6", "t7>f1", "turn"}
    state = state.play("t1>t2")
    s = segs(state)
    assert s["T2"].endswith("8H7H") and len(s["T2"]) == 10 and len(s["T1"]) == 6
    with pytest.raises(ValueError):
        state.play("t2:2>t4")


def with_options(name: str, **options):
    """The game of engine ``name`` with ``options`` (built here, not at collection, so that an
    engine without an option fails only the tests that use it)."""
    if name == "reference":
        from patience import reference

        return reference.game(SLUG, **options)
    import patience

    return patience.game(SLUG, **options)


@pytest.mark.parametrize("name", IDS)
def test_talon_top_builds_on_columns(name):
    # With free turning (forty_thieves) a usable talon card may be covered by the next one.
    game = with_options(name, forty_thieves=True)
    state = game.deal_from(BUILD_DEAL).start().play("turn")
    s = segs(state)
    assert s["talon"] == "5H" and len(s["pack"]) == 2 * 63 and s["pack"].endswith("7d")
    base = {"t1>t2", "t2>t4", "t5>t1", "t7>t6", "t7>f1", "turn"}
    assert support.move_set(state) == base | {"talon>t5"}
    state = state.play("turn")
    assert segs(state)["talon"] == "5H7D"
    assert support.move_set(state) == base | {"talon>t3"}
    state = state.play("talon>t3")
    s = segs(state)
    assert s["T3"].endswith("8D7D") and s["talon"] == "5H"
    assert support.move_set(state) == base | {"talon>t5"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_turned_card_that_builds_on_a_column_must_be_used_before_the_next_turn(name, game):
    state = game.deal_from(BUILD_DEAL).start().play("turn")
    assert segs(state)["talon"] == "5H"
    # 5H fits on T5's 6H: no turn until it is used; the other moves stay, and they come first
    # if the player likes.
    base = {"t1>t2", "t2>t4", "t5>t1", "t7>t6", "t7>f1"}
    assert support.move_set(state) == base | {"talon>t5"}
    with pytest.raises(ValueError):
        state.play("turn")
    state = state.play("t7>f1")  # AS up: T7 shows its row-3 card; 5H still fits on 6H
    assert "turn" not in support.move_set(state)
    state = state.play("talon>t5")
    assert segs(state)["T5"].endswith("6H5H") and segs(state)["talon"] == ""
    assert "turn" in support.move_set(state)
    state = state.play("turn")  # 7D: onto T3's 8D
    assert segs(state)["talon"] == "7D"
    assert "turn" not in support.move_set(state) and "talon>t3" in support.move_set(state)


#: T1 shows AS, T2-T9 kings, T10 (filler) 8H; the pack starts AD then 2S.
UP_DEAL = arrange(
    [[None, None, None, "AS"]] + [[None, None, None, k] for k in KINGS[:9]],
    pack_head=["AD", "2S", "9H"],
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_turned_card_that_fits_a_foundation_must_be_used_before_the_next_turn(name, game):
    state = game.deal_from(UP_DEAL).start()
    assert support.move_set(state) == {"t1>f1", "turn"}
    state = state.play("turn")
    # AD could start a foundation: no turn. The player chooses the order: AS first is fine.
    assert support.move_set(state) == {"t1>f1", "talon>f1"}
    state = state.play("t1>f1")
    assert "talon>f2" in support.move_set(state) and "turn" not in support.move_set(state)
    state = state.play("talon>f2").play("turn")
    # 2S goes on the AS of F1 (a foundation of its suit): no turn.
    assert segs(state)["talon"] == "2S" and segs(state)["F1"] == "AS"
    assert "talon>f1" in support.move_set(state) and "turn" not in support.move_set(state)


@pytest.mark.parametrize("name", IDS)
def test_forty_thieves_turns_at_any_time(name):
    game = with_options(name, forty_thieves=True)
    state = game.deal_from(UP_DEAL).start().play("turn")
    assert support.move_set(state) == {"t1>f1", "talon>f1", "turn"}
    state = state.play("turn")  # AD covered by 2S
    assert segs(state)["talon"] == "AD2S"


# --- spaces ------------------------------------------------------------------------------------


SPACE_DEAL = arrange(
    [["AD", "AS", "AH", "AC"], ["7H", "AD", "AS", "AH"]] + [[None, None, None, k] for k in KINGS],
    pack_head=["6H"],
)
EMPTY_T1 = ["t1>f1", "t1>f2", "t1>f3", "t1>f4"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_emptied_column_takes_any_card(name, game):
    state = game.deal_from(SPACE_DEAL).start()
    assert support.move_set(state) == {"t1>f1", "t2>f1", "turn"}
    state = play_all(state, EMPTY_T1)
    s = segs(state)
    assert s["T1"] == "" and [s[f"F{i}"] for i in range(1, 5)] == ["AC", "AH", "AS", "AD"]
    into_t1 = {f"t{j}>t1" for j in range(2, 11)}
    assert support.move_set(state) == {"t2>f5", "turn"} | into_t1
    state = play_all(state, ["t2>f5", "t2>f6"])
    assert support.move_set(state) == {"t2>f7", "turn"} | into_t1
    state = state.play("t2>f7")
    s = segs(state)
    assert s["T2"] == "7H" and s["F5"] == "AH" and s["F6"] == "AS" and s["F7"] == "AD"
    # The only card of T2 may move into the empty T1: the card changes column.
    assert support.move_set(state) == {"turn"} | into_t1
    state = state.play("t2>t1")
    s = segs(state)
    assert s["T1"] == "7H" and s["T2"] == ""
    into_t2 = {"t1>t2"} | {f"t{j}>t2" for j in range(3, 11)}
    assert support.move_set(state) == {"turn"} | into_t2
    state = state.play("turn")
    # 6H from the talon: on the 7H now in T1 (the placed card acts as a column card), or into T2.
    # It fits a column, so no turn until it is used.
    assert segs(state)["talon"] == "6H"
    assert support.move_set(state) == {"talon>t1", "talon>t2"} | into_t2
    state = state.play("talon>t1")
    assert segs(state)["T1"] == "7H6H" and segs(state)["talon"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_space_filling_is_never_compulsory(name, game):
    state = play_all(game.deal_from(SPACE_DEAL).start(), EMPTY_T1 + ["turn"])
    # 6H fits no foundation (F1-F4 show aces) and no column (T2 shows AH, the others kings); it
    # fits only the space T1, which does not hold the pack back.
    assert segs(state)["talon"] == "6H"
    assert "talon>t1" in support.move_set(state) and "turn" in support.move_set(state)
    state = state.play("turn")
    s = segs(state)
    assert s["T1"] == "" and len(s["talon"]) == 4 and s["talon"].startswith("6H")
    assert "talon>t1" in support.move_set(state) and "turn" in support.move_set(state)


@pytest.mark.parametrize("name,game", TALON_ONLY, ids=TALON_ONLY_IDS)
def test_lane_from_talon_only_option(name, game):
    state = play_all(game.deal_from(SPACE_DEAL).start(), EMPTY_T1)
    assert segs(state)["T1"] == ""
    # No column card may go into the space; the aces still go up.
    assert support.move_set(state) == {"t2>f5", "turn"}
    state = play_all(state, ["t2>f5", "t2>f6", "t2>f7"])
    assert segs(state)["T2"] == "7H"
    assert support.move_set(state) == {"turn"}
    with pytest.raises(ValueError):
        state.play("t2>t1")
    state = state.play("turn")
    # 6H: into the space T1 (from the talon), or onto 7H in T2; it fits a column, so no turn.
    assert support.move_set(state) == {"talon>t1", "talon>t2"}
    state = state.play("talon>t1")
    s = segs(state)
    assert s["T1"] == "6H" and s["talon"] == ""
    # T1's 6H may go onto the 7H of T2 (an ordinary build).
    assert support.move_set(state) == {"t1>t2", "turn"}


# --- the pack, the end -------------------------------------------------------------------------

# All eight aces at the bottom of T1-T8, the four QC and QD in rows 2 of T1-T4, tops 2C 2D 2H 2S
# 2C 2D 2H 2S KC KD. Nothing fits on a two but its ace, on KC/KD but a QC/QD: all buried. No
# foundation can start. So the only move is ever to turn, and after 64 turns none is left.
STUCK_DEAL = arrange(
    [
        ["AC", "QC", None, "2C"],
        ["AD", "QC", None, "2D"],
        ["AH", "QD", None, "2H"],
        ["AS", "QD", None, "2S"],
        ["AC", None, None, "2C"],
        ["AD", None, None, "2D"],
        ["AH", None, None, "2H"],
        ["AS", None, None, "2S"],
        [None, None, None, "KC"],
        [None, None, None, "KD"],
    ]
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_one_pass_then_lost_when_no_move(name, game):
    state = game.deal_from(STUCK_DEAL).start()
    pack_cards = STUCK_DEAL[40:]
    for i in range(64):
        assert support.move_set(state) == {"turn"}, i
        state = state.play("turn")
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(pack_cards)
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
    for bad in ("redeal", "turn", "talon>f1"):
        with pytest.raises(ValueError):
            state.play(bad)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["talon>f1", "talon>t1", "t1>t1", "f1>t1", "t1>f2", "t11>f1", "redeal", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_bad_options_are_rejected():
    for opts in (
        {"no_such_option": True},
        {"lane_from_talon_only": 1},
        {"lane_from_talon_only": None},
        {"forty_thieves": 1},
        {"forty_thieves": "yes"},
    ):
        with pytest.raises(ValueError):
            support.engines(SLUG, **opts)


# --- a won game --------------------------------------------------------------------------------

# Pack: for copy 1 then copy 2, for each suit C D H S, ranks A..8 (64 cards), each one playable
# to the foundations as it is turned. Columns T1-T8: for copy 1 C D H S then copy 2 C D H S, the
# suit's Q J T 9 (9 on top); T9 and T10: KC KD KH KS (KS on top).
WIN_PACK = [r + s for _ in range(2) for s in SUITS for r in "A2345678"]
WIN_DEAL = arrange(
    [[f"Q{s}", f"J{s}", f"T{s}", f"9{s}"] for s in SUITS * 2] + [["KC", "KD", "KH", "KS"]] * 2,
    pack_head=WIN_PACK,
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_game_won_with_all_cards_on_foundations(name, game):
    state = game.deal_from(WIN_DEAL).start()
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "AC"
    assert support.move_set(state) == {"talon>f1"}  # AC fits an empty foundation: no turn
    for _ in range(400):
        moves = support.move_set(state)
        if not moves:
            break
        up = sorted(m for m in moves if ">f" in m)
        state = state.play(up[0] if up else "turn")
    # Copy 1's aces start F1-F4 (C D H S), copy 2's F5-F8.
    s = segs(state)
    for i, suit in enumerate(SUITS * 2):
        assert s[f"F{i + 1}"] == "".join(r + suit for r in RANKS)
    assert all(s[f"T{j}"] == "" for j in range(1, 11))
    assert s["pack"] == "" and s["talon"] == ""
    assert state.is_won and state.is_over and support.move_set(state) == set()
