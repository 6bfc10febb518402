"""A guess through HTTP (`wordle-db serve`) against the same guess through SQL, same run.

On one private MariaDB server, a fresh database (migrated to head, bundled words) gets today's
word and a front-end account (wordle_player, `player_names = any`). N client threads, each
with one connection (a MariaDB session, or a keep-alive HTTP connection), start games as new
players and play six guesses that are not the answer, back to back, for --seconds:

- SQL, wordle_play: `CALL wordle_play(player, guess, NULL, NULL)`, the guess alone;
- SQL, the endpoint's call: `CALL wordle_guess_on(NULL, player, guess, NULL, NULL, 0)`, the
  guess and the keyboard after it in one call, its session generation checked, which is what
  POST /api/guess calls (it answers with the attempt and the keyboard);
- SQL, the two calls the endpoint made before migration 0022: wordle_play, then
  wordle_keyboard;
- HTTP: POST /api/guess to `wordle-db serve` (one uvicorn process, run as the CLI runs it,
  access log included, with the rate limit set out of the way); each new player first GETs
  /api/today for its cookie (not counted).

Every counted call is a recorded attempt. Each SQL connection makes one untimed guess first
(its first call compiles the routines; serve's pooled connections have done so). Under the
HTTP row, the database connections serve opened meanwhile: its pool keeps idle connections,
and each new one costs a connection's set-up and, on its first call, the compiling of the
routines it calls. The ratios are HTTP guesses per second over each SQL figure. The clients
run on the same machine (2 cores here), as does the server.

Run: .venv/bin/python bench/web.py [--clients 8,32] [--seconds 10]
"""

from __future__ import annotations

import argparse
import signal
import sys
from datetime import timedelta
from functools import partial
from itertools import count

from harness import ANSWER, GUESSES, STEADY, Tally, Timed, connected, private_server, run, summary
from serving import HTTPClient, serve
from sqlalchemy.engine import URL, Connection

from wordle_db import db, roles, schema, words


def prepare(url: URL) -> URL:
    """The bench database and the front-end account; returns the account's URL."""
    schema.migrate(url)
    with db.connect(url) as conn:
        words.load_bundled(conn)
        today = db.scalar(conn, "SELECT wordle_today()")
        db.call(conn, "wordle_publish_word", today - timedelta(1), "ghost")  # first_day
        db.call(conn, "wordle_publish_word", today, ANSWER)
        db.call(conn, "wordle_set_setting", "player_names", "any")
        roles.grant(conn, "player", "bench_web@localhost", "bench-password")
    return url.set(username="bench_web", password="bench-password")


def sql_scenario(front: URL, clients: int, seconds: float, calls: str, tag: str) -> Tally:
    """`calls`: "play" (wordle_play), "guess" (wordle_guess_on) or "two" (wordle_play, then
    wordle_keyboard)."""
    games = [0] * clients

    def guess_once(conn: Connection, player: str, guess: str) -> None:
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
        return run(clients, seconds, partial(connected, engine, warm, count()), work)
    finally:
        engine.dispose()


def http_scenario(port: int, clients: int, seconds: float) -> Tally:
    def work(n: int, client: object, timed: Timed) -> None:
        assert isinstance(client, HTTPClient)
        client.cookie = ""
        client.request("GET", "/api/today")  # a new player's cookie
        for guess in GUESSES:
            timed(lambda guess=guess: client.request("POST", "/api/guess", {"word": guess}))

    return run(clients, seconds, lambda: HTTPClient(port), work)


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


SQL_SCENARIOS = [
    ("SQL: CALL wordle_play", "play", "p"),
    ("SQL: CALL wordle_guess_on (the endpoint's)", "guess", "g"),
    ("SQL: wordle_play + wordle_keyboard (before 0022)", "two", "w"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="8,32")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    with private_server() as server:
        root = db.parse_url(server.url("wordle_bench"))
        front = prepare(root)
        process, port = serve(front)
        try:
            print(
                f"| scenario | clients | guesses/s | p50 ms | p99 ms | {STEADY} | errors "
                "| HTTP ratio |"
            )
            print("|---|---|---|---|---|---|---|---|")
            for clients in (int(c) for c in args.clients.split(",")):
                print(f"running {clients} clients", file=sys.stderr)
                tallies = [
                    (name, sql_scenario(front, clients, args.seconds, calls, tag))
                    for name, calls, tag in SQL_SCENARIOS
                ]
                opened = connections(root)
                web = http_scenario(port, clients, args.seconds)
                opened = connections(root) - opened - 1  # this count's own
                rate = len(web.latencies) / args.seconds
                for name, tally in tallies:
                    sql_rate = len(tally.latencies) / args.seconds
                    line = summary(name, clients, args.seconds, tally, None)
                    print(line.rsplit("|", 2)[0] + f"| {rate / sql_rate:.2f} |", flush=True)
                print(summary("HTTP: POST /api/guess", clients, args.seconds, web, None))
                print(
                    f"|   serve's new database connections: {opened:,} "
                    f"({opened / max(len(web.latencies), 1):.2f} a guess) | | | | | | | |"
                )
                for error in sorted(set(sum((t.errors for _, t in tallies), web.errors))):
                    print(f"|   error: {error} | | | | | | |")
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(15)


if __name__ == "__main__":
    main()
