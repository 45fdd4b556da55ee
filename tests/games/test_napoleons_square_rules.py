"""Rules of NAPOLEON'S SQUARE (rules/napoleons-square.md), pinned on hand-built deals.

Every test runs against each engine that implements the game (support.engines). Deals are
given explicitly: packets P1..P12 of four cards (bottom to top) are cards 1..48 of the deal,
and the pack follows (card 49 is the first turned). Expected values are worked out by hand
from the rule file and docs/notation/napoleons-square.md.
"""

from __future__ import annotations

import pytest
from support import engines, move_set

SLUG = "napoleons-square"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
TWO_PACKS = [r + s for s in SUITS for r in RANKS] * 2


def build(packets: list[str], pack_first: str = "", pack_last: str = "") -> list[str]:
    """A full 104-card deal: the packets (each 'bottom..top' as 'ACADAHAS'), then the pack
    starting with ``pack_first`` and ending with ``pack_last``, the other cards between them
    in unshuffled order."""

    def split(text: str) -> list[str]:
        return [text[i : i + 2] for i in range(0, len(text), 2)]

    head = [c for p in packets for c in split(p)]
    first, last = split(pack_first), split(pack_last)
    rest = list(TWO_PACKS)
    for c in head + first + last:
        rest.remove(c)
    return head + first + rest + last


def seg(state, label: str) -> str:
    """The key segment of place ``label`` (e.g. 'P3', 'talon', 'pending')."""
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part
    return ""


def play_all(state, moves: list[str]):
    for m in moves:
        state = state.play(m)
    return state


ALL = engines(SLUG)
IDS = [name for name, _ in ALL]


@pytest.fixture(params=ALL, ids=IDS)
def game(request):
    return request.param[1]


# --- deal -----------------------------------------------------------------------------

# The unshuffled two-pack order: P1 = AC 2C 3C 4C, ..., P12 = 6S 7S 8S 9S; pack TS JS QS KS
# then the whole second copy AC..KS (KS of copy 2 is card 104, the bottom of the pack).
UNSHUFFLED = TWO_PACKS


def test_deal_twelve_packets_of_four_dealt_together(game):
    s = game.deal_from(UNSHUFFLED).start()
    parts = s.key.split(" ")
    assert parts[:12] == [
        "P1:AC2C3C4C",
        "P2:5C6C7C8C",
        "P3:9CTCJCQC",
        "P4:KCAD2D3D",
        "P5:4D5D6D7D",
        "P6:8D9DTDJD",
        "P7:QDKDAH2H",
        "P8:3H4H5H6H",
        "P9:7H8H9HTH",
        "P10:JHQHKHAS",
        "P11:2S3S4S5S",
        "P12:6S7S8S9S",
    ]
    assert parts[12:20] == [f"F{m}:" for m in range(1, 9)]
    copy2 = "".join(c.lower() for c in reversed(TWO_PACKS[:52]))
    assert parts[20] == "pack:" + copy2 + "ksqsjsts"
    assert parts[21] == "talon:"
    # only one KD lies in the square (the other is in the pack): no king correction
    assert len(parts) == 22


def test_deal_pack_top_is_card_49(game):
    s = game.deal_from(UNSHUFFLED).start()
    assert move_set(s) == {"p10>f1", "turn"}
    s = s.play("turn")
    assert seg(s, "talon") == "talon:TS"
    assert seg(s, "pack").endswith("ksqsjs")


def test_single_cards_option_deals_one_card_per_packet():
    for _, g in engines(SLUG, single_cards=True):
        s = g.deal_from(UNSHUFFLED).start()
        parts = s.key.split(" ")
        assert parts[:12] == [f"P{n}:{RANKS[n - 1]}C" for n in range(1, 13)]
        assert parts[20] == "pack:" + "".join(c.lower() for c in reversed(TWO_PACKS[12:]))
        # AC to F1, each club married onto the next higher club, and turn
        want = {"p1>f1", "turn"} | {f"p{n}>p{n + 1}" for n in range(1, 12)}
        assert move_set(s) == want


# --- foundations, marriages, talon -------------------------------------------------------

SQUARE_A = [
    "KSQSJSAC",  # P1
    "KSQSJSAC",  # P2
    "TS9S8S2C",  # P3
    "TS9S8S2C",  # P4
    "7S6S5S3C",  # P5
    "7S6S5S3H",  # P6
    "4S3S2S4C",  # P7
    "4S3S2S9D",  # P8
    "5H6H7H8D",  # P9
    "5H6H7HTD",  # P10
    "8H9HTHJH",  # P11
    "8H9HTH2H",  # P12
]


def deal_a(game):
    return game.deal_from(build(SQUARE_A, pack_first="AH3CKC")).start()


def test_kings_at_packet_bottom_need_no_slip(game):
    s = deal_a(game)
    assert seg(s, "pending") == ""


def test_moves_aces_to_lowest_empty_foundation_and_descending_marriages(game):
    s = deal_a(game)
    assert move_set(s) == {
        "p1>f1",
        "p2>f1",  # an ace goes only to the lowest-numbered empty foundation
        "p1>p3",
        "p1>p4",
        "p2>p3",
        "p2>p4",  # AC married onto 2C
        "p3>p5",
        "p4>p5",  # 2C onto 3C
        "p5>p7",  # 3C onto 4C
        "p9>p8",  # 8D onto 9D
        "p8>p10",  # 9D onto TD
        "p12>p6",  # 2H onto 3H
        "turn",
    }


def test_illegal_moves_raise(game):
    s = deal_a(game)
    for bad in ["p1>f2", "p3>p6", "p7>p5", "p3>f1", "talon>f1", "talon>p1", "p6>p12", "x"]:
        with pytest.raises(ValueError):
            s.play(bad)


def test_second_ace_takes_next_foundation_and_two_foundations_of_a_suit(game):
    s = deal_a(game).play("p1>f1")
    assert seg(s, "F1") == "F1:AC"
    assert seg(s, "P1") == "P1:KSQSJS"
    assert "p2>f1" not in move_set(s)
    s = s.play("p2>f2")
    assert seg(s, "F2") == "F2:AC"
    assert move_set(s) == {
        "p3>f1",
        "p3>f2",
        "p4>f1",
        "p4>f2",  # a 2C may go on either club foundation
        "p3>p5",
        "p4>p5",
        "p5>p7",
        "p9>p8",
        "p8>p10",
        "p12>p6",
        "turn",
    }
    s = s.play("p4>f2")
    assert seg(s, "F2") == "F2:AC2C"
    assert seg(s, "P4") == "P4:TS9S8S"


def test_marriage_moves_one_card_onto_packet(game):
    s = deal_a(game).play("p5>p7")
    assert seg(s, "P5") == "P5:7S6S5S"
    assert seg(s, "P7") == "P7:4S3S2S4C3C"
    s = s.play("p3>p7")
    assert seg(s, "P7") == "P7:4S3S2S4C3C2C"
    # the 2C now on top of P7 takes the AC; the 3C under it is no longer available
    assert {"p1>p7", "p2>p7"} <= move_set(s)
    assert "p7>p5" not in move_set(s)


def test_talon_top_plays_to_foundation_and_marries(game):
    s = deal_a(game).play("turn")
    assert seg(s, "talon") == "talon:AH"
    assert {"talon>f1", "talon>p12"} <= move_set(s)
    s = s.play("talon>f1")
    assert seg(s, "F1") == "F1:AH"
    assert seg(s, "talon") == "talon:"
    # 2H goes on the heart foundation
    assert "p12>f1" in move_set(s)


def test_talon_card_married_onto_packet(game):
    s = play_all(deal_a(game), ["p1>f1", "p2>f2", "turn", "turn"])
    assert seg(s, "talon") == "talon:AH3C"
    moves = move_set(s)
    assert "talon>p7" in moves  # 3C onto 4C
    s = s.play("talon>p7")
    assert seg(s, "P7") == "P7:4S3S2S4C3C"
    assert seg(s, "talon") == "talon:AH"


# --- spaces ---------------------------------------------------------------------------------

SQUARE_B = [
    "ASAHADAC",  # P1
    "2C2D2H5C",  # P2
    "2S3C3D8C",  # P3
    "3H3S4CJC",  # P4
    "4D4H4S5D",  # P5
    "6C6D6H8D",  # P6
    "6S7C7DJD",  # P7
    "7H7S9C5H",  # P8
    "9D9H9S8H",  # P9
    "TCTDTHJH",  # P10
    "TSQCQD5S",  # P11
    "QHQS2C8S",  # P12
]


def deal_b(game):
    return game.deal_from(build(SQUARE_B, pack_first="4CKD9C")).start()


def empty_p1(game):
    return play_all(deal_b(game), ["p1>f1", "p1>f2", "p1>f3", "p1>f4"])


def test_emptied_packet_is_a_space(game):
    s = empty_p1(game)
    assert [seg(s, f"F{m}") for m in range(1, 5)] == ["F1:AC", "F2:AD", "F3:AH", "F4:AS"]
    assert seg(s, "P1") == "P1:"
    # no card of another packet may fill the space; the talon is empty
    assert move_set(s) == {"turn"}
    with pytest.raises(ValueError):
        s.play("p2>p1")


def test_space_filled_by_talon_top_with_any_card(game):
    s = empty_p1(game).play("turn")
    assert seg(s, "talon") == "talon:4C"
    assert move_set(s) == {"talon>p1", "talon>p2", "turn"}
    s = s.play("talon>p1")
    assert seg(s, "P1") == "P1:4C"
    assert seg(s, "talon") == "talon:"
    # the filled space is an ordinary packet: its card may be married on
    assert move_set(s) == {"p1>p2", "turn"}
    s = s.play("p1>p2")
    assert seg(s, "P1") == "P1:"
    assert seg(s, "P2") == "P2:2C2D2H5C4C"
    s = s.play("turn")
    assert seg(s, "talon") == "talon:KD"
    assert move_set(s) == {"talon>p1", "turn"}


def test_space_filling_may_be_delayed(game):
    s = play_all(empty_p1(game), ["turn", "turn", "turn"])
    assert seg(s, "talon") == "talon:4CKD9C"
    assert seg(s, "P1") == "P1:"
    assert move_set(s) == {"talon>p1", "turn"}
    s = s.play("talon>p1")
    assert seg(s, "P1") == "P1:9C"
    assert seg(s, "talon") == "talon:4CKD"


# --- the king correction (the book's note) -----------------------------------------------

SQUARE_C = [
    "3DKD2CKC",  # P1: KD above 3D, KC above 2C
    "4CKC9S8S",  # P2: KC above 4C
    "5D6DKD7C",  # P3: KD above 5D and 6D
    "3HKHKH9S",  # P4: both KH above 3H
    "2HKS3S4S",  # P5: KS above 2H only (no lower spade below it)
    "5SKS6S7S",  # P6: KS above 5S
    "8D9DTDAC",  # P7
    "JDQD8H9H",  # P8
    "THJHQHTC",  # P9
    "JCQC9C8C",  # P10
    "2D2S3C4D",  # P11
    "6H7H4H5H",  # P12
]


def test_blocking_kings_one_slipped_underneath(game):
    s = game.deal_from(build(SQUARE_C)).start()
    # clubs first: a pending choice between the two kings; nothing else is legal
    assert seg(s, "pending") == "pending:slip-C"
    assert move_set(s) == {"slip:p1:4", "slip:p2:2"}
    with pytest.raises(ValueError):
        s.play("p7>f1")
    with pytest.raises(ValueError):
        s.play("turn")
    s = s.play("slip:p1:4")
    assert seg(s, "P1") == "P1:KC3DKD2C"
    assert seg(s, "P2") == "P2:4CKC9S8S"
    # diamonds next; the KD of P1 is now at place 3 (places counted at the time of choice)
    assert seg(s, "pending") == "pending:slip-D"
    assert move_set(s) == {"slip:p1:3", "slip:p3:3"}
    s = s.play("slip:p3:3")
    assert seg(s, "P3") == "P3:KD5D6D7C"
    assert seg(s, "P1") == "P1:KC3DKD2C"
    # hearts: both kings in one packet, told apart by their places
    assert seg(s, "pending") == "pending:slip-H"
    assert move_set(s) == {"slip:p4:2", "slip:p4:3"}
    s = s.play("slip:p4:3")
    assert seg(s, "P4") == "P4:KH3HKH9S"
    # spades: one KS blocks only a heart, so no slip; play begins
    assert seg(s, "pending") == ""
    assert "pending" not in s.key
    assert move_set(s) == {"p7>f1", "p7>p1", "p3>p10", "p2>p4", "p6>p2", "turn"}


def test_blocking_kings_other_slip_choice(game):
    s = game.deal_from(build(SQUARE_C)).start()
    s = s.play("slip:p2:2")
    assert seg(s, "P2") == "P2:KC4C9S8S"
    assert seg(s, "P1") == "P1:3DKD2CKC"
    assert move_set(s) == {"slip:p1:2", "slip:p3:3"}
    s = s.play("slip:p1:2")
    assert seg(s, "P1") == "P1:KD3D2CKC"
    s = s.play("slip:p4:2")
    assert seg(s, "P4") == "P4:KH3HKH9S"
    assert seg(s, "pending") == ""


def test_king_slip_needs_both_kings_in_the_square(game):
    # the unshuffled deal: KD of P7 blocks QD, but the other KD is in the pack
    s = game.deal_from(UNSHUFFLED).start()
    assert "pending" not in s.key


def test_no_king_slip_option_skips_the_correction():
    for _, g in engines(SLUG, no_king_slip=True):
        s = g.deal_from(build(SQUARE_C)).start()
        assert "pending" not in s.key
        assert seg(s, "P1") == "P1:3DKD2CKC"
        assert "p7>f1" in move_set(s)


# --- end of the game ------------------------------------------------------------------------

SQUARE_LOST = [
    "ACADAH5C",
    "ASACAD8C",
    "AHAS2CJC",
    "2D2H2S5D",
    "2C2D2H8D",
    "2S3C3DJD",
    "3H3S3C5H",
    "3D3H3S8H",
    "4C4D4HJH",
    "4S4C4D5S",
    "4H4S6C8S",
    "6D6H6SJS",
]


def test_no_redeal_game_lost_when_no_move_remains(game):
    s = game.deal_from(build(SQUARE_LOST, pack_last="KC")).start()
    assert move_set(s) == {"turn"}
    for _ in range(56):
        assert "turn" in move_set(s)
        s = s.play("turn")
    assert seg(s, "pack") == "pack:"
    assert seg(s, "talon").endswith("KC")
    # no re-deal, KC marries nothing and cannot fill a space: the game is over and lost
    assert move_set(s) == set()
    assert s.is_over
    assert not s.is_won


def test_won_when_all_cards_on_foundations(game):
    # each packet holds 4..A of one suit (ace on top), twice per suit; the pack is 5..K
    square = []
    for suit in SUITS:
        square += ["4" + suit + "3" + suit + "2" + suit + "A" + suit] * 2
    square += ["5C5C5D5D", "5H5H5S5S", "6C6C6D6D", "6H6H6S6S"]
    pack = "".join(r + s for r in "789TJQK" for s in SUITS for _ in range(2))
    s = game.deal_from(build(square, pack_first=pack)).start()
    count = 0
    while not s.is_won:
        moves = sorted(move_set(s))
        to_f = [m for m in moves if ">f" in m]
        s = s.play(to_f[0] if to_f else "turn")
        count += 1
        assert count <= 104 + 56
    assert count == 104 + 56
    assert move_set(s) == set()
    assert s.is_over
    assert [seg(s, f"P{n}") for n in range(1, 13)] == [f"P{n}:" for n in range(1, 13)]
    tops = sorted(seg(s, f"F{m}")[-2:] for m in range(1, 9))
    assert tops == ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
