"""Publication: one word per day, no word twice, under any concurrency, and the cron command."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db, publish, schema, words

from support.databases import Invoke, cli_runner


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


def pool_is_consistent(conn: Connection) -> None:
    """answer_pool holds exactly the unpublished answers, in dense slots 1..n."""
    slots = [r["slot"] for r in db.query(conn, "SELECT slot FROM answer_pool ORDER BY slot")]
    assert slots == list(range(1, len(slots) + 1))
    assert db.scalar(conn, "SELECT COUNT(*) FROM answer_pool p JOIN puzzles z USING (word_id)") == 0
    assert db.scalar(conn, "SELECT COUNT(*) FROM channel_words WHERE is_answer") == len(
        slots
    ) + db.scalar(conn, "SELECT COUNT(*) FROM puzzles")


def today(conn: Connection) -> date:
    return db.scalar(conn, "SELECT wordle_today()")


def test_publish_today_once_then_it_is_a_no_op(run: Invoke, conn: Connection) -> None:
    first = run("publish-today")
    assert first.exit_code == 0
    assert first.stdout == f"puzzle #1 for {today(conn)} published\n"
    word = publish.reveal(conn, today(conn))
    second = run("publish-today")
    assert second.exit_code == 0
    assert second.stdout == f"puzzle #1 for {today(conn)} already published\n"
    assert word.upper() not in first.stdout + second.stdout
    revealed = run("publish-today", "--reveal")
    assert revealed.stdout.strip().endswith(f": {word.upper()}")
    assert db.scalar(conn, "SELECT COUNT(*) FROM puzzles") == 1
    pool_is_consistent(conn)


def test_editor_picks(run: Invoke, conn: Connection) -> None:
    assert run("publish-today").exit_code == 0  # puzzle #1: the first published day
    assert run("config", "first_day", str(today(conn))).exit_code == 0
    day = today(conn) + timedelta(days=3)
    ok = run("publish", "--date", str(day), "--word", "Crane", "--reveal")
    assert ok.exit_code == 0, ok.output
    assert ok.stdout == f"puzzle #4 for {day} published: CRANE\n"
    assert run("publish", "--date", str(day), "--word", "crane").exit_code == 0  # same word: no-op
    cases = [
        (day, "slate", "already has another word"),
        (day + timedelta(days=1), "crane", "already published or scheduled"),
        (day + timedelta(days=1), "aahed", "not an answer word"),
        (day + timedelta(days=1), "zzzzz", "not an answer word"),
        (today(conn) - timedelta(days=400), "slate", "before the first puzzle day"),
    ]
    for when, word, message in cases:
        result = run("publish", "--date", str(when), "--word", word)
        assert result.exit_code == 1, (when, word)
        assert message in result.stderr
    assert db.scalar(conn, "SELECT COUNT(*) FROM puzzles") == 2
    pool_is_consistent(conn)


def test_numbers_are_fixed_at_the_first_publication(run: Invoke, conn: Connection) -> None:
    later = today(conn) + timedelta(days=10)
    assert "puzzle #11 " in run("publish", "--date", str(later)).stdout  # number 1 is today
    assert "puzzle #1 " in run("publish-today").stdout
    assert db.scalar(conn, "SELECT wordle_puzzle_number(?)", later) == 11
    moved = run("config", "first_day", str(today(conn) - timedelta(days=4)))
    assert moved.exit_code == 1 and "fixed once a puzzle is published" in moved.stderr
    assert "puzzle #1 " in run("publish-today").stdout
    before = run("publish", "--date", str(today(conn) - timedelta(days=1)))
    assert before.exit_code == 1 and "before the first puzzle day" in before.stderr


def test_first_day_may_be_set_before_anything_is_published(run: Invoke, conn: Connection) -> None:
    assert run("config", "first_day", str(today(conn) - timedelta(days=4))).exit_code == 0
    assert "puzzle #5 " in run("publish-today").stdout
    for bad in ("2026-02-30", "2026-13-01", "0000-00-00"):
        assert run("config", "first_day", bad).exit_code == 1


def test_random_picks_never_repeat_a_word(conn: Connection) -> None:
    start = today(conn)
    for n in range(300):
        publish.publish(conn, start + timedelta(days=n))
    assert db.scalar(conn, "SELECT COUNT(DISTINCT word_id) FROM puzzles") == 300
    pool_is_consistent(conn)


def test_running_out_of_answers_is_a_clear_error(new_db: Callable[[], URL]) -> None:
    url = new_db()
    schema.migrate(url)
    with db.connect(url) as conn:
        words.import_lines(conn, [(1, "alpha", 0), (2, "bravo", 0)], answers=True)
    run = cli_runner(url)
    start = date.today() + timedelta(days=1)
    assert run("publish", "--date", str(start)).exit_code == 0
    assert run("publish", "--date", str(start + timedelta(days=1))).exit_code == 0
    result = run("publish", "--date", str(start + timedelta(days=2)))
    assert result.exit_code == 1
    assert "no answer word is left to publish" in result.stderr
    status = run("status", "--json")
    assert '"answers_left": 0' in status.stdout
    assert '"days_left": 2' in status.stdout  # the two days published, none more
    assert "words for 2 more days" in run("status").stdout


def test_forty_cron_runs_at_once_publish_exactly_once(db_url: URL, conn: Connection) -> None:
    command = [sys.executable, "-m", "wordle_db", "--db-url", url_text(db_url), "publish-today"]
    procs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(40)
    ]
    results = [(p.wait(timeout=120), *p.communicate()) for p in procs]
    assert [code for code, _, _ in results] == [0] * 40, [err for _, _, err in results if err]
    outputs = [out for _, out, _ in results]
    assert sum(o.endswith(" published\n") and "already" not in o for o in outputs) == 1
    assert db.scalar(conn, "SELECT COUNT(*) FROM puzzles") == 1
    pool_is_consistent(conn)


def test_scheduling_thirty_days_twice_in_parallel_uses_thirty_words(
    db_url: URL, conn: Connection
) -> None:
    start = today(conn) + timedelta(days=1)

    def schedule_month() -> list[int]:
        with db.connect(db_url) as own:
            return [publish.publish(own, start + timedelta(days=n))["published"] for n in range(30)]

    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(lambda _: schedule_month(), range(2)))
    assert sum(map(sum, runs)) == 30
    assert db.scalar(conn, "SELECT COUNT(*) FROM puzzles") == 30
    assert db.scalar(conn, "SELECT COUNT(DISTINCT word_id) FROM puzzles") == 30
    assert db.scalar(conn, "SELECT COUNT(*) FROM answer_pool") == 2309 - 30
    pool_is_consistent(conn)


@pytest.mark.parametrize("zone", ["+13:00", "-12:00", "+05:30", "UTC"])
def test_today_follows_the_configured_zone(run: Invoke, conn: Connection, zone: str) -> None:
    assert run("config", "--", "time_zone", zone).exit_code == 0  # -- lets "-12:00" through
    conn.exec_driver_sql("SET time_zone = '-07:00'")  # the session's zone does not matter
    offset = (
        timedelta(0)
        if zone == "UTC"
        else timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6])) * (1 if zone[0] == "+" else -1)
    )
    before = (datetime.now(UTC) + offset).date()
    got = today(conn)
    after = (datetime.now(UTC) + offset).date()
    assert got in (before, after)
    published = run("publish-today")
    assert str(got) in published.stdout
    now_there = datetime.now(UTC) + offset
    midnight = datetime.combine(now_there.date() + timedelta(1), datetime.min.time(), UTC)
    countdown = db.scalar(conn, "SELECT wordle_next_puzzle_in()")
    assert abs(countdown - (midnight - now_there).total_seconds()) < 5


def test_unknown_time_zone_is_refused(run: Invoke) -> None:
    result = run("config", "time_zone", "Mars/Olympus")
    assert result.exit_code == 1
    assert "unknown to the server" in result.stderr


def test_the_event_publishes_inside_the_database(run: Invoke, conn: Connection) -> None:
    result = run("schedule", "--event")
    assert result.exit_code == 0, result.output
    assert "installed" in result.stdout
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not db.scalar(conn, "SELECT COUNT(*) FROM puzzles"):
        time.sleep(0.2)
    assert db.scalar(conn, "SELECT day FROM puzzles") == today(conn)
    assert run("schedule", "--remove").exit_code == 0
    assert (
        db.scalar(
            conn,
            "SELECT COUNT(*) FROM information_schema.EVENTS WHERE "
            "EVENT_SCHEMA = DATABASE() AND EVENT_NAME = 'wordle_daily_publish'",
        )
        == 0
    )


def test_publish_cli_bad_dates(run: Invoke) -> None:
    for bad in ("2026-13-01", "tomorrow", "", "2026-02-30"):
        result = run("publish", "--date", bad)
        assert result.exit_code == 2
        assert "Traceback" not in result.output
