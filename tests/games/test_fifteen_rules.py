"""Rule tests of THE FIFTEEN (python/patience/rules/fifteen.md and docs/notation/fifteen.md),
run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set is
worked out by hand from the rule text and the notation page.

Deal order reminder: card k (from 1) goes onto column ((k - 1) mod 15) + 1, in row ceil(k / 15);
row 1 is the bottom of each column pile. C1-C14 get 7 cards, C15 gets 6. Then the opening play
(automatic): while some column's top card fits a foundation, the lowest-numbered such column's
top goes to the lowest-numbered foundation taking it. F1-F4 build up from an ace (the first ace
of a suit starts one), F5-F8 down from a king (the first king of a suit starts one).
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

SLUG = "fifteen"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
COLUMNS = [f"C{n}" for n in range(1, 16)]
FOUNDATIONS = [f"F{n}" for n in range(1, 9)]
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1

#: Quiet top cards, C1..C15: clubs and diamonds of even rank, no two of a suit a rank apart,
#: no ace or king, so none goes up, marries, or starts anything.
QUIET = ["2C", "4C", "6C", "8C", "TC", "QC", "2D", "4D", "6D", "8D", "TD", "QD", "2C", "4C", "6C"]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


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


def height(c: int) -> int:
    return 6 if c == 15 else 7


def by_columns(columns: list[list[str]]) -> list[str]:
    """Dealing order from fifteen full columns, each bottom (row 1) to top: card k of the deal
    is row ceil(k / 15) of column ((k - 1) mod 15) + 1."""
    assert [len(col) for col in columns] == [height(c) for c in range(1, 16)]
    return [columns[(k - 1) % 15][(k - 1) // 15] for k in range(1, 105)]


def layout(named: dict[int, list[str]]) -> list[str]:
    """Dealing order: column c ends (bottom to top) with the cards ``named[c]``, or with its
    ``QUIET`` card when not named; every other card fills the remaining places in dealing
    order, aces and kings first (so they lie in rows 1-2), then the rest of the two packs."""
    tops = {c: named.get(c, [QUIET[c - 1]]) for c in range(1, 16)}
    rest = list(TWO_PACKS)
    for cards in tops.values():
        for card in cards:
            rest.remove(card)
    rest.sort(key=lambda card: card[0] not in "AK")  # stable: aces and kings first
    grid: list[list[str | None]] = [[None] * height(c) for c in range(1, 16)]
    for c, cards in tops.items():
        grid[c - 1][height(c) - len(cards) :] = cards
    for k in range(1, 105):
        col, row = (k - 1) % 15, (k - 1) // 15
        if grid[col][row] is None:
            grid[col][row] = rest.pop(0)
    assert not rest
    return by_columns(grid)  # type: ignore[arg-type]


class Stream:
    """CONVENTIONS 2: SplitMix64 and the Fisher-Yates shuffle, written out again here."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def shuffle(self, seq: list) -> list:
        seq = list(seq)
        for i in range(len(seq) - 1, 0, -1):
            j = (self.next() * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        return seq


def test_own_stream_matches_conventions_vectors():
    assert Stream(0).shuffle(list(range(10))) == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]
    first = Stream(1).shuffle(ONE_PACK)[:13]
    assert first == ["9S", "7S", "QH", "4S", "AC", "8H", "QS", "JH", "6C", "5H", "7D", "JC", "3D"]


# --- the deal ---------------------------------------------------------------------------------

#: Aces and kings first, in pack order (row 1: AC KC AD KD AH KH AS KS AC KC AD KD AH KH AS,
#: then KS opens row 2 in C1), then the 88 other cards in pack order (card 17 is 2C). The tops
#: are cards 91-104 (C1-C14) and card 90 (C15): the last fifteen of those 88, 9H TH JH QH
#: 2S 3S ... QS.
QUIET_DEAL = sorted(TWO_PACKS, key=lambda card: card[0] not in "AK")


@pytest.mark.parametrize("game", each_engine())
def test_deal_rows_of_fifteen_the_last_row_fourteen(game):
    state = game.deal_from(QUIET_DEAL).start()
    # Column c holds cards c, c+15, c+30, ... (bottom to top); nothing plays at the start.
    for c in range(1, 16):
        expected = "".join(QUIET_DEAL[k - 1] for k in range(c, 105, 15))
        assert seg(state, f"C{c}") == expected
    # C1: cards 1 (AC), 16 (KS), 31 (the 15th other card, 5D), 46, 61, 76, 91 (TH).
    assert seg(state, "C1").startswith("ACKS5D") and len(seg(state, "C1")) == 14
    assert seg(state, "C1").endswith("TH") and seg(state, "C15").endswith("9H")
    assert seg(state, "C14").endswith("QS") and len(seg(state, "C15")) == 12
    assert all(seg(state, f) == "" for f in FOUNDATIONS)
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_the_last_card_of_every_column_is_free_column_15_included(game):
    state = game.deal_from(QUIET_DEAL).start()
    # Tops: C1 TH, C2 JH, C3 QH, C4..C14 2S..QS, C15 9H (its row-6 card). Marriages in suit,
    # one rank up or down; no ace or king free, no grace (the aces and kings lie in rows 1-2).
    hearts = {"c15>c1", "c1>c15", "c1>c2", "c2>c1", "c2>c3", "c3>c2"}
    spades = {f"c{n}>c{n + 1}" for n in range(4, 14)} | {f"c{n + 1}>c{n}" for n in range(4, 14)}
    assert move_set(state) == hearts | spades


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_columns_are_the_shuffle_less_the_opening_play(game):
    for seed in (0, 1, 2, 12345):
        order = Stream(seed).shuffle(TWO_PACKS)
        state = game.deal(seed).start()
        played = ""
        for c in range(1, 16):
            dealt = "".join(order[k - 1] for k in range(c, 105, 15))
            now = seg(state, f"C{c}")
            assert dealt.startswith(now)  # the opening play only takes cards off the top
            played += dealt[len(now) :]
        on_foundations = "".join(seg(state, f) for f in FOUNDATIONS)
        assert sorted(on_foundations[i : i + 2] for i in range(0, len(on_foundations), 2)) == (
            sorted(played[i : i + 2] for i in range(0, len(played), 2))
        )


# --- the opening play ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_opening_play_lowest_column_first_starting_again_after_each_card(game):
    deal = layout({1: ["TH", "2S"], 3: ["9S", "3H", "2H", "AH"], 4: ["9H", "AS"],
                   5: ["5H", "JS", "QS", "KS"], 6: ["2S"]})  # fmt: skip
    state = game.deal_from(deal).start()
    # C3: AH, 2H, 3H up (F1). C4: AS (F2). Then C1's 2S (the lowest column again), not C6's.
    # C5: KS starts F5, then QS, JS. Nothing else fits.
    assert seg(state, "F1") == "AH2H3H" and seg(state, "F2") == "AS2S"
    assert seg(state, "F5") == "KSQSJS"
    assert all(seg(state, f) == "" for f in ("F3", "F4", "F6", "F7", "F8"))
    tops = {c: seg(state, f"C{c}")[-2:] for c in range(1, 7)}
    assert tops == {1: "TH", 2: "4C", 3: "9S", 4: "9H", 5: "5H", 6: "2S"}
    assert [len(seg(state, f"C{c}")) // 2 for c in range(1, 7)] == [6, 7, 4, 6, 4, 7]
    assert move_set(state) == {"c1>c4", "c4>c1"}


@pytest.mark.parametrize("game", each_engine())
def test_the_first_king_of_a_suit_starts_its_down_foundation(game):
    # Hearts A..7 in C1 (AH on top), 8..Q in C2 over a KH: the up-foundation reaches the queen,
    # then the KH starts F5 instead of ending F1.
    deal = layout({1: ["7H", "6H", "5H", "4H", "3H", "2H", "AH"],
                   2: ["8D", "KH", "QH", "JH", "TH", "9H", "8H"]})  # fmt: skip
    state = game.deal_from(deal).start()
    assert seg(state, "F1") == "AH2H3H4H5H6H7H8H9HTHJHQH"
    assert seg(state, "F5") == "KH"
    assert seg(state, "C1") == "" and seg(state, "C2") == "8D"


@pytest.mark.parametrize("game", each_engine())
def test_the_first_ace_of_a_suit_starts_its_up_foundation(game):
    # Spades K..8 in C1 (KS on top), 7..2 in C2 over an AS: the down-foundation reaches the
    # deuce, then the AS starts F1 instead of ending F5.
    deal = layout({1: ["8D", "8S", "9S", "TS", "JS", "QS", "KS"],
                   2: ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]})  # fmt: skip
    state = game.deal_from(deal).start()
    assert seg(state, "F5") == "KSQSJSTS9S8S7S6S5S4S3S2S"
    assert seg(state, "F1") == "AS"
    assert seg(state, "C1") == "8D" and seg(state, "C2") == ""


def chain() -> list[str]:
    """All 104 cards in the order they can go up: per suit A..Q up, the first K (starts the
    down-foundation), the second K (ends the up one), then Q..A down."""
    out = []
    for s in SUITS:
        out += [r + s for r in RANKS[:12]] + ["K" + s, "K" + s] + [r + s for r in RANKS[11::-1]]
    return out


def chain_columns(cards: list[str]) -> list[list[str]]:
    """Columns holding ``cards`` 1-7 (C1, first card on top), 8-14 (C2), ..., 99-104 (C15)."""
    cols = [list(reversed(cards[7 * i : 7 * i + 7])) for i in range(14)]
    return cols + [list(reversed(cards[98:]))]


RUNS_UP = ["".join(r + s for r in RANKS) for s in SUITS]
RUNS_DOWN = ["".join(r + s for r in reversed(RANKS)) for s in SUITS]


@pytest.mark.parametrize("game", each_engine())
def test_a_deal_the_opening_play_wins_is_won_at_once(game):
    state = game.deal_from(by_columns(chain_columns(chain()))).start()
    # Each column's top is the next card the foundations want, once the columns before it are
    # empty: clubs go to F1/F5, diamonds F2/F6, hearts F3/F7, spades F4/F8.
    empties = " ".join(f"{c}:" for c in COLUMNS)
    ups = " ".join(f"F{n + 1}:{RUNS_UP[n]}" for n in range(4))
    downs = " ".join(f"F{n + 5}:{RUNS_DOWN[n]}" for n in range(4))
    assert state.key == f"{empties} {ups} {downs}"
    assert state.is_won and state.is_over and move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_a_lane_takes_any_card_and_the_game_is_won_by_moves(game):
    cards = chain()
    cards[102], cards[103] = cards[103], cards[102]  # C15 ends 2S AS 3S 4S 5S 6S (6S on top)
    state = game.deal_from(by_columns(chain_columns(cards))).start()
    # The opening play stops with F8 at 3S: the AS on top of C15 fits nowhere (spades up done).
    assert seg(state, "C15") == "2SAS" and seg(state, "F8") == "KSQSJSTS9S8S7S6S5S4S3S"
    assert not state.is_won
    assert move_set(state) == {f"c15>c{n}" for n in range(1, 15)}  # into any of 14 lanes
    state = state.play("c15>c1")
    assert seg(state, "C1") == "AS" and seg(state, "C15") == "2S"
    assert move_set(state) == (
        {"c15>f8", "c1>c15"}
        | {f"c15>c{n}" for n in range(1, 15)}  # c15>c1 is a marriage (2S on AS)
        | {f"c1>c{n}" for n in range(2, 15)}
    )
    state = state.play("c15>f8")
    assert move_set(state) == {"c1>f8"} | {f"c1>c{n}" for n in range(2, 16)}
    state = state.play("c1>f8")
    assert state.is_won and state.is_over and move_set(state) == set()
    assert seg(state, "F8") == RUNS_DOWN[3]


# --- moves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_marriages_in_suit_up_or_down_mixed_in_one_column(game):
    deal = layout({5: ["TD", "7H"], 6: ["8H"], 7: ["2D", "6H"], 8: ["4D", "7H"]})
    state = game.deal_from(deal).start()
    assert move_set(state) == {
        "c5>c6", "c6>c5", "c5>c7", "c7>c5", "c8>c6", "c6>c8", "c8>c7", "c7>c8",
    }  # fmt: skip
    state = state.play("c7>c5")  # 6H on 7H (down)
    assert seg(state, "C5").endswith("TD7H6H") and seg(state, "C7").endswith("2D")
    assert move_set(state) == {"c8>c5", "c5>c8", "c8>c6", "c6>c8"}
    state = state.play("c8>c5")  # 7H on 6H (up)
    assert seg(state, "C5").endswith("TD7H6H7H") and seg(state, "C8").endswith("4D")
    assert move_set(state) == {"c5>c6", "c6>c5"}


@pytest.mark.parametrize("game", each_engine())
def test_a_card_fitting_both_foundations_of_its_suit_gives_two_moves(game):
    # Opening: AH..5H from C1 to F1, KH..7H from C2 to F5 (C2 is left empty). The 6H lies
    # under the 4S in C3; marrying the 4S onto the 5S frees it.
    deal = layout({1: ["TD", "QD", "5H", "4H", "3H", "2H", "AH"],
                   2: ["7H", "8H", "9H", "TH", "JH", "QH", "KH"],
                   3: ["6H", "4S"], 4: ["5S"]})  # fmt: skip
    state = game.deal_from(deal).start()
    assert seg(state, "F1") == "AH2H3H4H5H" and seg(state, "F5") == "KHQHJHTH9H8H7H"
    assert seg(state, "C1").endswith("QD") and seg(state, "C2") == ""
    state = state.play("c3>c4")
    lanes = {f"c{n}>c2" for n in range(1, 16) if n != 2}
    assert move_set(state) == {"c3>f1", "c3>f5"} | lanes
    assert seg(state.play("c3>f5"), "F5") == "KHQHJHTH9H8H7H6H"
    assert seg(state.play("c3>f1"), "F1") == "AH2H3H4H5H6H"


@pytest.mark.parametrize("game", each_engine())
def test_book_example_a_lane_turns_a_run_round_so_its_ten_comes_out(game):
    # C1 (AH..7H, AH on top) goes up in the opening play and is left as a lane. C2 is a run
    # from a ten down to a four, the four on top; laid card by card into the lane, the run
    # ends with the ten on top.
    deal = layout({1: ["7H", "6H", "5H", "4H", "3H", "2H", "AH"],
                   2: ["TS", "9S", "8S", "7S", "6S", "5S", "4S"]})  # fmt: skip
    state = game.deal_from(deal).start()
    assert seg(state, "C1") == "" and seg(state, "F1") == "AH2H3H4H5H6H7H"
    state = state.play("c2>c1")  # the 4S into the lane
    assert seg(state, "C1") == "4S" and seg(state, "C2") == "TS9S8S7S6S5S"
    state = play_all(state, ["c2>c1"] * 6)  # 5S on 4S, 6S on 5S, ... (up)
    assert seg(state, "C1") == "4S5S6S7S8S9STS" and seg(state, "C2") == ""


# --- the grace --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_without_an_opening_or_a_grace_the_game_is_lost_at_once(game):
    state = game.deal_from(layout({})).start()
    assert [seg(state, c)[-2:] for c in COLUMNS] == QUIET
    assert move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("game", each_engine())
def test_grace_one_move_per_choice_of_sixth_row_ace_and_king(game):
    # Sixth-row cards: AH in C4, KS in C9, AC in C11 (each under its column's quiet top).
    deal = layout({4: ["AH", "8C"], 9: ["KS", "6D"], 11: ["AC", "TD"]})
    state = game.deal_from(deal).start()
    assert move_set(state) == {
        "grace:c4,-", "grace:c11,-", "grace:-,c9", "grace:c4,c9", "grace:c11,c9",
    }  # fmt: skip
    # While the grace is possible the key ends with the columns of the row-6 aces and kings.
    assert seg(state, "row6") == "C4C9C11" and state.key.endswith(" F8: row6:C4C9C11")
    before = {c: seg(state, f"C{c}") for c in (4, 9, 11)}
    assert before[4][10:12] == "AH" and before[9][10:12] == "KS"
    state = state.play("grace:c4,c9")
    assert "row6:" not in state.key  # a foundation is started: no more grace
    assert seg(state, "F1") == "AH" and seg(state, "F5") == "KS"
    assert seg(state, "C4") == before[4][:10] + "8C"  # the top closes up over the gap
    assert seg(state, "C9") == before[9][:10] + "6D"
    assert seg(state, "C11") == before[11]
    # The grace is spent (a foundation is started); nothing else can be done: lost.
    assert move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("game", each_engine())
def test_grace_takes_only_a_king_or_only_an_ace(game):
    state = game.deal_from(layout({9: ["KS", "6D"]})).start()
    assert move_set(state) == {"grace:-,c9"}
    state = state.play("grace:-,c9")
    assert seg(state, "F5") == "KS" and all(seg(state, f) == "" for f in FOUNDATIONS[:4])
    # C15's sixth card is its top: an ace there is free and goes up in the opening play.
    state = game.deal_from(layout({15: ["5S", "AS"]})).start()
    assert seg(state, "F1") == "AS" and seg(state, "C15").endswith("5S")
    assert move_set(state) == set()  # no grace once a foundation is started
    # An ace fifth from the bottom (under C15's quiet top) is no sixth-row card: no grace.
    state = game.deal_from(layout({15: ["AD", "6C"]})).start()
    assert move_set(state) == set()
    # An ace fifth from the bottom of C4 (under two cards) is no sixth-row card either.
    state = game.deal_from(layout({4: ["AH", "9C", "8C"]})).start()
    assert move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_grace_after_marriages_and_not_while_an_ace_is_free(game):
    deal = layout({2: ["AD", "5S"], 3: ["6C", "6S"]})
    state = game.deal_from(deal).start()
    assert move_set(state) == {"grace:c2,-", "c2>c3", "c3>c2"}
    # 6S onto 5S: the AD now has two cards on it, and the grace still takes it. (The 6C left
    # on top of C3 takes nothing.)
    on_top = state.play("c3>c2")
    assert seg(on_top, "C2").endswith("AD5S6S") and seg(on_top, "C3").endswith("6C")
    assert move_set(on_top) == {"grace:c2,-"}
    graced = on_top.play("grace:c2,-")
    assert seg(graced, "F1") == "AD"
    assert seg(graced, "C2") == seg(on_top, "C2")[:10] + "5S6S"
    # 5S onto 6S instead frees the AD: no grace now, the ace is played normally.
    freed = state.play("c2>c3")
    assert seg(freed, "C2").endswith("AD")
    # The AD may go up, or marry the quiet 2D on top of C7 (either way round).
    assert move_set(freed) == {"c2>f1", "c2>c7", "c7>c2"}


@pytest.mark.parametrize("game", each_engine())
def test_the_grace_takes_only_a_card_dealt_in_row_6_and_never_moved(game):
    # C2: KS dealt in row 6 under JD; C15: QS in row 5 under its row-6 (top) card 7D; C3's
    # top is the other QS. 7D may marry C9's 6D, JD C11's TD.
    deal = layout({2: ["KS", "JD"], 3: ["QS"], 15: ["QS", "7D"]})
    state = game.deal_from(deal).start()
    assert seg(state, "row6") == "C2"
    assert move_set(state) == {
        "grace:-,c2",  # the KS of C2, in place under JD
        "c2>c11", "c2>c12", "c11>c2", "c12>c2",  # JD with TD and QD
        "c15>c9", "c15>c10", "c9>c15", "c10>c15",  # 7D with 6D and 8D
    }  # fmt: skip
    state = state.play("c15>c9")  # 7D away: C15 is down to five cards, QS on top
    state = state.play("c2>c11")  # JD away: the KS is free (no grace while a king is free)
    assert seg(state, "row6") == "C2" and not any(m.startswith("grace") for m in move_set(state))
    state = state.play("c2>c15")  # the KS leaves its place: onto the QS of C15
    state = state.play("c3>c15")  # and the other QS covers it
    # C15's sixth card is now a king, no ace or king is free, every foundation is empty: but
    # that KS was not dealt there (and has moved), so there is no grace at all.
    assert seg(state, "C15")[10:] == "KSQS" and len(seg(state, "C15")) == 14
    assert seg(state, "row6") == ""
    assert not any(m.startswith("grace") for m in move_set(state))
    with pytest.raises(ValueError):
        state.play("grace:-,c15")


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(QUIET_DEAL).start()
    bad_moves = ["c1>c3", "c1>c1", "c1>f1", "c4>f5", "f1>c1", "c16>c1", "grace:c1,-",
                 "grace:-,-", "turn", "redeal", "x"]  # fmt: skip
    for bad in bad_moves:
        with pytest.raises(ValueError):
            state.play(bad)
    assert seg(state, "C1").endswith("TH")


@pytest.mark.parametrize("game", each_engine())
def test_explicit_deal_must_be_exactly_two_packs(game):
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK)
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1])
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])


def test_unknown_option_is_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
