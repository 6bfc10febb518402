"""What a statement costs in a real call: the server's CPU time per `CALL` of small procedures.

statements.py times statements in a loop inside one call; here each procedure is called
`--calls` times from one client and the server's CPU time per call (utime + stime of mariadbd,
as cpu.py reads it) is printed: an empty procedure, 1 to 16 one-row key lookups, a nested
`CALL`, result rows of 3 and 9 columns, and `wordle_play` (new players' games of six guesses)
for comparison. The difference between two lines is what the extra statements cost where a
guess runs them. Linux only (/proc).
Run: .venv/bin/python bench/research/guess-cost/percall.py [--calls 3000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import GUESSES, WORD, cpu_seconds, prepare, private_server

from wordle_db import db

DECLARE = f"""DECLARE v INT; DECLARE v_day DATE DEFAULT CURDATE();
  DECLARE v_number, v_attempts, v_max INT DEFAULT 3;
  DECLARE v_guess, v_answer {WORD} DEFAULT 'slate';
  DECLARE v_hint VARCHAR(32) CHARACTER SET ascii DEFAULT '01020';
  DECLARE v_state VARCHAR(10) DEFAULT 'playing'; DECLARE v_hard BOOLEAN DEFAULT FALSE;"""
LOOKUP = "SELECT attempts INTO v FROM bench_games WHERE id = 5;"
BODIES = {
    "empty": "DO 0;",
    "one key lookup": LOOKUP,
    "4 key lookups": LOOKUP * 4,
    "8 key lookups": LOOKUP * 8,
    "16 key lookups": LOOKUP * 16,
    "a nested CALL of the one-lookup procedure": "CALL percall_1();",
    "a result row, 3 columns (the bare guess's)": "SELECT 5 AS game, v_attempts + 1 AS attempt, "
    "v_guess AS guess;",
    "a result row, 9 columns (the guess's)": """SELECT v_day AS day, v_number AS number,
      v_attempts AS attempt, v_guess AS guess, v_hint AS hint, v_state AS state,
      v_hard AS hard, v_max AS max_tries, IF(v_state = 'playing', NULL, v_answer) AS answer;""",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with private_server() as server:
        url = db.parse_url(server.url("wordle_bench"))
        prepare(url, "head")
        pid = server.pid()
        assert pid is not None
        with db.connect(url) as conn:
            for n, body in enumerate(BODIES.values()):
                conn.exec_driver_sql(
                    f"CREATE OR REPLACE PROCEDURE percall_{n}() BEGIN {DECLARE} {body} END"
                )
            print("| round | procedure | server CPU µs per CALL |")
            print("|---|---|---|")
            for round_ in range(1, args.rounds + 1):
                for n, name in enumerate(BODIES):
                    cpu = cpu_seconds(pid)
                    for _ in range(args.calls):
                        db.call(conn, f"percall_{n}")
                    print(
                        f"| {round_} | {name} | "
                        f"{(cpu_seconds(pid) - cpu) / args.calls * 1e6:,.0f} |",
                        flush=True,
                    )
                cpu, calls = cpu_seconds(pid), 0
                for game in range(args.calls // len(GUESSES)):
                    for word in GUESSES:
                        db.call(conn, "wordle_play", f"percall{round_}g{game}", word, None, None)
                        calls += 1
                print(
                    f"| {round_} | wordle_play (new players) | "
                    f"{(cpu_seconds(pid) - cpu) / calls * 1e6:,.0f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
