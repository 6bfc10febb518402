"""What a hint costs, part by part (issue 42: wordle_hint 1.5 times as fast as naive_hint).

The server's CPU (schedstat) per call over bench/hints.py's 100,000 pairs, 3 rounds (median):
a function that only returns (the call), wordle_hint's checks alone, one expression of the five
positions (naive_hint's rule, right only when no letter repeats in the guess), the regular
expression that finds a repeated letter, beside naive_hint and wordle_hint. Findings in
bench/log/2026-11-27.md. Run: .venv/bin/python bench/research/hint-parts.py
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import private_server, thread_cpu_seconds
from hints import NAIVE_HINT, build_pairs

from wordle_db import db, schema, words

PAIRS = 100_000
WORD = "VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin"
HEAD = f"(answer {WORD}, guess {WORD}) RETURNS {WORD} DETERMINISTIC NO SQL SQL SECURITY INVOKER"
POSITION = (
    "IF(SUBSTRING(guess, {i}, 1) = SUBSTRING(answer, {i}, 1), '2', "
    "IF(LOCATE(SUBSTRING(guess, {i}, 1), answer) > 0, '1', '0'))"
)
PARTS = {
    "h_call": "RETURN guess",
    "h_checks": """BEGIN
  IF answer IS NULL OR guess IS NULL THEN RETURN NULL; END IF;
  SET answer = LOWER(answer), guess = LOWER(guess);
  IF CONCAT(answer, guess) NOT REGEXP '^[\\\\p{L}\\\\p{M}]+$' THEN SIGNAL SQLSTATE 'WD001'; END IF;
  IF CHAR_LENGTH(answer) <> CHAR_LENGTH(guess) THEN SIGNAL SQLSTATE 'WD002'; END IF;
  RETURN guess;
END""",
    "h_five_positions": "RETURN CONCAT("
    + ", ".join(POSITION.format(i=i) for i in range(1, 6))
    + ")",
    "h_repeated_letter": "RETURN guess REGEXP '(.).*\\\\1'",
}


def main() -> None:
    with private_server() as server:
        url = db.parse_url(server.url("bench"))
        schema.migrate(url)
        pid = server.pid()
        assert pid is not None, "the bench server is not running"
        with db.connect(url) as conn:
            words.load_bundled(conn)
            conn.exec_driver_sql(NAIVE_HINT)
            for name, body in PARTS.items():
                conn.exec_driver_sql(f"CREATE OR REPLACE FUNCTION {name}{HEAD} {body}")
            build_pairs(conn, PAIRS)
            functions = ["naive_hint", "wordle_hint", *PARTS]
            times: dict[str, list[float]] = {f: [] for f in functions}
            for rounds in range(4):  # the first warms the pages and the routines' caches
                for function in functions:
                    start = thread_cpu_seconds(pid)
                    db.scalar(conn, f"SELECT SUM(CRC32({function}(answer, guess))) FROM pairs")
                    if rounds:
                        times[function].append(thread_cpu_seconds(pid) - start)
    for function in functions:
        print(f"{function:<18} {statistics.median(times[function]) / PAIRS * 1e6:6.2f} µs a call")


if __name__ == "__main__":
    main()
