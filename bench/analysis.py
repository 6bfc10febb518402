"""The post-game analysis on the bundled lists: milliseconds per game, with and without the
solver's build.

On one private MariaDB server, a database migrated to head gets the bundled English lists
(2,309 answer words, 14,855 accepted words). Then GAMES games (default 60) are played on past days,
one answer each drawn with a fixed seed, the way people play: an opener from a list of common
ones, then a random word still possible (so every game also keeps hard mode's rules; every
third game is played in hard mode), up to six guesses, so some games are lost; every fifth game
asks for a letter hint before its second guess. Each game's analysis,
`CALL wordle_analysis_on(NULL, player, day)`, is timed from the client (round trip included)
after one untimed warm-up call on another game, with the server's CPU time per game (from
/proc, which the machine's other load does not change): first without a build (a fresh installation:
the figures from wordle_hint, no best guess), then after the solver's build (`solver.build`,
two sessions; about 3 minutes on 2 cores), from its hint codes with the best guess. The ratio
unbuilt / built is over the same games in the same run.

Baseline, same run: for the first BASELINE games (default 15), one `wordle_suggest_on` per
guess of the game (the solver's full ranking with its look-ahead, given the guesses before
it): what an analysis that asked the solver's own suggestion at every guess would cost. The
ratio is analysis / baseline on those games.

Good: every game's analysis under 1,000 ms (median and max printed).

Run: .venv/bin/python bench/analysis.py [--games 60] [--baseline 15] [--seed 26]
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections import Counter
from datetime import date, timedelta

from harness import private_server, thread_cpu_seconds
from sqlalchemy.engine import Connection

from wordle_db import db, game, publish, schema, solver, words
from wordle_db.errors import DatabaseError

OPENERS = [
    "salet",
    "crane",
    "adieu",
    "roate",
    "stare",
    "audio",
    "slate",
    "raise",
    "trace",
    "arise",
    "house",
    "lucky",
]


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def hint(answer: str, guess: str) -> str:
    marks = ["2" if a == g else "0" for a, g in zip(answer, guess, strict=True)]
    spare = Counter(a for a, m in zip(answer, marks, strict=True) if m == "0")
    for i, g in enumerate(guess):
        if marks[i] == "0" and spare[g]:
            marks[i], spare[g] = "1", spare[g] - 1
    return "".join(marks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--baseline", type=int, default=15, help="games timed against suggest")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    answers = words.bundled_path(words.BUNDLED_ANSWERS).read_text().split()
    with private_server() as server:
        url = db.parse_url(server.url("bench"))
        schema.migrate(url)
        with db.connect(url) as conn:
            words.load_bundled(conn)
            today = db.scalar(conn, "SELECT wordle_today()")
            chosen = rng.sample(answers, args.games + 1)
            games = []
            for n, answer in enumerate(chosen):
                day = today - timedelta(args.games + 1 - n)
                publish.publish(conn, day, answer)
                hard, possible, guess = n % 3 == 1, list(answers), rng.choice(OPENERS)
                played = []
                for attempt in range(1, 7):
                    if n % 5 == 2 and attempt == 2:
                        with contextlib.suppress(DatabaseError):  # no letter left to show
                            game.reveal_letter(conn, "bench", day)
                    game.play(conn, "bench", guess, day, hard if attempt == 1 else None)
                    played.append(f"{guess}={hint(answer, guess)}")
                    if guess == answer:
                        break
                    possible = [a for a in possible if hint(a, guess) == hint(answer, guess)]
                    guess = rng.choice(possible)
                games.append((day, hard, played, guess == answer))
            progress(f"{len(games)} games played; timing their analyses without a build")
            unbuilt, unbuilt_cpu = analyses(conn, games, server.pid())
            unbuilt = [t * 1e3 for t in unbuilt]
        progress("building the solver (about 3 minutes)")
        start = time.perf_counter()
        solver.build(url, workers=2)
        progress(f"  built in {time.perf_counter() - start:.0f} s; timing the analyses again")
        with db.connect(url) as conn:
            (times, built_cpu), baseline = analyses(conn, games, server.pid()), []
            for i, (_day, hard, played, _won) in enumerate(games[1:]):
                if i < args.baseline:
                    start = time.perf_counter()
                    for k in range(len(played)):
                        solver.suggest(conn, " ".join(played[:k]) or None, None, None, hard, 1)
                    baseline.append(time.perf_counter() - start)
    ms = [t * 1e3 for t in times]
    analysed = games[1:]
    guesses = sum(len(g[2]) for g in analysed)
    print(
        f"wordle_analysis_on on the bundled lists: {len(ms)} games, {guesses} guesses "
        f"({sum(not g[3] for g in analysed)} lost, {sum(g[1] for g in analysed)} in hard "
        f"mode, {sum(1 for n in range(1, args.games + 1) if n % 5 == 2)} with a letter hint)"
    )
    print(
        f"  ms per game: median {statistics.median(ms):.0f}, p90 "
        f"{statistics.quantiles(ms, n=10)[-1]:.0f}, max {max(ms):.0f}; "
        f"ms per guess: {sum(ms) / guesses:.0f}"
    )
    by_length: dict[int, list[float]] = {}
    for g, t in zip(analysed, ms, strict=True):
        by_length.setdefault(len(g[2]), []).append(t)
    for length in sorted(by_length):
        print(
            f"  {length} guesses: {len(by_length[length]):>3} games, median "
            f"{statistics.median(by_length[length]):.0f} ms, max {max(by_length[length]):.0f} ms"
        )
    if baseline:
        first = ms[: len(baseline)]
        base = [t * 1e3 for t in baseline]
        print(
            f"baseline, the first {len(base)} games: wordle_suggest_on once per guess "
            f"(full ranking with look-ahead): median {statistics.median(base):.0f} ms per "
            f"game, max {max(base):.0f}"
        )
        print(f"  ratio analysis / baseline: {sum(first) / sum(base):.2f}")
    print(f"every game under 1,000 ms: {'yes' if max(ms) < 1000 else 'NO'}")
    print(
        f"without a build (wordle_hint, no best guess): ms per game: median "
        f"{statistics.median(unbuilt):.0f}, p90 {statistics.quantiles(unbuilt, n=10)[-1]:.0f}, "
        f"max {max(unbuilt):.0f}; ratio unbuilt / built: {sum(unbuilt) / sum(ms):.2f}"
    )
    print(
        f"server CPU ms per game (/proc): built {built_cpu:.0f}, without a build "
        f"{unbuilt_cpu:.0f}; ratio unbuilt / built: {unbuilt_cpu / built_cpu:.2f}"
    )


def analyses(
    conn: Connection, games: list[tuple[date, bool, list[str], bool]], pid: int
) -> tuple[list[float], float]:
    """Seconds of each game's analysis but the first's (the warm-up call), and the server's
    CPU milliseconds per game over them (thread_cpu_seconds: the other machine load does not
    count)."""
    db.call(conn, "wordle_analysis_on", None, "bench", games[0][0])
    times, cpu = [], thread_cpu_seconds(pid)
    for day, _hard, _played, _won in games[1:]:
        start = time.perf_counter()
        db.call(conn, "wordle_analysis_on", None, "bench", day)
        times.append(time.perf_counter() - start)
    return times, (thread_cpu_seconds(pid) - cpu) * 1e3 / len(times)


if __name__ == "__main__":
    main()
