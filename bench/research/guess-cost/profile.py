"""Where a guess's time goes, per routine and per statement (issue 28).

One private server with performance_schema on; the bench database and front-end account of
load.py. One client plays `--games` new players' games of six guesses (`wordle_play`, none the
answer), then `--games` bare guesses' worth of calls as the baseline (load.py's
`bench_bare_guess`). performance_schema's statement events give, per guess:
- the time of each stored routine (events_statements_summary_by_program: calls per guess,
  time per guess including the routines it calls, and its own statements' count);
- the statements the server executed, grouped by the routine they belong to and their text
  (events_statements_history_long, nesting included), with count and time per guess.
Times are the server's own (TIMER_WAIT), not the client's; the client's time per call is
printed beside them. Single client, so the figures are costs, not throughput.
Run: .venv/bin/python bench/research/guess-cost/profile.py [--games 100] [--top 25]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import GUESSES, prepare, private_server

from wordle_db import db

OPTIONS = (
    "--performance-schema=ON",
    "--performance-schema-consumer-events-statements-current=ON",
    "--performance-schema-consumer-events-statements-history-long=ON",
    "--performance-schema-events-statements-history-long-size=1000000",
    "--performance-schema-max-program-instances=10000",
    "--performance-schema-max-statement-stack=20",
    "--performance-schema-instrument=statement/sp/%=ON",
)
PS = "performance_schema"


def reset(conn: object) -> None:
    for table in (
        "events_statements_history_long",
        "events_statements_summary_by_program",
        "events_statements_summary_by_digest",
    ):
        db.query(conn, f"TRUNCATE TABLE {PS}.{table}")


def timed_calls(front: object, calls: list[tuple[str, tuple[object, ...]]]) -> float:
    """Client seconds per call."""
    started = time.perf_counter()
    for name, args in calls:
        db.call(front, name, *args)
    return (time.perf_counter() - started) / len(calls)


def report(admin: object, thread: int, guesses: int, top: int, title: str) -> list[str]:
    per = lambda ps: float(ps) / 1e6 / guesses  # picoseconds in all -> µs per guess  # noqa: E731
    lines = [
        f"### {title}",
        "",
        "| routine | calls/guess | µs/guess (with callees) | "
        "µs/guess (own statements) | statements/guess |",
        "|---|---|---|---|---|",
    ]
    for r in db.query(
        admin,
        f"SELECT OBJECT_NAME AS name, COUNT_STAR AS calls, SUM_TIMER_WAIT "
        f"AS t, SUM_STATEMENTS_WAIT AS own, COUNT_STATEMENTS AS stmts "
        f"FROM {PS}.events_statements_summary_by_program WHERE "
        "OBJECT_SCHEMA = DATABASE() AND COUNT_STAR > 0 "
        "ORDER BY SUM_TIMER_WAIT DESC",
    ):
        lines.append(
            f"| {r['name']} | {r['calls'] / guesses:.2f} | {per(r['t']):.0f} | "
            f"{per(r['own']):.0f} | {r['stmts'] / guesses:.1f} |"
        )
    rows = db.query(
        admin,
        f"SELECT COALESCE(OBJECT_NAME, '(client)') AS routine, "
        f"LEFT(REGEXP_REPLACE(SQL_TEXT, '\\\\s+', ' '), 90) AS text, "
        f"EVENT_NAME AS kind, COUNT(*) AS n, SUM(TIMER_WAIT) AS t "
        f"FROM {PS}.events_statements_history_long WHERE THREAD_ID = ? "
        "GROUP BY routine, text, kind ORDER BY t DESC",
        thread,
    )
    total = sum(r["n"] for r in rows)
    lines += [
        "",
        f"{total / guesses:.0f} statements per guess; the {top} costliest (own "
        "time, callees included for CALLs):",
        "",
        "| routine | statement | kind | n/guess | µs/guess |",
        "|---|---|---|---|---|",
    ]
    for r in rows[:top]:
        text = (r["text"] or "").replace("|", "\\|")
        lines.append(
            f"| {r['routine']} | `{text}` | {r['kind'].rsplit('/', 1)[-1]} | "
            f"{r['n'] / guesses:.2f} | {per(r['t']):.1f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    with private_server(OPTIONS) as server:
        url = db.parse_url(server.url("wordle_bench"))
        front_url = prepare(url, "head")
        with db.connect(url) as admin, db.connect(front_url) as front:
            plays = [
                ("wordle_play", (f"p{g}", word, None, None))
                for g in range(args.games)
                for word in GUESSES
            ]
            bare = [
                ("bench_bare_guess", (g % 1000, word))
                for g in range(args.games)
                for word in GUESSES
            ]
            session = db.scalar(front, "SELECT CONNECTION_ID()")
            thread = db.scalar(
                admin, f"SELECT THREAD_ID FROM {PS}.threads WHERE PROCESSLIST_ID = ?", session
            )
            out: list[str] = []
            warm = {
                "bare guess": bare[:30],
                "wordle_play": [
                    ("wordle_play", (f"w{g}", word, None, None))
                    for g in range(5)
                    for word in GUESSES
                ],
            }
            for title, calls in (("bare guess", bare), ("wordle_play", plays)):
                timed_calls(front, warm[title])  # warm the caches, then count from zero
                reset(admin)
                client = timed_calls(front, calls)
                out += report(
                    admin,
                    thread,
                    len(calls),
                    args.top,
                    title + (" (new players, today)" if title == "wordle_play" else ""),
                )
                out += ["", f"client: {client * 1e6:.0f} µs per call", ""]
            print("\n".join(out))


if __name__ == "__main__":
    main()
