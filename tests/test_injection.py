"""Hostile input through every routine and CLI command: refused or stored as data, never run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.errors import DatabaseError

from support.databases import Invoke
from support.puzzles import set_word, today

HOSTILE = [
    "'; DROP TABLE words; --",
    "crane' OR '1'='1",
    '" OR ""="',
    "`words`",
    "\\'; SELECT SLEEP(3); #",
    "%",
    "_____",
    "\\",
    "cr\x00ne",
    "' UNION SELECT word FROM words --",
    "crane\u200b",
    "ｃｒａｎｅ",
    "🙂🙂🙂🙂🙂",
    "$(rm -rf /)",
    "a" * 300,
    "\x1b[31mred",
]
# Rows a routine may legitimately write with a hostile string as data: a player's name; and
# the minute-long cache of what the calling account may do (_wordle_caller_role).
DATA_TABLES = {
    "players",
    "games",
    "attempts",
    "revealed_letters",
    "caller_roles",
    "player_access",
}  # what a move writes (a kept access decision too)


def fingerprint(conn: Connection) -> dict[str, Any]:
    """The schema (every object's definition) and a checksum of every other table."""
    tables = [
        r["t"]
        for r in db.query(
            conn,
            "SELECT TABLE_NAME AS t FROM information_schema."
            "TABLES WHERE TABLE_SCHEMA = DATABASE() AND "
            "TABLE_TYPE = 'BASE TABLE'",
        )
    ]
    sums = {
        t: db.query(conn, f"CHECKSUM TABLE `{t}`")[0]["Checksum"]
        for t in tables
        if t not in DATA_TABLES
    }
    routines = db.query(
        conn,
        "SELECT ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema."
        "ROUTINES WHERE ROUTINE_SCHEMA = DATABASE() ORDER BY 1",
    )
    view_defs = db.query(
        conn,
        "SELECT TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS "
        "WHERE TABLE_SCHEMA = DATABASE() ORDER BY 1",
    )
    return {"tables": tables, "sums": sums, "routines": routines, "views": view_defs}


def test_no_routine_builds_sql_from_its_arguments(repo_root: Path) -> None:
    paths = list((repo_root / "sql").rglob("*.sql"))
    assert len(paths) >= 50
    for path in paths:
        text = path.read_text().upper()
        assert not re.search(r"\bPREPARE\b|\bEXECUTE\s+IMMEDIATE\b", text), path.name


def test_hostile_strings_through_every_routine(conn: Connection) -> None:
    set_word(conn, today(conn), "crane")
    before = fingerprint(conn)
    params = db.query(
        conn,
        "SELECT r.ROUTINE_NAME AS name, r.ROUTINE_TYPE AS kind, "
        "p.PARAMETER_NAME AS param, p.PARAMETER_MODE AS mode, p.DATA_TYPE "
        "AS type FROM information_schema.ROUTINES r LEFT JOIN "
        "information_schema.PARAMETERS p ON p.SPECIFIC_SCHEMA = "
        "r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.ROUTINE_NAME AND "
        "p.PARAMETER_NAME IS NOT NULL WHERE r.ROUTINE_SCHEMA = DATABASE() "
        "AND r.ROUTINE_NAME NOT LIKE 'wordle\\_import\\_%' "
        "ORDER BY r.ROUTINE_NAME, p.ORDINAL_POSITION",
    )
    signatures: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in params:
        signatures.setdefault((row["name"], row["kind"]), [])
        if row["param"]:
            signatures[(row["name"], row["kind"])].append(row)
    calls = 0
    for (name, kind), args in signatures.items():
        texts = [a for a in args if a["type"] == "varchar" and a["mode"] == "IN"]
        for hostile in HOSTILE:
            for target in texts:
                values = [hostile if a is target else _plain(a) for a in args if a["mode"] == "IN"]
                marks = ", ".join(["?"] * len(values) + ["@out"] * (len(args) - len(values)))
                sql = f"CALL {name}({marks})" if kind == "PROCEDURE" else f"SELECT {name}({marks})"
                try:
                    db.query(conn, sql, *values)
                except DatabaseError as exc:
                    assert "\n" not in str(exc)
                calls += 1
    assert calls > 200
    assert fingerprint(conn) == before
    names = [r["name"] for r in db.query(conn, "SELECT name FROM players")]
    assert set(names) <= set(HOSTILE)  # stored as data, verbatim


def _plain(param: dict[str, Any]) -> Any:
    return {"varchar": "crane", "date": None, "tinyint": None}.get(param["type"])


def test_hostile_strings_through_the_cli(run: Invoke, conn: Connection, tmp_path: Path) -> None:
    set_word(conn, today(conn), "crane")
    before = fingerprint(conn)
    hostile_file = tmp_path / "hostile.txt"
    hostile_file.write_text("\n".join(h.replace("\x00", "") for h in HOSTILE) + "\n")
    for hostile in (h for h in HOSTILE if "\x00" not in h):
        for args in (
            ["guess", hostile],
            ["guess", "crane", "--player", hostile],
            ["publish", "--date", str(today(conn)), "--word", hostile],
            ["config", "max_tries", hostile],
            ["config", hostile, "1"],
            ["grant", "player", hostile],
            ["grant", hostile, "x@y"],
            ["stats", "--player", hostile],
            ["hint", "--player", hostile],
        ):
            result = run(*args)
            assert "Traceback" not in result.output, args
            assert result.exit_code in (0, 1, 2), args
            if result.exit_code:
                assert len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)
    assert fingerprint(conn) == before
    words_before = db.scalar(conn, "SELECT MAX(id) FROM words")
    imported = run("words", "import", str(hostile_file))
    assert imported.exit_code == 0
    added = [r["word"] for r in db.query(conn, "SELECT word FROM words WHERE id > ?", words_before)]
    lines = [h.replace("\x00", "") for h in HOSTILE]
    # data only: the words of letters of the default channel's length
    assert sorted(added) == sorted(w for w in lines if w.isalpha() and len(w) == 5)
