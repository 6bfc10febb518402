"""Candidate hint functions against wordle_hint and the naive one, on all of bench/hints.py's
100,000 pairs and on its two kinds: the pairs with a repeated present letter (wordle_hint's
long way) and the others (issue 42). Each FILE holds one `CREATE OR REPLACE FUNCTION name(...)`;
each candidate is first compared with wordle_hint on every pair. Prints µs of the server's CPU
a call (schedstat; scan and CRC32 included), medians of 5 rounds in turn.
Findings in bench/log/2026-11-28.md. Run: .venv/bin/python bench/research/hint-candidates.py
FILE.sql [FILE.sql ...]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import private_server
from hints import NAIVE_HINT, build_pairs, time_function

from wordle_db import db, schema, words

REPEATED = "REGEXP_REPLACE(guess, CONCAT('[^', answer, ']'), '0') REGEXP '([^0]).*\\\\1'"
KINDS = {"all": "TRUE", "repeated": REPEATED, "others": f"NOT ({REPEATED})"}


def main() -> None:
    texts = [Path(f).read_text() for f in sys.argv[1:]]
    names = [t.split("FUNCTION ", 1)[1].split("(", 1)[0].strip() for t in texts]
    with private_server() as server:
        url = db.parse_url(server.url("bench"))
        schema.migrate(url)
        pid = server.pid()
        assert pid is not None
        with db.connect(url) as conn:
            words.load_bundled(conn)
            conn.exec_driver_sql(NAIVE_HINT)
            for text in texts:
                conn.exec_driver_sql(text)
            build_pairs(conn, 100_000)
            for name in names:
                differ = db.scalar(
                    conn,
                    f"SELECT COUNT(*) FROM pairs WHERE CAST({name}(answer, guess) AS BINARY)"
                    " <> CAST(wordle_hint(answer, guess) AS BINARY)",
                )
                print(f"{name} differs from wordle_hint on {differ} pairs")
            conn.exec_driver_sql("RENAME TABLE pairs TO all_pairs")
            functions = ["naive_hint", "wordle_hint", *names]
            for kind, where in KINDS.items():
                conn.exec_driver_sql("DROP TABLE IF EXISTS pairs")
                conn.exec_driver_sql(f"CREATE TABLE pairs AS SELECT * FROM all_pairs WHERE {where}")
                count = db.scalar(conn, "SELECT COUNT(*) FROM pairs")
                times: dict[str, list[float]] = {f: [] for f in functions}
                for _ in range(5):
                    for f in functions:
                        times[f].append(time_function(conn, f, pid))
                cells = [f"{f} {statistics.median(times[f]) / count * 1e6:5.2f}" for f in functions]
                print(f"{kind:8} {count:6} pairs  " + "  ".join(cells))


if __name__ == "__main__":
    main()
