"""Rule tests of THE QUEENS (rules/queens.md, docs/notation/queens.md), for every engine.

Every expected value below is worked out by hand from the rule file. Deals are built with
``deal_from``: a chosen head of cards followed by the rest of the two packs in their unshuffled
order (C, D, H, S; A..K; copy 1 then copy 2), each card taken at its first occurrence.
"""

from __future__ import annotations

import pytest
from support import engines, move_set

ENGINES = engines("queens")
IDS = [name for name, _ in ENGINES]
RANKS = "A23456789TJQK"
SUITS = "CDHS"


@pytest.fixture(params=[g for _, g in ENGINES], ids=IDS)
def game(request):
    return request.param


def full_pack() -> list[str]:
    return [r + s for _ in range(2) for s in SUITS for r in RANKS]


def make_deal(head: list[str]) -> list[str]:
    rest = full_pack()
    for card in head:
        rest.remove(card)
    return head + rest


def run(suit: str, ranks: str) -> list[str]:
    return [r + suit for r in ranks]


def seg(state, label: str) -> str:
    """The key segment ``label:...`` of a state."""
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part
    raise AssertionError(f"no segment {label} in {state.key}")


def play_all(state, moves: list[str]):
    for m in moves:
        state = state.play(m)
    return state


# Basic deal: key AC..JC AD..JD AH..TH (top TH), shutter 2S..8S. The rest, in dealing order:
# QC KC QD KD JH QH KH AS 9S TS JS QS KS, then the whole second pack AC..KS.
BASIC_KEY = run("C", "A23456789TJ") + run("D", "A23456789TJ") + run("H", "A23456789T")
BASIC_SHUTTER = run("S", "2345678")
BASIC = make_deal(BASIC_KEY + BASIC_SHUTTER)
BASIC_PACK = (
    "pack:ksqsjsts9s8s7s6s5s4s3s2sas"
    "khqhjhth9h8h7h6h5h4h3h2hah"
    "kdqdjdtd9d8d7d6d5d4d3d2dad"
    "kcqcjctc9c8c7c6c5c4c3c2cac"
    "ksqsjsts9sas"
    "khqhjh"
    "kdqd"
    "kcqc"
)
BASIC_MARRIAGES = {"s1>s2", "s2>s3", "s3>s4", "s4>s5", "s5>s6", "s6>s7"}


def test_key_is_cards_1_to_32_with_card_32_on_top_and_shutter_gets_the_next_seven(game):
    s = game.deal_from(BASIC).start()
    assert s.key == (
        "key:AC2C3C4C5C6C7C8C9CTCJCAD2D3D4D5D6D7D8D9DTDJDAH2H3H4H5H6H7H8H9HTH"
        " S1:2S S2:3S S3:4S S4:5S S5:6S S6:7S S7:8S"
        " F1: F2: F3: F4: F5: F6: F7: F8: " + BASIC_PACK + " talon: queens:0"
    )
    assert move_set(s) == {"turn"} | BASIC_MARRIAGES
    assert not s.is_won and not s.is_over


def test_seeded_deal_is_reproducible(game):
    a = game.deal(7).start()
    b = game.deal(7).start()
    assert a.key == b.key
    # 104 cards in all: key + shutter + foundations + pack, talon empty at the start
    n = sum(
        (len(seg(a, lab)) - len(lab) - 1) // 2
        for lab in ["key", "pack"] + [f"S{i}" for i in range(1, 8)] + [f"F{i}" for i in range(1, 9)]
    )
    assert n == 104
    assert seg(a, "talon") == "talon:" and seg(a, "queens") == "queens:0"


def test_kings_dealt_to_the_shutter_go_to_the_foundation_row_and_are_replaced(game):
    # Card 33 KD goes to F1 and S1 takes 2S; card 35 KC goes to F2 and S2 takes 3S.
    head = BASIC_KEY + ["KD", "2S", "KC", "3S", "4S", "5S", "6S", "7S", "KH", "8S"]
    s = game.deal_from(make_deal(head)).start()
    assert [seg(s, f"S{i}") for i in range(1, 8)] == [
        "S1:2S",
        "S2:3S",
        "S3:4S",
        "S4:5S",
        "S5:6S",
        "S6:7S",
        "S7:8S",
    ]
    assert [seg(s, f"F{i}") for i in range(1, 9)] == [
        "F1:KD",
        "F2:KC",
        "F3:KH",
        "F4:",
        "F5:",
        "F6:",
        "F7:",
        "F8:",
    ]
    assert seg(s, "pack").endswith("qc")  # next card: first of the unshuffled rest
    assert len(seg(s, "pack")) == len("pack:") + 2 * (104 - 32 - 10)


def test_key_queen_on_top_pays_fourteen_cards_under_the_pack(game):
    # Card 32 is QH: cards 19..32 (8D 9D TD JD AH..9H QH) go under the pack in their order.
    key = run("C", "A23456789TJ") + run("D", "A23456789TJ") + run("H", "A23456789") + ["QH"]
    s = game.deal_from(make_deal(key + BASIC_SHUTTER)).start()
    assert seg(s, "key") == "key:AC2C3C4C5C6C7C8C9CTCJCAD2D3D4D5D6D7D"
    pack = seg(s, "pack")
    assert pack.startswith("pack:qh9h8h7h6h5h4h3h2hahjdtd9d8d")
    assert pack.endswith("kcqc")  # card 33.. follow: shutter 2S..8S, then QC is next
    assert len(pack) == len("pack:") + 2 * (72 - 7 + 14)
    assert seg(s, "S1") == "S1:2S" and seg(s, "S7") == "S7:8S"


def test_key_queen_payment_repeats_for_a_second_queen(game):
    key = (
        run("C", "A23456789TJ")
        + run("D", "A23456")
        + ["QD"]
        + run("D", "789TJ")
        + run("H", "A2345678")
        + ["QH"]
    )
    assert len(key) == 32 and key[17] == "QD"
    s = game.deal_from(make_deal(key + BASIC_SHUTTER)).start()
    assert seg(s, "key") == "key:AC2C3C4C"
    pack = seg(s, "pack")
    # dealing order ends ..., cards 19..32, cards 5..18; written bottom first
    assert pack.startswith("pack:qd6d5d4d3d2dadjctc9c8c7c6c5c" + "qh8h7h6h5h4h3h2hahjdtd9d8d7d")
    assert len(pack) == len("pack:") + 2 * (72 - 7 + 28)


def test_key_queen_payment_third_queen_takes_the_last_four_cards(game):
    key = (
        run("C", "A23")
        + ["QC"]
        + run("C", "456789TJ")
        + run("D", "A2345")
        + ["QD"]
        + run("D", "789TJ")
        + run("H", "A2345678")
        + ["QH"]
    )
    assert len(key) == 32 and key[3] == "QC" and key[17] == "QD"
    s = game.deal_from(make_deal(key + BASIC_SHUTTER)).start()
    assert seg(s, "key") == "key:"
    pack = seg(s, "pack")
    assert pack.startswith(
        "pack:qc3c2cac" + "qd5d4d3d2dadjctc9c8c7c6c5c4c" + "qh8h7h6h5h4h3h2hahjdtd9d8d7d"
    )
    assert len(pack) == len("pack:") + 2 * (104 - 7)
    assert move_set(s) == {"turn"} | BASIC_MARRIAGES


def test_key_queen_payment_is_setup_only_a_queen_surfacing_later_waits(game):
    key = run("C", "A23456789TJ") + run("D", "A23456789TJ") + run("H", "A2345678") + ["QS", "KC"]
    s = game.deal_from(make_deal(key + BASIC_SHUTTER)).start()
    assert move_set(s) == {"turn", "key>f1"} | BASIC_MARRIAGES
    pack_before = seg(s, "pack")
    s = s.play("key>f1")
    assert seg(s, "F1") == "F1:KC"
    assert seg(s, "key") == "key:AC2C3C4C5C6C7C8C9CTCJCAD2D3D4D5D6D7D8D9DTDJDAH2H3H4H5H6H7H8HQS"
    assert seg(s, "pack") == pack_before
    assert move_set(s) == {"turn"} | BASIC_MARRIAGES


def test_key_cards_go_only_to_foundations_never_to_the_shutter(game):
    # key top 7S could marry onto 8S (S7) if it were a shutter card; it may not.
    key = BASIC_KEY[:-1] + ["7S"]
    s = game.deal_from(make_deal(key + BASIC_SHUTTER)).start()
    assert "key>s7" not in move_set(s)
    assert move_set(s) == {"turn"} | BASIC_MARRIAGES
    with pytest.raises(ValueError):
        s.play("key>s7")


# Foundation deal: key top AC, then 2C, then 3D. Shutter stream KC 5H KC 9D 4S KD 7S 8D 2H 3C:
# F1 KC, F2 KC, F3 KD; S1 5H, S2 9D, S3 4S, S4 7S, S5 8D, S6 2H, S7 3C. The pack starts AD.
FOUND_KEY = (
    run("C", "456789TJ")
    + run("D", "2456789TJ")
    + run("H", "A346789TJ")
    + run("S", "A23")
    + ["3D", "2C", "AC"]
)
FOUND = make_deal(FOUND_KEY + ["KC", "5H", "KC", "9D", "4S", "KD", "7S", "8D", "2H", "3C", "AD"])


def test_foundations_are_kings_then_ace_up_in_suit_and_two_piles_give_two_moves(game):
    s = game.deal_from(FOUND).start()
    assert [seg(s, f"F{i}") for i in (1, 2, 3, 4)] == ["F1:KC", "F2:KC", "F3:KD", "F4:"]
    assert [seg(s, f"S{i}") for i in range(1, 8)] == [
        "S1:5H",
        "S2:9D",
        "S3:4S",
        "S4:7S",
        "S5:8D",
        "S6:2H",
        "S7:3C",
    ]
    assert move_set(s) == {"turn", "key>f1", "key>f2", "s5>s2"}
    s = s.play("key>f2")
    assert seg(s, "F2") == "F2:KCAC" and seg(s, "F1") == "F1:KC"
    # 2C goes only on the ace, never on the bare king
    assert move_set(s) == {"turn", "key>f2", "s5>s2"}
    s = s.play("key>f2")
    assert seg(s, "F2") == "F2:KCAC2C"
    # 3D has no ace of diamonds to go on; 3C (S7) now fits F2
    assert move_set(s) == {"turn", "s5>s2", "s7>f2"}
    with pytest.raises(ValueError):
        s.play("key>f3")


def test_marriage_same_suit_one_rank_lower_from_shutter(game):
    s = game.deal_from(FOUND).start()
    s = s.play("s5>s2")
    # 8D onto 9D; S5 emptied and refilled from the pack (talon empty): its next card AD
    assert seg(s, "S2") == "S2:9D8D"
    assert seg(s, "S5") == "S5:AD"
    assert seg(s, "talon") == "talon:"
    assert move_set(s) == {"turn", "key>f1", "key>f2", "s5>f3"}
    with pytest.raises(ValueError):
        s.play("s2>s5")  # 8D onto AD: not one rank lower
    with pytest.raises(ValueError):
        s.play("s6>s7")  # 2H onto 3C: different suit


def test_shutter_space_refilled_from_talon_top_first(game):
    s = game.deal_from(BASIC).start()
    s = s.play("turn")  # QC onto the talon
    assert seg(s, "talon") == "talon:QC" and seg(s, "queens") == "queens:1"
    s = s.play("s1>s2")
    assert seg(s, "S1") == "S1:QC" and seg(s, "S2") == "S2:3S2S"
    assert seg(s, "talon") == "talon:"
    # the counted queen left the talon
    assert seg(s, "queens") == "queens:0"
    assert seg(s, "pack").endswith("qdkc")


def test_shutter_space_refilled_from_pack_when_talon_empty(game):
    s = game.deal_from(BASIC).start()
    s = s.play("s1>s2")
    assert seg(s, "S1") == "S1:QC"
    assert seg(s, "talon") == "talon:" and seg(s, "queens") == "queens:0"
    assert seg(s, "pack").endswith("qdkc")


def test_king_after_setup_is_an_ordinary_move_to_lowest_free_place(game):
    s = game.deal_from(BASIC).start()
    s = play_all(s, ["turn", "turn"])  # QC, KC
    assert seg(s, "talon") == "talon:QCKC" and seg(s, "queens") == "queens:1"
    assert move_set(s) == {"turn", "talon>f1"} | BASIC_MARRIAGES
    s = s.play("talon>f1")
    assert seg(s, "F1") == "F1:KC" and seg(s, "talon") == "talon:QC"
    assert seg(s, "queens") == "queens:1"
    s = play_all(s, ["turn", "turn"])  # QD, KD
    assert seg(s, "queens") == "queens:2"
    assert move_set(s) == {"turn", "talon>f2"} | BASIC_MARRIAGES
    s = s.play("talon>f2")
    assert seg(s, "F2") == "F2:KD"


def test_king_refilling_the_shutter_stays_and_a_queen_may_marry_onto_it(game):
    s = game.deal_from(BASIC).start()
    s = play_all(s, ["turn", "turn", "s1>s2"])  # talon QC KC; S1 refilled with KC
    assert seg(s, "S1") == "S1:KC" and seg(s, "talon") == "talon:QC"
    assert seg(s, "F1") == "F1:" and seg(s, "queens") == "queens:1"
    assert move_set(s) == {
        "turn",
        "talon>s1",
        "s1>f1",
        "s3>s4",
        "s4>s5",
        "s5>s6",
        "s6>s7",
    }
    s = s.play("talon>s1")
    assert seg(s, "S1") == "S1:KCQC" and seg(s, "talon") == "talon:"
    assert seg(s, "queens") == "queens:0"


# Payment deal: six queens in the key (below its top 4S); the pack starts
# 2C QH 3C 4C 5C 6C 7C 8C QS 9C TC JC, then AC KC KD KH 6S 8S TS KS and the second pack.
PAY_KEY = (
    ["QC", "QC", "QD", "QD", "QH", "QS"]
    + run("D", "A23456789TJ")
    + run("H", "A23456789TJ")
    + run("S", "A234")
)
PAY_SHUTTER = ["5S", "7S", "9S", "JS", "5D", "7D", "9D"]
PAY_HEAD = ["2C", "QH", "3C", "4C", "5C", "6C", "7C", "8C", "QS", "9C", "TC", "JC"]
PAY = make_deal(PAY_KEY + PAY_SHUTTER + PAY_HEAD)


def test_queen_payment_three_talon_cards_per_queen_from_the_bottom(game):
    s = game.deal_from(PAY).start()
    for _ in range(64):
        s = s.play("turn")
    assert seg(s, "queens") == "queens:2"
    assert "pay" not in move_set(s)  # the pack is not empty yet
    s = s.play("turn")
    assert seg(s, "pack") == "pack:"
    assert seg(s, "queens") == "queens:2"
    assert "pay" in move_set(s)
    s = s.play("pay")
    # 2 x 3 = 6 non-queens from the bottom: 2C (QH along) 3C 4C 5C 6C 7C
    assert seg(s, "pack") == "pack:7c6c5c4c3cqh2c"
    assert seg(s, "talon").startswith("talon:8CQS9CTCJCACKC")
    assert len(seg(s, "talon")) == len("talon:") + 2 * (65 - 7)
    assert seg(s, "queens") == "queens:0"
    assert "pay" not in move_set(s)


def test_queen_payment_counts_only_queens_turned_in_the_current_pass(game):
    s = game.deal_from(PAY).start()
    s = play_all(s, ["turn"] * 65 + ["pay"])
    s = play_all(s, ["turn", "turn"])  # 2C, QH: QH counts again in the new pass
    assert seg(s, "queens") == "queens:1"
    s = play_all(s, ["turn"] * 5)
    assert seg(s, "pack") == "pack:" and seg(s, "queens") == "queens:1"
    # the old QS near the bottom does not count: 3 non-queens, 8C (QS along) 9C TC
    s = s.play("pay")
    assert seg(s, "pack") == "pack:tc9cqs8c"
    assert seg(s, "talon").startswith("talon:JCACKC")
    assert seg(s, "talon").endswith("2CQH3C4C5C6C7C")
    assert seg(s, "queens") == "queens:0"
    s = play_all(s, ["turn"] * 4)
    assert seg(s, "queens") == "queens:1"
    s = s.play("pay")
    assert seg(s, "pack") == "pack:kcacjc"


# Exhaust deal: the eight kings are cards 33-40 (F1..F8 = KC KC KD KD KH KH KS KS); the
# shutter is QC QC QD QD 2S 3S 4S; the pack is TH QH, then 53 cards that go to the foundations
# as they are turned (AC..JC twice, AD..JD twice, AH..8H, AS), then TH QS.
EX_KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
EX_SHUTTER = ["QC", "QC", "QD", "QD", "2S", "3S", "4S"]
EX_PLAYS = (
    [(c, "f1") for c in run("C", "A23456789TJ")]
    + [(c, "f2") for c in run("C", "A23456789TJ")]
    + [(c, "f3") for c in run("D", "A23456789TJ")]
    + [(c, "f4") for c in run("D", "A23456789TJ")]
    + [(c, "f5") for c in run("H", "A2345678")]
    + [("AS", "f7")]
)
EX_PACK = ["TH", "QH"] + [c for c, _ in EX_PLAYS] + ["TH", "QS"]
EX_KEY = (
    ["QH", "QS"]
    + run("H", "A23456789")
    + ["9H", "JH", "JH"]
    + run("S", "56789TJ")
    + run("S", "A56789TJ")
    + ["2S", "3S", "4S"]
)
EXHAUST = EX_KEY + EX_KINGS + EX_SHUTTER + EX_PACK


def test_queen_payment_takes_the_whole_talon_when_it_is_short(game):
    assert len(EX_KEY) == 32 and len(EXHAUST) == 104
    s = game.deal_from(EXHAUST).start()
    assert [seg(s, f"F{i}") for i in range(1, 9)] == [
        "F1:KC",
        "F2:KC",
        "F3:KD",
        "F4:KD",
        "F5:KH",
        "F6:KH",
        "F7:KS",
        "F8:KS",
    ]
    s = play_all(s, ["turn", "turn"])
    assert seg(s, "queens") == "queens:1"
    for _, f in EX_PLAYS:
        s = play_all(s, ["turn", f"talon>{f}"])
    s = play_all(s, ["turn", "turn"])
    assert seg(s, "talon") == "talon:THQHTHQS"
    assert seg(s, "pack") == "pack:" and seg(s, "queens") == "queens:2"
    s = s.play("pay")  # 6 non-queens wanted, only 2 there: all four cards are taken
    assert seg(s, "pack") == "pack:qsthqhth"
    assert seg(s, "talon") == "talon:" and seg(s, "queens") == "queens:0"
    after_pay = s.key
    # paying again after the same four turns gives the same position (no pass counter)
    s = play_all(s, ["turn"] * 4 + ["pay"])
    assert s.key == after_pay


# Win deal: key (bottom to top) QS JS..AS JH..AH JD..3D; kings F1..F8; shutter QC QC QD QD QH QH
# QS; the pack AC..JC, AC..JC, AD..JD, AD 2D, AH..JH, AS..JS all go up as they are turned.
WIN_KEY = ["QS"] + run("S", "JT98765432A") + run("H", "JT98765432A") + run("D", "JT9876543")
WIN_SHUTTER = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]
WIN_PLAYS = (
    [(c, "f1") for c in run("C", "A23456789TJ")]
    + [(c, "f2") for c in run("C", "A23456789TJ")]
    + [(c, "f3") for c in run("D", "A23456789TJ")]
    + [(c, "f4") for c in run("D", "A2")]
    + [(c, "f5") for c in run("H", "A23456789TJ")]
    + [(c, "f7") for c in run("S", "A23456789TJ")]
)
WIN = WIN_KEY + EX_KINGS + WIN_SHUTTER + [c for c, _ in WIN_PLAYS]


def test_emptied_shutter_place_stays_empty_when_pack_and_talon_are_empty_and_game_is_won(game):
    assert len(WIN) == 104
    s = game.deal_from(WIN).start()
    for _, f in WIN_PLAYS:
        s = play_all(s, ["turn", f"talon>{f}"])
    assert seg(s, "pack") == "pack:" and seg(s, "talon") == "talon:"
    # F1, F2 at JC; F3 at JD; F4 at 2D; F5 at JH; F7 at JS. Each shutter queen fits two piles
    # of its suit if both reach the jack; the key top 3D goes on 2D.
    assert move_set(s) == {
        "key>f4",
        "s1>f1",
        "s1>f2",
        "s2>f1",
        "s2>f2",
        "s3>f3",
        "s4>f3",
        "s5>f5",
        "s6>f5",
        "s7>f7",
    }
    s = s.play("s1>f1")
    assert seg(s, "S1") == "S1:"
    assert seg(s, "F1") == "F1:KCAC2C3C4C5C6C7C8C9CTCJCQC"
    s = s.play("s2>f2")
    assert seg(s, "S2") == "S2:"
    key_plays = ["key>f4"] * 9 + ["key>f6"] * 11 + ["key>f8"] * 11 + ["key>f8"]
    s = play_all(s, key_plays + ["s3>f3", "s4>f4", "s5>f5", "s6>f6", "s7>f7"])
    assert s.is_won and s.is_over
    assert move_set(s) == set()
    assert s.key == (
        "key: S1: S2: S3: S4: S5: S6: S7:"
        " F1:KCAC2C3C4C5C6C7C8C9CTCJCQC F2:KCAC2C3C4C5C6C7C8C9CTCJCQC"
        " F3:KDAD2D3D4D5D6D7D8D9DTDJDQD F4:KDAD2D3D4D5D6D7D8D9DTDJDQD"
        " F5:KHAH2H3H4H5H6H7H8H9HTHJHQH F6:KHAH2H3H4H5H6H7H8H9HTHJHQH"
        " F7:KSAS2S3S4S5S6S7S8S9STSJSQS F8:KSAS2S3S4S5S6S7S8S9STSJSQS"
        " pack: talon: queens:0"
    )


# Lost deal: all kings and queens lie in the key under its top 2C; the shutter 2D 4D 6D 8D TD
# 2S 4S allows no marriage; the pack holds no queen, so nothing ever pays.
LOST_KEY = (
    ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
    + ["QC", "QC", "QD", "QD", "QH", "QH", "QS", "QS"]
    + ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
    + ["3C", "3C", "3D", "3D", "3H", "3H", "3S", "2C"]
)
LOST = make_deal(LOST_KEY + ["2D", "4D", "6D", "8D", "TD", "2S", "4S"])


def test_game_is_lost_when_pack_is_empty_no_queen_pays_and_nothing_plays(game):
    s = game.deal_from(LOST).start()
    assert move_set(s) == {"turn"}
    for _ in range(65):
        assert "turn" in move_set(s)
        assert "pay" not in move_set(s)
        s = s.play("turn")
    assert seg(s, "pack") == "pack:" and seg(s, "queens") == "queens:0"
    assert seg(s, "talon").endswith("JS")
    assert move_set(s) == set()
    assert s.is_over and not s.is_won
    with pytest.raises(ValueError):
        s.play("pay")


def test_illegal_moves_raise(game):
    s = game.deal_from(BASIC).start()
    for bad in ["pay", "s2>s1", "s1>s1", "talon>f1", "key>f1", "s1>f1", "nonsense"]:
        with pytest.raises(ValueError):
            s.play(bad)
