"""The solver: candidates against a Python reference, suggestions on a list small enough to
rank by hand, self-play on a small list (the full list is measured in bench/solver.py)."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import channels, db, game, schema, settings, solver, words
from wordle_db.errors import DatabaseError

from support import clone
from support.calls import sql_error
from support.databases import (
    Invoke,
    auto_increments,
    checksums,
    cli_runner,
    copy_rows,
    drop_database,
    new_database,
)
from support.puzzles import reference_hint, set_word, today

ANSWERS = words.bundled_path(words.BUNDLED_ANSWERS).read_text().split()
# (answer, guesses): the hints are computed by the Python reference.
GAMES = [
    ("cynic", ["crane", "sloth"]),
    ("abbey", ["kebab"]),
    ("eerie", ["geese", "salet"]),
    ("fuzzy", ["jazzy", "puffy"]),
    ("mamma", ["llama"]),
    ("pizza", ["fuzzy", "zappy", "pizzy"]),
]


def python_candidates(pairs: list[str]) -> list[str]:
    parsed = [p.split("=") for p in pairs]
    return [a for a in ANSWERS if all(reference_hint(a, g) == h for g, h in parsed)]


@pytest.mark.parametrize(("answer", "guesses"), GAMES)
def test_candidates_match_the_reference(conn: Connection, answer: str, guesses: list[str]) -> None:
    pairs = [f"{g}={reference_hint(answer, g)}" for g in guesses]
    total, found = solver.candidates(conn, solver.pairs_text(pairs), None, None)
    expected = python_candidates(pairs)
    assert found == sorted(expected)
    assert total == len(expected) and answer in found


def test_no_candidate_for_contradicting_hints(conn: Connection) -> None:
    assert solver.candidates(conn, "crane=22222 slate=22222", None, None) == (0, [])


def test_candidates_cli_and_a_players_game(run: Invoke, conn: Connection) -> None:
    set_word(conn, today(conn), "cynic")
    for word in ("crane", "slate"):
        game.play(conn, "ann", word)
    pairs = [f"{r['guess']}={r['hint']}" for r in game.board(conn, "ann")]
    by_player = run("candidates", "--player", "ann")
    by_pairs = run("candidates", *pairs)
    assert by_player.exit_code == 0 and by_pairs.exit_code == 0, by_player.output
    assert by_player.stdout == by_pairs.stdout
    assert by_player.stdout.split() == sorted(python_candidates(pairs))[:50]
    assert "cynic" in by_player.stdout.split()
    count = run("candidates", "--player", "ann", "--count")
    assert count.stdout.strip() == str(len(python_candidates(pairs)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["crane=0012"], "one digit per letter"),
        (["crane=00130"], "WORD=HINT pairs"),
        (["crane"], "WORD=HINT pairs"),
        (["cr4ne=00000"], "WORD=HINT pairs"),
        (["crane=00000", "--player", "ann"], "either --player or PAIRS"),
        ([], "give --player NAME or PAIRS"),
    ],
)
def test_bad_pairs(run: Invoke, args: list[str], message: str) -> None:
    result = run("candidates", *args)
    assert result.exit_code in (1, 2)
    assert message in result.stderr


def copy_built(source: URL, target: URL) -> None:
    """Make `target`, migrated to head with no rows of its own yet, hold what `source` holds:
    every table's rows and the AUTO_INCREMENT counters past them (checked, table by table)."""
    disable_events(target)  # the accounts refresh would rewrite access rows while they are copied
    copy_rows(source, target)
    with db.connect(target) as conn:
        current = auto_increments(conn, target.database)
        for table, counter in auto_increments(conn, source.database).items():
            if current.get(table) != counter:
                quoted = db.quote_identifier(table)
                conn.exec_driver_sql(f"ALTER TABLE {quoted} AUTO_INCREMENT = {counter}")
        assert auto_increments(conn, target.database) == auto_increments(conn, source.database)
        assert checksums(conn, target.database) == checksums(conn, source.database)


def disable_events(url: URL) -> None:
    """Stop the database's events (the accounts refresh, the daily publication)."""
    with db.connect(url) as conn:
        for event in db.query(
            conn,
            "SELECT EVENT_NAME AS name FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ?",
            url.database,
        ):
            conn.exec_driver_sql(f"ALTER EVENT {db.quote_identifier(event['name'])} DISABLE")


def built_once(server_url: URL, make: Callable[[URL], None]) -> Iterator[URL]:
    """A database migrated to head and filled by make(url) for a module's tests to copy
    (copy_built), never to use; dropped at the module's end."""
    url = new_database(server_url)
    try:
        schema.migrate(url)
        make(url)
        disable_events(url)  # its events would rewrite rows while they are copied
        yield url
    finally:
        drop_database(url)


def own_copy(new_db: Callable[[], URL], recipe: clone.Recipe, source: URL) -> URL:
    """A database of this test's own, at head (the migrated template's schema, cloned as for
    db_url), holding `source`'s rows."""
    url = new_db()
    clone.create(recipe, url)
    copy_built(source, url)
    return url


def make_tiny(url: URL) -> None:
    with db.connect(url) as conn:
        channels.add(conn, "abc", 3)  # a channel of 3-letter words, the default one here
        settings.set_setting(conn, "default_channel", "abc")
        words.import_lines(conn, [(1, "ddd", 0), (2, "aaa", 0), (3, "bbb", 0)], answers=False)
        words.import_lines(conn, [(1, "abc", 0), (2, "acb", 0), (3, "bac", 0)], answers=True)
    solver.build(url, workers=1)


@pytest.fixture(scope="module")
def tiny_built(server_url: URL) -> Iterator[URL]:
    yield from built_once(server_url, make_tiny)


@pytest.fixture
def tiny(new_db: Callable[[], URL], schema_recipe: clone.Recipe, tiny_built: URL) -> URL:
    """Three answers (abc, acb, bac) and three other guesses (ddd, aaa, bbb), built (once for
    the module: this test's database holds a copy of the rows)."""
    return own_copy(new_db, schema_recipe, tiny_built)


def test_suggestions_on_a_list_ranked_by_hand(tiny: URL) -> None:
    # Against {abc, acb, bac}: each answer word splits the three apart (sum of squares 3) and
    # may be right; bbb splits them too (020 002 200) but cannot be; aaa leaves {abc, acb}
    # together (200 200 020: 4 + 1 = 5); ddd learns nothing (9).
    with db.connect(tiny) as conn:
        rows = solver.suggest(conn, None, None, None, limit=10)
        assert [r["guess"] for r in rows] == ["abc", "acb", "bac", "bbb", "aaa", "ddd"]
        assert [float(r["expected_left"]) for r in rows] == [1.0, 1.0, 1.0, 1.0, 1.667, 3.0]
        assert [r["is_candidate"] for r in rows] == [1, 1, 1, 0, 0, 0]
        assert float(rows[0]["entropy_bits"]) == pytest.approx(math.log2(3), abs=1e-3)
        assert float(rows[4]["entropy_bits"]) == pytest.approx(
            -(2 / 3) * math.log2(2 / 3) - (1 / 3) * math.log2(1 / 3), abs=1e-3
        )
        # After aaa=200 only abc and acb remain; in hard mode the guess must start with A.
        after = solver.suggest(conn, "aaa=200", None, None, limit=10)
        assert [r["guess"] for r in after][:3] == ["abc", "acb", "bbb"]
        hard = solver.suggest(conn, "aaa=200", None, None, hard=True, limit=10)
        assert [r["guess"] for r in hard] == ["abc", "acb", "aaa"]
        assert all(r["candidates"] == 2 for r in hard)


def test_suggest_needs_a_build_and_says_so(run: Invoke) -> None:
    result = run("suggest", "crane=00120")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: the solver is not built for the current word lists: run `wordle-db solver build "
        "--channel en`"
    )


def test_new_words_make_the_build_stale(tiny: URL) -> None:
    with db.connect(tiny) as conn:
        words.import_lines(conn, [(1, "cab", 0)], answers=True)
        with pytest.raises(DatabaseError, match="not built for the current word lists"):
            solver.suggest(conn, "aaa=200", None, None)
    state = solver.build(tiny, workers=1)
    assert (state["answers"], state["guesses"], state["ready"]) == (4, 7, 1)


def make_small(url: URL) -> None:
    allowed = [w.strip() for w in words.bundled_path(words.BUNDLED_ALLOWED).open()][::16]
    with db.connect(url) as conn:
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(allowed, 1)], answers=False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(ANSWERS[::8], 1)], True)
    solver.build(url, workers=2)


@pytest.fixture(scope="module")
def small_built(server_url: URL) -> Iterator[URL]:
    yield from built_once(server_url, make_small)


@pytest.fixture
def small(new_db: Callable[[], URL], schema_recipe: clone.Recipe, small_built: URL) -> URL:
    """Every 8th answer word, and every 16th accepted word besides, built with two workers
    (once for the module: this test's database holds a copy of the rows)."""
    return own_copy(new_db, schema_recipe, small_built)


def test_self_play_solves_every_answer_and_agrees_with_single_games(small: URL) -> None:
    run = cli_runner(small)
    result = run("solve", "--all", "--json")
    assert result.exit_code == 0, result.output
    import json

    report = json.loads(result.stdout)
    games = len(ANSWERS[::8])
    assert report["games"] == report["solved"] == games
    assert report["failures"] == 0 and report["failed_words"] is None
    assert sum(report["distribution"].values()) == games
    average = sum(int(k) * v for k, v in report["distribution"].items()) / games
    assert float(report["average"]) == pytest.approx(average, abs=1e-4)
    assert 2 < average < 4 and report["worst"] <= 6
    with db.connect(small) as conn:
        per_word = {
            r["word"]: r["guesses"]
            for r in db.query(
                conn,
                "SELECT w.word, s.guesses FROM solver_results s JOIN solver_answers a "
                "USING (answer_no) JOIN words w ON w.id = a.word_id WHERE s.run_id = ?",
                report["run"],
            )
        }
        for word in ANSWERS[::8][:12]:
            steps = solver.solve_word(conn, word, None, False)
            assert steps[-1]["guess"] == word and steps[-1]["hint"] == "22222"
            assert len(steps) == per_word[word], word
            assert steps[0]["guess"] == report["opener"]


def test_self_play_in_hard_mode_and_with_an_opener(small: URL) -> None:
    run = cli_runner(small)
    opener = ANSWERS[::8][5]
    result = run("solve", "--all", "--hard", "--opener", opener.upper())
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"opener {opener} (hard mode): ")
    word = run("solve", ANSWERS[8], "--hard", "--opener", opener)
    assert word.stdout.splitlines()[0].startswith(f"1. {opener} ")
    assert run("solve", "--all", "--opener", "zzzzz").exit_code == 1
    assert "must be an answer word" in run("solve", "aahed").stderr


# (answer, guesses) with repeated letters: hard mode must count them as the game does.
HARD_GAMES = [
    ("beech", ["geese"]),  # 02200: E twice, once in place
    ("alpha", ["llama"]),  # 02102: two A's and an L
    ("arise", ["eerie", "serve"]),
    ("amiss", ["sassy"]),  # 11020: two S's, one in place
]


def test_hard_mode_suggestions_are_the_guesses_hard_mode_allows(small: URL) -> None:
    """_wordle_rank's set-based filter agrees with wordle_hard_mode_violation on every word."""
    with db.connect(small) as conn:
        sql = "SELECT word FROM words WHERE CHAR_LENGTH(word) = 5"
        five = [r["word"] for r in db.query(conn, sql)]
        check = "SELECT wordle_hard_mode_violation(?, ?, ?)"
        for answer, guesses in HARD_GAMES:
            assert answer in ANSWERS[::8]
            pairs = [(g, reference_hint(answer, g)) for g in guesses]
            allowed = {
                w for w in five if all(db.scalar(conn, check, g, h, w) is None for g, h in pairs)
            }
            text = " ".join(f"{g}={h}" for g, h in pairs)
            suggested = solver.suggest(conn, text, None, None, hard=True, limit=100_000)
            assert suggested and suggested[0]["ranked"] == len(allowed) < len(five), answer
            assert {r["guess"] for r in suggested} == allowed, answer


# --- the hint codes: packed per guess, computed set-based by the build ---------------------


CHANNEL = "(SELECT id FROM channels WHERE name = COALESCE(?, wordle_setting('default_channel')))"


def stored_codes(conn: Connection, channel: str | None = None) -> dict[tuple[str, str], int]:
    """(answer, guess) -> code, decoded in Python from a channel's solver_codes (one byte a
    code up to five letters, two big-endian bytes beyond)."""
    letters = int(
        db.scalar(conn, f"SELECT letters FROM solver_state WHERE channel_id = {CHANNEL}", channel)
    )
    width = 1 if letters <= 5 else 2
    answers = [
        r["word"]
        for r in db.query(
            conn,
            "SELECT w.word FROM solver_answers a JOIN words w ON w.id = a.word_id "
            f"WHERE a.channel_id = {CHANNEL} ORDER BY a.answer_no",
            channel,
        )
    ]
    found: dict[tuple[str, str], int] = {}
    for row in db.query(
        conn,
        "SELECT w.word, c.codes FROM solver_codes c JOIN solver_guesses g "
        "USING (channel_id, guess_no) JOIN words w ON w.id = g.word_id "
        f"WHERE c.channel_id = {CHANNEL}",
        channel,
    ):
        codes = bytes(row["codes"])
        assert len(codes) == width * len(answers), row["word"]
        for n, answer in enumerate(answers):
            found[answer, row["word"]] = int.from_bytes(codes[width * n : width * (n + 1)], "big")
    return found


def checked_codes(url: URL, half: int) -> tuple[int, int]:
    """(pairs, wrong): how many stored codes of the answers numbered `half` modulo 2 were
    compared with wordle_hint, and how many differ from it."""
    with db.connect(url) as conn:
        row = db.query(
            conn,
            "SELECT COUNT(*) AS pairs, COALESCE(SUM(ASCII(SUBSTRING(c.codes, a.answer_no, 1)) "
            "       <> CONV(wordle_hint(aw.word, gw.word), 3, 10)), 0) AS wrong "
            "FROM solver_codes c "
            "JOIN solver_guesses g USING (channel_id, guess_no) JOIN words gw ON gw.id = g.word_id "
            "JOIN solver_answers a USING (channel_id) "
            "JOIN words aw ON aw.id = a.word_id "
            "WHERE a.answer_no % 2 = ?",
            half,
        )[0]
        return int(row["pairs"]), int(row["wrong"])


def test_build_codes_agree_with_wordle_hint_on_every_pair(small: URL) -> None:
    with db.connect(small) as conn:
        state = db.call_one(conn, "wordle_solver_prepare")
        codes = stored_codes(conn)
        assert len(codes) == state["answers"] * state["guesses"] > 300_000
        # Every pair, its answers in two halves (even and odd numbers) on two connections.
        with ThreadPoolExecutor(2) as pool:
            halves = list(pool.map(lambda half: checked_codes(small, half), (0, 1)))
        assert sum(pairs for pairs, _ in halves) == len(codes)
        assert [wrong for _, wrong in halves] == [0, 0]
        # The Python reference, on a part of them (duplicates and all).
        for (answer, guess), code in list(codes.items())[::97]:
            assert code == int(reference_hint(answer, guess), 3), (answer, guess)


@pytest.mark.parametrize("length", [7, 10])
def test_long_words_get_two_byte_codes_that_agree_with_the_reference(
    new_db: Callable[[], URL], length: int
) -> None:
    """Words of few letters (many repeats, accented letters) of 7 and 10 letters."""
    import random

    rng = random.Random(length)
    pool = sorted({"".join(rng.choices("aabeé", k=length)) for _ in range(400)})
    answers, others = pool[:60], pool[60:200]
    url = new_db()
    schema.migrate(url)
    with db.connect(url) as conn:
        channels.add(conn, f"long{length}", length)  # the default channel here
        settings.set_setting(conn, "default_channel", f"long{length}")
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(others, 1)], answers=False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], answers=True)
    state = solver.build(url, workers=2)
    assert (state["letters"], state["answers"], state["ready"]) == (length, len(answers), 1)
    with db.connect(url) as conn:
        codes = stored_codes(conn)
        assert len(codes) == len(answers) * (len(answers) + len(others))
        for (answer, guess), code in codes.items():
            assert code == int(reference_hint(answer, guess), 3), (answer, guess)
        # Suggestions read the two-byte codes: each group of candidates agrees with them.
        guess = solver.suggest(conn, None, None, None, limit=1)[0]["guess"]
        hint = reference_hint(answers[0], guess)
        left, found = solver.candidates(conn, f"{guess}={hint}", None, None)
        assert found == sorted(a for a in answers if codes[a, guess] == int(hint, 3))
        after = solver.suggest(conn, f"{guess}={hint}", None, None, limit=1)
        assert after[0]["candidates"] == left


def test_an_interrupted_build_resumes(new_db: Callable[[], URL]) -> None:
    """The client killed in the middle of a build: the next build keeps the guesses done."""
    import subprocess
    import sys
    import time

    url = new_db()
    schema.migrate(url)
    # The claim holds for any lists whose build takes many more steps than the five it waits
    # for: every 8th accepted word and every 4th answer make some 2,360 guesses (24 steps of
    # BUILD_BATCH) against 578 answers, a tenth of the codes of every 4th accepted word
    # against every answer, and still leave the kill well inside the build (asserted below).
    allowed = [w.strip() for w in words.bundled_path(words.BUNDLED_ALLOWED).open()][::8]
    with db.connect(url) as conn:
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(allowed, 1)], answers=False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(ANSWERS[::4], 1)], True)
    text = url.render_as_string(hide_password=False)
    process = subprocess.Popen(
        [sys.executable, "-m", "wordle_db", "--db-url", text, "solver", "build", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    done = 0
    with db.connect(url) as conn:
        deadline = time.monotonic() + 120
        while done < 5 * solver.BUILD_BATCH:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
            done = int(db.scalar(conn, "SELECT COUNT(*) FROM solver_guesses WHERE done"))
    process.kill()
    process.wait()
    with db.connect(url) as conn:
        total = int(db.scalar(conn, "SELECT COUNT(*) FROM solver_guesses"))
        done = int(db.scalar(conn, "SELECT COUNT(*) FROM solver_guesses WHERE done"))
    assert 5 * solver.BUILD_BATCH <= done < total
    assert total >= 20 * solver.BUILD_BATCH  # the lists above: the kill came well before the end
    seen: list[int] = []
    state = solver.build(url, workers=2, progress=lambda d, t: seen.append(d))
    assert state["ready"] and state["guesses_done"] == total
    assert min(seen) > done  # no step started again from nothing
    assert len(seen) <= -(-(total - done) // solver.BUILD_BATCH) + 2


def test_a_build_waits_without_spinning_while_another_session_holds_the_guesses(tiny: URL) -> None:
    """Every guess left is claimed by another build (a transaction holds them here): a step
    claims nothing and waits for no lock, each of a build's sessions stops after such a step,
    the build waits, and it ends ready once the other lets go."""
    with db.connect(tiny) as conn:
        words.import_lines(conn, [(1, "cab", 0)], answers=True)
        assert not db.call_one(conn, "wordle_solver_prepare_on", None)["ready"]
    seen: list[int] = []
    with db.connect(tiny) as holder, ThreadPoolExecutor(1) as pool:
        holder.exec_driver_sql("START TRANSACTION")
        held = db.query(holder, "SELECT guess_no FROM solver_guesses WHERE NOT done FOR UPDATE")
        assert len(held) == 7
        with db.connect(tiny) as other:  # a wait would be a lock wait timeout (1205)
            db.query(other, "SET SESSION innodb_lock_wait_timeout = 1")
            step = db.call_one(other, "wordle_solver_build_on", None, 100)
        assert (step["claimed"], step["guesses_done"], step["ready"]) == (0, 0, 0)
        building = pool.submit(solver.build, tiny, 2, lambda d, t: seen.append(d))
        time.sleep(1.5)  # the old loop asked again and again: a dozen steps by now
        assert not building.done()
        assert seen == [0, 0]  # one step each, nothing claimed
        holder.exec_driver_sql("ROLLBACK")
        state = building.result(timeout=60)
    assert (state["guesses_done"], state["guesses"], state["ready"]) == (7, 7, 1)
    assert seen == [0, 0]


def test_hard_self_play_only_plays_guesses_hard_mode_allows(small: URL) -> None:
    """Every position of a hard-mode run: its guess keeps the rules after every hint so far."""
    run = cli_runner(small)
    result = run("solve", "--all", "--hard", "--json")
    assert result.exit_code == 0, result.output
    import json

    report = json.loads(result.stdout)
    assert report["failures"] == 0 and report["worst"] <= 6
    check = "SELECT wordle_hard_mode_violation(?, ?, ?)"
    with db.connect(small) as conn:
        nodes = db.query(
            conn,
            "SELECT n.history, w.word FROM solver_nodes n JOIN solver_guesses g "
            "USING (guess_no) JOIN words w ON w.id = g.word_id "
            "WHERE n.run_id = ? AND n.history <> ''",
            report["run"],
        )
        assert len(nodes) > 100
        for node in nodes:
            for pair in node["history"].split():
                guess, hint = pair.split("=")
                assert db.scalar(conn, check, guess, hint, node["word"]) is None, node


# --- one solver per channel ----------------------------------------------------------------

SIX_ANSWERS = ["planet", "garden", "silver", "breeze", "candle", "frozen", "pardon", "sliver"]
SIX_OTHERS = ["plants", "danger", "livers", "rental"]
SOLVER_TABLES = [
    "solver_state",
    "solver_answers",
    "solver_guesses",
    "solver_letters",
    "solver_codes",
    "solver_runs",
    "solver_nodes",
    "solver_node_answers",
    "solver_results",
]


def add_six(conn: Connection, name: str = "six") -> None:
    """A channel of 6-letter words with a dozen words of its own."""
    channels.add(conn, name, 6)
    words.import_lines(conn, [(n, w, 0) for n, w in enumerate(SIX_ANSWERS, 1)], True, channel=name)
    words.import_lines(conn, [(n, w, 0) for n, w in enumerate(SIX_OTHERS, 1)], False, channel=name)


def solver_rows(conn: Connection, channel: str) -> dict[str, int]:
    return {
        table: int(
            db.scalar(
                conn,
                f"SELECT COUNT(*) FROM {table} WHERE channel_id = "
                "(SELECT id FROM channels WHERE name = ?)",
                channel,
            )
        )
        for table in SOLVER_TABLES
    }


def fingerprint(conn: Connection, channel: str) -> tuple[Any, ...]:
    """A channel's build: its state row, numbering, opening ranking and codes."""
    channel_id = "(SELECT id FROM channels WHERE name = ?)"
    return (
        db.query(conn, f"SELECT * FROM solver_state WHERE channel_id = {channel_id}", channel),
        db.query(
            conn,
            "SELECT guess_no, word_id, opening_rank FROM solver_guesses "
            f"WHERE channel_id = {channel_id} ORDER BY guess_no",
            channel,
        ),
        db.query(
            conn,
            "SELECT answer_no, word_id FROM solver_answers "
            f"WHERE channel_id = {channel_id} ORDER BY answer_no",
            channel,
        ),
        db.query(
            conn,
            "SELECT guess_no, SHA1(codes) AS digest FROM solver_codes "
            f"WHERE channel_id = {channel_id} ORDER BY guess_no",
            channel,
        ),
    )


def test_each_channel_has_its_own_solver(small: URL) -> None:
    """The default channel (5 letters, sampled bundled lists) and a 6-letter channel built side
    by side: each solver reads only its own channel's words, and building one leaves the
    other as it was."""
    with db.connect(small) as conn:
        add_six(conn)
        sql_error(
            lambda: solver.suggest(conn, None, None, None, channel="six"), "WD051", "not built"
        )
        en_before = solver.suggest(conn, "crane=00000", None, None, limit=5)
        en_build = fingerprint(conn, "en")
    state = solver.build(small, workers=2, channel="six")
    assert (state["letters"], state["answers"], state["guesses"], state["ready"]) == (6, 8, 12, 1)
    with db.connect(small) as conn:
        assert fingerprint(conn, "en") == en_build
        assert solver.suggest(conn, "crane=00000", None, None, limit=5) == en_before
        codes = stored_codes(conn, "six")
        assert len(codes) == 8 * 12
        for (answer, guess), code in codes.items():
            assert code == int(reference_hint(answer, guess), 3), (answer, guess)
        # Candidates, suggestions and games of six: six's words only.
        hint = reference_hint("garden", "planet")
        total, found = solver.candidates(conn, f"planet={hint}", None, None, channel="six")
        assert found == sorted(w for w in SIX_ANSWERS if reference_hint(w, "planet") == hint)
        assert total == len(found) >= 1
        ranked = solver.suggest(conn, None, None, None, limit=100, channel="six")
        assert {r["guess"] for r in ranked} == set(SIX_ANSWERS + SIX_OTHERS)
        after = solver.suggest(conn, f"planet={hint}", None, None, limit=100, channel="six")
        assert {r["guess"] for r in after} <= set(SIX_ANSWERS + SIX_OTHERS)
        assert after[0]["candidates"] == total
        for answer in SIX_ANSWERS:
            steps = solver.solve_word(conn, answer, None, False, channel="six")
            assert steps[-1]["guess"] == answer, steps
            assert all(s["hint"] == reference_hint(answer, s["guess"]) for s in steps), steps
        report = solver.solve_all(conn, None, False, channel="six")
        assert (report["games"], report["solved"], report["failures"]) == (8, 8, 0)
        assert report["opener"] in SIX_ANSWERS + SIX_OTHERS
        en_report = solver.solve_all(conn, None, False)
        assert (en_report["games"], en_report["solved"]) == (len(ANSWERS[::8]),) * 2
        # Neither channel knows the other's words.
        sql_error(
            lambda: solver.solve_word(conn, "cynic", None, False, channel="six"),
            "WD053",
            "must be an answer word",
        )
        sql_error(
            lambda: solver.solve_word(conn, "garden", None, False),
            "WD053",
            "must be an answer word",
        )
        assert solver.candidates(conn, "planet=222222", None, None) == (0, [])
        assert solver.candidates(conn, "crane=22222", None, None, channel="six") == (0, [])
        six_build = fingerprint(conn, "six")
        # A new answer word of en makes en's build stale; rebuilding en leaves six as it was.
        words.import_lines(conn, [(1, "zesty", 0)], True)
        sql_error(lambda: solver.suggest(conn, "crane=00000", None, None), "WD051", "not built")
        assert solver.suggest(conn, None, None, None, limit=3, channel="six") == ranked[:3]
    state = solver.build(small, workers=2)
    assert (state["letters"], state["answers"], state["ready"]) == (5, len(ANSWERS[::8]) + 1, 1)
    with db.connect(small) as conn:
        assert fingerprint(conn, "six") == six_build
        assert solver.solve_all(conn, None, False, channel="six")["solved"] == 8
        sql_error(
            lambda: solver.suggest(conn, None, None, None, channel="nope"),
            "WD060",
            "there is no channel 'nope'",
        )


def test_a_players_game_is_read_in_its_channel(small: URL) -> None:
    with db.connect(small) as conn:
        add_six(conn)
        row = game.play(conn, "ann", "plants", channel="six")
        expected = sorted(w for w in SIX_ANSWERS if reference_hint(w, "plants") == row["hint"])
        assert solver.candidates(conn, None, "ann", None, channel="six")[1] == expected
        # ann has no guess today in en: there every answer word of en is still possible.
        assert solver.candidates(conn, None, "ann", None)[1] == sorted(ANSWERS[::8])
    solver.build(small, workers=1, channel="six")
    with db.connect(small) as conn:
        rows = solver.suggest(conn, None, "ann", None, limit=20, channel="six")
        assert rows[0]["candidates"] == len(expected)
        assert {r["guess"] for r in rows} <= set(SIX_ANSWERS + SIX_OTHERS)


def test_removing_a_channel_removes_its_solver(new_db: Callable[[], URL]) -> None:
    url = new_db()
    schema.migrate(url)
    with db.connect(url) as conn:
        add_six(conn)
    solver.build(url, workers=1, channel="six")
    with db.connect(url) as conn:
        solver.solve_all(conn, None, True, channel="six")
        rows = solver_rows(conn, "six")
        assert all(rows[t] > 0 for t in SOLVER_TABLES), rows
        six_id = db.scalar(conn, "SELECT id FROM channels WHERE name = 'six'")
        assert channels.remove(conn, "six")["channel"] == "six"
        for table in SOLVER_TABLES:
            assert (
                db.scalar(conn, f"SELECT COUNT(*) FROM {table} WHERE channel_id = ?", six_id) == 0
            ), table


def test_the_solver_commands_take_a_channel(small: URL) -> None:
    run = cli_runner(small)
    with db.connect(small) as conn:
        add_six(conn)
    built = run("solver", "build", "--channel", "six", "--workers", "1")
    assert built.exit_code == 0, built.output
    assert "solver ready: 12 guesses x 8 answers (6 letters)" in built.stdout
    hint = reference_hint("garden", "planet")
    found = run("candidates", "--channel", "six", f"planet={hint}")
    assert found.stdout.split() == sorted(
        w for w in SIX_ANSWERS if reference_hint(w, "planet") == hint
    )
    env = run("candidates", "--count", f"planet={hint}", env={"WORDLE_DB_CHANNEL": "six"})
    assert env.stdout.strip() == str(len(found.stdout.split()))
    suggested = run("suggest", "--channel", "six", "--json", f"planet={hint}")
    assert suggested.exit_code == 0, suggested.output
    rows = json.loads(suggested.stdout)
    assert rows and {r["guess"] for r in rows} <= set(SIX_ANSWERS + SIX_OTHERS)
    solved = run("solve", "--channel", "six", "frozen")
    assert solved.stdout.strip().splitlines()[-1].split()[1] == "frozen"
    every = run("solve", "--channel", "six", "--all", "--hard")
    assert "8 games" in every.stdout and "(hard mode)" in every.stdout
    unknown = run("suggest", "--channel", "nope", "crane=00000")
    assert unknown.exit_code == 1
    assert unknown.stderr.startswith("Error: there is no channel 'nope'")


CHAIN = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]


def test_hard_mode_opens_with_no_chain_it_cannot_split(new_db: Callable[[], URL]) -> None:
    """After TRACE=10120 seven _atch words are left and every guess hard mode allows tells
    them apart one at a time: an opening that leaves max_tries or more answers differing at
    one position only comes, in hard mode's order, after every opening that does not."""
    url = new_db()
    schema.migrate(url)
    answers = [*CHAIN, "crane", "sloth", "pious", "dumpy", "fjord", "vivid"]
    others = ["trace", "chump", "blimp", "whelk", "gawky"]
    with db.connect(url) as conn:
        channels.add(conn, "chains", 5)
        settings.set_setting(conn, "default_channel", "chains")
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(others, 1)], answers=False)
        words.import_lines(conn, [(n, w, 0) for n, w in enumerate(answers, 1)], answers=True)
    solver.build(url, workers=1)

    def trapped(opening: str) -> bool:
        parts: dict[str, list[str]] = {}
        for answer in answers:
            parts.setdefault(reference_hint(answer, opening), []).append(answer)
        return any(
            len(part) >= 6 and sum(len({w[i] for w in part}) > 1 for i in range(5)) == 1
            for part in parts.values()
        )

    with db.connect(url) as conn:
        rows = db.query(
            conn,
            "SELECT w.word, g.opening_rank, g.hard_rank "
            "FROM solver_guesses g JOIN words w ON w.id = g.word_id "
            "ORDER BY g.opening_rank",
        )
        assert trapped("trace") and not trapped("chump")
        expected = sorted(rows, key=lambda r: (trapped(r["word"]), r["opening_rank"]))
        assert [r["word"] for r in sorted(rows, key=lambda r: r["hard_rank"])] == [
            r["word"] for r in expected
        ]
        first_hard = expected[0]["word"]
        assert solver.solve_word(conn, "watch", None, True)[0]["guess"] == first_hard
        assert solver.suggest(conn, None, None, None, hard=True, limit=1)[0]["guess"] == first_hard
        assert solver.solve_word(conn, "watch", None, False)[0]["guess"] == rows[0]["word"]
        report = solver.solve_all(conn, None, True)
        assert (report["opener"], report["solved"]) == (first_hard, len(answers))


def test_candidates_say_when_nothing_fits(run: Invoke) -> None:
    """Contradictory hints: one sentence, not an empty line (suggest says the same)."""
    result = run("candidates", "crane=22222", "slate=22222")
    assert result.exit_code == 0 and result.output == "no answer word fits these hints\n"


def test_suggest_states_its_order(tiny: URL) -> None:
    result = cli_runner(tiny)("suggest", "aaa=200")
    assert result.exit_code == 0, result.output
    head, columns, *rows = result.output.splitlines()
    assert "best first: fewest candidates expected to be left" in head
    assert columns.split()[:3] == ["guess", "expected", "left"]
    left = [float(row.split()[-2]) for row in rows]
    assert left == sorted(left) and len(rows) == 6
    assert rows[0].split()[1] == "*"  # on a tie, a guess that may be the answer first
