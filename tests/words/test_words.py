"""Word lists: the bundled lists, imports with bad lines, normalisation, re-imports."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from sqlalchemy.engine import Connection

from wordle_db import channels, db, words

from support.databases import Invoke


def count(conn: Connection, where: str = "TRUE") -> int:
    return int(db.scalar(conn, f"SELECT COUNT(*) FROM words WHERE {where}"))


def test_bundled_lists_are_loaded(conn: Connection) -> None:
    assert count(conn) == 14_855
    assert count(conn, "id IN (SELECT word_id FROM channel_words WHERE is_answer)") == 2_309
    assert db.scalar(conn, "SELECT COUNT(*) FROM answer_pool") == 2_309
    alphabet = "SELECT GROUP_CONCAT(letter ORDER BY letter SEPARATOR '') FROM letters"
    assert db.scalar(conn, alphabet) == "abcdefghijklmnopqrstuvwxyz"


def test_init_twice_changes_nothing(run: Invoke, conn: Connection) -> None:
    before = db.query(conn, "SELECT * FROM words ORDER BY id")
    result = run("init")
    assert result.exit_code == 0, result.output
    assert "added 0 words, 0 answer words; now 14855 words, 2309 answers" in result.output
    assert db.query(conn, "SELECT * FROM words ORDER BY id") == before


def test_import_adds_good_lines_names_bad_ones_and_reimport_adds_nothing(
    run: Invoke, conn: Connection, tmp_path: Path
) -> None:
    path = tmp_path / "mine.txt"
    long_word = "a" * 33
    path.write_bytes(
        "Zorbs\n\nhello world\nQuïçé\n12345\n  zibbo  \ncrane\nzorbs\n".encode()
        + long_word.encode()
        + b"\n"
        + "emoji😀\nplanet\n".encode()
    )
    result = run("words", "import", str(path))
    assert result.exit_code == 0, result.output
    assert "3 words added" in result.stdout  # zorbs, quïçé, zibbo (crane was known)
    for line, reason in [
        (3, "not a single word"),
        (5, "not a single word"),
        (9, "not 5 letters (the channel's length)"),
        (10, "not a single word"),
        (11, "not 5 letters (the channel's length)"),
    ]:
        assert f"mine.txt:{line}: rejected" in result.stderr
        assert reason in result.stderr.split(f"mine.txt:{line}: rejected", 1)[1].splitlines()[0]
    assert "5 lines rejected" in result.stdout
    assert count(conn, "word IN ('zorbs', 'quïçé', 'zibbo')") == 3
    assert count(conn) == 14_858

    again = run("words", "import", str(path))
    assert again.exit_code == 0
    assert "0 words added" in again.stdout
    assert count(conn) == 14_858


def test_a_file_that_is_not_utf8_text_is_refused_whole(
    run: Invoke, conn: Connection, tmp_path: Path
) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(b"zorbs\nzibbo\n\xff\xfebad\nzubbo\n")
    result = run("words", "import", str(path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"Error: {path}:3: not a text file: not valid UTF-8 (invalid start byte); nothing imported"
    )
    assert count(conn, "word IN ('zorbs', 'zibbo', 'zubbo')") == 0


def test_words_are_stored_nfc_and_lowercase(conn: Connection) -> None:
    decomposed = unicodedata.normalize("NFD", "ZÈTRA")
    result = words.import_lines(
        conn, [(1, words.normalise(decomposed), 0), (2, "zètra", 0), (3, "zetra", 0)], answers=False
    )
    assert result.added == 2  # zètra twice (NFD upper-case and NFC); zetra: è is not e
    assert count(conn, "word = 'zètra'") == 1
    assert count(conn, "word = 'zetra'") == 1


def test_answers_join_the_pool_and_known_words_can_become_answers(conn: Connection) -> None:
    pool = int(db.scalar(conn, "SELECT COUNT(*) FROM answer_pool"))
    answers = "(SELECT word_id FROM channel_words WHERE is_answer)"
    assert count(conn, f"word = 'aahed' AND NOT id IN {answers}") == 1
    result = words.import_lines(conn, [(1, "aahed", 0), (2, "zzyzx", 0)], answers=True)
    assert (result.added, result.answers_added) == (1, 2)
    assert db.scalar(conn, "SELECT COUNT(*) FROM answer_pool") == pool + 2
    slots = [r["slot"] for r in db.query(conn, "SELECT slot FROM answer_pool ORDER BY slot")]
    assert slots == list(range(1, pool + 3))


def test_other_scripts_are_letters(conn: Connection) -> None:
    channels.add(conn, "hi", 6, language="hi")
    result = words.import_lines(conn, [(1, "добро", 0), (2, "ab-cd", 0)], False)
    assert result.added == 1
    assert [r.line for r in result.rejected] == [2]
    hindi = words.import_lines(conn, [(1, "नमस्ते", 0)], False, channel="hi")  # letters and marks
    assert (hindi.added, hindi.rejected) == (1, [])
    assert db.query(
        conn,
        "SELECT channel_id, letter FROM letters WHERE letter IN ('д', 'न') ORDER BY channel_id",
    ) == [{"channel_id": 1, "letter": "д"}, {"channel_id": 2, "letter": "न"}]


def test_a_failed_import_changes_nothing(conn: Connection) -> None:
    db.call(conn, "wordle_import_begin")
    conn.exec_driver_sql("INSERT INTO word_import (line, word) VALUES (1, 'newone')")
    conn.exec_driver_sql("DROP TABLE answer_pool")  # make the merge fail halfway
    try:
        db.call(conn, "wordle_import_words", True)
    except Exception as exc:
        assert "answer_pool" in str(exc)
    else:
        raise AssertionError("the import should have failed")
    assert count(conn, "word = 'newone'") == 0
