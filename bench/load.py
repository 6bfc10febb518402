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
that compiling was most of the overall p99 (bench/README.md, eighth results).

By default each client sends its next call as soon as the last returns (a closed loop: the
mean latency is then clients over rate, whatever the server). `--rate R` makes calls come due
at random instead, R a second over all clients (an open loop, as players arrive): latency
counts from when a call was due, so a server that falls behind shows it. p99 at a given rate
is what a morning's players feel.

Run: .venv/bin/python bench/load.py [--clients 8,64,256] [--seconds 10] [--rounds 1]
     [--rate R] [--revision head]
     [--server-option=--thread-handling=one-thread-per-connection ...]
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import partial
from itertools import count

from _server import cpu_seconds, private_server
from sqlalchemy.engine import URL, Connection, Engine

from wordle_db import db, roles, schema, words

ANSWER = "crane"
PAST_DAYS = 30
STEADY_AFTER = 1.0  # seconds: every client starts at once; the first calls queue behind them all
STEADY = "p99 ms after 1 s"
WARM_PLAYERS = count()  # players whose first guess warms a connection
GUESSES = ["slate", "pious", "dumpy", "chewy", "fjord", "gawky"]
PAST_WORDS = [
    "ghost",
    "abbey",
    "brave",
    "cling",
    "drawn",
    "eerie",
    "flask",
    "grind",
    "haunt",
    "irony",
    "jolly",
    "knack",
    "lemon",
    "mirth",
    "nerve",
    "olive",
    "prank",
    "quirk",
    "rival",
    "stork",
    "tango",
    "unite",
    "vivid",
    "wrath",
    "yearn",
    "zonal",
    "amber",
    "beach",
    "cider",
    "dowry",
    "elbow",
]
FLOOR = """CREATE OR REPLACE PROCEDURE bench_floor()
MODIFIES SQL DATA
BEGIN
  START TRANSACTION;
  INSERT INTO bench_rows (client) VALUES (CONNECTION_ID());
  COMMIT;
END"""
BARE_GUESS = """CREATE OR REPLACE PROCEDURE bench_bare_guess(IN p_game INT, IN p_guess VARCHAR(32))
MODIFIES SQL DATA
BEGIN
  DECLARE v_attempts INT;
  START TRANSACTION;
  SELECT attempts INTO v_attempts FROM bench_games WHERE id = p_game FOR UPDATE;
  INSERT INTO bench_attempts (game_id, attempt, guess) VALUES (p_game, v_attempts + 1, p_guess);
  UPDATE bench_games SET attempts = v_attempts + 1 WHERE id = p_game;
  COMMIT;
  SELECT p_game AS game, v_attempts + 1 AS attempt, p_guess AS guess;
END"""


Timed = Callable[[Callable[[], object]], None]  # timed(f): calls f, counts it


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    started: list[float] = field(default_factory=list)  # each call's start, in the run's seconds
    errors: list[str] = field(default_factory=list)
    clock_seconds: float = 0.0  # what run's `clock` counted while the calls ran
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, error: str | None, started: float = 0.0) -> None:
        with self.lock:
            if error is None:
                self.latencies.append(seconds)
                self.started.append(started)
            else:
                self.errors.append(error)

    def extend(self, other: Tally) -> None:
        """Adds another run's calls (each call's start stays relative to its own run)."""
        with self.lock:
            self.latencies += other.latencies
            self.started += other.started
            self.errors += other.errors
            self.clock_seconds += other.clock_seconds


def run(
    clients: int,
    seconds: float,
    open_client: Callable[[], object],
    work: Callable[[int, object, Timed], None],
    rate: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Tally:
    """`clients` threads, each with `open_client()`, calling `work(n, client, timed)` until
    the time is up; `timed(f)` calls f and counts it (an exception is an error).
    With `rate`, calls come due at random (a Poisson process of `rate` a second over all
    clients) instead of back to back: each waits for its moment, and its latency counts from
    that moment, so a client still busy with its last call makes the next one late and the
    wait is counted (an open loop, as players arrive; no coordinated omission). `clock()`
    (e.g. the server's CPU seconds) is read when the time starts and when the clients are done;
    the difference goes to the tally."""
    tally, ready, go = Tally(), threading.Barrier(clients + 1), threading.Event()
    deadline, begun = [0.0], [0.0]

    def client(n: int) -> None:
        handle = open_client()
        due = [0.0]

        def timed(call: Callable[[], object]) -> None:
            started = time.perf_counter()
            if rate:
                due[0] = max(due[0], begun[0]) + random.expovariate(rate / clients)
                if due[0] >= deadline[0]:
                    return  # due after the run: not made (the rate counts the run's calls)
                if due[0] > started:
                    time.sleep(due[0] - started)
                started = due[0]
            try:
                call()
                tally.add(time.perf_counter() - started, None, started - begun[0])
            except Exception as exc:  # counted: an error is a result here
                tally.add(0.0, str(exc).splitlines()[0][:80])

        ready.wait()
        go.wait()
        try:
            while time.perf_counter() < deadline[0]:
                work(n, handle, timed)
        finally:
            close = getattr(handle, "close", None)
            if close:
                close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    ready.wait()  # every client connected (and warmed): the time starts now
    begun[0] = time.perf_counter()
    deadline[0] = begun[0] + seconds
    started = clock() if clock else 0.0
    go.set()
    for thread in threads:
        thread.join()
    tally.clock_seconds = clock() - started if clock else 0.0
    return tally


def connected(
    engine: Engine, warm: Callable[[Connection, int], None] | None, numbers: Iterator[int]
) -> Connection:
    """A new connection, warmed by `warm(connection, n)` (n: 0, 1, ... across the run)."""
    conn = engine.connect()
    if warm:
        warm(conn, next(numbers))
    return conn


def run_clients(
    clients: int,
    seconds: float,
    url: URL,
    work: Callable[[int, Callable[[str, tuple[object, ...]], None]], None],
    rate: float | None = None,
    warm: Callable[[Connection, int], None] | None = None,
    clock: Callable[[], float] | None = None,
) -> Tally:
    """`clients` threads, each with its own connection, calling `work(client, call)`; each
    `call(procedure, args)` is timed (paced at `rate` calls a second over all: see run).
    `warm(connection, n)` runs on each new connection before the time starts."""

    def each(n: int, conn: object, timed: Timed) -> None:
        work(n, lambda procedure, args: timed(lambda: db.call(conn, procedure, *args)))

    engine = db.create_engine(url)
    try:
        return run(clients, seconds, partial(connected, engine, warm, count()), each, rate, clock)
    finally:
        engine.dispose()


def summary(name: str, clients: int, seconds: float, tally: Tally, floor: float | None) -> str:
    done = len(tally.latencies)
    rate = done / seconds
    p50 = statistics.median(tally.latencies) * 1000 if done else float("nan")
    p99 = sorted(tally.latencies)[int(done * 0.99)] * 1000 if done else float("nan")
    timed = zip(tally.latencies, tally.started, strict=True)
    later = sorted(t for t, s in timed if s >= STEADY_AFTER)
    p99_later = later[int(len(later) * 0.99)] * 1000 if later else float("nan")
    ratio = f"{rate / floor:.2f}" if floor else "-"
    return (
        f"| {name} | {clients} | {rate:,.0f} | {p50:.1f} | {p99:.1f} | {p99_later:.1f} | "
        f"{len(tally.errors)} | {ratio} |"
    )


def prepare(url: URL, revision: str) -> URL:
    """The bench database (at `revision`) and a front-end account; returns the account's URL."""
    schema.migrate(url, revision)
    with db.connect(url) as conn:
        words.load_bundled(conn)
        today = db.scalar(conn, "SELECT wordle_today()")
        for offset in range(PAST_DAYS, 0, -1):  # answers other than the guesses: six tries
            db.call(conn, "wordle_publish_word", today - timedelta(offset), PAST_WORDS[offset])
        db.call(conn, "wordle_publish_word", today, ANSWER)
        db.call(conn, "wordle_set_setting", "player_names", "any")
        conn.exec_driver_sql(
            "CREATE TABLE bench_rows (id BIGINT AUTO_INCREMENT PRIMARY KEY, "
            "client BIGINT NOT NULL) ENGINE=InnoDB"
        )
        conn.exec_driver_sql(
            "CREATE TABLE bench_games (id INT PRIMARY KEY, attempts INT NOT NULL) ENGINE=InnoDB"
        )
        conn.exec_driver_sql("INSERT INTO bench_games SELECT seq, 0 FROM seq_0_to_1023")
        conn.exec_driver_sql(
            "CREATE TABLE bench_attempts (id BIGINT AUTO_INCREMENT PRIMARY KEY, "
            "game_id INT NOT NULL, attempt INT NOT NULL, "
            "guess VARCHAR(32) NOT NULL) ENGINE=InnoDB"
        )
        conn.exec_driver_sql(FLOOR)
        conn.exec_driver_sql(BARE_GUESS)
        roles.grant(conn, "player", "bench_front@localhost", "bench-password")
        for procedure in ("bench_floor", "bench_bare_guess"):
            conn.exec_driver_sql(
                f"GRANT EXECUTE ON PROCEDURE `{url.database}`.{procedure} "
                "TO 'bench_front'@'localhost'"
            )
    return url.set(username="bench_front", password="bench-password")


def scenarios(
    front: URL,
    clients: int,
    seconds: float,
    today: date,
    rounds: int = 1,
    server_pid: int | None = None,
    rate: float | None = None,
) -> list[str]:
    """The table's rows for `clients`: floor, bare guess, new players, existing players, each
    run `rounds` times in turn for seconds / rounds (the machine's speed drifts within a
    minute; taking turns puts the same drift in each ratio) and the rounds added up. With
    `server_pid`, the server's CPU a call too (/proc: Linux). With `rate`, every scenario
    gets calls at that rate (see run) and the ratios, of equal rates, are left out."""
    games = [0] * clients
    replays = [[1] * (PAST_DAYS + 1) for _ in range(clients)]  # per past day: next player

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
        db.call(conn, "wordle_play", f"warm{next(WARM_PLAYERS)}", GUESSES[0], None, None)

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
                front, clients, args.seconds, today, args.rounds, server.pid(), args.rate
            ):
                print(line, flush=True)


if __name__ == "__main__":
    main()
