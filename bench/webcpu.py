"""CPU per web guess: `wordle-db serve`'s process beside mariadbd's, one client, /proc.

Wall-clock rates of the web guess (web.py) swing with the machine's other load; the CPU each
process spends on a request does not. On load.py's bench database, `wordle-db serve` runs as
the CLI runs it behind a trusted proxy (`--forwarded-allow-ips 127.0.0.1`, its default rate
limit of 30 guesses a minute after a burst of 20), and one client, each player from its own
address (X-Forwarded-For), plays `--games` new players' games: `GET /api/today` for the
cookie (not counted), then six `POST /api/guess` (none the answer). Around each counted
request it reads the CPU time of serve's threads (and of its worker processes, if any) and of
mariadbd's (schedstat, ns). Beside it, in turn:

- `GET /healthz`: serve's floor, a request that does no work (no database, no cookie);
- `CALL wordle_guess_on(...)` from this process, the endpoint's own call: what the database
  spends on a guess without serve in between, and what the Python driver costs a client.

Per round it prints µs per request of serve, of mariadbd and of this client, and the wall
time; the last round ends with serve's CPU per guess over mariadbd's, issue 42's measure
(at most 0.35). `--serve-option` passes options to serve (e.g. --serve-option=--workers=2).
Linux only (/proc).

Run: .venv/bin/python bench/webcpu.py [--games 100] [--rounds 3] [--serve-option=...]
"""

from __future__ import annotations

import argparse
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import count
from pathlib import Path

from harness import GUESSES, prepare, private_server, thread_cpu_seconds
from serving import HTTPClient, children, process_cpu_seconds, serve
from sqlalchemy.engine import URL

from wordle_db import db

TARGET = 0.35  # issue 42: serve's CPU per guess over the database's


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--serve-option", action="append", default=[], metavar="OPTION")
    parser.add_argument("--log", type=Path, help="serve's output goes to this file")
    parser.add_argument(
        "--profile",
        type=Path,
        help="sample serve with py-spy (--gil: the threads running Python) during the last "
        "round's web guesses, into this file (py-spy's raw format: a stack and its count a line)",
    )
    args = parser.parse_args()
    with private_server() as server:
        front = prepare(db.parse_url(server.url("wordle_bench")), "head")
        db_pid = server.pid()
        assert db_pid is not None
        options = ("--forwarded-allow-ips", "127.0.0.1", *args.serve_option)
        process, port = serve(front, options, args.log)
        try:
            time.sleep(1.0)  # worker processes, if any, start
            kids = children(process.pid)
            rows = measure(
                front, db_pid, process.pid, kids, port, args.games, args.rounds, args.profile
            )
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(15)
    healthz, web, sql = rows
    print(
        f"\nserve µs a request: /healthz {healthz[0]:,.0f}, POST /api/guess {web[0]:,.0f} "
        f"({web[0] / healthz[0]:.1f} times its floor); mariadbd µs a guess: through serve "
        f"{web[1]:,.0f}, called directly {sql[1]:,.0f}"
    )
    ratio = web[0] / web[1]
    print(f"serve / mariadbd CPU a web guess: {ratio:.2f}, at most {TARGET:.2f} (issue 42)")
    if ratio > TARGET:
        print("over the target", file=sys.stderr)


def measure(
    front: URL,
    db_pid: int,
    serve_pid: int,
    kids: list[int],
    port: int,
    games: int,
    rounds: int,
    profile: Path | None = None,
) -> list[tuple[float, float, float, float]]:
    """The table's rows; returns the last round's (serve, mariadbd, client, wall) µs a
    request for /healthz, the web guess and the SQL guess."""
    addresses = (f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}" for n in count(1))
    players = count()
    totals = [0.0, 0.0, 0.0, 0.0]

    def timed(call: Callable[[], object]) -> None:
        before = (
            process_cpu_seconds(serve_pid, kids),
            thread_cpu_seconds(db_pid),
            time.process_time(),
            time.perf_counter(),
        )
        call()
        after = (
            process_cpu_seconds(serve_pid, kids),
            thread_cpu_seconds(db_pid),
            time.process_time(),
            time.perf_counter(),
        )
        for k in range(4):
            totals[k] += after[k] - before[k]

    def healthz(client: HTTPClient) -> None:
        for _ in range(len(GUESSES)):
            timed(lambda: client.request("GET", "/healthz"))

    def web_game(client: HTTPClient) -> None:
        client.cookie, client.address = "", next(addresses)
        client.request("GET", "/api/today")  # the new player's cookie, not counted
        for word in GUESSES:
            timed(lambda word=word: client.request("POST", "/api/guess", {"word": word}))

    print("| round | request | serve CPU µs | mariadbd CPU µs | client CPU µs | wall µs |")
    print("|---|---|---|---|---|---|")
    last: list[tuple[float, float, float, float]] = []
    with db.connect(front) as conn:

        def sql_game(_client: HTTPClient) -> None:
            player = f"sql{next(players)}"
            for word in GUESSES:
                timed(
                    lambda word=word: db.call_sets(
                        conn, "wordle_guess_on", None, player, word, None, None, 0
                    )
                )

        sql_game(HTTPClient(port))  # compiles the routines on this connection
        kinds = (("GET /healthz", healthz), ("POST /api/guess", web_game), ("SQL guess", sql_game))
        client = HTTPClient(port)
        for round_ in range(1, rounds + 1):
            last = []
            for name, play in kinds:
                totals[:] = [0.0, 0.0, 0.0, 0.0]
                sampler = None
                if profile and round_ == rounds and play is web_game:
                    sampler = py_spy(serve_pid, profile)
                for _ in range(games):
                    play(client)
                if sampler:
                    sampler.send_signal(signal.SIGINT)
                    sampler.wait(30)
                s, d, c, w = (t / (games * len(GUESSES)) * 1e6 for t in totals)
                per = (s, d, c, w)
                last.append(per)
                print(
                    f"| {round_} | {name} | {per[0]:,.0f} | {per[1]:,.0f} | {per[2]:,.0f} "
                    f"| {per[3]:,.0f} |",
                    flush=True,
                )
        client.close()
    return last


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
