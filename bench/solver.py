"""The solver on the bundled lists: build, suggestion latency, self-play.

On one private MariaDB server, a database migrated to head gets the bundled English lists
(2,309 answer words, 14,855 accepted words) and then:

- build: `wordle_db.solver.build(url, workers=2)`, the real path (wordle_solver_prepare, then
  wordle_solver_build steps in two sessions, then the opening ranking of every guess against
  every answer). A third session polls how many guesses are done, which splits the total into
  "hint codes" and "opening ranking" (to within the poll interval). The size is data_length +
  index_length of every solver_* table (solver_codes holds the codes) from
  information_schema.TABLES, after ANALYZE TABLE. Baseline, same run: one pass of wordle_hint
  over the same (answer, guess) pairs in the same number of sessions, each summing
  CRC32(wordle_hint(answer, guess)) over its share of the guesses: what the build would cost
  if it called wordle_hint once per pair and did nothing else.
- suggestions: `solver.suggest(conn, pairs, None, None, hard, 5)` for fixed states, from no
  hint at all to a handful of candidates, in normal and hard mode; each state runs once to warm
  up, then ROUNDS times (default 3). `solver.candidates` is timed the same way. Baseline, same
  run: one exhaustive ranking of every guess for 'salet=00000', called the way
  wordle_solver_build calls it for the opening ranking (`_wordle_work_begin(@work)`,
  `_wordle_solver_pairs(NULL, ...)`, `_wordle_solver_candidates`, then the timed
  `CALL _wordle_rank(1, @work, FALSE, TRUE, 4294967295, @ranked)`, which also stores it).
- self-play: `solver.solve_all(conn, opener, hard)` over every answer word, with the solver's
  own opener (the top of the opening ranking: the guess that splits the answers into the most
  parts) and with SALET (`--openers` chooses); `--hard` adds hard mode.

Read: "median ms" and "max ms" are client-side times (round trip included) over the timed
rounds; "cands" is the number of candidates left, "ranked" how many guesses wordle_suggest
compared (all 14,855 unless the candidates are many: it then ranks a shortlist from the
opening ranking so as to read at most ~400,000 (guess, candidate) pairs; with 3 to 500
candidates the first ten are then re-ordered by a look ahead). Good: every median and max
under 1,000 ms. The exhaustive ranking is what an unbudgeted one-level ranking would cost;
"same first guess" says whether the budget and the look-ahead changed the first guess.
Self-play: average guesses per game over all 2,309 answers (lower is better), worst game,
games over six guesses, and the distribution of guesses. The reference points are published
results on the 2,315-word original answer list (close to the bundled 2,309, not the same
list): the optimum is 3.4212 with opener SALET; a well-known expected-score solver gets
3.6215.

Run: .venv/bin/python bench/solver.py [--rounds 3] [--hard] [--no-suggest]
     [--no-baseline] [--no-selfplay] [--no-hint-pass] [--openers own,salet]
The build takes about 2 minutes on 2 cores and the wordle_hint pass about 10, each
self-play 5-8 minutes (the look-ahead at every position).
Progress goes to stderr, the tables to stdout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from harness import private_server
from sqlalchemy.engine import URL, Connection

from wordle_db import db, schema, solver, words

WORKERS = 2
LIMIT = 5
BASELINE_STATE = "salet=00000"
ALL_ROWS = 4294967295  # _wordle_rank's row limit as wordle_solver_build passes it
# From no hint to a handful of candidates; None is the start of a game. The last two are late
# in a game: in hard mode every hint without a green costs a check of every accepted word, and
# two such hints in a row are the slowest case found.
STATES: list[str | None] = [
    None,
    "salet=00000",
    "roate=00000",
    "fuzzy=00000",
    "qajaq=00000",
    "crane=00120",
    "salet=01000",
    "crane=00000 sloth=10000",
    "salet=00010 corny=02000",
    "crane=00000 sloth=00000",
    "salet=00000 crony=00002 dingo=00000 fuzzy=02002",
]
# Published results on the original 2,315-word answer list.
REFERENCES = [("optimum (opener SALET)", 3.4212), ("expected-score solver", 3.6215)]


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Build:
    seconds: float
    codes_seconds: float | None  # until every guess was done, as seen by the poller
    guesses: int
    answers: int
    table_mb: float
    codes_mb: float  # solver_codes alone
    hint_pass_seconds: float | None  # the baseline: wordle_hint once per pair


@dataclass
class Exhaustive:
    seconds: float
    first: str
    expected_left: float
    ranked: int
    position: dict[str, int]  # word -> place in the exhaustive ranking (its first 1,000)


@dataclass
class Timing:
    state: str | None
    hard: bool
    times: list[float] = field(default_factory=list)  # seconds
    candidates: int = 0
    ranked: int = 0
    first: str = "-"
    expected_left: float = 0.0  # the first guess's

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times) * 1e3

    @property
    def max_ms(self) -> float:
        return max(self.times) * 1e3


def label(state: str | None) -> str:
    return state if state is not None else "(no hint yet)"


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


# --- build -------------------------------------------------------------------------------


def build(url: URL) -> Build:
    codes_done: list[float] = []
    stop = threading.Event()
    start = time.perf_counter()

    def poll() -> None:
        """Note when every guess is done (the opening ranking starts then)."""
        with db.connect(url) as conn:
            while not stop.wait(0.5):
                (row,) = db.query(
                    conn,
                    "SELECT COUNT(*) AS total, COALESCE(SUM(done), 0) AS done FROM solver_guesses",
                )
                if row["total"] and int(row["done"]) == int(row["total"]):
                    codes_done.append(time.perf_counter() - start)
                    progress(f"  hint codes done after {codes_done[0]:.0f} s; opening ranking")
                    return

    shown = [0]

    def report(done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth > shown[0]:
            shown[0] = tenth
            progress(f"  {done:,} of {total:,} guesses ({time.perf_counter() - start:.0f} s)")

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    try:
        state = solver.build(url, workers=WORKERS, progress=report)
    finally:
        stop.set()
        poller.join()
    seconds = time.perf_counter() - start
    if not state["ready"]:
        raise SystemExit(f"the solver is not ready after the build: {state}")
    with db.connect(url) as conn:
        tables = [
            r["t"]
            for r in db.query(
                conn,
                "SELECT table_name AS t FROM information_schema.TABLES"
                " WHERE table_schema = DATABASE() AND table_name LIKE 'solver%'",
            )
        ]
        conn.exec_driver_sql(f"ANALYZE TABLE {', '.join(tables)}")
        sizes = {
            r["t"]: int(r["size"])
            for r in db.query(
                conn,
                "SELECT table_name AS t, data_length + index_length AS size"
                " FROM information_schema.TABLES"
                " WHERE table_schema = DATABASE() AND table_name LIKE 'solver%'",
            )
        }
    return Build(
        seconds,
        codes_done[0] if codes_done else None,
        int(state["guesses"]),
        int(state["answers"]),
        sum(sizes.values()) / 2**20,
        sizes["solver_codes"] / 2**20,
        None,
    )


def hint_pass(url: URL) -> float:
    """Seconds for one wordle_hint call per (answer, guess) pair, WORKERS sessions at once."""
    with db.connect(url) as conn:
        guesses = int(db.scalar(conn, "SELECT COUNT(*) FROM solver_guesses"))
    share = -(-guesses // WORKERS)
    sql = (
        "SELECT SUM(CRC32(wordle_hint(aw.word, gw.word))) FROM solver_guesses g"
        " JOIN words gw ON gw.id = g.word_id JOIN solver_answers a USING (channel_id) JOIN words aw"
        " ON aw.id = a.word_id WHERE g.guess_no BETWEEN ? AND ?"
    )

    def one(first: int) -> None:
        with db.connect(url) as conn:
            db.scalar(conn, sql, first, first + share - 1)

    start = time.perf_counter()
    threads = [threading.Thread(target=one, args=(1 + n * share,)) for n in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


# --- suggestions -------------------------------------------------------------------------


def time_suggest(conn: Connection, state: str | None, hard: bool, rounds: int) -> Timing:
    timing = Timing(state, hard)
    for round_no in range(rounds + 1):  # the first run warms up
        seconds, rows = timed(lambda: solver.suggest(conn, state, None, None, hard, LIMIT))
        if round_no:
            timing.times.append(seconds)
    if rows:
        timing.candidates, timing.ranked = int(rows[0]["candidates"]), int(rows[0]["ranked"])
        timing.first = rows[0]["guess"]
        timing.expected_left = float(rows[0]["expected_left"])
    return timing


def time_candidates(conn: Connection, state: str | None, rounds: int) -> Timing:
    timing = Timing(state, False)
    for round_no in range(rounds + 1):
        seconds, (count, _) = timed(lambda: solver.candidates(conn, state, None, None))
        if round_no:
            timing.times.append(seconds)
    timing.candidates = count
    return timing


def exhaustive_ranking(url: URL, state: str) -> Exhaustive:
    """Rank every guess for `state` as the build's opening ranking does; time _wordle_rank."""
    with db.connect(url) as conn:
        db.query(conn, "CALL _wordle_work_begin(@work)")
        try:
            db.query(conn, "CALL _wordle_solver_pairs(NULL, @work, ?, NULL, NULL)", state)
            db.query(conn, "CALL _wordle_solver_candidates(1, @work)")
            seconds, _ = timed(
                lambda: db.query(
                    conn, "CALL _wordle_rank(1, @work, FALSE, TRUE, ?, @ranked)", ALL_ROWS
                )
            )
            top = db.query(
                conn,
                "SELECT w.word, r.position, r.expected_left FROM solver_work_ranking r"
                " JOIN solver_guesses g ON g.channel_id = 1 AND g.guess_no = r.guess_no"
                " JOIN words w ON w.id = g.word_id"
                " WHERE r.work = @work ORDER BY r.position LIMIT 1000",
            )
            ranked = int(db.scalar(conn, "SELECT @ranked"))
        finally:
            db.query(conn, "CALL _wordle_work_end(@work)")
    return Exhaustive(
        seconds,
        top[0]["word"],
        float(top[0]["expected_left"]),
        ranked,
        {r["word"]: int(r["position"]) for r in top},
    )


def print_suggestions(
    suggest: list[Timing], candidates: list[Timing], baseline: Exhaustive | None, rounds: int
) -> None:
    print(f"\nwordle_suggest(pairs, NULL, NULL, hard, {LIMIT}): 1 warm-up + {rounds} timed runs")
    print(
        f"{'state':<48} {'mode':<6} {'median ms':>9} {'max ms':>8} {'cands':>6}"
        f" {'ranked':>7}  first"
    )
    for t in suggest:
        mode = "hard" if t.hard else "normal"
        print(
            f"{label(t.state):<48} {mode:<6} {t.median_ms:>9.0f} {t.max_ms:>8.0f}"
            f" {t.candidates:>6,} {t.ranked:>7,}  {t.first}"
        )
    worst = max(suggest, key=lambda t: t.max_ms)
    over = [t for t in suggest if t.median_ms >= 1000 or t.max_ms >= 1000]
    print(
        f"worst: {label(worst.state)} ({'hard' if worst.hard else 'normal'}),"
        f" median {worst.median_ms:.0f} ms, max {worst.max_ms:.0f} ms;"
        f" every median and max under 1000 ms: {'yes' if not over else 'NO'}"
    )
    for t in over:
        print(f"  over 1 s: {label(t.state)} ({'hard' if t.hard else 'normal'})")

    print(f"\nwordle_candidates(pairs, NULL, NULL, NULL): 1 warm-up + {rounds} timed runs")
    print(f"{'state':<48} {'median ms':>9} {'max ms':>8} {'cands':>6}")
    for t in candidates:
        print(f"{label(t.state):<48} {t.median_ms:>9.0f} {t.max_ms:>8.0f} {t.candidates:>6,}")

    if baseline is None:
        return
    b = baseline
    budgeted = next(t for t in suggest if t.state == BASELINE_STATE and not t.hard)
    print(f"\nbaseline: exhaustive _wordle_rank(work, FALSE, TRUE, ...) for {BASELINE_STATE}")
    print(
        f"  {b.seconds * 1e3:.0f} ms for {b.ranked:,} guesses x {budgeted.candidates:,}"
        f" candidates, first {b.first} (expected left {b.expected_left:.3f})"
    )
    print(
        f"  budgeted wordle_suggest: median {budgeted.median_ms:.0f} ms for {budgeted.ranked:,}"
        f" guesses, first {budgeted.first} (expected left {budgeted.expected_left:.3f})"
    )
    position = b.position.get(budgeted.first)
    where = f"#{position}" if position else "below #1000"
    print(
        f"  ratio exhaustive / budgeted: {b.seconds * 1e3 / budgeted.median_ms:.1f};"
        f" same first guess: {'yes' if b.first == budgeted.first else 'no'}"
        f" (budgeted first is {where} of the exhaustive ranking)"
    )


# --- self-play ---------------------------------------------------------------------------


def self_play(conn: Connection, opener: str | None, hard: bool) -> tuple[dict[str, Any], float]:
    """The report of solve_all (its "own" set when the opener was the solver's) and seconds."""
    name = f"{opener or 'own opener'}{' (hard)' if hard else ''}"
    progress(f"self-play: {name}")
    shown = [0]
    start = time.perf_counter()

    def report(done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth > shown[0]:
            shown[0] = tenth
            progress(f"  {done:,} of {total:,} solved ({time.perf_counter() - start:.0f} s)")

    result = solver.solve_all(conn, opener, hard, report)
    result["own"] = opener is None
    seconds = time.perf_counter() - start
    progress(
        f"  {name}: average {float(result['average']):.4f}, worst {result['worst']},"
        f" {result['failures']} over six, {seconds:.0f} s"
    )
    return result, seconds


def print_self_play(runs: list[tuple[dict[str, Any], float]]) -> None:
    print("\nself-play over every answer word (solver.solve_all)")
    print(
        f"{'opener':<12} {'mode':<6} {'average':>8} {'worst':>5} {'>6':>4} {'seconds':>8}"
        f"  distribution (guesses: games)"
    )
    for report, seconds in runs:
        mode = "hard" if report["hard"] else "normal"
        opener = report["opener"] + (" (own)" if report["own"] else "")
        dist = " ".join(f"{g}:{n}" for g, n in sorted(report["distribution"].items()))
        print(
            f"{opener:<12} {mode:<6} {float(report['average']):>8.4f}"
            f" {report['worst']:>5} {report['failures']:>4} {seconds:>8.1f}  {dist}"
        )
        if report["failed_words"]:
            print(f"{'':<20}failed: {report['failed_words']}")
    print("reference points, original 2,315-word answer list, normal mode:")
    for name, average in REFERENCES:
        print(f"  {name:<24} {average:.4f}")


# --- main --------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="timed runs per state (default 3)")
    parser.add_argument("--hard", action="store_true", help="also self-play in hard mode")
    parser.add_argument("--no-suggest", action="store_true", help="skip the latency tables")
    parser.add_argument(
        "--no-baseline", action="store_true", help="skip the exhaustive ranking baseline"
    )
    parser.add_argument("--no-selfplay", action="store_true", help="skip self-play")
    parser.add_argument(
        "--no-hint-pass", action="store_true", help="skip the wordle_hint pass baseline"
    )
    parser.add_argument(
        "--openers", default="own,salet", help="self-play openers, own = the solver's (own,salet)"
    )
    args = parser.parse_args()
    openers = [None if o == "own" else o for o in args.openers.split(",")]

    suggest: list[Timing] = []
    candidates: list[Timing] = []
    baseline: Exhaustive | None = None
    runs: list[tuple[dict[str, Any], float]] = []
    with private_server() as server:
        url = db.parse_url(server.url("bench"))
        schema.migrate(url)
        with db.connect(url) as conn:
            progress("loading the bundled lists")
            words.load_bundled(conn)
        progress("building the solver (about 2 minutes)")
        built = build(url)
        progress(f"  built in {built.seconds:.0f} s")
        if not args.no_hint_pass:
            progress(f"baseline: wordle_hint once per pair, {WORKERS} sessions (about 10 minutes)")
            built.hint_pass_seconds = hint_pass(url)
            progress(f"  {built.hint_pass_seconds:.0f} s")

        if not args.no_suggest:
            with db.connect(url) as conn:
                for hard in (False, True):
                    for state in STATES:
                        progress(f"suggest {label(state)} {'hard' if hard else 'normal'}")
                        suggest.append(time_suggest(conn, state, hard, args.rounds))
                for state in STATES:
                    progress(f"candidates {label(state)}")
                    candidates.append(time_candidates(conn, state, args.rounds))
            if not args.no_baseline:
                progress(f"exhaustive ranking for {BASELINE_STATE}")
                baseline = exhaustive_ranking(url, BASELINE_STATE)

        if not args.no_selfplay:
            with db.connect(url) as conn:
                for hard in (False, True) if args.hard else (False,):
                    for opener in openers:
                        runs.append(self_play(conn, opener, hard))

    print(f"solver build, bundled lists: {built.guesses:,} guesses x {built.answers:,} answers")
    codes = f"{built.codes_seconds:.0f}" if built.codes_seconds is not None else "?"
    ranking = (
        f"{built.seconds - built.codes_seconds:.0f}" if built.codes_seconds is not None else "?"
    )
    print(
        f"  {built.seconds:.0f} s in all with {WORKERS} workers (hint codes {codes} s,"
        f" then opening ranking {ranking} s)"
    )
    if built.hint_pass_seconds is not None:
        print(
            f"  baseline: one wordle_hint call per pair, {WORKERS} sessions:"
            f" {built.hint_pass_seconds:.0f} s; build / baseline"
            f" {built.seconds / built.hint_pass_seconds:.2f}"
        )
    print(
        f"  solver tables {built.table_mb:,.1f} MB (solver_codes {built.codes_mb:,.1f} MB,"
        f" {built.guesses * built.answers:,} codes packed by guess); good: at most 100 MB"
    )
    if suggest:
        print_suggestions(suggest, candidates, baseline, args.rounds)
    if runs:
        print_self_play(runs)


if __name__ == "__main__":
    main()
