"""The morning rush: N concurrent clients playing whole games back to back, against a floor.

On one private MariaDB server, a fresh database (migrated to head, bundled words) gets today's
word and a past day's word. A front-end account with the wordle_player role and
`player_names = any` plays for every client, as a web front end would. Each client opens one
connection and, until the run's time is up, starts a game as a new player and plays six
guesses (none is the answer, so every game is lost on its sixth try): every call is a
recorded attempt. Scenarios:

- new players today: each game is a new player's first game of the day (the morning rush);
- existing players, past days: the players of the first scenario play the puzzles of the
  past days (archive games), one after another, so no player row is created.

The floor is measured in the same run with the same clients: a `CALL` of a procedure that
inserts one row in its own transaction, back to back. "ratio" is recorded attempts per
second over floor calls per second: 1.0 would mean an attempt (find or create the player and
game, lock the game, check the word, score it, insert the attempt, update the game) costs no
more than the smallest write a procedure can make.

A second reference, "bare guess", is the least any guess must do, with none of the game's
rules: a procedure that locks a game row, inserts an attempt row, updates the game row,
commits and returns one row (no player, word, puzzle or hint, no checks). Its ratio to the
floor is the ceiling of what a real guess can reach on the same machine; "ratio to bare" is
a real scenario's attempts per second over bare guesses per second (issue 28's measure).

Latencies: p50 and p99 of every call, and p99 of the calls started after the first second.
Each run opens its connections and makes one untimed call of its scenario's routines on each
before the time starts: a connection's first call of a routine compiles it (5-9 ms for a new
player's first guess, against 2-3 on a warm connection), which a pool's connections have done
long before a morning's rush. Until 2026-11-26 the runs were not warmed, and at 256 clients
that compiling was most of the overall p99 (bench/log/2026-11-26.md, eighth results).

By default each client sends its next call as soon as the last returns (a closed loop: the
mean latency is then clients over rate, whatever the server). `--rate R` makes calls come due
at random instead, R a second over all clients (an open loop, as players arrive): latency
counts from when a call was due, so a server that falls behind shows it. p99 at a given rate
is what a morning's players feel. With --rate the clients are spread over processes (16 by
default, `--processes`): 256 threads of one Python process queue behind its interpreter lock,
which gave the floor itself a p99 of 850-920 ms at 600 a second. Every run at a rate prints
the floor's p99 at that rate with those connections: the run counts when it stays under 20 ms
(issue 42).

Run: .venv/bin/python bench/load.py [--clients 8,64,256] [--seconds 10] [--rounds 1]
     [--rate R] [--processes P] [--revision head]
     [--server-option=--thread-handling=one-thread-per-connection ...]
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from itertools import count

from harness import (
    GUESSES,
    PAST_DAYS,
    PROCESSES,
    STEADY,
    Tally,
    cpu_seconds,
    floor_check,
    prepare,
    private_server,
    run_clients,
    summary,
)
from sqlalchemy.engine import URL, Connection

from wordle_db import db

WARM_PLAYERS = count()  # players whose first guess warms a connection


def scenarios(
    front: URL,
    clients: int,
    seconds: float,
    today: date,
    rounds: int = 1,
    server_pid: int | None = None,
    rate: float | None = None,
    processes: int = 1,
) -> list[str]:
    """The table's rows for `clients`: floor, bare guess, new players, existing players, each
    run `rounds` times in turn for seconds / rounds (the machine's speed drifts within a
    minute; taking turns puts the same drift in each ratio) and the rounds added up. With
    `server_pid`, the server's CPU a call too (/proc: Linux). With `rate`, every scenario
    gets calls at that rate (see run) and the ratios, of equal rates, are left out."""
    # shared with the client processes: games[n], client n's games so far; replays[n][d], the
    # next of its players to play past day d
    games = multiprocessing.Array("i", clients, lock=False)
    replays = [
        multiprocessing.Array("i", [1] * (PAST_DAYS + 1), lock=False) for _ in range(clients)
    ]

    def floor_calls(_n: int, call: Callable[[str, tuple[object, ...]], None]) -> None:
        call("bench_floor", ())

    def bare_guesses(n: int, call: Callable[[str, tuple[object, ...]], None]) -> None:
        call("bench_bare_guess", (n, GUESSES[0]))

    def new_players(n: int, call: Callable[[str, tuple[object, ...]], None]) -> None:
        games[n] += 1
        for guess in GUESSES:
            call("wordle_play", (f"c{clients}_{n}_{games[n]}", guess, None, None))

    def existing_players(n: int, call: Callable[[str, tuple[object, ...]], None]) -> None:
        # the first past day with a player of this client's yet to play it (new players come
        # with each round of new_players)
        past = next((d for d in range(1, PAST_DAYS + 1) if replays[n][d] <= games[n]), None)
        if past is None:
            time.sleep(0.05)  # this client's players have played every past day
            return
        player = replays[n][past]
        replays[n][past] += 1
        for guess in GUESSES:
            call("wordle_play", (f"c{clients}_{n}_{player}", guess, today - timedelta(past), None))

    works = (floor_calls, bare_guesses, new_players, existing_players)

    # Each run opens new connections, and a connection's first call of a routine compiles it
    # (a new player's first guess on a new connection: 5-9 ms instead of 2-3): one call of its
    # scenario's routines first, untimed, as a pool's connections have made before the rush.
    def warm_play(conn: Connection, _n: int) -> None:  # a new player's first guess
        player = f"warm{os.getpid()}_{next(WARM_PLAYERS)}"  # client processes count apart
        db.call(conn, "wordle_play", player, GUESSES[0], None, None)

    warm_ups = (
        lambda conn, _n: db.call(conn, "bench_floor"),
        lambda conn, n: db.call(conn, "bench_bare_guess", n, GUESSES[0]),
        warm_play,
        warm_play,
    )
    tallies = [Tally() for _ in works]
    per_round: list[list[int]] = []
    for _ in range(rounds):
        counts = []
        for work, tally, warm in zip(works, tallies, warm_ups, strict=True):
            done = run_clients(
                clients,
                seconds / rounds,
                front,
                work,
                rate,
                warm,
                partial(cpu_seconds, server_pid) if server_pid else None,
                processes,
            )
            tally.extend(done)
            counts.append(len(done.latencies))
        per_round.append(counts)
    floor_tally, bare = tallies[:2]
    floor = len(floor_tally.latencies) / seconds

    def to_bare(k: int) -> str:  # issue 28's measure: real guesses over bare ones
        if k < 2 or rate:
            return " - |"
        ratio = len(tallies[k].latencies) / max(len(bare.latencies), 1)
        if rounds == 1:
            return f" {ratio:.2f} |"
        each = [counts[k] / max(counts[1], 1) for counts in per_round]
        return f" {ratio:.2f} ({min(each):.2f}-{max(each):.2f}) |"

    def cpu(k: int) -> str:  # the server's CPU a call, in µs
        calls = len(tallies[k].latencies) + len(tallies[k].errors)
        micros = tallies[k].clock_seconds / max(calls, 1) * 1e6
        return f" {micros:,.0f} |" if server_pid else " - |"

    names = (
        "floor: one-row insert",
        "bare guess: lock, insert, update",
        "new players, today",
        "existing players, past days",
    )
    return [
        *(
            summary(name, clients, seconds, tally, None if k == 0 or rate else floor)
            + to_bare(k)
            + cpu(k)
            for k, (name, tally) in enumerate(zip(names, tallies, strict=True))
        ),
        *(
            f"|   error: {e} | | | | | | | | | |"
            for e in sorted({e for tally in tallies for e in tally.errors})
        ),
        *([floor_check(floor_tally)] if rate else []),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="8,64,256")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="run the scenarios in turn this many times, seconds / rounds "
        "each, and add them up (the ratio's column then also gives the "
        "rounds' lowest and highest)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        help="calls a second arriving at random over all clients (an open "
        "loop: p99 at a given morning's rate) instead of back to back",
    )
    parser.add_argument(
        "--processes",
        type=int,
        help="client processes the connections are spread over (threads within each). "
        f"Default: with --rate {PROCESSES}, since one Python process's interpreter lock would "
        "queue 256 clients' answers; without, 1, the setting of the guard's reference ratios "
        "(more processes make the cheap calls faster, the bare guess most)",
    )
    parser.add_argument(
        "--revision",
        default="head",
        help="migrate the bench database to this revision (e.g. an earlier one to compare)",
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        metavar="OPTION",
        help="a mariadbd option for the bench server (repeatable), e.g. "
        "--server-option=--thread-handling=one-thread-per-connection",
    )
    args = parser.parse_args()
    with private_server(tuple(args.server_option)) as server:
        url = db.parse_url(server.url("wordle_bench"))
        front = prepare(url, args.revision)
        with db.connect(url) as conn:
            today = db.scalar(conn, "SELECT wordle_today()")
        print(
            f"| scenario | clients | calls/s | p50 ms | p99 ms | {STEADY} | errors "
            "| ratio to floor | ratio to bare | server µs a call |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for clients in (int(c) for c in args.clients.split(",")):
            print(f"running {clients} clients", file=sys.stderr)
            for line in scenarios(
                front,
                clients,
                args.seconds,
                today,
                args.rounds,
                server.pid(),
                args.rate,
                args.processes or (PROCESSES if args.rate else 1),
            ):
                print(line, flush=True)


if __name__ == "__main__":
    main()
