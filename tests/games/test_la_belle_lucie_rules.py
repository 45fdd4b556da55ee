"""Rule tests of LA BELLE LUCIE (python/patience/rules/la-belle-lucie.md and
docs/notation/la-belle-lucie.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Deal reminder: card k of the dealing order goes to packet P(ceil(k / 3)), so cards 1-3 are P1
(card 3 on top) and card 52 alone is P18. A two-pack game deals cards 53-104 the same way as
P19-P36 (card 104 alone is P36). A re-deal is legal only when no card can go to a foundation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "la-belle-lucie"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]
WOOD = support.engines(SLUG, house_in_the_wood=True)
HILL = support.engines(SLUG, house_on_the_hill=True)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


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


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def play_all(state, moves):
    for m in moves:
        state = state.play(m)
    return state


def packets_of(cards: list[str], n: int) -> list[str]:
    """The packets' key texts when ``cards`` are dealt in threes (the rule text's deal)."""
    return ["".join(cards[3 * i : 3 * i + 3]) for i in range(n)]


#: The pack in reverse (KS first ... AC last): every packet has its lowest card on top, so the
#: whole game plays out to the foundations: AC (P18), then 2C 3C 4C (P17, top first), ...
REVERSED = list(reversed(ONE_PACK))


def test_own_stream_matches_conventions_vectors():
    assert Stream(0).next() == 0xE220A8397B1DCDAF
    assert Stream(0).shuffle(list(range(10))) == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_unshuffled_deal_in_packets_of_three_last_one_single(name, game):
    state = game.deal_from(ONE_PACK, seed=7).start()
    assert state.key == (
        "P1:AC2C3C P2:4C5C6C P3:7C8C9C P4:TCJCQC P5:KCAD2D P6:3D4D5D P7:6D7D8D P8:9DTDJD"
        " P9:QDKDAH P10:2H3H4H P11:5H6H7H P12:8H9HTH P13:JHQHKH P14:AS2S3S P15:4S5S6S"
        " P16:7S8S9S P17:TSJSQS P18:KS F1: F2: F3: F4: pass:1 rng:0000000000000007"
    )
    # Tops: 3C 6C 9C QC 2D 5D 8D JD AH 4H 7H TH KH 3S 6S 9S QS KS. Only AH goes up; the only
    # top with its suit's next higher card showing is QS (on KS). AH can go up, so no re-deal.
    assert support.move_set(state) == {"p9>f1", "p17>p18"}
    assert not state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_follows_the_conventions_shuffle(name, game):
    # CONVENTIONS 2.7: seed 1 shuffles one pack to 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D ...
    s = segs(game.deal(1).start())
    assert (s["P1"], s["P2"], s["P3"], s["P4"]) == ("9S7SQH", "4SAC8H", "QSJH6C", "5H7DJC")
    assert len(s["P18"]) == 2 and all(len(s[f"P{i}"]) == 6 for i in range(1, 18))
    # The deal's shuffle drew 51 times from the stream seeded with 1.
    assert s["rng"] == f"{(1 + 51 * GOLDEN) & MASK:016x}"


# --- moves -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_aces_go_to_the_lowest_numbered_empty_foundation(name, game):
    # REVERSED: P18 = AC, P13 = 3D 2D AD (AD on top), P9 = ... ; first AC, then AD.
    state = game.deal_from(REVERSED).start()
    s = segs(state)
    assert s["P18"] == "AC" and s["P13"] == "3D2DAD" and s["P17"] == "4C3C2C"
    assert {"p18>f1", "p13>f1"} <= support.move_set(state)
    state = state.play("p13>f1")
    assert segs(state)["F1"] == "AD"
    moves = support.move_set(state)
    assert "p18>f2" in moves and "p18>f1" not in moves
    assert "p13>f1" in moves  # 2D on AD
    state = state.play("p18>f2")
    s = segs(state)
    assert s["F1"] == "AD" and s["F2"] == "AC" and s["P18"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_marriage_is_down_in_suit_one_rank_and_empty_packets_stay_empty(name, game):
    # REVERSED: P1 = KS QS JS, P2 = TS 9S 8S, P3 = 7S 6S 5S, P4 = 4S 3S 2S, P5 = AS KH QH
    # (cards 13-15), ..., P9 = 2H AH KD, ..., P13 = 3D 2D AD, P14 = KC QC JC, ..., P18 = AC.
    state = game.deal_from(REVERSED).start()
    s = segs(state)
    assert s["P1"] == "KSQSJS" and s["P4"] == "4S3S2S" and s["P5"] == "ASKHQH"
    moves = support.move_set(state)
    # Tops are JS 8S 5S 2S QH 9H 6H 3H KD TD 7D 4D AD JC 8C 5C 2C AC: the only top with the
    # card of its suit one rank higher showing is AC (2C on P17).
    assert moves == {"p18>f1", "p13>f1", "p18>p17"}
    state = play_all(state, ["p18>f1", "p17>f1", "p17>f1", "p17>f1"])  # AC, 2C, 3C, 4C
    s = segs(state)
    assert s["F1"] == "AC2C3C4C" and s["P17"] == "" and s["P18"] == ""
    # 5C (P16 top) goes up; nothing may ever go into P17 or P18.
    moves = support.move_set(state)
    assert "p16>f1" in moves and not any(m.endswith(">p17") or m.endswith(">p18") for m in moves)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_card_marries_only_its_suit_one_rank_higher(name, game):
    # P1 = 2C 3C 8H (top 8H), P2 = 4C 5C 7H (top 7H), P3 = 6C 9C 8D (top 8D), P4 = TC JC 9H
    # (top 9H); the rest unshuffled.
    head = ["2C", "3C", "8H", "4C", "5C", "7H", "6C", "9C", "8D", "TC", "JC", "9H"]
    rest = [c for c in ONE_PACK if c not in head]
    state = game.deal_from(head + rest).start()
    s = segs(state)
    assert (s["P1"], s["P2"], s["P3"], s["P4"]) == ("2C3C8H", "4C5C7H", "6C9C8D", "TCJC9H")
    # rest: AC 7C 8C | QC KC AD | 2D 3D 4D | 5D 6D 7D | 9D TD JD | QD KD AH | 2H 3H 4H |
    # 5H 6H TH | JH QH KH | AS 2S 3S | 4S 5S 6S | 7S 8S 9S | TS JS QS | KS -> P5..P18
    assert (s["P5"], s["P6"], s["P12"], s["P17"], s["P18"]) == (
        "AC7C8C",
        "QCKCAD",
        "5H6HTH",
        "TSJSQS",
        "KS",
    )
    moves = support.move_set(state)
    assert "p2>p1" in moves  # 7H on 8H
    assert "p1>p4" in moves  # 8H on 9H
    assert "p1>p2" not in moves  # never upward
    assert "p3>p4" not in moves and "p2>p3" not in moves  # 8D is not a heart
    # Tops: 8H 7H 8D 9H 8C AD 4D 7D JD AH 4H TH KH 3S 6S 9S QS KS. Aces AD, AH to F1; 9H on TH,
    # 7D on 8D, QS on KS besides the two heart marriages.
    assert moves == {
        *("p6>f1", "p10>f1", "p2>p1", "p1>p4", "p4>p12", "p8>p3", "p17>p18"),
    }
    state = state.play("p2>p1")
    s = segs(state)
    assert s["P1"] == "2C3C8H7H" and s["P2"] == "4C5C"
    # The run 8H 7H never moves as one: 7H is the top, and 8H can no longer go on 9H.
    assert "p1>p4" not in support.move_set(state)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_whole_game_plays_out_and_is_won(name, game):
    # REVERSED: card k is ONE_PACK[52 - k]; it lies in packet ceil(k / 3), and each packet's
    # top is its lowest card, so AC..KC, AD..KD, AH..KH, AS..KS go up one by one from the
    # packet holding each. Suits reach F1 (clubs), F2 (diamonds), F3 (hearts), F4 (spades).
    state = game.deal_from(REVERSED).start()
    for i, card in enumerate(ONE_PACK):
        k = 52 - i
        packet = (k + 2) // 3
        state = state.play(f"p{packet}>f{SUITS.index(card[1]) + 1}")
    s = segs(state)
    assert [s[f"F{n}"] for n in range(1, 5)] == ["".join(r + x for r in RANKS) for x in SUITS]
    assert all(s[f"P{i}"] == "" for i in range(1, 19)) and s["pass"] == "1"
    assert state.is_won and state.is_over
    assert support.move_set(state) == set()


# --- re-deals ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_gathers_highest_packet_first_shuffles_and_deals_in_threes(name, game):
    state = game.deal_from(ONE_PACK, seed=5).start()
    state = play_all(state, ["p9>f1", "p17>p18"])  # AH up; QS onto KS
    # No top card can go up now (F1 wants 2H), so the re-deal is legal although a marriage
    # (JS onto QS) is still open.
    assert support.move_set(state) == {"p17>p18", "redeal"}
    # Packets now: P9 = QD KD, P17 = TS JS, P18 = KS QS; the others as dealt.
    dealt = packets_of(ONE_PACK, 18)
    now = dealt[:8] + ["QDKD"] + dealt[9:16] + ["TSJS", "KSQS"]
    # Gathered: P18 bottom to top, then P17, ..., P1 (its top card 3C last).
    gathered_text = "".join(reversed(now))
    gathered = [gathered_text[i : i + 2] for i in range(0, len(gathered_text), 2)]
    assert gathered[:4] == ["KS", "QS", "TS", "JS"] and gathered[-1] == "3C"
    assert len(gathered) == 51
    stream = Stream(5)
    shuffled = stream.shuffle(gathered)
    state = state.play("redeal")
    s = segs(state)
    expected = packets_of(shuffled, 18)
    assert expected[16] != "" and expected[17] == ""  # 51 cards fill P1..P17 exactly
    assert [s[f"P{i}"] for i in range(1, 19)] == expected
    assert s["F1"] == "AH" and s["pass"] == "2"
    assert s["rng"] == f"{stream.state:016x}"


def _stuck_clubs_deal() -> list[str]:
    """REVERSED with KC and QC swapped: P14 = QC KC JC. Everything but QC and KC plays out."""
    cards = list(REVERSED)
    a, b = cards.index("KC"), cards.index("QC")
    cards[a], cards[b] = cards[b], cards[a]
    return cards


def _play_out_all_but_qc_kc(state):
    for card in ONE_PACK:
        if card in ("QC", "KC"):
            continue
        k = 52 - ONE_PACK.index(card)
        state = state.play(f"p{(k + 2) // 3}>f{SUITS.index(card[1]) + 1}")
    return state


def _seed_with_top_bits(bits: list[int]) -> int:
    """The first stream seed whose first draws have these top bits (each 2-card shuffle
    keeps the order when the top bit of its draw is 1: j = (x * 2) >> 64)."""
    for seed in range(1000):
        s = Stream(seed)
        if all((s.next() >> 63) == b for b in bits):
            return seed
    raise AssertionError("no seed")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_two_redeals_at_most_then_lost(name, game):
    seed = _seed_with_top_bits([1, 1])
    state = _play_out_all_but_qc_kc(game.deal_from(_stuck_clubs_deal(), seed=seed).start())
    s = segs(state)
    assert s["P14"] == "QCKC" and s["F1"] == "AC2C3C4C5C6C7C8C9CTCJC"
    assert support.move_set(state) == {"redeal"}  # KC fits nowhere
    for n in (2, 3):
        state = state.play("redeal")
        s = segs(state)
        # Gathered QC KC; the one draw keeps the order: P1 = QC KC again.
        assert s["P1"] == "QCKC" and s["P14"] == "" and s["pass"] == str(n)
        assert s["rng"] == f"{(seed + (n - 1) * GOLDEN) & MASK:016x}"
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_redeal_that_turns_the_pair_over_wins(name, game):
    seed = _seed_with_top_bits([0])
    state = _play_out_all_but_qc_kc(game.deal_from(_stuck_clubs_deal(), seed=seed).start())
    state = state.play("redeal")
    s = segs(state)
    assert s["P1"] == "KCQC" and s["pass"] == "2"
    assert support.move_set(state) == {"p1>f1"}  # QC can go up: no second re-deal yet
    state = play_all(state, ["p1>f1", "p1>f1"])
    assert state.is_won and support.move_set(state) == set()


# --- THE HOUSE IN THE WOOD -----------------------------------------------------------------------

WOOD_IDS = [name for name, _ in WOOD]


@pytest.mark.parametrize("name,game", WOOD, ids=WOOD_IDS)
def test_wood_deals_two_layouts_of_18_packets_and_eight_aces_start_foundations(name, game):
    state = game.deal_from(TWO_PACKS, seed=0).start()
    s = segs(state)
    # Two one-pack layouts: cards 1-52 (copy 1) make P1-P18 with KS alone in P18, cards
    # 53-104 (copy 2) make P19-P36 the same way, KS alone in P36: 34 threes and 2 singles.
    first = packets_of(ONE_PACK, 18)
    assert [s[f"P{i}"] for i in range(1, 37)] == first + first
    assert s["P18"] == "KS" and s["P19"] == "AC2C3C" and s["P36"] == "KS"
    assert "P37" not in s and all(f"F{n}" in s for n in range(1, 9)) and "F9" not in s
    assert state.key.endswith(" F1: F2: F3: F4: F5: F6: F7: F8: pass:1 rng:0000000000000000")
    # Tops, twice: 3C 6C 9C QC 2D 5D 8D JD AH 4H 7H TH KH 3S 6S 9S QS KS. Both AH (P9, P27) go
    # to F1, the lowest empty place; each QS (P17, P35) onto each KS (P18, P36), never upward.
    moves = support.move_set(state)
    assert moves == {"p9>f1", "p27>f1", "p17>p18", "p17>p36", "p35>p18", "p35>p36"}
    state = play_all(state, ["p27>f1", "p9>f2"])
    s = segs(state)
    assert s["F1"] == "AH" and s["F2"] == "AH" and s["P27"] == "QDKD" and s["P9"] == "QDKD"


@pytest.mark.parametrize("name,game", WOOD, ids=WOOD_IDS)
def test_wood_redeal_only_when_nothing_goes_up_then_threes_from_p1(name, game):
    state = game.deal_from(TWO_PACKS, seed=0).start()
    state = state.play("p9>f1")
    # The other AH (P27) can still go up: no re-deal.
    assert "redeal" not in support.move_set(state)
    state = state.play("p27>f2")
    # Both heart foundations want 2H, which is no top card: only the QS marriages are left.
    assert support.move_set(state) == {"p17>p18", "p17>p36", "p35>p18", "p35>p36", "redeal"}
    s = segs(state)
    now = [s[f"P{i}"] for i in range(1, 37)]
    gathered_text = "".join(reversed(now))  # P36 bottom to top first, P1's top (3C) last
    gathered = [gathered_text[i : i + 2] for i in range(0, len(gathered_text), 2)]
    assert len(gathered) == 102 and gathered[0] == "KS" and gathered[-1] == "3C"
    stream = Stream(0)
    shuffled = stream.shuffle(gathered)
    state = state.play("redeal")
    s = segs(state)
    # 102 cards in threes from P1: P1-P34 full, P35 and P36 empty.
    assert [s[f"P{i}"] for i in range(1, 37)] == packets_of(shuffled, 36)
    assert s["P34"] != "" and s["P35"] == "" and s["P36"] == ""
    assert s["pass"] == "2" and s["rng"] == f"{stream.state:016x}"


@pytest.mark.parametrize("name,game", WOOD, ids=WOOD_IDS)
def test_wood_card_fitting_two_foundations_gives_two_moves(name, game):
    # Put both AD and a 2D on packet tops: P1 = AD AD 2D? Build: cards 1-3 AD 2D AD? Use
    # P1 = 3C 2D AD (AD top), P2 = 4C 5C AD (AD top), P3 = 6C 7C 2D (2D top).
    head = ["3C", "2D", "AD", "4C", "5C", "AD", "6C", "7C", "2D"]
    rest = list(TWO_PACKS)
    for c in head:
        rest.remove(c)
    state = game.deal_from(head + rest).start()
    state = play_all(state, ["p1>f1", "p2>f2"])  # the second AD goes to F2, now the lowest
    s = segs(state)
    assert s["F1"] == "AD" and s["F2"] == "AD" and s["P1"] == "3C2D"
    moves = support.move_set(state)
    assert {"p1>f1", "p1>f2", "p3>f1", "p3>f2"} <= moves


# --- THE HOUSE ON THE HILL -----------------------------------------------------------------------

HILL_IDS = [name for name, _ in HILL]


@pytest.mark.parametrize("name,game", HILL, ids=HILL_IDS)
def test_hill_aces_up_kings_down_and_marriages_both_ways(name, game):
    state = game.deal_from(TWO_PACKS, seed=0).start()
    s = segs(state)
    # The wood's layout: two one-pack layouts, P1-P18 and P19-P36.
    assert s["P9"] == "QDKDAH" and s["P27"] == "QDKDAH" and s["P13"] == "JHQHKH"
    assert s["P31"] == "JHQHKH" and s["P18"] == "KS" and s["P36"] == "KS" and "P37" not in s
    moves = support.move_set(state)
    # First aces to F1 (the lowest empty of F1-F4), first kings to F5 (of F5-F8).
    ups = {"p9>f1", "p27>f1", "p13>f5", "p31>f5", "p18>f5", "p36>f5"}
    # Marriages up or down in suit: each QS (P17, P35) on each KS (P18, P36) and back.
    queens = {"p17>p18", "p17>p36", "p35>p18", "p35>p36"}
    assert moves == ups | queens | {m.split(">")[1] + ">" + m.split(">")[0] for m in queens}
    state = play_all(state, ["p9>f1", "p13>f5"])
    s = segs(state)
    assert (s["F1"], s["F5"]) == ("AH", "KH")
    assert s["P9"] == "QDKD" and s["P13"] == "JHQH"
    moves = support.move_set(state)
    # The second AH and KH cannot start other heart foundations; QH goes down on KH (F5),
    # and marries up onto the other KH, which may marry down onto it.
    assert not any(m.startswith("p27>f") or m.startswith("p31>f") for m in moves)
    assert {"p13>f5", "p13>p31", "p31>p13"} <= moves


@pytest.mark.parametrize("name,game", HILL, ids=HILL_IDS)
def test_hill_second_ace_only_finishes_the_king_foundation(name, game):
    # P1..P12 have KH QH ... 2H (copy 1) on top, P13 and P14 the two AH; the other cards fill
    # the packets' lower places and the packets after P14 in unshuffled order.
    tops = [r + "H" for r in "KQJT98765432"] + ["AH", "AH"]
    fillers = list(TWO_PACKS)
    for c in tops:
        fillers.remove(c)
    cards: list[str] = []
    for i, top in enumerate(tops):
        cards += fillers[2 * i : 2 * i + 2] + [top]
    cards += fillers[2 * len(tops) :]
    state = game.deal_from(cards).start()
    state = state.play("p13>f1")  # the first AH starts F1 (up)
    state = state.play("p1>f5")  # KH starts F5 (down)
    state = play_all(state, [f"p{i}>f5" for i in range(2, 13)])  # QH .. 2H
    s = segs(state)
    assert s["F1"] == "AH" and s["F5"] == "KHQHJHTH9H8H7H6H5H4H3H2H"
    moves = support.move_set(state)
    # The second AH cannot start another heart foundation (F2), nor go on F1 (wants 2H): it
    # only finishes F5.
    assert "p14>f5" in moves
    assert not any(m.startswith("p14>f") and m != "p14>f5" for m in moves)
    state = state.play("p14>f5")
    assert segs(state)["F5"].endswith("2HAH") and len(segs(state)["F5"]) == 26


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(ONE_PACK).start()
    for bad in ["p1>f1", "p18>p17", "p19>f1", "p9>f2", "redeal", "turn", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert support.move_set(state) == {"p9>f1", "p17>p18"}


def test_bad_options_are_rejected():
    from patience import reference

    with pytest.raises(ValueError):
        reference.game(SLUG, house_in_the_wood=True, house_on_the_hill=True)
    with pytest.raises(ValueError):
        reference.game(SLUG, house_in_the_wood="yes")
    with pytest.raises(ValueError):
        reference.game(SLUG, packs=2)
    if any(name == "rust" for name, _ in ENGINES):
        import patience

        with pytest.raises(ValueError):
            patience.game(SLUG, house_in_the_wood=True, house_on_the_hill=True)
        with pytest.raises(ValueError):
            patience.game(SLUG, redeals=1)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_explicit_deal_must_be_one_pack(name, game):
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS)
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK[:-1] + ["AC"])
