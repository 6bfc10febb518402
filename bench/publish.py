"""Publication time as the answer list grows (10k, 100k, 1M words), beside ORDER BY RAND().

For each size N, on one private MariaDB server: a fresh database (migrated to head) gets N
distinct synthetic answer words (7 random lowercase letters, fixed seed) through the real import
path (wordle_import_begin, batched INSERTs into word_import, wordle_import_words(TRUE), which
also fills the answer pool); the import is timed. Then K consecutive days from tomorrow are
published with `CALL wordle_publish(day)`, and then the naive pick
`SELECT w.id FROM words w JOIN channel_words ... is_answer AND NOT EXISTS (...puzzles...)
ORDER BY RAND()
LIMIT 1` runs K times against the same data. The naive figure is the pick alone (no INSERT,
no transaction), so it flatters the baseline.

Read: "publish ms" and "RAND() ms" are means over the K runs, measured from the client (a round
trip included). "ratio" is RAND() ms / publish ms: above 1 wordle_publish is faster. The last
lines give each one's growth from the smallest to the largest size: wordle_publish picks a
random slot of the dense answer_pool, so its time should stay flat (growth near 1), while
ORDER BY RAND() scans and sorts every unpublished answer and grows with N.

Run: /tmp/ve/bin/python bench/publish.py [--sizes 10000,100000,1000000] [--days 200]
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import random
import string
import sys
import time
from dataclasses import dataclass
from datetime import date, timedelta

from harness import private_server
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, schema

SEED = 20261121
BATCH = 20_000
WORD_LENGTH = 7

NAIVE_PICK = (
    "SELECT w.id FROM words w JOIN channel_words c ON c.word_id = w.id AND c.is_answer"
    " AND NOT EXISTS (SELECT 1 FROM puzzles p WHERE p.word_id = w.id)"
    " ORDER BY RAND() LIMIT 1"
)


@dataclass
class Result:
    words: int
    load_s: float  # batched INSERTs into word_import
    merge_s: float  # CALL wordle_import_words(TRUE)
    publish_ms: float
    naive_ms: float

    @property
    def import_s(self) -> float:
        return self.load_s + self.merge_s


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def synthetic_words(count: int, rng: random.Random) -> list[str]:
    """`count` distinct strings of WORD_LENGTH random lowercase letters."""
    found: set[str] = set()
    letters = string.ascii_lowercase
    while len(found) < count:
        found.update(
            "".join(rng.choices(letters, k=WORD_LENGTH)) for _ in range(count - len(found))
        )
    return sorted(found)


def import_answers(conn: Connection, answer_words: list[str]) -> tuple[float, float]:
    """Import the words as answers the way `wordle-db words import --answers` does."""
    start = time.perf_counter()
    db.call(conn, "wordle_import_begin")
    for first in range(0, len(answer_words), BATCH):
        batch = [(first + i + 1, w) for i, w in enumerate(answer_words[first : first + BATCH])]
        db.executemany(conn, "INSERT INTO word_import (line, word) VALUES (?, ?)", batch)
        if len(answer_words) > 10 * BATCH and (first // BATCH) % 10 == 9:
            progress(f"  loaded {first + len(batch):,} of {len(answer_words):,} lines")
    loaded = time.perf_counter()
    progress("  merging: CALL wordle_import_words(TRUE)")
    (summary,) = db.call(conn, "wordle_import_words", True)
    merged = time.perf_counter()
    conn.exec_driver_sql("DROP TEMPORARY TABLE IF EXISTS word_import")
    if int(summary["answers_added"]) != len(answer_words):
        raise SystemExit(
            f"import added {summary['answers_added']} answers, not {len(answer_words)}"
        )
    return loaded - start, merged - loaded


def measure(url: URL, size: int, days: int) -> Result:
    progress(f"{size:,} words: generating")
    answer_words = synthetic_words(size, random.Random(SEED + size))
    schema.migrate(url)
    with db.connect(url) as conn:
        # the words have WORD_LENGTH letters: a channel of that length is the default here
        channels.add(conn, "bench", WORD_LENGTH)
        db.call(conn, "wordle_set_setting", "default_channel", "bench")
        progress(f"{size:,} words: importing")
        load_s, merge_s = import_answers(conn, answer_words)
        progress(f"  import took {load_s + merge_s:.1f} s (merge {merge_s:.1f} s)")
        pool = int(db.scalar(conn, "SELECT COUNT(*) FROM answer_pool"))
        if pool != size:
            raise SystemExit(f"answer_pool holds {pool:,} words, not {size:,}")
        # Two separate loops: right after a naive pick (a scan of every answer row) a publication
        # runs on cold caches and measured twice as slow at 1M words as in a row of its own.
        tomorrow = date.today() + timedelta(days=1)
        start = time.perf_counter()
        for k in range(days):
            day = tomorrow + timedelta(days=k)
            (row,) = db.call(conn, "wordle_publish", day)
            if not row["published"]:
                raise SystemExit(f"{day} was not published: {row}")
        publish_s = time.perf_counter() - start
        progress(f"  published {days} days; now {days} naive picks")
        start = time.perf_counter()
        for _ in range(days):
            db.scalar(conn, NAIVE_PICK)
        naive_s = time.perf_counter() - start
    return Result(size, load_s, merge_s, publish_s / days * 1e3, naive_s / days * 1e3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        default="10000,100000,1000000",
        help="answer-list sizes, comma-separated (default 10000,100000,1000000)",
    )
    parser.add_argument("--days", type=int, default=200, help="days published per size (200)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    results: list[Result] = []
    with private_server() as server:
        for size in sizes:
            url = db.parse_url(server.url(f"bench_{size}"))
            results.append(measure(url, size, args.days))
            with db.connect(url._replace(database=None)) as conn:
                conn.exec_driver_sql(f"DROP DATABASE bench_{size}")

    print(f"{args.days} publications per size; means; RAND() = the naive pick alone, no insert")
    print(
        f"{'words':>9} {'import s':>9} {'(merge s)':>9} {'publish ms':>10}"
        f" {'RAND() ms':>10} {'ratio':>7}"
    )
    for r in results:
        print(
            f"{r.words:>9,} {r.import_s:>9.1f} {r.merge_s:>9.1f} {r.publish_ms:>10.2f}"
            f" {r.naive_ms:>10.2f} {r.naive_ms / r.publish_ms:>7.1f}"
        )
    if len(results) > 1:
        first, last = results[0], results[-1]
        print(f"growth {first.words:,} -> {last.words:,} words:")
        print(f"  wordle_publish  x{last.publish_ms / first.publish_ms:.2f}")
        print(f"  ORDER BY RAND() x{last.naive_ms / first.naive_ms:.2f}")


if __name__ == "__main__":
    main()
