"""The solver: candidates, suggestions and self-play are stored procedures; this only calls them."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from datetime import date
from threading import Event
from typing import Any

from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.game import clean_word

BUILD_BATCH = 100  # guesses per build step: about 230,000 hint codes (bytes) with the bundled lists


def pairs_text(pairs: Iterable[str]) -> str | None:
    """['crane=00120', 'sloth=10000'] -> 'crane=00120 sloth=10000' (None when empty)."""
    text = " ".join(clean_word(p) for p in pairs)
    return text or None


def candidates(
    conn: Connection,
    pairs: str | None,
    player: str | None,
    day: date | None,
    limit: int | None = None,
    channel: str | None = None,
) -> tuple[int, list[str]]:
    """(number of candidates, the first `limit` of them; None: all), in `channel` (None: the
    default channel)."""
    rows = db.call(conn, "wordle_candidates_on", channel, pairs, _name(player), day, limit)
    return (int(rows[0]["candidates"]) if rows else 0), [r["word"] for r in rows]


def suggest(
    conn: Connection,
    pairs: str | None,
    player: str | None,
    day: date | None,
    hard: bool = False,
    limit: int = 10,
    channel: str | None = None,
) -> list[dict[str, Any]]:
    return db.call(conn, "wordle_suggest_on", channel, pairs, _name(player), day, hard, limit)


def build(
    url: URL,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
    channel: str | None = None,
) -> dict[str, Any]:
    """Prepare, then build the hint codes of `channel` (None: the default channel) in `workers`
    sessions at once until its solver is ready."""
    with db.connect(url) as conn:
        state = db.call_one(conn, "wordle_solver_prepare_on", channel)
    if state["ready"]:
        return state

    stop = Event()  # set: the others stop after their step (one failed, or Ctrl-C)

    def work() -> None:
        with db.connect(url) as conn:
            while not stop.is_set():
                step = db.call_one(conn, "wordle_solver_build_on", channel, BUILD_BATCH)
                if progress:
                    progress(int(step["guesses_done"]), int(step["guesses"]))
                # Nothing claimed: the rest is being built by the others, or all is done.
                if step["ready"] or not step["claimed"]:
                    return

    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(work) for _ in range(workers)]
        try:
            wait(futures, return_when=FIRST_EXCEPTION)
        finally:
            stop.set()
        for future in futures:
            future.result()
    with db.connect(url) as conn:
        # Ranks the openings if due; waits while another build's sessions hold the last guesses.
        while True:
            step = db.call_one(conn, "wordle_solver_build_on", channel, BUILD_BATCH)
            if step["ready"]:
                break
            if not step["claimed"]:
                time.sleep(0.2)
        state = db.call_one(conn, "wordle_solver_prepare_on", channel)
    return state


def solve_all(
    conn: Connection,
    opener: str | None,
    hard: bool,
    progress: Callable[[int, int], None] | None = None,
    channel: str | None = None,
) -> dict[str, Any]:
    """Play every answer word of `channel`; returns the report with its distribution."""
    run = db.call_one(conn, "wordle_solve_start_on", channel, _name(opener), hard)
    while True:
        step = db.call_one(conn, "wordle_solve_step", run["run"], 20)
        if progress:
            progress(int(step["solved"]), int(step["answers"]))
        if not step["pending"]:
            break
    report = db.call_one(conn, "wordle_solve_report", run["run"])
    report["hard"] = bool(report["hard"])
    report["distribution"] = {
        r["guesses"]: r["games"] for r in db.call(conn, "wordle_solve_distribution", run["run"])
    }
    return report


def solve_word(
    conn: Connection, word: str, opener: str | None, hard: bool, channel: str | None = None
) -> list[dict[str, Any]]:
    return db.call(conn, "wordle_solve_word_on", channel, clean_word(word), _name(opener), hard)


def _name(value: str | None) -> str | None:
    return clean_word(value) if value is not None else None
