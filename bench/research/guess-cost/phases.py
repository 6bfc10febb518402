"""Where mariadbd spends a guess's CPU, by phase of its work: planning, opening tables, sending.

profile.py times each statement (performance_schema); this asks the server's own code: `perf`
samples mariadbd's stacks while one client plays `--games` new players' games of six guesses
(`wordle_play`, none the answer) on load.py's bench database, and each sample goes to the first
phase found walking its stack from the leaf: the optimizer (JOIN::optimize), name resolution
and preparation (JOIN::prepare, fix_fields), opening and locking tables, executing a SELECT,
the writes, the commit, a routine's SET and IF steps, a routine's call frame, the steps of
a routine's statements (sp_head::execute and what it calls itself), the client's prepare and
close, the network. mariadbd's exported symbols name these functions (Debian's binary is
stripped of the rest: its unnamed frames count as "other").
A second table splits the server's CPU by the code it ran (mariadbd's own, the kernel's, the C
library's, the regular expression library's), a guess beside load.py's bare guess (the same
number of calls, one client, also sampled): what a guess costs beyond the bare guess, and where.
Needs perf (Debian: apt-get install linux-perf) and permission to profile (root here).
Linux only.
Run: .venv/bin/python bench/research/guess-cost/phases.py [--games 400] [--wordle-play-text FILE]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import play, prepare, private_server, swap, thread_cpu_seconds
from sqlalchemy.engine import Connection

from wordle_db import db

# (phase, names of functions: a frame whose name has one of them belongs to the phase),
# first match from the leaf wins
PHASES = [
    ("optimizer (JOIN::optimize)", ("JOIN::optimize",)),
    (
        "name resolution, preparation",
        ("JOIN::prepare", "setup_fields", "setup_conds", "fix_fields"),
    ),
    ("opening and locking tables", ("open_and_lock_tables", "open_tables", "lock_tables")),
    ("closing tables", ("close_thread_tables",)),
    ("executing a SELECT", ("JOIN::exec",)),
    ("INSERT", ("mysql_insert",)),
    ("UPDATE", ("mysql_update",)),
    ("commit", ("trans_commit", "ha_commit")),
    ("routine SET steps", ("sp_instr_set::exec_core",)),
    ("routine IF steps", ("sp_instr_jump_if_not::exec_core",)),
    (
        "routine call frames",
        ("sp_head::execute_procedure", "Sql_cmd_call::execute", "sp_head::execute_function"),
    ),
    ("routine statement steps", ("sp_head::execute", "sp_instr_stmt::execute", "sp_lex_keeper")),
    ("client's prepare and close", ("mysqld_stmt_prepare", "mysqld_stmt_close")),
    (
        "network (the socket's sends and reads, the kernel's part too)",
        (
            "net_write",
            "my_net_write",
            "net_flush",
            "vio_write",
            "my_net_read",
            "vio_read",
            "__send+",
            "__libc_recv+",
        ),
    ),
    ("dispatch, thread pool", ("dispatch_command", "tp_callback")),
]


def phase(stack: list[str]) -> str:
    for frame in stack:
        for name, functions in PHASES:
            if any(function in frame for function in functions):
                return name
    return "other (kernel, unnamed frames)"


def samples(script: str) -> Counter[str]:
    """Phases of `perf script`'s samples (a header line, then a stack leaf first)."""
    counts: Counter[str] = Counter()
    stack: list[str] = []
    for line in [*script.splitlines(), ""]:
        if line.strip() and not line.startswith(("\t", " ")):
            stack = []
        elif line.strip():
            stack.append(line.strip())
        elif stack:
            counts[phase(stack)] += 1
            stack = []
    return counts


def libraries(data: Path) -> dict[str, float]:
    """Shares of the samples in `data` by the code they ran (perf's dso)."""
    report = subprocess.run(
        [
            "perf",
            "report",
            "-i",
            str(data),
            "--sort",
            "dso",
            "--stdio",
            "-q",
            "--percent-limit",
            "0.5",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {
        line.split()[1]: float(line.split()[0].rstrip("%")) / 100
        for line in report.splitlines()
        if line.strip()
    }


def bare_guesses(conn: Connection, pid: int, calls: int) -> float:
    """Server CPU µs per call of load.py's bare guess."""
    before = thread_cpu_seconds(pid)
    for n in range(calls):
        db.call(conn, "bench_bare_guess", n % 1000, "slate")
    return (thread_cpu_seconds(pid) - before) / calls * 1e6


def recorded(pid: int, data: Path, stacks: bool, run: Callable[[], float]) -> float:
    """run() (it returns µs a call) while perf samples the server into `data`."""
    perf = subprocess.Popen(
        [
            "perf",
            "record",
            "-F",
            "2999",
            *(["-g"] if stacks else []),
            "-p",
            str(pid),
            "-o",
            str(data),
        ],
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1)
    micros = run()
    perf.send_signal(2)
    perf.wait()
    return micros


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument(
        "--wordle-play-text", type=Path, help="a text of _wordle_play to profile instead of head's"
    )
    args = parser.parse_args()
    with private_server() as server, tempfile.TemporaryDirectory() as tmp:
        url = db.parse_url(server.url("wordle_bench"))
        front_url = prepare(url, "head")
        pid = server.pid()
        assert pid is not None
        data = Path(tmp) / "perf.data"
        with db.connect(url) as owner, db.connect(front_url) as front:
            if args.wordle_play_text:
                text = "\n".join(
                    line
                    for line in args.wordle_play_text.read_text().splitlines()
                    if not line.startswith("--")
                )  # the header off: CREATE first
                swap(owner, [("PROCEDURE", "_wordle_play", text)])
            play(front, pid, "warm", 20)
            micros = recorded(pid, data, True, lambda: play(front, pid, "p", args.games))
            script = subprocess.run(
                ["perf", "script", "-i", str(data)], capture_output=True, text=True, check=True
            ).stdout
            calls = args.games * 6
            split = {
                "wordle_play": (
                    recorded(pid, data, False, lambda: play(front, pid, "q", args.games)),
                    libraries(data),
                )
            }
            split["bare guess"] = (
                recorded(pid, data, False, lambda: bare_guesses(front, pid, calls)),
                libraries(data),
            )
    counts = samples(script)
    total = sum(counts.values())
    print(
        f"wordle_play: {micros:,.0f} µs of server CPU a guess while sampled ({total:,} samples)\n"
    )
    print("| phase | share of mariadbd's samples | µs a guess |")
    print("|---|---|---|")
    for name, n in counts.most_common():
        print(f"| {name} | {n / total:.1%} | {micros * n / total:,.0f} |")
    names = sorted(
        {name for _, shares in split.values() for name in shares},
        key=lambda name: -split["wordle_play"][1].get(name, 0),
    )
    print(
        f"\nThe server's CPU by the code it ran, µs a call ({calls:,} calls each, sampled "
        "without stacks):\n"
    )
    print("| code | wordle_play | bare guess | difference |")
    print("|---|---|---|---|")
    for name in [*names, "all"]:
        each = [
            micros * (1.0 if name == "all" else shares.get(name, 0.0))
            for micros, shares in split.values()
        ]
        print(f"| {name} | {each[0]:,.0f} | {each[1]:,.0f} | {each[0] - each[1]:,.0f} |")


if __name__ == "__main__":
    main()
