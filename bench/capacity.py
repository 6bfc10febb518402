"""Per-core figures for docs/capacity.md: CPU per call and calls a second, the server held to
one core, then to two.

On load.py's bench database (one private MariaDB server, bundled words, today's word, a
front-end account), mariadbd is held to the first N cores of the machine (every thread's CPU
affinity; threads it starts later inherit it), for each N of --cores; `wordle-db serve` too
(its own process, behind a trusted proxy, each player from its own address, the default rate
limit). The clients are not held: on a 2-core machine with the server on one core, they have
the other. For each N, closed loops for --seconds each:

- SQL guess: --clients clients (over --processes processes) play new players' games of six
  guesses with `CALL wordle_play(...)`, as another application would;
- page load: what the page asks when a new player opens it (`GET /api/channels`, `/api/game`,
  `/api/today`), one call here; serve's CPU beside mariadbd's;
- web guess: the SQL guess's games through `POST /api/guess` to serve; each game's `GET
  /api/today` (for its cookie) is in the CPU, not in the calls (a sixth of a page's part);
- publication: one client publishes the days after today, one `CALL wordle_publish(day)`
  each (a day's publication in every channel is that call once per channel).

It prints calls a second, mariadbd's (and serve's) CPU µs a call from /proc, and what one core
of that CPU carries a second (1e6 / µs). A guess's CPU hardly moves with the cores; the rate
shows how far the server uses them. For the analysis, `bench/analysis.py` prints its server
CPU per game (one call runs on one core).

Run: .venv/bin/python bench/capacity.py [--cores 1,2] [--clients 32] [--seconds 10]
     [--days 300] (about 3 minutes)
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from datetime import timedelta
from functools import partial
from itertools import count
from pathlib import Path

from harness import GUESSES, Timed, cpu_seconds, prepare, private_server, run, run_clients
from serving import HTTPClient, serve
from sqlalchemy.engine import Connection

from wordle_db import db

PROCESSES = 8
PAGE_LOAD = ("/api/channels", "/api/game", "/api/today")  # app.js, in this order


def hold(pid: int, cores: set[int]) -> None:
    """Every thread of `pid` on `cores` (new threads inherit their creator's affinity)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        with suppress(ProcessLookupError, FileNotFoundError):
            os.sched_setaffinity(int(task.name), cores)


def row(name: str, cores: int, calls: int, seconds: float, cpu: dict[str, float]) -> str:
    """A table row: calls a second, CPU µs a call of each process, calls a core carries."""
    per_call = {k: v / max(calls, 1) * 1e6 for k, v in cpu.items()}
    total = sum(per_call.values())
    parts = " + ".join(f"{k} {v:,.0f}" for k, v in per_call.items())
    return (
        f"| {name} | {cores} | {calls / seconds:,.0f} | {parts} | {total:,.0f} "
        f"| {1e6 / total:,.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", default="1,2")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--processes", type=int, default=PROCESSES)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--days", type=int, default=300, help="publications timed per size")
    args = parser.parse_args()
    machine = sorted(os.sched_getaffinity(0))
    games = count()
    with private_server() as server:
        root = db.parse_url(server.url("wordle_bench"))
        front = prepare(root, "head")
        db_pid = server.pid()
        assert db_pid is not None
        web, port = serve(front, ("--forwarded-allow-ips", "127.0.0.1"))
        with db.connect(root) as conn:
            today = db.scalar(conn, "SELECT wordle_today()")
        next_day = count(1)
        played = [0] * args.clients  # client k's games so far (each in its client's process)
        print(
            "| call | server cores | calls/s | CPU µs a call | CPU µs in all "
            "| calls a core carries a second |"
        )
        print("|---|---|---|---|---|---|")
        try:
            for n in (int(c) for c in args.cores.split(",")):
                cores = set(machine[:n])
                hold(db_pid, cores)
                hold(web.pid, cores)
                print(f"server on {n} core(s)", file=sys.stderr)

                def sql_game(_n: int, call: Callable[[str, tuple[object, ...]], None]) -> None:
                    player = f"s{next(games)}_{os.getpid()}"
                    for word in GUESSES:
                        call("wordle_play", (player, word, None, None))

                def warm(conn: Connection, k: int, n: int = n) -> None:
                    db.call(conn, "wordle_play", f"w{k}_{n}", GUESSES[0], None, None)

                sql = run_clients(
                    args.clients,
                    args.seconds,
                    front,
                    sql_game,
                    None,
                    warm,
                    partial(cpu_seconds, db_pid),
                    args.processes,
                )
                spent = {"mariadbd": sql.clock_seconds}
                print(row("SQL guess", n, len(sql.latencies), args.seconds, spent), flush=True)

                def web_game(
                    k: int,
                    client: object,
                    timed: Timed,
                    n: int = n,
                    played: list[int] = played,
                    page: bool = False,
                ) -> None:
                    assert isinstance(client, HTTPClient)
                    played[k] += 1  # each game a player of its own address (the rate limit's)
                    client.cookie = ""
                    client.address = f"2001:{n:x}:{k:x}:{played[k] + page * 65536:x}::1"
                    if page:  # what the page asks when it opens
                        timed(lambda: [client.request("GET", p) for p in PAGE_LOAD])
                        return
                    client.request("GET", "/api/today")  # the cookie: CPU counted, call not
                    for word in GUESSES:
                        timed(
                            lambda word=word: client.request("POST", "/api/guess", {"word": word})
                        )

                tallies = []
                for name, page in (("page load", True), ("web guess", False)):
                    before = (cpu_seconds(db_pid), cpu_seconds(web.pid))
                    tally = run(
                        args.clients,
                        args.seconds,
                        lambda _n: HTTPClient(port),
                        partial(web_game, page=page),
                        processes=args.processes,
                    )
                    spent = {
                        "mariadbd": cpu_seconds(db_pid) - before[0],
                        "serve": cpu_seconds(web.pid) - before[1],
                    }
                    print(row(name, n, len(tally.latencies), args.seconds, spent), flush=True)
                    tallies.append(tally)

                for error in sorted({e for t in (sql, *tallies) for e in t.errors}):
                    print(f"|   error: {error} | | | | | |")

                with db.connect(root) as conn:
                    start, wall = cpu_seconds(db_pid), time.perf_counter()
                    for _ in range(args.days):
                        db.call(conn, "wordle_publish", today + timedelta(next(next_day)))
                    used, wall = cpu_seconds(db_pid) - start, time.perf_counter() - wall
                print(row("publication", n, args.days, wall, {"mariadbd": used}), flush=True)
        finally:
            web.send_signal(signal.SIGINT)
            web.wait(15)


if __name__ == "__main__":
    main()
