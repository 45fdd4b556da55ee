"""What each limit guarantees (issue 30): the cgroup memory limits behind ``"auto"`` and
``max_states`` as a hard cap."""

from __future__ import annotations

import patience
import pytest
from patience import _limits

GIB = 1 << 30
UNLIMITED_V1 = "9223372036854771712"  # what a v1 memory cgroup without a limit reads

MOUNTS_V1 = """\
22 27 0:20 / /sys rw,nosuid shared:7 - sysfs sysfs rw
25 22 0:23 / /sys/fs/cgroup ro,nosuid shared:9 - tmpfs tmpfs ro,mode=755
30 25 0:27 / /sys/fs/cgroup/memory rw,nosuid shared:13 - cgroup cgroup rw,memory
31 25 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:14 - cgroup cgroup rw,cpu,cpuacct
"""
MOUNTS_V2 = "26 22 0:24 / /sys/fs/cgroup rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"


def _tree(root, files: dict[str, str]) -> str:
    for path, text in files.items():
        p = root / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text + "\n", encoding="ascii")
    return str(root)


def test_cgroup_v1_reads_the_process_own_memory_cgroup(tmp_path):
    root = _tree(
        tmp_path,
        {
            "proc/self/mountinfo": MOUNTS_V1,
            "proc/self/cgroup": "5:cpu,cpuacct:/user.slice\n4:memory:/user.slice/job.scope\n"
            "1:name=systemd:/user.slice/job.scope",
            "sys/fs/cgroup/memory/memory.limit_in_bytes": UNLIMITED_V1,
            "sys/fs/cgroup/memory/user.slice/memory.limit_in_bytes": UNLIMITED_V1,
            "sys/fs/cgroup/memory/user.slice/job.scope/memory.limit_in_bytes": str(6 * GIB),
        },
    )
    assert _limits._cgroup_limits(root) == [6 * GIB]


def test_cgroup_v1_counts_a_limit_set_on_an_ancestor(tmp_path):
    root = _tree(
        tmp_path,
        {
            "proc/self/mountinfo": MOUNTS_V1,
            "proc/self/cgroup": "4:memory:/batch/job7",
            "sys/fs/cgroup/memory/memory.limit_in_bytes": UNLIMITED_V1,
            "sys/fs/cgroup/memory/batch/memory.limit_in_bytes": str(3 * GIB),
            "sys/fs/cgroup/memory/batch/job7/memory.limit_in_bytes": UNLIMITED_V1,
        },
    )
    assert _limits._cgroup_limits(root) == [3 * GIB]


def test_cgroup_v1_in_a_container_namespace(tmp_path):
    # The container sees its own cgroup mounted at the hierarchy's mount point.
    mounts = MOUNTS_V1.replace(
        "30 25 0:27 / /sys/fs/cgroup/memory", "30 25 0:27 /docker/abc /sys/fs/cgroup/memory"
    )
    root = _tree(
        tmp_path,
        {
            "proc/self/mountinfo": mounts,
            "proc/self/cgroup": "4:memory:/docker/abc",
            "sys/fs/cgroup/memory/memory.limit_in_bytes": str(2 * GIB),
        },
    )
    assert _limits._cgroup_limits(root) == [2 * GIB]


def test_cgroup_v2_reads_the_process_own_cgroup_and_its_ancestors(tmp_path):
    root = _tree(
        tmp_path,
        {
            "proc/self/mountinfo": MOUNTS_V2,
            "proc/self/cgroup": "0::/user.slice/user-1000.slice/session-2.scope",
            "sys/fs/cgroup/user.slice/memory.max": str(5 * GIB),
            "sys/fs/cgroup/user.slice/user-1000.slice/memory.max": "max",
            "sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope/memory.max": str(7 * GIB),
        },
    )
    assert sorted(_limits._cgroup_limits(root)) == [5 * GIB, 7 * GIB]


def test_no_cgroup_limit_and_no_proc(tmp_path):
    root = _tree(
        tmp_path,
        {
            "proc/self/mountinfo": MOUNTS_V2,
            "proc/self/cgroup": "0::/",
            "sys/fs/cgroup/memory.max": "max",
        },
    )
    assert _limits._cgroup_limits(root) == []
    # Nothing readable at all: no limit, no error.
    assert _limits._cgroup_limits(str(tmp_path / "nowhere")) == []


def test_default_memory_is_half_the_cgroup_limit(tmp_path, monkeypatch):
    root = _tree(
        tmp_path,
        {
            "proc/self/mountinfo": MOUNTS_V1,
            "proc/self/cgroup": "4:memory:/small",
            "sys/fs/cgroup/memory/memory.limit_in_bytes": UNLIMITED_V1,
            "sys/fs/cgroup/memory/small/memory.limit_in_bytes": str(1 << 20),
        },
    )
    real = _limits._cgroup_limits
    monkeypatch.setattr(_limits, "_cgroup_limits", lambda: real(root))
    _limits.machine_memory.cache_clear()
    try:
        assert _limits.default_memory() == 1 << 19
    finally:
        monkeypatch.undo()
        _limits.machine_memory.cache_clear()


@pytest.mark.parametrize("prune", [True, False])
def test_max_states_is_never_passed(prune):
    # The fourteenth stores thousands of children of one position (its grace moves) at
    # once: seed 2 at 1,000 stored 32,479 before.
    g = patience.game("fourteenth")
    for seed in (1, 2):
        for limit in (0, 1, 1000):
            sol = g.solve(seed, max_states=limit, prune=prune)
            assert sol.states <= limit, (seed, limit, sol.states)
            assert (sol.verdict, sol.stop) == ("unknown", "state limit"), (seed, limit)
    r = patience.solve_many("canfield-or-klondike", [29], max_states=463)[0]
    assert (r.verdict, r.stop, r.states) == ("unknown", "state limit", 463)


FISH_BONE_DEAL = (
    "fish-bone | TC JS 5H QC JS 7D QD AH 8H 3C 6C KD AH 8C JH TH QH 8D 7S 5C TS 8S 2S 5D QH "
    "TS AD JH 7H 7D KH TD 3S QD 9S 7C KS 8D 6D TD 2C KC 2H 4S 7H 3D AS 5S 4C JD 6H 2D 2C 3D "
    "6H 2D 8S 9C 7C 6S 5S 2S AC QS 6C 8C 4D QS KH 4H 5H 7S AD 3C 3H AC JC 9H 9D 9C AS 9S TH "
    "8H JD 6D KD 6S KC 4D KS 2H 4H 4C TC 9D 3S 5D 3H 4S QC JC 5C 9H | 63ffcfc5c116476d | "
)


def test_the_pruned_fish_bone_search_meets_the_talon_cards_in_walk_order():
    # The plain search wins this deal in 468 positions without a step back; the pruned
    # one took 553,566 while its stock macros listed every knave play before any gridiron
    # play (issue 30, point 6).
    s = patience.state_from_record(FISH_BONE_DEAL)
    plain = s.solve(prune=False, max_states=5000)
    assert (plain.verdict, plain.states) == ("won", 468)
    pruned = s.solve(max_states=5000)
    assert pruned.verdict == "won", pruned.states
    assert s.play_many(pruned.moves).is_won
