"""THE CONGRESS (two packs): the reference engine.

Written from ``rules/congress.md`` and ``docs/notation/congress.md`` alone, for clarity, not
speed.

The eight aces (withdrawn) are the foundations F1-F8 (C, C, D, D, H, H, S, S), built up in
suit. Four help packets H1-H4 (one card each at first) and eight river columns R1-R8 (a list
of positions, one card or a vacancy each). River cards and help tops go to the foundations or
marry (same suit, one lower) onto help tops. In the opening (before the second row is
dealt) a river position that loses its card takes the pack's top card at once, as part of the
move. ``refill`` fills every vacancy from the pack (rivers by row then column, then helps
H1-H4); ``deal`` deals a new river row when none is open. With the pack gone, any empty help
H1-H8 may be started with an available river card.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack, withdraw

N_RIVERS = 8
N_HELPS = 8
ACES = [Card(1, s) for s in range(4) for _ in range(2)]


class State(RefState):
    """One position. ``rivers[c][p]`` is position p+1 of column c+1: a card or ``None`` (a
    vacancy). Helps and foundations are lists bottom to top; the pack too (its last card comes
    out next)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rivers: list[list[Card | None]] = [[] for _ in range(N_RIVERS)]
        self.helps: list[list[Card]] = [[] for _ in range(N_HELPS)]
        self.found: list[list[Card]] = [[a] for a in ACES]
        self.pack: list[Card] = []

    def _available(self, c: int) -> Card | None:
        for card in reversed(self.rivers[c]):
            if card is not None:
                return card
        return None

    def _river_vacancies(self) -> list[tuple[int, int]]:
        """(position, column), 0-based, in refill order."""
        out = [(p, c) for c in range(N_RIVERS) for p, x in enumerate(self.rivers[c]) if x is None]
        return sorted(out)

    def _in_opening(self) -> bool:
        """Before the second row is dealt: R1 (first to get a card of every row) has one
        position."""
        return len(self.rivers[0]) == 1

    def _help_vacancies(self) -> list[int]:
        return [h for h in range(4) if not self.helps[h]]

    def _wants(self, m: int, card: Card) -> bool:
        top = self.found[m][-1]
        return top.suit == card.suit and top.rank + 1 == card.rank

    @staticmethod
    def _marries(card: Card, onto: list[Card]) -> bool:
        return bool(onto) and onto[-1].suit == card.suit and onto[-1].rank == card.rank + 1

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for i in range(N_RIVERS):
            card = self._available(i)
            if card is None:
                continue
            out += [f"r{i + 1}>f{m + 1}" for m in range(8) if self._wants(m, card)]
            for j in range(N_HELPS):
                if self._marries(card, self.helps[j]) or (not self.pack and not self.helps[j]):
                    out.append(f"r{i + 1}>h{j + 1}")
        for i in range(N_HELPS):
            if not self.helps[i]:
                continue
            card = self.helps[i][-1]
            out += [f"h{i + 1}>f{m + 1}" for m in range(8) if self._wants(m, card)]
            out += [
                f"h{i + 1}>h{j + 1}"
                for j in range(N_HELPS)
                if j != i and self._marries(card, self.helps[j])
            ]
        if self.pack:
            vacant = self._river_vacancies() or self._help_vacancies()
            out.append("refill" if vacant else "deal")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            for c in range(N_RIVERS):
                if self.pack:
                    self.rivers[c].append(self.pack.pop())
        elif move == "refill":
            for p, c in self._river_vacancies():
                if self.pack:
                    self.rivers[c][p] = self.pack.pop()
            for h in self._help_vacancies():
                if self.pack:
                    self.helps[h].append(self.pack.pop())
        else:
            src, dst = move.split(">")
            i = int(src[1:]) - 1
            if src.startswith("r"):
                p = max(k for k, x in enumerate(self.rivers[i]) if x is not None)
                card = self.rivers[i][p]
                assert card is not None
                self.rivers[i][p] = None
                if self._in_opening() and self.pack:
                    self.rivers[i][p] = self.pack.pop()  # the opening's refill, at once
            else:
                card = self.helps[i].pop()
            j = int(dst[1:]) - 1
            (self.found if dst.startswith("f") else self.helps)[j].append(card)

    @property
    def key(self) -> str:
        parts = []
        for c in range(N_RIVERS):
            for p, card in enumerate(self.rivers[c]):
                parts.append(f"R{c + 1}P{p + 1}:" + ("" if card is None else str(card)))
        parts += [pile_text(f"H{i + 1}", h) for i, h in enumerate(self.helps)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE CONGRESS. No options."""

    slug: ClassVar[str] = "congress"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Withdraw the aces; cards 1-4 to the helps, 5-12 to the first river row."""
        rest = list(cards)
        withdraw(rest, ACES)
        state = State(self)
        for h in range(4):
            state.helps[h] = [rest[h]]
        for c in range(N_RIVERS):
            state.rivers[c] = [rest[4 + c]]
        state.pack = list(reversed(rest[12:]))
        return state
