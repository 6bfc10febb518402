"""Hostile values in every parameter of every public routine (issue 40, item 6: no hostile
input reaches a raw server error), called as an administrator: the long text, emoji, a NUL,
a quote, a date that is none, numbers out of range. A MEDIUMTEXT or BLOB parameter takes any
value: the routine answers or refuses with a WD error. A value that does not fit a
parameter's declared type is refused by the server before the routine runs, as docs/sql-api.md
says (*Clients*, parameters): 1406 for text longer than a VARCHAR(n), 1292 for no DATE, 1264
and 1366 for no number of the type. Nothing else."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db

# What the server says of a value that does not fit its parameter, by the parameter's type.
TYPE_REFUSALS = {
    "varchar": {1406},
    "date": {1292},
    "int": {1264, 1366},
    "tinyint": {1264, 1366},
    "bigint": {1264, 1366},
}
TEXT = ["x" * 70_000, "\U0001f600" * 300, "é" * 70, "a\x00b", "'; DROP TABLE games; --"]
DATES = ["2026-02-30", "２０２６-01-01", "yesterday"]
NUMBERS = [-1, 2**31, "x"]
# long-running administrator work (a build, a self-play run), or the end of the channel
SKIPPED = {
    "wordle_solver_build_on",
    "wordle_solver_build",
    "wordle_solve_start_on",
    "wordle_solve_start",
    "wordle_solve_step",
    "wordle_channel_remove",
}


def _parameters(conn: Connection) -> dict[str, tuple[str, list[dict[str, Any]]]]:
    rows = db.query(
        conn,
        "SELECT r.ROUTINE_NAME AS routine, r.ROUTINE_TYPE AS kind, p.PARAMETER_NAME AS name, "
        "p.DATA_TYPE AS type, p.CHARACTER_MAXIMUM_LENGTH AS length, p.PARAMETER_MODE AS mode "
        "FROM information_schema.ROUTINES r JOIN information_schema.PARAMETERS p "
        "ON p.SPECIFIC_SCHEMA = r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.ROUTINE_NAME "
        "AND p.PARAMETER_NAME IS NOT NULL WHERE r.ROUTINE_SCHEMA = DATABASE() "
        "AND r.ROUTINE_NAME NOT LIKE '\\_%' ORDER BY r.ROUTINE_NAME, p.ORDINAL_POSITION",
    )
    found: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for row in rows:
        found.setdefault(row["routine"], (row["kind"], []))[1].append(row)
    return found


def _values(parameter: dict[str, Any]) -> list[tuple[Any, set[int]]]:
    """(hostile value, the server errors allowed for it) for one parameter."""
    kind, length = parameter["type"], parameter["length"]
    if kind in ("mediumtext", "text"):
        return [(v, set()) for v in TEXT]
    if kind in ("varchar", "char"):
        fits = [v for v in TEXT if len(v) <= length]
        return [(v, set()) for v in fits] + [("x" * (length + 1), TYPE_REFUSALS["varchar"])]
    if kind == "date":
        return [(v, TYPE_REFUSALS["date"]) for v in DATES]
    if kind in ("int", "tinyint", "bigint"):
        return [(v, TYPE_REFUSALS[kind]) for v in NUMBERS]
    if kind in ("mediumblob", "blob"):
        return [(b"\x00" * 70_000, set())]
    raise AssertionError(f"a parameter of type {kind}: give it hostile values here")


def test_no_hostile_parameter_reaches_a_raw_server_error(conn: Connection) -> None:
    raw = []
    cursor = conn.connection.dbapi_connection.cursor()
    for routine, (kind, parameters) in _parameters(conn).items():
        if routine in SKIPPED:
            continue
        given = [p for p in parameters if p["mode"] != "OUT"]
        marks = ", ".join("?" if p["mode"] != "OUT" else "@out" for p in parameters)
        sql = f"SELECT {routine}({marks})" if kind == "FUNCTION" else f"CALL {routine}({marks})"
        for i, parameter in enumerate(given):
            for value, allowed in _values(parameter):
                args = [None] * len(given)
                args[i] = value
                try:
                    cursor.execute(sql, args)
                    while True:
                        if cursor.description:
                            cursor.fetchall()
                        if not cursor.nextset():
                            break
                except Exception as exc:
                    state, errno = getattr(exc, "sqlstate", None), getattr(exc, "errno", None)
                    if not (state or "").startswith("WD") and errno not in allowed:
                        raw.append(
                            (routine, parameter["name"], repr(value)[:20], errno, str(exc)[:80])
                        )
    assert not raw, "\n".join(map(str, raw))
