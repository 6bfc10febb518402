"""CPU per web guess: `wordle-db serve`'s process beside mariadbd's, one client, /proc.

Wall-clock rates of the web guess (web.py) swing with the machine's other load; the CPU each
process spends on a request moves much less. On load.py's bench database, `wordle-db serve`
runs as the CLI runs it behind a trusted proxy (`--forwarded-allow-ips 127.0.0.1`, its default
rate limit of 30 guesses a minute after a burst of 20), and one client, each player from its
own address (X-Forwarded-For), plays `--games` new players' games: `GET /api/today` for the
cookie (not counted), then six `POST /api/guess` (none the answer). Around each counted
request it reads the CPU time of serve's threads (and of its worker processes, if any) and of
mariadbd's (schedstat, ns). Beside it, in turn:

- `GET /healthz`: serve's floor, a request that does no work (no database, no cookie);
- `CALL wordle_guess_on(...)` from this process, the endpoint's own call: what the database
  spends on a guess without serve in between, and what the Python driver costs a client.

`--baseline DIR` runs a second serve from the wordle_db package of another checkout (e.g.
`git archive main | tar -x -C /tmp/main`) on the same database, its rows in turn with the
first's: two versions of the web tier compared in one sitting. Given again, a third serve,
and so on (named by their directories).

Per round it prints µs per request of serve, of mariadbd and of this client, and the wall
time; the last round ends with serve's CPU per guess over mariadbd's, issue 42's measure
(at most 0.35). `--serve-option` passes options to serve (e.g. --serve-option=--access-log).
Linux only (/proc).

Run: .venv/bin/python bench/webcpu.py [--games 100] [--rounds 3] [--baseline DIR]
     [--serve-option=...] [--profile FILE]
"""

from __future__ import annotations

import argparse
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from pathlib import Path

from harness import GUESSES, prepare, private_server, thread_cpu_seconds
from serving import HTTPClient, children, process_cpu_seconds, serve
from sqlalchemy.engine import URL

from wordle_db import db

TARGET = 0.35  # issue 42: serve's CPU per guess over the database's
Row = tuple[float, float, float, float]  # µs a request: serve, mariadbd, client CPU; wall


@dataclass
class Serve:
    name: str
    process: subprocess.Popen[bytes]
    port: int
    kids: list[int]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--serve-option", action="append", default=[], metavar="OPTION")
    parser.add_argument(
        "--baseline",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help="a checkout whose serve to compare (again: one more)",
    )
    parser.add_argument("--log", type=Path, help="serve's output goes to this file")
    parser.add_argument(
        "--profile",
        type=Path,
        help="sample serve with py-spy (--gil: the threads running Python) during the last "
        "round's web guesses, into this file (py-spy's raw format: a stack and its count a line)",
    )
    args = parser.parse_args()
    options = ("--forwarded-allow-ips", "127.0.0.1", *args.serve_option)
    with private_server() as server:
        front = prepare(db.parse_url(server.url("wordle_bench")), "head")
        db_pid = server.pid()
        assert db_pid is not None
        serves: list[Serve] = []
        try:
            versions: list[tuple[str, Path | None]] = [("this", None)]
            for source in args.baseline:
                name = "baseline" if len(args.baseline) == 1 else source.resolve().name
                versions.append((name, source.resolve()))
            for name, source in versions:
                process, port = serve(front, options, args.log, source)
                serves.append(Serve(name, process, port, []))
            time.sleep(1.0)  # worker processes, if any, start
            for each in serves:
                each.kids = children(each.process.pid)
            rows = measure(front, db_pid, serves, args.games, args.rounds, args.profile)
        finally:
            for each in serves:
                each.process.send_signal(signal.SIGINT)
                each.process.wait(15)
    sql = rows["SQL guess"]
    print(f"\nmariadbd µs a guess called directly: {sql[1]:,.0f} (last round)")
    for each in serves:
        healthz, web = rows[f"{each.name}: GET /healthz"], rows[f"{each.name}: POST /api/guess"]
        print(
            f"{each.name}: serve µs a request: /healthz {healthz[0]:,.0f}, POST /api/guess "
            f"{web[0]:,.0f} ({web[0] / healthz[0]:.1f} times its floor); mariadbd µs a web "
            f"guess {web[1]:,.0f}; serve / mariadbd {web[0] / web[1]:.2f}, at most {TARGET:.2f} "
            "(issue 42)"
        )


def measure(
    front: URL, db_pid: int, serves: list[Serve], games: int, rounds: int, profile: Path | None
) -> dict[str, Row]:
    """Prints the table; returns the last round's rows by name."""
    addresses = (f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}" for n in count(1))
    players = count()
    totals = [0.0, 0.0, 0.0, 0.0]

    def timed(pids: tuple[int, list[int]], call: Callable[[], object]) -> None:
        def now() -> tuple[float, float, float, float]:
            serve_cpu = process_cpu_seconds(*pids) if pids[0] else 0.0
            return serve_cpu, thread_cpu_seconds(db_pid), time.process_time(), time.perf_counter()

        before = now()
        call()
        after = now()
        for k in range(4):
            totals[k] += after[k] - before[k]

    def healthz(each: Serve, client: HTTPClient) -> None:
        for _ in range(len(GUESSES)):
            timed((each.process.pid, each.kids), lambda: client.request("GET", "/healthz"))

    def web_game(each: Serve, client: HTTPClient) -> None:
        client.cookie, client.address = "", next(addresses)
        client.request("GET", "/api/today")  # the new player's cookie, not counted
        for word in GUESSES:
            timed(
                (each.process.pid, each.kids),
                lambda word=word: client.request("POST", "/api/guess", {"word": word}),
            )

    print("| round | request | serve CPU µs | mariadbd CPU µs | client CPU µs | wall µs |")
    print("|---|---|---|---|---|---|")
    rows: dict[str, Row] = {}
    with db.connect(front) as conn:

        def sql_game(_each: Serve | None, _client: HTTPClient | None) -> None:
            player = f"sql{next(players)}"
            for word in GUESSES:
                timed(
                    (0, []),
                    lambda word=word: db.call_sets(
                        conn, "wordle_guess_on", None, player, word, None, None, 0
                    ),
                )

        sql_game(None, None)  # compiles the routines on this connection
        kinds: list[tuple[str, Callable[..., None], Serve | None]] = []
        for each in serves:
            kinds += [
                (f"{each.name}: GET /healthz", healthz, each),
                (f"{each.name}: POST /api/guess", web_game, each),
            ]
        kinds.append(("SQL guess", sql_game, None))
        for round_ in range(1, rounds + 1):
            for name, play, each in kinds:
                # a new keep-alive connection (serve closes one idle for 5 s), opened untimed
                client = HTTPClient(each.port) if each else None
                if client:
                    client.request("GET", "/healthz")
                totals[:] = [0.0, 0.0, 0.0, 0.0]
                sampler = None
                if profile and round_ == rounds and each is serves[0] and play is web_game:
                    sampler = py_spy(serves[0].process.pid, profile)
                for _ in range(games):
                    play(each, client)
                if sampler:
                    sampler.send_signal(signal.SIGINT)
                    sampler.wait(30)
                s, d, c, w = (t / (games * len(GUESSES)) * 1e6 for t in totals)
                rows[name] = (s, d, c, w)
                print(
                    f"| {round_} | {name} | {s:,.0f} | {d:,.0f} | {c:,.0f} | {w:,.0f} |", flush=True
                )
                if client:
                    client.close()
    return rows


def py_spy(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """py-spy sampling `pid` and its worker processes into `out` until sent SIGINT."""
    tool = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    sampler = subprocess.Popen(
        [
            *(tool, "record", "--pid", str(pid), "--subprocesses", "--gil", "--rate", "500"),
            *("--format", "raw", "--output", str(out)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # it attaches
    return sampler


if __name__ == "__main__":
    main()
