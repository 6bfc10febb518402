"""wordle_hint and wordle_hint_rows against an independent Python reference."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy.engine import URL, Connection

from wordle_db import db
from wordle_db.errors import DatabaseError

from support.puzzles import reference_hint
from support.sessions import PRESETS

PUBLISHED = [
    ("abbey", "kebab", "01211"),
    ("bossy", "sassy", "00222"),
    ("elder", "error", "20002"),
    ("maria", "ferry", "00200"),
    ("essay", "sease", "11110"),
    ("dread", "added", "11012"),
    ("rebut", "reset", "22002"),
    ("crane", "crane", "22222"),
    ("cynic", "cecum", "20100"),
    ("yabba", "bobby", "00221"),
    ("ABBEY", "kebab", "01211"),
    ("abbey", "KeBaB", "01211"),
]
ACCENTED = [
    ("crème", "creme", "22022"),
    ("CRÈME", "crème", "22222"),
    ("Éclat", "éCLAT", "22222"),
    ("éclat", "eclat", "02222"),
    ("straße", "strasse"[:6], "222200"),
    ("äbcde", "aäxyz", "01000"),
    ("добро", "бодро", "12122"),
    ("ñandú", "ÑANDU", "22220"),
]


def rows_hint(conn: Connection, answer: str | None, guess: str | None) -> str:
    return "".join(str(r["state"]) for r in db.call(conn, "wordle_hint_rows", answer, guess))


def test_reference_agrees_with_the_published_cases() -> None:
    for answer, guess, expected in PUBLISHED + ACCENTED:
        assert reference_hint(answer, guess) == expected, (answer, guess)


@pytest.mark.parametrize(("answer", "guess", "expected"), PUBLISHED + ACCENTED)
def test_function_and_rows_give_the_published_hints(
    conn: Connection, answer: str, guess: str, expected: str
) -> None:
    assert db.scalar(conn, "SELECT wordle_hint(?, ?)", answer, guess) == expected
    assert rows_hint(conn, answer, guess) == expected


def test_rows_are_position_letter_state(conn: Connection) -> None:
    rows = db.call(conn, "wordle_hint_rows", "abbey", "KEBAB")
    assert [(r["position"], r["letter"], r["state"]) for r in rows] == [
        (1, "k", 0),
        (2, "e", 1),
        (3, "b", 2),
        (4, "a", 1),
        (5, "b", 1),
    ]


def test_locate_style_yellow_is_not_given_for_a_used_up_letter(conn: Connection) -> None:
    # MARIA/FERRY: the answer's only R is green, so the first R of FERRY is grey (00200).
    assert db.scalar(conn, "SELECT wordle_hint('maria', 'ferry')") == "00200"


def test_null_in_gives_null_and_no_rows(conn: Connection) -> None:
    assert db.scalar(conn, "SELECT wordle_hint(NULL, 'crane')") is None
    assert db.scalar(conn, "SELECT wordle_hint('crane', NULL)") is None
    assert db.call(conn, "wordle_hint_rows", None, "crane") == []
    assert db.call(conn, "wordle_hint_rows", "crane", None) == []


@pytest.mark.parametrize(
    ("answer", "guess", "message"),
    [
        ("crane", "cranes", "same number of letters"),
        ("abc", "ab", "same number of letters"),
        ("cr4ne", "crane", "words of letters"),
        ("crane", "cr ne", "words of letters"),
        ("", "", "words of letters"),
        ("crane", "cran]", "words of letters"),
        ("z-a", "abc", "words of letters"),  # what would make a bad character class
        ("cr\\Qne", "crane", "words of letters"),
        ("\\p", "ab", "words of letters"),
        pytest.param(
            "abcde", "abcd\n", "words of letters", marks=pytest.mark.found_by("review of 0061")
        ),
    ],
)
def test_bad_input_raises_the_same_error_from_both(
    conn: Connection, answer: str, guess: str, message: str
) -> None:
    for call in (
        lambda: db.scalar(conn, "SELECT wordle_hint(?, ?)", answer, guess),
        lambda: db.call(conn, "wordle_hint_rows", answer, guess),
    ):
        with pytest.raises(Exception, match=message) as raised:
            call()
        assert raised.value.sqlstate in ("WD001", "WD002")


# Text an application may send, built from what a regular expression or its character class
# reads as syntax, letters and marks the class holds, and the NUL byte.
HOSTILE_ALPHABET = [
    "a",
    "b",
    "é",
    "\u0301",
    "\\",
    "E",
    "Q",
    "]",
    "[",
    "^",
    "-",
    ":",
    "(",
    ".",
    "*",
    "\0",
]


def outcome(work: Callable[..., Any], *args: Any) -> Any:
    """The call's result, or the SQLSTATE that refused it."""
    try:
        return work(*args)
    except DatabaseError as exc:
        return exc.sqlstate


@pytest.mark.found_by("migration 0061: the class built from any answer")
def test_hostile_text_gets_one_answer_from_both(conn: Connection) -> None:
    """1,500 pairs (a fixed seed) of 1 to 6 characters of HOSTILE_ALPHABET, of one length or
    not: wordle_hint and wordle_hint_rows give the same hint or refuse with the same SQLSTATE
    (WD001 or WD002), never a raw error; a pair of words of letters gets the reference hint."""
    rng = random.Random(20261128)
    for _ in range(1500):
        size = rng.randint(1, 6)
        answer = "".join(rng.choices(HOSTILE_ALPHABET, k=size))
        guess = "".join(rng.choices(HOSTILE_ALPHABET, k=rng.choice([size, size, size + 1])))
        got = outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", answer, guess)
        rows = outcome(rows_hint, conn, answer, guess)
        assert got == rows, (answer, guess, got, rows)
        if got not in ("WD001", "WD002"):
            assert got == reference_hint(answer, guess), (answer, guess, got)


def test_long_words_and_a_low_recursion_limit(conn: Connection) -> None:
    answer, guess = "abcdefghijklmnopqrstuvwxyzabcdef", "fedcbazyxwvutsrqponmlkjihgfedcba"
    assert db.scalar(conn, "SELECT wordle_hint(?, ?)", answer, guess) == reference_hint(
        answer, guess
    )
    conn.exec_driver_sql("SET SESSION max_recursive_iterations = 3")
    assert rows_hint(conn, answer, guess) == reference_hint(answer, guess)
    assert db.scalar(conn, "SELECT @@max_recursive_iterations") == 3


ABC = ["".join(p) for p in itertools.product("abc", repeat=5)]


def test_function_agrees_with_reference_on_every_abc_pair(conn: Connection) -> None:
    """All 243 x 243 = 59,049 pairs of 5-letter words over {a, b, c}, in one query."""
    conn.exec_driver_sql(
        "CREATE TEMPORARY TABLE abc (word VARCHAR(5) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_nopad_bin PRIMARY KEY)"
    )
    db.executemany(conn, "INSERT INTO abc VALUES (?)", [(w,) for w in ABC])
    rows = db.query(
        conn,
        "SELECT a.word AS answer, g.word AS guess, wordle_hint(a.word, g.word) AS hint "
        "FROM abc a CROSS JOIN abc g",
    )
    assert len(rows) == 59_049
    wrong = [r for r in rows if r["hint"] != reference_hint(r["answer"], r["guess"])]
    assert wrong == []


# An anonymous block CALLs the procedure once per pair, as a client would, and the client reads
# every CALL's result set in order: one round trip for thousands of CALLs instead of one each.
EACH_PAIR_CALLED = (
    "BEGIN NOT ATOMIC "
    "FOR pair IN (SELECT a.word AS answer, g.word AS guess FROM answers a CROSS JOIN abc g "
    "ORDER BY a.word, g.word) DO CALL wordle_hint_rows(pair.answer, pair.guess); END FOR; "
    "END"
)


def rows_hints_of_every_guess(db_url: URL, answers: list[str]) -> list[tuple[str, str, str]]:
    """(answer, guess, hint from wordle_hint_rows) for each answer and every guess in ABC, on a
    connection of its own: one CALL of the procedure per pair."""
    with db.connect(db_url) as conn:
        cursor = conn.connection.dbapi_connection.cursor()
        for table, words in (("answers", answers), ("abc", ABC)):
            cursor.execute(
                f"CREATE TEMPORARY TABLE {table} (word VARCHAR(5) CHARACTER SET utf8mb4 "
                "COLLATE utf8mb4_nopad_bin PRIMARY KEY)"
            )
            cursor.executemany(f"INSERT INTO {table} VALUES (?)", [(w,) for w in words])
        pairs = iter([(a, g) for a in sorted(answers) for g in sorted(ABC)])
        got = []
        cursor.execute(EACH_PAIR_CALLED)
        while True:
            if cursor.description is not None:  # a CALL's rows (the block's own status has none)
                rows = cursor.fetchall()
                answer, guess = next(pairs)
                # The rows spell the guess: the result sets line up with the pairs.
                assert "".join(row[1] for row in rows) == guess, (answer, guess, rows)
                got.append((answer, guess, "".join(str(row[2]) for row in rows)))
            if not cursor.nextset():
                break
        cursor.close()
    assert next(pairs, None) is None  # a result set for every pair
    return got


def test_rows_agree_with_reference_on_every_abc_pair(db_url: URL) -> None:
    """The CTE procedure, called for each of the 59,049 pairs (two connections, each CALLing it
    for the pairs of half of the answers)."""
    halves = [ABC[0::2], ABC[1::2]]
    with ThreadPoolExecutor(len(halves)) as pool:
        results = list(pool.map(lambda half: rows_hints_of_every_guess(db_url, half), halves))
    checked = {(answer, guess) for result in results for answer, guess, _ in result}
    assert len(checked) == sum(map(len, results)) == 59_049
    wrong = [r for result in results for r in result if r[2] != reference_hint(r[0], r[1])]
    assert wrong == []


# Letters of every plane and kind a caller may send: 4-byte letters (mathematical script,
# Deseret), titlecase digraphs, ligatures, dotless i, combining marks (alone or after a letter).
# Letters whose lower case differs between Python and MariaDB (final sigma, dotted capital I,
# capital Deseret) stay out, so the reference applies.
PLANES_ALPHABET = ["a", "b", "A", "é", "ß", "𝒜", "𝒞", "𝓏", "𐐨", "ǅ", "ǆ", "ǈ", "ﬀ", "ﬃ", "ı", "ᾼ"]
PLANES_ALPHABET += ["\u0301", "\u0308", "\u0345"]


@pytest.mark.found_by("review of 0061: held")
def test_letters_of_every_plane_get_one_answer_from_both(conn: Connection) -> None:
    """600 pairs (a fixed seed) of 1 to 32 letters and marks of PLANES_ALPHABET, some letters
    repeated many times: wordle_hint, wordle_hint_rows and the reference give one hint."""
    rng = random.Random(20261129)
    for _ in range(600):
        size = rng.randint(1, 32)
        alphabet = PLANES_ALPHABET[: rng.randint(2, len(PLANES_ALPHABET))]
        answer = "".join(rng.choices(alphabet, k=size))
        guess = "".join(rng.choices(alphabet, k=size))
        got = outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", answer, guess)
        assert got == outcome(rows_hint, conn, answer, guess), (answer, guess)
        assert got == reference_hint(answer, guess), (answer, guess, got)


# Each argument as another application may pass it: in another character set or collation.
PASSED_AS = [
    "CONVERT(? USING latin1)",
    "CONVERT(? USING ucs2)",
    "CONVERT(? USING utf16)",
    "CONVERT(? USING utf32)",
    "CONVERT(? USING utf8mb3)",
    "CAST(? AS BINARY)",
    "? COLLATE utf8mb4_unicode_ci",
    "? COLLATE utf8mb4_turkish_ci",
    "? COLLATE utf8mb4_general_nopad_ci",
    "CONVERT(? USING utf16) COLLATE utf16_spanish2_ci",
]


@pytest.mark.found_by("review of 0061: held")
@pytest.mark.parametrize("passed_as", PASSED_AS)
def test_other_character_sets_and_collations_give_the_same_hint(
    conn: Connection, passed_as: str
) -> None:
    """Words a latin-1 text holds (repeated letters, accents, upper case) and bad input: the
    hint or the SQLSTATE of the same words sent as utf8mb4."""
    pairs = [("ABBEY", "kebab"), ("crème", "CRÈME"), ("ñandú", "ÑANDU"), ("essay", "SEASE")]
    pairs += [("élève", "ÉLÈVE"), ("straße", "strass"), ("ab", "a]"), ("cr4ne", "crane")]
    for answer, guess in pairs:
        expected = outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", answer, guess)
        for sql in (
            f"SELECT wordle_hint({passed_as}, {passed_as})",
            f"CALL wordle_hint_rows({passed_as}, {passed_as})",
        ):
            got = outcome(db.query, conn, sql, answer, guess)
            if not isinstance(got, str):  # rows: the hint's one value, or its digits
                got = "".join(str(list(row.values())[-1]) for row in got)
            assert got == expected, (passed_as, sql, answer, guess, got)


# Pairs whose answer a session's regular expression flags could change: repeated letters (the
# counting pattern's quantifier), words on several lines (^ and $), hostile text.
FLAG_PROBES = [
    ("abbey", "kebab"),
    ("essay", "sease"),
    ("dread", "added"),
    ("yabba", "bobby"),
    ("crane", "crane"),
    ("abcde", "abcd\n"),
    ("a\nb", "abc"),
    ("a\n((", "((\nb"),
    ("a\n]]", "]]\nb"),
    ("ab c", "ab c"),
    ("a#bb", "bba#"),
]


@pytest.mark.parametrize(
    "flags",
    [
        pytest.param(flags, marks=pytest.mark.found_by("review of 0061: held"))
        for flags in ("DOTALL", "EXTENDED", "DUPNAMES", "DOTALL,EXTENDED,DUPNAMES")
    ]
    + [
        pytest.param(flags, marks=pytest.mark.found_by("review of 0061"))
        for flags in ("UNGREEDY", "MULTILINE", "EXTRA")
    ],
)
def test_regex_flags_of_the_session_change_no_hint(conn: Connection, flags: str) -> None:
    """A session's default_regex_flags (any account may set them): wordle_hint and
    wordle_hint_rows give what a clean session gets (or refuse with WD012), never a raw
    error."""
    expected = [outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", a, g) for a, g in FLAG_PROBES]
    conn.exec_driver_sql(f"SET SESSION default_regex_flags = '{flags}'")
    for (answer, guess), clean in zip(FLAG_PROBES, expected, strict=True):
        for got in (
            outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", answer, guess),
            outcome(rows_hint, conn, answer, guess),
        ):
            assert got in (clean, "WD012"), (flags, answer, guess, clean, got)


@pytest.mark.parametrize(
    "preset",
    [
        pytest.param(name, marks=pytest.mark.found_by("review of 0061: held"))
        for name, _ in PRESETS
        # MULTILINE: test_regex_flags_of_the_session_change_no_hint
        if name not in ("regex flags", "join size", "session memory")
    ]
    + [
        pytest.param(name, marks=pytest.mark.found_by("review of 0061"))
        for name in ("join size", "session memory")
    ],
)
def test_hostile_sessions_get_the_clean_sessions_hints(conn: Connection, preset: str) -> None:
    """Every hostile session preset of support/sessions.py (wordle_hint is a function any
    account calls in its own session, which no session check refuses): FLAG_PROBES and the
    published pairs get what a clean session gets from wordle_hint and wordle_hint_rows, or
    the session's refusal (WD012) as every procedure gives it."""
    probes = FLAG_PROBES + [(a, g) for a, g, _ in PUBLISHED + ACCENTED]
    clean = [outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", a, g) for a, g in probes]
    for statement in dict(PRESETS)[preset]:
        conn.exec_driver_sql(statement)
    for (answer, guess), expected in zip(probes, clean, strict=True):
        got = outcome(db.scalar, conn, "SELECT wordle_hint(?, ?)", answer, guess)
        assert got in (expected, "WD012"), (preset, answer, guess, got)
        got = outcome(rows_hint, conn, answer, guess)
        assert got in (expected, "WD012"), (preset, answer, guess, got)
