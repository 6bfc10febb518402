"""A guess through HTTP (`wordle-db serve`) against the same guess through SQL, same run.

On one private MariaDB server, load.py's bench database (migrated to head, bundled words,
today's word, the floor procedure and a front-end account with `player_names = any`). N
clients (threads spread over --processes processes), each with one connection (a MariaDB
session, or a keep-alive HTTP connection), start games as new players and play six guesses
that are not the answer, back to back, for --seconds:

- SQL, wordle_play: `CALL wordle_play(player, guess, NULL, NULL)`, the guess alone;
- SQL, the endpoint's call: `CALL wordle_guess_on(NULL, player, guess, NULL, NULL, 0)`, the
  guess and the keyboard after it in one call, its session generation checked, which is what
  POST /api/guess calls (it answers with the attempt and the keyboard);
- SQL, the two calls the endpoint made before migration 0022: wordle_play, then
  wordle_keyboard;
- HTTP: POST /api/guess to `wordle-db serve` (one uvicorn process, run as the CLI runs it,
  with the rate limit set out of the way); each new player first GETs /api/today for its
  cookie (not counted; a client's first player before the time starts, with its connection,
  as a proxy in front of serve keeps its connections open);
- HTTP: GET /healthz, serve's floor (no database, no cookie).

Every counted call is a recorded attempt. Each SQL connection makes one untimed guess first
(its first call compiles the routines; serve's pooled connections have done so). Under the
HTTP row, the database connections serve opened meanwhile: its pool keeps idle connections,
and each new one costs a connection's set-up and, on its first call, the compiling of the
routines it calls. The ratios are HTTP guesses per second over each SQL figure. The clients
run on the same machine (2 cores here), as does the server.

`--rate R` makes calls come due at random, R a second over all clients (load.py's open loop):
the SQL floor (load.py's one-row insert), the endpoint's SQL call, serve's floor and the web
guess, each at that rate with those connections; the run counts when both floors' p99 stay
under 20 ms (issue 42: web guesses p99 under 100 ms at 600 a second).

Run: .venv/bin/python bench/web.py [--clients 8,32] [--seconds 10] [--rate R] [--processes P]
"""

from __future__ import annotations

import argparse
import signal
import sys
from functools import partial
from pathlib import Path

from harness import (
    GUESSES,
    PROCESSES,
    STEADY,
    Tally,
    Timed,
    connected,
    floor_check,
    prepare,
    private_server,
    run,
    summary,
)
from serving import HTTPClient, serve
from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.web.pool import IDLE


def sql_scenario(
    front: URL,
    clients: int,
    seconds: float,
    calls: str,
    tag: str,
    rate: float | None = None,
    processes: int = 1,
) -> Tally:
    """`calls`: "play" (wordle_play), "guess" (wordle_guess_on), "two" (wordle_play, then
    wordle_keyboard) or "floor" (load.py's one-row insert)."""
    games = [0] * clients

    def guess_once(conn: Connection, player: str, guess: str) -> None:
        if calls == "floor":
            db.call(conn, "bench_floor")
            return
        if calls == "guess":
            db.call_sets(conn, "wordle_guess_on", None, player, guess, None, None, 0)
            return
        db.call(conn, "wordle_play", player, guess, None, None)
        if calls == "two":
            db.call(conn, "wordle_keyboard", player, None)

    def work(n: int, conn: object, timed: Timed) -> None:
        games[n] += 1
        player = f"{tag}{clients}_{n}_{games[n]}"
        for guess in GUESSES:
            timed(partial(guess_once, conn, player, guess))

    def warm(conn: Connection, n: int) -> None:  # compiles the routines, untimed (load.py)
        guess_once(conn, f"warm{tag}{clients}_{n}", GUESSES[0])

    engine = db.create_engine(front)
    try:
        return run(clients, seconds, partial(connected, engine, warm), work, rate, None, processes)
    finally:
        engine.dispose()


def http_scenario(
    port: int,
    clients: int,
    seconds: float,
    rate: float | None = None,
    processes: int = 1,
    floor: bool = False,
) -> Tally:
    """New players' games through serve; `floor`: GET /healthz instead (serve's least)."""

    def connected(_n: int) -> HTTPClient:
        """A client connected before the time starts, as a proxy's connections to serve are,
        with its first player's cookie (all of them at the first instant would be a burst no
        arrival rate makes: 271-301 ms of p99 in the first second, bench/log/2026-11-27.md)."""
        client = HTTPClient(port)
        client.request("GET", "/healthz" if floor else "/api/today")
        return client

    def work(n: int, client: object, timed: Timed) -> None:
        assert isinstance(client, HTTPClient)
        if floor:
            timed(lambda: client.request("GET", "/healthz"))
            return
        if not client.cookie:
            client.request("GET", "/api/today")  # a new player's cookie, untimed
        for guess in GUESSES:
            timed(lambda guess=guess: client.request("POST", "/api/guess", {"word": guess}))
        client.cookie = ""  # the next game is a new player's

    return run(clients, seconds, connected, work, rate, None, processes)


def connections(root: URL) -> int:
    """Connections the server has accepted so far (status Connections, this one included)."""
    with db.connect(root) as conn:
        return int(
            db.scalar(
                conn,
                "SELECT variable_value FROM information_schema.global_status "
                "WHERE variable_name = 'CONNECTIONS'",
            )
        )


RATE_SCENARIOS = [  # with --rate: the floor and the endpoint's call
    ("SQL floor: one-row insert", "floor", "f"),
    ("SQL: CALL wordle_guess_on (the endpoint's)", "guess", "g"),
]
SQL_SCENARIOS = [
    ("SQL: CALL wordle_play", "play", "p"),
    ("SQL: CALL wordle_guess_on (the endpoint's)", "guess", "g"),
    ("SQL: wordle_play + wordle_keyboard (before 0022)", "two", "w"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="8,32")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--rate",
        type=float,
        help="guesses a second arriving at random over all clients (load.py's open loop), "
        "with the floors at the same rate: p99 at a morning's rate",
    )
    parser.add_argument(
        "--processes",
        type=int,
        help=f"client processes (default: with --rate {PROCESSES}, else 1, as the reference "
        "figures were measured)",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="DIR",
        help="also a serve running another checkout's wordle_db (e.g. `git archive main`), its "
        "HTTP rows after this one's",
    )
    args = parser.parse_args()
    rate = args.rate
    processes = args.processes or (PROCESSES if rate else 1)
    with private_server() as server:
        root = db.parse_url(server.url("wordle_bench"))
        front = prepare(root, "head")
        serves = [("", *serve(front))]
        if args.baseline:
            serves.append(("baseline ", *serve(front, source=args.baseline.resolve())))
        try:
            print(
                f"| scenario | clients | guesses/s | p50 ms | p99 ms | {STEADY} | errors "
                "| HTTP ratio |"
            )
            print("|---|---|---|---|---|---|---|---|")
            for clients in (int(c) for c in args.clients.split(",")):
                print(f"running {clients} clients", file=sys.stderr)
                scenarios = SQL_SCENARIOS if not rate else RATE_SCENARIOS
                tallies = [
                    (name, sql_scenario(front, clients, args.seconds, calls, tag, rate, processes))
                    for name, calls, tag in scenarios
                ]
                webs = []
                for label, _, port in serves:
                    # serve's pool filled and its connections' routines compiled, untimed, as
                    # a serve running before the rush has (load.py warms its connections too)
                    http_scenario(port, min(clients, IDLE), 2.0, None, processes)
                    floor = http_scenario(port, clients, args.seconds, rate, processes, floor=True)
                    opened = connections(root)
                    web = http_scenario(port, clients, args.seconds, rate, processes)
                    opened = connections(root) - opened - 1  # this count's own
                    webs.append((label, floor, web, opened))
                web_rate = len(webs[0][2].latencies) / args.seconds
                for name, tally in tallies:
                    sql_rate = len(tally.latencies) / args.seconds
                    line = summary(name, clients, args.seconds, tally, None).rsplit("|", 2)[0]
                    ratio = "-" if rate else f"{web_rate / sql_rate:.2f}"
                    print(f"{line}| {ratio} |", flush=True)
                for label, floor, web, opened in webs:
                    for name, tally in (
                        (f"{label}GET /healthz", floor),
                        (f"{label}POST /api/guess", web),
                    ):
                        print(summary(f"HTTP: {name}", clients, args.seconds, tally, None))
                    print(
                        f"|   {label}serve's new database connections: {opened:,} "
                        f"({opened / max(len(web.latencies), 1):.2f} a guess) | | | | | | | |"
                    )
                if rate:
                    print(floor_check(tallies[0][1], "SQL floor"))
                    for label, floor, _, _ in webs:
                        print(floor_check(floor, f"{label}HTTP floor"))
                everything = [t for _, t in tallies] + [t for w in webs for t in w[1:3]]
                for error in sorted({e for t in everything for e in t.errors}):
                    print(f"|   error: {error} | | | | | | |")
        finally:
            for _, process, _ in serves:
                process.send_signal(signal.SIGINT)
                process.wait(15)


if __name__ == "__main__":
    main()
