"""The server's CPU time per call, one client: a figure other load on the machine barely moves.

Wall-clock rates (load.py, web.py) swing with whatever else runs on the two cores; the CPU
time mariadbd spends per call (utime + stime from /proc/<pid>/stat, read before and after)
depends on the work done. On load.py's bench database, one client plays `--games` new
players' games of six guesses (none the answer) with each of:

- the bare guess (load.py's `bench_bare_guess`: lock, insert, update, commit, a row);
- `CALL wordle_play(...)`, the SQL guess;
- the same players' games of yesterday (existing players: no player row made);
- `CALL wordle_guess_on(...)`, the guess and the keyboard after it (the page's POST /api/guess),
  with the session generation checked (as the page calls it) and without (NULL);
- `wordle_play` then `wordle_keyboard`, the two calls the page made before migration 0022.

It prints the server's CPU µs per call, the client's (this Python process's) CPU µs and its
wall µs per call, for `--rounds` rounds (the first warms the caches). When the machine's cores
are the limit (load.py's clients share them with the server), a call's rate follows the CPU it
costs both sides, so the last round ends with the real/bare ratio that predicts, and the
server CPU a SQL guess may cost for a ratio of 0.5. Then the team's guard: that ratio for new
and for existing players against the least a change may leave (`--guard NEW,EXISTING`, by
default the reference machine's 0.34,0.39: bench/README.md); under it, the exit status is 1.
Linux only (/proc).
Run: .venv/bin/python bench/cpu.py [--games 300] [--rounds 3] [--guard 0.34,0.39]
[--revision head]
(./dev bench runs it with --games 1000: fewer of /proc's 10 ms ticks per call)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from datetime import timedelta

from harness import GUESSES, cpu_seconds, prepare, private_server

from wordle_db import db

EXISTING = "wordle_play, existing players (yesterday)"
GUARDED = {"new players": "wordle_play", "existing players": EXISTING}  # the guard's lines


def two_ratios(text: str) -> list[float]:
    """--guard's value: two ratios, new players' and existing players'."""
    try:
        ratios = [float(ratio) for ratio in text.split(",")]
    except ValueError:
        ratios = []
    if len(ratios) != 2 or not all(0 < ratio < 1 for ratio in ratios):
        raise argparse.ArgumentTypeError(f"two ratios between 0 and 1, e.g. 0.34,0.39: {text!r}")
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--guard",
        type=two_ratios,
        default=[0.34, 0.39],
        metavar="NEW,EXISTING",
        help="the least real/bare a change may leave new and existing players (default: the "
        "reference machine's, 0.34,0.39)",
    )
    parser.add_argument(
        "--revision",
        default="head",
        help="the migration the bench database is at (e.g. main's last, to compare in one sitting)",
    )
    args = parser.parse_args()
    with private_server() as server:
        front_url = prepare(db.parse_url(server.url("wordle_bench")), args.revision)
        pid = server.pid()
        assert pid is not None
        with db.connect(front_url) as front:
            yesterday = db.scalar(front, "SELECT wordle_today()") - timedelta(1)
            kinds: dict[str, Callable[[str, str], object]] = {
                "bare guess": lambda p, w: db.call(front, "bench_bare_guess", hash(p) % 1024, w),
                "wordle_play": lambda p, w: db.call(front, "wordle_play", p, w, None, None),
                EXISTING: lambda p, w: db.call(front, "wordle_play", p, w, yesterday, None),
                "wordle_guess_on": lambda p, w: db.call_sets(
                    front, "wordle_guess_on", None, p, w, None, None, 0
                ),
                "wordle_guess_on, generation NULL": lambda p, w: db.call_sets(
                    front, "wordle_guess_on", None, p, w, None, None, None
                ),
                "wordle_play + wordle_keyboard": lambda p, w: (
                    db.call(front, "wordle_play", p, w, None, None),
                    db.call(front, "wordle_keyboard", p, None),
                ),
            }
            print(
                "| round | call | server CPU µs/call | client CPU µs/call | client wall µs/call |"
            )
            print("|---|---|---|---|---|")
            costs: dict[str, tuple[float, float]] = {}  # name: (server, client) CPU µs
            for round_ in range(1, args.rounds + 1):
                for n, (name, call) in enumerate(kinds.items()):
                    cpu, mine, wall = cpu_seconds(pid), time.process_time(), time.perf_counter()
                    # existing players: the players the wordle_play line made this round
                    who = list(kinds).index("wordle_play") if name == EXISTING else n
                    for game in range(args.games):
                        for word in GUESSES:
                            call(f"r{round_}k{who}g{game}", word)
                    calls = args.games * len(GUESSES)
                    server_us = (cpu_seconds(pid) - cpu) / calls * 1e6
                    client_us = (time.process_time() - mine) / calls * 1e6
                    costs[name] = (server_us, client_us)
                    print(
                        f"| {round_} | {name} | {server_us:,.0f} | {client_us:,.0f} | "
                        f"{(time.perf_counter() - wall) / calls * 1e6:,.0f} |",
                        flush=True,
                    )
    bare, play = sum(costs["bare guess"]), sum(costs["wordle_play"])
    print(
        f"\nCPU-bound, real/bare would be {bare / play:.2f}; 0.5 needs wordle_play at most "
        f"{2 * bare - costs['wordle_play'][1]:,.0f} µs of server CPU (last round)"
    )
    below = []
    for (players, name), least in zip(GUARDED.items(), args.guard, strict=True):
        ratio = bare / sum(costs[name])
        print(f"guard, {players}: real/bare {ratio:.2f}, at least {least:.2f}")
        if ratio < least:
            below.append(players)
    if below:
        sys.exit(f"under the guard: {', '.join(below)}")


if __name__ == "__main__":
    main()
