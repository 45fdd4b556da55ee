"""First contact: every example a person is shown runs as written.

- every ``patience ...`` line of ``patience --help`` and of each command's ``--help``;
- every ``patience ...`` command of the README and of ``docs/tutorial.md``;
- every Python block of the README (the tutorial's are run by ``tests/test_docs.py``).

Each runs in a fresh directory, in the order shown (so a store a survey example writes is
there for the report example after it). What a test must supply is said where it is
supplied: the file ``saved.txt`` that ``play --record saved.txt`` reads, standard input
(empty: terminal play ends at end of input) and, for the Dask block, the address of a local
cluster in place of ``tcp://scheduler:8786``. Build and install lines (``pip``, ``cargo``,
``maturin``, ``docker``) and the benchmarks (``python bench/...``, minutes each) are not
examples of the library and are not run here.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import patience
import pytest
from patience.cli import EXIT_CODES, build_parser
from support import cli_env

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")


def _env() -> dict[str, str]:
    env = cli_env()
    env.pop("PATIENCE_DEBUG", None)
    return env


def help_examples() -> list[str]:
    """The ``patience ...`` lines of the main help and of every command's help."""
    parser = build_parser()
    texts = [parser.format_help()]
    sub = next(a for a in parser._actions if a.dest == "command")
    texts += [p.format_help() for p in sub.choices.values()]  # type: ignore[union-attr]
    out = []
    for text in texts:
        for line in text.splitlines():
            if line.startswith("  patience "):
                out.append(line.strip())
    return out


def _commands_in(text: str, prefix: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if not line.startswith(prefix):
            continue
        body = line[len(prefix) :].strip()
        if "&& patience " in body:  # "pip install . && patience solve ..."
            body = body[body.index("patience ") :]
        if body.startswith("patience "):
            out.append(body)
    return out


def readme_commands() -> list[str]:
    return _commands_in(README, "    ")


def tutorial_commands() -> list[str]:
    return _commands_in(TUTORIAL, "    $ ")


def run_example(line: str, cwd: Path) -> None:
    """Run one example (comments after ``#`` dropped) and check its exit status: 0, or
    with ``--exit-code`` the status of the verdict it printed."""
    argv = shlex.split(line, comments=True)
    assert argv[0] == "patience", line
    out = subprocess.run(
        [sys.executable, "-m", "patience", *argv[1:]],
        cwd=cwd,
        capture_output=True,
        text=True,
        input="",
        timeout=240,
        env=_env(),
    )
    status = 0
    if "--exit-code" in argv:
        verdict = re.search(r": (won|lost|unknown)\b", out.stdout)
        assert verdict, (line, out.stdout)
        status = EXIT_CODES[verdict.group(1)]
    assert out.returncode == status, (line, out.stdout[-2000:], out.stderr[-2000:])
    assert "error" not in out.stderr.lower(), (line, out.stderr)
    assert out.stdout or "--html" in argv or "--json" in argv or "survey-report" in argv, line


def _prepare(cwd: Path) -> None:
    # The record `patience play --record saved.txt` starts from (what `save saved.txt`
    # writes during play).
    state = patience.game("canfield-or-klondike").deal(2).start().play("t4>f1")
    (cwd / "saved.txt").write_text(state.record() + "\n", encoding="utf-8")


def test_the_lists_are_found() -> None:
    # The extraction itself: the examples each source is known to show are among them.
    assert 'patience hint canfield-or-klondike --seed 2 --moves "t4>f1 t6>f2"' in help_examples()
    assert "patience play --record saved.txt" in help_examples()
    assert len(help_examples()) >= 20
    assert readme_commands()[0] == "patience solve canfield-or-klondike --seed 4 --show"
    assert "patience --version" in readme_commands()
    assert len(readme_commands()) >= 12
    assert "patience solve canfield-or-klondike --seed 4" in tutorial_commands()
    assert len(tutorial_commands()) >= 4


def test_every_help_example_runs(tmp_path: Path) -> None:
    _prepare(tmp_path)
    for line in help_examples():
        run_example(line, tmp_path)
    assert (tmp_path / "win.html").stat().st_size > 0
    assert (tmp_path / "deals.csv").read_text(encoding="utf-8").count("\n") > 1


def test_every_readme_command_runs(tmp_path: Path) -> None:
    _prepare(tmp_path)
    for line in readme_commands():
        run_example(line, tmp_path)
    assert (tmp_path / "surveys.json").stat().st_size > 0


def test_every_tutorial_command_runs(tmp_path: Path) -> None:
    _prepare(tmp_path)
    for line in tutorial_commands():
        run_example(line, tmp_path)


def readme_python() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, re.S)


def test_every_readme_python_block_runs(tmp_path: Path, monkeypatch, capsys) -> None:
    blocks = readme_python()
    assert len(blocks) >= 5
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", _env()["PYTHONPATH"])  # Dask workers import patience
    from distributed import LocalCluster

    namespace: dict[str, object] = {}
    with LocalCluster(
        n_workers=1, processes=False, threads_per_worker=2, dashboard_address=None
    ) as cluster:
        for i, block in enumerate(blocks):
            if "tcp://scheduler:8786" in block:
                block = block.replace("tcp://scheduler:8786", cluster.scheduler_address)
            exec(compile(block, f"README.md python block {i + 1}", "exec"), namespace)
        client = namespace.get("client")
        assert client is not None, "the Dask block made no client"
        client.close()  # type: ignore[attr-defined]
    printed = capsys.readouterr().out
    assert "won" in printed or "lost" in printed
    assert (tmp_path / "klondike.db").exists()


@pytest.mark.parametrize("line", ["patience games", "patience --version"])
def test_run_example_can_fail(line: str, tmp_path: Path) -> None:
    # The checker itself fails on a failing example: a wrong status or an error line.
    run_example(line, tmp_path)
    with pytest.raises(AssertionError):
        run_example("patience solve no-such-game", tmp_path)
    with pytest.raises(AssertionError):
        run_example('patience hint canfield-or-klondike --seed 2 --moves "t5>t1 turn"', tmp_path)
