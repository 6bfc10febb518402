"""What the safe views cost analytics: TEMPTABLE and masked, beside plain MERGE views.

On one private MariaDB server, a fresh database (migrated to head, bundled words) gets
--days past puzzles, --players players who each played every one of those days, and four
attempts per game, written directly as root. The baseline is the views as they were before
migration 0006 (`ALGORITHM = MERGE`, no masks: fast, but a caller's predicate runs on hidden
rows and a locking read locks the game), created under other names in the same database from
their text of migration 0004 (PLAIN_TEXT below: the history before release 0.1.0 is
squashed). Each query runs on both, as a reader account would, in autocommit mode; the
medians of --rounds runs are reported in ms, with the ratio safe/plain.

Run: .venv/bin/python bench/views.py [--days 60] [--players 2000] [--rounds 5]
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import timedelta

from harness import private_server
from sqlalchemy.engine import URL, Connection

from wordle_db import db, roles, schema, words

QUERIES = [
    ("count every attempt", "SELECT COUNT(*) FROM {attempts}"),
    ("attempts per day", "SELECT day, COUNT(*) FROM {attempts} GROUP BY day"),
    ("one day's games", "SELECT COUNT(*), AVG(attempts) FROM {games} WHERE day = '{day}'"),
    ("one player's games", "SELECT * FROM {games} WHERE player = 'p42' ORDER BY day"),
    ("win rate per day", "SELECT day, AVG(state = 'won') FROM {games} GROUP BY day"),
    ("past puzzles", "SELECT day, number, word FROM {puzzles} ORDER BY day DESC LIMIT 7"),
]
SAFE = {"attempts": "past_attempts", "games": "past_games", "puzzles": "past_puzzles"}
PLAIN = {
    "attempts": "plain_past_attempts",
    "games": "plain_past_games",
    "puzzles": "plain_past_puzzles",
}
# The views as migration 0004 made them (git show v0.1.0:sql/history/past_*.0004.sql).
PLAIN_TEXT = {
    "attempts": """CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER
VIEW {name} AS
SELECT pl.name AS player, g.day, a.attempt, a.guess, a.hint, a.played_at
FROM attempts a JOIN games g ON g.id = a.game_id JOIN players pl ON pl.id = g.player_id
WHERE g.day < wordle_today()""",
    "games": """CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER
VIEW {name} AS
SELECT pl.name AS player, g.day, wordle_puzzle_number(g.day) AS number, g.state, g.hard,
       g.attempts, g.max_tries, g.revealed AS letters_revealed, g.started_at, g.finished_at
FROM games g JOIN players pl ON pl.id = g.player_id
WHERE g.day < wordle_today()""",
    "puzzles": """CREATE OR REPLACE DEFINER = 'wordle_owner'@'localhost' SQL SECURITY DEFINER
VIEW {name} AS
SELECT p.day, wordle_puzzle_number(p.day) AS number, w.word, p.picked
FROM puzzles p JOIN words w ON w.id = p.word_id
WHERE p.day < wordle_today()""",
}


def fill(conn: Connection, days: int, players: int) -> str:
    """Past puzzles, players, games and attempts; returns a day in the middle."""
    today = db.scalar(conn, "SELECT wordle_today()")
    for offset in range(days, 0, -1):
        db.call(conn, "wordle_publish", today - timedelta(offset))
    conn.exec_driver_sql(
        f"INSERT INTO players (name, account) SELECT CONCAT('p', seq), 'bench' "
        f"FROM seq_1_to_{players}"
    )
    conn.exec_driver_sql(
        "INSERT INTO games (player_id, channel_id, day, state, attempts, max_tries, finished_at) "
        "SELECT pl.id, pz.channel_id, pz.day, IF(pl.id % 3 = 0, 'lost', 'won'), 4, 6, pz.day "
        f"FROM players pl JOIN puzzles pz ON pz.day < '{today}'"
    )
    conn.exec_driver_sql(
        "INSERT INTO attempts (game_id, attempt, guess, hint) "
        "SELECT g.id, s.seq, ELT(s.seq, 'slate', 'pious', 'dumpy', 'chewy'), '00000' "
        "FROM games g JOIN seq_1_to_4 s"
    )
    for view in SAFE:
        conn.exec_driver_sql(PLAIN_TEXT[view].format(name=PLAIN[view]))
    return str(today - timedelta(days // 2))


def timed(conn: Connection, sql: str, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        db.query(conn, sql)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with private_server() as server:
        url: URL = db.parse_url(server.url("wordle_bench"))
        schema.migrate(url)
        with db.connect(url) as conn:
            words.load_bundled(conn)
            print("filling", file=sys.stderr)
            day = fill(conn, args.days, args.players)
            attempts = db.scalar(conn, "SELECT COUNT(*) FROM attempts")
            roles.grant(conn, "reader", "bench_reader@localhost", "bench-password")
            for view in PLAIN.values():
                conn.exec_driver_sql(
                    f"GRANT SELECT ON `{url.database}`.{view} TO 'bench_reader'@'localhost'"
                )
        reader = url.set(username="bench_reader", password="bench-password")
        print(
            f"{args.days} days, {args.players} players, {attempts:,} attempts; "
            f"median of {args.rounds} runs as a reader"
        )
        print("| query | plain MERGE view ms | TEMPTABLE, masked ms | ratio |")
        print("|---|---|---|---|")
        with db.connect(reader) as conn:
            for name, template in QUERIES:
                plain = timed(conn, template.format(day=day, **PLAIN), args.rounds)
                safe = timed(conn, template.format(day=day, **SAFE), args.rounds)
                print(f"| {name} | {plain:.1f} | {safe:.1f} | {safe / plain:.2f} |", flush=True)


if __name__ == "__main__":
    main()
