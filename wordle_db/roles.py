"""Application accounts: `wordle-db grant ROLE USER@HOST` creates or updates one.

Account names cannot be bound as parameters in CREATE USER or GRANT, so they are checked
against a strict pattern before they are quoted; a password never enters the SQL text: only
its mysql_native_password hash, computed here, does.
"""

from __future__ import annotations

import hashlib
import re

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.errors import WordleError

ROLES = ("wordle_admin", "wordle_publisher", "wordle_player", "wordle_reader")
ACCOUNT = re.compile(r"^([A-Za-z0-9_.-]{1,80})@([A-Za-z0-9_.%:-]{1,255})$")


def role_name(role: str) -> str:
    """'player' or 'wordle_player' -> 'wordle_player'."""
    name = role if role.startswith("wordle_") else f"wordle_{role}"
    if name not in ROLES:
        raise WordleError(f"unknown role {role!r}: choose one of {', '.join(ROLES)}")
    return name


def account(user_at_host: str) -> tuple[str, str]:
    """USER@HOST split into its checked parts."""
    match = ACCOUNT.match(user_at_host)
    if match is None:
        raise WordleError(
            f"bad account {user_at_host!r}: write USER@HOST, e.g. bot@localhost or bot@% "
            "(letters, digits, _ . - in the user; also % : in the host)"
        )
    user, host = match.groups()
    return user, host


def password_hash(password: str) -> str:
    """The mysql_native_password hash: '*' + upper hex of SHA1(SHA1(password))."""
    if not password:
        raise WordleError("the password is empty")
    inner = hashlib.sha1(password.encode("utf-8")).digest()
    return "*" + hashlib.sha1(inner).hexdigest().upper()


def grant(conn: Connection, role: str, user_at_host: str, password: str | None = None) -> str:
    """Create the account if needed, set its password, give it `role` as its only wordle role.

    Returns a description without secrets.
    """
    name = role_name(role)
    user, host = account(user_at_host)
    who = f"'{user}'@'{host}'"  # both parts matched ACCOUNT: no quote or backslash inside
    identified = (
        f" IDENTIFIED BY PASSWORD '{password_hash(password)}'" if password is not None else ""
    )
    conn.exec_driver_sql(f"CREATE USER IF NOT EXISTS {who}{identified}")
    if identified:
        conn.exec_driver_sql(f"ALTER USER {who}{identified}")
    for other in ROLES:
        held = db.scalar(
            conn,
            "SELECT COUNT(*) FROM mysql.roles_mapping WHERE User = ? AND Host = ? AND Role = ?",
            user, host, other,
        )  # fmt: skip
        if held and other != name:
            conn.exec_driver_sql(f"REVOKE {other} FROM {who}")
    conn.exec_driver_sql(f"GRANT {name} TO {who}")
    conn.exec_driver_sql(f"SET DEFAULT ROLE {name} FOR {who}")
    return f"{who} has role {name}" + ("; password set" if password is not None else "")
