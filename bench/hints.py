"""Speed of the stored function wordle_hint(answer, guess) against a naive LOCATE-based one.

Both functions score the same random (answer word, accepted word) pairs, drawn with a fixed
seed from the bundled English lists, on one private MariaDB server. Each round times
`SELECT SUM(CRC32(f(answer, guess))) FROM pairs` once per function, alternating them; the
figures are the medians over the rounds. The naive function marks every guess letter found
anywhere in the answer as 1 and so gets repeated letters wrong (answer BOSSY, guess SASSY gives
10222, not 00222): it is the usual first attempt, a speed baseline only.

Read: "µs/call" is the server's CPU time for one call (scan and CRC32 included), from
/proc's schedstat of mariadbd's threads: on a shared machine it moves much less than the wall
time. The
ratio is naive time / wordle_hint time: 1.0 or more means wordle_hint, correct, is at least as
fast as the naive function; 0.5 means it takes twice as long. "wrong" counts the pairs where
the naive hint differs from wordle_hint.

`--against REV` also times the wordle_hint that migration REV installed (from sql/ or
migrations/replaced/, created as wordle_hint_REV), in turn with the others: a change of the
function measured against its previous text in one run.

Run: .venv/bin/python bench/hints.py [--pairs 200000] [--rounds 5] [--against 0036]
"""

from __future__ import annotations

import argparse
import random
import statistics

from harness import private_server, thread_cpu_seconds
from sqlalchemy.engine import Connection

from wordle_db import db, schema, sqlfiles, words

SEED = 20261121
BATCH = 20_000

NAIVE_HINT = """\
CREATE OR REPLACE FUNCTION naive_hint(answer VARCHAR(32), guess VARCHAR(32)) RETURNS VARCHAR(32) DETERMINISTIC NO SQL
BEGIN
  DECLARE result VARCHAR(32) DEFAULT '';
  DECLARE i INT DEFAULT 1;
  WHILE i <= CHAR_LENGTH(guess) DO
    IF SUBSTRING(guess, i, 1) = SUBSTRING(answer, i, 1) THEN SET result = CONCAT(result, '2');
    ELSEIF LOCATE(SUBSTRING(guess, i, 1), answer) > 0 THEN SET result = CONCAT(result, '1');
    ELSE SET result = CONCAT(result, '0');
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN result;
END"""  # noqa: E501  (the baseline exactly as written, untouched)

PAIRS_TABLE = """\
CREATE OR REPLACE TABLE pairs (
  id INT PRIMARY KEY,
  answer VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  guess VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL
) ENGINE=InnoDB"""

FUNCTIONS = ("wordle_hint", "naive_hint")


def build_pairs(conn: Connection, count: int) -> None:
    """`count` random (answer word, accepted word) pairs, the same for a given seed."""
    answers = [
        r["word"]
        for r in db.query(
            conn,
            "SELECT word FROM words WHERE id IN "
            "(SELECT word_id FROM channel_words WHERE is_answer) ORDER BY id",
        )
    ]
    accepted = [r["word"] for r in db.query(conn, "SELECT word FROM words ORDER BY id")]
    rng = random.Random(SEED)
    rows = [(i, rng.choice(answers), rng.choice(accepted)) for i in range(1, count + 1)]
    conn.exec_driver_sql(PAIRS_TABLE)
    for start in range(0, len(rows), BATCH):
        db.executemany(
            conn,
            "INSERT INTO pairs (id, answer, guess) VALUES (?, ?, ?)",
            rows[start : start + BATCH],
        )


def time_function(conn: Connection, function: str, server: int) -> float:
    """The server's CPU seconds for one scan of `pairs` that calls `function` on every row."""
    sql = f"SELECT SUM(CRC32({function}(answer, guess))) FROM pairs"
    start = thread_cpu_seconds(server)
    db.scalar(conn, sql)
    return thread_cpu_seconds(server) - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200_000, help="word pairs (default 200000)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument(
        "--against", metavar="REV", help="also the wordle_hint of migration REV (wordle_hint_REV)"
    )
    args = parser.parse_args()
    functions = FUNCTIONS + ((f"wordle_hint_{args.against}",) if args.against else ())

    with private_server() as server:
        url = db.parse_url(server.url("bench"))
        schema.migrate(url)
        pid = server.pid()
        assert pid is not None, "the bench server is not running"
        with db.connect(url) as conn:
            words.load_bundled(conn)
            conn.exec_driver_sql(NAIVE_HINT)
            if args.against:
                text = sqlfiles.load("wordle_hint", args.against).text
                conn.exec_driver_sql(
                    text.replace("FUNCTION wordle_hint(", f"FUNCTION {functions[-1]}(")
                )
            build_pairs(conn, args.pairs)
            pairs = int(db.scalar(conn, "SELECT COUNT(*) FROM pairs"))
            wrong = int(
                db.scalar(
                    conn,
                    "SELECT COUNT(*) FROM pairs WHERE CAST(naive_hint(answer, guess) AS BINARY)"
                    " <> CAST(wordle_hint(answer, guess) AS BINARY)",
                )
            )  # this scan also warms the buffer pool and both routines' caches
            if args.against:  # the same hints, or the comparison means nothing
                differ = db.scalar(
                    conn,
                    f"SELECT COUNT(*) FROM pairs WHERE CAST({functions[-1]}(answer, guess) AS "
                    "BINARY) <> CAST(wordle_hint(answer, guess) AS BINARY)",
                )
                print(f"{functions[-1]} differs from wordle_hint on {differ} pairs")
            times: dict[str, list[float]] = {f: [] for f in functions}
            for _ in range(args.rounds):
                for function in functions:
                    times[function].append(time_function(conn, function, pid))

    median = {f: statistics.median(t) for f, t in times.items()}
    print(f"{pairs:,} pairs, {args.rounds} rounds (median), MariaDB private server")
    print(f"{'function':<16} {'median CPU s':>12} {'µs/call':>8} {'min s':>7} {'max s':>7}")
    for function in functions:
        t, mid = times[function], median[function]
        print(
            f"{function:<16} {mid:>12.3f} {mid / pairs * 1e6:>8.2f} {min(t):>7.3f} {max(t):>7.3f}"
        )
    ratio = median["naive_hint"] / median["wordle_hint"]
    print(f"ratio naive_hint / wordle_hint: {ratio:.2f} (>= 1.0: wordle_hint at least as fast)")
    if args.against:
        previous = median[functions[-1]] / median["wordle_hint"]
        print(f"ratio {functions[-1]} / wordle_hint: {previous:.2f} (> 1.0: the new text faster)")
    print(f"naive_hint wrong on {wrong:,} of {pairs:,} pairs ({wrong / pairs:.1%})")


if __name__ == "__main__":
    main()
