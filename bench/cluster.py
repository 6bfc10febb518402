"""Publication and play through a three-node Galera cluster against one plain server.

In the same run: a private single MariaDB server (bench/_server.py) and a three-node Galera
cluster on loopback (wordle_db.cluster, from the Debian packages galera-4 and rsync; run as
root, the nodes run as mysql). Each gets a database migrated to head with the bundled words.
The same N clients (threads, one connection each, as root) then run, for --seconds each:

- publication: every call publishes a new day (`wordle_publish`, a write), days handed out
  from a shared counter (at most 2,000: the bundled answers);
- play: each client starts a game as a new player and plays six guesses (none is the answer)
  through `wordle_play`: every call is a recorded attempt.

Targets: the single server; the cluster with the clients spread over the three nodes
(client i on node i mod 3: multi-primary writes, certification conflicts possible); the
cluster with every client on node 1 (one writer node, as a HAProxy single-writer backend
does). The table gives calls per second, p50/p99 latency, errors reaching the client and the
calls the client sent again (db.RESENT: 1213 certification conflicts absorbed).

Run: .venv/bin/python bench/cluster.py [--clients 16] [--seconds 8]
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from harness import ANSWER, GUESSES, private_server
from sqlalchemy.engine import URL, Connection

from wordle_db import cluster, db, schema, words

MAX_DAYS = 2000


def prepare(url: URL) -> date:
    schema.migrate(url)
    with db.connect(url) as conn:
        words.load_bundled(conn)
        today: date = db.scalar(conn, "SELECT wordle_today()")
        db.call(conn, "wordle_publish_word", today, ANSWER)
    return today


Work = Callable[[Connection, int], bool]


def run(
    urls: list[URL], clients: int, seconds: float, work: Work
) -> tuple[list[float], list[str], float]:
    """`clients` threads (client i on urls[i % len]) calling work(conn, i) until the time is
    up or it returns False; (latencies, errors, elapsed seconds)."""
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    ready = threading.Barrier(clients + 1)
    deadline = [0.0]

    def client(n: int) -> None:
        with db.connect(urls[n % len(urls)]) as conn:
            ready.wait()
            while time.perf_counter() < deadline[0]:
                started = time.perf_counter()
                try:
                    more = work(conn, n)
                except Exception as exc:  # counted: an error is a result here
                    with lock:
                        errors.append(str(exc).splitlines()[0][:80])
                    continue
                with lock:
                    latencies.append(time.perf_counter() - started)
                if not more:
                    return

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds
    started = time.perf_counter()
    ready.wait()
    for thread in threads:
        thread.join()
    return latencies, errors, time.perf_counter() - started


def scenarios(
    name: str, urls: list[URL], clients: int, seconds: float, today: date, tag: str
) -> list[str]:
    days = itertools.count(1)
    games = [0] * clients

    def publication(conn: Connection, _n: int) -> bool:
        day = next(days)
        if day > MAX_DAYS:
            return False
        db.call(conn, "wordle_publish", today + timedelta(day))
        return True

    def play(conn: Connection, n: int) -> bool:
        games[n] += 1
        player = f"{tag}_{n}_{games[n]}"
        for guess in GUESSES:
            db.call(conn, "wordle_play", player, guess, None, None)
        return True

    lines = []
    for label, work, calls in (("publication", publication, 1), ("play", play, 6)):
        db.RESENT.clear()
        latencies, errors, elapsed = run(urls, clients, seconds, work)
        done = len(latencies) * calls
        p50 = statistics.median(latencies) / calls * 1000 if latencies else float("nan")
        p99 = sorted(latencies)[int(len(latencies) * 0.99)] / calls * 1000 if latencies else 0
        lines.append(
            f"| {name} | {label} | {clients} | {done / elapsed:,.0f} | {p50:.1f} | "
            f"{p99:.1f} | {len(errors)} | {sum(db.RESENT.values())} |"
        )
        lines += [f"|   error: {e} | | | | | | | |" for e in sorted(set(errors))[:3]]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    problem = cluster.missing()
    if problem:
        sys.exit(problem)
    print("| target | work | clients | calls/s | p50 ms/call | p99 ms/call | errors | resent |")
    print("|---|---|---|---|---|---|---|---|")
    with private_server() as server:
        url = db.parse_url(server.url("wordle_bench"))
        today = prepare(url)
        print("single server", file=sys.stderr)
        for line in scenarios("one server", [url], args.clients, args.seconds, today, "s"):
            print(line, flush=True)
    home = Path(tempfile.mkdtemp(prefix="wordle-bench-galera-"))
    print("starting the cluster", file=sys.stderr)
    galera = cluster.start_cluster(home)
    try:
        for name, spread, tag in (
            ("3 nodes, clients on all", 3, "a"),
            ("3 nodes, clients on node 1", 1, "o"),
        ):
            nodes = [db.parse_url(n.url(f"wordle_bench_{tag}")) for n in galera.nodes]
            today = prepare(nodes[0])  # a database of its own: the same days to publish
            print(name, file=sys.stderr)
            for line in scenarios(name, nodes[:spread], args.clients, args.seconds, today, tag):
                print(line, flush=True)
    finally:
        galera.kill()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
