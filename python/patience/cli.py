"""The ``patience`` command line: list games, show rules, deal, play, solve and survey.

Thin over the public API: every command calls :mod:`patience` and prints the result. Bad
input gives one line naming the problem on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import textwrap
import time
import typing
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from . import _api, _engine, _limits, _names
from .chart import reports_svg
from .errors import PatienceError, UnknownGameError
from .rules_text import rules
from .survey import (
    DEFAULT_DB,
    _open_out,
    _StatusLine,
    export_csv,
    export_json,
    format_reports,
    survey,
    survey_report,
)

EPILOG_MAIN = (
    """examples:
  patience games
  patience rules canfield-or-klondike
  patience deal canfield-or-klondike --seed 7
  patience solve canfield-or-klondike --seed 1 --show
  patience solve canfield-or-klondike --seed 1 -o draw=3 -o passes=None --timeout 10
  patience solve canfield-or-klondike --seed 2 --json
  patience hint canfield-or-klondike --seed 2 --moves "t4>f1 t6>f2"
  patience play canfield-or-klondike --seed 4
  patience solve canfield-or-klondike --seed 4 --html win.html
  patience survey queens --deals 100 --timeout 5
  patience survey-report --db patience-survey.db --csv deals.csv

A game is named by its slug, its title in any case ("La Belle Lucie") or a common name
(klondike, forty-thieves): 'patience games' lists them all.

"""
    + textwrap.fill("option values (-o NAME=VALUE): " + _names.VALUE_RULE + ".", 88)
    + """

exit status: 0 done (any verdict), 1 internal error, 2 bad input, 130 interrupted;
with --exit-code, solve and hint exit 0 won, 3 lost, 4 unknown.
"""
)


def _options(slug: str, items: Sequence[str] | None) -> dict[str, Any]:
    """The ``-o NAME=VALUE`` options of the game ``slug`` (a slug, title or alias), each
    value read by the option's type (:data:`patience._names.VALUE_RULE`)."""
    real, _ = _names.resolve(slug)
    known = _api._info_of(real).options
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise PatienceError(f"option {item!r} must be written NAME=VALUE (e.g. draw=3)")
        k, v = item.split("=", 1)
        out[k.strip()] = _names.parse_option(real, known, k.strip(), v)
    return out


#: Exit statuses of solve and hint with --exit-code, by verdict.
EXIT_CODES = {"won": 0, "lost": 3, "unknown": 4}


def _exit(args: argparse.Namespace, verdict: str, interrupted: bool) -> int:
    if interrupted:
        return 130
    return EXIT_CODES[verdict] if args.exit_code else 0


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, as every other error of the command:
    ``patience: error: MESSAGE (see 'patience solve --help')``, exit status 2."""

    def error(self, message: str) -> typing.NoReturn:
        if "invalid choice" in message and "argument COMMAND" in message:
            m = re.search(r"invalid choice: '([^']*)'", message)
            given = m.group(1) if m else ""
            cmds = list(_COMMANDS)
            close = _names.closest(given.lower(), cmds)
            message = f"unknown command {given!r}" + (
                f"; did you mean {' or '.join(close)}?" if close else ""
            )
            message += f" (commands: {', '.join(cmds)})"
        self.exit(2, f"patience: error: {_one_line_text(message)} (see '{self.prog} --help')\n")


_COMMANDS = ("games", "rules", "deal", "solve", "hint", "play", "survey", "survey-report")


def _one_line_text(text: str) -> str:
    return " ".join(text.split())


def _add_game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("slug", help=_SLUG_HELP)
    p.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help=_OPTION_HELP,
    )


_SLUG_HELP = "the game: its slug, title or common name (see 'patience games')"
_OPTION_HELP = (
    "a game option, repeatable (e.g. -o draw=3 -o passes=none); the value by the option's "
    "type: true/false (yes/no, on/off, 1/0), a whole number, or none where allowed"
)
_EXIT_HELP = "exit status by verdict: 0 won, 3 lost, 4 unknown (without it 0 for every verdict)"
_JSON_HELP = "print the result as JSON (to FILE if given; '-' is standard output)"


def _add_json_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", nargs="?", const="-", metavar="FILE", help=_JSON_HELP)


@contextlib.contextmanager
def _output(path: str) -> Iterator[TextIO]:
    """The file ``path`` open for writing text, or standard output for ``-``."""
    if path == "-":
        yield sys.stdout
        sys.stdout.flush()
    else:
        with open(path, "w", encoding="utf-8", newline="") as f:
            yield f


def _write_json(path: str, data: Any) -> None:
    with _output(path) as f:
        _dump(f, data)


def _dump(f: TextIO, data: Any) -> None:
    json.dump(data, f, indent=1)
    f.write("\n")


def _json_out(args: argparse.Namespace) -> contextlib.AbstractContextManager[TextIO | None]:
    """The --json target opened before the work starts (so a bad path fails at once), or
    None without --json."""
    if args.json is None:
        return contextlib.nullcontext()
    return _output(args.json)


def _seed(text: str) -> int:
    try:
        v = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= v < 1 << 64:
        raise argparse.ArgumentTypeError(f"seed must be in 0 .. 2**64-1, got {v}")
    return v


def _nonneg_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {v}")
    return v


def _positive_int(text: str) -> int:
    v = _nonneg_int(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {v}")
    return v


def _memory(text: str) -> _limits.MemoryLimit:
    try:
        return _limits.parse_memory(text)
    except PatienceError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


_MEMORY_HELP = (
    "stop a search before it uses more memory than this (bytes, or with a unit: 512M, 4G; "
    "'auto', the default: half of the machine's memory; 'none': no limit)"
)


def _stderr() -> TextIO | None:
    """Standard error, or None when it is closed."""
    return sys.stderr


def _warn(text: str) -> None:
    """A line on standard error; nothing if it is closed or gone."""
    err = _stderr()
    if err is None:
        return
    try:
        err.write(text + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


def _isatty(stream: TextIO | None) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


_size = _api.format_bytes


class _SolveProgress(_StatusLine):
    """The long-solve line on standard error: states, memory, elapsed. On a terminal it is
    redrawn in place and erased at the end; otherwise a line after 1 s, then every 10 s.
    It stops quietly if standard error is closed or fails."""

    def __init__(self, stream: TextIO | None, max_bytes: int | None) -> None:
        super().__init__(stream)
        self.every = 0.2 if self.tty else 10.0
        self.next = 0.2 if self.tty else 1.0
        self.limit = "" if max_bytes is None else f" of {_size(max_bytes)}"

    def __call__(self, job: Any) -> None:
        if self.stream is None:
            return
        states, nbytes, seconds = job.progress()
        if seconds < self.next:
            return
        self.next = seconds + self.every
        self.show(f"solving: {states:,} states, {_size(nbytes)}{self.limit}, {seconds:.0f} s")

    def finish(self) -> None:
        self.clear()


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not v >= 0:
        raise argparse.ArgumentTypeError(f"expected seconds >= 0, got {text!r}")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="patience",
        description="Deal, play and exhaustively solve the patience games of Lady Cadogan's book.",
        epilog=EPILOG_MAIN,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"patience {_engine.__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    gp = sub.add_parser(
        "games",
        help="list the games and their options",
        description="List every game: slug, title, cards used and options.",
        epilog="examples:\n  patience games\n  patience games --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_json_arg(gp)

    r = sub.add_parser(
        "rules",
        help="show a game's rules",
        description="Print the rules of a game, in the project's own words.",
        epilog="example:\n  patience rules canfield-or-klondike",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    r.add_argument("slug", help=_SLUG_HELP)

    d = sub.add_parser(
        "deal",
        help="deal a game and show the first position",
        description="Deal the game from a seed and print the first position and its moves.",
        epilog="example:\n  patience deal canfield-or-klondike --seed 7",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_args(d)
    d.add_argument("--seed", type=_seed, default=1, help="the deal's seed (default 1)")
    d.add_argument("--key", action="store_true", help="also print the canonical key")
    _add_json_arg(d)

    s = sub.add_parser(
        "solve",
        help="solve a deal exhaustively",
        description=(
            "Search every position of a deal. Prints the verdict: won (with the moves), lost "
            "(every reachable position was searched) or unknown (a limit was hit)."
        ),
        epilog=(
            "examples:\n  patience solve canfield-or-klondike --seed 1 --show\n"
            "  patience solve canfield-or-klondike --seed 3 -o draw=3 -o passes=None --timeout 10\n"
            "  patience solve klondike --seed 29 --exit-code\n\n"
            "exit status with --exit-code: 0 won, 3 lost, 4 unknown (2 bad input, 130 "
            "interrupted)"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_args(s)
    s.add_argument("--seed", type=_seed, default=1, help="the deal's seed (default 1)")
    s.add_argument("--show", action="store_true", help="print the winning moves, one per line")
    s.add_argument(
        "--replay", action="store_true", help="print every position along the winning moves"
    )
    s.add_argument("--max-states", type=_nonneg_int, help="store at most this many positions")
    s.add_argument("--timeout", type=_seconds, help="stop after this many seconds")
    s.add_argument("--max-memory", type=_memory, default="auto", help=_MEMORY_HELP)
    s.add_argument(
        "--html",
        metavar="FILE",
        help="write a web page that steps through the win ('-' is standard output)",
    )
    s.add_argument("--exit-code", action="store_true", help=_EXIT_HELP)
    _add_json_arg(s)

    h = sub.add_parser(
        "hint",
        help="the next move of a win from a position",
        description=(
            "Play the given moves from the deal's start, then search every position from "
            "there: prints the first move of a win, or that the position is lost (every "
            "reachable position was searched), or unknown (a limit was hit)."
        ),
        epilog=(
            "examples:\n  patience hint canfield-or-klondike --seed 2\n"
            '  patience hint canfield-or-klondike --seed 2 --moves "t4>f1 t6>f2" --json\n\n'
            "exit status with --exit-code: 0 won, 3 lost, 4 unknown (2 bad input, 130 "
            "interrupted)"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_args(h)
    h.add_argument("--seed", type=_seed, default=1, help="the deal's seed (default 1)")
    h.add_argument(
        "--moves",
        default="",
        metavar="MOVES",
        help="the moves played so far, separated by spaces (any case)",
    )
    h.add_argument("--max-states", type=_nonneg_int, help="store at most this many positions")
    h.add_argument("--timeout", type=_seconds, help="stop after this many seconds")
    h.add_argument("--max-memory", type=_memory, default="auto", help=_MEMORY_HELP)
    h.add_argument("--exit-code", action="store_true", help=_EXIT_HELP)
    _add_json_arg(h)

    pl = sub.add_parser(
        "play",
        help="play a deal at the terminal",
        description=(
            "Play a deal interactively: the position and its numbered legal moves are shown "
            "after each move. Type a move's number or text (any case) or a card (9S, 9S onto "
            "TD), or undo, redo, hint, auto, save FILE, load FILE, help, quit. End of input "
            "or Ctrl-C ends the session."
        ),
        epilog=(
            "examples:\n  patience play canfield-or-klondike --seed 2\n"
            '  patience play canfield-or-klondike --seed 2 --moves "t4>f1"\n'
            "  patience play --record saved.txt"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pl.add_argument("slug", nargs="?", help=_SLUG_HELP)
    pl.add_argument("-o", "--option", action="append", metavar="NAME=VALUE", help=_OPTION_HELP)
    pl.add_argument(
        "--seed", type=_seed, default=None, help="the deal's seed (default: a random one, shown)"
    )
    pl.add_argument("--moves", default="", metavar="MOVES", help="moves to play first")
    pl.add_argument(
        "--record", metavar="FILE", help="start from a saved record (written by 'save FILE')"
    )
    pl.add_argument(
        "--hint-timeout",
        type=_seconds,
        default=3.0,
        help="seconds a hint or auto may search (default 3)",
    )
    pl.add_argument("--plain", action="store_true", help="no colour, ASCII suits")

    v = sub.add_parser(
        "survey",
        help="solve many deals and report how often the game is won",
        description=(
            "Solve the deals of seeds S .. S+N-1 on every core and print the win rate with its "
            "95% Wilson interval. Every finished deal is committed to an SQLite store; running "
            "the same command again resumes (seeds already stored under the same game and "
            "options are skipped), so a survey grows by running it again with a larger "
            "--deals. Progress goes to standard error, the summary to standard output."
        ),
        epilog=(
            "examples:\n  patience survey queens --deals 100 --timeout 5\n"
            "  patience survey canfield-or-klondike -o passes=None --deals 20 "
            "--max-states 100000 --db klondike.db"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_args(v)
    v.add_argument("--deals", type=_nonneg_int, required=True, help="how many deals (seeds)")
    v.add_argument("--first-seed", type=_seed, default=1, help="the first seed (default 1)")
    v.add_argument(
        "--jobs", type=_positive_int, help="threads (default: all cores; per task with --scheduler)"
    )
    v.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"the SQLite store (default {DEFAULT_DB} in the current directory)",
    )
    v.add_argument(
        "--max-states", type=_nonneg_int, help="per deal: store at most this many positions"
    )
    v.add_argument("--timeout", type=_seconds, help="per deal: stop after this many seconds")
    v.add_argument(
        "--max-memory",
        type=_memory,
        default="auto",
        help="per deal: " + _MEMORY_HELP + " (the default is shared among the threads)",
    )
    v.add_argument(
        "--retry-unknown",
        action="store_true",
        help="solve again the stored deals whose verdict is unknown (e.g. with a larger --timeout)",
    )
    v.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="spread the work over a Dask cluster (e.g. tcp://scheduler:8786; needs the "
        "'distributed' extra)",
    )
    v.add_argument("--quiet", action="store_true", help="no progress line")

    rp = sub.add_parser(
        "survey-report",
        help="print the summary of the surveys in a store, or export them",
        description=(
            "Print the summary table of every survey (game and option set) in a store, from "
            "the store alone. --csv writes one row per deal; --json writes the summaries and "
            "every deal; --chart draws each survey's win rate as a bar on one SVG chart."
        ),
        epilog=(
            "examples:\n  patience survey-report --db patience-survey.db\n"
            "  patience survey-report canfield-or-klondike -o passes=None --json out.json\n"
            "  patience survey-report --db patience-survey.db --chart winrates.svg"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rp.add_argument("slug", nargs="?", help="only this game's surveys")
    rp.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="only the survey with these options (the others at their defaults)",
    )
    rp.add_argument("--db", default=DEFAULT_DB, help="the SQLite store")
    rp.add_argument("--first-seed", type=_seed, help="only seeds from this one (with --deals)")
    rp.add_argument("--deals", type=_nonneg_int, help="only this many seeds (with --first-seed)")
    rp.add_argument(
        "--csv", metavar="FILE", help="write one CSV row per deal to FILE ('-': standard output)"
    )
    rp.add_argument(
        "--json",
        metavar="FILE",
        help="write the summaries and deals as JSON to FILE ('-': standard output)",
    )
    rp.add_argument(
        "--chart",
        metavar="FILE",
        help="draw every survey's win rate as a bar on one SVG chart, to FILE "
        "('-': standard output)",
    )
    rp.add_argument(
        "--chart-order",
        choices=("book", "rate"),
        help="the chart's rows: the book's order of the games (the default) or highest rate first",
    )
    return p


def _cmd_games(args: argparse.Namespace) -> None:
    if args.json is not None:
        _write_json(
            args.json,
            {
                "games": [info.as_dict() for info in _api.games()],
                "aliases": [a.as_dict() for a in _names.ALIASES],
            },
        )
        return
    for info in _api.games():
        print(f"{info.slug:24} {info.title} ({info.packs})")
        for o in info.options:
            print(f"{'':24}   option {o.name}: {o.allowed}, default {o.default}; {o.help}")
    print()
    print("common names (accepted wherever a slug is):")
    for a in _names.ALIASES:
        opts = "".join(f" -o {k}={v}" for k, v in a.options.items())
        print(f"  {a.key:22} {a.name}: {a.slug}{opts}")


def _head(g: _api.Game, seed: int) -> dict[str, Any]:
    return {"game": g.slug, "title": g.info.title, "options": dict(g.options), "seed": seed}


def _cmd_deal(args: argparse.Namespace) -> None:
    g = _api.Game(args.slug, **_options(args.slug, args.option))
    state = g.deal(args.seed).start()
    if args.json is not None:
        _write_json(args.json, {**_head(g, args.seed), "state": state.as_dict()})
        return
    print(f"{g.info.title}, seed {args.seed}")
    print(state)
    print("moves:", " ".join(map(str, state.moves())) or "(none)")
    if args.key:
        print("key:", state.key)


def _search(
    state: _api.State, limits: _limits.SolveLimits, what: str
) -> tuple[_api.Solution, bool]:
    """Solve ``state`` with the progress line on standard error (after a second). Ctrl-C
    stops the search and returns what it had (``unknown``, ``cancelled``) with True."""
    err = _stderr()
    if _isatty(err):
        _warn(f"{what} ...")
    bar = _SolveProgress(err, limits.max_bytes)
    job = state._engine.start_solve(*limits)
    interrupted = False
    try:
        try:
            (report,) = _api._wait(job, on_tick=bar)
        except KeyboardInterrupt:
            interrupted = True
            job.cancel()
            deadline = time.monotonic() + 10.0
            while not job.done() and time.monotonic() < deadline:
                time.sleep(0.01)
            results = job.results()
            if not results:
                raise
            (report,) = results
    finally:
        bar.finish()
    return _api.Solution(start=state, **report), interrupted


def _cmd_solve(args: argparse.Namespace) -> int:
    g = _api.Game(args.slug, **_options(args.slug, args.option))
    limits = _limits.solve_limits(args.max_states, args.timeout, args.max_memory, True)
    state = g.deal(args.seed).start()
    if args.html == "-" and args.json == "-":
        raise PatienceError("--html - and --json - cannot both write to standard output")
    with contextlib.ExitStack() as files:
        out = files.enter_context(_json_out(args))
        page = None if args.html is None else files.enter_context(_output(args.html))
        sol, interrupted = _search(state, limits, f"solving {g.slug} seed {args.seed}")
        if interrupted:
            _warn("patience: interrupted; the search so far:")
        if page is not None:
            from ._pagesize import share_cards
            from .html import solution_html

            text = share_cards(solution_html(sol))
            page.write(text)
            if args.html != "-":
                shown = len(sol.moves) + 1 if sol.verdict == "won" else 1
                size = _size(len(text.encode("utf-8")))
                _warn(f"wrote {args.html}: {_api.plural(shown, 'position')}, {size}")
        if out is not None:
            _dump(out, {**_head(g, args.seed), **sol.as_dict(), "start": state.as_dict()})
            return _exit(args, sol.verdict, interrupted)
        if args.html == "-":
            return _exit(args, sol.verdict, interrupted)
    print(f"{g.info.title}, seed {args.seed}: {sol}")
    if sol.verdict == "won" and (args.show or args.replay):
        if args.replay:
            states = list(sol.replay())
            print(states[0])
            for i, (m, st) in enumerate(zip(sol.steps(), states[1:]), 1):
                print(f"{i}. {m.describe(reveal=True)}")
                print(st)
        else:
            for i, m in enumerate(sol.steps(), 1):
                print(f"{i:4}. {m.describe(reveal=True)}")
    return _exit(args, sol.verdict, interrupted)


def _cmd_hint(args: argparse.Namespace) -> int:
    g = _api.Game(args.slug, **_options(args.slug, args.option))
    limits = _limits.solve_limits(args.max_states, args.timeout, args.max_memory, True)
    state = g.deal(args.seed).start().play_many(args.moves)
    with _json_out(args) as out:
        sol, interrupted = _search(state, limits, f"searching {g.slug} seed {args.seed}")
        if interrupted:
            _warn("patience: interrupted; the search so far:")
        move = _api.Move(sol.moves[0], state) if sol.verdict == "won" and sol.moves else None
        hint = _api.Hint(sol.verdict, move, sol.stop, sol)
        if out is not None:
            data = {**_head(g, args.seed), "played": list(state.history), **hint.as_dict()}
            _dump(out, {**data, "state": state.as_dict()})
            return _exit(args, sol.verdict, interrupted)
    played = _api.plural(len(state.history), "move")
    print(f"{g.info.title}, seed {args.seed}, after {played}: {hint}")
    print(
        f"({sol.states:,} states, {sol.nodes:,} nodes, {sol.seconds:.3f} s"
        + (f"; a win in {_api.plural(len(sol.moves), 'move')}" if sol.verdict == "won" else "")
        + ")"
    )
    return _exit(args, sol.verdict, interrupted)


def _cmd_play(args: argparse.Namespace) -> int:
    from .play import play

    if args.record is not None:
        if args.slug is not None or args.option:
            raise PatienceError("--record names its own game: give no slug or -o with it")
        with open(args.record, encoding="utf-8") as f:
            state = _api.state_from_record(f.read().strip())
    else:
        if args.slug is None:
            raise PatienceError("play needs a game's slug (or --record FILE)")
        g = _api.Game(args.slug, **_options(args.slug, args.option))
        if args.seed is None:
            import random

            args.seed = random.randrange(1, 1_000_000)
        state = g.deal(args.seed).start()
    state = state.play_many(args.moves)
    return play(state, plain=args.plain, hint_timeout=args.hint_timeout)


def _cmd_survey(args: argparse.Namespace) -> None:
    executor = None
    client: Any = None
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise PatienceError(
                "--scheduler needs Dask: pip install 'cadogan-patience[distributed]'"
            ) from None
        client = Client(args.scheduler)
        executor = client.get_executor()
    try:
        report = survey(
            args.slug,
            args.deals,
            first_seed=args.first_seed,
            db=args.db,
            jobs=args.jobs,
            max_states=args.max_states,
            timeout=args.timeout,
            max_memory=args.max_memory,
            executor=executor,
            retry_unknown=args.retry_unknown,
            progress=not args.quiet,
            **_options(args.slug, args.option),
        )
    finally:
        if client is not None:
            client.close()
    print(format_reports([report]))


def _cmd_survey_report(args: argparse.Namespace) -> None:
    if args.option and not args.slug:
        raise PatienceError("-o selects one game's survey: give the game's slug too")
    if (args.first_seed is None) != (args.deals is None):
        raise PatienceError("give --first-seed and --deals together")
    implied: dict[str, Any] = {}
    if args.slug is not None:
        args.slug, implied = _names.resolve(args.slug)
    given = {**implied, **_options(args.slug, args.option)} if args.slug else {}
    sel: dict[str, Any] = {
        "options": given or None,
        "first_seed": args.first_seed,
        "deals": args.deals,
    }
    if [args.csv, args.json, args.chart].count("-") > 1:
        raise PatienceError("only one of --csv, --json and --chart can go to standard output")
    if args.chart_order and not args.chart:
        raise PatienceError("--chart-order orders the rows of a chart: give --chart FILE too")
    reports = survey_report(args.db, args.slug, **sel)
    chart = None
    if args.chart:
        if not reports:
            raise PatienceError(f"the survey store {args.db!r} holds no deals to chart")
        chart = reports_svg(reports, order=args.chart_order or "book")
    to_stdout = "-" in (args.csv, args.json, args.chart)
    if to_stdout:
        _warn(format_reports(reports))  # standard output carries the export
    else:
        print(format_reports(reports))
    if args.csv:
        n = export_csv(args.db, args.csv, args.slug, **sel)
        _warn(f"wrote {_api.plural(n, 'deal')} to {_where(args.csv)}")
    if args.json:
        n = export_json(args.db, args.json, args.slug, **sel)
        _warn(
            f"wrote {_api.plural(len(reports), 'survey')} and {_api.plural(n, 'deal')} "
            f"to {_where(args.json)}"
        )
    if chart is not None:
        with _open_out(args.chart) as f:
            f.write(chart)
        _warn(f"wrote the chart of {_api.plural(len(reports), 'survey')} to {_where(args.chart)}")


def _where(path: str) -> str:
    return "standard output" if path == "-" else path


def _open_standard_fds() -> None:
    """Put /dev/null on any of the descriptors 0, 1, 2 that is closed, so that no file the
    command opens (a survey store) takes one of their numbers and receives stray output."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDWR)
            except OSError:
                return
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _open_standard_fds()
    args = build_parser().parse_args(argv)
    try:
        if args.command == "games":
            _cmd_games(args)
        elif args.command == "rules":
            print(rules(args.slug))
        elif args.command == "deal":
            _cmd_deal(args)
        elif args.command == "solve":
            return _cmd_solve(args)
        elif args.command == "hint":
            return _cmd_hint(args)
        elif args.command == "play":
            return _cmd_play(args)
        elif args.command == "survey":
            _cmd_survey(args)
        elif args.command == "survey-report":
            _cmd_survey_report(args)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except (PatienceError, ValueError, TypeError, OSError) as e:
        shell = _names.shell_message(e) if isinstance(e, UnknownGameError) else None
        _warn(f"patience: error: {_one_line_text(shell) if shell else _one_line(e)}")
        return 2
    except KeyboardInterrupt:
        _warn("patience: interrupted")
        return 130
    except Exception as e:  # a bug: still one line (PATIENCE_DEBUG=1 shows the traceback)
        if os.environ.get("PATIENCE_DEBUG"):
            raise
        _warn(f"patience: internal error (please report): {type(e).__name__}: {_one_line(e)}")
        return 1
    return 0


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


if __name__ == "__main__":
    sys.exit(main())
