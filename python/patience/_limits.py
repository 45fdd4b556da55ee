"""One validation path for the limits and counts of every entry point.

:meth:`State.solve`, :meth:`Game.solve`, :func:`solve_many`, :func:`survey` and the command
line all check their limits here, so that each takes the same values and refuses the same
ones with the same :class:`LimitError` (or ``TypeError`` for a wrong Python type).
"""

from __future__ import annotations

import contextlib
import math
import numbers
import os
import re
from functools import lru_cache
from typing import Literal, NamedTuple

from .errors import LimitError

MAX_U64 = (1 << 64) - 1
#: Most threads one call may ask for.
MAX_THREADS = 1024
#: The memory assumed when the machine's cannot be read (half of it is the default limit).
FALLBACK_MEMORY = 4 << 30

#: What ``max_memory`` takes: bytes, ``"auto"`` (the default share of the machine's
#: memory) or ``None`` (no limit).
MemoryLimit = int | Literal["auto"] | None


class SolveLimits(NamedTuple):
    """Checked limits of one search, in the engine's units."""

    max_states: int | None
    timeout: float | None
    max_bytes: int | None
    prune: bool


def _type_name(v: object) -> str:
    return type(v).__name__


def check_count(
    name: str,
    v: object,
    *,
    minimum: int = 0,
    maximum: int = MAX_U64,
    allow_none: bool = False,
) -> int | None:
    """An integer ``minimum .. maximum`` (or None if ``allow_none``)."""
    if v is None and allow_none:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        what = "an integer or None" if allow_none else "an integer"
        raise TypeError(f"{name} must be {what}, not {_type_name(v)}")
    if v < minimum:
        raise LimitError(f"{name} must be >= {minimum}, got {v}")
    if v > maximum:
        raise LimitError(f"{name} must be at most {_big(maximum)}, got {_big(v)}")
    return int(v)


def _big(v: int) -> str:
    if v == MAX_U64:
        return "2**64-1"
    if abs(v) < 10**30:
        return str(v)
    digits = str(abs(v))
    return f"{'-' if v < 0 else ''}{digits[0]}.{digits[1:3]}e{len(digits) - 1}"


def check_timeout(v: object) -> float | None:
    """Seconds >= 0 as a float; None or ``math.inf`` for no limit."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"timeout must be a number of seconds or None, not {_type_name(v)}")
    if isinstance(v, int) and v > MAX_U64:
        return None  # more seconds than the engine counts: no limit
    try:
        t = float(v)
    except (OverflowError, ValueError):
        t = math.inf if v > 0 else -math.inf
    if math.isnan(t) or t < 0:
        raise LimitError(f"timeout must be a number of seconds >= 0, got {v!r}")
    return None if math.isinf(t) else t


def check_memory(v: object) -> MemoryLimit:
    """``max_memory`` as given: bytes >= 0, ``"auto"`` or None."""
    if v is None:
        return None
    if isinstance(v, str):
        if v.strip().lower() == "auto":
            return "auto"
        raise LimitError(f"max_memory must be a number of bytes, 'auto' or None, got {v!r}")
    return check_count("max_memory", v)


def resolve_memory(v: object, share: int = 1) -> int | None:
    """The bytes one search may use: ``"auto"`` is :func:`default_memory` divided among
    ``share`` searches running at once."""
    m = check_memory(v)
    if m == "auto":
        return default_memory() // max(1, share)
    return m if m is None else int(m)


def solve_limits(
    max_states: object,
    timeout: object,
    max_memory: object,
    prune: object,
    *,
    share: int = 1,
) -> SolveLimits:
    """Every limit of a search, checked; ``share`` searches run at once (``"auto"``)."""
    if not isinstance(prune, bool):
        raise TypeError(f"prune must be True or False, not {_type_name(prune)}")
    return SolveLimits(
        check_count("max_states", max_states, allow_none=True),
        check_timeout(timeout),
        resolve_memory(max_memory, share),
        prune,
    )


def check_threads(v: object) -> int:
    """Threads for :func:`solve_many`: None or 0 for every core, else 1 .. MAX_THREADS."""
    n = check_count("threads", v, maximum=MAX_THREADS, allow_none=True)
    return n or 0


def threads_used(threads: int) -> int:
    """How many searches run at once on ``threads`` threads (0 = every core)."""
    return threads or os.cpu_count() or 1


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii") as f:
            return f.read().strip()
    except (OSError, ValueError):
        return None


#: Where cgroup hierarchies are mounted when ``/proc/self/mountinfo`` cannot be read:
#: (version, cgroup path of the mount's root, mount point).
_DEFAULT_MOUNTS = [(2, "/", "/sys/fs/cgroup"), (1, "/", "/sys/fs/cgroup/memory")]
#: The file of a cgroup directory holding its memory limit, by cgroup version.
_LIMIT_FILE = {2: "memory.max", 1: "memory.limit_in_bytes"}


def _cgroup_mounts(root: str) -> list[tuple[int, str, str]]:
    """The mounted cgroup hierarchies that carry memory limits, from
    ``/proc/self/mountinfo``: ``(version, cgroup path of the mount's root, mount point)``
    for the cgroup2 hierarchy and the version 1 ``memory`` hierarchy."""
    text = _read(os.path.join(root, "proc/self/mountinfo"))
    if text is None:
        return list(_DEFAULT_MOUNTS)
    out = []
    for line in text.splitlines():
        fields = line.split()
        if "-" not in fields[6:]:
            continue
        sep = fields.index("-", 6)
        if len(fields) < sep + 4:
            continue
        fstype, options = fields[sep + 1], fields[sep + 3].split(",")
        if fstype == "cgroup2":
            out.append((2, fields[3], fields[4]))
        elif fstype == "cgroup" and "memory" in options:
            out.append((1, fields[3], fields[4]))
    return out or list(_DEFAULT_MOUNTS)


def _cgroup_limits(root: str = "/") -> list[int]:
    """Every memory limit set on this process's cgroups, for cgroup version 2 and version 1
    alike: the process's own cgroup (``/proc/self/cgroup``) and each of its ancestors up
    to the root of the mounted hierarchy, since each of them caps it. ``root`` is the
    directory holding ``proc`` and ``sys`` (another one in tests)."""
    own: dict[int, str] = {}
    for line in (_read(os.path.join(root, "proc/self/cgroup")) or "").splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3 or not parts[2].startswith("/"):
            continue
        if parts[0] == "0" and parts[1] == "":
            own[2] = parts[2]
        elif "memory" in parts[1].split(","):
            own[1] = parts[2]
    out = []
    for version, mount_root, point in _cgroup_mounts(root):
        path = own.get(version, "/")
        # The path as seen from the mount: a mount of a sub-tree (a container's cgroup
        # namespace) shows the cgroup at its own root.
        if mount_root != "/" and (path == mount_root or path.startswith(mount_root + "/")):
            path = path[len(mount_root) :]
        elif mount_root != "/":
            path = "/"
        parts = [p for p in path.split("/") if p and p not in (".", "..")]
        for depth in range(len(parts), -1, -1):
            where = os.path.join(root, point.lstrip("/"), *parts[:depth], _LIMIT_FILE[version])
            text = _read(where)
            if text and text.isdigit() and int(text) < 1 << 60:
                out.append(int(text))
    return out


@lru_cache(maxsize=1)
def machine_memory() -> int | None:
    """The memory this process may use: the least of the physical memory
    (``/proc/meminfo`` MemTotal, else ``sysconf``), a cgroup memory limit and the
    address-space limit (``ulimit -v``); None if none can be read."""
    found: list[int] = []
    info = _read("/proc/meminfo") or ""
    m = re.search(r"^MemTotal:\s+(\d+)\s*kB", info, re.M)
    if m:
        found.append(int(m.group(1)) * 1024)
    else:
        with contextlib.suppress(ValueError, OSError, AttributeError):
            found.append(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    found += _cgroup_limits()
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY and soft > 0:
            found.append(soft)
    except (ImportError, OSError, ValueError):
        pass
    found = [f for f in found if f > 0]
    return min(found) if found else None


def default_memory() -> int:
    """The default ``max_memory`` ("auto"): half of :func:`machine_memory` (half of
    :data:`FALLBACK_MEMORY` when it cannot be read)."""
    return (machine_memory() or FALLBACK_MEMORY) // 2


_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_memory(text: str) -> MemoryLimit:
    """A command-line memory size: ``auto``, ``none``, or bytes with an optional unit
    ``K``, ``M``, ``G``, ``T`` (powers of 1024; ``B``/``iB`` allowed): ``512M``, ``2GiB``."""
    t = text.strip().lower()
    if t == "auto":
        return "auto"
    if t == "none":
        return None
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?", t)
    if not m:
        raise LimitError(
            f"memory must be bytes with an optional unit (512M, 2G), 'auto' or 'none', got {text!r}"
        )
    value = float(m.group(1)) * _UNITS[m.group(2)]
    if not math.isfinite(value):
        raise LimitError(f"memory size {text!r} is too large")
    return check_count("max_memory", int(value))
