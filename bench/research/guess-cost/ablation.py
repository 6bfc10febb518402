"""What each part of a guess costs the server: the SQL guess with one part made free at a time.

cpu.py gives the server's CPU per `CALL wordle_play` as a whole; here parts of it are replaced,
one variant at a time, by the least that keeps the game's calls working (a hint that is a
constant, a session check that checks nothing, ...), and the same games are played again. The
difference from the unchanged guess, in alternating chunks of games (medians; each chunk
starts after a routine change, which empties every session's routine cache), is what that part
costs in a real call: the most that making it cheaper can save. The variants exist only in
this run's private database; nothing of them is kept.
Linux only (/proc).
Run: .venv/bin/python bench/research/guess-cost/ablation.py [--games 40] [--chunks 9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/: harness.py
from harness import WORD, play, prepare, private_server, swap
from sqlalchemy.engine import Connection

from wordle_db import db

# variant: [(kind, name, the replacement's text after CREATE OR REPLACE)]
VARIANTS: dict[str, list[tuple[str, str, str]]] = {
    "the hint (wordle_hint) a constant": [
        (
            "FUNCTION",
            "wordle_hint",
            f"FUNCTION wordle_hint(answer {WORD}, guess {WORD}) "
            f"RETURNS {WORD} DETERMINISTIC NO SQL "
            "RETURN REPEAT('0', CHAR_LENGTH(guess))",
        )
    ],
    "no session check (_wordle_session_check)": [
        ("PROCEDURE", "_wordle_session_check", "PROCEDURE _wordle_session_check() NO SQL BEGIN END")
    ],
    "a bare begin (_wordle_begin: START TRANSACTION only)": [
        (
            "PROCEDURE",
            "_wordle_begin",
            "PROCEDURE _wordle_begin() NO SQL SQL SECURITY INVOKER START TRANSACTION",
        )
    ],
    "_wordle_begin without its auto-increment SET": [
        (
            "PROCEDURE",
            "_wordle_begin",
            "PROCEDURE _wordle_begin() NO SQL SQL SECURITY INVOKER "
            "BEGIN CALL _wordle_session_check(); "
            "ROLLBACK AND NO CHAIN NO RELEASE; "
            "SET TRANSACTION ISOLATION LEVEL READ COMMITTED; "
            "START TRANSACTION READ WRITE; END",
        )
    ],
    "_wordle_begin without its ROLLBACK": [
        (
            "PROCEDURE",
            "_wordle_begin",
            "PROCEDURE _wordle_begin() NO SQL SQL SECURITY INVOKER "
            "BEGIN CALL _wordle_session_check(); "
            "SET SESSION auto_increment_increment = "
            "@@GLOBAL.auto_increment_increment, "
            "auto_increment_offset = @@GLOBAL.auto_increment_offset; "
            "SET TRANSACTION ISOLATION LEVEL READ COMMITTED; "
            "START TRANSACTION READ WRITE; END",
        )
    ],
    "today without the zone (_wordle_date_in)": [
        (
            "FUNCTION",
            "_wordle_date_in",
            "FUNCTION _wordle_date_in(p_zone VARCHAR(255)) "
            "RETURNS DATE NOT DETERMINISTIC NO SQL "
            "RETURN UTC_DATE()",
        )
    ],
}


def create_text(conn: Connection, kind: str, name: str) -> str:
    """The routine's CREATE statement as the server holds it (to put it back)."""
    row = db.query(conn, f"SHOW CREATE {kind} {name}")[0]
    return str(row[f"Create {kind.title()}"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games of six guesses per chunk")
    parser.add_argument("--chunks", type=int, default=9)
    parser.add_argument("--only", default="", help="only the variants whose name has this")
    args = parser.parse_args()
    with private_server() as server:
        url = db.parse_url(server.url("wordle_bench"))
        front_url = prepare(url, "head")
        pid = server.pid()
        assert pid is not None
        with db.connect(url) as owner, db.connect(front_url) as front:
            originals = {
                (kind, name): create_text(owner, kind, name)
                for parts in VARIANTS.values()
                for kind, name, _ in parts
            }
            every = {
                (kind, routine): text
                for name, parts in VARIANTS.items()
                for kind, routine, text in parts
                if "without its" not in name
            }
            variants = {name: parts for name, parts in VARIANTS.items() if args.only in name}
            if not args.only:
                variants["all of the above"] = [(k, n, t) for (k, n), t in every.items()]
            print("| guess | server CPU µs/guess (median) | unchanged, same run | saved |")
            print("|---|---|---|---|")
            for n, (name, parts) in enumerate(variants.items()):
                changed, unchanged = [], []
                for chunk in range(args.chunks):  # alternating, each after a routine change
                    unchanged.append(play(front, pid, f"v{n}u{chunk}", args.games))
                    swap(owner, [(kind, routine, text) for kind, routine, text in parts])
                    try:
                        changed.append(play(front, pid, f"v{n}c{chunk}", args.games))
                    finally:
                        swap(
                            owner,
                            [
                                (kind, routine, originals[(kind, routine)])
                                for kind, routine, _ in parts
                            ],
                        )
                was, now = statistics.median(unchanged), statistics.median(changed)
                print(f"| {name} | {now:,.0f} | {was:,.0f} | {was - now:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
