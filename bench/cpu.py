"""The server's CPU time per call, one client: a figure other load on the machine barely moves.

Wall-clock rates (load.py, web.py) swing with whatever else runs on the two cores; the CPU
time mariadbd spends per call (utime + stime from /proc/<pid>/stat, read before and after)
depends on the work done. On load.py's bench database, one client plays `--games` new
players' games of six guesses (none the answer) with each of:

- the bare guess (load.py's `bench_bare_guess`: lock, insert, update, commit, a row);
- `CALL wordle_play(...)`, the SQL guess;
- `CALL wordle_guess_on(...)`, the guess and the keyboard after it (the page's POST /api/guess),
  with the session generation checked (as the page calls it) and without (NULL);
- `wordle_play` then `wordle_keyboard`, the two calls the page made before migration 0022.

It prints the server's CPU µs per call, the client's (this Python process's) CPU µs and its
wall µs per call, for `--rounds` rounds (the first warms the caches). When the machine's cores
are the limit (load.py's clients share them with the server), a call's rate follows the CPU it
costs both sides, so the last round ends with the real/bare ratio that predicts, and the
server CPU a SQL guess may cost for a ratio of 0.5. Linux only (/proc).
Run: .venv/bin/python bench/cpu.py [--games 300] [--rounds 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from harness import GUESSES, cpu_seconds, prepare, private_server

from wordle_db import db


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with private_server() as server:
        front_url = prepare(db.parse_url(server.url("wordle_bench")), "head")
        pid = server.pid()
        assert pid is not None
        with db.connect(front_url) as front:
            kinds: dict[str, Callable[[str, str], object]] = {
                "bare guess": lambda p, w: db.call(front, "bench_bare_guess", hash(p) % 1024, w),
                "wordle_play": lambda p, w: db.call(front, "wordle_play", p, w, None, None),
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
                    for game in range(args.games):
                        for word in GUESSES:
                            call(f"r{round_}k{n}g{game}", word)
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


if __name__ == "__main__":
    main()
