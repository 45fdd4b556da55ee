"""Move descriptions over random walks of every game: the cards a description names are the
cards that moved (worked out here from the places before and after, independently of
``patience._describe``), counts cover the rest, and no card the player cannot see before
the move is ever named (issue 28, points 2 and 6)."""

from __future__ import annotations

import random
import re
from collections import Counter

import patience
import pytest

CARD = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][CDHS])(?![A-Za-z0-9])")
COUNT = re.compile(r"(\d+) cards?\b")
ONTO = re.compile(r"onto ([A2-9TJQK][CDHS])")
GAPPED = re.compile(r"(?:[A2-9TJQK][CDHS]|\.\.)*\.\.(?:[A2-9TJQK][CDHS]|\.\.)*", re.I)

SLUGS = [g.slug for g in patience.games()]


def cards_by_place(state: patience.State) -> dict[str, list[tuple[str, bool]]]:
    """Label -> [(card, face up)], the places and the rows written with gaps."""
    out = {p.label: [(str(c), c.face_up) for c in p.cards] for p in state.places}
    for label, body in state.markers.items():
        if GAPPED.fullmatch(body):
            out[label] = [
                (body[i : i + 2].upper(), body[i + 1].isupper())
                for i in range(0, len(body), 2)
                if body[i] != "."
            ]
    return out


def moved_cards(before: patience.State, after: patience.State) -> tuple[Counter[str], int]:
    """The cards that changed place (by name) and how many of them, and the cards whose
    order changed within one place."""
    b, a = cards_by_place(before), cards_by_place(after)
    lost: Counter[str] = Counter()
    gained: Counter[str] = Counter()
    for label in set(b) | set(a):
        cb = Counter(c for c, _ in b.get(label, []))
        ca = Counter(c for c, _ in a.get(label, []))
        lost += cb - ca
        gained += ca - cb
    moved = Counter({c: max(lost[c], gained[c]) for c in set(lost) | set(gained)})
    for label, cards in b.items():
        after_cards = a.get(label, [])
        if Counter(c for c, _ in cards) == Counter(c for c, _ in after_cards):
            moved += Counter(c for (c, _), (d, _) in zip(cards, after_cards) if c != d)
    return moved, sum(moved.values())


def twin_replaced(before: patience.State, after: patience.State, text: str) -> str:
    """X when ``a>b`` took a's top card X and a was refilled with another X (two packs):
    a's cards look unchanged, yet X moved to b and its twin to a; else ``""``."""
    m = re.fullmatch(r"([a-z0-9]+)>([a-z0-9]+)", text)
    if not m:
        return ""
    b = {p.label.lower(): p for p in before.places}
    a = {p.label.lower(): p for p in after.places}
    src_b, src_a = b.get(m.group(1)), a.get(m.group(1))
    dst_b, dst_a = b.get(m.group(2)), a.get(m.group(2))
    if None in (src_b, src_a, dst_b, dst_a) or not src_b.cards or not src_a.cards:
        return ""
    x = str(src_b.top)
    same = [str(c) for c in src_b.cards] == [str(c) for c in src_a.cards]
    gained = [str(c) for c in dst_a.cards].count(x) > [str(c) for c in dst_b.cards].count(x)
    return x if same and gained else ""


def check_move(state: patience.State, move: patience.Move) -> None:
    text = move.describe()
    after = state.play(move)
    assert text.startswith(move.text)
    rest = text[len(move.text) :]
    moved, total = moved_cards(state, after)
    twin = twin_replaced(state, after, move.text)
    if twin:
        moved[twin] += 1
        total += 1
    if total == 0:
        assert rest == "" or re.fullmatch(r" \(for F\d+\)", rest), text
        return
    assert rest.startswith(" (") and rest.endswith(")"), f"{state.game.slug}: {text}"
    inner = rest[2:-1]
    visible = {c for cards in cards_by_place(state).values() for c, up in cards if up}
    shown_markers = " ".join(state.markers.values())
    onto = ONTO.findall(inner)
    for target in onto:
        dest_tops = [p.top for p in state.places if p.top is not None and p.top.face_up]
        assert target in {str(c) for c in dest_tops}, f"{text}: {target} is no face-up top"
    named = Counter(CARD.findall(ONTO.sub("", inner)))
    for c in named:
        assert c in visible or c in shown_markers, (
            f"{state.game.slug} {state.key}: {text} names {c}, hidden before the move"
        )
    assert not (named - moved), f"{state.game.slug}: {text} names {named - moved}, unmoved"
    counted = sum(int(n) for n in COUNT.findall(inner))
    assert sum(named.values()) + counted == total, (
        f"{state.game.slug}: {text} names {sum(named.values())} and counts {counted}, "
        f"{total} moved ({dict(moved)})"
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_descriptions_name_the_cards_that_moved(slug: str) -> None:
    rng = random.Random(slug)
    checked = 0
    for seed in range(1, 9):
        if checked >= 40:
            break
        state = patience.game(slug).deal(seed).start()
        for _ in range(40):
            moves = state.moves()
            if not moves:
                break
            for m in rng.sample(moves, min(4, len(moves))):
                check_move(state, m)
                checked += 1
            state = state.play(rng.choice(moves))
    assert checked >= 20


def test_turn_names_no_card_before_it_is_turned() -> None:
    s = patience.game("canfield-or-klondike").deal(4).start()
    assert s.move("turn").describe() == "turn (1 card from pack)"
    hint = patience.game("clock").deal(1).start()
    for m in hint.moves():
        assert m.text != "turn" or m.describe() == "turn (1 card from pack)"


def test_la_belle_lucie_redeal_counts_the_piles() -> None:
    s = patience.game("la-belle-lucie").deal(5).start().play("p2>f1")
    # The re-deal comes only when no card can go up: play them up first.
    while up := [m for m in s.moves() if ">f" in m.text]:
        s = s.play(up[0])
    d = s.move("redeal").describe()
    assert d.startswith("redeal (") and "cards from P1-P18 to P1-" in d, d
    assert "8D from P18" not in d


@pytest.mark.parametrize(
    ("slug", "move", "expected"),
    [
        ("caesar", "swap:p1,p2", "swap:p1,p2 (9S from P1 to P2; 7S from P2 to P1)"),
        (
            "wheel",
            "p1+p2+p8+p9",
            "p1+p2+p8+p9 (8S from P1, 7H from P2, 3D from P8, KC from P9 removed; "
            "4 cards from pack)",
        ),
        ("herring-bone", "down", "down (for F1; 9C from S3 to F2)"),
    ],
)
def test_word_moves_name_their_cards(slug: str, move: str, expected: str) -> None:
    s = patience.game(slug).deal(1).start()
    assert s.move(move).describe() == expected


def test_a_card_replaced_by_its_twin_is_still_named() -> None:
    # Besieged city seed 1 (two packs): R41's KC goes to Top1 and the pack's next card,
    # another KC, refills R41. The places alone would say only a pack card moved.
    s = patience.game("besieged-city").deal(1).start().play("top1>top2")
    assert s.move("r41>top1").describe() == "r41>top1 (KC to empty Top1; 1 card from pack)"


def test_after_the_move_only_cards_now_face_up_are_named() -> None:
    from patience import Card, Place
    from patience._describe import describe

    s = patience.game("canfield-or-klondike").deal(4).start()
    a = s.play("turn")
    played = describe("turn", s.places, a.places, s.markers, a.markers, reveal="after")
    assert played == "turn (4C from pack to talon)"
    # A card dealt face down stays unnamed after the move too.
    down = Card(5, "S", face_up=False)
    before = (Place("pack", "pack", (Card(9, "H", False), down)), Place("tableau", "T1", ()))
    after = (Place("pack", "pack", (Card(9, "H", False),)), Place("tableau", "T1", (down,)))
    assert describe("deal", before, after, reveal="after") == "deal (1 card from pack)"
    assert describe("deal", before, after, reveal=True) == "deal (5S from pack to T1)"
