"""What the benchmarks share; not a benchmark itself.

- private_server(): a MariaDB server of its own in a temporary directory, removed afterwards;
- cpu_seconds(), thread_cpu_seconds(): a process's CPU time from /proc (Linux);
- prepare(): the bench database (today's answer, 30 past days', the floor and the bare guess as
  procedures) and a front-end account that plays for every client;
- ANSWER, GUESSES (six words, none of them an answer), WORD (a word parameter's SQL type);
- run(), run_clients(): client threads calling until the time is up, each call timed into a
  Tally; summary(): a Tally as a row of the tables the benchmarks print;
- play(), swap(): a guess's server CPU over new players' games, and routines replaced by
  variants (the probes of bench/research/guess-cost/).

A script in bench/ imports it by name (Python puts the script's folder on sys.path); a script
in a folder under bench/ puts bench/ on sys.path first.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL, Connection, Engine

from wordle_db import db, roles, schema, words
from wordle_db.server import LocalServer


@contextmanager
def private_server(options: tuple[str, ...] = ()) -> Iterator[LocalServer]:
    """`options`: more mariadbd options (e.g. --thread-handling=one-thread-per-connection)."""
    home = Path(tempfile.mkdtemp(prefix="wordle-bench-"))
    server = LocalServer(home, options)
    try:
        server.install()
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time (utime + stime, in clock ticks of 10 ms): every thread's, those
    that ended included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def thread_cpu_seconds(pid: int) -> float:
    """The server's CPU time in ns precision, for short measurements (the research probes):
    the sum of its threads' schedstat, where cpu_seconds counts 10 ms ticks. A thread that ends
    meanwhile takes its time along: the thread pool keeps its threads over a second."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with suppress(FileNotFoundError, ProcessLookupError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


ANSWER = "crane"
PAST_DAYS = 30
WORD = "VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin"  # a word parameter's type
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


PROCESSES = 16  # client processes a run's connections are spread over by default
FLOOR_P99 = 20  # ms: a run at a rate counts when the floor's p99 stays under it (issue 42)
STEADY_AFTER = 1.0  # seconds: every client starts at once; the first calls queue behind them all
STEADY = "p99 ms after 1 s"
Timed = Callable[[Callable[[], object]], None]  # timed(f): calls f, counts it


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    started: list[float] = field(default_factory=list)  # each call's start, in the run's seconds
    errors: list[str] = field(default_factory=list)
    # at a rate, for each call whose client was idle: how late its thread woke to send it (the
    # generator's own delay: the machine's other load, the interpreter lock)
    lags: list[float] = field(default_factory=list)
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
            self.lags += other.lags
            self.clock_seconds += other.clock_seconds


def run(
    clients: int,
    seconds: float,
    open_client: Callable[[int], object],
    work: Callable[[int, object, Timed], None],
    rate: float | None = None,
    clock: Callable[[], float] | None = None,
    processes: int = 1,
) -> Tally:
    """`clients` threads, each with `open_client(n)`, calling `work(n, client, timed)` until
    the time is up; `timed(f)` calls f and counts it (an exception is an error).
    With `rate`, calls come due at random (a Poisson process of `rate` a second over all
    clients) instead of back to back: each waits for its moment, and its latency counts from
    that moment, so a client still busy with its last call makes the next one late and the
    wait is counted (an open loop, as players arrive; no coordinated omission). `clock()`
    (e.g. the server's CPU seconds) is read when the time starts and when the clients are done;
    the difference goes to the tally.
    `processes` > 1 spreads the clients over that many processes (client n in process n mod
    processes), so that the clients' own Python (one interpreter lock a process) does not
    queue their calls: the generator is not the bottleneck it measures. The processes are
    forked: `open_client` and `work` come along, and what they change stays in the child
    unless it lives in shared memory (multiprocessing.Array)."""
    if processes <= 1 or clients < 2:
        return _threads(range(clients), clients, seconds, open_client, work, rate, clock)
    processes = min(processes, clients)
    context = multiprocessing.get_context("fork")
    ready, go, begun = context.Barrier(processes + 1), context.Event(), context.Value("d", 0.0)

    def start() -> float:  # in a child, its clients ready: wait for every other child's
        ready.wait()
        go.wait()
        return float(begun.value)

    children = []
    for k in range(processes):
        reader, writer = context.Pipe(duplex=False)

        def child(numbers: range = range(k, clients, processes), out: Any = writer) -> None:
            sys.setswitchinterval(0.0005)  # a thread whose answer came waits less for the GIL
            done = _threads(numbers, clients, seconds, open_client, work, rate, None, start)
            out.send((done.latencies, done.started, done.errors, done.lags))

        process = context.Process(target=child, daemon=True)
        process.start()
        children.append((process, reader))
    try:
        ready.wait(timeout=300)  # every child's clients connected (and warmed)
    except threading.BrokenBarrierError:
        raise SystemExit("a client process did not start (its error is above)") from None
    begun.value = time.perf_counter()  # one clock for all (CLOCK_MONOTONIC)
    started = clock() if clock else 0.0
    go.set()
    tally = Tally()
    for process, reader in children:
        try:
            latencies, moments, errors, lags = reader.recv()
        except EOFError:
            raise SystemExit("a client process failed (its error is above)") from None
        tally.latencies += latencies
        tally.started += moments
        tally.errors += errors
        tally.lags += lags
        process.join()
    tally.clock_seconds = clock() - started if clock else 0.0
    return tally


def _threads(
    numbers: range,
    clients: int,
    seconds: float,
    open_client: Callable[[int], object],
    work: Callable[[int, object, Timed], None],
    rate: float | None = None,
    clock: Callable[[], float] | None = None,
    start: Callable[[], float] | None = None,
) -> Tally:
    """run()'s clients `numbers` (of `clients` in all) as threads of this process. `start()`
    waits for the other processes' clients and returns the moment the time starts."""
    tally, ready, go = Tally(), threading.Barrier(len(numbers) + 1), threading.Event()
    deadline, begun = [0.0], [0.0]

    def client(n: int) -> None:
        handle = open_client(n)
        due = [0.0]

        def timed(call: Callable[[], object]) -> None:
            started = time.perf_counter()
            if rate:
                due[0] = max(due[0], begun[0]) + random.expovariate(rate / clients)
                if due[0] >= deadline[0]:  # due after the run: not made (the rate counts the
                    # run's calls); the client waits for the end instead of drawing again at
                    # once (that loop, every idle client spinning for its last quarter second,
                    # took the cores from the calls still running: the floor's p99 238-497 ms)
                    time.sleep(max(0.0, deadline[0] - time.perf_counter()))
                    return
                if due[0] > started:
                    time.sleep(due[0] - started)
                    tally.lags.append(time.perf_counter() - due[0])  # list.append: atomic
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

    threads = [threading.Thread(target=client, args=(n,)) for n in numbers]
    for thread in threads:
        thread.start()
    ready.wait()  # every client connected (and warmed): the time starts now
    begun[0] = start() if start else time.perf_counter()
    deadline[0] = begun[0] + seconds
    started = clock() if clock else 0.0
    go.set()
    for thread in threads:
        thread.join()
    tally.clock_seconds = clock() - started if clock else 0.0
    return tally


def connected(engine: Engine, warm: Callable[[Connection, int], None] | None, n: int) -> Connection:
    """Client n's new connection, warmed by `warm(connection, n)`."""
    conn = engine.connect()
    if warm:
        warm(conn, n)
    return conn


def run_clients(
    clients: int,
    seconds: float,
    url: URL,
    work: Callable[[int, Callable[[str, tuple[object, ...]], None]], None],
    rate: float | None = None,
    warm: Callable[[Connection, int], None] | None = None,
    clock: Callable[[], float] | None = None,
    processes: int = 1,
) -> Tally:
    """`clients` threads, each with its own connection, calling `work(client, call)`; each
    `call(procedure, args)` is timed (paced at `rate` calls a second over all, spread over
    `processes`: see run). `warm(connection, n)` runs on each new connection before the time
    starts."""

    def each(n: int, conn: object, timed: Timed) -> None:
        work(n, lambda procedure, args: timed(lambda: db.call(conn, procedure, *args)))

    engine = db.create_engine(url)
    try:
        return run(clients, seconds, partial(connected, engine, warm), each, rate, clock, processes)
    finally:
        engine.dispose()


def p99(latencies: list[float]) -> float:
    return sorted(latencies)[int(len(latencies) * 0.99)] if latencies else float("nan")


def floor_check(floor: Tally, name: str = "floor") -> str:
    """Whether a run at a rate counts: the floor's p99 at that rate with those connections
    says what the machine and the generator add to any call (under FLOOR_P99). Beside it, the
    p99 of how late the generator's threads woke to send the floor's calls: near the floor's
    p99, the generator (or the machine under it) made the floor's tail, not the server."""
    ms, lag = p99(floor.latencies) * 1000, p99(floor.lags) * 1000
    verdict = "the run counts" if ms < FLOOR_P99 else "the run does NOT count"
    return (
        f"|   {name}'s p99 {ms:.1f} ms at this rate: {verdict} (under {FLOOR_P99} ms); "
        f"the generator sent its calls late by p99 {lag:.1f} ms |"
    )


def summary(name: str, clients: int, seconds: float, tally: Tally, floor: float | None) -> str:
    done = len(tally.latencies)
    rate = done / seconds
    p50 = statistics.median(tally.latencies) * 1000 if done else float("nan")
    p99_all = p99(tally.latencies) * 1000
    timed = zip(tally.latencies, tally.started, strict=True)
    p99_later = p99([t for t, s in timed if s >= STEADY_AFTER]) * 1000
    ratio = f"{rate / floor:.2f}" if floor else "-"
    return (
        f"| {name} | {clients} | {rate:,.0f} | {p50:.1f} | {p99_all:.1f} | {p99_later:.1f} | "
        f"{len(tally.errors)} | {ratio} |"
    )


def play(conn: Connection, pid: int, tag: str, games: int) -> float:
    """Server CPU µs per guess (thread_cpu_seconds) over `games` new players' games of six
    guesses."""
    before = thread_cpu_seconds(pid)
    for game in range(games):
        for word in GUESSES:
            db.call(conn, "wordle_play", f"{tag}g{game}", word, None, None)
    return (thread_cpu_seconds(pid) - before) / (games * len(GUESSES)) * 1e6


def swap(owner: Connection, parts: list[tuple[str, str, str]]) -> None:
    """Each routine dropped and created from `text` (a CREATE statement, or what follows
    CREATE OR REPLACE, as in ablation.py's VARIANTS)."""
    for kind, routine, text in parts:
        owner.exec_driver_sql(f"DROP {kind} {routine}")
        owner.exec_driver_sql(
            text
            if text.startswith("CREATE")
            else f"CREATE DEFINER = 'wordle_owner'@'localhost' {text}"
        )
