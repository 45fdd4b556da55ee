"""Rule tests of THE KINGS (rules/kings.md, docs/notation/kings.md), run on every engine.

Every position is built from an explicit deal whose card order is constructed here, and every
expected key, key fragment or move set is worked out by hand from the rule file.

Deal order reminder (rule file): the eight aces are taken out of the pack; the other 96 cards
go, four per column (rows 1..4), into columns L1, R1, L2, R2, ...; the card dealt into column
Lc / Rc, row r, is pushed onto row-pile Left[r] / Right[r].
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

ENGINES = support.engines("kings")
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
ACES = ["AC", "AD", "AH", "AS"] * 2

LABELS = [f"{side}{r}" for r in range(1, 5) for side in ("Left", "Right")]


def build(prefix: list[str]) -> list[str]:
    """Aces first (withdrawn), then ``prefix`` in dealing order, then every other card of the
    two packs from king down to two (suits C, D, H, S within a rank). Tests on such deals only
    assert facts that the tail cannot change."""
    rest = [c for c in TWO_PACKS if c[0] != "A"]
    for c in prefix:
        rest.remove(c)
    rest.sort(key=lambda c: (-RANKS.index(c[0]), SUITS.index(c[1])))
    return ACES + prefix + rest


def segs(state) -> dict[str, str]:
    """The key as a dict label -> contents."""
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


# --- the base deal -----------------------------------------------------------------------
# Cards 1..88 of the pack (after the aces): 3C 3D 3H 3S 3C 3D, then FILL[0..75], then 3H, then
# FILL[76] (TS), then 3S, then FILL[77..79] (JS QS KS). Cards 89..96: 2C 2D 2H 2S 2C 2D 2H 2S.
# With every foundation an ace, no card of rank 3 or more plays, so cards 1..88 fill columns
# L1..R11 exactly (card p: column ceil(p/4), row (p-1)%4+1; odd columns left). Then column L12:
#  row 1: 2C -> F1 (FL1 before FR1), replaced by 2D -> F2, replaced by 2H (no fit). Step (b):
#         Right1's top 3S (card 85, column R11, outermost) -> F1, Right1 closed, not refilled;
#         the released 4S (card 77) waits.
#  row 2: 2S -> F3, replaced by 2C -> F4, replaced by 2D (stays).
#  row 3: 2H -> F5, replaced by 2S -> F6; the pack is empty, Left3 is closed and its released
#         3H (card 83, column L11) waits although F5/F6 would take it.
# The 2H on Left1 and the 2D on Left2 would fit F7/F8 (row 4), but not during the deal.
FILL = [r + s for s in SUITS for r in "456789TJQK"] * 2
BASE = (
    ACES
    + ["3C", "3D", "3H", "3S", "3C", "3D"]
    + FILL[0:76]
    + ["3H", FILL[76], "3S"]
    + FILL[77:80]
    + ["2C", "2D", "2H", "2S", "2C", "2D", "2H", "2S"]
)
BASE_KEY = (
    "Left1:3C6C4DQDTH8S6C4DQDTH8S2H Right1:3CTC8D6H4SQSTC8D6H4S "
    "Left2:3D7C5DKDJH9S7C5DKDJH9S2D Right2:3DJC9D7H5SKSJC9D7H5SJS "
    "Left3:3H8C6D4HQHTS8C6D4HQH3H Right3:4CQCTD8H6S4CQCTD8H6SQS "
    "Left4:3S9C7D5HKHJS9C7D5HKHTS Right4:5CKCJD9H7S5CKCJD9H7SKS "
    "F1:AD2C3S F2:AD2D F3:AC2S F4:AC2C F5:AH2H F6:AH2S F7:AS F8:AS"
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_layout_of_a_known_deal_columns_alternate_left_right_outward(name, game):
    state = game.deal_from(BASE).start()
    assert state.key == BASE_KEY
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_aces_are_withdrawn_from_the_shuffled_pack_wherever_they_lie(name, game):
    # The same 96 cards in the same order, with the aces scattered: the same deal.
    cards = BASE[8:]
    mixed = list(cards)
    for pos, ace in zip([0, 5, 17, 40, 41, 70, 95, 100], ["AS", "AH", "AD", "AC"] * 2):
        mixed.insert(pos, ace)
    assert game.deal_from(mixed).start().key == BASE_KEY
    assert game.deal_from(cards + ACES).start().key == BASE_KEY


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_aces_in_fixed_suit_rows_for_any_seed(name, game):
    for seed in (0, 1, 2, 12345):
        s = segs(game.deal(seed).start())
        firsts = [s[f"F{n}"][:2] for n in range(1, 9)]
        assert firsts == ["AD", "AD", "AC", "AC", "AH", "AH", "AS", "AS"]
        assert sum(len(v) for v in s.values()) == 2 * 104


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_card_played_from_the_slot_is_replaced_and_left_foundation_first(name, game):
    s = segs(game.deal_from(BASE).start())
    # 2C found both row-1 foundations on an ace: FL1 (F1); 2D then went to FR1 (F2); the
    # third card dealt into the same slot (2H) stayed on Left1.
    assert s["F1"].startswith("AD2C") and s["F2"] == "AD2D"
    assert s["Left1"].endswith("8S2H")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_during_the_deal_a_card_plays_only_to_a_foundation_in_its_own_row(name, game):
    # L1 row 1: 2C -> F1, replaced by 9C. L1 row 2: 3D stays although F1 (row 1) shows a 2.
    # L1 row 3: 2H -> F5 (FL3), not to the lower-numbered F2 (row 1), replaced by 9H.
    # L1 row 4: 9S. R1: 9C, 9D (so nothing plays in row 2 before L2 covers 3D), 9H, 9S.
    # L2 row 1: TC, row 2: TD covers 3D for good.
    deal = build(["2C", "9C", "3D", "2H", "9H", "9S", "9C", "9D", "9H", "9S", "TC", "TD"])
    s = segs(game.deal_from(deal).start())
    assert s["F1"].startswith("AD2C")
    assert s["F5"].startswith("AH2H")
    assert s["Left2"].startswith("3DTD")
    assert s["Left1"].startswith("9CTC")
    # In the base deal, the open 2H (Left1) and 2D (Left2) could go on F7/F8 but stayed.
    base = segs(game.deal_from(BASE).start())
    assert base["F7"] == "AS" and base["F8"] == "AS"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_row_restriction_ceases_when_the_deal_is_complete(name, game):
    state = game.deal_from(BASE).start()
    moves = support.move_set(state)
    # 2H (row 1) and 2D (row 2) may now go on the row-4 foundations.
    assert {"left1>f7", "left1>f8", "left2>f7", "left2>f8"} <= moves
    after = state.play("left2>f8")
    assert segs(after)["F8"] == "AS2D"
    assert segs(after)["Left2"] == "3D7C5DKDJH9S7C5DKDJH9S"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_outermost_column_card_stays_playable_until_covered(name, game):
    # L1: 9C, 3D, 9H, 9S. R1 row 1: TC; row 2: 2S -> F3, replaced by JC; step (b) then plays
    # the 3D of L1 row 2 (still the outermost card of Left2) to F3; Left2 is not refilled.
    # R1 rows 3-4: TH, TS. L2: QC, QD, QH, QS (QD starts Left2 afresh).
    deal = build(["9C", "3D", "9H", "9S", "TC", "2S", "JC", "TH", "TS", "QC", "QD", "QH", "QS"])
    s = segs(game.deal_from(deal).start())
    assert s["F3"].startswith("AC2S3D")
    assert s["Left2"].startswith("QD")
    assert s["Right2"].startswith("JC")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_inner_column_card_released_during_the_deal_waits(name, game):
    # L1: 4H, 9D, 9H, 9S. R1: 9C, 9D, 9H, 9S. L2: 3H, TD, TH, TS. R2 row 1: 2C -> F1, replaced
    # by JC; step (b) plays Left1's 3H (outermost) to F1, which releases 4H (column L1): it
    # fits F1 but must wait. R2 rows 2-4: JD, JH, JS. L3 row 1: QC covers 4H.
    deal = build(
        ["4H", "9D", "9H", "9S", "9C", "9D", "9H", "9S", "3H", "TD", "TH", "TS"]
        + ["2C", "JC", "JD", "JH", "JS", "QC"]
    )
    s = segs(game.deal_from(deal).start())
    assert s["F1"].startswith("AD2C3H")
    assert s["Left1"].startswith("4HQC")
    # The base deal: 4S on Right1 and 3H on Left3 were released by plays and wait too.
    base = segs(game.deal_from(BASE).start())
    assert base["Right1"].endswith("4S") and base["Left3"].endswith("3H")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_card_just_dealt_plays_before_other_open_cards(name, game):
    # L1: 9C, 9D, 9H, 9S. R1: 3D, TC, TD, TH. L2 row 1: 2C -> F1, replaced by 3H. Step (a)
    # first: 3H (in the slot) -> F1, replaced by 9S; Right1's 3D then fits neither F1 (3) nor
    # F2 (ace). Step (b) first would have sent 3D to F1 and left 3H on Left1.
    deal = build(["9C", "9D", "9H", "9S", "3D", "TC", "TD", "TH", "2C", "3H", "9S"])
    s = segs(game.deal_from(deal).start())
    assert s["F1"].startswith("AD2C3H")
    assert s["Right1"].startswith("3D")
    assert s["Left1"].startswith("9C9S")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_moves_after_the_deal_foundations_and_building_up_or_down(name, game):
    state = game.deal_from(BASE).start()
    # Tops: Left1 2H, Right1 4S, Left2 2D, Right2 JS, Left3 3H, Right3 QS, Left4 TS, Right4 KS.
    # Foundation tops: F1 3, F2..F6 2, F7 F8 ace.
    expected = {
        "left1>f7", "left1>f8", "right1>f1", "left2>f7", "left2>f8",
        "left3>f2", "left3>f3", "left3>f4", "left3>f5", "left3>f6",
        "left1>left3", "left3>left1", "left2>left3", "left3>left2",
        "right1>left3", "left3>right1", "right2>right3", "right3>right2",
        "right2>left4", "left4>right2", "right3>right4", "right4>right3",
    }  # fmt: skip
    assert support.move_set(state) == expected


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_card_fitting_several_foundations_gives_one_move_each(name, game):
    state = game.deal_from(BASE).start()
    to_f = {m for m in support.move_set(state) if m.startswith("left3>f")}
    assert to_f == {"left3>f2", "left3>f3", "left3>f4", "left3>f5", "left3>f6"}
    after = state.play("left3>f4")
    s = segs(after)
    assert s["F4"] == "AC2C3H" and s["F5"] == "AH2H"
    assert s["Left3"] == "3H8C6D4HQHTS8C6D4HQH"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_building_suit_ignored_one_card_at_a_time(name, game):
    state = game.deal_from(BASE).start()
    after = state.play("right1>left3")  # 4S onto 3H (up)
    s = segs(after)
    assert s["Left3"] == "3H8C6D4HQHTS8C6D4HQH3H4S"
    assert s["Right1"] == "3CTC8D6H4SQSTC8D6H"
    after = after.play("right2>right3")  # JS onto QS (down)
    s = segs(after)
    assert s["Right3"].endswith("6SQSJS") and s["Right2"].endswith("5S")
    # Right2's new top 5S goes onto 4S, and back: both directions mix in one pile.
    assert "right2>left3" in support.move_set(after)
    assert "left3>right2" in support.move_set(after)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(BASE).start()
    for bad in ["left4>f1", "right4>left1", "left1>left1", "f1>left1", "left1>f9", "turn", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert state.key == BASE_KEY


# --- a deal that ends early, with lanes --------------------------------------------------
# Each row's slot in column L1 takes a chain of cards that all play at once and are replaced:
# row 1: 2C 2C 3C 3C ... KC KC (F1 takes the first of each pair, F2 the second), then KS stays;
# row 2: the diamonds the same way, then KS stays; row 3: the hearts, then QS stays; row 4:
# 2S 2S ... JS JS QS, all played (F7 to the queen, F8 to the jack); the pack is then empty, so
# Left4 stays empty and no right-hand column is ever dealt.
def _chain(suit: str, ranks: str = "23456789TJQK") -> list[str]:
    return [r + suit for r in ranks for _ in (0, 1)]


SHORT = (
    ACES
    + _chain("C")
    + ["KS"]
    + _chain("D")
    + ["KS"]
    + _chain("H")
    + ["QS"]
    + _chain("S", "23456789TJ")
    + ["QS"]
)
SHORT_KEY = (
    "Left1:KS Right1: Left2:KS Right2: Left3:QS Right3: Left4: Right4: "
    "F1:AD2C3C4C5C6C7C8C9CTCJCQCKC F2:AD2C3C4C5C6C7C8C9CTCJCQCKC "
    "F3:AC2D3D4D5D6D7D8D9DTDJDQDKD F4:AC2D3D4D5D6D7D8D9DTDJDQDKD "
    "F5:AH2H3H4H5H6H7H8H9HTHJHQHKH F6:AH2H3H4H5H6H7H8H9HTHJHQHKH "
    "F7:AS2S3S4S5S6S7S8S9STSJSQS F8:AS2S3S4S5S6S7S8S9STSJS"
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_replacement_chain_and_last_column_may_be_incomplete(name, game):
    state = game.deal_from(SHORT).start()
    assert state.key == SHORT_KEY


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_any_available_card_may_fill_a_lane(name, game):
    state = game.deal_from(SHORT).start()
    lanes = ["left4", "right1", "right2", "right3", "right4"]
    expected = {"left1>f7", "left2>f7", "left3>f8"}
    expected |= {"left1>left3", "left2>left3", "left3>left1", "left3>left2"}
    expected |= {f"{src}>{dst}" for src in ("left1", "left2", "left3") for dst in lanes}
    assert support.move_set(state) == expected
    after = state.play("left1>right2")
    s = segs(after)
    assert s["Left1"] == "" and s["Right2"] == "KS"
    # Left1 is now a lane too; the king may come back, or go on to another lane.
    assert {"right2>left1", "right2>right1", "left3>left1"} <= support.move_set(after)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_won_when_all_cards_are_on_the_foundations(name, game):
    state = game.deal_from(SHORT).start()
    state = state.play("left3>f8")
    assert not state.is_won
    state = state.play("left1>f7")
    assert {"left2>f7", "left2>f8"} & support.move_set(state) == {"left2>f8"}
    state = state.play("left2>f8")
    assert state.is_won and state.is_over
    assert support.move_set(state) == set()
    assert segs(state)["F8"].endswith("QSKS") and segs(state)["F7"].endswith("QSKS")


# --- a lost deal ----------------------------------------------------------------------------
# L1 and R1 hold the eight 3s and L2, R2 the eight 4s (nothing fits an ace). Column L3: in each
# row two 2s play (FLr then FRr) and the third card dealt to the slot stays; the buried 3s are
# covered. Everything after is of rank 5..Q except the last two columns (L11, R11), which are
# the eight kings: no card fits a foundation (all show a 2), no two tops differ by one, and no
# row-pile is empty.
MIDDLE = [r + s for s in SUITS for r in "56789TJQ"] * 2  # 64 cards
LOST = (
    ACES
    + ["3C", "3D", "3H", "3S"] * 2
    + ["4C", "4D", "4H", "4S"] * 2
    + ["2C", "2D", MIDDLE[0], "2H", "2S", MIDDLE[1], "2C", "2D", MIDDLE[2], "2H", "2S", MIDDLE[3]]
    + MIDDLE[4:]
    + ["KC", "KD", "KH", "KS"] * 2
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_lost_when_no_legal_move_exists(name, game):
    state = game.deal_from(LOST).start()
    s = segs(state)
    assert [s[f"F{n}"] for n in range(1, 9)] == [
        "AD2C", "AD2D", "AC2H", "AC2S", "AH2C", "AH2D", "AS2H", "AS2S"
    ]  # fmt: skip
    assert s["Left1"].startswith("3C4C5C") and s["Left1"].endswith("KC")
    assert s["Right4"].startswith("3S4S") and s["Right4"].endswith("KS")
    assert [len(s[label]) // 2 for label in LABELS] == [11] * 8
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
