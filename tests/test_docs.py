"""The documentation: the API reference builds from the docstrings with pdoc, the tutorial's
Python runs, and the README opens with its two commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import patience

ROOT = Path(__file__).resolve().parent.parent


def test_api_reference_builds(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pdoc", "-o", str(tmp_path), "patience", "patience.play"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "patience.html").read_text(encoding="utf-8")
    for name in ("Game", "Deal", "State", "Move", "Card", "Place", "Solution", "Hint"):
        assert f'id="{name}"' in page, name
    for name in ("State.svg", "State.hint", "State.record", "Game.solve", "solve_many"):
        assert f'id="{name}"' in page, name
    # The docstrings themselves are there, not just the names.
    assert "drawn as cards" in page
    play = (tmp_path / "patience" / "play.html").read_text(encoding="utf-8")
    assert "undo" in play and 'id="play"' in play


def test_tutorial_python_runs(capsys) -> None:
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    exec(compile("\n".join(blocks), "docs/tutorial.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "t4>t7 (2S onto 3D)" in printed and "play t4>t7" in printed


def test_tutorial_command_output_is_true() -> None:
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    shown = re.search(r"\$ patience solve canfield-or-klondike --seed 4\n\s+(.*)\n", text)
    assert shown
    out = subprocess.run(
        [sys.executable, "-m", "patience", "solve", "canfield-or-klondike", "--seed", "4"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # The timing differs from run to run; the rest is exact.
    strip = re.compile(r"[\d.]+ s$")
    assert strip.sub("", out.stdout.strip()) == strip.sub("", shown.group(1).strip())


def test_readme_opens_with_its_two_commands() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    commands = [ln.strip() for ln in lines[:40] if ln.startswith("    ") and ln.strip()]
    assert "patience solve canfield-or-klondike --seed 4 --show" in commands[0]
    assert commands[1] == (
        'pip install ".[test]" && cargo test -p patience-engine && python -m pytest'
    )
    assert patience.game("canfield-or-klondike").solve(4, timeout=60).verdict == "won"
