"""A plain exhaustive search over reference-engine positions, for checking verdicts.

Breadth-first over canonical keys; no pruning, no safe moves, no move ordering: the
simplest search that can prove a position won or lost, for small positions only.
"""

from __future__ import annotations

from collections import deque
from typing import Literal

from ._common import RefState


def search(start: RefState, max_states: int) -> Literal["won", "lost", "unknown"]:
    """``"won"`` if a won position is reachable, ``"lost"`` if every reachable position
    was visited without one, ``"unknown"`` if more than ``max_states`` positions exist."""
    seen = {start.key}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        if s.is_won:
            return "won"
        for m in s.moves():
            t = s.play(m)
            if t.key not in seen:
                if len(seen) >= max_states:
                    return "unknown"
                seen.add(t.key)
                todo.append(t)
    return "lost"
