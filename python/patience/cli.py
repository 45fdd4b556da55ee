"""The ``patience`` command line: list games, show rules, deal, play and solve.

Thin over the public API: every command calls :mod:`patience` and prints the result. Bad
input gives one line naming the problem on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from . import _api
from .errors import PatienceError
from .rules_text import rules

EPILOG_MAIN = """examples:
  patience games
  patience rules canfield-or-klondike
  patience deal canfield-or-klondike --seed 7
  patience solve canfield-or-klondike --seed 1 --show
  patience solve canfield-or-klondike --seed 1 -o draw=3 -o passes=None --timeout 10
"""


def _options(items: Sequence[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise PatienceError(f"option {item!r} must be written NAME=VALUE (e.g. draw=3)")
        k, v = item.split("=", 1)
        out[k.strip()] = _api._parse_value(v)
    return out


def _add_game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("slug", help="the game's slug (see 'patience games')")
    p.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a game option, repeatable (e.g. -o draw=3 -o passes=None)",
    )


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


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not v >= 0:
        raise argparse.ArgumentTypeError(f"expected seconds >= 0, got {text!r}")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="patience",
        description="Deal, play and exhaustively solve the patience games of Lady Cadogan's book.",
        epilog=EPILOG_MAIN,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    sub.add_parser(
        "games",
        help="list the games and their options",
        description="List every game: slug, title, cards used and options.",
        epilog="example:\n  patience games",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )

    r = sub.add_parser(
        "rules",
        help="show a game's rules",
        description="Print the rules of a game, in the project's own words.",
        epilog="example:\n  patience rules canfield-or-klondike",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    r.add_argument("slug", help="the game's slug (see 'patience games')")

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

    s = sub.add_parser(
        "solve",
        help="solve a deal exhaustively",
        description=(
            "Search every position of a deal. Prints the verdict: won (with the moves), lost "
            "(every reachable position was searched) or unknown (a limit was hit)."
        ),
        epilog=(
            "examples:\n  patience solve canfield-or-klondike --seed 1 --show\n"
            "  patience solve canfield-or-klondike --seed 3 -o draw=3 -o passes=None --timeout 10"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_args(s)
    s.add_argument("--seed", type=_seed, default=1, help="the deal's seed (default 1)")
    s.add_argument("--show", action="store_true", help="print the winning moves, one per line")
    s.add_argument(
        "--replay", action="store_true", help="print every position along the winning moves"
    )
    s.add_argument("--max-states", type=_nonneg_int, help="stop after this many stored positions")
    s.add_argument("--timeout", type=_seconds, help="stop after this many seconds")
    return p


def _cmd_games() -> None:
    for info in _api.games():
        print(f"{info.slug:24} {info.title} ({info.packs})")
        for o in info.options:
            print(f"{'':24}   option {o.name} (default {o.default}): {o.help}")


def _cmd_deal(args: argparse.Namespace) -> None:
    g = _api.Game(args.slug, **_options(args.option))
    state = g.deal(args.seed).start()
    print(f"{g.info.title}, seed {args.seed}")
    print(state)
    print("moves:", " ".join(map(str, state.moves())) or "(none)")
    if args.key:
        print("key:", state.key)


def _cmd_solve(args: argparse.Namespace) -> None:
    g = _api.Game(args.slug, **_options(args.option))
    if sys.stderr.isatty():
        print(f"solving {g.slug} seed {args.seed} ...", file=sys.stderr)
    sol = g.solve(args.seed, max_states=args.max_states, timeout=args.timeout)
    print(f"{g.info.title}, seed {args.seed}: {sol}")
    if sol.verdict == "won" and (args.show or args.replay):
        if args.replay:
            states = list(sol.replay())
            print(states[0])
            for i, (m, st) in enumerate(zip(sol.moves, states[1:]), 1):
                print(f"{i}. {m}")
                print(st)
        else:
            for i, m in enumerate(sol.moves, 1):
                print(f"{i:4}. {m}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "games":
            _cmd_games()
        elif args.command == "rules":
            print(rules(args.slug))
        elif args.command == "deal":
            _cmd_deal(args)
        elif args.command == "solve":
            _cmd_solve(args)
    except (PatienceError, ValueError, TypeError) as e:
        print(f"patience: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("patience: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
