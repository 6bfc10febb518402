"""The marks a role check reads (node_accounts; _wordle_caller_access since migration 0053).

A session whose id is at or below a mark of an account it may be (its login's, or an anonymous
account's whose host may match its client) began before that account went or changed, and is
refused with 08WD1 (connect again); so is every session while an account it may be is behind.
Since 0053 the role check reads the marks of the login's and the anonymous accounts of this
node once and asks _wordle_session_mark (the host rule, the server's run) only when one of
them is at or above the session's id or behind. Each attack below writes one mark beside a
front end's session, exactly at or just below its id, then makes the session's first guess
(a new name: the role check runs). New marks join MARKS.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError

from wordle_db import db, settings

from support.puzzles import GUESSES

STALE = "08WD1"

# (whose account: the login's, an anonymous one or another login's; its host; the mark's
# connection id less the session's (None: no mark); behind; the mark of the server's last run
# (ids start again at each start); what the session's first guess gets)
MARKS = [
    ("login", "localhost", 0, False, False, STALE),
    ("login", "localhost", -1, False, False, "row"),
    ("login", "localhost", 1000, False, False, STALE),
    ("login", "localhost", None, True, False, STALE),
    ("login", "localhost", 1000, False, True, "row"),
    ("login", "%", 0, False, False, STALE),
    ("login", "kiosk.example.com", 0, False, False, "row"),  # cannot be the socket's client
    ("login", "kiosk.example.com", None, True, False, "row"),
    ("anonymous", "localhost", 0, False, False, STALE),
    ("anonymous", "%", 0, False, False, STALE),
    ("anonymous", "localhost", -1, False, False, "row"),
    ("anonymous", "localhost", None, True, False, STALE),
    ("anonymous", "kiosk.example.com", 0, False, False, "row"),
    ("other", "localhost", 0, False, False, "row"),
    ("other", "%", None, True, False, "row"),
]
# Found by the review of lows40 and cost: marks the role check's one read (0051) takes for
# marks, which _wordle_session_mark then judges by their host and run.
MARKS_FOUND = [
    ("anonymous", "localhost", 1000, False, True, "row"),
    ("anonymous", "kiosk.example.com", None, True, False, "row"),
    ("login", "%", None, True, False, STALE),
    ("anonymous", "%", 1000, False, False, STALE),
]


def _case(row: tuple, found_by: str | None = None) -> object:
    w, h, o, b, r, _ = row
    name = f"{w}@{h} {'behind' if b else f'mark {o:+d}'}{' of the last run' if r else ''}"
    return pytest.param(*row, id=name, marks=[pytest.mark.found_by(found_by)] if found_by else [])


def first_guess(front: Connection, name: str) -> str:
    """The first guess's outcome on this very session ("row" or the SQLSTATE): db.call would
    send a call refused with 08WD1 again on a new connection."""
    try:
        front.exec_driver_sql("CALL wordle_play(?, ?, NULL, NULL)", (name, GUESSES[0]))
    except DBAPIError as exc:
        return str(getattr(exc.orig, "sqlstate", exc))
    return "row"


@pytest.mark.parametrize(
    ("whose", "host", "offset", "behind", "last_run", "expected"),
    [
        *(_case(row) for row in MARKS),
        *(_case(row, "review of lows40 and cost") for row in MARKS_FOUND),
    ],
)
def test_a_first_guess_is_refused_exactly_when_a_mark_of_an_account_it_may_be_is_at_its_id(
    shared,
    conn: Connection,
    whose: str,
    host: str,
    offset: int | None,
    behind: bool,
    last_run: bool,
    expected: str,
) -> None:
    front_url: URL = shared("player")
    settings.set_setting(conn, "player_names", "any")
    conn.exec_driver_sql("ALTER EVENT wordle_accounts_refresh DISABLE")  # it would redo marks
    user = {"login": front_url.username, "anonymous": "", "other": f"o{uuid.uuid4().hex[:8]}"}
    with db.connect(front_url) as front:
        session = db.scalar(front, "SELECT CONNECTION_ID()")
        conn.exec_driver_sql(
            "INSERT INTO node_accounts (node, user, host, present, admin, role, connection, "
            "server_run, behind) VALUES (_wordle_node(), ?, ?, FALSE, FALSE, 'player', ?, "
            "_wordle_server_run() - ?, ?) ON DUPLICATE KEY UPDATE connection = VALUES(connection), "
            "server_run = VALUES(server_run), behind = VALUES(behind)",
            (
                user[whose],
                host,
                0 if offset is None else session + offset,
                3600 if last_run else 0,
                behind,
            ),
        )
        assert first_guess(front, f"n{uuid.uuid4().hex[:8]}") == expected
    still = behind or (offset or 0) > 1  # a mark above the next session's id refuses it too
    with db.connect(front_url) as later:
        got = first_guess(later, f"n{uuid.uuid4().hex[:8]}")
        assert got == (expected if still else "row"), got


def test_the_role_check_reads_the_anonymous_accounts_and_the_node_as_the_functions_do(
    repo_root: Path,
) -> None:
    """_wordle_caller_access writes out _wordle_caller_login's read of the anonymous accounts
    and _wordle_node()'s expression (stored functions that a first guess called, migration
    0053): each text must stay the function's own, so each rule stays one."""
    access = " ".join((repo_root / "sql/access/_wordle_caller_access.sql").read_text().split())
    login = " ".join((repo_root / "sql/access/_wordle_caller_login.sql").read_text().split())
    node = " ".join((repo_root / "sql/access/_wordle_node.sql").read_text().split())
    read = login[login.index("SELECT MAX(TRUE) INTO v_anonymous") :]
    read = read[: read.index(";") + 1]
    assert read in access, read
    expression = node[node.index("RETURN ") + len("RETURN ") :]
    assert f"m.node = {expression}".replace("( ", "(") in access.replace("( ", "("), expression
