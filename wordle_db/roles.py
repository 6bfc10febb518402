"""Application accounts: `wordle-db grant ROLE USER@HOST` creates or updates one.

Account names cannot be bound as parameters in CREATE USER or GRANT, so they are checked
against a strict pattern before they are quoted; a password never enters the SQL text: only
its mysql_native_password hash, computed here, does.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import re
from typing import Any

from sqlalchemy.engine import Connection

from wordle_db import db
from wordle_db.errors import DatabaseError, WordleError

ROLES = ("wordle_admin", "wordle_publisher", "wordle_player", "wordle_reader")
USER = re.compile(r"[A-Za-z0-9_.-]{1,64}")  # a player name is 64 at most
# A host name or pattern: labels of letters, digits and -, with the wildcards % and _.
LABEL = r"[a-z0-9%_]([a-z0-9%_-]*[a-z0-9%_])?"
HOST_NAME = re.compile(rf"{LABEL}(\.{LABEL})*")
IPV6_PATTERN = re.compile(r"[0-9a-f:%_]*:[0-9a-f:%_]*")
HOST_FORMS = (
    "localhost, a host name (box.example.com), an address (127.0.0.1, ::1), a pattern "
    "(10.0.0.%, %.example.com, %) or a netmask (10.0.0.0/255.255.255.0)"
)


def role_name(role: str) -> str:
    """'player' or 'wordle_player' -> 'wordle_player'."""
    name = role if role.startswith("wordle_") else f"wordle_{role}"
    if name not in ROLES:
        raise WordleError(f"unknown role {role!r}: choose one of {', '.join(ROLES)}")
    return name


def account(user_at_host: str) -> tuple[str, str]:
    """USER@HOST split into its checked parts (the host lower-cased, as the server keeps it)."""
    user, at, host = user_at_host.rpartition("@")
    if not at or USER.fullmatch(user) is None:
        raise WordleError(
            f"bad account {user_at_host!r}: write USER@HOST, e.g. bot@localhost or bot@% "
            "(the user: 1 to 64 letters, digits, _ . -: a player name is 64 at most)"
        )
    host = host.lower()
    if host_form(host) is None:
        raise WordleError(f"bad account {user_at_host!r}: the host must be {HOST_FORMS}")
    return user, host


def host_form(host: str) -> str | None:
    """Which form of account host `host` is (name, address, pattern, netmask), or None."""
    if not host or len(host) > 255:
        return None
    if "/" in host:
        network, _, mask = host.partition("/")
        if mask.count(".") != 3:  # the server takes a dotted mask, not a prefix length
            return None
        try:
            ipaddress.IPv4Network(f"{network}/{mask}")
        except ValueError:
            return None
        return "netmask"
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
            return "address"
        except ValueError:
            return "pattern" if IPV6_PATTERN.fullmatch(host) and "%" in host else None
    if HOST_NAME.fullmatch(host) is None:
        return None
    try:
        ipaddress.IPv4Address(host)
        return "address"
    except ValueError:
        return "pattern" if "%" in host or "_" in host else "name"


def password_hash(password: str) -> str:
    """The mysql_native_password hash: '*' + upper hex of SHA1(SHA1(password))."""
    if not password:
        raise WordleError("the password is empty")
    inner = hashlib.sha1(password.encode("utf-8")).digest()
    return "*" + hashlib.sha1(inner).hexdigest().upper()


# Accounts that belong to the server or to wordle-db itself: never given a wordle role.
SYSTEM_USERS = ("root", "mysql", "mariadb.sys", "wordle_owner", "PUBLIC")


def refuse_privileged(conn: Connection, user: str, host: str) -> None:
    """An account that administers the server or wordle-db keeps what it has: a wordle role
    would restrict it (or, for wordle_admin, is already more)."""
    who = f"'{user}'@'{host}'"
    if user in SYSTEM_USERS:
        raise WordleError(f"{who} is a system account: grant wordle roles to application accounts")
    if user in ROLES:
        raise WordleError(f"{who} is named like a role, not an account")
    row = db.query(
        conn,
        "SELECT is_role, Insert_priv, Super_priv, Grant_priv, Create_user_priv "
        "FROM mysql.user WHERE User = ? AND Host = ?",
        user,
        host,
    )
    if row and row[0]["is_role"] == "Y":
        raise WordleError(f"{who} is a role, not an account")
    if row and "Y" in (
        row[0]["Insert_priv"],
        row[0]["Super_priv"],
        row[0]["Grant_priv"],
        row[0]["Create_user_priv"],
    ):
        raise WordleError(f"{who} is a server administrator: it needs no wordle role")
    admin = db.scalar(
        conn,
        "SELECT COUNT(*) FROM mysql.roles_mapping WHERE User = ? AND Host = ? "
        "AND Role = 'wordle_admin'",
        user,
        host,
    )
    if admin:
        raise WordleError(f"{who} holds wordle_admin: revoke it first if it should have less")
    if makes_temporary_tables(conn, user, host):
        raise WordleError(
            f"{who} may create temporary tables (on some database, or through a role): a "
            "temporary table renamed into the wordle-db schema would hide a real table from "
            "the game's routines; revoke CREATE TEMPORARY TABLES first"
        )


def makes_temporary_tables(conn: Connection, user: str, host: str) -> bool:
    """Whether the account, or a role it holds (through other roles too), has CREATE
    TEMPORARY TABLES globally or on any database."""
    grantees, seen = [(user, host)], set()
    while grantees:
        grantee = grantees.pop()
        if grantee in seen:
            continue
        seen.add(grantee)
        found = db.scalar(
            conn,
            "SELECT (SELECT COUNT(*) FROM mysql.user WHERE User = ? AND Host = ? "
            "AND Create_tmp_table_priv = 'Y') + (SELECT COUNT(*) FROM mysql.db WHERE "
            "User = ? AND Host = ? AND Create_tmp_table_priv = 'Y')",
            *grantee,
            *grantee,
        )
        if found:
            return True
        grantees += [
            (r["Role"], "")
            for r in db.query(
                conn, "SELECT Role FROM mysql.roles_mapping WHERE User = ? AND Host = ?", *grantee
            )
        ]
    return False


def authentication(conn: Connection, user: str, host: str) -> dict[str, Any] | None:
    """The account's Priv JSON (plugin, authentication_string, auth_or, ssl_type), or None."""
    raw = db.scalar(
        conn, "SELECT Priv FROM mysql.global_priv WHERE User = ? AND Host = ?", user, host
    )
    return None if raw is None else json.loads(raw)


PASSWORD_PLUGINS = ("", "mysql_native_password", "mysql_old_password", "ed25519", "parsec")


def has_no_password(priv: dict[str, Any]) -> bool:
    """Whether one of the account's ways in is a password plugin with an empty password."""
    ways = [way or priv for way in priv.get("auth_or") or [priv]]  # {}: the main plugin
    return any(
        way.get("plugin", "") in PASSWORD_PLUGINS and not way.get("authentication_string")
        for way in ways
    )


def any_host(host: str) -> bool:
    """Whether the host pattern lets clients in from many hosts: a wildcard (% or _) or a
    netmask."""
    return "%" in host or "_" in host or "/" in host


def grant(
    conn: Connection,
    role: str,
    user_at_host: str,
    password: str | None = None,
    *,
    unix_socket: bool = False,
    require_ssl: bool = False,
    allow_any_host: bool = False,
) -> str:
    """Create the account if needed, set how it logs in, give it `role` as its only wordle role.

    A new account, or one without a password, needs `password` or `unix_socket` (a local
    login as the operating-system user of the same name): grant never leaves an account
    anybody may enter. A host with % needs `require_ssl` (TLS only) or `allow_any_host`.
    Every check comes first; if a step fails after the account was created, it is dropped
    again, so the account is either set up whole or left as it was. Returns a description
    without secrets.
    """
    name = role_name(role)
    user, host = account(user_at_host)
    who = f"'{user}'@'{host}'"  # both parts matched ACCOUNT: no quote or backslash inside
    if unix_socket and password is not None:
        raise WordleError("give a password or --unix-socket, not both")
    if unix_socket and host != "localhost":
        raise WordleError(f"{who}: --unix-socket is a local login: the host must be localhost")
    identified = (
        f" IDENTIFIED BY PASSWORD '{password_hash(password)}'"
        if password is not None
        else " IDENTIFIED VIA unix_socket"
        if unix_socket
        else ""
    )
    refuse_privileged(conn, user, host)
    if any_host(host) and not (require_ssl or allow_any_host):
        raise WordleError(
            f"{who} may log in from any host (a % or _ wildcard): add --require-ssl (TLS "
            "only), name the host, or give --allow-any-host to allow it without TLS"
        )
    if not db.scalar(
        conn, "SELECT COUNT(*) FROM mysql.user WHERE User = ? AND is_role = 'Y'", name
    ):
        raise WordleError(f"role {name} does not exist: run `wordle-db init` first")
    priv = authentication(conn, user, host)
    if not identified and (priv is None or has_no_password(priv)):
        raise WordleError(
            f"{who} {'would have' if priv is None else 'has'} no password: give "
            "--password-stdin or --generate-password, or --unix-socket for a local login"
        )
    held = {
        r["Role"]
        for r in db.query(
            conn, "SELECT Role FROM mysql.roles_mapping WHERE User = ? AND Host = ?", user, host
        )
    }
    try:
        conn.exec_driver_sql(f"CREATE USER IF NOT EXISTS {who}{identified}")
        if identified:
            conn.exec_driver_sql(f"ALTER USER {who}{identified}")
        if require_ssl:
            conn.exec_driver_sql(f"ALTER USER {who} REQUIRE SSL")
        for other in ROLES:
            if other in held and other != name:
                conn.exec_driver_sql(f"REVOKE {other} FROM {who}")
        conn.exec_driver_sql(f"GRANT {name} TO {who}")
        conn.exec_driver_sql(f"SET DEFAULT ROLE {name} FOR {who}")
        conn.exec_driver_sql("CALL _wordle_accounts_refresh()")  # counts at once
    except Exception:
        if priv is None:
            conn.exec_driver_sql(f"DROP USER IF EXISTS {who}")
        else:
            for other in held:  # put back what was revoked
                conn.exec_driver_sql(f"GRANT {other} TO {who}")
        raise
    how = (
        "; password set"
        if password is not None
        else "; logs in through the unix socket as the system user " + user
        if unix_socket
        else ""
    )
    return f"{who} has role {name}{how}" + ("; TLS required" if require_ssl else "")


RESTRICTED = ("wordle_player", "wordle_reader", "wordle_publisher")


def unsafe_accounts(conn: Connection) -> list[str] | None:
    """Accounts holding a wordle role (also through other roles) that are open or reshape the
    game, each as "user@host (reasons)": no password, any host (%) without TLS required, or,
    for the restricted roles, temporary tables (a grant made by hand that `grant` would have
    refused). None when this account may not read the grant tables."""
    try:
        mappings = db.query(
            conn, "SELECT User, Host, Role FROM mysql.roles_mapping WHERE Admin_option = 'N'"
        )
    except DatabaseError:
        return None
    held: dict[tuple[str, str], set[str]] = {}
    for row in mappings:
        held.setdefault((row["User"], row["Host"]), set()).add(row["Role"])

    def reaches(grantee: tuple[str, str], seen: set[tuple[str, str]]) -> set[str]:
        roles = set(held.get(grantee, ()))
        for role in list(roles):
            if (role, "") not in seen:
                roles |= reaches((role, ""), seen | {(role, "")})
        return roles

    unsafe = []
    for user, host in sorted(held):
        wordle = reaches((user, host), set()) & set(ROLES)
        if not host or not wordle:
            continue
        priv = authentication(conn, user, host) or {}
        reasons = [
            reason
            for reason, applies in (
                ("no password", has_no_password(priv)),
                ("any host without TLS", any_host(host) and not priv.get("ssl_type")),
                (
                    "may create temporary tables; revoke CREATE TEMPORARY TABLES",
                    bool(wordle & set(RESTRICTED)) and makes_temporary_tables(conn, user, host),
                ),
            )
            if applies
        ]
        if reasons:
            unsafe.append(f"{user}@{host} ({', '.join(reasons)})")
    return unsafe
