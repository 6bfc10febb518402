"""Two revisions' guesses, interleaved call by call: the server's CPU of each (issue 39).

Each revision gets a database of its own on one private server (harness.prepare); one client
plays the same new players' games on both, alternating which goes first, and reads the server's
CPU around every call (thread_cpu_seconds: /proc schedstat, nanoseconds), so load on the
machine falls on both alike. Prints the median and mean µs of a first and a later guess, by
`wordle_play` and by the page's `wordle_guess_on`, and B's ratio to A.
Run: .venv/bin/python bench/research/guess-cost/ab.py 0037 0038 [--games 150]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench/, for harness

from harness import GUESSES, prepare, private_server, thread_cpu_seconds

from wordle_db import db

KINDS = ("first", "later", "web first", "web later")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=150)
    args = parser.parse_args()
    revisions = (args.a, args.b)
    with private_server() as server, contextlib.ExitStack() as stack:
        conns = {
            rev: stack.enter_context(
                db.connect(prepare(db.parse_url(server.url(f"ab_{rev}")), rev))
            )
            for rev in revisions
        }
        pid = server.pid()
        samples: dict[tuple[str, str], list[float]] = {(r, k): [] for r in revisions for k in KINDS}
        for g in range(args.games):
            for web in (False, True):
                order = revisions if g % 2 == 0 else revisions[::-1]
                for i, word in enumerate(GUESSES):
                    kind = ("web " if web else "") + ("first" if i == 0 else "later")
                    for rev in order:
                        player, start = f"g{g}{web}", thread_cpu_seconds(pid)
                        if web:
                            db.call_sets(
                                conns[rev], "wordle_guess_on", None, player, word, None, None, 0
                            )
                        else:
                            db.call(conns[rev], "wordle_play", player, word, None, None)
                        samples[(rev, kind)].append(thread_cpu_seconds(pid) - start)
    for kind in KINDS:
        a, b = (samples[(rev, kind)] for rev in revisions)
        ma, mb = statistics.median(a) * 1e6, statistics.median(b) * 1e6
        print(
            f"{kind:10s} median {ma:6.0f} vs {mb:6.0f} µs ({mb / ma:.3f})"
            f"   mean {statistics.mean(a) * 1e6:6.0f} vs {statistics.mean(b) * 1e6:6.0f}"
        )


if __name__ == "__main__":
    main()
