"""Helpers shared by the tests: the engines that implement a game, and move text sets."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import patience
from patience import reference

#: The folder holding the package the tests import (installed, or the source tree).
PKG_ROOT = str(Path(patience.__file__).resolve().parent.parent)


def cli_env() -> dict[str, str]:
    """The environment for a subprocess that must import the same package as the tests."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (PKG_ROOT, env.get("PYTHONPATH")) if p)
    return env


def run_cli(
    *args: str, cwd: str | os.PathLike[str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m patience ARGS`` in a subprocess, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "patience", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=cli_env(),
    )


def engines(slug: str, **options: Any) -> list[tuple[str, Any]]:
    """``(name, game)`` for every engine that implements ``slug``: the reference always,
    and the Rust engine once it registers the game. Both offer ``deal(seed)``,
    ``deal_from(cards, seed=0)``, ``Deal.start()``, ``State.moves()``, ``State.play(text)``,
    ``State.key``, ``State.is_won`` and ``State.is_over``."""
    out: list[tuple[str, Any]] = [("reference", reference.game(slug, **options))]
    try:
        import patience

        rust_slugs = {info.slug for info in patience.games()}
    except (ImportError, AttributeError):
        rust_slugs = set()
    if slug in rust_slugs:
        out.append(("rust", patience.game(slug, **options)))
    return out


def move_set(state: Any) -> set[str]:
    """The legal moves of a state of either engine, as a set of text forms."""
    return {str(m) for m in state.moves()}


def default_sigint() -> None:
    """``preexec_fn`` for a child that a test interrupts: SIGINT back to its default, so
    that Python installs its KeyboardInterrupt handler even when the test run itself was
    started with SIGINT ignored (``nohup cmd &`` from a script does that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
